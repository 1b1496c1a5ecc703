package audit_test

import (
	"context"
	"errors"
	"math"
	"math/big"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

var (
	tablesMu sync.Mutex
	tables   = map[string]*exact.Table{}
)

// tableFor returns the exact table of the default goal of shape s, built
// once per test binary.
func tableFor(t testing.TB, s puzzles.Shape) *exact.Table {
	t.Helper()
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if tb, ok := tables[s.String()]; ok {
		return tb
	}
	tb, err := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tables[s.String()] = tb
	return tb
}

var (
	shape3x3 = puzzles.Shape{Rows: 3, Cols: 3}
	shape2x4 = puzzles.Shape{Rows: 2, Cols: 4}
	shape2x3 = puzzles.Shape{Rows: 2, Cols: 3}
	shape4x4 = puzzles.Shape{Rows: 4, Cols: 4}
)

// graph is a board's state graph, built with the Board API
// independently of the auditor: every state of the exact table, its
// distance, and the index of each neighbour.
type graph struct {
	states [][]uint8
	depth  []int
	nbs    [][]int32
}

var (
	graphsMu sync.Mutex
	graphs   = map[string]*graph{}
)

func graphFor(t testing.TB, s puzzles.Shape) *graph {
	t.Helper()
	tb := tableFor(t, s)
	graphsMu.Lock()
	defer graphsMu.Unlock()
	if gr, ok := graphs[s.String()]; ok {
		return gr
	}
	gr := &graph{}
	index := map[puzzles.Code]int32{}
	for cells, d := range tb.All() {
		b := puzzles.FromBytes(s, cells)
		code, _ := puzzles.EncodeCode(b)
		index[code] = int32(len(gr.states))
		gr.states = append(gr.states, b.Bytes())
		gr.depth = append(gr.depth, d)
	}
	for _, cells := range gr.states {
		var nbs []int32
		for _, st := range puzzles.FromBytes(s, cells).Neighbors() {
			code, _ := puzzles.EncodeCode(st.Board)
			nbs = append(nbs, index[code])
		}
		gr.nbs = append(gr.nbs, nbs)
	}
	graphs[s.String()] = gr
	return gr
}

// edges is the number of moves (each counted once).
func (gr *graph) edges() int64 {
	var twice int64
	for _, nb := range gr.nbs {
		twice += int64(len(nb))
	}
	return twice / 2
}

// inconsistent counts the moves across which h changes by more than 1.
func (gr *graph) inconsistent(h func([]uint8) float64) int64 {
	values := make([]float64, len(gr.states))
	for i, c := range gr.states {
		values[i] = h(c)
	}
	var twice int64
	for i, nbs := range gr.nbs {
		for _, j := range nbs {
			if math.Abs(values[i]-values[j]) > 1+1e-9 {
				twice++
			}
		}
	}
	return twice / 2
}

func stateText(cells []uint8) string {
	return puzzles.FromBytes(puzzles.Shape{Rows: 1, Cols: len(cells)}, cells).String()
}

// bigIntEqual lets cmp compare *big.Int values.
var bigIntEqual = cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })

func asParseError(err error, pe **puzzles.ParseError) bool { return errors.As(err, pe) }

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
