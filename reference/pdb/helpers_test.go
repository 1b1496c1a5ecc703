package pdb_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// exactTables caches the exact distance tables (the oracle) per goal.
var exactTables sync.Map

func exactTable(t testing.TB, g puzzles.Goal) *exact.Table {
	t.Helper()
	key := g.Board().String()
	if v, ok := exactTables.Load(key); ok {
		return v.(*exact.Table)
	}
	tab, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatalf("exact table for %s: %v", g.Board(), err)
	}
	exactTables.Store(key, tab)
	return tab
}

// inMemory builds a partition's heuristic without touching any cache.
func inMemory(t testing.TB, g puzzles.Goal, mode pdb.Mode, patterns [][]int, noReflection bool) *pdb.Heuristic {
	t.Helper()
	p, err := pdb.Custom(g, mode, patterns)
	if err != nil {
		t.Fatal(err)
	}
	h, err := pdb.OpenPartition(context.Background(), p, pdb.Options{NoSave: true, Dir: t.TempDir(), NoReflection: noReflection})
	if err != nil {
		t.Fatal(err)
	}
	return h
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

func manhattan(g puzzles.Goal, cells []uint8) int {
	m := 0
	for c, t := range cells {
		if t != 0 {
			m += g.Shape().Distance(c, g.Pos(int(t)))
		}
	}
	return m
}

func errorsIsCorrupt(err error) bool { return errors.Is(err, pdb.ErrCorrupt) }
