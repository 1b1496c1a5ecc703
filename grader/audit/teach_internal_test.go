package audit

import (
	"context"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// TestClaimCacheKeepsBands: judging the same claims twice through one
// ClaimCache computes each A* band and the puzzle's optimal length once
// (the second judgement finds them in the cache) and gives the same
// verdicts; the variants' bands an impossible Euclidean count consults
// are kept too.
func TestClaimCacheKeepsBands(t *testing.T) {
	ctx := context.Background()
	b := puzzles.MustBoard(3, 3,
		4, 1, 3,
		7, 2, 6,
		0, 5, 8)
	claims := []StatsClaim{
		{Algorithm: "astar", Heuristic: "manhattan", Puzzle: "p", Board: b, Figures: map[string]float64{FigureExpanded: 3}, Texts: map[string]string{FigureExpanded: "3"}},
		{Algorithm: "astar", Heuristic: "euclidean", Puzzle: "p", Board: b, Figures: map[string]float64{FigureExpanded: 1000}, Texts: map[string]string{FigureExpanded: "1000"}},
	}
	cache := &ClaimCache{}
	opts := StatsOptions{Cache: cache}
	first, err := JudgeStats(ctx, claims, opts)
	if err != nil {
		t.Fatal(err)
	}
	entries := func() int {
		n := 0
		cache.bands.Range(func(_, _ any) bool { n++; return true })
		return n
	}
	// manhattan, euclidean and its ten variants.
	if got := entries(); got != 12 {
		t.Errorf("%d bands kept, want 12 (manhattan, euclidean and its 10 variants)", got)
	}
	cache.bands.Range(func(k, v any) bool {
		if e := v.(*cacheEntry[search.Band]); e.err != nil {
			t.Errorf("band %+v: %v", k, e.err)
		}
		return true
	})
	second, err := JudgeStats(ctx, claims, opts)
	if err != nil {
		t.Fatal(err)
	}
	bigInts := cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })
	if diff := cmp.Diff(first, second, bigInts); diff != "" {
		t.Errorf("the second judgement differs (-first +second):\n%s", diff)
	}
	if got := entries(); got != 12 {
		t.Errorf("%d bands kept after the second judgement, want still 12", got)
	}
	puzzles := 0
	cache.puzzles.Range(func(_, _ any) bool { puzzles++; return true })
	if puzzles != 1 {
		t.Errorf("%d puzzles' facts kept, want 1", puzzles)
	}
}
