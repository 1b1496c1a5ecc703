package setgen_test

import (
	"context"
	"os"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// BenchmarkGenerate3x3Depth20to31 generates 100 8-puzzles stratified over
// depths 20-31 with their keys, from a cold start: each run builds its
// own exact table, as one `kpuzzle gen` does.
func BenchmarkGenerate3x3Depth20to31(b *testing.B) {
	spec := setgen.Spec{Groups: []setgen.Group{{
		Goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), Mode: setgen.Depth,
		Depths: setgen.Range{Min: 20, Max: 31}, Count: 100,
	}}, Seed: 1}
	for i := 0; b.Loop(); i++ {
		spec.Seed = uint64(i)
		if _, err := setgen.Generate(context.Background(), spec, setgen.Options{Prover: &reference.Prover{}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate4x4Depth40to50 generates 15-puzzles stratified over
// depths 40-50 with their keys: 10 a run with the built-in heuristics
// (IDA* + linear conflict), and 100 a run with the 6-6-3 pattern
// database, which is loaded from the cache (KPUZZLE_PDB_DIR, else the
// user cache folder) or built there before the timer starts.
func BenchmarkGenerate4x4Depth40to50(b *testing.B) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	run := func(b *testing.B, prover *reference.Prover, count int) {
		spec := setgen.Spec{Groups: []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 40, Max: 50}, Count: count}}}
		for i := 0; b.Loop(); i++ {
			spec.Seed = uint64(i)
			if _, err := setgen.Generate(context.Background(), spec, setgen.Options{Prover: prover}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N*count), "s/puzzle")
	}
	b.Run("linear-conflict/10", func(b *testing.B) { run(b, &reference.Prover{}, 10) })
	b.Run("pdb:663/100", func(b *testing.B) {
		dir := os.Getenv("KPUZZLE_PDB_DIR")
		hs := reference.BuiltinHeuristics()
		err := hs.Register(reference.HeuristicInfo{
			Name: "pdb:663", Strength: 310,
			Fits: func(s puzzles.Shape) bool { return s == g.Shape() },
			Build: func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return pdb.Open(ctx, "663", g, pdb.Options{Dir: dir})
			},
		})
		if err != nil {
			b.Fatal(err)
		}
		prover := &reference.Prover{Heuristics: hs}
		if _, err := prover.Heuristic(context.Background(), "pdb:663", g); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		run(b, prover, 100)
	})
}
