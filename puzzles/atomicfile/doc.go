// Package atomicfile writes files so that no reader ever sees half of
// one: the content goes to a temporary file in the same folder, which is
// renamed over the target only once it is complete and closed. A failed
// write leaves the target as it was and removes the temporary file.
//
// Puzzle sets, answer keys, kept answers, grading summaries, replay pages
// and platform bundles are all written this way, so that an interrupted
// run (a killed grader, a full disk) never leaves a truncated file that a
// later run or a course platform would trust.
package atomicfile
