package bench_test

import (
	"context"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// BenchmarkIssueComparison runs the comparison of the bench issue: BFS,
// IDS, A* with misplaced tiles, Manhattan, linear conflict and Euclidean
// distance, and IDA* with Manhattan, on 50 8-puzzles with optimal lengths
// 10 to 30 (the set of kpuzzle bench --set gen:3x3:10-30:50), one run at
// a time, 1,000,000 expansions at most per run. The target is under a
// minute per iteration; run it with -benchtime 1x.
func BenchmarkIssueComparison(b *testing.B) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	set, err := setgen.Generate(context.Background(), setgen.Spec{
		Groups: []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 10, Max: 30}, Count: 50}},
		Seed:   1,
	}, setgen.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var insts []bench.Instance
	for _, p := range set.Puzzles {
		insts = append(insts, bench.Instance{Name: p.Entry.File, Board: p.Board, Goal: g, Optimal: *p.Entry.OptimalLength})
	}
	var combos []bench.Combo
	for _, s := range []string{"bfs", "ids", "astar:misplaced", "astar:manhattan", "astar:linear-conflict", "astar:euclidean", "idastar:manhattan"} {
		c, err := bench.ParseCombo(s)
		if err != nil {
			b.Fatal(err)
		}
		combos = append(combos, c)
	}
	cfg := bench.Config{Combos: combos, Instances: insts, Limits: bench.Limits{MaxNodes: 1_000_000, MaxBytes: 4 << 30}}
	b.ResetTimer()
	for b.Loop() {
		rep, err := bench.Run(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		if !rep.AllOptimal() {
			b.Fatal("a solution guaranteed optimal has the wrong length")
		}
	}
}
