// Package integrity finds what a submission brings that it should not:
// kpuzzle itself, its tables and answer keys, executables where the
// assignment's language makes none, and copies of kpuzzle's source. It
// also receives, during a run, the reports of kpuzzle programs that
// refused to work inside it (package runguard), on a socket the run
// cannot remove (Listen).
//
// Inspect walks a submission before its first run, within a Budget, and
// names each finding with its file. Findings are for course staff: the
// grader reports them (grade --json, the journal, the gradebook, the
// summary page, the feedback, Gradescope's results.json) and, under the
// assignment's integrity: zero, scores the submission 0. A student's
// feedback says which file was found and what it is, not how it was
// recognised.
//
// What it cannot see: a kpuzzle build that was packed, encrypted or
// compressed (inside an archive other than a jar, or encoded in a source
// file) until it is unpacked at run time, when the refusal reports it; a
// solver rewritten from kpuzzle's source in another language; an answer
// key in a format of the student's own.
package integrity
