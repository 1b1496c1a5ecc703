package exact_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// Build the 8-puzzle's table once, then ask it for distances and optimal
// solutions.
func ExampleBuild() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	tb, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("states:", tb.Len(), "max depth:", tb.MaxDepth())

	b := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	d, _ := tb.DistanceBoard(b)
	path, _ := tb.Path(b)
	fmt.Println("distance:", d, "blank moves:", path)
	fmt.Println("answer file (tile moves):", puzzles.TileMoves.Tokens(path))

	_, ok := tb.DistanceBoard(puzzles.MustBoard(3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0))
	fmt.Println("swapped tiles solvable:", ok)
	// Output:
	// states: 181440 max depth: 31
	// distance: 2 blank moves: [DOWN RIGHT]
	// answer file (tile moves): [UP LEFT]
	// swapped tiles solvable: false
}

// The hardest 8-puzzles are the states at the table's maximum depth.
func ExampleTable_AtDepth() {
	s := puzzles.Shape{Rows: 3, Cols: 3}
	tb, _ := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{})
	for cells := range tb.AtDepth(tb.MaxDepth()) {
		fmt.Println(puzzles.FromBytes(s, cells))
	}
	// Output:
	// 6 4 7 8 5 0 3 2 1
	// 8 6 7 2 5 4 3 0 1
}

// Depth-stratified generation: three distinct 8-puzzles that need exactly
// 20 moves, reproducible from the seed.
func ExampleTable_SampleAt() {
	s := puzzles.Shape{Rows: 3, Cols: 3}
	tb, _ := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{})
	for _, b := range tb.SampleAt(puzzles.NewRand(2024), 20, 3) {
		d, _ := tb.DistanceBoard(b)
		fmt.Println(d, b)
	}
	// Output:
	// 20 0 7 2 6 3 4 5 1 8
	// 20 1 7 4 5 6 2 8 3 0
	// 20 8 7 1 6 4 3 0 2 5
}

// A Ranker numbers the reachable states without gaps: the goal of the
// 2x3 puzzle and its 360 states.
func ExampleRanker() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	rk, _ := exact.NewRanker(g)
	r, ok := rk.Rank(g.Board().Bytes())
	fmt.Println(rk.Size(), r, ok)
	fmt.Println(rk.Unrank(r, nil))
	_, ok = rk.Rank([]uint8{2, 1, 3, 4, 5, 0})
	fmt.Println(ok)
	// Output:
	// 360 300 true
	// [1 2 3 4 5 0]
	// false
}

// Save and Load keep a built table in a file (here a buffer); Load checks
// the header, the checksum and that the table is for the goal asked for.
func ExampleLoad() {
	s := puzzles.Shape{Rows: 2, Cols: 3}
	tb, _ := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{})
	var file bytes.Buffer
	if err := tb.Save(&file); err != nil {
		fmt.Println(err)
		return
	}
	data := file.Bytes()
	fmt.Println("file size:", len(data))

	back, err := exact.Load(bytes.NewReader(data), puzzles.DefaultGoal(s))
	fmt.Println("loaded:", err == nil, back.MaxDepth())

	_, err = exact.Load(bytes.NewReader(data), puzzles.BlankFirstGoal(s))
	fmt.Println("other goal:", errors.Is(err, exact.ErrMismatch))

	data[40] ^= 1 // one flipped bit
	_, err = exact.Load(bytes.NewReader(data), puzzles.Goal{})
	fmt.Println(err)
	// Output:
	// file size: 391
	// loaded: true 21
	// other goal: true
	// load exact table: corrupt exact table file: stored checksum a8f2930d does not match the content's 0afb67b8
}

// The heuristic auditor's check in miniature: Manhattan distance never
// exceeds the exact distance on any of the 181,440 8-puzzle states, and
// equals it on 2,351 of them.
func ExampleTable_All() {
	s := puzzles.Shape{Rows: 3, Cols: 3}
	g := puzzles.DefaultGoal(s)
	tb, _ := exact.Build(context.Background(), g, exact.Options{})
	manhattan := func(cells []uint8) int {
		h := 0
		for i, t := range cells {
			if t != 0 {
				h += s.Distance(i, g.Pos(int(t)))
			}
		}
		return h
	}
	checked, over, exactHits := 0, 0, 0
	for cells, d := range tb.All() {
		h := manhattan(cells)
		checked++
		if h > d {
			over++
		}
		if h == d {
			exactHits++
		}
	}
	fmt.Println("checked:", checked, "overestimates:", over, "exact:", exactHits)
	// Output:
	// checked: 181440 overestimates: 0 exact: 2351
}
