package pdb_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// The shipped 7-8 partition is written for Korf's blank-first goal; for
// the default goal it is carried over by a half turn of the board.
func ExampleNamed() {
	s := puzzles.Shape{Rows: 4, Cols: 4}
	for _, g := range []puzzles.Goal{puzzles.BlankFirstGoal(s), puzzles.DefaultGoal(s)} {
		p, err := pdb.Named("pdb:78", g)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s\n", g.Name(), p.Spec())
	}
	// Output:
	// blank-first: 1-2-3-4-5-6-7/8-9-10-11-12-13-14-15
	// default: 9-10-11-12-13-14-15/1-2-3-4-5-6-7-8
}

// Build a two-pattern additive database for the 8-puzzle in memory (no
// cache) and solve the hardest 8-puzzle position with it; Manhattan
// distance would estimate 21.
func ExampleSolve() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p, err := pdb.Custom(g, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var tables []*pdb.Table
	for _, tiles := range p.Patterns {
		t, err := pdb.BuildTable(context.Background(), g, p.Mode, tiles, pdb.BuildOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		tables = append(tables, t)
	}
	h, err := pdb.New(p, tables, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	b := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	path, stats, err := pdb.Solve(context.Background(), b, h, pdb.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s with reflection %v: estimate %d, optimal length %d\n", h.Name(), h.Reflects(), h.Estimate(b.Bytes()), len(path))
	fmt.Println(stats.Iterations > 0)
	// Output:
	// pdb:1-2-3-4/5-6-7-8 with reflection true: estimate 29, optimal length 31
	// true
}
