package audit_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// studentEuclidean computes Euclidean distance as student code does, in
// floating point, with the rounding where the program puts it: "tile"
// truncates each tile's distance (h += (int) Math.sqrt(...)), "real"
// keeps the sum, "ceil" rounds the sum up.
func studentEuclidean(g puzzles.Goal, how string) func([]uint8) float64 {
	s := g.Shape()
	return func(cells []uint8) float64 {
		sum := 0.0
		for c, t := range cells {
			if t == 0 {
				continue
			}
			r, cc := s.RowCol(c)
			gr, gc := s.RowCol(g.Pos(int(t)))
			d := math.Sqrt(float64((r-gr)*(r-gr) + (cc-gc)*(cc-gc)))
			if how == "tile" {
				d = float64(int(d))
			}
			sum += d
		}
		if how == "ceil" {
			return math.Ceil(sum - 1e-9)
		}
		return sum
	}
}

// TestEuclideanVariantClaims is issue 34's correct A* whose Euclidean
// distance sums per-tile truncated distances: its expansion counts are
// judged impossible for euclidean on some puzzles, and the verdict names
// euclidean-tile-floor, for which every count is possible; an A* on the
// real sum fits euclidean and one on its ceiling fits euclidean-ceil
// (boards 14, 18 and 22 moves from the goal).
func TestEuclideanVariantClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("computes A* bands of every Euclidean variant on 3x3 puzzles")
	}
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(t, shape3x3)
	rng := puzzles.NewRand(34)
	impossible := 0
	for _, depth := range []int{14, 18, 22} {
		b, ok := tb.RandomAt(rng, depth)
		if !ok {
			t.Fatal("no state at depth", depth)
		}
		tile := goalPopAStarReal(b, g, studentEuclidean(g, "tile"), true)
		real := goalPopAStarReal(b, g, studentEuclidean(g, "real"), true)
		ceil := goalPopAStarReal(b, g, studentEuclidean(g, "ceil"), true)
		text := "algorithm,heuristic,puzzle,expanded\n" +
			fmt.Sprintf("astar,euclidean,%s,%d\n", b, tile) +
			fmt.Sprintf("astar,euclidean-tile-floor,%s,%d\n", b, tile) +
			fmt.Sprintf("astar,euclidean,%s,%d\n", b, real) +
			fmt.Sprintf("astar,euclidean-ceil,%s,%d\n", b, ceil)
		claims, err := audit.ParseStatsClaims(strings.NewReader(text), "c.csv", audit.StatsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := audit.JudgeStats(ctx, claims, statsOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []bool{false, true, true, true} {
			fv := rep.Claims[i].Figures[0]
			if i == 0 && fv.Verdict == audit.VerdictPossible {
				continue // the per-tile count may also fit euclidean's band
			}
			if got := fv.Verdict == audit.VerdictPossible; got != want {
				t.Errorf("depth %d, claim %d (%s, %s expanded): %s: %s", depth, i+1, rep.Claims[i].Heuristic, fv.Text, fv.Verdict, fv.Reason)
			}
		}
		fv := rep.Claims[0].Figures[0]
		if fv.Verdict != audit.VerdictImpossible {
			continue
		}
		impossible++
		named := false
		for _, f := range fv.Fits {
			named = named || f.Heuristic == "euclidean-tile-floor"
		}
		if !named || !strings.Contains(fv.Hint, "euclidean-tile-floor") || fv.Nearest == nil {
			t.Errorf("depth %d: %s expanded impossible for euclidean, but the verdict does not point to euclidean-tile-floor: fits %+v, hint %q", depth, fv.Text, fv.Fits, fv.Hint)
		}
		t.Logf("depth %d: %s: %s; %s", depth, fv.Text, fv.Reason, fv.Hint)
	}
	if impossible == 0 {
		t.Error("the per-tile truncated A* fitted euclidean's band on every puzzle; the test has lost its point")
	}
}
