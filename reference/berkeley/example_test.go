package berkeley_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// Breadth-first search, CS188's way, on a 2x2 board: the states expanded,
// in order, and the actions (the blank's moves) returned.
func ExampleSearch() {
	start := puzzles.MustBoard(2, 2, 1, 2, 0, 3)
	r, err := berkeley.Search(context.Background(), start, puzzles.DefaultGoal(start.Shape()), berkeley.Options{Algorithm: berkeley.BFS})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range r.Expanded {
		fmt.Println("expanded", b)
	}
	for _, d := range r.Actions {
		fmt.Println("action", berkeley.ActionName(d))
	}
	// Output:
	// expanded 1 2 0 3
	// expanded 0 2 1 3
	// action right
}
