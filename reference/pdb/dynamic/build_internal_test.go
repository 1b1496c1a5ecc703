package dynamic

import (
	"context"
	"fmt"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// zeroOneBFS is the definition of a group's value, written as plainly as
// possible: a breadth-first search with 0-1 costs over (cells of the
// group's tiles, cell of the blank), in which the blank steps onto a cell
// no group tile holds for free and swaps with a group tile for one move.
// It returns, for every placement (dense index over the tiles' cells),
// the least cost over the blank's cells of reaching the goal (tiles home,
// blank on its goal cell), or -1 for placements never reached.
func zeroOneBFS(g puzzles.Goal, tiles []int) []int {
	s := g.Shape()
	n, k := s.Cells(), len(tiles)
	size := 1
	for range k + 1 {
		size *= n
	}
	dist := make([]int, size)
	for i := range dist {
		dist[i] = -1
	}
	// A state is the number whose base-n digits are the tiles' cells and
	// then the blank's. Level d's queue may grow while it is scanned (free
	// blank steps); moves of a tile go to level d+1.
	decode := func(x int) []int {
		c := make([]int, k+1)
		for i := k; i >= 0; i-- {
			c[i] = x % n
			x /= n
		}
		return c
	}
	encode := func(c []int) int {
		x := 0
		for _, v := range c {
			x = x*n + v
		}
		return x
	}
	start := make([]int, k+1)
	for i, t := range tiles {
		start[i] = g.Pos(t)
	}
	start[k] = g.Pos(0)
	cur := []int{encode(start)}
	dist[cur[0]] = 0
	for d := 0; len(cur) > 0; d++ {
		var next []int
		for i := 0; i < len(cur); i++ {
			x := cur[i]
			if dist[x] != d {
				continue // reached again at a lower cost
			}
			c := decode(x)
			blank := c[k]
			for _, dir := range puzzles.Dirs {
				q, ok := s.Neighbor(blank, dir)
				if !ok {
					continue
				}
				nc := append([]int(nil), c...)
				nc[k] = q
				cost := 0
				for j := range k {
					if nc[j] == q {
						nc[j] = blank
						cost = 1
					}
				}
				y := encode(nc)
				if dist[y] >= 0 && dist[y] <= d+cost {
					continue
				}
				dist[y] = d + cost
				if cost == 0 {
					cur = append(cur, y)
				} else {
					next = append(next, y)
				}
			}
		}
		cur = next
	}
	out := make([]int, size/n)
	for i := range out {
		out[i] = -1
		for b := range n {
			if v := dist[i*n+b]; v >= 0 && (out[i] < 0 || v < out[i]) {
				out[i] = v
			}
		}
	}
	return out
}

// placementCells decodes a dense placement index into the tiles' cells,
// reporting false when two tiles share a cell.
func placementCells(idx, n, k int) ([]int, bool) {
	cells := make([]int, k)
	for i := k - 1; i >= 0; i-- {
		cells[i] = idx % n
		idx /= n
	}
	for i := range k {
		for j := range i {
			if cells[i] == cells[j] {
				return nil, false
			}
		}
	}
	return cells, true
}

func groupValues(t *testing.T, g puzzles.Goal, tiles []int) []uint8 {
	t.Helper()
	n := g.Shape().Cells()
	size := 1
	for range tiles {
		size *= n
	}
	dst := make([]uint8, size)
	if err := newGroupBuilder(g, len(tiles)).build(context.Background(), tiles, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

func groupManhattan(g puzzles.Goal, tiles, cells []int) int {
	m := 0
	for i, tile := range tiles {
		m += g.Shape().Distance(cells[i], g.Pos(tile))
	}
	return m
}

// TestGroupTablesMatchDefinition checks the tables of every pair and
// triple of 3x3 and 2x4 boards, and of some groups of 4x4, against the
// 0-1 breadth-first search above: on every placement, Manhattan distance
// plus twice the stored excess is the group's value.
func TestGroupTablesMatchDefinition(t *testing.T) {
	snail := puzzles.NewGoal(puzzles.MustBoard(3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "snail")
	type tc struct {
		g      puzzles.Goal
		groups [][]int
	}
	all := func(g puzzles.Goal) [][]int {
		var out [][]int
		n := g.Shape().Cells()
		for a := 1; a < n; a++ {
			for b := a + 1; b < n; b++ {
				out = append(out, []int{a, b})
				for c := b + 1; c < n; c++ {
					out = append(out, []int{a, b, c})
				}
			}
		}
		return out
	}
	s44 := puzzles.Shape{Rows: 4, Cols: 4}
	some44 := [][]int{{1, 2}, {3, 7}, {14, 15}, {1, 4}, {1, 2, 3}, {5, 9, 13}, {10, 11, 15}, {1, 5, 6}, {4, 8, 12}}
	cases := []tc{
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), all(puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}))},
		{snail, all(snail)},
		{puzzles.BlankFirstGoal(puzzles.Shape{Rows: 2, Cols: 4}), all(puzzles.BlankFirstGoal(puzzles.Shape{Rows: 2, Cols: 4}))},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4}), all(puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4}))},
		{puzzles.DefaultGoal(s44), some44},
		{puzzles.BlankFirstGoal(s44), some44},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%s", c.g.Shape(), c.g.Name()), func(t *testing.T) {
			t.Parallel()
			n := c.g.Shape().Cells()
			for _, tiles := range c.groups {
				got := groupValues(t, c.g, tiles)
				want := zeroOneBFS(c.g, tiles)
				for idx, w := range want {
					cells, ok := placementCells(idx, n, len(tiles))
					if !ok {
						continue
					}
					if w < 0 {
						t.Fatalf("tiles %v on %v: never reached by the 0-1 search", tiles, cells)
					}
					if v := groupManhattan(c.g, tiles, cells) + 2*int(got[idx]); v != w {
						t.Fatalf("tiles %v on %v: table gives %d moves, the 0-1 search %d", tiles, cells, v, w)
					}
				}
			}
		})
	}
}

