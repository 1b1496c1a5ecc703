package search

import (
	"context"
	"fmt"
	"math"
)

// WAStar is weighted A*: A* ordering the frontier by g + w·h, with w ≥ 1.
// It does not reopen closed states. With an admissible heuristic its path
// is at most w times the optimal length, but it is never marked optimal,
// not even for w = 1 (use AStar for that).
func WAStar(ctx context.Context, p Problem, h Heuristic, w float64, o Options) (Result, error) {
	if math.IsNaN(w) || w < 1 || w > 1000 {
		return Result{}, fmt.Errorf("wastar: weight %v: expected a number from 1 to 1000", w)
	}
	return bestFirst(ctx, p, o, bestFirstConfig{algo: "wastar", h: h, prio: byWeighted, weight: w})
}
