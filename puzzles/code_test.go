package puzzles_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestCodeAgreesWithBoardMoves(t *testing.T) {
	for _, s := range []puzzles.Shape{{2, 2}, {3, 3}, {3, 5}, {4, 4}} {
		g := puzzles.DefaultGoal(s)
		rng := puzzles.NewRand(3)
		moves := s.Moves()
		for range 100 {
			b := puzzles.RandomSolvable(rng, g)
			code, ok := puzzles.EncodeCode(b)
			if !ok {
				t.Fatalf("%v does not fit a Code", s)
			}
			if back := code.Board(s); !back.Equal(b) {
				t.Fatalf("Code round trip: %v became %v", b, back)
			}
			if code.Blank(s.Cells()) != b.Blank() {
				t.Fatalf("Code blank %d, board blank %d", code.Blank(s.Cells()), b.Blank())
			}
			wide, _ := puzzles.EncodeWide(b)
			for _, d := range puzzles.Dirs {
				next, ok := b.Move(d)
				j := int(moves[b.Blank()][d])
				if ok != (j >= 0) {
					t.Fatalf("%v %v: Board.Move says %v, move table says %d", b, d, ok, j)
				}
				if !ok {
					continue
				}
				if got := code.Slide(b.Blank(), j).Board(s); !got.Equal(next) {
					t.Errorf("%v %v: Code gives %v, Board gives %v", b, d, got, next)
				}
				if got := wide.Slide(b.Blank(), j).Board(s); !got.Equal(next) {
					t.Errorf("%v %v: WideCode gives %v, Board gives %v", b, d, got, next)
				}
			}
		}
	}
	big := puzzles.DefaultGoal(puzzles.Shape{5, 5}).Board()
	if _, ok := puzzles.EncodeCode(big); ok {
		t.Error("a 5x5 board fit a Code")
	}
	if _, ok := puzzles.EncodeWide(puzzles.DefaultGoal(puzzles.Shape{6, 7}).Board()); ok {
		t.Error("a 6x7 board fit a WideCode")
	}
}

// benchBoards is a fixed mix of 4x4 boards for the move benchmarks.
func benchBoards() []puzzles.Board {
	g := puzzles.DefaultGoal(puzzles.Shape{4, 4})
	rng := puzzles.NewRand(9)
	out := make([]puzzles.Board, 64)
	for i := range out {
		out[i] = puzzles.RandomSolvable(rng, g)
	}
	return out
}

// BenchmarkSuccessorsCode generates all successors of 4x4 states packed in
// a Code, the representation graph searches use.
func BenchmarkSuccessorsCode(b *testing.B) {
	boards := benchBoards()
	s := boards[0].Shape()
	moves := s.Moves()
	codes := make([]puzzles.Code, len(boards))
	blanks := make([]int, len(boards))
	for i, bd := range boards {
		codes[i], _ = puzzles.EncodeCode(bd)
		blanks[i] = bd.Blank()
	}
	var sink puzzles.Code
	n := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(codes)
		for _, d := range puzzles.Dirs {
			if j := moves[blanks[k]][d]; j >= 0 {
				sink ^= codes[k].Slide(blanks[k], int(j))
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "succ/op")
	_ = sink
}

// BenchmarkSuccessorsWide does the same on the 36-cell byte encoding.
func BenchmarkSuccessorsWide(b *testing.B) {
	boards := benchBoards()
	moves := boards[0].Shape().Moves()
	wides := make([]puzzles.WideCode, len(boards))
	for i, bd := range boards {
		wides[i], _ = puzzles.EncodeWide(bd)
	}
	var sink uint8
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(wides)
		blank := boards[k].Blank()
		for _, d := range puzzles.Dirs {
			if j := moves[blank][d]; j >= 0 {
				w := wides[k].Slide(blank, int(j))
				sink ^= w[blank]
			}
		}
	}
	_ = sink
}

// BenchmarkSuccessorsBoard is the convenient, allocating Board API, for
// comparison.
func BenchmarkSuccessorsBoard(b *testing.B) {
	boards := benchBoards()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = boards[i%len(boards)].Neighbors()
	}
}

// BenchmarkApplyPath replays a 100-move path on a 4x4 board.
func BenchmarkApplyPath(b *testing.B) {
	g := puzzles.DefaultGoal(puzzles.Shape{4, 4})
	_, walk := puzzles.RandomWalk(puzzles.NewRand(5), g, 100)
	start := g.Board()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := start.Apply(walk); err != nil {
			b.Fatal(err)
		}
	}
}
