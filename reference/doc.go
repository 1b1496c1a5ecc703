// Package reference is the reference solver of kpuzzle: what every
// verdict rests on. It names the search algorithms of package
// reference/search and the heuristics of package reference/heuristics
// (and, through [Heuristics.Register], those of other packages such as
// reference/pdb), runs them by name ([Solve]), and proves optimal
// solution lengths by the fastest route it has ([ProveOptimal]): an exact
// distance table (package reference/exact) for boards of at most 9 cells,
// otherwise IDA* with the strongest heuristic registered for the board.
//
// Algorithms: bfs, dfs (depth-limited), ids, ucs, greedy, astar, wastar,
// idastar, rbfs, bidirectional, and auto. Heuristics: misplaced,
// manhattan, euclidean, linear-conflict, walking-distance, and whatever
// is registered on a [Heuristics] value (pdb:* names by reference/pdb).
// There is no package-level registry: callers build a [Heuristics] value,
// add to it, and pass it in a [Request] or a [Prover].
//
// docs/algorithms.md defines the statistics every search reports;
// docs/heuristics.md explains each heuristic and why it is admissible.
package reference
