package notation_test

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// seeds are real-looking answers in every notation, and broken ones.
var seeds = []string{
	"UP\r\nleft\n\nD\nr", "UNSOLVABLE\n", "\ufeffU\n", "UP DOWN\n", "NORTH\n", "", "\n\n", "UNSOLVABLE\nUP\n", "\x00",
	"ULU\n", "R R D\n", "r,r,d", "UL\nU\n", "RRDXL",
	"up, left, up\n", "TOP LEFT\n", "Up; Left",
	`["UP","LEFT","UP"]`, "['Up', 'Left']\n", "path_to_goal: ['Up', 'Left', 'Up']\n", "[\n \"up\",\n]\n", "['Up', 'Left'\n", `["UNSOLVABLE"]`, "[]",
	"2 5 6\n", "2\n5\n6\n", "[2, 5, 6]", "2,5,x", "2 7", "0", "[2, 5",
	"Minimum number of moves = 3\n3\n 1  0  3\n 4  2  5\n 7  8  6\n\n3\n 1  2  3\n 4  0  5\n 7  8  6\n",
	"Step 1:\n1 2 3\n4 _ 5\n7 8 6\nStep 2:\n1 2 3\n4 5 _\n7 8 6\n",
	"[[1, 2, 3], [4, 0, 5], [7, 8, 6]]\n", "1 2 3\n4 0 5\n7 8 6 9\n", "No solution possible\n",
	"| 1 | 2 | 3 |\n| 4 | x | 5 |\n| 7 | 8 | 6 |\n+---+\n",
	// Answers inside reports.
	"Solving...\nSolution found!\nUP\nLEFT\nUP\nNodes expanded: 4\n",
	"path_to_goal: ['Up', 'Left', 'Up']\ncost_of_path: 3\nnodes_expanded: 10\n",
	"Menu: 1 or 2?\nPath to the solution\n1 2 3\n4 0 5\n7 8 6\n--\n1 2 3\n4 5 0\n7 8 6\nGoal reached\nDepth: 2\n",
	"Expanding state\n1 0 3\n4 2 5\n7 8 6\nExpanding state\n0 1 3\n4 2 5\n7 8 6\nPath to the solution\n1 2 3\n4 0 5\n7 8 6\n",
	"acima\nesquerda\n", "Movimentos: acima, esquerda\n",
	"Cost of path: 3\nPath to goal: up, left, up\n# visited nodes: 10\n", "up left: down\n", "Path: up\nPath: left\n",
}

// fuzzRead checks that any input read in notation n either fails with a
// one-line *ParseError naming the file, or gives an answer that, written
// back in n, reads back the same; and that replaying it does not panic.
func fuzzRead(t *testing.T, n notation.Notation, data []byte) {
	fuzzReadWith(t, notation.Options{Notation: n}, data)
}

// fuzzReadWith is fuzzRead with further options (a vocabulary, a block):
// an answer found in a block has its lines inside the text, and reads
// back the same once written alone.
func fuzzReadWith(t *testing.T, base notation.Options, data []byte) {
	n := base.Notation
	lim := puzzles.AnswerLimits{MaxMoves: 1000, MaxLineBytes: 300, MaxBytes: 1 << 16}
	for _, c := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
		opts := base
		opts.Start, opts.Convention, opts.Limits = start, c, lim
		a, got, span, err := notation.ReadSpan(bytes.NewReader(data), "fuzz.txt", opts)
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
		if n != notation.Auto && got != n {
			t.Fatalf("forced %v, reported %v", n, got)
		}
		lines := int32(bytes.Count(data, []byte("\n")) + 1)
		for _, l := range a.Lines {
			if l < 1 || l > lines || !span.IsZero() && (int(l) < span.First || int(l) > span.Last) {
				t.Fatalf("a move on line %d, outside the text's %d lines or the block at %v", l, lines, span)
			}
		}
		if len(a.Lines) != len(a.Tokens) || a.Len() > lim.MaxMoves {
			t.Fatalf("%d lines for %d tokens (cap %d)", len(a.Lines), len(a.Tokens), lim.MaxMoves)
		}
		_, _ = puzzles.Replay(start, a, c)
		if a.Illegal != nil {
			if a.Illegal.Line <= 0 {
				t.Fatalf("illegal move without a line: %+v", a.Illegal)
			}
			a.Illegal = nil // write back the legal moves
		}
		if _, err := puzzles.Replay(start, a, c); err != nil && got.NeedsStart() {
			t.Fatalf("%v gave an illegal move outside Illegal: %v", got, err)
		}
		text, err := notation.Format(a, got, start, c)
		if err != nil {
			if got.NeedsStart() {
				t.Fatalf("format %v: %v", got, err)
			}
			return // letters or words with an illegal move cannot become tiles
		}
		again, n2, err := notation.Read(strings.NewReader(text), "again", notation.Options{Notation: got, Start: start, Convention: c})
		if err != nil || n2 != got {
			t.Fatalf("written as %v it does not read back: %v\n%s", got, err, text)
		}
		if again.Unsolvable != a.Unsolvable || len(again.Tokens) != len(a.Tokens) {
			t.Fatalf("round trip changed the answer: %+v then %+v\n%s", a, again, text)
		}
		for i := range a.Tokens {
			if a.Tokens[i] != again.Tokens[i] {
				t.Fatalf("move %d changed: %v then %v", i+1, a.Tokens[i], again.Tokens[i])
			}
		}
	}
}

func fuzzNotation(f *testing.F, n notation.Notation) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, n, data) })
}

func FuzzAuto(f *testing.F)    { fuzzNotation(f, notation.Auto) }
func FuzzLines(f *testing.F)   { fuzzNotation(f, notation.Lines) }
func FuzzLetters(f *testing.F) { fuzzNotation(f, notation.Letters) }
func FuzzWords(f *testing.F)   { fuzzNotation(f, notation.Words) }
func FuzzList(f *testing.F)    { fuzzNotation(f, notation.List) }
func FuzzTiles(f *testing.F)   { fuzzNotation(f, notation.Tiles) }
func FuzzBoards(f *testing.F)  { fuzzNotation(f, notation.Boards) }

// FuzzBlock reads any text as a report whose answer is a block: the
// last one, and the one two patterns name by the lines around it.
func FuzzBlock(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	named := notation.Block{After: regexp.MustCompile(`(?i)path|solution`), Before: regexp.MustCompile(`(?i)goal|nodes|depth`)}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzReadWith(t, notation.Options{Block: notation.Block{Last: true}}, data)
		fuzzReadWith(t, notation.Options{Notation: notation.Lines, Block: notation.Block{Last: true}}, data)
		fuzzReadWith(t, notation.Options{Block: named}, data)
		fuzzReadWith(t, notation.Options{Notation: notation.Boards, Block: named}, data)
	})
}

// FuzzVocabulary reads any text with a course's words for the moves.
func FuzzVocabulary(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	pt, err := notation.NewVocabulary(map[puzzles.Dir][]string{puzzles.Up: {"acima"}, puzzles.Down: {"abaixo"}, puzzles.Left: {"esquerda"}, puzzles.Right: {"direita"}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, n := range []notation.Notation{notation.Auto, notation.Lines, notation.Words, notation.List} {
			fuzzReadWith(t, notation.Options{Notation: n, Words: pt}, data)
		}
	})
}
