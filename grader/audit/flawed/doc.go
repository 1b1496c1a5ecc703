// Package flawed holds deliberately wrong heuristics: the mistakes
// students make most often when they implement linear conflict,
// Manhattan distance and misplaced tiles. They exist to test the
// heuristic auditor (package grader/audit) and to show its output in
// docs/audit.md. They are never registered as reference heuristics, and
// nothing in kpuzzle solves puzzles with them.
package flawed
