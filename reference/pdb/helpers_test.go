package pdb_test

import (
	"context"
	"errors"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

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

// exactTable and neighbors are the shared oracle helpers.
var (
	exactTable = oracletest.ExactTable
	neighbors  = oracletest.Neighbors
)
