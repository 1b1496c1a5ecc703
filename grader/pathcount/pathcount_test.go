package pathcount_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/pathcount"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
)

// tableOracle answers distances from goal's exact distance table.
func tableOracle(t testing.TB, goal puzzles.Goal) check.Oracle {
	table := oracletest.ExactTable(t, goal)
	return check.OracleFunc(func(_ context.Context, b puzzles.Board, _ puzzles.Goal) (int, string, error) {
		d, ok := table.DistanceBoard(b)
		if !ok {
			return 0, "", puzzles.ErrUnsolvable
		}
		return d, "exact table", nil
	})
}

// bruteWalks counts every walk of exactly left moves from b, and those
// that end on the goal, by enumerating them.
func bruteWalks(b puzzles.Board, g puzzles.Goal, left int) (all, solutions int64) {
	if left == 0 {
		if g.Reached(b) {
			return 1, 1
		}
		return 1, 0
	}
	for _, st := range b.Neighbors() {
		a, s := bruteWalks(st.Board, g, left-1)
		all += a
		solutions += s
	}
	return all, solutions
}

// TestPathCounterAgreesWithEnumeration counts the solutions of the
// optimal length and of two and four moves more, and the legal move
// sequences, on sampled 2x3 and 3x3 boards, against enumerating every
// walk.
func TestPathCounterAgreesWithEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ctx := context.Background()
	for _, shape := range []puzzles.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}} {
		goal := puzzles.DefaultGoal(shape)
		oracle := tableOracle(t, goal)
		for range 12 {
			b, _ := puzzles.RandomWalk(rng, goal, 3+rng.IntN(6))
			d, _ := oracletest.ExactTable(t, goal).DistanceBoard(b)
			c := pathcount.New(b, goal, oracle, 1_000_000)
			for _, extra := range []int{0, 2, 4} {
				if d+extra > 11 {
					continue
				}
				all, want := bruteWalks(b, goal, d+extra)
				got, err := c.Solutions(ctx, d+extra)
				if err != nil {
					t.Fatal(err)
				}
				if got.Cmp(big.NewInt(want)) != 0 {
					t.Errorf("%s: solutions of %d moves: %s, enumeration %d", b, d+extra, got, want)
				}
				if seq := c.MoveSequences(d + extra); seq.Cmp(big.NewInt(all)) != 0 {
					t.Errorf("%s: move sequences of %d moves: %s, enumeration %d", b, d+extra, seq, all)
				}
			}
			if n, err := c.Solutions(ctx, d+1); err != nil || n.Sign() != 0 {
				t.Errorf("%s: %v solutions of the wrong parity (%v)", b, n, err)
			}
		}
	}
}

// TestPathCounterGivesUp: past MaxBoards the count stops with
// ErrTooManyBoards rather than run on.
func TestPathCounterGivesUp(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	b, _ := puzzles.RandomWalk(rand.New(rand.NewPCG(1, 1)), goal, 40)
	d, _ := oracletest.ExactTable(t, goal).DistanceBoard(b)
	c := pathcount.New(b, goal, tableOracle(t, goal), 50)
	if _, err := c.Solutions(context.Background(), d+4); !errors.Is(err, pathcount.ErrTooManyBoards) {
		t.Errorf("err = %v, want ErrTooManyBoards", err)
	}
}
