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
// instances per operation (default 10; 100 for all), KPUZZLE_PDB_THREADS
// the goroutines of each search (default 1, the serial search; several,
// comma-separated, run one sub-benchmark each), KPUZZLE_PDB_PRUNING the
// pruning (duplicates, the default, or inverse) and KPUZZLE_PDB_DIR the
// cache folder (default the user cache). Tables are loaded or built
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
	var threads []int
	for _, s := range strings.Split(envOr("KPUZZLE_PDB_THREADS", "1"), ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("KPUZZLE_PDB_THREADS: %q is not a number of threads", s)
		}
		threads = append(threads, n)
	}
	for _, name := range names {
		for _, th := range threads {
			sub := name
			if len(threads) > 1 || th > 1 {
				sub += "/threads=" + strconv.Itoa(th)
			}
			b.Run(sub, func(b *testing.B) { benchSolve(b, name, g, insts, th) })
		}
	}
}

// benchSolve solves insts with the shipped partition name on threads
// goroutines per search.
func benchSolve(b *testing.B, name string, g puzzles.Goal, insts []puzzles.Instance, threads int) {
	h, err := pdb.Open(context.Background(), name, g, pdb.Options{Dir: os.Getenv("KPUZZLE_PDB_DIR")})
	if err != nil {
		b.Fatal(err)
	}
	pruning, err := pdb.ParsePruning(envOr("KPUZZLE_PDB_PRUNING", "duplicates"))
	if err != nil {
		b.Fatal(err)
	}
	pruning.Machine(g.Shape()) // built before the timer starts
	var nodes int64
	for b.Loop() {
		for _, inst := range insts {
			path, st, err := pdb.Solve(context.Background(), inst.Board, h, pdb.Limits{Threads: threads, Pruning: pruning})
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
}

// BenchmarkSolveKorf24 solves Korf & Felner's 24-puzzle instances named
// in KPUZZLE_PDB_KORF24 (comma-separated numbers, default 40, the
// cheapest: 82 moves, 43 million nodes) with pdb:6666 on
// KPUZZLE_PDB_THREADS goroutines (default 1) with KPUZZLE_PDB_PRUNING
// (as BenchmarkSolveKorf100). The four 6-tile tables
// must already be in the cache (KPUZZLE_PDB_DIR; kpuzzle pdb build 6666
// --goal blank-first takes minutes); without them it is skipped.
func BenchmarkSolveKorf24(b *testing.B) {
	set, err := puzzles.LoadSet("korf24")
	if err != nil {
		b.Fatal(err)
	}
	var insts []puzzles.Instance
	for _, id := range strings.Split(envOr("KPUZZLE_PDB_KORF24", "40"), ",") {
		i, err := strconv.Atoi(id)
		if err != nil || i < 1 || i > len(set.Instances) {
			b.Fatalf("KPUZZLE_PDB_KORF24: %q is not an instance number of 1 to %d", id, len(set.Instances))
		}
		insts = append(insts, set.Instances[i-1])
	}
	threads, err := strconv.Atoi(envOr("KPUZZLE_PDB_THREADS", "1"))
	if err != nil || threads < 1 {
		b.Fatalf("KPUZZLE_PDB_THREADS: %q is not a number of threads", os.Getenv("KPUZZLE_PDB_THREADS"))
	}
	g := set.Goal(insts[0])
	if _, err := pdb.Open(context.Background(), "6666", g, pdb.Options{Dir: os.Getenv("KPUZZLE_PDB_DIR"), NoBuild: true}); err != nil {
		b.Skipf("pdb:6666 is not in the cache (%v); build it with kpuzzle pdb build 6666 --goal blank-first", err)
	}
	benchSolve(b, "6666", g, insts, threads)
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
