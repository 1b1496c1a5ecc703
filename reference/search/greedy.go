package search

import "context"

// Greedy is greedy best-first graph search: it expands states in order of
// h alone, ties broken by o.TieBreak, and never reopens a state. It is
// usually fast and its path is usually not the shortest: the result is
// never marked optimal.
func Greedy(ctx context.Context, p Problem, h Heuristic, o Options) (Result, error) {
	return bestFirst(ctx, p, o, bestFirstConfig{algo: "greedy", h: h, prio: byH, weight: 1})
}
