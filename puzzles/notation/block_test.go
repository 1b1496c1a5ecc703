package notation_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Reports of our own, shaped as real courses' programs print them (none
// of their text is here): a menu, then the answer, then statistics.
const (
	// A UCR CS170-style menu program: the prompts, the boards of the path
	// (its header "Solution path:" read with them), then its statistics.
	menuBoards = `Welcome to the 8-puzzle solver.
Type "1" to use a default puzzle, or "2" to enter your own puzzle.
Enter your puzzle, use a zero to represent the blank
Enter the first row, use space or tabs between numbers:
Enter the second row:
Enter the third row:
Enter your choice of algorithm
1. Uniform Cost Search
2. A* with the Misplaced Tile heuristic.
3. A* with the Manhattan distance heuristic.
Solution path:
1 0 3
4 2 5
7 8 6

1 2 3
4 0 5
7 8 6

1 2 3
4 5 0
7 8 6

1 2 3
4 5 6
7 8 0
Goal!!!
To solve this problem the search algorithm expanded a total of 5 nodes.
The maximum number of nodes in the queue at any one time: 7.
The depth of the goal node was 3.
`
	// Moves one per line between a banner and statistics.
	menuMoves = `Solving the puzzle...
Solution found!
UP
LEFT
UP
Nodes expanded: 4
Time: 0.01 s
`
	// ColumbiaX's output.txt: a list, then more lines of statistics.
	columbia = `path_to_goal: ['Up', 'Left', 'Up']
cost_of_path: 3
nodes_expanded: 10
search_depth: 3
max_search_depth: 4
running_time: 0.00188088
max_ram_usage: 0.07812500
`
	// A report whose moves follow a label, among statistics.
	labelled = `Cost of path: 3
Path to goal: up, left, up
# visited nodes: 10
Running time (seconds): 0.0011
`
	// A search that prints every board it expands, then the path.
	trace = `Expanding state
1 0 3
4 2 5
7 8 6
Expanding state
0 1 3
4 2 5
7 8 6
Path to the solution
1 2 3
4 0 5
7 8 6
--
1 2 3
4 5 0
7 8 6
--
1 2 3
4 5 6
7 8 0
Goal reached after 3 moves
`
)

