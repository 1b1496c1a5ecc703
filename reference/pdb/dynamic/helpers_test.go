package dynamic_test

import (
	"context"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
)

var (
	shape24 = puzzles.Shape{Rows: 2, Cols: 4}
	shape33 = puzzles.Shape{Rows: 3, Cols: 3}
	shape44 = puzzles.Shape{Rows: 4, Cols: 4}
)

// built caches heuristics and exact tables per goal and variant, so that
// tests running in parallel build each once.
var built sync.Map

func cachedValue[T any](t testing.TB, key string, make func() (T, error)) T {
	t.Helper()
	type entry struct {
		once sync.Once
		v    T
		err  error
	}
	e, _ := built.LoadOrStore(key, &entry{})
	en := e.(*entry)
	en.once.Do(func() { en.v, en.err = make() })
	if en.err != nil {
		t.Fatal(en.err)
	}
	return en.v
}

func heuristic(t testing.TB, g puzzles.Goal, triples bool) *dynamic.Heuristic {
	t.Helper()
	o := dynamic.Options{Triples: triples}
	return cachedValue(t, "h|"+o.Name()+"|"+g.Board().String(), func() (*dynamic.Heuristic, error) {
		return dynamic.New(context.Background(), g, o)
	})
}

func exactTable(t testing.TB, g puzzles.Goal) *exact.Table {
	t.Helper()
	return cachedValue(t, "exact|"+g.Board().String(), func() (*exact.Table, error) {
		return exact.Build(context.Background(), g, exact.Options{})
	})
}

func manhattan(g puzzles.Goal, cells []uint8) int {
	m := 0
	for c, t := range cells {
		if t != 0 {
			m += g.Shape().Distance(c, g.Pos(int(t)))
		}
	}
	return m
}

// neighbors calls f with every board one move from cells (cells is
// restored afterwards).
func neighbors(s puzzles.Shape, cells []uint8, f func([]uint8)) {
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
