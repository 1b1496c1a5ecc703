// Package setgen generates puzzle sets with proven-optimal answer keys:
// the boards of a course assignment together with, for every solvable
// board, its optimal solution length, one optimal solution and how its
// optimality was proved, ready to be written as a set folder with a
// manifest.json (see [puzzles.Manifest]).
//
// It lives under reference because every key rests on the reference
// solver: exact distance tables (package reference/exact) and IDA* with
// the strongest heuristic a [reference.Prover] has. Package puzzles makes
// random boards but cannot prove anything about them, and package grader
// must stay independent of the solver it checks.
//
// # What a set holds
//
// A [Spec] lists groups of puzzles ([Group]); each group has a goal (and
// so a shape), a folder inside the set, and a way of drawing its solvable
// boards ([Mode]):
//
//   - [Depth]: stratified by exact optimal length. On boards of at most
//     12 cells (up to 3x3, 2x5, 2x6, 3x4) the boards are drawn uniformly,
//     and distinct, from all boards at each depth of the exact distance
//     table. On larger boards (4x4, 5x5, ...) a board at depth d is the
//     board d moves from the goal on a proven optimal solution of a
//     random board (a random walk from the goal, or a uniformly drawn
//     board): its depth is exact, because every part of a shortest path
//     is a shortest path, but it is not drawn uniformly from all boards
//     at depth d — nobody can enumerate those.
//   - [Uniform]: uniformly from all solvable boards, each proved.
//   - [Walk]: a random walk of a given length from the goal, each proved.
//
// and any number of deliberately unsolvable boards, drawn uniformly from
// the boards that cannot reach the goal (their entries say which
// solvability rule decided).
//
// # Determinism, parallelism and shards
//
// Every puzzle is a slot with a random source of its own, seeded from the
// spec's seed and the slot's place in the set, so a slot's board does not
// depend on which goroutine or which machine computed it, nor on how many
// there were. The same Spec therefore gives byte-identical files and
// manifest whatever Options.Jobs is, and the slots can be split into
// shards (Options.Shard, i/n takes every n-th slot): the shards can run as
// the tasks of a cluster array job, and [Merge] joins their sets into
// exactly the set an unsharded run writes. The one thing that may differ
// is a key's proof note, which names the heuristic that proved it: give
// every shard the same pattern databases.
//
// Every solution is the first optimal solution in the order Up, Down,
// Left, Right of the blank's moves, whichever route found it: the exact
// table walks down the distances in that order, and the last iteration of
// IDA* meets every optimal path and tries moves in that order. So a key
// does not depend on the heuristic either.
//
// Before a set is returned every key is replayed: the solution must be
// legal, reach the goal and have the key's length.
package setgen
