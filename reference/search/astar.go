package search

import "context"

// AStar is A* graph search: it expands states in order of f = g + h, ties
// broken by o.TieBreak, and tests for the goal when a state comes off the
// frontier. With an admissible heuristic the path is optimal; with a
// consistent one no state is expanded twice. A closed state reached again
// by a shorter path is reopened (counted in Stats.Reopened), so A* stays
// optimal with heuristics that are admissible but not consistent.
func AStar(ctx context.Context, p Problem, h Heuristic, o Options) (Result, error) {
	return bestFirst(ctx, p, o, bestFirstConfig{algo: "astar", h: h, prio: byF, weight: 1, reopen: true, optimal: true})
}
