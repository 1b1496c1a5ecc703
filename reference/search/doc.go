// Package search holds the search algorithms of the reference solver, one
// per file: breadth-first search (bfs.go), depth-limited depth-first
// search (dfs.go), iterative deepening (ids.go), uniform-cost search
// (ucs.go), greedy best-first search (greedy.go), A* (astar.go), weighted
// A* (wastar.go), IDA* (idastar.go, and its parallel form over
// Options.Threads in parallel.go), recursive best-first search
// (rbfs.go) and bidirectional breadth-first search (bidirectional.go),
// plus the A* expansion band (band.go).
//
// Every algorithm takes a context (cancellation and deadline), a
// [Problem] (start board and goal) and [Options] (node and memory
// [Limits], the best-first [TieBreak], an optional trace writer), and
// returns a [Result]: the path as blank moves, whether it is guaranteed
// optimal, and [Stats] counted the same way for every algorithm (see
// docs/algorithms.md). A search stopped by a limit returns its statistics
// with an error wrapping [ErrNodeLimit], [ErrMemoryLimit] or the
// context's error; a board that cannot reach its goal is reported at once,
// without search, with an error wrapping puzzles.ErrUnsolvable.
//
// Informed algorithms take a [Heuristic], an interface defined here, by
// its consumer, and satisfied structurally by the heuristics of
// reference/heuristics and reference/pdb. Optional interfaces let a
// heuristic say more: [Incremental] (update after one move, used by IDA*,
// RBFS and A*), [TileCoster] (a sum of per-tile costs, on which IDA* runs
// a specialised inner loop with no call per node) and [Admissibility].
//
// Graph searches key their visited sets by puzzles.Code on boards of up to
// 16 cells, puzzles.WideCode up to 36 and a string beyond, through one
// generic implementation per algorithm.
package search
