package grader_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

func expandedSeeds(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "expanded", "*.expanded"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seeds: %v", err)
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// FuzzParseExpanded: a record that parses is written back and parses to
// the same record; one that does not gives a *puzzles.ParseError.
func FuzzParseExpanded(f *testing.F) {
	for _, s := range expandedSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"", "kpuzzle expanded 2x2\n", "kpuzzle expanded 2x2\n1230\ntotal 0\n", "kpuzzle expanded 9x9\ntotal 0\n", "kpuzzle expanded 2x2\n1123\ntotal 1\n", "kpuzzle expanded 2x3\r\n 012345 \r\n\r\ntotal 7\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := grader.ParseExpanded(strings.NewReader(text), "rec")
		if err != nil {
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) || pe.File != "rec" || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("%q: error %v is not a ParseError naming rec:line:col", text, err)
			}
			return
		}
		var b bytes.Buffer
		if err := grader.WriteExpanded(&b, e); err != nil {
			t.Fatal(err)
		}
		again, err := grader.ParseExpanded(&b, "again")
		if err != nil {
			t.Fatalf("%q: written back as %q: %v", text, b.String(), err)
		}
		if again.Shape != e.Shape || again.Total != e.Total || len(again.States) != len(e.States) {
			t.Fatalf("%q: round trip %+v, want %+v", text, again, e)
		}
		for i := range e.States {
			if !e.States[i].Equal(again.States[i]) {
				t.Fatalf("%q: state %d", text, i)
			}
		}
	})
}

func TestParseExpandedErrors(t *testing.T) {
	for text, want := range map[string]string{
		"":                             "rec:1:1: empty; expected the header \"kpuzzle expanded\"",
		"states\n":                     "rec:1:1: expected the header \"kpuzzle expanded\" followed by the board's shape (3x3)",
		"kpuzzle expanded 2x2\n1203\n": "rec:3:1: no total line: the harness did not finish the record",
		"kpuzzle expanded 2x2\n  1243\ntotal 1\n": "rec:2:5: expected a tile 0-3, got '4'",
		"kpuzzle expanded 2x2\n1202\ntotal 1\n":   "rec:2:4: tile 2 appears twice",
		"kpuzzle expanded 2x2\n120\ntotal 1\n":    "rec:2:4: expected 4 cells for a 2x2 board, got 3",
		"kpuzzle expanded 2x2\n1203\ntotal 0\n":   "rec:3:1: expected \"total N\", N at least the number of states listed (1)",
		"kpuzzle expanded 2x2\ntotal 0\n1203\n":   "rec:3:1: expected nothing after the total line",
		"kpuzzle expanded 7x7\ntotal 0\n":         "rec:1:18: expected a board shape RxC of at most 36 cells, got \"7x7\"",
		"kpuzzle expanded 2x2\n12030\ntotal 1\n":  "rec:2:5: expected 4 cells for a 2x2 board, got more",
		"kpuzzle expanded 2x2\n1203\ntotal 1 2\n": "rec:3:1: expected \"total N\", N at least the number of states listed (1)",
		"kpuzzle expanded 2x2\n1203\ntotals 1\n":  "rec:3:1: expected \"total N\", N at least the number of states listed (1)",
	} {
		_, err := grader.ParseExpanded(strings.NewReader(text), "rec")
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", text, err, want)
		}
	}
}

