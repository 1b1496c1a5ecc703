package grader_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// A student's answer names the direction each tile slides (CS3243's
// convention). Here the second move asks a tile below the blank to slide
// up, but the blank is on the bottom row.
func ExampleCheck() {
	start := puzzles.MustBoard(3, 3,
		1, 2, 3,
		4, 5, 6,
		7, 0, 8)
	p := grader.Problem{
		Board:   start,
		Goal:    puzzles.DefaultGoal(start.Shape()),
		Moves:   puzzles.TileMoves,
		Optimum: grader.KnownOptimum(1, "answer key"),
	}
	rep, err := grader.Check(context.Background(), p, strings.NewReader("LEFT\nUP\n"), "answer.txt", grader.CheckOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %s\n", rep.Verdict, rep.Summary())
	for _, line := range rep.Details() {
		fmt.Println(line)
	}
	// Output:
	// illegal: line 2 (move 2), UP: the blank is at row 3, column 3, on the bottom row: there is no tile below it to slide UP (in blank terms: the blank would move DOWN, off the board)
	// board before the move:
	//   1 2 3
	//   4 5 6
	//   7 8 _
}

// A rubric gives partial credit to a suboptimal answer as a function of
// optimal length / answer length.
func ExampleRubric_Score() {
	solved, optimal := 6.0, 4.0
	r := grader.Rubric{Solved: &solved, Optimal: &optimal, Partial: grader.PartialLinear, Unsolvable: grader.Points(10)}
	fmt.Println(r.Score(grader.Optimal, 20, 20, true))
	fmt.Println(r.Score(grader.Suboptimal, 25, 20, true))
	fmt.Println(r.Score(grader.UnsolvableCorrect, 0, 0, false))
	fmt.Println(r.Score(grader.Timeout, 0, 20, true))
	// Output:
	// 10
	// 9.2
	// 10
	// 0
}
