package exact_test

import (
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

func ranker(t testing.TB, g puzzles.Goal) *exact.Ranker {
	t.Helper()
	rk, err := exact.NewRanker(g)
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

// TestRankerBijection unranks every rank of the small boards: each gives
// a distinct state that puzzles.Solvable accepts and that ranks back to
// the same number. Size() = n!/2 distinct solvable states are all of
// them, so Rank and Unrank are inverse bijections.
func TestRankerBijection(t *testing.T) {
	for _, s := range []puzzles.Shape{shape2x2, shape2x3, shape3x2, shape2x4, shape3x3} {
		for _, g := range testGoals(s) {
			rk := ranker(t, g)
			seen := make(map[puzzles.Code]bool, rk.Size())
			var cells []uint8
			for r := range rk.Size() {
				cells = rk.Unrank(r, cells)
				b := puzzles.FromBytes(s, cells)
				code, _ := puzzles.EncodeCode(b)
				back, ok := rk.Rank(cells)
				if seen[code] || !puzzles.Solvable(b, g) || !ok || back != r {
					t.Fatalf("%s goal %s: Unrank(%d) = %s (seen %v, solvable %v), ranks back to %d, %v",
						s, g.Name(), r, b, seen[code], puzzles.Solvable(b, g), back, ok)
				}
				seen[code] = true
			}
		}
	}
}

// TestRankerLarge checks random states of the 12-cell boards: solvable
// states rank into range and back, unsolvable ones do not rank.
func TestRankerLarge(t *testing.T) {
	for _, s := range []puzzles.Shape{shape3x4, shape2x6, {Rows: 4, Cols: 3}, shape2x5} {
		for _, g := range testGoals(s) {
			rk := ranker(t, g)
			if got, want := int64(rk.Size()), exact.StateCount(s); got != want {
				t.Errorf("%s Size() = %d, want %d", s, got, want)
			}
			rng := puzzles.NewRand(uint64(s.Cells()))
			for range 2000 {
				b := puzzles.RandomSolvable(rng, g)
				r, ok := rk.Rank(b.Bytes())
				if !ok || r < 0 || r >= rk.Size() {
					t.Fatalf("%s goal %s: Rank(%s) = %d, %v", s, g.Name(), b, r, ok)
				}
				if got := rk.Unrank(r, nil); !slices.Equal(got, b.Bytes()) {
					t.Fatalf("%s goal %s: Unrank(Rank(%s)) = %v", s, g.Name(), b, got)
				}
				u := puzzles.RandomUnsolvable(rng, g)
				if r, ok := rk.Rank(u.Bytes()); ok {
					t.Fatalf("%s goal %s: unsolvable %s ranks to %d", s, g.Name(), u, r)
				}
				r = rng.IntN(rk.Size())
				cells := rk.Unrank(r, nil)
				if back, ok := rk.Rank(cells); !ok || back != r || !puzzles.Solvable(puzzles.FromBytes(s, cells), g) {
					t.Fatalf("%s goal %s: Unrank(%d) = %v ranks back to %d, %v", s, g.Name(), r, cells, back, ok)
				}
			}
		}
	}
}

func TestRankRejectsNonBoards(t *testing.T) {
	rk := ranker(t, puzzles.DefaultGoal(shape2x3))
	for _, cells := range [][]uint8{
		nil,
		{1, 2, 3, 4, 5},
		{1, 2, 3, 4, 5, 0, 6},
		{1, 2, 3, 4, 5, 6},
		{1, 1, 3, 4, 5, 0},
		{0, 0, 0, 0, 0, 0},
		{255, 2, 3, 4, 5, 0},
	} {
		if r, ok := rk.Rank(cells); ok {
			t.Errorf("Rank(%v) = %d, want false", cells, r)
		}
	}
}

func TestUnrankPanicsOutOfRange(t *testing.T) {
	rk := ranker(t, puzzles.DefaultGoal(shape2x3))
	for _, r := range []int{-1, rk.Size()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Unrank(%d) did not panic", r)
				}
			}()
			rk.Unrank(r, nil)
		}()
	}
}

// FuzzRankUnrank feeds arbitrary bytes as a board of a shape and goal the
// first two bytes choose. A non-permutation must not rank; a permutation
// ranks iff it is solvable, into 0..Size()-1, and unranks back to itself.
// The same bytes, read as Fisher-Yates choices, also make a permutation,
// so most inputs exercise the ranking itself.
func FuzzRankUnrank(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4, 5, 0})
	f.Add([]byte{3, 1, 8, 6, 7, 2, 5, 4, 3, 0, 1})
	f.Add([]byte{5, 2, 0, 8, 6, 9, 11, 7, 10, 1, 4, 3, 2, 5})
	f.Add([]byte{7, 3, 200, 13, 99, 4, 1, 1, 1})
	shapes := []puzzles.Shape{shape2x2, shape2x3, shape3x2, shape2x4, shape3x3, shape2x5, shape3x4, shape2x6}
	var rankers [8][4]*exact.Ranker
	for si, s := range shapes {
		for gi, g := range testGoals(s) {
			rankers[si][gi] = ranker(f, g)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		si, gi := int(data[0])%len(shapes), int(data[1])%4
		s := shapes[si]
		rk := rankers[si][gi]
		raw := data[2:]
		checkRank(t, rk, raw, isPermutation(raw, s.Cells()))
		perm := make([]uint8, s.Cells())
		for i := range perm {
			perm[i] = uint8(i)
		}
		for i := len(perm) - 1; i > 0; i-- {
			var j int
			if k := len(perm) - 1 - i; k < len(raw) {
				j = int(raw[k]) % (i + 1)
			}
			perm[i], perm[j] = perm[j], perm[i]
		}
		checkRank(t, rk, perm, true)
	})
}

func checkRank(t *testing.T, rk *exact.Ranker, cells []uint8, perm bool) {
	t.Helper()
	r, ok := rk.Rank(cells)
	if !perm {
		if ok {
			t.Fatalf("Rank(%v) = %d for a non-permutation", cells, r)
		}
		return
	}
	b := puzzles.FromBytes(rk.Shape(), cells)
	if ok != puzzles.Solvable(b, rk.Goal()) {
		t.Fatalf("Rank(%v) ok = %v, Solvable = %v", cells, ok, !ok)
	}
	if !ok {
		return
	}
	if r < 0 || r >= rk.Size() {
		t.Fatalf("Rank(%v) = %d outside 0..%d", cells, r, rk.Size()-1)
	}
	if got := rk.Unrank(r, nil); !slices.Equal(got, cells) {
		t.Fatalf("Unrank(Rank(%v)) = %v", cells, got)
	}
}

func isPermutation(cells []uint8, n int) bool {
	if len(cells) != n {
		return false
	}
	seen := make([]bool, n)
	for _, c := range cells {
		if int(c) >= n || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}
