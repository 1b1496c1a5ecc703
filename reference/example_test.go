package reference_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// ProveOptimal picks the fastest route it has: an exact table for the
// 8-puzzle, IDA* with linear conflict for the 15-puzzle.
func ExampleProveOptimal() {
	ctx := context.Background()
	eight := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	p, err := reference.ProveOptimal(ctx, eight, puzzles.DefaultGoal(eight.Shape()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Length, "moves by", p.Method)

	fifteen := puzzles.MustBoard(4, 4, 3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0) // Korf's instance 9
	p, err = reference.ProveOptimal(ctx, fifteen, puzzles.BlankFirstGoal(fifteen.Shape()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Length, "moves by", p.Method)
	// Output:
	// 31 moves by exact table 3x3
	// 46 moves by IDA* + linear-conflict
}

// Solve runs any algorithm by name.
func ExampleSolve() {
	b := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	sol, err := reference.Solve(context.Background(), reference.Request{
		Board: b, Goal: puzzles.DefaultGoal(b.Shape()), Algorithm: "bfs",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Route, len(sol.Path), "moves, optimal:", sol.Optimal)
	fmt.Println("tiles move:", puzzles.TileMoves.Tokens(sol.Path))
	// Output:
	// bfs 2 moves, optimal: true
	// tiles move: [UP LEFT]
}
