package report

import (
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// What students are told of a heuristic check's counterexample
// (grader.HeuristicCounterexample): on a test they see, the board where
// the value is wrong, drawn, with h against the right value and the true
// distance; on a hidden test nothing of it, whatever its settings: its
// board is never shown, and the check says at most that it failed.

// studentChecks are a test's scored checks as students may see them:
// those of a hidden test (i, an index into Tests) without their
// counterexamples.
func (gb Gradebook) studentChecks(i int, checks []grader.ScoredCriterion) []grader.ScoredCriterion {
	if !gb.Tests[i].Hidden {
		return checks
	}
	out := make([]grader.ScoredCriterion, len(checks))
	for k, c := range checks {
		c.Counterexample = nil
		out[k] = c
	}
	return out
}

// counterexampleLines draws a check's counterexample (none: nil), one
// string per line.
func counterexampleLines(c grader.Criterion) []string {
	if c.Counterexample == nil {
		return nil
	}
	return c.Counterexample.Lines(c.Title())
}

// checkOutput is a check's detail and, below it, its counterexample.
func checkOutput(c grader.Criterion) string {
	return strings.Join(append([]string{c.Detail}, counterexampleLines(c)...), "\n")
}

// exampleCounterexample is a made-up overestimate on b, for
// CheckFeedbackTemplate.
func exampleCounterexample(b puzzles.Board) *grader.HeuristicCounterexample {
	hb := grader.NewHeuristicBoard(b, 9, 7)
	hb.SetHStar(7)
	return &grader.HeuristicCounterexample{HeuristicBoard: hb}
}
