package puzzles_test

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The classic rule for the default goal, with its explanation.
func ExampleCheckSolvable() {
	b, _ := puzzles.ParseBoard(strings.NewReader("1 2 3\n4 5 6\n8 7 0\n"), "input_1.txt")
	s := puzzles.CheckSolvable(b, puzzles.DefaultGoal(b.Shape()))
	fmt.Println(s.Solvable)
	fmt.Println(s.Explanation)
	// Output:
	// false
	// width 3 is odd, so the board is solvable iff its inversion count is even; it has 1 inversions (odd): unsolvable
}

// For a non-standard goal the textbook inversion rule gives the wrong
// answer; the general rule does not.
func ExampleCheckSolvable_blankFirst() {
	b := puzzles.MustBoard(2, 4, 1, 2, 3, 4, 5, 6, 7, 0)
	s := puzzles.CheckSolvable(b, puzzles.BlankFirstGoal(b.Shape()))
	fmt.Println(s.Solvable, s.TextbookSolvable)
	// Output: false true
}

// The same answer file means different things under the two move
// conventions.
func ExampleReplay() {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	answer, _ := puzzles.ParseAnswer(strings.NewReader("LEFT\n"), "answer.txt", puzzles.AnswerLimits{})

	tile, _ := puzzles.Replay(start, answer, puzzles.TileMoves)
	fmt.Println("tile: ", tile)
	blank, _ := puzzles.Replay(start, answer, puzzles.BlankMoves)
	fmt.Println("blank:", blank)
	// Output:
	// tile:  1 2 3 4 5 6 7 8 0
	// blank: 1 2 3 4 5 6 0 7 8
}

// An illegal move is reported with its line, the board and the reason.
func ExampleReplay_illegal() {
	start := puzzles.MustBoard(2, 2, 1, 2, 3, 0)
	answer, _ := puzzles.ParseAnswer(strings.NewReader("DOWN\nDOWN\n"), "answer.txt", puzzles.AnswerLimits{})
	_, err := puzzles.Replay(start, answer, puzzles.TileMoves)
	fmt.Println(err)
	// Output: line 2 (move 2): illegal move DOWN: the blank is at row 1, column 2, on the top row: there is no tile above it to slide DOWN
}
