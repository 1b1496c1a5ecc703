package search_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// benchNodeBudget is the expansion budget of one Korf instance in the
// IDA* benchmarks: KPUZZLE_BENCH_NODES, default 20 million, enough to
// finish instances 2, 5 and 8 of the first ten and to measure the rate on
// the rest.
func benchNodeBudget() int64 {
	if s := os.Getenv("KPUZZLE_BENCH_NODES"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n > 0 {
			return n
		}
	}
	return 20_000_000
}

func korf(b *testing.B, n int) ([]puzzles.Instance, puzzles.Goal) {
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		b.Fatal(err)
	}
	return set.Instances[:n], set.Goal(set.Instances[0])
}

// korf1985Generated is the number of nodes IDA* with Manhattan distance
// generated on each of the first ten instances in Korf's 1985 paper
// ("Depth-first iterative-deepening: an optimal admissible tree search",
// Artificial Intelligence 27, table 1), for comparison in the benchmark
// log only: counts depend on the order successors are tried in the last
// iteration, so they are not expected to match exactly.
var korf1985Generated = []int64{
	276_361_933, 15_300_442, 565_994_203, 62_643_179, 11_020_325,
	32_201_660, 387_138_094, 39_118_937, 1_650_696, 198_758_703,
}

// benchIDAKorf runs IDA* on the first ten of Korf's instances with a node
// budget and reports generated and expanded nodes per second; with -v it
// logs each instance beside Korf's 1985 count.
func benchIDAKorf(b *testing.B, h search.Heuristic, g puzzles.Goal, insts []puzzles.Instance) {
	budget := benchNodeBudget()
	var gen, exp int64
	var secs float64
	solved := 0
	for b.Loop() {
		gen, exp, secs, solved = 0, 0, 0, 0
		for i, in := range insts {
			res, err := search.IDAStar(context.Background(), search.Problem{Start: in.Board, Goal: g}, h,
				search.Options{Limits: search.Limits{MaxNodes: budget}})
			switch {
			case err == nil:
				solved++
				if len(res.Path) != in.Optimal {
					b.Fatalf("instance %s: %d moves, published %d", in.Name, len(res.Path), in.Optimal)
				}
			case !errors.Is(err, search.ErrNodeLimit):
				b.Fatal(err)
			}
			gen += res.Stats.Generated
			exp += res.Stats.Expanded
			secs += res.Stats.Elapsed.Seconds()
			status := "stopped by the node budget"
			if err == nil {
				status = fmt.Sprintf("solved in %d moves", len(res.Path))
			}
			b.Logf("instance %2s (published %d moves): %s; generated %d (Korf 1985: %d), expanded %d, %.2fs, %.1fM generated/s",
				in.Name, in.Optimal, status, res.Stats.Generated, korf1985Generated[i], res.Stats.Expanded,
				res.Stats.Elapsed.Seconds(), float64(res.Stats.Generated)/res.Stats.Elapsed.Seconds()/1e6)
		}
	}
	b.ReportMetric(float64(gen)/secs, "generated/s")
	b.ReportMetric(float64(exp)/secs, "expanded/s")
	b.ReportMetric(float64(solved), "solved")
}

// BenchmarkIDAStarManhattanKorf10 measures the node rate of IDA* with
// Manhattan distance (the specialised inner loop) on Korf's first ten
// 15-puzzle instances.
func BenchmarkIDAStarManhattanKorf10(b *testing.B) {
	insts, g := korf(b, 10)
	benchIDAKorf(b, heuristics.NewManhattan(g), g, insts)
}

// BenchmarkIDAStarManhattanGenericKorf10 is the same through the generic
// loop (one interface call per node), for comparison.
func BenchmarkIDAStarManhattanGenericKorf10(b *testing.B) {
	insts, g := korf(b, 10)
	benchIDAKorf(b, incrementalOnly{heuristics.NewManhattan(g)}, g, insts)
}

// BenchmarkIDAStarLinearConflictKorf10 is IDA* with linear conflict
// (incremental form) on the same instances.
func BenchmarkIDAStarLinearConflictKorf10(b *testing.B) {
	insts, g := korf(b, 10)
	benchIDAKorf(b, heuristics.NewLinearConflict(g), g, insts)
}

