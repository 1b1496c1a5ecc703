package exact_test

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

func benchBuild(b *testing.B, s puzzles.Shape, workers int) {
	g := puzzles.DefaultGoal(s)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := exact.Build(context.Background(), g, exact.Options{Workers: workers}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(exact.StateCount(s)), "states")
}

func BenchmarkBuild2x4(b *testing.B) { benchBuild(b, shape2x4, 0) }
func BenchmarkBuild3x3(b *testing.B) { benchBuild(b, shape3x3, 0) }
func BenchmarkBuild3x3OneWorker(b *testing.B) {
	benchBuild(b, shape3x3, 1)
}
func BenchmarkBuild2x5(b *testing.B) { benchBuild(b, shape2x5, 0) }

// BenchmarkBuild3x4 needs KPUZZLE_EXACT_3X4=1 (240 MB, 21 to 26
// CPU-seconds a build).
func BenchmarkBuild3x4(b *testing.B) {
	if os.Getenv("KPUZZLE_EXACT_3X4") != "1" {
		b.Skip("set KPUZZLE_EXACT_3X4=1 to benchmark the 3x4 build")
	}
	benchBuild(b, shape3x4, 0)
}

// benchBoards are random solvable boards for the lookup benchmarks.
func benchBoards(g puzzles.Goal) [][]uint8 {
	rng := puzzles.NewRand(1)
	out := make([][]uint8, 1024)
	for i := range out {
		out[i] = puzzles.RandomSolvable(rng, g).Bytes()
	}
	return out
}

// BenchmarkDistance3x3 is the cost of one lookup: a rank and a read.
func BenchmarkDistance3x3(b *testing.B) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := table(b, g)
	boards := benchBoards(g)
	i := 0
	for b.Loop() {
		if _, ok := tb.Distance(boards[i&1023]); !ok {
			b.Fatal("unreachable")
		}
		i++
	}
}

// BenchmarkDistanceBoard3x3 is a lookup from a puzzles.Board.
func BenchmarkDistanceBoard3x3(b *testing.B) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := table(b, g)
	boards := make([]puzzles.Board, 1024)
	for i, c := range benchBoards(g) {
		boards[i] = puzzles.FromBytes(shape3x3, c)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := tb.DistanceBoard(boards[i&1023]); !ok {
			b.Fatal("unreachable")
		}
		i++
	}
}

func BenchmarkRank3x4(b *testing.B) {
	g := puzzles.DefaultGoal(shape3x4)
	rk, _ := exact.NewRanker(g)
	boards := benchBoards(g)
	i := 0
	for b.Loop() {
		rk.Rank(boards[i&1023])
		i++
	}
}

func BenchmarkUnrank3x4(b *testing.B) {
	rk, _ := exact.NewRanker(puzzles.DefaultGoal(shape3x4))
	cells := make([]uint8, 12)
	r := 0
	for b.Loop() {
		rk.Unrank(r, cells)
		r = (r + 104729) % rk.Size()
	}
}

// BenchmarkAll3x3 is the cost per state of enumerating the whole table,
// as the heuristic auditor does.
func BenchmarkAll3x3(b *testing.B) {
	tb := table(b, puzzles.DefaultGoal(shape3x3))
	for b.Loop() {
		sum := 0
		for _, d := range tb.All() {
			sum += d
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tb.Len()), "ns/state")
}

func BenchmarkPath3x3(b *testing.B) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := table(b, g)
	boards := make([]puzzles.Board, 1024)
	for i, c := range benchBoards(g) {
		boards[i] = puzzles.FromBytes(shape3x3, c)
	}
	i := 0
	for b.Loop() {
		if _, err := tb.Path(boards[i&1023]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkSampleAt3x3(b *testing.B) {
	tb := table(b, puzzles.DefaultGoal(shape3x3))
	rng := puzzles.NewRand(1)
	for b.Loop() {
		tb.SampleAt(rng, 20, 10)
	}
}

func BenchmarkSave3x3(b *testing.B) {
	tb := table(b, puzzles.DefaultGoal(shape3x3))
	for b.Loop() {
		if err := tb.Save(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
