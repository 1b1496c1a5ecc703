package heuristics

import (
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Euclidean is the sum over tiles (blank excluded) of the straight-line
// distance between the tile's cell and its goal cell, in cell widths.
// Exact gives the real value (for audits that compare it with a student's
// table); Estimate, used in search, is its ceiling. The sum is at most
// Manhattan distance, so both are admissible; one move changes one term
// by at most 1, so both are consistent. The ceiling is computed with a
// margin of 1e-9 so that floating-point rounding can make it smaller but
// never larger than the true ceiling.
type Euclidean struct {
	n     int
	dists []float64 // dists[t*n+c]
}

// NewEuclidean builds Euclidean distance to goal g.
func NewEuclidean(g puzzles.Goal) *Euclidean {
	s := g.Shape()
	n := s.Cells()
	e := &Euclidean{n: n, dists: make([]float64, n*n)}
	for t := 1; t < n; t++ {
		gr, gc := s.RowCol(g.Pos(t))
		for c := range n {
			r, cc := s.RowCol(c)
			e.dists[t*n+c] = math.Hypot(float64(r-gr), float64(cc-gc))
		}
	}
	return e
}

// Name is "euclidean".
func (e *Euclidean) Name() string { return NameEuclidean }

// Exact is the real sum of Euclidean distances.
func (e *Euclidean) Exact(cells []uint8) float64 {
	sum := 0.0
	for c, t := range cells {
		sum += e.dists[int(t)*e.n+c]
	}
	return sum
}

// Estimate is the ceiling of Exact.
func (e *Euclidean) Estimate(cells []uint8) int {
	return int(math.Ceil(e.Exact(cells) - 1e-9))
}

// Admissible reports true.
func (e *Euclidean) Admissible() bool { return true }
