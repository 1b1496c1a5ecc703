package setgen_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// A set of 8-puzzles stratified by optimal length: two boards at each of
// the depths 5 to 7, drawn from the exact distance table, and one
// deliberately unsolvable board. Every solvable entry carries its key.
func ExampleGenerate() {
	spec := setgen.Spec{
		Groups: []setgen.Group{{
			Goal:       puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}),
			Mode:       setgen.Depth,
			Depths:     setgen.Range{Min: 5, Max: 7},
			PerDepth:   2,
			Unsolvable: 1,
		}},
		Seed:       2025,
		Convention: puzzles.TileMoves,
	}
	set, err := setgen.Generate(context.Background(), spec, setgen.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range set.Puzzles {
		e := p.Entry
		if !e.Solvable {
			fmt.Printf("%s  %s  unsolvable (%s)\n", e.File, p.Board, e.Proof)
			continue
		}
		fmt.Printf("%s  %s  %d moves (%s): %s\n", e.File, p.Board, *e.OptimalLength, e.Proof, strings.Join(e.Solution, " "))
	}
	// Output:
	// puzzle_1.txt  1 2 3 5 6 0 4 7 8  5 moves (exact table 3x3): RIGHT RIGHT UP LEFT LEFT
	// puzzle_2.txt  1 5 2 4 3 0 7 8 6  5 moves (exact table 3x3): RIGHT DOWN LEFT UP UP
	// puzzle_3.txt  1 5 2 4 3 6 7 8 0  6 moves (exact table 3x3): DOWN RIGHT DOWN LEFT UP UP
	// puzzle_4.txt  1 2 3 5 6 8 4 7 0  6 moves (exact table 3x3): DOWN RIGHT RIGHT UP LEFT LEFT
	// puzzle_5.txt  1 5 2 7 4 3 8 0 6  7 moves (exact table 3x3): RIGHT DOWN LEFT DOWN LEFT UP UP
	// puzzle_6.txt  4 1 3 2 6 0 7 5 8  7 moves (exact table 3x3): RIGHT RIGHT DOWN LEFT UP UP LEFT
	// puzzle_7.txt  6 0 1 8 5 4 2 3 7  unsolvable (solvability rule odd-width-inversions)
}

// A cluster array job splits a generation into shards; Merge puts the
// shards back together in the order of the unsharded set.
func ExampleMerge() {
	spec := setgen.Spec{
		Groups:    []setgen.Group{{Goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3}), Count: 5}},
		Seed:      9,
		Generator: "example",
	}
	var shards []puzzles.Manifest
	for i := 1; i <= 2; i++ {
		part, err := setgen.Generate(context.Background(), spec, setgen.Options{Shard: setgen.Shard{Index: i, Count: 2}})
		if err != nil {
			fmt.Println(err)
			return
		}
		m := part.Manifest
		for _, p := range part.Puzzles {
			m.Puzzles = append(m.Puzzles, p.Entry)
		}
		fmt.Printf("%s: %d puzzles\n", m.Generator, len(m.Puzzles))
		shards = append(shards, m)
	}
	merged, _, err := setgen.Merge(shards)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s:", merged.Generator)
	for _, e := range merged.Puzzles {
		fmt.Printf(" %s", e.File)
	}
	fmt.Println()
	// Output:
	// example --shard 1/2: 3 puzzles
	// example --shard 2/2: 2 puzzles
	// example: puzzle_1.txt puzzle_2.txt puzzle_3.txt puzzle_4.txt puzzle_5.txt
}
