package replay_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// FuzzWrite renders a page for any answer file and reads the page's data
// back: the moves and their lines must round-trip to the parsed answer,
// the blank cells must match an independent replay, and the page must
// never refer to anything outside itself.
func FuzzWrite(f *testing.F) {
	for _, seed := range []string{
		"UP\nLEFT\n",
		"UP\n\nLEFT\nDOWN\nDOWN\nDOWN\nRIGHT\n",
		"u\r\nd\r\nl\r\nr\r\n",
		"UNSOLVABLE\n",
		"UP\nsideways\n",
		"</script><script>alert(1)</script>\n",
		"\xef\xbb\xbfRIGHT\n\n\n  down  \n",
		"",
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	eight := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	f.Fuzz(func(t *testing.T, answer []byte, blankMoves bool) {
		conv := puzzles.TileMoves
		if blankMoves {
			conv = puzzles.BlankMoves
		}
		a, err := puzzles.ParseAnswer(bytes.NewReader(answer), "answer.txt", puzzles.AnswerLimits{MaxMoves: 3000})
		p := replay.Page{Title: "fuzz", Start: eight, Convention: conv, Answer: a, AnswerError: err}
		var buf bytes.Buffer
		if err := replay.Write(&buf, p); err != nil {
			t.Fatalf("Write: %v", err)
		}
		page := buf.String()
		d, derr := replay.ReadData(buf.Bytes())
		if derr != nil {
			t.Fatal(derr)
		}
		if err != nil {
			if !d.Malformed || d.Moves != "" || len(d.Blanks) != 1 {
				t.Fatalf("page of an unreadable answer: malformed %v, moves %q, %d blanks", d.Malformed, d.Moves, len(d.Blanks))
			}
			// The error quotes the file; escaped, it adds no markup.
			p.AnswerError = errors.New("x")
			var plain bytes.Buffer
			if err := replay.Write(&plain, p); err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Count(page, "<"), strings.Count(plain.String(), "<"); got != want {
				t.Fatalf("the error message added markup: %d '<' in the page, %d with a plain message", got, want)
			}
			return
		}
		// Otherwise nothing of the file but its validated moves reaches
		// the page.
		if m := externalRef.FindString(page); m != "" {
			t.Fatalf("the page refers to an external resource: %q", m)
		}

		// Round trip: the data's moves and lines are the parsed answer.
		back := puzzles.Answer{Unsolvable: d.Unsolvable}
		for i, r := range d.Moves {
			dir, ok := puzzles.ParseDir(string(r))
			if !ok {
				t.Fatalf("move %d is %q in the data", i, r)
			}
			back.Tokens = append(back.Tokens, dir)
			line := i + 1
			if d.Lines != nil {
				line = d.Lines[i]
			}
			back.Lines = append(back.Lines, int32(line))
		}
		if diff := cmp.Diff(a, back, cmpopts.IgnoreFields(puzzles.Answer{}, "UnsolvableLine"), cmp.Comparer(func(x, y []int32) bool { return slicesEqual(x, y) }), cmp.Comparer(func(x, y []puzzles.Dir) bool { return slicesEqual(x, y) })); diff != "" {
			t.Fatalf("answer read back from the page (-parsed +page):\n%s", diff)
		}

		// The blanks are the independent replay's.
		states, illegal := walk(eight, a, conv)
		var blanks []int
		for _, s := range states {
			blanks = append(blanks, s.Blank())
		}
		if diff := cmp.Diff(blanks, d.Blanks); diff != "" {
			t.Fatalf("blanks (-want +got):\n%s", diff)
		}
		switch {
		case illegal < 0 && d.Illegal != nil:
			t.Fatalf("data marks move %d illegal; every move is legal", d.Illegal.Index)
		case illegal >= 0 && (d.Illegal == nil || d.Illegal.Index != illegal):
			t.Fatalf("data marks %+v illegal, want move index %d", d.Illegal, illegal)
		}
		if !strings.Contains(page, "</html>") {
			t.Fatal("page not complete")
		}

		// Cut at a few moves: the page's data is the whole page's, up
		// to the cap, and says how long the answer is.
		p.MaxMoves = len(answer)%5 + 1
		var cutBuf bytes.Buffer
		if err := replay.Write(&cutBuf, p); err != nil {
			t.Fatalf("Write with MaxMoves %d: %v", p.MaxMoves, err)
		}
		c, err := replay.ReadData(cutBuf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		shown := min(p.MaxMoves, len(d.Moves))
		cut := shown < len(d.Moves)
		wantTotal := 0
		if cut {
			wantTotal = len(d.Moves)
		}
		if c.Moves != d.Moves[:shown] || c.Total != wantTotal || !slicesEqual(c.Blanks, d.Blanks[:min(len(d.Blanks), shown+1)]) {
			t.Fatalf("MaxMoves %d: moves %q, total %d, blanks %v; want %q, %d, %v", p.MaxMoves, c.Moves, c.Total, c.Blanks, d.Moves[:shown], wantTotal, d.Blanks[:min(len(d.Blanks), shown+1)])
		}
		if cut != strings.Contains(cutBuf.String(), `id="cut"`) {
			t.Fatalf("MaxMoves %d: the page says it was cut: %v, want %v", p.MaxMoves, !cut, cut)
		}
		if want := d.Illegal != nil && (!cut || d.Illegal.Index < shown); (c.Illegal != nil) != want {
			t.Fatalf("MaxMoves %d: illegal move %+v in the cut data, want one: %v", p.MaxMoves, c.Illegal, want)
		}
	})
}

// slicesEqual treats nil and empty as equal.
func slicesEqual[T comparable](x, y []T) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}
