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
// Inspect also names what it cannot see into (Thresholds): data of no
// known kind (packed, encrypted, compressed in a format it does not open,
// or encoded as text), and a submission far larger than its source code;
// Executions turns what a test's run executed (package sandbox watches
// every execve) into findings: kpuzzle, a memory file, a file the run
// wrote.
//
// What it cannot see: a payload below the thresholds or dressed as a
// format it knows, until a run executes it; a solver rewritten from
// kpuzzle's source in another language; an answer key in a format of the
// student's own.
package integrity
