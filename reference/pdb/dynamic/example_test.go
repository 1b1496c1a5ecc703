package dynamic_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
)

// Three kinds of interaction that Manhattan distance (6 here) does not
// see, found by the pair tables: tiles 1 and 2 must pass each other in
// the top row (linear conflict); tile 3 in the corner above tile 5 cannot
// leave it without shutting the blank in the corner, so one of them must
// step aside and back; and tile 15 cannot slide right without leaving the
// blank cut off from its goal corner by tile 12. Each costs 2 more
// moves. The triple tables find costlier groups: with tile 9 on its goal
// cell, tiles 1 and 2 cannot swap by the second row either without
// shutting the blank in.
func Example() {
	ctx := context.Background()
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	b := puzzles.MustBoard(4, 4,
		3, 2, 1, 4,
		5, 6, 7, 8,
		9, 10, 11, 12,
		13, 15, 14, 0)
	cells := b.Bytes()
	fmt.Println("manhattan:", heuristics.NewManhattan(g).Estimate(cells))
	fmt.Println("linear-conflict:", heuristics.NewLinearConflict(g).Estimate(cells))
	for _, o := range []dynamic.Options{{}, {Triples: true}} {
		h, err := dynamic.New(ctx, g, o)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d, groups %v\n", h.Name(), h.Estimate(cells), h.Partition(cells))
		if o.Triples {
			path, _, err := dynamic.Solve(ctx, b, h, pdb.Limits{})
			fmt.Println("optimal:", len(path), err)
		}
	}
	// Output:
	// manhattan: 6
	// linear-conflict: 12
	// pdb:pairs: 12, groups [{[1 2] 2} {[3 5] 2} {[12 15] 2}]
	// pdb:dynamic: 18, groups [{[1 2 9] 4} {[3 5 6] 4} {[10 14 15] 4}]
	// optimal: 32 <nil>
}
