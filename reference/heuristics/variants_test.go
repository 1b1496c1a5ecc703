package heuristics_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// variantByDefinition computes variant v on cells as student code does,
// in floating point: math.Sqrt per tile, then the rounding where the
// variant puts it. ok is false when the float result lies within 1e-9 of
// a rounding boundary, where floating point cannot be trusted (the
// package decides those exactly).
func variantByDefinition(g puzzles.Goal, v heuristics.EuclideanVariant, cells []uint8) (value float64, ok bool) {
	s := g.Shape()
	round := func(x float64) (float64, bool) {
		switch v.Round {
		case heuristics.RoundFloor:
			return math.Floor(x + 1e-12), math.Abs(x-math.Round(x)) < 1e-12 || math.Abs(x-math.Round(x)) > 1e-9
		case heuristics.RoundNearest:
			return math.Round(x), math.Abs(x-math.Floor(x)-0.5) > 1e-9
		case heuristics.RoundCeil:
			return math.Ceil(x - 1e-12), math.Abs(x-math.Round(x)) < 1e-12 || math.Abs(x-math.Round(x)) > 1e-9
		}
		return x, true
	}
	sum, squares, ok := 0.0, 0.0, true
	for c, t := range cells {
		if t == 0 {
			continue
		}
		r, cc := s.RowCol(c)
		gr, gc := s.RowCol(g.Pos(int(t)))
		sq := float64((r-gr)*(r-gr) + (cc-gc)*(cc-gc))
		squares += sq
		d := math.Sqrt(sq)
		if v.Form == heuristics.FormTiles {
			var k bool
			d, k = round(d)
			ok = ok && k
		}
		sum += d
	}
	switch v.Form {
	case heuristics.FormSum:
		var k bool
		sum, k = round(sum)
		ok = ok && k
	case heuristics.FormNorm:
		var k bool
		sum, k = round(math.Sqrt(squares))
		ok = ok && k
	}
	return sum, ok
}

// TestEuclideanVariantsByDefinition compares every variant with a
// floating-point computation written as student code writes it, on
// random boards of several shapes and goals; the ceiling of a
// real-valued variant is its Estimate, the real value its Exact.
func TestEuclideanVariantsByDefinition(t *testing.T) {
	rng := puzzles.NewRand(34)
	checked := 0
	for _, s := range []puzzles.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}, {Rows: 7, Cols: 7}} {
		for _, g := range []puzzles.Goal{puzzles.DefaultGoal(s), puzzles.BlankFirstGoal(s), puzzles.NewGoal(puzzles.RandomSolvable(rng, puzzles.DefaultGoal(s)), "random")} {
			for _, v := range heuristics.EuclideanVariants() {
				h := heuristics.NewEuclideanVariant(g, v)
				if h.Name() != v.Name || h.Variant() != v {
					t.Fatalf("variant %s is called %s", v.Name, h.Name())
				}
				for range 300 {
					cells := puzzles.RandomSolvable(rng, g).Bytes()
					want, ok := variantByDefinition(g, v, cells)
					if !ok {
						continue
					}
					checked++
					got := float64(h.Estimate(cells))
					if v.Round == heuristics.RoundNone {
						got = h.(interface{ Exact([]uint8) float64 }).Exact(cells)
						if e := h.Estimate(cells); e != int(math.Ceil(want-1e-9)) {
							t.Fatalf("%s, %s goal, %s on %v: estimate %d, want the ceiling of %v", s, g.Name(), v.Name, cells, e, want)
						}
					}
					if math.Abs(got-want) > 1e-9 {
						t.Fatalf("%s, %s goal, %s on %v: %v, by definition %v", s, g.Name(), v.Name, cells, got, want)
					}
				}
				if e := h.Estimate(g.Board().Bytes()); e != 0 {
					t.Errorf("%s, %s goal, %s: %d at the goal", s, g.Name(), v.Name, e)
				}
			}
		}
	}
	t.Logf("%d values compared", checked)
}

