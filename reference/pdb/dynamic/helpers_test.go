package dynamic_test

import (
	"context"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
)

var (
	shape24 = puzzles.Shape{Rows: 2, Cols: 4}
	shape33 = puzzles.Shape{Rows: 3, Cols: 3}
	shape44 = puzzles.Shape{Rows: 4, Cols: 4}
)

// built caches heuristics per goal and variant, so that
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

func manhattan(g puzzles.Goal, cells []uint8) int {
	m := 0
	for c, t := range cells {
		if t != 0 {
			m += g.Shape().Distance(c, g.Pos(int(t)))
		}
	}
	return m
}

// exactTable and neighbors are the shared oracle helpers.
var (
	exactTable = oracletest.ExactTable
	neighbors  = oracletest.Neighbors
)
