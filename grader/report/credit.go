package report

import (
	"fmt"
	"math"
	"strconv"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// CreditLine says what partial credit a solved answer earned and why, in
// one line for the student: "partial credit: 9.11 of 10 points, 6 for
// solving the puzzle and 3.11 of the 4 for an optimal answer (optimal
// length 41 ÷ your 45 moves = 0.911, rubric.partial linear)". It is empty
// for a result with full points or none.
func (gb Gradebook) CreditLine(r grader.Result) string {
	rub := gb.Rubric.ForTest(r.Test)
	got, most := r.VerdictScore(gb.Rubric), r.VerdictMax(gb.Rubric)
	if got <= 0 || got >= most || !r.Solvable || rub.Solved == nil || rub.Optimal == nil {
		return ""
	}
	share := grader.RoundPoints(got - *rub.Solved)
	head := fmt.Sprintf("partial credit: %s of %s points, %s for solving the puzzle and %s of the %s for an optimal answer",
		hundredths(got), hundredths(most), hundredths(*rub.Solved), hundredths(share), hundredths(*rub.Optimal))
	switch r.Verdict {
	case check.Suboptimal:
		if r.OptimalLength == nil || r.Length <= 0 {
			return head
		}
		ratio := float64(*r.OptimalLength) / float64(r.Length)
		how := map[string]string{
			grader.PartialLinear: "that share",
			grader.PartialPower:  fmt.Sprintf("that share to the power %s", strconv.FormatFloat(rub.PartialExponent, 'f', -1, 64)),
			grader.PartialSteps:  "the credit of the step it reaches",
		}[rub.Partial]
		return fmt.Sprintf("%s (optimal length %d ÷ your %d moves = %s; rubric.partial %s gives %s)",
			head, *r.OptimalLength, r.Length, strconv.FormatFloat(math.Round(ratio*1000)/1000, 'f', -1, 64), rub.Partial, how)
	case check.Valid:
		return head + " (its optimality could not be verified; rubric.unverified gives that share)"
	}
	return head
}

// hundredths writes points as a gradebook shows them, to the hundredth at
// most: 9.11, 10, 0.5.
func hundredths(p float64) string {
	return strconv.FormatFloat(math.Round(p*100)/100, 'f', -1, 64)
}
