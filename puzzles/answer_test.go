package puzzles_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestParseAnswerAccepts(t *testing.T) {
	input := "\ufeffUP\r\n  left \n\nd\r\nRight\n\tU\nL"
	a, err := puzzles.ParseAnswer(strings.NewReader(input), "ans.txt", puzzles.AnswerLimits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []puzzles.Dir{puzzles.Up, puzzles.Left, puzzles.Down, puzzles.Right, puzzles.Up, puzzles.Left}
	if diff := cmp.Diff(want, a.Tokens); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int32{1, 2, 4, 5, 6, 7}, a.Lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if a.Unsolvable {
		t.Error("Unsolvable set")
	}
}

func TestParseAnswerUnsolvableAndEmpty(t *testing.T) {
	for _, in := range []string{"UNSOLVABLE", "\n unsolvable \r\n\n", "Unsolvable\n"} {
		a, err := puzzles.ParseAnswer(strings.NewReader(in), "a", puzzles.AnswerLimits{})
		if err != nil || !a.Unsolvable || a.Len() != 0 {
			t.Errorf("%q: got %+v, %v; want an UNSOLVABLE claim", in, a, err)
		}
		if want := strings.Index(strings.ReplaceAll(in, "\r", ""), "nsolvable") + 1; a.UnsolvableLine != 1+strings.Count(in[:max(0, want-2)], "\n") {
			t.Errorf("%q: UNSOLVABLE on line %d", in, a.UnsolvableLine)
		}
	}
	a, err := puzzles.ParseAnswer(strings.NewReader("\n\n"), "a", puzzles.AnswerLimits{})
	if err != nil || a.Unsolvable || a.Len() != 0 {
		t.Errorf("blank file: got %+v, %v; want an empty answer", a, err)
	}
}

func TestParseAnswerRejects(t *testing.T) {
	tests := []struct {
		name      string
		input     string
		limits    puzzles.AnswerLimits
		kind      error
		line, col int
		mention   string
	}{
		{"unknown token", "UP\nNORTH\n", puzzles.AnswerLimits{}, puzzles.ErrBadMove, 2, 1, `"NORTH"`},
		{"two tokens", "UP\nUP DOWN\n", puzzles.AnswerLimits{}, puzzles.ErrBadMove, 2, 4, "one move per line"},
		{"move after unsolvable", "UNSOLVABLE\nUP\n", puzzles.AnswerLimits{}, puzzles.ErrBadMove, 2, 1, "only token"},
		{"unsolvable after move", "UP\nUNSOLVABLE\n", puzzles.AnswerLimits{}, puzzles.ErrBadMove, 2, 1, "only token"},
		{"binary", "UP\n\x00\x01\n", puzzles.AnswerLimits{}, puzzles.ErrBinary, 2, 1, "binary"},
		{"too many moves", "UP\nUP\nUP\n", puzzles.AnswerLimits{MaxMoves: 2}, puzzles.ErrTooLarge, 3, 0, "more than 2 moves"},
		{"line too long", "UP\n" + strings.Repeat(" ", 100) + "UP\n", puzzles.AnswerLimits{MaxLineBytes: 50}, puzzles.ErrTooLarge, 2, 0, "longer than 50"},
		{"too many bytes", strings.Repeat("\n", 200), puzzles.AnswerLimits{MaxBytes: 100}, puzzles.ErrTooLarge, 101, 0, "more than 100 bytes"},
		{"cap cuts the last token", strings.Repeat("UP\n", 33) + "LEFT\n", puzzles.AnswerLimits{MaxBytes: 101}, puzzles.ErrTooLarge, 34, 0, "more than 101 bytes"},
		{"DEL byte", "UP\n\x7f\n", puzzles.AnswerLimits{}, puzzles.ErrBinary, 2, 1, "binary"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := puzzles.ParseAnswer(strings.NewReader(tc.input), "ans.txt", tc.limits)
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Col != tc.col || pe.File != "ans.txt" {
				t.Errorf("position %s:%d:%d, want ans.txt:%d:%d (%v)", pe.File, pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if !strings.Contains(err.Error(), tc.mention) {
				t.Errorf("%q does not mention %q", err, tc.mention)
			}
		})
	}
}

// endless is an answer file that never ends: "UP\n" forever.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "UP\n"[e.n%3]
		e.n++
	}
	return len(p), nil
}

