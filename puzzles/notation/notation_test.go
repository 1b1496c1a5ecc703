package notation_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// start is three moves from the default goal: tile 2 slides up, tile 5
// left, tile 6 up (UP LEFT UP under the tile convention).
var start = puzzles.MustBoard(3, 3, 1, 0, 3, 4, 2, 5, 7, 8, 6)

var upLeftUp = []puzzles.Dir{puzzles.Up, puzzles.Left, puzzles.Up}

func read(t *testing.T, text string, n notation.Notation, c puzzles.Convention) (puzzles.Answer, notation.Notation, error) {
	t.Helper()
	return notation.Read(strings.NewReader(text), "answer.txt", notation.Options{Notation: n, Start: start, Convention: c})
}

// TestReadAccepts reads answers as real solvers print them, detecting the
// notation.
func TestReadAccepts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		text  string
		want  notation.Notation
		lines []int32
	}{
		{"one move per line", "UP\r\nleft\n\nU\n", notation.Lines, []int32{1, 2, 4}},
		{"letters", "ULU\n", notation.Letters, []int32{1, 1, 1}},
		{"letters, lower case, no newline", "ulu", notation.Letters, []int32{1, 1, 1}},
		{"letters with spaces", "U L U\n", notation.Letters, []int32{1, 1, 1}},
		{"letters with commas", "U,L,U\r\n", notation.Letters, []int32{1, 1, 1}},
		{"letters wrapped", "UL\nU\n", notation.Letters, []int32{1, 1, 2}},
		{"words", "UP LEFT UP\n", notation.Words, []int32{1, 1, 1}},
		{"Python's print of a joined list", "up, left, up\n", notation.Words, []int32{1, 1, 1}},
		{"42-school words", "TOP\nLEFT TOP\n", notation.Words, []int32{1, 2, 2}},
		{"words after a label", "Path to goal: up, left,\n up\n", notation.Words, []int32{1, 1, 2}},
		{"JSON list", `["UP","LEFT","UP"]`, notation.List, []int32{1, 1, 1}},
		{"Python list", "['Up', 'Left', 'Up']\n", notation.List, []int32{1, 1, 1}},
		{"ColumbiaX path_to_goal", "path_to_goal: ['Up', 'Left', 'Up']\n", notation.List, []int32{1, 1, 1}},
		{"pretty JSON list", "[\n  \"up\",\n  \"left\",\n  \"up\",\n]\n", notation.List, []int32{2, 3, 4}},
		{"tile numbers", "2 5 6\n", notation.Tiles, []int32{1, 1, 1}},
		{"tile numbers one per line", "2\n5\n6\n", notation.Tiles, []int32{1, 2, 3}},
		{"tile numbers as a Python list", "[2, 5, 6]\n", notation.Tiles, []int32{1, 1, 1}},
		{"Princeton's Solver", "Minimum number of moves = 3\n3\n 1  0  3 \n 4  2  5 \n 7  8  6 \n\n3\n 1  2  3 \n 4  0  5 \n 7  8  6 \n\n3\n 1  2  3 \n 4  5  0 \n 7  8  6 \n\n3\n 1  2  3 \n 4  5  6 \n 7  8  0 \n\n",
			notation.Boards, []int32{8, 13, 18}},
		{"boards with Step headers, no start", "Step 1:\n1 2 3\n4 _ 5\n7 8 6\nStep 2:\n1 2 3\n4 5 _\n7 8 6\nStep 3:\n1 2 3\n4 5 6\n7 8 _\n",
			notation.Boards, []int32{2, 6, 10}},
		{"boards back to back", "1 0 3\n4 2 5\n7 8 6\n1 2 3\n4 0 5\n7 8 6\n1 2 3\n4 5 0\n7 8 6\n1 2 3\n4 5 6\n7 8 0\n",
			notation.Boards, []int32{4, 7, 10}},
		{"boards as Python lists", "[[1, 2, 3], [4, 0, 5], [7, 8, 6]]\n[[1, 2, 3], [4, 5, 0], [7, 8, 6]]\n[[1, 2, 3], [4, 5, 6], [7, 8, 0]]\n",
			notation.Boards, []int32{1, 2, 3}},
		{"boards drawn in a grid with borders between rows", "+-----+\n|1|2|3|\n-------\n|4|0|5|\n-------\n|7|8|6|\n+-----+\n   |\n   v\n+-----+\n|1|2|3|\n-------\n|4|5|0|\n-------\n|7|8|6|\n+-----+\n   |\n   v\n+-----+\n|1|2|3|\n-------\n|4|5|6|\n-------\n|7|8|0|\n+-----+\n",
			notation.Boards, []int32{2, 11, 20}},
		{"boards drawn in a grid", "Move 1\n+---+---+---+\n| 1 | 2 | 3 |\n| 4 | x | 5 |\n| 7 | 8 | 6 |\n+---+---+---+\nMove 2\n1 2 3\n4 5 x\n7 8 6\nMove 3: UP\n1 2 3\n4 5 6\n7 8 x\n",
			notation.Boards, []int32{3, 8, 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, n, err := read(t, tc.text, notation.Auto, puzzles.TileMoves)
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.want {
				t.Errorf("read as %v, want %v", n, tc.want)
			}
			if diff := cmp.Diff(upLeftUp, a.Tokens); diff != "" {
				t.Errorf("tokens (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.lines, a.Lines); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			final, err := puzzles.Replay(start, a, puzzles.TileMoves)
			if err != nil || !puzzles.DefaultGoal(start.Shape()).Reached(final) {
				t.Errorf("replayed to %v, %v; want the goal", final, err)
			}
			// Forcing the detected notation reads the same.
			again, _, err := read(t, tc.text, tc.want, puzzles.TileMoves)
			if err != nil || !cmp.Equal(again.Tokens, a.Tokens) {
				t.Errorf("forced %v: %v, %v", tc.want, again.Tokens, err)
			}
		})
	}
}

// TestConventionFree: tile numbers and boards name the tile that slides,
// so under the blank convention they become the blank's directions and
// replay the same way; letters mean what they say under each convention.
func TestConventionFree(t *testing.T) {
	for _, text := range []string{"2 5 6", "1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 5 0\n7 8 6\n\n1 2 3\n4 5 6\n7 8 0\n"} {
		for _, c := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
			a, _, err := read(t, text, notation.Auto, c)
			if err != nil {
				t.Fatal(err)
			}
			final, err := puzzles.Replay(start, a, c)
			if err != nil || !puzzles.DefaultGoal(start.Shape()).Reached(final) {
				t.Errorf("%q under %v: %v, %v; want the goal", text, c, final, err)
			}
		}
	}
	a, _, err := read(t, "ULU", notation.Auto, puzzles.BlankMoves)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := puzzles.Replay(start, a, puzzles.BlankMoves); !errors.Is(err, puzzles.ErrIllegalMove) {
		t.Errorf("ULU under the blank convention: %v, want an illegal move (the blank is on the top row)", err)
	}
}