func TestReadAnswerInsideAReport(t *testing.T) {
	for _, tc := range []struct {
		name  string
		text  string
		force notation.Notation
		block notation.Block
		want  notation.Notation
		span  notation.Span
		lines []int32
	}{
		{"boards between a menu and statistics", menuBoards, notation.Auto, notation.Block{}, notation.Boards, notation.Span{First: 11, Last: 26}, []int32{16, 20, 24}},
		{"the same, boards named", menuBoards, notation.Boards, notation.Block{}, notation.Boards, notation.Span{First: 11, Last: 26}, []int32{16, 20, 24}},
		{"moves between a banner and statistics", menuMoves, notation.Auto, notation.Block{}, notation.Lines, notation.Span{First: 3, Last: 5}, []int32{3, 4, 5}},
		{"moves, words named", menuMoves, notation.Words, notation.Block{}, notation.Words, notation.Span{First: 3, Last: 5}, []int32{3, 4, 5}},
		{"one move per line, named, needs the last block", menuMoves, notation.Lines, notation.Block{Last: true}, notation.Lines, notation.Span{First: 3, Last: 5}, []int32{3, 4, 5}},
		{"moves after a label, among statistics", labelled, notation.Auto, notation.Block{}, notation.Words, notation.Span{First: 2, Last: 2}, []int32{2, 2, 2}},
		{"the same, the last block", labelled, notation.Auto, notation.Block{Last: true}, notation.Words, notation.Span{First: 2, Last: 2}, []int32{2, 2, 2}},
		{"ColumbiaX's output.txt", columbia, notation.Auto, notation.Block{}, notation.List, notation.Span{First: 1, Last: 1}, []int32{1, 1, 1}},
		{"the last block after a trace", trace, notation.Auto, notation.Block{Last: true}, notation.Boards, notation.Span{First: 10, Last: 20}, []int32{10, 14, 18}},
		{"the block named by the lines around it", trace, notation.Auto, notation.Block{After: regexp.MustCompile(`Path to the solution`), Before: regexp.MustCompile(`^Goal reached`)},
			notation.Boards, notation.Span{First: 10, Last: 20}, []int32{10, 14, 18}},
		{"named by the line before it only", menuMoves, notation.Auto, notation.Block{After: regexp.MustCompile(`found!$`), Before: regexp.MustCompile(`^Nodes`)},
			notation.Lines, notation.Span{First: 3, Last: 5}, []int32{3, 4, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, n, span, err := notation.ReadSpan(strings.NewReader(tc.text), "report.txt", notation.Options{Notation: tc.force, Start: start, Convention: puzzles.TileMoves, Block: tc.block})
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.want || span != tc.span {
				t.Errorf("read as %v at %v, want %v at %v", n, span, tc.want, tc.span)
			}
			if diff := cmp.Diff(upLeftUp, a.Tokens); diff != "" {
				t.Errorf("tokens (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.lines, a.Lines); diff != "" {
				t.Errorf("lines of the report (-want +got):\n%s", diff)
			}
			// Read again where it was found, in the notation it was read
			// in (as the reports read a kept answer), it is the same.
			again, n2, span2, err := notation.ReadSpan(strings.NewReader(tc.text), "report.txt", notation.Options{Notation: n, Start: start, Convention: puzzles.TileMoves, Block: notation.Block{Lines: span}})
			if err != nil || n2 != n || span2 != span {
				t.Fatalf("read again at %v as %v: %v, %v, %v", span, n, n2, span2, err)
			}
			if diff := cmp.Diff(a, again); diff != "" {
				t.Errorf("read again (-first +again):\n%s", diff)
			}
		})
	}
}

// TestReadLines: Block.Lines outside the text is an error, and no lines
// at all are no moves.
func TestReadLines(t *testing.T) {
	opts := notation.Options{Notation: notation.Lines, Block: notation.Block{Lines: notation.Span{First: 4, Last: 6}}}
	if _, _, err := notation.Read(strings.NewReader("UP\nLEFT\n"), "a", opts); !errors.Is(err, puzzles.ErrSyntax) {
		t.Errorf("lines 4-6 of a text of 2: %v, want a syntax error", err)
	}
	opts.Block.Lines = notation.Span{First: 3, Last: 2}
	if a, _, err := notation.Read(strings.NewReader("UP\nLEFT\n"), "a", opts); err != nil || a.Len() != 0 {
		t.Errorf("no lines: %v moves, %v", a.Len(), err)
	}
}

// Where a block cannot be told for sure, nothing is guessed: the error of
// the whole text, or the ambiguity with the blocks listed.
func TestReadAnswerInsideAReportRefuses(t *testing.T) {
	for _, tc := range []struct {
		name     string
		text     string
		block    notation.Block
		kind     error
		line     int
		mentions []string
	}{
		{"a misspelt move is not text around an answer", "UP\nLEFT\nUPP\n", notation.Block{}, puzzles.ErrBadMove, 3, []string{`"UPP"`}},
		{"a move after a label is a block of its own", "UP\nLEFT\nMove 3: UP\n", notation.Block{}, notation.ErrAmbiguous, 1, []string{"at lines 1-2 2 moves, UL, but at line 3 1 move, U"}},
		{"a row gone wrong is not text", "1 2 3\n4 0 5\n7 8 6 9\n", notation.Block{}, puzzles.ErrRagged, 3, []string{"4 cells"}},
		{"a trace's boards and the path read differently", trace, notation.Block{}, notation.ErrAmbiguous, 6,
			[]string{"3 blocks of moves or boards, which do not read the same", "at lines 6-8 1 move, R, but at lines 10-20 3 moves, ULU", "answer.block: last"}},
		{"moves, then the goal board", "UP\nLEFT\nUP\nFinal state:\n1 2 3\n4 5 6\n7 8 0\n", notation.Block{}, notation.ErrAmbiguous, 1,
			[]string{"2 blocks", "at lines 1-3 3 moves, ULU, but at lines 4-7"}},
		{"the block that cannot be read is the one shown", "Path:\n1 2 3\n4 0 5\n7 8 5\nDepth: 1\n", notation.Block{}, puzzles.ErrDuplicate, 4, []string{"tile 5 appears twice"}},
		{"no line before the answer", menuMoves, notation.Block{After: regexp.MustCompile("Path:")}, puzzles.ErrSyntax, 1, []string{`no line matches "Path:"`}},
		{"no line after the answer", menuMoves, notation.Block{After: regexp.MustCompile("found!"), Before: regexp.MustCompile("Goal")}, puzzles.ErrSyntax, 3, []string{"after the answer's start (line 3)", `"Goal"`}},
		{"the last block read whatever its error", "Path:\n1 2 3\n4 0 5\n7 8 6\nthen\n1 2 3\n4 9 5\n7 8 6\n", notation.Block{Last: true}, puzzles.ErrRange, 7, []string{"tile 9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := notation.Read(strings.NewReader(tc.text), "report.txt", notation.Options{Start: start, Convention: puzzles.TileMoves, Block: tc.block})
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) || pe.File != "report.txt" || pe.Line != tc.line {
				t.Errorf("%v: want report.txt line %d", err, tc.line)
			}
			for _, m := range tc.mentions {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("%q does not mention %q", err, m)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q spans lines", err)
			}
		})
	}
}