// JudgeExpandedOrder against the reference BFS on p1 of the small set
// (2 3 6 / 5 0 8 / 1 4 7, 2118 states expanded): equal records pass,
// others say where they differ and how many each expanded.
func TestJudgeExpandedOrder(t *testing.T) {
	start := puzzles.MustBoard(3, 3, 2, 3, 6, 5, 0, 8, 1, 4, 7)
	test := grader.Test{Name: "p1", Board: start, Solvable: true}
	run := grader.RunStep{Search: "bfs"}
	want, err := grader.BerkeleyReference(context.Background(), run, test)
	if err != nil || len(want.Expanded) != 2118 {
		t.Fatalf("%v, %d expanded", err, len(want.Expanded))
	}
	rec := func(states []puzzles.Board, total int) grader.ExpandedOrder {
		return grader.ExpandedOrder{Shape: start.Shape(), States: states, Total: total}
	}
	all := want.Expanded
	swapped := append([]puzzles.Board(nil), all...)
	swapped[1], swapped[2] = swapped[2], swapped[1]
	repeated := append(append([]puzzles.Board(nil), all[:3]...), all[0])
	for _, tc := range []struct {
		name   string
		got    grader.ExpandedOrder
		passed bool
		detail string
	}{
		{"equal", rec(all, 2118), true, "the 2118 states expanded are the reference bfs's, in its order"},
		{"capped", rec(all[:1000], 2118), true, "the 1000 states recorded are the reference bfs's first, in its order, and both expanded 2118"},
		{"capped, more", rec(all[:1000], 3000), false, "the states recorded agree, but the search expanded 3000 states, the reference bfs 2118"},
		{"swapped", rec(swapped, 2118), false, "expansion 2 differs: expected " + all[1].String() + ", seen " + all[2].String() + "; the search expanded 2118 states, the reference bfs 2118"},
		{"repeated", rec(repeated, 4), false, "expansion 4 differs: expected " + all[3].String() + ", seen " + all[0].String() + ", which it had expanded already at 1 (a graph search expands each state once); the search expanded 4 states, the reference bfs 2118"},
		{"short", rec(all[:10], 10), false, "the search stopped after expansion 10, where the reference expanded " + all[10].String() + " next; the search expanded 10 states, the reference bfs 2118"},
		{"long", rec(append(append([]puzzles.Board(nil), all...), start), 2119), false, "the search went on after the reference's last expansion (2118), expanding " + start.String() + "; the search expanded 2119 states, the reference bfs 2118"},
		{"shape", grader.ExpandedOrder{Shape: puzzles.Shape{Rows: 2, Cols: 2}}, false, "the record holds 2x2 boards, but the puzzle is 3x3"},
	} {
		c := grader.JudgeExpandedOrder(tc.got, want, "bfs")
		if d := cmp.Diff(grader.Criterion{Group: grader.CriteriaSearch, Name: grader.SearchOrder, Passed: tc.passed, Detail: tc.detail}, c); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
	// Both capped: the records agree as far as they go.
	capped := berkeley.Result{Expanded: all[:101], Capped: true}
	c := grader.JudgeExpandedOrder(rec(all[:100], 5000), capped, "bfs")
	if !c.Passed || c.Title() != "expanded order" {
		t.Errorf("both capped: %+v", c)
	}
	if c := grader.ReadExpandedOrder([]byte("nonsense"), want, "bfs"); c.Passed || !strings.HasPrefix(c.Detail, "not checked: the harness's record of expanded states is unreadable: expanded states:1:1: ") {
		t.Errorf("unreadable: %+v", c)
	}
}

// The keys of run.problem: berkeley, each wrong value a ConfigError
// naming its key.
func TestBerkeleyConfig(t *testing.T) {
	base := `"puzzles": {"dir": "set"}`
	for js, want := range map[string]string{
		`"run": {"function": "search:breadthFirstSearch", "problem": "cs188"}`:                         "run.problem",
		`"run": {"command": "python3 s.py {input} {output}", "problem": "berkeley"}`:                   "run.problem",
		`"run": {"function": "search:mySearch", "problem": "berkeley"}`:                                "run.search",
		`"run": {"function": "search:mySearch", "problem": "berkeley", "search": "ids"}`:               "run.search",
		`"run": {"function": "search:bfs", "problem": "berkeley", "heuristic": "manhattan"}`:           "run.heuristic",
		`"run": {"function": "search:astar", "problem": "berkeley", "heuristic": "euclid"}`:            "run.heuristic",
		`"run": {"function": "search:bfs", "search": "bfs"}`:                                           "run.search",
		`"run": {"function": "search:bfs", "heuristic": "null"}`:                                       "run.heuristic",
		`"run": {"function": "search:bfs", "problem": "berkeley", "env": ["KPUZZLE_GOAL=0 1 2 3"]}`:    "run.env",
		`"run": {"function": "search:bfs", "problem": "berkeley", "output": "64KiB"}`:                  "run.output",
		`"run": {"function": "search:bfs", "problem": "berkeley"}, "moves": "tile"`:                    "moves",
		`"run": {"function": "search:bfs"}, "rubric": {"search": {"order": 1}}`:                        "rubric.search.order",
		`"run": {"function": "search:bfs", "problem": "berkeley"}, "rubric": {"search": {"nodes": 1}}`: "rubric.search.nodes",
		`"run": {"function": "search:bfs", "problem": "berkeley", "java_api": "princeton"}`:            "run.java_api",
	} {
		a, err := parse(t, "{"+base+", "+js+"}")
		var ce *grader.ConfigError
		if !errors.As(err, &ce) || ce.Key != want {
			t.Errorf("%s: %v (%+v), want an error on %s", js, err, a.Run, want)
		}
	}
	a, err := parse(t, "{"+base+`, "run": {"function": "search:aStarSearch", "problem": "berkeley"}}`)
	if err != nil {
		t.Fatal(err)
	}
	if a.Run.Search != "astar" || a.Run.Heuristic != "null" || a.ConventionName != "blank" || a.Rubric.Search["order"] != 0 || len(a.Rubric.Search) != 1 {
		t.Errorf("defaults: %+v %q %+v", a.Run, a.ConventionName, a.Rubric)
	}
	if want := "python3 {submission}/kpuzzle_berkeley.py search:aStarSearch {input} {output} null"; a.Run.Command != want {
		t.Errorf("command %q, want %q", a.Run.Command, want)
	}
	if got := a.ExpectedFiles(); !cmp.Equal(got, []string{"search.py"}) {
		t.Errorf("expected files %v", got)
	}
}

func parse(t *testing.T, js string) (grader.Assignment, error) {
	t.Helper()
	return grader.ParseAssignment(settings(t, js), "/course", nil)
}