func TestReadUnsolvable(t *testing.T) {
	for _, tc := range []struct {
		text string
		n    notation.Notation
	}{
		{"UNSOLVABLE\n", notation.Lines},
		{"\n unsolvable \r\n", notation.Lines},
		{"UNSOLVABLE", notation.Letters},
		{"UNSOLVABLE", notation.Words},
		{`["UNSOLVABLE"]`, notation.List},
		{"UNSOLVABLE", notation.List},
		{"UNSOLVABLE", notation.Tiles},
		{"UNSOLVABLE", notation.Boards},
		{"No solution possible\n", notation.Boards},
	} {
		// A plain UNSOLVABLE reads the same in every notation, so auto
		// names the first, lines.
		detected := notation.Lines
		if strings.ContainsAny(tc.text, "[o") {
			detected = tc.n
		}
		for _, n := range []notation.Notation{tc.n, notation.Auto} {
			a, got, err := read(t, tc.text, n, puzzles.TileMoves)
			if err != nil || !a.Unsolvable || a.Len() != 0 || a.UnsolvableLine == 0 {
				t.Errorf("%q as %v: %+v, %v; want the UNSOLVABLE claim", tc.text, n, a, err)
			}
			if n == notation.Auto && got != detected {
				t.Errorf("%q: detected %v, want %v", tc.text, got, detected)
			}
		}
	}
}

