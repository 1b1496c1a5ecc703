// Package pathcount counts the answers a sliding-tile puzzle allows: the
// solutions of a given length (walks from the start to the goal, detours
// included) and the legal move sequences of a given length. The class
// report (grader/report) shows these counts beside the same answer handed
// in by two or more students, to say how rare the coincidence is. The
// counts are exact (big integers), by dynamic programming over exact
// distances that a check.Oracle proves, within a bound on the boards
// visited so that the work stays bounded and the same on every machine.
package pathcount
