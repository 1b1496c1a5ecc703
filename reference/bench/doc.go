// Package bench runs algorithm x heuristic comparisons of the reference
// solver over a puzzle set and collects their statistics: for every
// combination ([Combo]) and every instance, whether it finished within the
// per-run limits, the solution length, nodes expanded and generated, the
// largest frontier, the wall time and the effective branching factor; and
// for every combination the summary an instructor's table shows (solved,
// mean and maximum nodes, mean frontier, time), and means per optimal
// depth for plots (package reference/bench/chart draws them).
//
// It owns every run of kpuzzle bench, from the set to the tables: the
// command only reads its flags, calls [LoadSet] and [Run], and prints one
// of the report's views. It lives under reference because it runs the
// reference solver by name (package reference resolves algorithm and
// heuristic names, pattern databases included).
//
// # Sets
//
// [LoadSet] reads a set shipped in the binary (package puzzles), a folder
// of puzzle files (with the manifest.json of kpuzzle gen for the known
// lengths), or a set generated on the fly from a spec written
// gen:SHAPE:DEPTHS:COUNT[:SEED] ([ParseGenSpec]; package reference/setgen
// draws and proves it), as [Instance] values posed against the set's goal
// or one the caller gives; [Set.Select] keeps the instances named or the
// first N. Callers with boards of their own build Instances directly.
//
// # Combinations
//
// An uninformed algorithm (bfs, ids, ucs, dfs, bidirectional) runs once,
// with no heuristic; an informed one (astar, idastar, greedy, wastar,
// rbfs, auto) runs once per heuristic. [Combos] builds that cross
// product from two lists, [ParseCombo] reads one explicit pair written
// "astar:manhattan" (or "bfs"), which is also how a Combo prints.
//
// # Limits
//
// Every run has its own [Limits]: a node budget (expansions, as
// reference/search counts them), a memory budget for graph searches and a
// wall-time budget. A run stopped by one is reported with a status saying
// which ([StatusTimeout], [StatusNodeLimit], [StatusMemoryLimit]) and its
// counts up to that point, never as a failure of the whole comparison:
// breadth-first search or iterative deepening on a hard 4x4 board shows as
// "not finished". Heuristics (pattern databases in particular) are built
// before any run, so building them is not charged to a run's time.
//
// # Statistics
//
// The counts are those of reference/search (docs/algorithms.md defines
// them). The effective branching factor b* of a solved run is the
// branching factor of the uniform tree of the solution's depth d holding
// N+1 nodes, where N is the number of nodes generated: N + 1 = 1 + b* +
// b*^2 + ... + b*^d (Russell and Norvig's definition; see
// [EffectiveBranching]). Means and maxima of a combination are taken over
// the runs it finished with a solution; a stopped run's counts are lower
// bounds and are left out of them, and counted as unfinished instead.
package bench
