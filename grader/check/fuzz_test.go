package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// FuzzCheck feeds arbitrary answer files to the checker on a 2x3 board:
// it must never fail or panic, an accepted verdict must be consistent
// with an independent replay of the answer read in the notation the
// report names (of the lines it names when it found the answer among
// other text), and the answer written back by Format (one move per line)
// must get the same verdict.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"LEFT\n", "UNSOLVABLE", "u\r\nd\r\n", "\xef\xbb\xbfRIGHT\n", "LEFT RIGHT", "\x00", strings.Repeat("L\nR\n", 50), "RRL", "[5, 4, 1]", "['Up']", "1 2 3\n4 5 0\n"} {
		f.Add(s, false)
	}
	shape := puzzles.Shape{Rows: 2, Cols: 3}
	goal := puzzles.DefaultGoal(shape)
	oracle := newBFSOracle(goal)
	start := puzzles.MustBoard(2, 3, 1, 2, 3, 4, 0, 5)
	f.Fuzz(func(t *testing.T, answer string, blank bool) {
		conv := puzzles.TileMoves
		if blank {
			conv = puzzles.BlankMoves
		}
		p := check.Problem{Board: start, Goal: goal, Convention: conv}
		opts := check.Options{Oracle: oracle, Limits: puzzles.AnswerLimits{MaxBytes: 4096}}
		rep, err := check.Answer(context.Background(), p, strings.NewReader(answer), "answer", opts)
		if err != nil {
			t.Fatalf("Check: %v", err)
		}
		if !rep.Verdict.Known() || rep.Verdict.FromRun() {
			t.Fatalf("verdict %q", rep.Verdict)
		}
		if rep.Verdict == check.Malformed {
			if rep.Error == nil || rep.Error.Message == "" {
				t.Fatal("malformed without a reason")
			}
			return
		}
		n := rep.Notation
		if n == notation.Auto {
			t.Fatalf("answer format %v for a readable answer", n)
		}
		text := answer
		if !rep.Span.IsZero() {
			lines := strings.SplitAfter(answer, "\n")
			if rep.Span.First < 1 || rep.Span.Last > len(lines) || rep.Span.First > rep.Span.Last {
				t.Fatalf("answer found at %s of %d lines", rep.AnswerBlock, len(lines))
			}
			text = strings.Join(lines[rep.Span.First-1:rep.Span.Last], "")
		}
		a, _, err := notation.Read(strings.NewReader(text), "answer", notation.Options{Notation: n, Start: start, Convention: conv})
		if err != nil {
			t.Fatalf("checker read an answer its notation %v rejects: %v", n, err)
		}
		if a.Illegal != nil {
			if rep.Verdict != check.Illegal || rep.Move != a.Len()+1 {
				t.Fatalf("illegal move %d but verdict %s at move %d", a.Len()+1, rep.Verdict, rep.Move)
			}
			return
		}
		if rep.Verdict.Solved() {
			final, err := start.Apply(a.Path(conv))
			if err != nil || !goal.Reached(final) {
				t.Fatalf("%s but replay gives %v, %v", rep.Verdict, final, err)
			}
		}
		again, err := check.Answer(context.Background(), p, strings.NewReader(a.Format()), "again", opts)
		if err != nil || again.Verdict != rep.Verdict || again.Length != rep.Length {
			t.Fatalf("formatted answer: %s/%d, first %s/%d (%v)", again.Verdict, again.Length, rep.Verdict, rep.Length, err)
		}
	})
}
