package heuristics

import (
	"math"
	"math/big"

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
	shape puzzles.Shape
	goal  puzzles.Goal
}

// NewEuclidean builds Euclidean distance to goal g.
func NewEuclidean(g puzzles.Goal) *Euclidean {
	s := g.Shape()
	n := s.Cells()
	e := &Euclidean{n: n, dists: make([]float64, n*n), shape: s, goal: g}
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

// Integral reports whether the real value at cells is a whole number. A
// sum of square roots of whole numbers with positive coefficients is whole
// exactly when every root is (the roots of distinct square-free numbers
// are linearly independent over the rationals), so it is decided exactly.
func (e *Euclidean) Integral(cells []uint8) bool {
	for c, t := range cells {
		d := e.dists[int(t)*e.n+c]
		if d != math.Trunc(d) {
			return false
		}
	}
	return true
}

// Ceil is the exact ceiling of the real value: whole sums are added as
// whole numbers; an irrational sum that floating point puts within 1e-9 of
// a whole number is settled with 256-bit arithmetic.
func (e *Euclidean) Ceil(cells []uint8) int {
	if e.Integral(cells) {
		return int(math.Round(e.Exact(cells)))
	}
	sum := e.Exact(cells)
	near := math.Round(sum)
	// Irrational, so never equal to near: only which side it lies on is
	// in question.
	if e.below(cells, sum, near) {
		return int(near)
	}
	return int(near) + 1
}

// Floor is the exact floor of the real value.
func (e *Euclidean) Floor(cells []uint8) int {
	if e.Integral(cells) {
		return int(math.Round(e.Exact(cells)))
	}
	return e.Ceil(cells) - 1
}

// Round is the real value rounded to the nearest whole number, exactly.
// An irrational sum is never halfway between two whole numbers, so no
// tie rule is needed.
func (e *Euclidean) Round(cells []uint8) int {
	k := e.Floor(cells)
	if e.Integral(cells) || e.below(cells, e.Exact(cells), float64(k)+0.5) {
		return k
	}
	return k + 1
}

// below reports whether the irrational real value at cells, whose
// floating-point sum is sum, lies below x: from sum when it is more than
// 1e-9 away from x, with 256-bit arithmetic otherwise.
func (e *Euclidean) below(cells []uint8, sum, x float64) bool {
	if math.Abs(sum-x) > 1e-9 {
		return sum < x
	}
	precise := new(big.Float).SetPrec(256)
	for c, t := range cells {
		if t == 0 {
			continue
		}
		r, cc := e.shape.RowCol(c)
		gr, gc := e.shape.RowCol(e.goal.Pos(int(t)))
		sq := new(big.Float).SetPrec(256).SetInt64(int64((r-gr)*(r-gr) + (cc-gc)*(cc-gc)))
		precise.Add(precise, sq.Sqrt(sq))
	}
	return precise.Cmp(new(big.Float).SetPrec(256).SetFloat64(x)) < 0
}