// TestGroupTablesMatchPackagePDB compares the tables with the additive
// tables package pdb builds for the same tiles (a different
// implementation of the same search).
func TestGroupTablesMatchPackagePDB(t *testing.T) {
	s44 := puzzles.Shape{Rows: 4, Cols: 4}
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(s44), puzzles.BlankFirstGoal(s44), puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 4})} {
		for _, tiles := range [][]int{{1, 2}, {2, 6}, {6, 7}, {10, 11}, {1, 2, 3}, {2, 5, 6}, {3, 7, 11}, {9, 10, 11}} {
			tab, err := pdb.BuildTable(context.Background(), g, pdb.Additive, tiles, pdb.BuildOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := groupValues(t, g, tiles)
			n := g.Shape().Cells()
			for idx := range got {
				cells, ok := placementCells(idx, n, len(tiles))
				if !ok {
					continue
				}
				want, err := tab.Value(cells, -1)
				if err != nil {
					t.Fatal(err)
				}
				if v := groupManhattan(g, tiles, cells) + 2*int(got[idx]); v != want {
					t.Fatalf("%s %s: tiles %v on %v: %d moves, package pdb %d", g.Shape(), g.Name(), tiles, cells, v, want)
				}
			}
		}
	}
}

// TestTripleListsHoldExactlyTheUsefulPlacements rebuilds, from the dense
// group tables, which triple placements beat every pair within them, and
// checks that the lists hold exactly those, each under all three of its
// tiles.
func TestTripleListsHoldExactlyTheUsefulPlacements(t *testing.T) {
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), puzzles.BlankFirstGoal(puzzles.Shape{Rows: 2, Cols: 4})} {
		tb, err := buildTables(context.Background(), g, Options{Triples: true})
		if err != nil {
			t.Fatal(err)
		}
		n := tb.n
		kept := 0
		for a := 1; a < n; a++ {
			for b := a + 1; b < n; b++ {
				for c := b + 1; c < n; c++ {
					dense := groupValues(t, g, []int{a, b, c})
					for idx, w := range dense {
						cells, ok := placementCells(idx, n, 3)
						if !ok {
							continue
						}
						ca, cb, cc := cells[0], cells[1], cells[2]
						pair := func(x, y, cx, cy int) uint8 { return tb.pair[int(tb.pairBase[x*n+y])+cx*n+cy] }
						useful := w > pair(a, b, ca, cb) && w > pair(a, c, ca, cc) && w > pair(b, c, cb, cc)
						if useful {
							kept++
						}
						for _, look := range [][4]int{{a, ca, b, cb}, {b, cb, a, ca}, {c, cc, a, ca}} {
							third, cell := c, cc
							if look[0] == c {
								third, cell = b, cb
							}
							found := false
							for _, e := range tb.tripleList(look[0], look[1], look[2], look[3]) {
								if int(e.v) == third && int(e.cell) == cell {
									found = true
									if e.w != w {
										t.Fatalf("triple %d %d %d on %v: listed excess %d, table %d", a, b, c, cells, e.w, w)
									}
								}
							}
							if found != useful {
								t.Fatalf("triple %d %d %d on %v (excess %d): listed under tile %d = %v, beats its pairs = %v", a, b, c, cells, w, look[0], found, useful)
							}
						}
					}
				}
			}
		}
		if kept != tb.kept || 3*kept != len(tb.trip) {
			t.Errorf("%s: %d useful placements; tables count %d and list %d entries", g.Shape(), kept, tb.kept, len(tb.trip))
		}
		if kept == 0 {
			t.Errorf("%s: no triple beats its pairs anywhere", g.Shape())
		}
	}
}
