package report_test

import (
	"os"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// A gradebook applies the rubric to verdicts when it writes: here 6
// points for solving and 4 more for an optimal answer, a suboptimal
// answer earning 4 x optimal/length of them.
func ExampleGradebook_WriteCSV() {
	optimal := 20
	rubric := grader.Rubric{Solved: grader.Points(6), Optimal: grader.Points(4), Partial: grader.PartialLinear, Unsolvable: grader.Points(10)}
	gb := report.Gradebook{
		Tests:  []grader.Test{{Number: 1, Name: "input_1.txt", Solvable: true}, {Number: 2, Name: "input_2.txt"}},
		Rubric: rubric,
		Submissions: []report.Submission{
			{Name: "alice", Results: []grader.Result{
				{Test: "input_1.txt", Verdict: check.Suboptimal, Length: 25, OptimalLength: &optimal, Solvable: true},
				{Test: "input_2.txt", Verdict: check.UnsolvableCorrect},
			}},
			{Name: "bob", Results: []grader.Result{
				{Test: "input_1.txt", Verdict: check.Timeout, Solvable: true},
				{Test: "input_2.txt", Verdict: check.Incomplete, Length: 14},
			}},
		},
	}
	gb.WriteCSV(os.Stdout)
	// Output:
	// student,input_1.txt,input_2.txt,total,max
	// alice,9.2,10,19.2,20
	// bob,0,0,0,20
}
