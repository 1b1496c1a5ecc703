package reference_test

import (
	"context"
	"errors"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// TestProveWithin: within a budget large enough, ProveWithin proves what
// Prove proves; past it an IDA* proof stops with search.ErrNodeLimit,
// while an exact table needs no budget at all.
func TestProveWithin(t *testing.T) {
	ctx := context.Background()
	p := &reference.Prover{}
	g44 := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	b, _ := puzzles.RandomWalk(puzzles.NewRand(4), g44, 30)
	want, err := p.Prove(ctx, b, g44)
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.ProveWithin(ctx, b, g44, search.Limits{MaxNodes: 50_000_000})
	if err != nil || got.Length != want.Length {
		t.Errorf("within a large budget: %d moves (%v), Prove says %d", got.Length, err, want.Length)
	}
	if _, err := p.ProveWithin(ctx, b, g44, search.Limits{MaxNodes: 1}); !errors.Is(err, search.ErrNodeLimit) {
		t.Errorf("within 1 expansion: err = %v, want ErrNodeLimit", err)
	}
	g33 := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	b33, _ := puzzles.RandomWalk(puzzles.NewRand(5), g33, 40)
	if _, err := p.ProveWithin(ctx, b33, g33, search.Limits{MaxNodes: 1}); err != nil {
		t.Errorf("an exact table within 1 expansion: %v", err)
	}
}
