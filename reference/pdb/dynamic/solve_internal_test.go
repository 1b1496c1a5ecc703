package dynamic

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// TestIncrementalMatchesEstimate drives the searcher's incremental state
// the way its depth-first search does — a move, setTile, a new packing
// when the conflict graph changed, deeper moves, then unsetTile — along
// random branching walks, and checks at every node, on the way down and
// again after every undo, that Manhattan distance plus twice the packing
// equals Estimate, and that the triples held are exactly those of the
// state.
func TestIncrementalMatchesEstimate(t *testing.T) {
	cases := []struct {
		g       puzzles.Goal
		triples bool
	}{
		{puzzles.BlankFirstGoal(puzzles.Shape{Rows: 4, Cols: 4}), true},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4}), false},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 4}), true},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 5, Cols: 5}), false},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4}), true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%s-triples=%v", c.g.Shape(), c.g.Name(), c.triples), func(t *testing.T) {
			h, err := New(context.Background(), c.g, Options{Triples: c.triples})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			changes, nodes := 0, 0
			for board := range 20 {
				budget := 5000 / raceStride * (board + 1) // nodes checked so far after this board
				b := puzzles.RandomSolvable(puzzles.NewRand(rng.Uint64()), c.g)
				s := newSearcher(context.Background(), b, h, pdb.Limits{})
				check := func(where string, md, pack int) {
					t.Helper()
					nodes++
					cells := s.cells[:s.n]
					if want := h.Estimate(cells); md+2*pack != want {
						t.Fatalf("%s %v: incremental %d+2*%d, Estimate %d", where, cells, md, pack, want)
					}
					var pos [MaxPairCells]uint8
					h.positions(cells, &pos)
					var want []edge
					for _, e := range h.edges(&pos, nil) {
						if popcount(e.mask) == 3 {
							want = append(want, e)
						}
					}
					if !sameSet(want, s.tri) {
						t.Fatalf("%s %v: triples held %v, want %v", where, cells, s.tri, want)
					}
				}
				var walk func(blank, back, depth, md, pack int)
				walk = func(blank, back, depth, md, pack int) {
					check("node", md, pack)
					if depth == 0 {
						return
					}
					// The first legal direction of a random order, and each
					// later one with probability 1/5: about 1.2 children a node.
					taken := 0
					for _, d := range rng.Perm(4) {
						q := int(s.nbr[blank][d])
						if q < 0 || d == back || (taken > 0 && (rng.IntN(5) > 0 || nodes > budget)) {
							continue
						}
						taken++
						tile := int(s.cells[q])
						s.cells[blank], s.cells[q] = uint8(tile), 0
						s.pos[tile], s.pos[0] = uint8(blank), uint8(q)
						nmd := md + int(h.md[tile*s.n+blank]) - int(h.md[tile*s.n+q])
						pairMark, triMark := len(s.pairLog), len(s.triLog)
						npack := pack
						if s.setTile(tile) {
							changes++
							npack = s.pack()
						}
						walk(q, d^1, depth-1, nmd, npack)
						s.cells[blank], s.cells[q] = 0, uint8(tile)
						s.pos[tile], s.pos[0] = uint8(q), uint8(blank)
						s.unsetTile(tile, pairMark, triMark)
						check("after undo", md, pack)
					}
				}
				walk(b.Blank(), 4, 40, s.md0, s.pack0)
			}
			if changes == 0 {
				t.Errorf("the conflict graph never changed in %d nodes", nodes)
			}
			t.Logf("%d nodes, %d with a changed conflict graph", nodes, changes)
		})
	}
}

func popcount(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// sameSet reports whether a and b hold the same edges in any order.
func sameSet(a, b []edge) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[edge]int{}
	for _, e := range a {
		count[e]++
	}
	for _, e := range b {
		count[e]--
		if count[e] < 0 {
			return false
		}
	}
	return true
}
