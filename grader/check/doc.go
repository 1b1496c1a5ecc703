// Package check gives the verdict on one answer to a sliding-tile
// puzzle: the function behind `kpuzzle check`, the grader's check of
// every test and the browser checker page.
//
// [Answer] reads an answer, in the notation it is told or the one it
// detects (package puzzles/notation), replays it ([Parsed] takes one
// already read) and says whether it is readable, whether every move is
// legal, whether it reaches the goal, whether it is as short as possible,
// or whether it rightly claims that the puzzle is unsolvable: a
// [Report] with its [Verdict], an explanation ([Report.Summary],
// [Report.Details]) and the answer as read ([Report.Answer], with its
// notation), which whatever shows the answer afterwards (a test result,
// the replay page) takes from the report rather than reading it again.
// For a legal answer longer than the optimum or stopping short, it finds
// the first move after which the goal could no longer be reached in the
// optimal number of moves ([OffPath], offpath.go: a bisection over the
// answer with exact distances from the [Oracle]).
//
// Optimal lengths come from the problem's [Optimum] (an answer key) and
// otherwise from an [Oracle]; the package does not know how the oracle
// proves its lengths, so that the check stays independent of the
// reference solver. When the oracle cannot prove optimality in time, the
// verdict is [Valid] — "legal and solved, optimality not verified" —
// never a guess.
//
// The package knows nothing of assignments, submissions or their runs:
// package grader turns a report into a test result and adds the verdicts
// on a run that left no answer ([Timeout], [Crashed] ...), which are
// spelt here so that every verdict is one list ([Verdicts]). It is
// small on purpose: the browser checker's WebAssembly module links it.
package check
