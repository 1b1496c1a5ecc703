package dynamic_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

var variants = []dynamic.Options{{}, {Triples: true}}

func BenchmarkBuild(b *testing.B) {
	for _, s := range []puzzles.Shape{shape44, {Rows: 5, Cols: 5}} {
		for _, o := range variants {
			b.Run(s.String()+"/"+o.Name(), func(b *testing.B) {
				for b.Loop() {
					if _, err := dynamic.New(context.Background(), puzzles.BlankFirstGoal(s), o); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEstimate is the cost of one full estimate (tables read for
// every pair and triple, packing solved) on random 15-puzzle states: what
// A*, RBFS and the generic IDA* pay per node.
func BenchmarkEstimate(b *testing.B) {
	g := puzzles.BlankFirstGoal(shape44)
	rng := puzzles.NewRand(1)
	states := make([][]uint8, 1024)
	for i := range states {
		states[i] = puzzles.RandomSolvable(rng, g).Bytes()
	}
	for _, o := range variants {
		h := heuristic(b, g, o.Triples)
		b.Run(o.Name(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				h.Estimate(states[i&1023])
				i++
			}
		})
	}
}

// BenchmarkSolveKorf100 runs IDA* (Solve) on Korf's instances and reports
// nodes generated per instance and per second, and the mean estimate of
// the start states. KPUZZLE_DYNAMIC_KORF sets
// how many instances, from the first (default 10; 100 for all: about a
// minute and a half for each heuristic).
func BenchmarkSolveKorf100(b *testing.B) {
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		b.Fatal(err)
	}
	count := 10
	if v := os.Getenv("KPUZZLE_DYNAMIC_KORF"); v != "" {
		if count, err = strconv.Atoi(v); err != nil || count < 1 || count > len(set.Instances) {
			b.Fatalf("KPUZZLE_DYNAMIC_KORF=%q: expected 1 to %d", v, len(set.Instances))
		}
	}
	for _, o := range variants {
		h := heuristic(b, set.Goal(set.Instances[0]), o.Triples)
		b.Run(o.Name(), func(b *testing.B) {
			var nodes, h0 int64
			for b.Loop() {
				nodes, h0 = 0, 0
				for _, inst := range set.Instances[:count] {
					path, st, err := dynamic.Solve(context.Background(), inst.Board, h, pdb.Limits{})
					if err != nil || len(path) != inst.Optimal {
						b.Fatalf("instance %s: %d moves (published %d), %v", inst.Name, len(path), inst.Optimal, err)
					}
					nodes += st.Generated
					h0 += int64(st.InitialH)
				}
			}
			b.ReportMetric(float64(nodes)/float64(count), "nodes/instance")
			b.ReportMetric(float64(h0)/float64(count), "h0/instance")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkGenericIDAStar solves Korf's instance 2 with the generic
// IDA* of package search, which calls Estimate at every node, for
// comparison with BenchmarkSolveKorf100: what routing IDA* through Solve
// saves.
func BenchmarkGenericIDAStar(b *testing.B) {
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		b.Fatal(err)
	}
	inst := set.Instances[1]
	g := set.Goal(inst)
	for _, o := range variants {
		h := heuristic(b, g, o.Triples)
		b.Run(o.Name()+"/generic", func(b *testing.B) {
			for b.Loop() {
				res, err := search.IDAStar(context.Background(), search.Problem{Start: inst.Board, Goal: g}, h, search.Options{})
				if err != nil || res.Len() != inst.Optimal {
					b.Fatalf("%d moves, %v", res.Len(), err)
				}
			}
		})
		b.Run(o.Name()+"/solve", func(b *testing.B) {
			for b.Loop() {
				path, _, err := dynamic.Solve(context.Background(), inst.Board, h, pdb.Limits{})
				if err != nil || len(path) != inst.Optimal {
					b.Fatalf("%d moves, %v", len(path), err)
				}
			}
		})
	}
}
