package search

import "context"

// UCS is uniform-cost search (Dijkstra's algorithm from the start): it
// expands states in order of g, ties broken by o.TieBreak's insertion
// order, and tests for the goal when a state comes off the frontier. With
// unit move costs it finds a shortest path, expanding the same states as
// breadth-first search but testing for the goal one layer later.
func UCS(ctx context.Context, p Problem, o Options) (Result, error) {
	return bestFirst(ctx, p, o, bestFirstConfig{algo: "ucs", prio: byG, weight: 1, optimal: true})
}
