// Package audit checks claims about sliding-tile heuristics and search
// statistics against exact distances, and says with concrete states
// where they fail. It is the library behind `kpuzzle audit`.
//
// # Heuristics
//
// [Run] audits the values of a [Source] for one goal:
//
//   - h(goal) = 0 and h ≥ 0;
//   - admissibility, h(s) ≤ h*(s), where h* is the exact distance;
//   - consistency, h(s) ≤ 1 + h(s') for every move s → s' (checked as
//     |h(s) − h(s')| ≤ 1 on every move, each move once);
//   - on request, equality with a reference heuristic (Options.Expect,
//     for grading an implementation) and dominance over another
//     (Options.Dominates: how many states above, equal, below);
//   - the mean value and the mean ratio h/h*.
//
// A Source is a program that speaks the command protocol ([Command], run
// in package grader/sandbox without network), a student's Python function
// or Java method called directly by kpuzzle's harness in the same sandbox
// ([NewFunction]: the board handed over as the function takes it, found
// by calling it on a few states), a values file ([Claims], from
// [ParseValues]), a heuristic of the reference solver ([FromHeuristic];
// [Heuristics] names them, pattern databases and the Euclidean variants
// included) or a Go function ([Func]). Values are real numbers; a
// comparison allows 1e-9 for floating-point rounding. A Source that is an
// [Originator] says what identifies it (a program's folder and its
// digest, a values file's), and the report names it with the submission
// (Options.Submission). When h(goal) is not 0, the report names the
// built-in goals, or the other states, on which it is.
//
// # Coverage
//
// On boards of at most [DefaultExhaustiveCells] cells (2x3, 2x4, 3x3,
// 2x5) the audit is exhaustive: every state that can reach the goal is
// compared with its distance in an exact table (reference/exact), and
// every move is checked. Larger boards are sampled (Options.Samples,
// seeded): half the states uniform among the solvable ones, half
// reached by random walks from the goal with lengths spread over
// 1..4×cells, plus the goal, each with its neighbours for consistency; a
// values file's own states replace the random ones. A sampled state is
// proved admissible without a solve when h is at most an admissible
// lower bound (a pattern database on 4x4, see [DefaultLowerBound]);
// otherwise it is solved optimally (IDA*, with a time limit); a state
// reached by a walk of L moves with h > L is an overestimate whatever
// its distance. The report lists every sampled state with how it was
// decided; nothing is claimed about the states not sampled.
//
// # Counterexamples
//
// The report lists, per kind, the failing states fewest moves from the
// goal first (an inconsistent move by its nearer end, then its farther
// one; ties in table order, or sample order), capped by
// Options.MaxCounterexamples, and labels the ones that teach: the
// smallest overestimate, the largest overestimate, the inconsistent move
// nearest the goal and the largest jump across one move.
//
// # Search statistics
//
// [ParseStatsClaims] reads a table of claimed statistics (algorithm,
// heuristic, puzzle, nodes expanded, max frontier, generated) and
// [JudgeStats] says whether each figure is possible: no graph search
// expands more states than can be reached; A* expands within the
// must-expand / may-expand band of its heuristic (reference/search.AStarBand),
// BFS and UCS within the states around the optimal depth; IDS, IDA* and
// RBFS keep at most branching factor × depth nodes, and IDS and IDA*
// expand between what their complete iterations must visit and what
// their iterations can try. An impossible figure teaches: which end of
// its range it falls outside, the nearest count a correct search could
// report, why a program's count lands there, and (an A* count with a
// Euclidean distance) the variants whose band holds it. A [ClaimCache]
// keeps the optimal lengths and bands across calls, for a grading.
//
// # Reports
//
// A [Report] and a [StatsReport] are the --json objects of kpuzzle audit
// and kpuzzle audit stats; their WriteText methods write the text forms
// (counterexamples drawn as boards) with the colours of a
// textstyle.Style the caller hands them. The package never prints on its
// own.
//
// The deliberately wrong heuristics the tests and docs/audit.md use live
// in package grader/audit/flawed; they are never registered as reference
// heuristics.
package audit
