package notation_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// longAnswer is n moves back and forth (tile 2 up and down) on start,
// written in notation n.
func longAnswer(b *testing.B, moves int, n notation.Notation) []byte {
	b.Helper()
	path := make([]puzzles.Dir, moves)
	for i := range path {
		path[i] = puzzles.Down
		if i%2 == 1 {
			path[i] = puzzles.Up
		}
	}
	text, err := notation.Format(puzzles.AnswerFromPath(path, puzzles.TileMoves), n, start, puzzles.TileMoves)
	if err != nil {
		b.Fatal(err)
	}
	return []byte(text)
}

// BenchmarkRead reads an answer of 100,000 moves in each notation, forced
// and detected, beside puzzles.ParseAnswer on the same lines.
func BenchmarkRead(b *testing.B) {
	const moves = 100_000
	for _, n := range notation.Notations {
		data := longAnswer(b, moves, n)
		for _, mode := range []notation.Notation{n, notation.Auto} {
			name := n.String() + "/forced"
			if mode == notation.Auto {
				name = n.String() + "/auto"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					a, _, err := notation.Read(bytes.NewReader(data), "a", notation.Options{Notation: mode, Start: start})
					if err != nil || a.Len() != moves {
						b.Fatalf("%d moves, %v", a.Len(), err)
					}
				}
			})
		}
	}
	b.Run("ParseAnswer", func(b *testing.B) {
		data := longAnswer(b, moves, notation.Lines)
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := puzzles.ParseAnswer(strings.NewReader(string(data)), "a", puzzles.AnswerLimits{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkReadReport finds the path after a trace of 20,000 expanded
// boards (about 600 KB), with answer.block: last and detected (where
// the many blocks make the answer ambiguous, which is an error).
func BenchmarkReadReport(b *testing.B) {
	var sb strings.Builder
	for range 10_000 {
		sb.WriteString("Expanding state\n1 0 3\n4 2 5\n7 8 6\nExpanding state\n0 1 3\n4 2 5\n7 8 6\n")
	}
	sb.WriteString("Path to the solution\n1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 5 0\n7 8 6\n\n1 2 3\n4 5 6\n7 8 0\nGoal reached\n")
	data := []byte(sb.String())
	lim := puzzles.AnswerLimits{MaxBytes: 64 << 20}
	b.Run("last", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			a, _, err := notation.Read(bytes.NewReader(data), "a", notation.Options{Start: start, Limits: lim, Block: notation.Block{Last: true}})
			if err != nil || a.Len() != 3 {
				b.Fatalf("%d moves, %v", a.Len(), err)
			}
		}
	})
	b.Run("auto", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, _, err := notation.Read(bytes.NewReader(data), "a", notation.Options{Start: start, Limits: lim}); err == nil {
				b.Fatal("a trace read without naming the block")
			}
		}
	})
}
