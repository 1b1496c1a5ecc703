package notation_test

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Princeton's Solver prints the boards from the start to the goal; the
// notation is detected and each step becomes a move.
func ExampleRead() {
	start := puzzles.MustBoard(3, 3, 1, 0, 3, 4, 2, 5, 7, 8, 6)
	output := `Minimum number of moves = 3
3
 1  0  3
 4  2  5
 7  8  6

3
 1  2  3
 4  0  5
 7  8  6

3
 1  2  3
 4  5  0
 7  8  6

3
 1  2  3
 4  5  6
 7  8  0
`
	a, n, err := notation.Read(strings.NewReader(output), "solver.out", notation.Options{Start: start, Convention: puzzles.TileMoves})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("read as", n)
	fmt.Print(a.Format())
	// Output:
	// read as boards
	// UP
	// LEFT
	// UP
}

// Tile numbers say which tile slides; a tile that is not next to the
// blank is an illegal move, reported with its line.
func ExampleRead_tiles() {
	start := puzzles.MustBoard(3, 3, 1, 0, 3, 4, 2, 5, 7, 8, 6)
	a, n, _ := notation.Read(strings.NewReader("[2, 5,\n 8]\n"), "answer.txt", notation.Options{Start: start})
	_, err := puzzles.Replay(start, a, puzzles.TileMoves)
	fmt.Println(n, a.Len())
	fmt.Println(err)
	// Output:
	// tiles 2
	// line 2 (move 3): illegal move 8: tile 8 is at row 3, column 2, not next to the blank at row 2, column 3
}

// A menu program prints its path as boards between its prompts and its
// statistics; the one block of boards is the answer.
func ExampleReadSpan() {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 5, 7, 8, 6)
	output := `Type "1" to use a default puzzle, or "2" to enter your own puzzle.
Enter your choice of algorithm: 1 for breadth first search
Solution path:
1 2 3
4 0 5
7 8 6

1 2 3
4 5 0
7 8 6

1 2 3
4 5 6
7 8 0
Goal reached after 2 moves
The maximum number of nodes in the queue at any one time: 7.
`
	a, n, span, err := notation.ReadSpan(strings.NewReader(output), "report.txt", notation.Options{Start: start, Convention: puzzles.TileMoves})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n, span, a.Tokens)
	// Output: boards lines 3-14 [LEFT UP]
}

// A course whose moves are c, b, e, d (cima, baixo, esquerda, direita):
// its d is right.
func ExampleNewVocabulary() {
	v, err := notation.NewVocabulary(map[puzzles.Dir][]string{puzzles.Up: {"c"}, puzzles.Down: {"b"}, puzzles.Left: {"e"}, puzzles.Right: {"d"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, n, err := notation.Read(strings.NewReader("['e', 'b', 'd']\n"), "answer.txt", notation.Options{Words: v})
	fmt.Println(n, a.Tokens, err)
	// Output: list [LEFT DOWN RIGHT] <nil>
}
