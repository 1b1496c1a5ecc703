package grader_test

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// A student's Board counted the blank in manhattan() and swapped the
// blank in twin(); the method report of kpuzzle's Java harness is judged
// against what the Princeton API must return on the test's board.
func ExampleJudgeJavaAPI() {
	report := `kpuzzle-api 1
dimension = 3
hamming = 2
manhattan = 3
twin :
| 3
|  1  2  3
|  0  4  6
|  7  5  8
`
	rep, err := grader.ParseAPIReport(strings.NewReader(report), "output.txt.api")
	if err != nil {
		fmt.Println(err)
		return
	}
	board := puzzles.MustBoard(3, 3,
		1, 2, 3,
		4, 0, 6,
		7, 5, 8)
	test := grader.Test{Name: "p1.txt", Board: board, Goal: puzzles.DefaultGoal(board.Shape()), Solvable: true}
	for _, c := range grader.JudgeJavaAPI(rep, test, grader.Result{Verdict: check.Timeout}) {
		if c.Name != grader.APIIsGoal && c.Name != grader.APINeighbors && c.Name != grader.APIEquals {
			fmt.Println(c.Line())
		}
	}
	// Output:
	// dimension() passed: dimension() returned 3
	// hamming() passed: hamming() returned 2
	// manhattan() FAILED: manhattan() returned 3, expected 2 (the sum of the tiles' Manhattan distances to their goal cells, the blank not counted)
	// twin() FAILED: twin() swapped the blank with tile 4: that is a move (the same solvability), but a twin swaps two tiles, not the blank, so that exactly one of the board and its twin is solvable
	// moves() FAILED: not reported: the run ended (timeout) before the harness called moves()
	// tileAt() passed: not applicable: tileAt(row, col) is part of the campus API, and these classes follow the coursera API
	// isSolvable() passed: not applicable: Board.isSolvable() is part of the campus API, and these classes follow the coursera API
}
