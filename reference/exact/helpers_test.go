package exact_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// randomGoal is a seeded random arrangement taken as the goal; it lies in
// the other parity class from the default goal, so that a table built for
// it holds exactly the boards the default goal cannot reach.
func randomGoal(s puzzles.Shape, seed uint64) puzzles.Goal {
	b := puzzles.RandomUnsolvable(puzzles.NewRand(seed), puzzles.DefaultGoal(s))
	return puzzles.NewGoal(b, fmt.Sprintf("random-%d", seed))
}

// testGoals are the goals every small-board test runs against.
func testGoals(s puzzles.Shape) []puzzles.Goal {
	return []puzzles.Goal{
		puzzles.DefaultGoal(s),
		puzzles.BlankFirstGoal(s),
		puzzles.SnailGoal(s),
		randomGoal(s, uint64(s.Rows*100+s.Cols)),
	}
}

// eachPermutation calls fn with every arrangement of 0..n-1 (Heap's
// algorithm); the slice is reused.
func eachPermutation(n int, fn func([]uint8)) {
	a := make([]uint8, n)
	for i := range a {
		a[i] = uint8(i)
	}
	c := make([]int, n)
	fn(a)
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			fn(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// bfsDistances is the independent route: a plain breadth-first search
// over puzzles.Board with a map, knowing nothing of ranks.
func bfsDistances(g puzzles.Goal) map[puzzles.Code]int {
	start, _ := puzzles.EncodeCode(g.Board())
	dist := map[puzzles.Code]int{start: 0}
	frontier := []puzzles.Board{g.Board()}
	for d := 1; len(frontier) > 0; d++ {
		var next []puzzles.Board
		for _, b := range frontier {
			for _, st := range b.Neighbors() {
				c, _ := puzzles.EncodeCode(st.Board)
				if _, ok := dist[c]; !ok {
					dist[c] = d
					next = append(next, st.Board)
				}
			}
		}
		frontier = next
	}
	return dist
}

// tableCache builds each (goal, shape) table once per test binary.
var tableCache sync.Map

func table(t testing.TB, g puzzles.Goal) *exact.Table {
	t.Helper()
	key := g.Board().Shape().String() + ":" + g.Board().String()
	if v, ok := tableCache.Load(key); ok {
		return v.(*exact.Table)
	}
	tb, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatalf("Build(%s goal %s): %v", g.Shape(), g.Board(), err)
	}
	tableCache.Store(key, tb)
	return tb
}

var (
	shape2x2 = puzzles.Shape{Rows: 2, Cols: 2}
	shape2x3 = puzzles.Shape{Rows: 2, Cols: 3}
	shape3x2 = puzzles.Shape{Rows: 3, Cols: 2}
	shape2x4 = puzzles.Shape{Rows: 2, Cols: 4}
	shape4x2 = puzzles.Shape{Rows: 4, Cols: 2}
	shape3x3 = puzzles.Shape{Rows: 3, Cols: 3}
	shape2x5 = puzzles.Shape{Rows: 2, Cols: 5}
	shape3x4 = puzzles.Shape{Rows: 3, Cols: 4}
	shape2x6 = puzzles.Shape{Rows: 2, Cols: 6}
)

var sortStrings = cmpopts.SortSlices(func(a, b string) bool { return a < b })

// saved is the table as Save writes it.
func saved(t testing.TB, tb *exact.Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := tb.Save(&buf); err != nil {
		t.Fatalf("Save: %v", err)
	}
	return buf.Bytes()
}

// checkPath checks that Path(b) is a legal sequence of exactly
// Distance(b) moves that ends on the goal.
func checkPath(t testing.TB, tb *exact.Table, b puzzles.Board) {
	t.Helper()
	d, ok := tb.DistanceBoard(b)
	if !ok {
		t.Errorf("DistanceBoard(%s): not reachable", b)
		return
	}
	path, err := tb.Path(b)
	if err != nil {
		t.Errorf("Path(%s): %v", b, err)
		return
	}
	if len(path) != d {
		t.Errorf("Path(%s) has %d moves, distance is %d", b, len(path), d)
	}
	end, err := b.Apply(path)
	if err != nil {
		t.Errorf("Path(%s) = %v: %v", b, path, err)
		return
	}
	if !tb.Goal().Reached(end) {
		t.Errorf("Path(%s) = %v ends on %s, not the goal %s", b, path, end, tb.Goal().Board())
	}
}
