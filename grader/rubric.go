package grader

import (
	"math"

	"github.com/kpuzzle/kpuzzle/grader/check"
)

// Partial-credit functions of Rubric.Partial.
const (
	PartialNone   = "none"
	PartialLinear = "linear"
	PartialPower  = "power"
	PartialSteps  = "steps"
)

// DefaultReportedShare is rubric.reported's default: a length a program
// reports without moves to check earns at most half of its test's
// points.
const DefaultReportedShare = 0.5

// Points returns a pointer to p, for the optional point fields of Rubric.
func Points(p float64) *float64 { return &p }

// Max is what a test is worth: Solved + Optimal for a solvable puzzle,
// Unsolvable for an unsolvable one. The rubric must be normalized.
func (r Rubric) Max(solvable bool) float64 {
	if !solvable {
		return *r.Unsolvable
	}
	return *r.Solved + *r.Optimal
}

// Score is the points a verdict earns on a test: for a solvable puzzle,
// Solved for a solved answer plus Optimal times its credit (1 when
// optimal, the partial-credit function of optimal/length when suboptimal,
// Unverified when optimality could not be checked, 1 when the claimed
// search does not promise a shortest solution); for an unsolvable
// puzzle, Unsolvable for unsolvable-correct. Every other verdict scores 0.
// The rubric must be normalized (Assignment.Normalize does it).
func (r Rubric) Score(v check.Verdict, length, optimal int, solvable bool) float64 {
	if !solvable {
		if v == check.UnsolvableCorrect {
			return *r.Unsolvable
		}
		return 0
	}
	switch v {
	case check.Optimal:
		return *r.Solved + *r.Optimal
	case check.Suboptimal:
		return *r.Solved + *r.Optimal*r.Credit(optimal, length)
	case check.Valid:
		if r.AnyLength {
			return *r.Solved + *r.Optimal
		}
		return *r.Solved + *r.Optimal*r.Unverified
	}
	return 0
}

// Credit is the share of the Optimal points a suboptimal answer of length
// moves earns when the optimal length is optimal: the partial-credit
// function of ratio = optimal/length, in [0, 1].
func (r Rubric) Credit(optimal, length int) float64 {
	if length <= 0 || optimal >= length {
		return 1
	}
	ratio := float64(optimal) / float64(length)
	switch r.Partial {
	case PartialLinear:
		return ratio
	case PartialPower:
		return math.Pow(ratio, r.PartialExponent)
	case PartialSteps:
		// Steps are sorted by falling ratio.
		for _, s := range r.PartialSteps {
			if ratio >= s.Ratio {
				return s.Credit
			}
		}
	}
	return 0
}

// Cap is what a verdict of result res that scored points under the
// rubric keeps: points, or for a verdict whose moves were not checked
// (Result.Unchecked) at most rubric.reported of the test's points, so
// that a length a program only claims never earns what a checked path
// does. The rubric must be normalized.
func (r Rubric) Cap(res Result, points float64) float64 {
	if !res.Unchecked {
		return points
	}
	return min(points, *r.Reported*r.Max(res.Solvable))
}
