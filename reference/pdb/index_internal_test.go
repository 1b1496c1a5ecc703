package pdb

import (
	"math/bits"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestRankUnrankRoundTrip(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{4, 1}, {6, 3}, {8, 8}, {9, 4}, {12, 6}, {16, 2}} {
		size, ok := placements(tc.n, tc.k, MaxEntries)
		if !ok {
			t.Fatalf("placements(%d,%d) overflowed", tc.n, tc.k)
		}
		pos := make([]uint8, tc.k)
		seen := make(map[int64]bool)
		for idx := int64(0); idx < size; idx++ {
			used := unrank(tc.n, idx, pos)
			if bits.OnesCount64(used) != tc.k || used>>tc.n != 0 {
				t.Fatalf("n=%d k=%d: unrank(%d) = %v: not %d distinct cells below %d", tc.n, tc.k, idx, pos, tc.k, tc.n)
			}
			if got := rank(tc.n, pos); got != idx {
				t.Fatalf("n=%d k=%d: rank(unrank(%d)) = %d", tc.n, tc.k, idx, got)
			}
			seen[idx] = true
		}
		if int64(len(seen)) != size {
			t.Errorf("n=%d k=%d: %d distinct ranks, want %d", tc.n, tc.k, len(seen), size)
		}
	}
}

func TestPlacementsOverflow(t *testing.T) {
	if _, ok := placements(64, 20, MaxEntries); ok {
		t.Error("placements(64, 20) fits under MaxEntries; expected overflow")
	}
	got, ok := placements(16, 8, MaxEntries)
	if diff := cmp.Diff(int64(518918400), got); diff != "" || !ok {
		t.Errorf("placements(16, 8) (-want +got):\n%s", diff)
	}
}

func TestFlood(t *testing.T) {
	geo, err := newGeometry(puzzles.Shape{Rows: 3, Cols: 4})
	if err != nil {
		t.Fatal(err)
	}
	// Cells:      free cells (x):
	//  0  1  2  3   x . x x
	//  4  5  6  7   x . . x
	//  8  9 10 11   x x . x
	free := uint64(1<<0 | 1<<2 | 1<<3 | 1<<4 | 1<<7 | 1<<8 | 1<<9 | 1<<11)
	for _, tc := range []struct {
		from int
		want uint64
	}{
		{0, 1<<0 | 1<<4 | 1<<8 | 1<<9},
		{3, 1<<2 | 1<<3 | 1<<7 | 1<<11},
		{9, 1<<0 | 1<<4 | 1<<8 | 1<<9},
	} {
		if got := geo.flood(free, tc.from); got != tc.want {
			t.Errorf("flood from %d = %012b, want %012b", tc.from, got, tc.want)
		}
	}
}

func TestReflectionOfBuiltInGoals(t *testing.T) {
	s := puzzles.Shape{Rows: 4, Cols: 4}
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(s), puzzles.BlankFirstGoal(s)} {
		r := newReflection(g)
		if !r.valid {
			t.Fatalf("%s goal: reflection not valid", g.Name())
		}
		// The reflection of the goal is the goal.
		for c := range s.Cells() {
			if got, want := int(r.tile[g.Board().At(c)]), g.Board().At(int(r.cell[c])); got != want {
				t.Errorf("%s goal: tile on cell %d reflects to %d, want %d", g.Name(), c, got, want)
			}
		}
	}
	off := puzzles.NewGoal(puzzles.MustBoard(3, 3, 1, 0, 2, 3, 4, 5, 6, 7, 8), "off-diagonal")
	if newReflection(off).valid {
		t.Error("goal with the blank off the diagonal: reflection valid, want invalid")
	}
	if newReflection(puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4})).valid {
		t.Error("2x4 goal: reflection valid, want invalid")
	}
}
