package berkeley_test

import (
	"context"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// BenchmarkBFSCapped is the grader's reference for one test at its
// worst: BFS on one of the hardest 8-puzzle boards, stopped at 100,001
// expansions as the order check stops it.
func BenchmarkBFSCapped(b *testing.B) {
	start := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	goal := puzzles.DefaultGoal(start.Shape())
	for b.Loop() {
		r, err := berkeley.Search(context.Background(), start, goal, berkeley.Options{Algorithm: berkeley.BFS, MaxExpanded: 100_001})
		if err != nil || !r.Capped {
			b.Fatal(err, r.Capped)
		}
	}
}
