package exact_test

import (
	"errors"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestPath(t *testing.T) {
	for _, s := range []puzzles.Shape{shape2x2, shape2x3, shape3x2, shape2x4, shape3x3} {
		for _, g := range testGoals(s) {
			t.Run(s.String()+"/"+g.Name(), func(t *testing.T) {
				tb := table(t, g)
				rng := puzzles.NewRand(7)
				checkPath(t, tb, g.Board())
				for range 200 {
					checkPath(t, tb, puzzles.RandomSolvable(rng, g))
				}
				for cells := range tb.AtDepth(tb.MaxDepth()) {
					checkPath(t, tb, puzzles.FromBytes(s, cells))
				}
			})
		}
	}
}

func TestPathGoalIsEmpty(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	path, err := table(t, g).Path(g.Board())
	if err != nil || len(path) != 0 {
		t.Errorf("Path(goal) = %v, %v; want no moves", path, err)
	}
}

func TestPathUnsolvable(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := table(t, g)
	b := puzzles.RandomUnsolvable(puzzles.NewRand(1), g)
	if _, err := tb.Path(b); !errors.Is(err, puzzles.ErrUnsolvable) {
		t.Errorf("Path(unsolvable %s): error %v, want ErrUnsolvable", b, err)
	}
	if _, ok := tb.DistanceBoard(b); ok {
		t.Errorf("DistanceBoard(unsolvable %s) reports a distance", b)
	}
	other := puzzles.DefaultGoal(shape2x4).Board()
	if _, err := tb.Path(other); err == nil || errors.Is(err, puzzles.ErrUnsolvable) {
		t.Errorf("Path(2x4 board) on a 3x3 table: error %v, want a shape error", err)
	}
	if _, ok := tb.DistanceBoard(other); ok {
		t.Error("DistanceBoard(2x4 board) on a 3x3 table reports a distance")
	}
}