func TestParseAnswerStopsOnEndlessInput(t *testing.T) {
	src := &endless{}
	_, err := puzzles.ParseAnswer(src, "huge.txt", puzzles.AnswerLimits{})
	if !errors.Is(err, puzzles.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	// The default move cap stops reading after about 3 bytes a move.
	if limit := int64(puzzles.DefaultMaxMoves)*3 + 64<<10; src.n > limit {
		t.Errorf("read %d bytes of an endless answer; want at most %d", src.n, limit)
	}
	var _ io.Reader = src
}

func TestConventions(t *testing.T) {
	// Under the tile convention, UP slides the tile below the blank up: the
	// blank travels down.
	if got := puzzles.TileMoves.BlankDir(puzzles.Up); got != puzzles.Down {
		t.Errorf("tile UP moves the blank %v, want DOWN", got)
	}
	if got := puzzles.BlankMoves.BlankDir(puzzles.Up); got != puzzles.Up {
		t.Errorf("blank UP moves the blank %v, want UP", got)
	}
	for _, c := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
		for _, d := range puzzles.Dirs {
			if got := c.TokenDir(c.BlankDir(d)); got != d {
				t.Errorf("%v: token %v round-trips to %v", c, d, got)
			}
		}
	}
}

func TestReplay(t *testing.T) {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	goal := puzzles.DefaultGoal(start.Shape())
	a, err := puzzles.ParseAnswer(strings.NewReader("LEFT\n"), "a", puzzles.AnswerLimits{})
	if err != nil {
		t.Fatal(err)
	}
	final, err := puzzles.Replay(start, a, puzzles.TileMoves)
	if err != nil || !goal.Reached(final) {
		t.Errorf("tile LEFT from %v: got %v, %v; want the goal", start, final, err)
	}
	// The same token under the blank convention moves the blank left.
	final, err = puzzles.Replay(start, a, puzzles.BlankMoves)
	if err != nil || final.String() != "1 2 3 4 5 6 0 7 8" {
		t.Errorf("blank LEFT: got %v, %v", final, err)
	}
}

func TestReplayReportsFirstIllegalMove(t *testing.T) {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	a, err := puzzles.ParseAnswer(strings.NewReader("RIGHT\n\nUP\nDOWN\n"), "a", puzzles.AnswerLimits{})
	if err != nil {
		t.Fatal(err)
	}
	// Tile convention: RIGHT moves the blank left (to 6), UP moves the blank
	// down — off the bottom row.
	_, err = puzzles.Replay(start, a, puzzles.TileMoves)
	var ill *puzzles.IllegalMoveError
	if !errors.As(err, &ill) {
		t.Fatalf("err = %v, want *IllegalMoveError", err)
	}
	if !errors.Is(err, puzzles.ErrIllegalMove) {
		t.Error("error does not unwrap to ErrIllegalMove")
	}
	got := struct {
		Index, Line int
		Token       string
		Board       string
	}{ill.Index, ill.Line, ill.Token, ill.Board.String()}
	want := struct {
		Index, Line int
		Token       string
		Board       string
	}{1, 3, "UP", "1 2 3 4 5 6 0 7 8"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("illegal move (-want +got):\n%s", diff)
	}
	for _, s := range []string{"line 3", "row 3, column 1", "bottom row", "no tile below"} {
		if !strings.Contains(ill.Error(), s) {
			t.Errorf("%q does not mention %q", ill.Error(), s)
		}
	}
}

// TestAnswerLineLengthBoundary: docs/formats.md allows lines of up to
// DefaultMaxLineBytes bytes; one byte more is an error naming the line,
// with LF or CRLF endings, on the first line (after a byte-order mark) or
// a later one.
func TestAnswerLineLengthBoundary(t *testing.T) {
	max := puzzles.DefaultMaxLineBytes
	pad := func(n int) string { return "UP" + strings.Repeat(" ", n-2) }
	for _, tc := range []struct {
		name, text string
		ok         bool
	}{
		{"exactly the cap", pad(max) + "\n", true},
		{"exactly the cap, CRLF", pad(max) + "\r\nLEFT\r\n", true},
		{"exactly the cap after a BOM", "\xef\xbb\xbf" + pad(max) + "\n", true},
		{"exactly the cap, no newline", "LEFT\n" + pad(max), true},
		{"one byte over", pad(max+1) + "\n", false},
		{"one byte over, CRLF, line 2", "LEFT\r\n" + pad(max+1) + "\r\n", false},
		{"far over", "LEFT\n" + pad(10*max) + "\n", false},
	} {
		_, err := puzzles.ParseAnswer(strings.NewReader(tc.text), "a.txt", puzzles.AnswerLimits{})
		if tc.ok && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if !tc.ok && (!errors.Is(err, puzzles.ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("longer than %d bytes", max))) {
			t.Errorf("%s: %v, want a line-length error", tc.name, err)
		}
	}
}
