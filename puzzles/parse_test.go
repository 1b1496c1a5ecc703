package puzzles_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestParseBoardAccepts(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		shape  puzzles.Shape
		cells  []int
		format puzzles.Format
	}{
		{"cs3243 crlf no final newline", "1 2 3\r\n4 5 6\r\n8 7 0", puzzles.Shape{3, 3}, []int{1, 2, 3, 4, 5, 6, 8, 7, 0}, puzzles.FormatRows},
		{"tabs and padding", "  1\t2  3 \n4\t\t5 6\n\n7 8 0\n\n", puzzles.Shape{3, 3}, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, puzzles.FormatRows},
		{"byte order mark", "\ufeff1 2\n3 0\n", puzzles.Shape{2, 2}, []int{1, 2, 3, 0}, puzzles.FormatRows},
		{"princeton header", "3\n 0  1  3\n 4  2  5\n 7  8  6\n", puzzles.Shape{3, 3}, []int{0, 1, 3, 4, 2, 5, 7, 8, 6}, puzzles.FormatPrinceton},
		{"rectangular 2x4", "1 2 3 4\n5 6 7 0\n", puzzles.Shape{2, 4}, []int{1, 2, 3, 4, 5, 6, 7, 0}, puzzles.FormatRows},
		{"rectangular 3x2", "1 2\n3 4\n5 0\n", puzzles.Shape{3, 2}, []int{1, 2, 3, 4, 5, 0}, puzzles.FormatRows},
		{"one line square", "8 6 7 2 5 4 3 0 1", puzzles.Shape{3, 3}, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}, puzzles.FormatLine},
		{"leading zeros and plus", "01 +2\n3 00\n", puzzles.Shape{2, 2}, []int{1, 2, 3, 0}, puzzles.FormatRows},
		{"lone CR treated as space", "1 2\r3 0\n", puzzles.Shape{2, 2}, []int{1, 2, 3, 0}, puzzles.FormatLine},
		{"42 n-puzzle comments", "# This puzzle is solvable\n3\n3 2 6 #another comment\n1 4 0\n8 7 5\n", puzzles.Shape{3, 3}, []int{3, 2, 6, 1, 4, 0, 8, 7, 5}, puzzles.FormatNPuzzle},
		{"42 comment after the size", "3 # size\n1 2 3\n# a line of its own\n4 5 6\n7 8 0\n", puzzles.Shape{3, 3}, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, puzzles.FormatNPuzzle},
		{"comment on rows", "1 2 3 # first\n4 5 6\n7 8 0\n#end", puzzles.Shape{3, 3}, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, puzzles.FormatRows},
		{"json rows", "[[1,2,3],\n [4,5,6],\n [7,8,0]]\n", puzzles.Shape{3, 3}, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, puzzles.FormatJSON},
		{"json rectangular rows", "[[1, 2, 3, 4], [5, 6, 7, 0]]", puzzles.Shape{2, 4}, []int{1, 2, 3, 4, 5, 6, 7, 0}, puzzles.FormatJSON},
		{"json flat square", "[8,6,7,2,5,4,3,0,1]", puzzles.Shape{3, 3}, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}, puzzles.FormatJSON},
		{"json strings and blank word", `[["1","2"],["3","_"]]`, puzzles.Shape{2, 2}, []int{1, 2, 3, 0}, puzzles.FormatJSON},
		{"json object as show --json writes", `{"file":"p.txt","shape":"2x3","board":[1,2,3,4,0,5],"goal":[1,2,3,4,5,0],"solvable":true}`, puzzles.Shape{2, 3}, []int{1, 2, 3, 4, 0, 5}, puzzles.FormatJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, f, err := puzzles.ParseBoardFormat(strings.NewReader(tc.input), "in.txt")
			if err != nil {
				t.Fatalf("ParseBoardFormat: %v", err)
			}
			if diff := cmp.Diff(tc.shape, b.Shape()); diff != "" {
				t.Errorf("shape (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.cells, b.Cells()); diff != "" {
				t.Errorf("cells (-want +got):\n%s", diff)
			}
			if f != tc.format {
				t.Errorf("format = %v, want %v", f, tc.format)
			}
		})
	}
}

