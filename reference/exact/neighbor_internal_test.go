package exact

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestNeighborRank checks the incremental rank of a move against a full
// re-rank of the moved board: on every state of the small boards and on
// random states of the 12-cell ones.
func TestNeighborRank(t *testing.T) {
	shapes := []puzzles.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 3, Cols: 3},
		{Rows: 3, Cols: 4}, {Rows: 4, Cols: 3}, {Rows: 2, Cols: 6}, {Rows: 6, Cols: 2}}
	for _, s := range shapes {
		for _, g := range []puzzles.Goal{puzzles.DefaultGoal(s), puzzles.BlankFirstGoal(s)} {
			rk, err := NewRanker(g)
			if err != nil {
				t.Fatal(err)
			}
			check := func(r int) {
				cells := rk.Unrank(r, nil)
				b := puzzles.FromBytes(s, cells)
				for _, st := range b.Neighbors() {
					want, ok := rk.Rank(st.Board.Bytes())
					got := rk.neighborRank(r, cells, b.Blank(), st.Board.Blank())
					if !ok || got != want {
						t.Fatalf("%s: %s moving %v: neighborRank = %d, Rank = %d, %v", s, b, st.Dir, got, want, ok)
					}
				}
			}
			if rk.Size() <= 200000 {
				for r := range rk.Size() {
					check(r)
				}
				continue
			}
			rng := puzzles.NewRand(1)
			for range 20000 {
				check(rng.IntN(rk.Size()))
			}
		}
	}
}
