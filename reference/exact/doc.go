// Package exact builds exact distance tables: the optimal solution length
// of every state of a board small enough to enumerate (at most 12 cells:
// 2x2, 2x3, 2x4, 3x3, 2x5, 2x6, 3x4 and their transposes), for any goal.
// The tables are the oracle of the project: tests check the search
// algorithms against them, the checker takes its optimality verdicts from
// them on small boards, the heuristic auditor compares a heuristic with
// them on every state, and the puzzle-set generator draws boards at an
// exact depth from them.
//
// # Building
//
// [Build] runs one breadth-first pass from the goal. It keeps no queue:
// each layer is found by scanning the table for the states of the
// previous depth and marking their unmarked neighbours, so the table is
// the only memory the build uses. The workers (Options.Workers, default
// GOMAXPROCS) split the scan into chunks and share the table through
// atomic 64-bit operations; the result does not depend on their number.
// The context is checked between chunks.
//
// # Indexing
//
// States are numbered by a minimal perfect hash, [Ranker]: the Lehmer
// code of the tiles' positions, blank first, with the last two tiles left
// out, because only one of their two orders can reach the goal. Only the
// reachable half of the permutations gets a number, so no byte is wasted
// on unsolvable states, and those are simply absent: Distance reports
// false for them. A move of the blank changes few digits of the code, so
// a neighbour's rank is computed from the current one in O(columns)
// instead of O(cells).
//
// # Encoding and memory
//
// A table stores one byte a state: the distance itself. Four bits would
// not do: every board of six cells or more has states beyond depth 15
// (2x3 reaches 21, 3x3 31, 3x4 53, 2x6 80). A 2-bit "distance
// mod 3" encoding would quarter the memory, but then a single lookup has
// to walk a path to the goal to recover the distance, which costs O(depth)
// ranks instead of one read; the checker and the auditor look distances
// up millions of times, and the largest table, 240 MB, is 1% of the 24 GB
// machine the project targets. So:
//
//	shape        states        table
//	2x2                12         16 B
//	2x3               360        360 B
//	2x4            20,160       20 KB
//	3x3           181,440      181 KB
//	2x5         1,814,400      1.8 MB
//	2x6, 3x4  239,500,800      240 MB
//
// [StateCount] gives the count for any shape; building needs nothing
// beyond the table and a few kilobytes per worker.
//
// # Saving
//
// Small tables build in milliseconds; 3x4 and 2x6 take 21 to 26
// CPU-seconds (see docs/performance.md). [Table.Save] and [Load] keep a
// table in a file, a 3x4 one in about a second each way, with a header
// (format version, shape, goal, encoding, state count) and a CRC-32C
// checksum, all verified on load, so that a cache (for example the
// user-cache-dir mechanism of reference/pdb) can keep built tables. This
// package decides no file locations itself.
//
// # Tests
//
// The published state counts per depth of 2x3, 2x4 and 3x3 are checked in
// every test run; the 3x4 build (240 MB, 21 to 26 CPU-seconds) runs
// only when the environment variable KPUZZLE_EXACT_3X4=1 is set.
package exact