// BenchmarkIDAStarWalkingDistanceKorf10 is IDA* with walking distance.
func BenchmarkIDAStarWalkingDistanceKorf10(b *testing.B) {
	insts, g := korf(b, 10)
	wd, err := heuristics.NewWalkingDistance(context.Background(), g)
	if err != nil {
		b.Fatal(err)
	}
	benchIDAKorf(b, wd, g, insts)
}

// incrementalOnly hides TileCosts but keeps Update.
type incrementalOnly struct{ *heuristics.Manhattan }

func (m incrementalOnly) Update(cells []uint8, h, from, to int) int {
	return m.Manhattan.Update(cells, h, from, to)
}

// BenchmarkAStarMemory4x4 reports the heap A* holds per stored state on
// 4x4 boards (key puzzles.Code): the peak of the live heap, sampled every
// 5 ms with the collector set to run at 10% growth (so little garbage is
// counted), divided by the states stored, on Korf's instance 1 stopped
// after a million expansions. alloc-bytes/state is every byte allocated
// (map and heap growth included) per stored state.
func BenchmarkAStarMemory4x4(b *testing.B) {
	insts, g := korf(b, 1)
	h := heuristics.NewManhattan(g)
	in := insts[0]
	old := debug.SetGCPercent(10)
	defer debug.SetGCPercent(old)
	var peakPerState, allocPerState float64
	var stored, frontier int64
	for b.Loop() {
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		done := make(chan struct{})
		peak := make(chan uint64)
		go func() {
			var m runtime.MemStats
			var top uint64
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					peak <- top
					return
				case <-tick.C:
					runtime.ReadMemStats(&m)
					top = max(top, m.HeapAlloc)
				}
			}
		}()
		res, err := search.AStar(context.Background(), search.Problem{Start: in.Board, Goal: g}, h,
			search.Options{Limits: search.Limits{MaxNodes: 1_000_000}})
		close(done)
		top := <-peak
		if err != nil && !errors.Is(err, search.ErrNodeLimit) {
			b.Fatal(err)
		}
		stored, frontier = res.Stats.Stored, res.Stats.MaxFrontier
		peakPerState = float64(top-base.HeapAlloc) / float64(stored)
		allocPerState = float64(res.Stats.AllocBytes) / float64(stored)
	}
	b.ReportMetric(peakPerState, "peak-heap-bytes/state")
	b.ReportMetric(allocPerState, "alloc-bytes/state")
	b.ReportMetric(float64(stored), "states")
	b.ReportMetric(float64(frontier), "max-frontier")
}

// BenchmarkIDAStarThreads measures parallel IDA* with Manhattan distance
// (the tile kernel) and linear conflict (the generic loop) on Korf's
// instances 2, 5 and 9 with 1, 2 and 4 threads: wall time per set, and
// generated nodes per second of wall time. On a machine shared with other
// work the speed-up says little; docs/performance.md has measured runs.
func BenchmarkIDAStarThreads(b *testing.B) {
	insts, g := korf(b, 10)
	for _, h := range []search.Heuristic{heuristics.NewManhattan(g), heuristics.NewLinearConflict(g)} {
		for _, threads := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("%s/threads=%d", h.Name(), threads), func(b *testing.B) {
				var gen int64
				var secs float64
				for b.Loop() {
					gen, secs = 0, 0
					for _, i := range []int{1, 4, 8} {
						in := insts[i]
						res, err := search.IDAStar(context.Background(), search.Problem{Start: in.Board, Goal: g}, h, search.Options{Threads: threads})
						if err != nil {
							b.Fatal(err)
						}
						if len(res.Path) != in.Optimal {
							b.Fatalf("instance %s: %d moves, published %d", in.Name, len(res.Path), in.Optimal)
						}
						gen += res.Stats.Generated
						secs += res.Stats.Elapsed.Seconds()
					}
				}
				b.ReportMetric(float64(gen)/secs, "generated/s")
			})
		}
	}
}
