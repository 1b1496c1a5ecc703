package pdb_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// BenchmarkBuild builds single 4x4 tables (blank-first goal) on every
// core: the 5-tile and 6-tile patterns of the shipped partitions.
func BenchmarkBuild(b *testing.B) {
	g := puzzles.BlankFirstGoal(puzzles.Shape{Rows: 4, Cols: 4})
	for _, tiles := range [][]int{{1, 2, 3, 6, 7}, {1, 2, 4, 5, 8, 9}} {
		b.Run(strconv.Itoa(len(tiles))+"-tile", func(b *testing.B) {
			for b.Loop() {
				if _, err := pdb.BuildTable(context.Background(), g, pdb.Additive, tiles, pdb.BuildOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSolveKorf100 solves Korf's instances with shipped partitions.
// KPUZZLE_PDB_BENCH lists the partitions (default 555; 663 and 78 take
// longer to build the first time), KPUZZLE_PDB_BENCH_LIMIT the number of
// instances per operation (default 10; 100 for all) and KPUZZLE_PDB_DIR
// the cache folder (default the user cache). Tables are loaded or built
// before the timer starts.
func BenchmarkSolveKorf100(b *testing.B) {
	names := strings.Split(envOr("KPUZZLE_PDB_BENCH", "555"), ",")
	limit, err := strconv.Atoi(envOr("KPUZZLE_PDB_BENCH_LIMIT", "10"))
	if err != nil {
		b.Fatal(err)
	}
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		b.Fatal(err)
	}
	insts := set.Instances[:min(limit, len(set.Instances))]
	g := set.Goal(insts[0])
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			h, err := pdb.Open(context.Background(), name, g, pdb.Options{Dir: os.Getenv("KPUZZLE_PDB_DIR")})
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for b.Loop() {
				for _, inst := range insts {
					path, st, err := pdb.Solve(context.Background(), inst.Board, h, pdb.Limits{})
					if err != nil {
						b.Fatal(err)
					}
					if len(path) != inst.Optimal {
						b.Fatalf("instance %s: %d moves, published %d", inst.Name, len(path), inst.Optimal)
					}
					nodes += st.Generated
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
