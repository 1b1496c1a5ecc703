package heuristics_test

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// Linear conflict on a row in reverse order: the three tiles form three
// conflicting pairs, but only two of them must leave the row (the longest
// increasing subsequence of their goal columns has length 1), so linear
// conflict adds 2 × 2 = 4 moves to Manhattan distance, not 2 × 3.
func ExampleLinearConflict() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	b := puzzles.MustBoard(3, 3,
		3, 2, 1,
		4, 5, 6,
		7, 8, 0)
	md := heuristics.NewManhattan(g)
	lc := heuristics.NewLinearConflict(g)
	rows, cols := lc.Conflicts(b.Bytes())
	fmt.Println("manhattan:", md.Estimate(b.Bytes()))
	fmt.Println("tiles that must leave their row:", rows, "their column:", cols)
	fmt.Println("linear conflict:", lc.Estimate(b.Bytes()))
	// Output:
	// manhattan: 4
	// tiles that must leave their row: 2 their column: 0
	// linear conflict: 8
}

// Euclidean distance: the real sum for audits, its ceiling for search.
func ExampleEuclidean() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	b := puzzles.MustBoard(3, 3,
		5, 2, 3,
		4, 1, 6,
		7, 8, 0)
	e := heuristics.NewEuclidean(g)
	fmt.Printf("exact %.4f, estimate %d\n", e.Exact(b.Bytes()), e.Estimate(b.Bytes()))
	// Output:
	// exact 2.8284, estimate 3
}
