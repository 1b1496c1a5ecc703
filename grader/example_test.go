package grader_test

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// A rubric gives partial credit to a suboptimal answer as a function of
// optimal length / answer length.
func ExampleRubric_Score() {
	solved, optimal := 6.0, 4.0
	r := grader.Rubric{Solved: &solved, Optimal: &optimal, Partial: grader.PartialLinear, Unsolvable: grader.Points(10)}
	fmt.Println(r.Score(check.Optimal, 20, 20, true))
	fmt.Println(r.Score(check.Suboptimal, 25, 20, true))
	fmt.Println(r.Score(check.UnsolvableCorrect, 0, 0, false))
	fmt.Println(r.Score(check.Timeout, 0, 20, true))
	// Output:
	// 10
	// 9.2
	// 10
	// 0
}
