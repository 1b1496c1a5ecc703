package replay_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// benchPage is a page for a random walk of n moves back to the goal of a
// board of the given shape.
func benchPage(shape puzzles.Shape, n int) replay.Page {
	g := puzzles.DefaultGoal(shape)
	start, w := puzzles.RandomWalk(puzzles.NewRand(1), g, n)
	path := make([]puzzles.Dir, len(w))
	for i, d := range w {
		path[len(w)-1-i] = d.Opposite()
	}
	return replay.Page{Start: start, Goal: g, Answer: puzzles.AnswerFromPath(path, puzzles.TileMoves)}
}

// countingWriter counts the bytes written.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

func benchmarkWrite(b *testing.B, shape puzzles.Shape, n int) {
	benchmarkWriteCap(b, shape, n, 0)
}

// benchmarkWriteCap is benchmarkWrite with Page.MaxMoves set to limit.
func benchmarkWriteCap(b *testing.B, shape puzzles.Shape, n, limit int) {
	p := benchPage(shape, n)
	p.MaxMoves = limit
	var size int64
	for b.Loop() {
		var c countingWriter
		if err := replay.Write(&c, p); err != nil {
			b.Fatal(err)
		}
		size = c.n
	}
	b.ReportMetric(float64(size), "page-bytes")
}

// BenchmarkWrite8Puzzle30 is a typical student answer.
func BenchmarkWrite8Puzzle30(b *testing.B) { benchmarkWrite(b, puzzles.Shape{Rows: 3, Cols: 3}, 30) }

// BenchmarkWrite10x10Moves1000 is the large board of the size test.
func BenchmarkWrite10x10Moves1000(b *testing.B) {
	benchmarkWrite(b, puzzles.Shape{Rows: 10, Cols: 10}, 1000)
}

// BenchmarkWrite15PuzzleMillion is the longest answer ParseAnswer accepts
// by default (1,000,000 moves), as a depth-first search might write: the
// page holds its first replay.DefaultMaxMoves moves.
func BenchmarkWrite15PuzzleMillion(b *testing.B) {
	benchmarkWrite(b, puzzles.Shape{Rows: 4, Cols: 4}, puzzles.DefaultMaxMoves)
}

// BenchmarkWrite15PuzzleMillionUncut is the same page holding every move
// (Page.MaxMoves -1), as every page was before the cap.
func BenchmarkWrite15PuzzleMillionUncut(b *testing.B) {
	benchmarkWriteCap(b, puzzles.Shape{Rows: 4, Cols: 4}, puzzles.DefaultMaxMoves, -1)
}
