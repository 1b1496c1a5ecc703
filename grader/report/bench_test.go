package report_test

import (
	"fmt"
	"io"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// BenchmarkSummaryHTML writes the summary page of a class of 300 students
// and 30 tests, every cell linked to a replay page.
func BenchmarkSummaryHTML(b *testing.B) {
	const students, tests = 300, 30
	rub := 1.0
	gb := report.Gradebook{Assignment: "benchmark", Rubric: grader.Rubric{Solved: &rub, Optimal: &rub, Unsolvable: &rub, Partial: grader.PartialLinear}}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	for i := range tests {
		gb.Tests = append(gb.Tests, grader.Test{Number: i + 1, Name: fmt.Sprintf("n_equals_3/input_%d.txt", i+1), Solvable: true, Goal: g})
	}
	verdicts := []check.Verdict{check.Optimal, check.Suboptimal, check.Timeout, check.Illegal, check.Crashed}
	for s := range students {
		sub := report.Submission{Name: fmt.Sprintf("student%03d", s)}
		for i := range tests {
			opt := 20
			sub.Results = append(sub.Results, grader.Result{Test: gb.Tests[i].Name, Verdict: verdicts[(s+i)%len(verdicts)], Length: 24, OptimalLength: &opt,
				Solvable: true, Summary: "a summary of the verdict", Seconds: float64((s*7+i*13)%1000) / 100})
		}
		gb.Submissions = append(gb.Submissions, sub)
	}
	opts := report.SummaryOptions{
		Replay:   func(s report.Submission, i int) string { return gb.ReplayFile(s, i) },
		Feedback: func(s report.Submission) string { return "feedback/" + s.Name + ".md" },
	}
	for b.Loop() {
		if err := gb.WriteSummaryHTML(io.Discard, opts); err != nil {
			b.Fatal(err)
		}
	}
}
