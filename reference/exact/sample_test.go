package exact_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestRandomAtUniform draws many boards at one depth and checks that the
// states at that depth come up equally often: Pearson's chi-square
// statistic over all of them must lie within six standard deviations of
// its mean (n-1, variance 2(n-1)), which a uniform draw meets and a draw
// biased by even a few percent misses. Depth 5 of the 8-puzzle (20
// states) is drawn by scanning the table, depth 24 (24,047 states, 13% of
// the table) by rejection.
func TestRandomAtUniform(t *testing.T) {
	tb := table(t, puzzles.DefaultGoal(shape3x3))
	for _, depth := range []int{5, 24} {
		n := int(tb.Counts()[depth])
		draws := max(20000, 10*n)
		rng := puzzles.NewRand(uint64(depth))
		seen := map[string]int{}
		for range draws {
			b, ok := tb.RandomAt(rng, depth)
			if d, _ := tb.DistanceBoard(b); !ok || d != depth {
				t.Fatalf("RandomAt(%d) = %s, %v at distance %d", depth, b, ok, d)
			}
			seen[b.String()]++
		}
		checkUniform(t, fmt.Sprintf("RandomAt(%d)", depth), seen, n, float64(draws)/float64(n))
	}
}

// checkUniform applies the chi-square test to counts of n equally likely
// outcomes, each expected mean times.
func checkUniform(t *testing.T, what string, seen map[string]int, n int, mean float64) {
	t.Helper()
	if len(seen) > n {
		t.Errorf("%s: %d distinct outcomes, only %d possible", what, len(seen), n)
	}
	chi2 := float64(n-len(seen)) * mean
	for _, k := range seen {
		chi2 += (float64(k) - mean) * (float64(k) - mean) / mean
	}
	df := float64(n - 1)
	if limit := df + 6*math.Sqrt(2*df); chi2 > limit {
		t.Errorf("%s: chi-square %.0f over %d outcomes, above %.0f: not uniform", what, chi2, n, limit)
	}
}

func TestSampleAt(t *testing.T) {
	tb := table(t, puzzles.SnailGoal(shape3x3))
	for _, depth := range []int{0, 3, 17, tb.MaxDepth()} {
		for _, k := range []int{1, 5, 1000} {
			got := tb.SampleAt(puzzles.NewRand(9), depth, k)
			want := min(k, int(tb.Counts()[depth]))
			if len(got) != want {
				t.Errorf("SampleAt(%d, %d): %d boards, want %d", depth, k, len(got), want)
			}
			seen := map[string]bool{}
			for _, b := range got {
				if d, ok := tb.DistanceBoard(b); !ok || d != depth || seen[b.String()] {
					t.Errorf("SampleAt(%d, %d): %s at distance %d, %v, repeated %v", depth, k, b, d, ok, seen[b.String()])
				}
				seen[b.String()] = true
			}
			again := tb.SampleAt(puzzles.NewRand(9), depth, k)
			if diff := cmp.Diff(strs(got), strs(again)); diff != "" {
				t.Errorf("SampleAt(%d, %d) with the same seed differs (-first +second):\n%s", depth, k, diff)
			}
		}
	}
	for _, depth := range []int{-1, tb.MaxDepth() + 1} {
		if got := tb.SampleAt(puzzles.NewRand(1), depth, 3); len(got) != 0 {
			t.Errorf("SampleAt(%d) = %v, want none", depth, got)
		}
		if b, ok := tb.RandomAt(puzzles.NewRand(1), depth); ok {
			t.Errorf("RandomAt(%d) = %s, want none", depth, b)
		}
	}
}

// TestSampleAtUniform checks that every state of a small depth is equally
// likely to be in a sample of two.
func TestSampleAtUniform(t *testing.T) {
	tb := table(t, puzzles.DefaultGoal(shape3x3))
	const depth, draws = 4, 16000 // 16 states; each in a sample with p = 2/16
	rng := puzzles.NewRand(4)
	seen := map[string]int{}
	for range draws {
		for _, b := range tb.SampleAt(rng, depth, 2) {
			seen[b.String()]++
		}
	}
	if len(seen) != 16 {
		t.Errorf("%d distinct states sampled at depth %d, want 16", len(seen), depth)
	}
	checkUniform(t, "SampleAt(4, 2)", seen, 16, draws*2.0/16)
}

func TestAtDepthAndAll(t *testing.T) {
	tb := table(t, puzzles.BlankFirstGoal(shape2x4))
	var all int
	perDepth := make([]int64, tb.MaxDepth()+1)
	for cells, d := range tb.All() {
		if got, ok := tb.Distance(cells); !ok || got != d {
			t.Fatalf("All yields %v at %d, Distance says %d, %v", cells, d, got, ok)
		}
		perDepth[d]++
		all++
	}
	if all != tb.Len() {
		t.Errorf("All yields %d states, Len() = %d", all, tb.Len())
	}
	if diff := cmp.Diff(tb.Counts(), perDepth); diff != "" {
		t.Errorf("All per depth (-Counts +All):\n%s", diff)
	}
	for d := range tb.MaxDepth() + 1 {
		var n int64
		for cells := range tb.AtDepth(d) {
			if got, _ := tb.Distance(cells); got != d {
				t.Fatalf("AtDepth(%d) yields %v at distance %d", d, cells, got)
			}
			n++
		}
		if n != tb.Counts()[d] {
			t.Errorf("AtDepth(%d) yields %d states, Counts says %d", d, n, tb.Counts()[d])
		}
	}
	for range tb.AtDepth(tb.MaxDepth() + 1) {
		t.Error("AtDepth beyond MaxDepth yields a state")
	}
	n := 0
	for range tb.All() {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("breaking out of All after 3 states ran %d", n)
	}
}

func strs(bs []puzzles.Board) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.String()
	}
	return out
}
