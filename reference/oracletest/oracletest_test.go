package oracletest_test

import (
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
)

// TestExactTableShared checks that parallel callers get one table, and
// that its distances are those of the goal.
func TestExactTableShared(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	tabs := make([]any, 4)
	t.Run("parallel", func(t *testing.T) {
		for i := range tabs {
			t.Run("", func(t *testing.T) {
				t.Parallel()
				tabs[i] = oracletest.ExactTable(t, g)
			})
		}
	})
	for _, tab := range tabs[1:] {
		if tab != tabs[0] {
			t.Fatal("parallel callers got different tables")
		}
	}
	if d, ok := oracletest.ExactTable(t, g).DistanceBoard(g.Board()); !ok || d != 0 {
		t.Errorf("distance of the goal: %d (%v), want 0", d, ok)
	}
}

// TestNeighbors checks the boards one move from a corner blank and from a
// centre blank, and that the board is restored.
func TestNeighbors(t *testing.T) {
	s := puzzles.Shape{Rows: 3, Cols: 3}
	for _, tc := range []struct {
		cells []uint8
		want  int
	}{
		{[]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}, 2},
		{[]uint8{1, 2, 3, 4, 0, 5, 6, 7, 8}, 4},
	} {
		orig := slices.Clone(tc.cells)
		seen := map[string]bool{}
		oracletest.Neighbors(s, tc.cells, func(c []uint8) {
			diff := 0
			for i := range c {
				if c[i] != orig[i] {
					diff++
				}
			}
			if diff != 2 {
				t.Errorf("neighbour %v of %v differs in %d cells, want 2", c, orig, diff)
			}
			seen[string(c)] = true
		})
		if len(seen) != tc.want || !slices.Equal(tc.cells, orig) {
			t.Errorf("%v: %d neighbours (want %d), board afterwards %v", orig, len(seen), tc.want, tc.cells)
		}
	}
}

// TestWalk checks that a walk of k moves ends within k moves of the goal,
// at a distance of k's parity, and that it is the same board each time.
func TestWalk(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	tab := oracletest.ExactTable(t, g)
	longest := 0
	for k := range 16 {
		b := oracletest.Walk(g, k)
		d, ok := tab.DistanceBoard(b)
		if !ok || d > k || (k-d)%2 != 0 || !b.Equal(oracletest.Walk(g, k)) {
			t.Errorf("Walk(%d) = %s at distance %d", k, b, d)
		}
		longest = max(longest, d)
	}
	if longest < 6 {
		t.Errorf("walks of up to 15 moves reach only distance %d", longest)
	}
}
