// Package batch grades submissions: it finds them, builds each one once in
// a private copy, runs every test of the assignment in a fresh throwaway
// working folder through package sandbox, checks the answers, and records
// every finished (submission, test) result in the journal so that an
// interrupted run resumes where it stopped. What became of a run (the
// sandbox's result, what it left at the answer's path) is handed to
// grader.RunOutcome, which decides the verdict: the rules live beside the
// verdicts in package grader, not here.
//
// # What a student's program sees
//
// For each test the program gets a working folder holding only the puzzle
// file, a private copy of the (built) submission that it can read but not
// change, a fresh output path that does not exist yet (student solvers
// open their answer file in append mode, so a stale file would corrupt the
// answer), a scrubbed environment (PATH, HOME, LANG and the assignment's
// run.env), and no network. The puzzle set and its answer key, the
// original submissions, the output folder with the journal, the
// configuration file and every other test's folder are hidden (with Linux
// namespaces; where the kernel refuses them the sandbox falls back to
// resource limits only and Grade warns). The answer file is opened without
// following symbolic links and read only up to the output limit.
//
// # Integrity
//
// Before the first run each submission is inspected (package integrity)
// for what it should not bring: kpuzzle, its tables and keys, executables
// its language makes none of. During each test's run a grader running as
// root listens on the run's report socket, where a kpuzzle program that
// refused to work in the run reports itself. The findings are in
// Outcome.Integrity and Result.Integrity, journaled with the submission
// and the result; ApplyIntegrity scores flagged submissions 0 under the
// assignment's integrity: zero.
//
// # Order of the runs
//
// Every visible test of every submission graded together finishes before
// any hidden test starts, so that no program whose output a student sees
// runs beside a hidden test (no channel between runs, a timing one
// included, can carry a hidden board into visible feedback). A test that
// timed out while another run overlapped it runs again at the end of its
// phase, alone, and only that result is final and journaled. A result
// decided within 10% of a limit says so (grader.Result.NearLimit).
//
// # Determinism
//
// Results are keyed by submission and test, never by the order in which
// the parallel workers finished them, so the same submissions give the
// same verdicts whatever --jobs is (measured times, NearLimit and the
// line of a re-run aside), and a resumed run gives the same
// results as an uninterrupted one. Results that say the grader itself
// failed (grader-error) are not journaled, so a resumed run tries those
// tests again.
package batch
