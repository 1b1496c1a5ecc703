package puzzles_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

func seedBoards(f *testing.F) {
	f.Add([]byte("1 2 3\r\n4 5 6\r\n8 7 0"))
	f.Add([]byte("3\n 0  1  3\n 4  2  5\n 7  8  6\n"))
	f.Add([]byte("\ufeff1 2\n3 0\n"))
	f.Add([]byte("8 6 7 2 5 4 3 0 1"))
	f.Add([]byte("1 2 3 4\n5 6 7 0\n"))
	f.Add([]byte("1 2 3\n4 5\n"))
	f.Add([]byte("1\x00 2\n"))
	f.Add([]byte(""))
	f.Add([]byte("# c\n3 # n\n1 2 3\n4 5 6 #\n7 8 0"))
	f.Add([]byte("[[1,2],[3,\"_\"]]"))
	f.Add([]byte(`{"shape":"2x3","board":[1,2,3,4,0,5]}`))
	f.Add([]byte("[[1,2],[3"))
	files, err := filepath.Glob(filepath.Join("testdata", "formats", "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed files in testdata/formats: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	set, err := puzzles.LoadSet("cs3243-public")
	if err != nil {
		f.Fatal(err)
	}
	for _, inst := range set.Instances {
		f.Add([]byte(inst.Board.Format(puzzles.FormatRows)))
	}
}

// FuzzParseBoard checks that any input either parses or fails with a
// one-line *ParseError, and that a parsed board written back in every
// format reads back as the same board.
func FuzzParseBoard(f *testing.F) {
	seedBoards(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, format, err := puzzles.ParseBoardFormat(bytes.NewReader(data), "fuzz.txt")
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q is not one line naming the file", err)
			}
			return
		}
		for _, f := range []puzzles.Format{format, puzzles.FormatRows, puzzles.FormatPrinceton, puzzles.FormatLine, puzzles.FormatNPuzzle, puzzles.FormatJSON} {
			text := b.Format(f)
			again, err := puzzles.ParseBoard(strings.NewReader(text), "again")
			if err != nil {
				t.Fatalf("%v written as %v does not parse: %v\n%s", b, f, err, text)
			}
			if !again.Equal(b) {
				t.Fatalf("%v written as %v reads back as %v", b, f, again)
			}
		}
	})
}

// FuzzParseAnswer checks that any input either parses or fails with a
// *ParseError, and that a parsed answer written back reads back the same.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"UP\r\nleft\n\nD\nr", "UNSOLVABLE\n", "\ufeffU\n", "UP DOWN\n", "NORTH\n", "", "\n\n", "UNSOLVABLE\nUP\n", "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := puzzles.ParseAnswer(bytes.NewReader(data), "fuzz.txt", puzzles.AnswerLimits{MaxMoves: 1000, MaxLineBytes: 200, MaxBytes: 1 << 16})
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q spans lines", err)
			}
			return
		}
		if len(a.Lines) != len(a.Tokens) {
			t.Fatalf("%d lines for %d tokens", len(a.Lines), len(a.Tokens))
		}
		again, err := puzzles.ParseAnswer(strings.NewReader(a.Format()), "again", puzzles.AnswerLimits{})
		if err != nil {
			t.Fatalf("formatted answer does not parse: %v", err)
		}
		if again.Unsolvable != a.Unsolvable || len(again.Tokens) != len(a.Tokens) {
			t.Fatalf("round trip changed the answer: %+v then %+v", a, again)
		}
		for i := range a.Tokens {
			if a.Tokens[i] != again.Tokens[i] {
				t.Fatalf("token %d changed: %v then %v", i, a.Tokens[i], again.Tokens[i])
			}
		}
		// Replaying any answer on any board must not panic.
		_, _ = puzzles.Replay(puzzles.MustBoard(2, 3, 1, 2, 3, 4, 5, 0), a, puzzles.TileMoves)
	})
}

// FuzzParseManifest checks that any manifest either decodes or fails with a
// *ParseError, and that a decoded one written back decodes the same.
func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`{"goal":"default","moves":"tile","puzzles":[{"file":"a.txt","solvable":true,"optimal_length":4}]}`))
	f.Add([]byte(`{"goal":"default","moves":"blank","puzzles":[]}`))
	f.Add([]byte(`{"puzzles":[{"file":"../x"}]}`))
	f.Add([]byte(`{"puzzles":`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := puzzles.ParseManifest(data, "manifest.json")
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := puzzles.WriteManifest(&buf, m); err != nil {
			t.Fatal(err)
		}
		again, err := puzzles.ParseManifest(buf.Bytes(), "again")
		if err != nil {
			t.Fatalf("written manifest does not parse: %v", err)
		}
		if len(again.Puzzles) != len(m.Puzzles) || again.Goal != m.Goal || again.Convention != m.Convention {
			t.Fatalf("round trip changed the manifest")
		}
	})
}

// FuzzParseBoardNotations reads boards in courses' notations (another
// blank token, commas, one line with a given shape): errors are one line
// naming the file, and a board read back from kpuzzle's own format under
// the same options is the same board.
func FuzzParseBoardNotations(f *testing.F) {
	for _, s := range []string{"1,2,3\n4,5,6\n7,8,_\n", "1 2 3 4 5 6 7 -", "_ 1\n2 3\n", "1, 2,\n3, *\n", "1,,2\n", "b 1 2 3 4 5 6 7\n"} {
		f.Add([]byte(s), "-", uint8(2), uint8(4))
		f.Add([]byte(s), "", uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, blank string, rows, cols uint8) {
		o := puzzles.ReadOptions{Blank: blank}
		if rows != 0 || cols != 0 {
			o.Shape = puzzles.Shape{Rows: int(rows), Cols: int(cols)}
		}
		b, _, err := puzzles.ParseBoardOptions(bytes.NewReader(data), "fuzz.txt", o)
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q is not one line naming the file", err)
			}
			return
		}
		if o.Shape != (puzzles.Shape{}) && b.Shape() != o.Shape {
			t.Fatalf("read a %s board, the shape given is %s", b.Shape(), o.Shape)
		}
		again, _, err := puzzles.ParseBoardOptions(strings.NewReader(b.Format(puzzles.FormatRows)), "again", o)
		if err != nil || !again.Equal(b) {
			t.Fatalf("%v written in rows reads back as %v, %v", b, again, err)
		}
	})
}
