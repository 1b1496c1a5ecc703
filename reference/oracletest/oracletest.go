package oracletest

import (
	"context"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// tables holds one *tableEntry per goal board.
var tables sync.Map

type tableEntry struct {
	once sync.Once
	tab  *exact.Table
	err  error
}

// ExactTable is the exact distance table of goal g, built on first use
// and shared by every test of the process (tests running in parallel
// build it once). It fails t when the table cannot be built.
func ExactTable(t testing.TB, g puzzles.Goal) *exact.Table {
	t.Helper()
	v, _ := tables.LoadOrStore(g.Board().String(), &tableEntry{})
	e := v.(*tableEntry)
	e.once.Do(func() { e.tab, e.err = exact.Build(context.Background(), g, exact.Options{}) })
	if e.err != nil {
		t.Fatalf("exact table for %s: %v", g.Board(), e.err)
	}
	return e.tab
}

// Neighbors calls f with every board one move from cells, a board of
// shape s in row-major order (0 the blank). f sees cells changed in
// place, and cells is restored afterwards.
func Neighbors(s puzzles.Shape, cells []uint8, f func([]uint8)) {
	blank := 0
	for i, t := range cells {
		if t == 0 {
			blank = i
		}
	}
	for _, d := range puzzles.Dirs {
		q, ok := s.Neighbor(blank, d)
		if !ok {
			continue
		}
		cells[blank], cells[q] = cells[q], 0
		f(cells)
		cells[q], cells[blank] = cells[blank], 0
	}
}

// Walk is the board k moves of the blank from the goal, each move the
// first of puzzles.Dirs that is legal and does not undo the one before:
// a fixed board at most k moves from the goal (exactly k on boards wide
// enough that the walk never doubles back, such as short walks on 4x4).
func Walk(g puzzles.Goal, k int) puzzles.Board {
	b := g.Board()
	var last puzzles.Dir = 4
	for range k {
		for _, d := range puzzles.Dirs {
			if (last < 4 && d == last.Opposite()) || !b.CanMove(d) {
				continue
			}
			b, _ = b.Move(d)
			last = d
			break
		}
	}
	return b
}