// TestReadRejects: every error is a *puzzles.ParseError at the right
// place, from the notation that read furthest.
func TestReadRejects(t *testing.T) {
	for _, tc := range []struct {
		name      string
		text      string
		force     notation.Notation
		limits    puzzles.AnswerLimits
		want      notation.Notation
		kind      error
		line, col int
		mention   string
	}{
		{"a bad word on line 2", "UP\nsideways\n", notation.Auto, puzzles.AnswerLimits{}, notation.Lines, puzzles.ErrBadMove, 2, 1, `"sideways"`},
		{"a bad letter", "RRDXL\n", notation.Auto, puzzles.AnswerLimits{}, notation.Letters, puzzles.ErrBadMove, 1, 4, `"X"`},
		{"a word that starts like letters", "LEFTT\n", notation.Auto, puzzles.AnswerLimits{}, notation.Lines, puzzles.ErrBadMove, 1, 1, `"LEFTT"`},
		{"a word among letters", "UL LEAKED\n", notation.Letters, puzzles.AnswerLimits{}, notation.Letters, puzzles.ErrBadMove, 1, 4, `"LEAKED"`},
		{"a bad word after good ones", "UP DOWN\nNORTH\n", notation.Auto, puzzles.AnswerLimits{}, notation.Words, puzzles.ErrBadMove, 2, 1, `"NORTH"`},
		{"a bad tile", "2 5 x 6\n", notation.Auto, puzzles.AnswerLimits{}, notation.Tiles, puzzles.ErrBadMove, 1, 5, `"x"`},
		{"a tile off the board", "2\n5\n9\n", notation.Auto, puzzles.AnswerLimits{}, notation.Tiles, puzzles.ErrRange, 3, 1, "tiles 1..8"},
		{"the blank as a tile", "2 0", notation.Tiles, puzzles.AnswerLimits{}, notation.Tiles, puzzles.ErrRange, 1, 3, "the blank"},
		{"an unclosed list", "['Up', 'Left'\n", notation.Auto, puzzles.AnswerLimits{}, notation.List, puzzles.ErrSyntax, 1, 14, "closing ]"},
		{"a bad list item", "['Up', 'Lft']", notation.Auto, puzzles.AnswerLimits{}, notation.List, puzzles.ErrBadMove, 1, 9, `"Lft"`},
		{"text after a list", "['Up'] cost 1", notation.List, puzzles.AnswerLimits{}, notation.List, puzzles.ErrSyntax, 1, 8, "after the list"},
		{"a tile twice on a board", "1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 5 0\n7 8 5\n", notation.Auto, puzzles.AnswerLimits{}, notation.Boards, puzzles.ErrDuplicate, 7, 5, "tile 5 appears twice"},
		{"a short board", "1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 5 0\n\nStep 3\n", notation.Auto, puzzles.AnswerLimits{}, notation.Boards, puzzles.ErrRagged, 5, 0, "2 rows"},
		{"a ragged row", "1 2 3\n4 0 5\n7 8 6 9\n", notation.Boards, puzzles.AnswerLimits{}, notation.Boards, puzzles.ErrRagged, 3, 0, "4 cells"},
		{"a stray word among boards", "1 2 3\n4 0 5\n7 8 6\nexpanded\n", notation.Boards, puzzles.AnswerLimits{}, notation.Boards, puzzles.ErrSyntax, 4, 1, "header"},
		{"UNSOLVABLE among letters", "UL UNSOLVABLE", notation.Letters, puzzles.AnswerLimits{}, notation.Letters, puzzles.ErrBadMove, 1, 4, "only token"},
		{"UNSOLVABLE among tiles", "2 UNSOLVABLE", notation.Tiles, puzzles.AnswerLimits{}, notation.Tiles, puzzles.ErrBadMove, 1, 3, "only token"},
		{"too many letters", "ULULU", notation.Auto, puzzles.AnswerLimits{MaxMoves: 4}, notation.Letters, puzzles.ErrTooLarge, 1, 5, "more than 4 moves"},
		{"too many tiles", "2 5 6 5 6", notation.Tiles, puzzles.AnswerLimits{MaxMoves: 4}, notation.Tiles, puzzles.ErrTooLarge, 1, 9, "more than 4 moves"},
		{"a line too long", "U" + strings.Repeat(" ", 60) + "L\n", notation.Auto, puzzles.AnswerLimits{MaxLineBytes: 50}, notation.Auto, puzzles.ErrTooLarge, 1, 0, "longer than 50 bytes"},
		{"too many bytes", strings.Repeat("U\n", 100), notation.Letters, puzzles.AnswerLimits{MaxBytes: 100}, notation.Auto, puzzles.ErrTooLarge, 51, 0, "more than 100 bytes"},
		{"binary", "UL\n\x00\n", notation.Auto, puzzles.AnswerLimits{}, notation.Auto, puzzles.ErrBinary, 2, 1, "binary"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, n, err := notation.Read(strings.NewReader(tc.text), "answer.txt", notation.Options{Notation: tc.force, Start: start, Limits: tc.limits})
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a *ParseError", err)
			}
			if pe.File != "answer.txt" || pe.Line != tc.line || pe.Col != tc.col {
				t.Errorf("at %s:%d:%d, want answer.txt:%d:%d (%v)", pe.File, pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if n != tc.want {
				t.Errorf("reported as %v, want %v (%v)", n, tc.want, err)
			}
			if !strings.Contains(err.Error(), tc.mention) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%q is not one line mentioning %q", err, tc.mention)
			}
		})
	}
}

