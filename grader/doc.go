// Package grader describes an assignment and turns what the runs of a
// submission did into scored test results.
//
// The verdict on one answer is package grader/check's ([check.Answer],
// [check.Verdict], [check.Report]); this package turns a check's report
// into a test's [Result] ([ResultFromReport]) and owns:
//
//   - the description of an assignment ([Assignment]): where the puzzle
//     set is, how a submission is built and run, the limits of every run,
//     the rubric and which tests students may see — a typed struct with
//     validation and defaults that the command line decodes from a YAML
//     file;
//   - the rubric arithmetic ([Rubric.Score]), and a test's scored
//     sub-checks ([Criterion], [Result.ScoredCriteria]): the methods of a
//     Java API, judged from the harness's method report
//     ([ParseAPIReport], [JudgeJavaAPI]; a wrong heuristic value,
//     hamming() or manhattan(), is shown where it is wrong against the
//     true distance, [HeuristicCounterexample], heuristic.go), a
//     program's claims about its run, and the order in which a Berkeley
//     CS188 search function expanded states ([ParseExpanded],
//     [JudgeExpandedOrder]).
//
// The submission interfaces ("kinds": a file program, stdin,
// interactive, a Python function, a Berkeley search function, the Java
// API) are one file each, interface_NAME.go: its name and aliases, the
// validation of its run settings and its default commands, the harness
// files copied into a submission's copy, the environment it adds, its
// checks after a run and their rubric section ([CriteriaGroup]), its
// starter code ([Starter]) and what its harness records (the Java API's
// method report, the Berkeley harness's record of expanded states).
// interface.go has their contract, [Kind]; interface_kinds.go the
// one table of the kinds, which [RunStep.Kind], [KindNames],
// [Kinds], the rubric, kpuzzle init and the docs' tests read;
// interface_program.go what a program is
// given on stdin and what is read from its output (run.stdin,
// run.choices, run.extract, claims). docs/architecture.md says how to
// add a kind.
//
// How a run of a student's program becomes a verdict has one home too,
// outcome.go, beside the verdicts: a [RunOutcome] says what became of a
// run (how it ended, which limit it passed, what it left at the answer's
// path) without knowing the sandbox that ran it, and
// [RunOutcome.Judge] decides, in a fixed order of precedence, the
// verdict, summary and details of a test's run before its answer is
// checked (timeout, crashed, output-limit, memory-limit, no-answer, a
// reported solution), [RunOutcome.Checked] the result once the checker
// has judged the answer, and [RunOutcome.JudgeBuild] the build's. The
// batch grader fills a RunOutcome from the sandbox's result.
//
// Optimal lengths come from the puzzle set's answer key when it has one
// and otherwise from a [check.Oracle] (grader/batch hands it the
// reference solver).
//
// The limits of a run ([Limits]: wall and CPU time, memory, processes,
// output, disk), their units and their defaults live in
// [github.com/kpuzzle/kpuzzle/grader/limits], which the sandbox takes its
// limits from too.
//
// Running student programs, the journal and the parallel workers live in
// [github.com/kpuzzle/kpuzzle/grader/batch]; result files (Gradescope JSON,
// JUnit XML, CSV gradebook, Markdown feedback) in
// [github.com/kpuzzle/kpuzzle/grader/report].
package grader
