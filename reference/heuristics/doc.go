// Package heuristics holds the classic sliding-tile heuristics of the
// reference solver: misplaced tiles, Manhattan distance, Euclidean
// distance, linear conflict and walking distance. Each is built for one
// goal — any goal, not only the default — by a constructor that takes a
// puzzles.Goal, and satisfies reference/search.Heuristic (Name and
// Estimate) without importing it.
//
// Every heuristic here is admissible (never above the true number of
// moves) and consistent (it changes by at most 1 across a move, so A*
// never reopens a state); the tests check both on every state of the 3x3
// and 2x4 boards against exact distances. Linear conflict and walking
// distance dominate Manhattan distance; Manhattan dominates Euclidean and
// misplaced tiles.
//
// Heuristics are immutable after construction and safe for concurrent
// use. Manhattan distance, misplaced tiles and linear conflict have an
// incremental form (Update) for IDA*; Manhattan distance and misplaced
// tiles also expose their per-tile table (TileCosts), which IDA* runs on
// directly.
package heuristics