// TestIllegalSteps: a tile not next to the blank and a board that is not
// one slide away are illegal moves, reported by Replay after the legal
// ones with their line and the board before them.
func TestIllegalSteps(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
		token      string
		before     string
		mention    string
	}{
		{"tile", "2\n5\n7\n6 5\n", 3, "7", "1 2 3 4 5 0 7 8 6", "tile 7 is at row 3, column 1, not next to the blank at row 2, column 3"},
		{"board", "1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n7 0 8\n\n1 2 3\n4 5 6\n0 7 8\n", 5, "board", "1 2 3 4 0 5 7 8 6", "differs from the one before it in 3 cells"},
		{"repeated board", "1 2 3\n4 0 5\n7 8 6\n\n1 2 3\n4 0 5\n7 8 6\n", 5, "board", "1 2 3 4 0 5 7 8 6", "the same as the one before it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _, err := read(t, tc.text, notation.Auto, puzzles.TileMoves)
			if err != nil {
				t.Fatal(err)
			}
			_, err = puzzles.Replay(start, a, puzzles.TileMoves)
			var ill *puzzles.IllegalMoveError
			if !errors.As(err, &ill) {
				t.Fatalf("Replay: %v, want an illegal move", err)
			}
			want := struct {
				Index, Line int
				Token       string
				Board       string
			}{a.Len(), tc.line, tc.token, tc.before}
			got := struct {
				Index, Line int
				Token       string
				Board       string
			}{ill.Index, ill.Line, ill.Token, ill.Board.String()}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("illegal move (-want +got):\n%s", diff)
			}
			if !strings.Contains(ill.Reason, tc.mention) {
				t.Errorf("reason %q does not mention %q", ill.Reason, tc.mention)
			}
			// Every board is a move (the start is not written) and every
			// tile number is.
			moves := len(strings.Fields(tc.text))
			if tc.token == "board" {
				moves = strings.Count(tc.text, "\n\n") + 1
			}
			if a.Written() != moves {
				t.Errorf("%d moves written, want %d", a.Written(), moves)
			}
		})
	}
}

func TestParseName(t *testing.T) {
	for _, n := range append([]notation.Notation{notation.Auto}, notation.Notations...) {
		got, err := notation.ParseName(" " + strings.ToUpper(n.String()))
		if err != nil || got != n {
			t.Errorf("ParseName(%v) = %v, %v", n, got, err)
		}
	}
	if _, err := notation.ParseName("letter"); err == nil || !strings.Contains(err.Error(), "letters") {
		t.Errorf("ParseName(letter): %v, want an error listing the names", err)
	}
}

// TestNeedsStart: without a start board, auto does not try tiles and
// boards, and forcing them is an error.
func TestNeedsStart(t *testing.T) {
	_, _, err := notation.Read(strings.NewReader("2 5 6"), "a", notation.Options{})
	if err == nil {
		t.Error("tile numbers read without a start board")
	}
	_, _, err = notation.Read(strings.NewReader("2 5 6"), "a", notation.Options{Notation: notation.Tiles})
	if err == nil || !strings.Contains(err.Error(), "start board") {
		t.Errorf("forced tiles without a start board: %v", err)
	}
	a, n, err := notation.Read(strings.NewReader("ULU"), "a", notation.Options{})
	if err != nil || n != notation.Letters || a.Len() != 3 {
		t.Errorf("letters without a start board: %v, %v, %v", a, n, err)
	}
}

func TestReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "answer.txt")
	if err := os.WriteFile(path, []byte("2 5 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, n, err := notation.ReadFile(path, notation.Options{Start: start})
	if err != nil || n != notation.Tiles || !cmp.Equal(a.Tokens, upLeftUp) {
		t.Errorf("ReadFile: %v %v %v", a.Tokens, n, err)
	}
	if _, _, err := notation.ReadFile(path+".none", notation.Options{Start: start}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestNotationJSON: a notation reads and writes as its name in JSON, as
// the answer_format field of check --json has it.
func TestNotationJSON(t *testing.T) {
	for _, n := range append([]notation.Notation{notation.Auto}, notation.Notations...) {
		b, err := json.Marshal(struct {
			F notation.Notation `json:"answer_format"`
		}{n})
		if err != nil {
			t.Fatalf("%v: %v", n, err)
		}
		if want := `{"answer_format":"` + n.String() + `"}`; string(b) != want {
			t.Errorf("%v marshals as %s, want %s", n, b, want)
		}
		var back struct {
			F notation.Notation `json:"answer_format"`
		}
		if err := json.Unmarshal(b, &back); err != nil || back.F != n {
			t.Errorf("%s reads back as %v (%v)", b, back.F, err)
		}
	}
	var bad notation.Notation
	if err := json.Unmarshal([]byte(`"morse"`), &bad); err == nil {
		t.Error(`"morse" read as a notation`)
	}
	if _, err := json.Marshal(notation.Notation(99)); err == nil {
		t.Error("an unknown notation marshalled")
	}
}
