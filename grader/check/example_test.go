package check_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// A student's answer names the direction each tile slides (CS3243's
// convention). Here the second move asks a tile below the blank to slide
// up, but the blank is on the bottom row.
func ExampleAnswer() {
	start := puzzles.MustBoard(3, 3,
		1, 2, 3,
		4, 5, 6,
		7, 0, 8)
	p := check.Problem{
		Board:      start,
		Goal:       puzzles.DefaultGoal(start.Shape()),
		Convention: puzzles.TileMoves,
		Optimum:    check.KnownOptimum(1, "answer key"),
	}
	rep, err := check.Answer(context.Background(), p, strings.NewReader("LEFT\nUP\n"), "answer.txt", check.Options{})
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
