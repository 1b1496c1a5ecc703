package search_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// A* with Manhattan distance on an 8-puzzle, with the counts every result
// carries. Here Manhattan distance is exact (6), so A* expands only the
// states on the path.
func ExampleAStar() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	start := puzzles.MustBoard(3, 3,
		4, 1, 3,
		7, 2, 5,
		0, 8, 6)
	res, err := search.AStar(context.Background(), search.Problem{Start: start, Goal: g}, heuristics.NewManhattan(g), search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves:", len(res.Path), "optimal:", res.Optimal)
	fmt.Println("tiles move:", puzzles.TileMoves.Tokens(res.Path))
	fmt.Println("tie-break:", res.TieBreak.Describe())
	fmt.Println("expanded:", res.Stats.Expanded, "generated:", res.Stats.Generated)
	// Output:
	// moves: 6 optimal: true
	// tiles move: [DOWN DOWN LEFT UP LEFT UP]
	// tie-break: lowest f, then highest g, then last in, first out
	// expanded: 6 generated: 17
}

// The band every A* run with Manhattan distance falls in on the hardest
// 8-puzzle, whatever its tie-break.
func ExampleAStarBand() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	start := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	band, err := search.AStarBand(context.Background(), search.Problem{Start: start, Goal: g}, heuristics.NewManhattan(g), search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("C* = %d; A* expands between %d and %d states\n", band.Cost, band.MustExpand, band.MayExpand)
	// Output:
	// C* = 31; A* expands between 6549 and 21197 states
}

// IDA* reports each iteration's f bound with the work done under it.
func ExampleIDAStar() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	start := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	res, err := search.IDAStar(context.Background(), search.Problem{Start: start, Goal: g}, heuristics.NewLinearConflict(g), search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves:", len(res.Path))
	for _, it := range res.Stats.Iterations {
		fmt.Printf("bound %d: %d expanded\n", it.Bound, it.Expanded)
	}
	// Output:
	// moves: 31
	// bound 23: 14 expanded
	// bound 25: 153 expanded
	// bound 27: 1244 expanded
	// bound 29: 5869 expanded
	// bound 31: 313 expanded
}

func ExampleParseTieBreak() {
	tb, err := search.ParseTieBreak("low-g-fifo")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tb, "=", tb.Describe())
	// Output:
	// low-g-fifo = lowest f, then lowest g, then first in, first out
}

// IDA* on two threads: Korf's instance 9 (46 moves) with Manhattan
// distance. The path is the serial search's, and every iteration but the
// last counts exactly the serial search's nodes.
func ExampleIDAStar_threads() {
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		fmt.Println(err)
		return
	}
	inst := set.Instances[8]
	p := search.Problem{Start: inst.Board, Goal: set.Goal(inst)}
	h := heuristics.NewManhattan(p.Goal)
	serial, err := search.IDAStar(context.Background(), p, h, search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	par, err := search.IDAStar(context.Background(), p, h, search.Options{Threads: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	last := len(par.Stats.Iterations) - 1
	fmt.Println("moves:", len(par.Path), "threads:", par.Threads)
	fmt.Println("same path as the serial search:", slices.Equal(par.Path, serial.Path))
	fmt.Println("same iterations before the last:", slices.Equal(par.Stats.Iterations[:last], serial.Stats.Iterations[:last]))
	// Output:
	// moves: 46 threads: 2
	// same path as the serial search: true
	// same iterations before the last: true
}
