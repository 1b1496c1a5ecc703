package puzzles_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestRandomIsReproducible(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{4, 4})
	draw := func(seed uint64) []string {
		rng := puzzles.NewRand(seed)
		var out []string
		for range 5 {
			out = append(out, puzzles.RandomSolvable(rng, g).String(), puzzles.RandomUnsolvable(rng, g).String())
			b, _ := puzzles.RandomWalk(rng, g, 30)
			out = append(out, b.String())
		}
		return out
	}
	if diff := cmp.Diff(draw(42), draw(42)); diff != "" {
		t.Errorf("same seed, different boards (-first +second):\n%s", diff)
	}
	if cmp.Equal(draw(42), draw(43)) {
		t.Error("seeds 42 and 43 gave the same boards")
	}
}

func TestRandomSolvabilityClasses(t *testing.T) {
	for _, s := range []puzzles.Shape{{2, 2}, {3, 3}, {2, 5}, {4, 4}, {5, 5}} {
		for _, g := range []puzzles.Goal{puzzles.DefaultGoal(s), puzzles.BlankFirstGoal(s)} {
			rng := puzzles.NewRand(7)
			for range 200 {
				if b := puzzles.RandomSolvable(rng, g); !puzzles.Solvable(b, g) {
					t.Fatalf("RandomSolvable gave unsolvable %v", b)
				}
				if b := puzzles.RandomUnsolvable(rng, g); puzzles.Solvable(b, g) {
					t.Fatalf("RandomUnsolvable gave solvable %v", b)
				}
			}
		}
	}
}

// TestRandomSolvableIsUniform draws many 2x2 boards (12 solvable states)
// and checks every state appears close to equally often. The seed is fixed,
// so the test is deterministic; the bound is a chi-square value that a
// uniform sampler exceeds with probability below 0.1%.
func TestRandomSolvableIsUniform(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{2, 2})
	rng := puzzles.NewRand(2024)
	counts := map[string]int{}
	const draws = 24000
	for range draws {
		counts[puzzles.RandomSolvable(rng, g).String()]++
	}
	if len(counts) != 12 {
		t.Fatalf("saw %d distinct solvable 2x2 boards, want 12", len(counts))
	}
	expected := float64(draws) / 12
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - expected
		chi2 += d * d / expected
	}
	if chi2 > 31.26 { // 11 degrees of freedom, p = 0.001
		t.Errorf("chi-square %.1f over 12 states: not uniform (%v)", chi2, counts)
	}
}

func TestRandomWalk(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{3, 4})
	rng := puzzles.NewRand(1)
	for _, n := range []int{0, 1, 2, 10, 57} {
		b, walk := puzzles.RandomWalk(rng, g, n)
		if len(walk) != n {
			t.Fatalf("walk of %d has %d moves", n, len(walk))
		}
		for i := 1; i < len(walk); i++ {
			if walk[i] == walk[i-1].Opposite() {
				t.Errorf("walk undoes move %d: %v", i, walk)
			}
		}
		end, err := g.Board().Apply(walk)
		if err != nil || !end.Equal(b) {
			t.Errorf("replaying the walk gives %v, %v; want %v", end, err, b)
		}
		if !puzzles.Solvable(b, g) {
			t.Errorf("walk ended on unsolvable %v", b)
		}
	}
}