func TestParseBoardRejects(t *testing.T) {
	tests := []struct {
		name      string
		input     string
		kind      error
		line, col int
		mention   string
	}{
		{"empty", "", puzzles.ErrEmpty, 0, 0, "expected rows"},
		{"only blank lines", "\n  \r\n\t\n", puzzles.ErrEmpty, 0, 0, "expected rows"},
		{"ragged row", "1 2 3\n4 5\n6 7 8 0\n", puzzles.ErrRagged, 2, 0, "expected 3"},
		{"non integer", "1 2 3\n4 y 6\n7 8 0\n", puzzles.ErrSyntax, 2, 3, `"y"`},
		{"decimal", "1 2 3\n4 5.0 6\n7 8 0\n", puzzles.ErrSyntax, 2, 3, `"5.0"`},
		{"duplicate tile", "1 2 3\n4 5 6\n7 3 0\n", puzzles.ErrDuplicate, 3, 3, "line 1, column 5"},
		{"two blanks", "1 0 3\n4 5 6\n7 8 0\n", puzzles.ErrDuplicate, 3, 5, "blank"},
		{"missing blank", "1 2 3\n4 5 6\n7 8 9\n", puzzles.ErrMissingBlank, 3, 5, "no 0"},
		{"tile out of range", "1 2 3\n4 5 6\n7 80 0\n", puzzles.ErrRange, 3, 3, "1..8"},
		{"negative tile", "1 2 3\n4 -5 6\n7 8 0\n", puzzles.ErrRange, 2, 3, "tile -5"},
		{"huge number", "1 2\n3 99999999999999999999999\n", puzzles.ErrRange, 2, 3, "far too large"},
		{"too small 1 row", "1 2 0", puzzles.ErrSize, 1, 0, "not a square"},
		{"too small 1 column princeton", "1\n0\n", puzzles.ErrSize, 1, 1, "side from 2"},
		{"too many columns", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n0 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33\n", puzzles.ErrSize, 1, 40, "at most 16"},
		{"princeton too few rows", "3\n1 2 3\n4 5 6\n", puzzles.ErrSize, 3, 0, "found 2 rows"},
		{"princeton extra row", "2\n1 2\n3 0\n4 5\n", puzzles.ErrSize, 4, 0, "expected end of file"},
		{"princeton ragged", "3\n1 2 3\n4 5\n6 7 8 0\n", puzzles.ErrRagged, 3, 0, "size line"},
		{"binary NUL", "1 2\n3 \x000\n", puzzles.ErrBinary, 2, 3, "binary"},
		{"invalid utf8", "1 2\n\xff\xfe 0\n", puzzles.ErrBinary, 2, 1, "binary"},
		{"42 ragged after comment", "# c\n3\n1 2 3\n4 5 # short\n6 7 8 0\n", puzzles.ErrRagged, 4, 0, "size line"},
		{"42 word in a row", "# c\n3\n1 2 3\n4 x5 6\n7 8 0\n", puzzles.ErrSyntax, 4, 3, `"x5"`},
		{"only comments", "# nothing here\n  # nor here\n", puzzles.ErrEmpty, 0, 0, "expected rows"},
		{"json not a number", "[[1,2,3],\n [4,5,6],\n [7,true,8]]", puzzles.ErrSyntax, 3, 5, "expected a tile number"},
		{"json ends early", "[1,2,3,4,5,6,7,8", puzzles.ErrSyntax, 1, 17, "ends early"},
		{"json trailing text", "[1,2,3,4,5,6,7,8,0] x", puzzles.ErrSyntax, 1, 21, "expected the end of the file"},
		{"json ragged rows", "[[1,2,3],\n[4,5],\n[6,7,8,0]]", puzzles.ErrRagged, 2, 0, "first row"},
		{"json duplicate", "[[1,2],\n [2,0]]", puzzles.ErrDuplicate, 2, 3, "line 1, column 5"},
		{"json not square", "[1,2,3,4,5,0]", puzzles.ErrSize, 1, 0, "not a square"},
		{"json object without board", `{"shape":"3x3"}`, puzzles.ErrSyntax, 1, 1, `"board"`},
		{"json bad shape", `{"shape":"3by3","board":[1,2,3,0]}`, puzzles.ErrSize, 1, 10, "3by3"},
		{"json shape disagrees", `{"shape":"2x3","board":[[1,2],[3,0]]}`, puzzles.ErrSize, 1, 0, "2x3"},
		{"json invalid", "[[1,2],\n [3 0]]", puzzles.ErrSyntax, 2, 5, "not valid JSON"},
		{"json three deep", "[[[1]]]", puzzles.ErrSyntax, 1, 2, "three deep"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := puzzles.ParseBoard(strings.NewReader(tc.input), "bad.txt")
			if err == nil {
				t.Fatal("ParseBoard accepted the input")
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("error %q is not %v", err, tc.kind)
			}
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %q is not a *ParseError", err)
			}
			if pe.File != "bad.txt" || pe.Line != tc.line || pe.Col != tc.col {
				t.Errorf("position = %s:%d:%d, want bad.txt:%d:%d (%v)", pe.File, pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if !strings.Contains(err.Error(), tc.mention) {
				t.Errorf("error %q does not mention %q", err, tc.mention)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q spans several lines", err)
			}
		})
	}
}

func TestParseBoardTooLarge(t *testing.T) {
	input := strings.Repeat(" ", puzzles.MaxPuzzleBytes) + "1 0\n2 3\n"
	_, err := puzzles.ParseBoard(strings.NewReader(input), "big.txt")
	if !errors.Is(err, puzzles.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	boards := []puzzles.Board{
		puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1),
		puzzles.MustBoard(2, 4, 0, 7, 2, 1, 4, 3, 6, 5),
		puzzles.MustBoard(4, 4, 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3),
	}
	for _, b := range boards {
		for _, f := range []puzzles.Format{puzzles.FormatRows, puzzles.FormatPrinceton, puzzles.FormatLine} {
			text := b.Format(f)
			got, gotFormat, err := puzzles.ParseBoardFormat(strings.NewReader(text), "rt")
			if err != nil {
				t.Fatalf("%v in %v: %v", b, f, err)
			}
			if !got.Equal(b) {
				t.Errorf("%v written as %v read back as %v", b, f, got)
			}
			if want := f; b.Shape().Rows != b.Shape().Cols {
				want = puzzles.FormatRows
				if gotFormat != want {
					t.Errorf("rectangular %v written as %v read back as %v", b, f, gotFormat)
				}
			} else if gotFormat != want {
				t.Errorf("%v written as %v read back as %v", b, f, gotFormat)
			}
			if again := got.Format(f); again != text {
				t.Errorf("format not stable: %q then %q", text, again)
			}
		}
	}
}

func TestParseShape(t *testing.T) {
	good := map[string]puzzles.Shape{"3x3": {3, 3}, "2X5": {2, 5}, " 4 x 4 ": {4, 4}, "5": {5, 5}, "10x10": {10, 10}, "3×4": {3, 4}}
	for in, want := range good {
		got, err := puzzles.ParseShape(in)
		if err != nil || got != want {
			t.Errorf("ParseShape(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", "1x3", "3x1", "17x2", "3x", "axb", "-3x3"} {
		if _, err := puzzles.ParseShape(in); err == nil {
			t.Errorf("ParseShape(%q) accepted", in)
		}
	}
}

func TestCS3243PublicFilesParse(t *testing.T) {
	set, err := puzzles.LoadSet("cs3243-public")
	if err != nil {
		t.Fatal(err)
	}
	var unsolvable []string
	for _, inst := range set.Instances {
		if !puzzles.Solvable(inst.Board, set.Goal(inst)) {
			unsolvable = append(unsolvable, inst.Name)
		}
	}
	want := []string{"n_equals_3/input_1.txt", "n_equals_4/input_1.txt", "n_equals_5/input_6.txt"}
	if diff := cmp.Diff(want, unsolvable); diff != "" {
		t.Errorf("unsolvable CS3243 inputs (-want +got):\n%s", diff)
	}
	if len(set.Instances) != 13 {
		t.Errorf("%d instances, want 13", len(set.Instances))
	}
}

func TestParseCells(t *testing.T) {
	b, err := puzzles.ParseCells(" 8 6 7\t2 5 4 3 0 1 ", puzzles.Shape{})
	if err != nil || b.Shape() != (puzzles.Shape{Rows: 3, Cols: 3}) || b.String() != "8 6 7 2 5 4 3 0 1" {
		t.Errorf("square inferred: %v %v, %v", b.Shape(), b, err)
	}
	b, err = puzzles.ParseCells("1 2 3 4 5 6 7 0", puzzles.Shape{Rows: 2, Cols: 4})
	if err != nil || b.Shape() != (puzzles.Shape{Rows: 2, Cols: 4}) {
		t.Errorf("rectangular: %v, %v", b.Shape(), err)
	}
	bad := []struct {
		text  string
		shape puzzles.Shape
		kind  error
	}{
		{"1 2 3 4 5 6 7 0", puzzles.Shape{}, puzzles.ErrSize},
		{"1 2 3 0", puzzles.Shape{Rows: 2, Cols: 3}, puzzles.ErrSize},
		{"1 2 x 0", puzzles.Shape{}, puzzles.ErrSyntax},
		{"1 2 4 0", puzzles.Shape{}, puzzles.ErrRange},
		{"1 1 2 0", puzzles.Shape{}, puzzles.ErrDuplicate},
		{"", puzzles.Shape{}, puzzles.ErrSize},
	}
	for _, tc := range bad {
		if _, err := puzzles.ParseCells(tc.text, tc.shape); !errors.Is(err, tc.kind) {
			t.Errorf("ParseCells(%q, %v) = %v, want %v", tc.text, tc.shape, err, tc.kind)
		}
	}
}

// FuzzParseCells checks that any text either fails with a sentinel error
// or reads back from the board's own String.
func FuzzParseCells(f *testing.F) {
	for _, s := range []string{"1 2 3 0", "8 6 7 2 5 4 3 0 1", "1 1 2 0", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := puzzles.ParseCells(text, puzzles.Shape{})
		if err != nil {
			for _, kind := range []error{puzzles.ErrSize, puzzles.ErrSyntax, puzzles.ErrRange, puzzles.ErrDuplicate} {
				if errors.Is(err, kind) {
					return
				}
			}
			t.Fatalf("error %v wraps no sentinel", err)
		}
		again, err := puzzles.ParseCells(b.String(), b.Shape())
		if err != nil || !again.Equal(b) {
			t.Fatalf("%v reads back as %v, %v", b, again, err)
		}
	})
}

// Courses write the blank as _, b, x or *, separate cells by commas and
// put a rectangular board on one line; each reads as the same board.
func TestParseBoardNotations(t *testing.T) {
	want, err := puzzles.ParseCells("1 2 3 4 5 6 7 0", puzzles.Shape{Rows: 2, Cols: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, text string
		opts       puzzles.ReadOptions
	}{
		{"underscore", "1 2 3 4\n5 6 7 _\n", puzzles.ReadOptions{}},
		{"b", "1 2 3 4\n5 6 7 b\n", puzzles.ReadOptions{}},
		{"X", "1 2 3 4\n5 6 7 X\n", puzzles.ReadOptions{}},
		{"star", "1 2 3 4\n5 6 7 *\n", puzzles.ReadOptions{}},
		{"configured token", "1 2 3 4\n5 6 7 --\n", puzzles.ReadOptions{Blank: "--"}},
		{"commas", "1,2,3,4\n5,6,7,0\n", puzzles.ReadOptions{}},
		{"commas and spaces, trailing comma", "1, 2, 3, 4,\r\n5, 6, 7, _\r\n", puzzles.ReadOptions{}},
		{"one line with its shape", "1 2 3 4 5 6 7 0\n", puzzles.ReadOptions{Shape: puzzles.Shape{Rows: 2, Cols: 4}}},
		{"one line, commas, shape", "1,2,3,4,5,6,7,_", puzzles.ReadOptions{Shape: puzzles.Shape{Rows: 2, Cols: 4}}},
		{"rows that agree with the shape", "1 2 3 4\n5 6 7 0\n", puzzles.ReadOptions{Shape: puzzles.Shape{Rows: 2, Cols: 4}}},
	} {
		got, _, err := puzzles.ParseBoardOptions(strings.NewReader(c.text), "p.txt", c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !got.Equal(want) {
			t.Errorf("%s: read %v, want %v", c.name, got, want)
		}
	}
	for _, c := range []struct {
		name, text string
		opts       puzzles.ReadOptions
		want       string
	}{
		{"empty cell", "1,2,,3\n4,5,6\n7,8,0\n", puzzles.ReadOptions{}, "p.txt:1:5: syntax error: found an empty cell between commas"},
		{"leading comma", ",1 2\n3 0\n", puzzles.ReadOptions{}, "p.txt:1:1: syntax error: found an empty cell"},
		{"two blanks", "1 2 3\n4 _ 6\n7 8 0\n", puzzles.ReadOptions{}, "p.txt:3:5: duplicate tile: the blank (0) appears twice (also at line 2, column 3)"},
		{"one line, wrong count", "1 2 3 4 5 6 0\n", puzzles.ReadOptions{Shape: puzzles.Shape{Rows: 2, Cols: 4}}, "p.txt:1: bad board size: a single line of 7 cells; a 2x4 board (the shape given) has 8"},
		{"rows disagree with the shape", "1 2 3\n4 5 6\n7 8 0\n", puzzles.ReadOptions{Shape: puzzles.Shape{Rows: 2, Cols: 4}}, "p.txt:1: bad board size: the file's board is 3x3, but the shape given is 2x4"},
		{"one line, not square", "1 2 3 4 5 6 7 0\n", puzzles.ReadOptions{}, "give its shape (RxC)"},
		{"a numeric blank token", "1 2\n3 0\n", puzzles.ReadOptions{Blank: "9"}, `p.txt: syntax error: blank token "9" is a number`},
		{"unknown word", "1 2\n3 ?\n", puzzles.ReadOptions{Blank: "--"}, `expected a tile number or the blank (0, _, b, x, *, --)`},
	} {
		_, _, err := puzzles.ParseBoardOptions(strings.NewReader(c.text), "p.txt", c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
		}
	}
}

// TestFormatsReadBack writes boards of several shapes in every format and
// reads each back as the same board, in the format it was written in
// (the square-only formats fall back to rows for rectangular boards).
func TestFormatsReadBack(t *testing.T) {
	boards := []puzzles.Board{
		puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1),
		puzzles.MustBoard(2, 4, 1, 2, 3, 4, 5, 6, 0, 7),
		puzzles.MustBoard(4, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0),
	}
	for _, b := range boards {
		for _, f := range []puzzles.Format{puzzles.FormatRows, puzzles.FormatPrinceton, puzzles.FormatLine, puzzles.FormatNPuzzle, puzzles.FormatJSON} {
			text := b.Format(f)
			got, gotFormat, err := puzzles.ParseBoardFormat(strings.NewReader(text), "p.txt")
			if err != nil {
				t.Fatalf("%v as %v: %v\n%s", b, f, err, text)
			}
			if !got.Equal(b) {
				t.Errorf("%v as %v reads back as %v", b, f, got)
			}
			want := f
			if b.Shape().Rows != b.Shape().Cols && f != puzzles.FormatJSON {
				want = puzzles.FormatRows
			}
			if gotFormat != want {
				t.Errorf("%v written as %v is read as %v", b, f, gotFormat)
			}
			name, err := puzzles.ParseFormat(f.String())
			if err != nil || name != f {
				t.Errorf("format name %q reads as %v, %v", f.String(), name, err)
			}
		}
	}
}
