// Package pdb builds, caches and searches with pattern databases for the
// sliding-tile puzzle: the admissible heuristics that let the reference
// solver find optimal 15-puzzle solutions in milliseconds and 24-puzzle
// solutions at all.
//
// A pattern is a set of tiles. Its table holds, for every placement of the
// pattern's tiles, a lower bound on the moves needed to bring them to their
// goal cells, found by breadth-first search backwards from the goal in the
// abstract space where every other tile is indistinguishable. Under
// [Additive] only the pattern's own moves count (with the blank's region
// tracked during the build, as Korf and Felner do, so values are as high
// as they can be) and the tables of disjoint patterns add up; under [Max]
// every move counts, the blank is part of the pattern, and tables combine
// by maximum (the fringe database).
//
// Shipped partitions ([Names]): "555", "663", "78" and "fringe" for the
// 15-puzzle and "6666" for the 24-puzzle, for any goal (see [Named]). A
// [Heuristic] also looks up the state reflected about the main diagonal
// where the goal allows it and takes the larger value.
//
// Tables are stored in a cache directory ([DefaultDir], or Options.Dir)
// with a header naming the format version, board, goal, pattern, entry
// encoding and a CRC-32C checksum; [Open] loads a table in one read and
// verifies it, and rebuilds a missing, corrupt or stale one. [Solve] runs
// IDA* with incremental lookups.
//
// The package never prints: builds report through Options.Progress, and
// the reports of kpuzzle pdb (a database's tables, [List] of a cache
// folder, [VerifyCache]) are values with a WriteText method that writes
// their text form with the colours of a textstyle.Style it is handed.
package pdb
