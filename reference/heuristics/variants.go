package heuristics

import (
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// EuclideanForm is what a Euclidean variant adds up.
type EuclideanForm uint8

// The forms of Euclidean distance student code computes.
const (
	// FormSum adds the tiles' straight-line distances and rounds the
	// total once: h = round(Σ √(dx² + dy²)).
	FormSum EuclideanForm = iota
	// FormTiles rounds each tile's straight-line distance before adding:
	// h = Σ round(√(dx² + dy²)), as `h += (int) Math.sqrt(dx*dx + dy*dy)`
	// does in Java, C and C++ (the conversion truncates, which is the
	// floor of a distance).
	FormTiles
	// FormNorm takes the root of the summed squares once: h = √(Σ (dx² +
	// dy²)), as code that adds the squares and calls sqrt after the loop
	// does. It is never above FormSum's real value.
	FormNorm
)

// Rounding is how a Euclidean variant turns a real value into its own.
type Rounding uint8

// Roundings. A sum of square roots of whole numbers is either whole or
// irrational, so no value a variant rounds lies halfway between two
// whole numbers: rounding to nearest needs no tie rule, and Python's
// round, C's round and Java's Math.round agree on every value here.
const (
	// RoundNone keeps the real value (search uses its ceiling).
	RoundNone Rounding = iota
	// RoundFloor rounds down, as int() and (int) casts of a distance do.
	RoundFloor
	// RoundNearest rounds to the nearest whole number.
	RoundNearest
	// RoundCeil rounds up.
	RoundCeil
)

// EuclideanVariant names one way of computing Euclidean distance. Every
// variant is admissible (never above Manhattan distance) and consistent
// (one move changes it by at most 1); the tests check both on every state
// of the 3x3 and 2x4 boards.
type EuclideanVariant struct {
	// Name is how the command line and claims.heuristic spell it.
	Name string
	// Form and Round say what is computed.
	Form  EuclideanForm
	Round Rounding
	// Meaning says it in one line, for listings and help.
	Meaning string
	// Code is how student code typically writes it.
	Code string
}

// Names of the Euclidean variants. NameEuclidean is FormSum with
// RoundNone: the real sum.
const (
	NameEuclideanFloor     = "euclidean-floor"
	NameEuclideanRound     = "euclidean-round"
	NameEuclideanCeil      = "euclidean-ceil"
	NameEuclideanTileFloor = "euclidean-tile-floor"
	NameEuclideanTileRound = "euclidean-tile-round"
	NameEuclideanTileCeil  = "euclidean-tile-ceil"
	NameEuclideanNorm      = "euclidean-norm"
	NameEuclideanNormFloor = "euclidean-norm-floor"
	NameEuclideanNormRound = "euclidean-norm-round"
	NameEuclideanNormCeil  = "euclidean-norm-ceil"
)

// EuclideanVariants lists the named variants of Euclidean distance other
// than NameEuclidean itself (the real sum, [Euclidean]), in the order
// listings show them.
func EuclideanVariants() []EuclideanVariant {
	return []EuclideanVariant{
		{NameEuclideanFloor, FormSum, RoundFloor, "the summed straight-line distances, rounded down once", "int(sum(math.sqrt(dx*dx + dy*dy) for ...))"},
		{NameEuclideanRound, FormSum, RoundNearest, "the summed straight-line distances, rounded once", "round(sum(math.sqrt(dx*dx + dy*dy) for ...))"},
		{NameEuclideanCeil, FormSum, RoundCeil, "the summed straight-line distances, rounded up once (euclidean's search estimate)", "math.ceil(sum(math.sqrt(dx*dx + dy*dy) for ...))"},
		{NameEuclideanTileFloor, FormTiles, RoundFloor, "each tile's straight-line distance rounded down, then summed", "h += (int) Math.sqrt(dx*dx + dy*dy);  /  int h; h += sqrt(...);"},
		{NameEuclideanTileRound, FormTiles, RoundNearest, "each tile's straight-line distance rounded, then summed", "h += round(math.sqrt(dx*dx + dy*dy))"},
		{NameEuclideanTileCeil, FormTiles, RoundCeil, "each tile's straight-line distance rounded up, then summed", "h += math.ceil(math.sqrt(dx*dx + dy*dy))"},
		{NameEuclideanNorm, FormNorm, RoundNone, "the square root of the summed squared distances (real)", "s += dx*dx + dy*dy; ... return Math.sqrt(s);"},
		{NameEuclideanNormFloor, FormNorm, RoundFloor, "the square root of the summed squared distances, rounded down", "return (int) Math.sqrt(s);"},
		{NameEuclideanNormRound, FormNorm, RoundNearest, "the square root of the summed squared distances, rounded", "return round(math.sqrt(s))"},
		{NameEuclideanNormCeil, FormNorm, RoundCeil, "the square root of the summed squared distances, rounded up", "return math.ceil(math.sqrt(s))"},
	}
}

// VariantHeuristic is an [EuclideanVariant] built for a goal. Its values
// are computed exactly: per-tile roundings and the norm's in integer
// arithmetic, the sum's through [Euclidean]'s exact comparisons. The
// per-tile variants also offer Update and TileCosts (a table of rounded
// distances, which IDA* runs on directly); the real-valued norm offers
// Exact, Ceil and Integral, so that the auditor compares a student's real
// values with it and the A* band counts exactly the states A* with the
// real values must and may expand.
type VariantHeuristic interface {
	// Name is the variant's name.
	Name() string
	// Estimate is the variant's value, or the ceiling of a real one.
	Estimate(cells []uint8) int
	// Admissible reports true: every variant is at most Manhattan
	// distance.
	Admissible() bool
	// Variant is the variant computed.
	Variant() EuclideanVariant
}

// NewEuclideanVariant builds variant v of Euclidean distance to goal g.
// v.Form FormSum with RoundNone is [Euclidean] itself.
func NewEuclideanVariant(g puzzles.Goal, v EuclideanVariant) VariantHeuristic {
	s := g.Shape()
	n := s.Cells()
	sq := make([]int32, n*n)
	for t := 1; t < n; t++ {
		gr, gc := s.RowCol(g.Pos(t))
		for c := range n {
			r, cc := s.RowCol(c)
			sq[t*n+c] = int32((r-gr)*(r-gr) + (cc-gc)*(cc-gc))
		}
	}
	switch {
	case v.Form == FormTiles:
		return &tileEuclidean{v: v, tt: newTileTable(v.Name, g, func(t, c int) int { return roundRoot(int64(sq[t*n+c]), v.Round) })}
	case v.Form == FormSum && v.Round == RoundNone:
		return euclideanVariant{NewEuclidean(g), v}
	case v.Form == FormSum:
		return &sumEuclidean{v: v, e: NewEuclidean(g)}
	case v.Round == RoundNone:
		return &realNorm{normEuclidean{v: v, n: n, sq: sq}}
	}
	return &normEuclidean{v: v, n: n, sq: sq}
}

// euclideanVariant is Euclidean named as a variant.
type euclideanVariant struct {
	*Euclidean
	v EuclideanVariant
}

func (e euclideanVariant) Variant() EuclideanVariant { return e.v }

// tileEuclidean is a FormTiles variant: a table of rounded distances.
type tileEuclidean struct {
	v  EuclideanVariant
	tt tileTable
}

func (e *tileEuclidean) Name() string               { return e.v.Name }
func (e *tileEuclidean) Variant() EuclideanVariant  { return e.v }
func (e *tileEuclidean) Admissible() bool           { return true }
func (e *tileEuclidean) Estimate(cells []uint8) int { return e.tt.estimate(cells) }
func (e *tileEuclidean) TileCosts() []uint8         { return e.tt.costs }
func (e *tileEuclidean) Update(cells []uint8, h int, from, to int) int {
	return e.tt.update(cells, h, from, to)
}

// sumEuclidean is a FormSum variant rounded once.
type sumEuclidean struct {
	v EuclideanVariant
	e *Euclidean
}

func (e *sumEuclidean) Name() string              { return e.v.Name }
func (e *sumEuclidean) Variant() EuclideanVariant { return e.v }
func (e *sumEuclidean) Admissible() bool          { return true }
func (e *sumEuclidean) Estimate(cells []uint8) int {
	switch e.v.Round {
	case RoundFloor:
		return e.e.Floor(cells)
	case RoundNearest:
		return e.e.Round(cells)
	}
	return e.e.Ceil(cells)
}

// normEuclidean is a FormNorm variant rounded once.
type normEuclidean struct {
	v  EuclideanVariant
	n  int
	sq []int32 // sq[t*n+c]: tile t's squared distance from cell c to its goal cell
}

func (e *normEuclidean) Name() string              { return e.v.Name }
func (e *normEuclidean) Variant() EuclideanVariant { return e.v }
func (e *normEuclidean) Admissible() bool          { return true }
func (e *normEuclidean) Estimate(cells []uint8) int {
	r := e.v.Round
	if r == RoundNone {
		r = RoundCeil
	}
	return roundRoot(e.squares(cells), r)
}

// squares is the sum of the tiles' squared distances.
func (e *normEuclidean) squares(cells []uint8) int64 {
	q := int64(0)
	for c, t := range cells {
		q += int64(e.sq[int(t)*e.n+c])
	}
	return q
}

// realNorm is the real-valued norm: its Estimate is the ceiling.
type realNorm struct{ normEuclidean }

// Exact is the real value.
func (e *realNorm) Exact(cells []uint8) float64 { return math.Sqrt(float64(e.squares(cells))) }

// Ceil is the exact ceiling of the real value.
func (e *realNorm) Ceil(cells []uint8) int { return e.Estimate(cells) }

// Integral reports whether the real value is a whole number.
func (e *realNorm) Integral(cells []uint8) bool {
	q := e.squares(cells)
	r := isqrt(q)
	return r*r == q
}

// isqrt is ⌊√q⌋ for q ≥ 0, exactly.
func isqrt(q int64) int64 {
	r := int64(math.Sqrt(float64(q)))
	for r*r > q {
		r--
	}
	for (r+1)*(r+1) <= q {
		r++
	}
	return r
}

// roundRoot rounds √q (q ≥ 0 whole) as r says, exactly: √q is whole or
// irrational, never halfway, and it exceeds m + ½ (m = ⌊√q⌋) exactly when
// q > m² + m.
func roundRoot(q int64, r Rounding) int {
	m := isqrt(q)
	switch r {
	case RoundFloor:
		return int(m)
	case RoundNearest:
		if q > m*m+m {
			return int(m + 1)
		}
		return int(m)
	}
	if m*m < q {
		return int(m + 1)
	}
	return int(m)
}