// TestEuclideanVariantsOrder checks, on every state of the 3x3 and 2x4
// boards, the order the variants stand in (per-tile floors ≤ the floor of
// the sum ≤ its rounding ≤ its ceiling ≤ the per-tile ceilings ≤
// Manhattan distance; the norm ≤ the sum) and that the real-valued norm
// is admissible and consistent as a real (TestExhaustive checks every
// variant's Estimate).
func TestEuclideanVariantsOrder(t *testing.T) {
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), puzzles.BlankFirstGoal(puzzles.Shape{Rows: 2, Cols: 4})} {
		hs := map[string]heuristics.VariantHeuristic{}
		for _, v := range heuristics.EuclideanVariants() {
			hs[v.Name] = heuristics.NewEuclideanVariant(g, v)
		}
		eu := heuristics.NewEuclidean(g)
		md := heuristics.NewManhattan(g)
		norm := hs[heuristics.NameEuclideanNorm].(interface{ Exact([]uint8) float64 })
		chains := [][]string{
			{heuristics.NameEuclideanTileFloor, heuristics.NameEuclideanFloor, heuristics.NameEuclideanRound, heuristics.NameEuclideanCeil, heuristics.NameEuclideanTileCeil, "manhattan"},
			{heuristics.NameEuclideanTileFloor, heuristics.NameEuclideanTileRound, heuristics.NameEuclideanTileCeil},
			{heuristics.NameEuclideanNormFloor, heuristics.NameEuclideanNormRound, heuristics.NameEuclideanNormCeil, heuristics.NameEuclideanCeil},
			{heuristics.NameEuclideanNormFloor, heuristics.NameEuclideanFloor},
		}
		value := func(name string, cells []uint8) int {
			if name == "manhattan" {
				return md.Estimate(cells)
			}
			return hs[name].Estimate(cells)
		}
		moves := g.Shape().Moves()
		next := make([]uint8, g.Shape().Cells())
		failures := 0
		strict := map[string]int{} // states where a link of a chain is strict
		for cells, d := range table(t, g).All() {
			for _, chain := range chains {
				for i := 1; i < len(chain); i++ {
					a, b := value(chain[i-1], cells), value(chain[i], cells)
					if a > b && failures < 10 {
						failures++
						t.Errorf("%s goal %v: %s = %d above %s = %d", g.Name(), cells, chain[i-1], a, chain[i], b)
					}
					if a < b {
						strict[chain[i-1]+" < "+chain[i]]++
					}
				}
			}
			n := norm.Exact(cells)
			if n > eu.Exact(cells)+1e-9 || n > float64(d)+1e-9 {
				t.Fatalf("%s goal %v: norm %v above the sum %v or the distance %d", g.Name(), cells, n, eu.Exact(cells), d)
			}
			blank := indexOf(cells, 0)
			for _, dir := range puzzles.Dirs {
				to := int(moves[blank][dir])
				if to < 0 {
					continue
				}
				copy(next, cells)
				next[blank], next[to] = next[to], 0
				if math.Abs(norm.Exact(next)-n) > 1+1e-9 {
					t.Fatalf("%s goal: the norm changes from %v to %v across one move, %v -> %v", g.Name(), n, norm.Exact(next), cells, next)
				}
			}
		}
		// Every link is strict somewhere on 3x3: the variants differ. (On
		// two rows they need not: a tile is at most one row away, so
		// √(1 + dy²) rounds up to Manhattan distance and to the nearest
		// the same as down.)
		if g.Shape().Rows == 2 {
			continue
		}
		for _, chain := range chains {
			for i := 1; i < len(chain); i++ {
				if link := chain[i-1] + " < " + chain[i]; strict[link] == 0 {
					t.Errorf("%s goal: %s never holds strictly; the variants do not differ", g.Name(), link)
				}
			}
		}
	}
}

// TestEuclideanVariantValues pins the variants on one board by hand: tile
// 1 two rows and two columns from home (√8 ≈ 2.83), tile 5 on tile 1's
// cell (√2 ≈ 1.41), tile 2 one step away (1).
func TestEuclideanVariantValues(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	b := puzzles.MustBoard(3, 3,
		5, 0, 3,
		4, 2, 6,
		7, 8, 1)
	got := map[string]int{}
	for _, v := range heuristics.EuclideanVariants() {
		got[v.Name] = heuristics.NewEuclideanVariant(g, v).Estimate(b.Bytes())
	}
	// sum 2.83 + 1.41 + 1 = 5.24; squares 8 + 2 + 1 = 11, √11 ≈ 3.32.
	want := map[string]int{
		"euclidean-floor": 5, "euclidean-round": 5, "euclidean-ceil": 6,
		"euclidean-tile-floor": 2 + 1 + 1, "euclidean-tile-round": 3 + 1 + 1, "euclidean-tile-ceil": 3 + 2 + 1,
		"euclidean-norm": 4, "euclidean-norm-floor": 3, "euclidean-norm-round": 3, "euclidean-norm-ceil": 4,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("variants on %s (-want +got):\n%s", b, diff)
	}
}
