package grader_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// goodReport is what the harness writes for a right Board on
// 1 2 3 / 4 0 6 / 7 5 8.
const goodReport = `kpuzzle-api 1
dimension = 3
hamming = 2
manhattan = 2
is_goal = false
goal_is_goal = true
neighbor :
| 3
|  1  0  3
|  4  2  6
|  7  5  8
|
neighbor :
| 3
|  1  2  3
|  4  5  6
|  7  0  8
neighbor :
| 3
|  1  2  3
|  0  4  6
|  7  5  8
neighbor :
| 3
|  1  2  3
|  4  6  0
|  7  5  8
neighbors = 4
twin :
| 3
|  2  1  3
|  4  0  6
|  7  5  8
equals_same = true
equals_neighbor = false
equals_null = false
moves = 2
`

func apiTest() grader.Test {
	b := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	return grader.Test{Name: "p.txt", Board: b, Goal: puzzles.DefaultGoal(b.Shape()), Solvable: true, Optimum: check.KnownOptimum(2, "answer key")}
}

// judge parses a report and judges it, giving each check's detail,
// prefixed with "FAILED " when it failed.
func judge(t *testing.T, report string, test grader.Test, r grader.Result) map[string]string {
	t.Helper()
	rep, err := grader.ParseAPIReport(strings.NewReader(report), "r.api")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, c := range grader.JudgeJavaAPI(rep, test, r) {
		d := c.Detail
		if !c.Passed {
			d = "FAILED " + d
		}
		out[c.Name] = d
	}
	return out
}

func TestJudgeJavaAPI(t *testing.T) {
	ok := grader.Result{Verdict: check.Optimal, Length: 2, Solvable: true}
	got := judge(t, goodReport, apiTest(), ok)
	want := map[string]string{
		"dimension":   "dimension() returned 3",
		"hamming":     "hamming() returned 2",
		"manhattan":   "manhattan() returned 2",
		"is_goal":     "isGoal() returned false on this board and true on the goal board",
		"neighbors":   "neighbors() returned the 4 boards one move away",
		"twin":        "twin() swapped tiles 1 and 2: exactly one of the board and its twin is solvable",
		"equals":      "equals() is true for a board of the same tiles, false for a board one move away and for null",
		"moves":       "moves() returned 2, the optimal length",
		"tile_at":     "not applicable: tileAt(row, col) is part of the campus API, and these classes follow the coursera API",
		"is_solvable": "not applicable: Board.isSolvable() is part of the campus API, and these classes follow the coursera API",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("a right Board (-want +got):\n%s", d)
	}

	// Wrong answers, exceptions and missing calls, each explained.
	bad := strings.NewReplacer(
		"hamming = 2", "hamming = 3",
		"manhattan = 2", "manhattan ! java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3",
		"goal_is_goal = true", "goal_is_goal = false",
		"|  1  2  3\n|  4  6  0\n", "|  1  2  3\n|  4  0  6\n", // a neighbour that is the board itself
		"|  2  1  3\n|  4  0  6", "|  1  2  3\n|  0  4  6", // the twin is a move
		"equals_null = false", "equals_null ! java.lang.NullPointerException",
	).Replace(goodReport)
	bad = bad[:strings.Index(bad, "moves = 2")] // the run stopped before moves()
	got = judge(t, bad, apiTest(), grader.Result{Verdict: check.Timeout, Solvable: true})
	want = map[string]string{
		"dimension":   "dimension() returned 3",
		"hamming":     "FAILED hamming() returned 3, expected 2 (the number of tiles out of place, the blank not counted)",
		"manhattan":   "FAILED manhattan() threw java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3",
		"is_goal":     "FAILED isGoal() returned false on this board, rightly, but false on the goal board (1 2 3 ... with the blank last)",
		"neighbors":   "FAILED neighbors() returned 4 boards, expected the 4 boards one move away (one tile slid into the blank); missing [1 2 3 4 6 0 7 5 8]; not one move away or repeated: [1 2 3 4 0 6 7 5 8]",
		"twin":        "FAILED twin() swapped the blank with tile 4: that is a move (the same solvability), but a twin swaps two tiles, not the blank, so that exactly one of the board and its twin is solvable",
		"equals":      "FAILED equals(null) threw java.lang.NullPointerException",
		"moves":       "FAILED not reported: the run ended (timeout) before the harness called moves()",
		"tile_at":     "not applicable: tileAt(row, col) is part of the campus API, and these classes follow the coursera API",
		"is_solvable": "not applicable: Board.isSolvable() is part of the campus API, and these classes follow the coursera API",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("a wrong Board (-want +got):\n%s", d)
	}

	// The campus API (COS226 since 2019): size(), tileAt(), isSolvable()
	// on the board, no twin(), and a Solver that throws on an
	// unsolvable board.
	campus := strings.NewReplacer("kpuzzle-api 1\n", "kpuzzle-api 1\napi = campus\n", "dimension = 3", "size = 3\ntile_at = 1 2 3 4 0 6 7 5 8\nis_solvable = true").Replace(goodReport)
	got = judge(t, campus, apiTest(), ok)
	for name, want := range map[string]string{
		"dimension":   "size() returned 3",
		"tile_at":     "tileAt(row, col) returned every cell's tile (0 for the blank)",
		"is_solvable": "isSolvable() returned true",
		"twin":        "not applicable: twin() is part of the coursera API, and these classes follow the campus API",
		"moves":       "moves() returned 2, the optimal length",
	} {
		if got[name] != want {
			t.Errorf("campus %s: %q, want %q", name, got[name], want)
		}
	}
	unsolvable := apiTest()
	unsolvable.Solvable = false
	for report, want := range map[string]string{
		"kpuzzle-api 1\napi = campus\nis_solvable = false\nsolver ! java.lang.IllegalArgumentException: unsolvable\n": "new Solver(board) threw IllegalArgumentException: the puzzle has no solution",
		"kpuzzle-api 1\napi = campus\nis_solvable = false\nsolver ! java.lang.IllegalStateException\n":                "FAILED new Solver(board) threw java.lang.IllegalStateException; expected an IllegalArgumentException for an unsolvable board",
	} {
		if got := judge(t, report, unsolvable, grader.Result{Verdict: check.UnsolvableCorrect}); got["moves"] != want || got["is_solvable"] != "isSolvable() returned false" {
			t.Errorf("campus, unsolvable: moves %q, is_solvable %q", got["moves"], got["is_solvable"])
		}
	}
	// Classes that match neither API fail every check, saying why.
	got = judge(t, "kpuzzle-api 1\napi ! Board has neither dimension() nor size()\n", apiTest(), grader.Result{Verdict: check.Crashed})
	if got["hamming"] != "FAILED not checked: the submission matches neither Princeton API: Board has neither dimension() nor size()" {
		t.Errorf("neither: %q", got["hamming"])
	}

	// A toString() that throws on a neighbour.
	got = judge(t, "kpuzzle-api 1\nneighbor ! java.lang.RuntimeException: no\nneighbors = 1\n", apiTest(), ok)
	if got["neighbors"] != "FAILED neighbors() returned a board whose toString() threw java.lang.RuntimeException: no" {
		t.Errorf("neighbors: %q", got["neighbors"])
	}

	// A constructor that throws fails every check, saying so.
	got = judge(t, "kpuzzle-api 1\nboard ! java.lang.IllegalArgumentException: not square\n", apiTest(), grader.Result{Verdict: check.Crashed, Solvable: true})
	for name, d := range got {
		if d != "FAILED new Board(tiles) threw java.lang.IllegalArgumentException: not square" {
			t.Errorf("%s: %q", name, d)
		}
	}

	// An unsolvable puzzle: moves() is -1.
	u := apiTest()
	u.Board = puzzles.MustBoard(3, 3, 2, 1, 3, 4, 0, 6, 7, 5, 8)
	u.Solvable, u.Optimum = false, check.Optimum{}
	got = judge(t, "kpuzzle-api 1\nmoves = 2\n", u, grader.Result{Verdict: check.UnsolvableWrong})
	if got["moves"] != "FAILED moves() returned 2, expected -1: the puzzle has no solution" {
		t.Errorf("unsolvable moves: %q", got["moves"])
	}
}

func TestParseAPIReportErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `r.api:1:1: malformed method report: expected the header "kpuzzle-api 1"`},
		{"kpuzzle-api 1\n| 3\n", "r.api:2:1: malformed method report: a board line (|) outside a board"},
		{"kpuzzle-api 1\nHamming = 3\n", `r.api:2:1: malformed method report: 'H' in a key`},
		{"kpuzzle-api 1\nhamming 3\n", `r.api:2:9: malformed method report: expected " = VALUE", " ! EXCEPTION" or " :" after the key hamming`},
		{"kpuzzle-api 1\n = 3\n", "r.api:2:1: malformed method report: expected a key"},
	} {
		_, err := grader.ParseAPIReport(strings.NewReader(tc.in), "r.api")
		var pe *puzzles.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, grader.ErrAPIReport) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s...", tc.in, err, tc.want)
		}
	}
	checks := grader.ReadAPIReport([]byte("nonsense"), apiTest(), grader.Result{})
	if len(checks) != len(grader.APICriteria) || checks[0].Passed || !strings.Contains(checks[0].Detail, "the harness's method report is unreadable: method report:1:1") {
		t.Errorf("unreadable report: %+v", checks)
	}
}

// FuzzParseAPIReport reads any text without panicking; what it accepts
// is written back by Format and read again to the same report.
func FuzzParseAPIReport(f *testing.F) {
	f.Add(goodReport)
	f.Add("kpuzzle-api 1\r\nboard ! java.lang.X: y\r\n")
	f.Add("kpuzzle-api 1\ntwin :\n|\n|x\n\nk = \n")
	f.Add("kpuzzle-api 1\napi = campus\nsize = 3\ntile_at = 1 2 3 4 0 6 7 5 8\nis_solvable = false\nsolver ! java.lang.IllegalArgumentException\n")
	f.Add("kpuzzle-api 1\napi ! neither\n")
	f.Fuzz(func(t *testing.T, in string) {
		rep, err := grader.ParseAPIReport(strings.NewReader(in), "fuzz")
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		again, err := grader.ParseAPIReport(strings.NewReader(rep.Format()), "fuzz")
		if err != nil {
			t.Fatalf("Format wrote what Parse refuses: %v\n%q", err, rep.Format())
		}
		if d := cmp.Diff(rep, again, cmpopts.IgnoreFields(grader.APIEntry{}, "Line"), cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("round trip (-first +second):\n%s", d)
		}
		// Judging never panics either.
		grader.JudgeJavaAPI(rep, apiTest(), grader.Result{})
	})
}
