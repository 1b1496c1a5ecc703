package heuristics_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// benchStates are random solvable 4x4 boards for the estimate benchmarks.
func benchStates(g puzzles.Goal) [][]uint8 {
	rng := puzzles.NewRand(1)
	out := make([][]uint8, 1024)
	for i := range out {
		out[i] = puzzles.RandomSolvable(rng, g).Bytes()
	}
	return out
}

// BenchmarkEstimate4x4 measures one full estimate of each heuristic on
// random 15-puzzle states.
func BenchmarkEstimate4x4(b *testing.B) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	states := benchStates(g)
	for _, h := range all(b, g) {
		b.Run(h.Name(), func(b *testing.B) {
			sum, i := 0, 0
			for b.Loop() {
				sum += h.Estimate(states[i&1023])
				i++
			}
			_ = sum
		})
	}
}

// BenchmarkUpdate4x4 measures the incremental form after one move, where a
// heuristic has one.
func BenchmarkUpdate4x4(b *testing.B) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	moves := g.Shape().Moves()
	type move struct {
		after    []uint8
		h        int
		from, to int
	}
	for _, h := range all(b, g) {
		inc, ok := h.(incremental)
		if !ok {
			continue
		}
		var ms []move
		for _, cells := range benchStates(g) {
			blank := indexOf(cells, 0)
			for _, d := range puzzles.Dirs {
				if to := int(moves[blank][d]); to >= 0 {
					after := append([]uint8(nil), cells...)
					after[blank], after[to] = after[to], 0
					ms = append(ms, move{after, h.Estimate(cells), to, blank})
					break
				}
			}
		}
		b.Run(h.Name(), func(b *testing.B) {
			sum, i := 0, 0
			for b.Loop() {
				m := &ms[i&1023]
				sum += inc.Update(m.after, m.h, m.from, m.to)
				i++
			}
			_ = sum
		})
	}
}
