// Package dynamic implements dynamically partitioned additive pattern
// databases for the sliding-tile puzzle (Felner, Korf & Hanan 2004): the
// heuristics pdb:pairs and pdb:dynamic of the reference solver.
//
// A static additive partition (5-5-5, 6-6-3, 7-8 in package pdb) fixes
// once which tiles are looked up together, so it misses every
// interaction between tiles of different patterns. A dynamic partition is
// chosen per state, among small groups whose tables are cheap:
//
//   - For every pair of tiles (and, for pdb:dynamic, every triple) a table
//     holds the fewest moves of those tiles alone that bring them home,
//     minimised over where the blank is: a breadth-first search over the
//     group's cells and the region of empty cells holding the blank
//     (moving the blank inside its region is free), the additive database
//     of Korf and Felner for a group of two or three tiles. It is stored
//     as the excess over the tiles' Manhattan distance, which is almost
//     always 0: on 4x4, 2.2% of the pair placements have one, and only
//     the 1.1% of the triple placements whose excess beats every pair
//     inside them are kept.
//   - For a state, the groups with an excess form a conflict graph: pairs
//     are edges, triples are hyperedges, weighted by their excess. The
//     estimate is Manhattan distance plus the largest total excess of
//     disjoint groups: a maximum-weight matching for pairs, a
//     maximum-weight set packing for pairs and triples. Both are solved
//     exactly by branch and bound, component by component; the graphs are
//     small (on Korf's instance 3, the graphs IDA* re-solved held 2.0
//     edges on average with pairs only, 6.3 with triples).
//
// # Why it is admissible
//
// A group's value counts only moves of the group's own tiles, and no
// solution moves those tiles fewer times: the group's search allows
// everything the real puzzle allows (other tiles are treated as empty
// cells the blank crosses for free), and the blank ends on its goal cell.
// The chosen groups are disjoint and every move moves exactly one tile,
// so no move is counted by two groups; the tiles in no group need at
// least their Manhattan distance, again moves of their own; blank moves
// are never counted. So Manhattan distance plus the chosen excesses is at
// most the number of moves of any solution — for whichever disjoint
// groups are chosen, hence also for the best ones.
//
// # Not consistent
//
// Tables that minimise over the blank's position, and a best partition
// that changes with the state, let one move change the estimate by more
// than 1 (by up to 5 on 3x3 and 7 on 2x4, found by the exhaustive tests).
// IDA* stays optimal (it needs admissibility only), and A* in package
// search reopens states and stays optimal too; the tests check both.
//
// # Where it stands
//
// On the 15-puzzle pdb:dynamic is above Manhattan distance plus linear
// conflict on nine states in ten and below it on a few in ten thousand,
// by 2 moves: linear conflict charges a tile that blocks both its row
// and its column twice, a partition can put the tile in only one group.
// docs/heuristics.md compares both heuristics with the static partitions
// on Korf's 100 instances.
//
// # Searching
//
// [Solve] is IDA* with the estimate kept incrementally: a move changes
// only the groups holding the moved tile, so it reads 14 pair entries
// and the triple lists for the tile's new cell, and solves the packing
// again only when the conflict graph changed (one node in five with
// pairs, two in five with triples, on Korf's instance 3). The reference
// solver routes IDA* with these heuristics through it.
//
// The heuristic is invariant under the reflection about the main
// diagonal that package pdb uses for a second lookup (the groups are
// mapped onto each other), so it makes no second lookup.
//
// Tables are built in memory (pairs and triples in 0.13 to 0.27 s on
// 4x4, a few seconds on 5x5) and need no cache; boards up to MaxPairCells
// cells take pairs, up to MaxTripleCells triples.
package dynamic