// The claim UNSOLVABLE alone is read as such wherever the lines around
// the answer would put it.
func TestNamedBlockReadsTheClaim(t *testing.T) {
	b := notation.Block{After: regexp.MustCompile("^Path"), Before: regexp.MustCompile("^Goal")}
	for _, n := range []notation.Notation{notation.Auto, notation.Boards, notation.Lines} {
		a, _, err := notation.Read(strings.NewReader("UNSOLVABLE\n"), "a", notation.Options{Notation: n, Start: start, Block: b})
		if err != nil || !a.Unsolvable || a.UnsolvableLine != 1 {
			t.Errorf("%v: %+v, %v", n, a, err)
		}
	}
}

// A course's own words for the moves are read wherever move words are,
// and only where the course gives them.
func TestVocabulary(t *testing.T) {
	pt, err := notation.NewVocabulary(map[puzzles.Dir][]string{
		puzzles.Up: {"acima", "cima"}, puzzles.Down: {"abaixo"}, puzzles.Left: {"esquerda"}, puzzles.Right: {"direita"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		want notation.Notation
	}{
		{"acima\nEsquerda\n\nCIMA\n", notation.Lines},
		{"acima, esquerda, acima\n", notation.Words},
		{"['acima', 'esquerda', 'acima']\n", notation.List},
		{"UP\nesquerda\nacima\n", notation.Lines},
		{"Movimentos:\nacima\nesquerda\nacima\nNós expandidos: 3\n", notation.Lines},
	} {
		a, n, err := notation.Read(strings.NewReader(tc.text), "answer.txt", notation.Options{Start: start, Words: pt})
		if err != nil || n != tc.want || !cmp.Equal(upLeftUp, a.Tokens) {
			t.Errorf("%q: %v as %v, %v; want UP LEFT UP as %v", tc.text, a.Tokens, n, err, tc.want)
		}
	}
	// Forced lines read the words too, one per line.
	if a, _, err := notation.Read(strings.NewReader("acima\nesquerda\nacima\n"), "answer.txt", notation.Options{Notation: notation.Lines, Words: pt}); err != nil || !cmp.Equal(upLeftUp, a.Tokens) {
		t.Errorf("forced lines: %v, %v", a.Tokens, err)
	}
	// Without the vocabulary they are not moves; with it, a wrong word
	// lists the course's words.
	if _, _, err := notation.Read(strings.NewReader("acima\n"), "answer.txt", notation.Options{}); !errors.Is(err, puzzles.ErrBadMove) {
		t.Errorf("acima without a vocabulary: %v", err)
	}
	_, _, err = notation.Read(strings.NewReader("acima, para-cima\n"), "answer.txt", notation.Options{Notation: notation.Words, Words: pt})
	if !errors.Is(err, puzzles.ErrBadMove) || !strings.Contains(err.Error(), "or acima, cima, abaixo, esquerda, direita") {
		t.Errorf("a word not in the vocabulary: %v", err)
	}
	if got := pt.String(); got != "acima (UP), cima (UP), abaixo (DOWN), esquerda (LEFT), direita (RIGHT)" {
		t.Errorf("String %q", got)
	}
	for _, tc := range []struct {
		words   map[puzzles.Dir][]string
		mention string
	}{
		{map[puzzles.Dir][]string{puzzles.Up: {""}}, "up: an empty word"},
		{map[puzzles.Dir][]string{puzzles.Up: {"para cima"}}, `up: "para cima": expected one word`},
		{map[puzzles.Dir][]string{puzzles.Down: {"unsolvable"}}, "not a move"},
		{map[puzzles.Dir][]string{puzzles.Up: {"alto"}, puzzles.Down: {"Alto"}}, `down: "Alto" is also a word for UP`},
	} {
		if _, err := notation.NewVocabulary(tc.words); err == nil || !strings.Contains(err.Error(), tc.mention) {
			t.Errorf("%v: %v, want ...%s...", tc.words, err, tc.mention)
		}
	}
	if v, err := notation.NewVocabulary(map[puzzles.Dir][]string{puzzles.Up: {"up", "U"}}); err != nil || v.IsZero() {
		t.Errorf("a standard word for its own direction: %v, %v", v, err)
	}
	// A course whose letters are c (cima), b (baixo), e (esquerda) and d
	// (direita): its d is right, not down, in every notation of moves.
	letters, err := notation.NewVocabulary(map[puzzles.Dir][]string{puzzles.Up: {"c"}, puzzles.Down: {"b"}, puzzles.Left: {"e"}, puzzles.Right: {"d"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []puzzles.Dir{puzzles.Left, puzzles.Down, puzzles.Right, puzzles.Up}
	for _, text := range []string{"['e', 'b', 'd', 'c']", "e\nb\nd\nc\n", "ebdc", "e, b, d, c", "Uniform cost {'solution': ['e', 'b']}\nPath: e b d c\n"} {
		a, _, err := notation.Read(strings.NewReader(text), "answer.txt", notation.Options{Words: letters})
		if err != nil || !cmp.Equal(want, a.Tokens) {
			t.Errorf("%q with the course's letters: %v, %v; want LEFT DOWN RIGHT UP", text, a.Tokens, err)
		}
	}
}
