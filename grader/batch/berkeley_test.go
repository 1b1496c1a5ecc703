package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// run.problem: berkeley grades CS188 search functions: kpuzzle's harness
// gives them a search problem, writes the actions they return as the
// answer and records the states they expand, whose order the "order"
// check compares with the reference's. python-berkeley's graph searches
// are CS188's and pass it on every solvable test (the unsolvable p4 has
// no order check); python-berkeley-flawed's BFS tests for the goal when
// it pushes and stops early, and its DFS pushes successors in reverse:
// both still solve, and both fail the check, saying where and why.
func TestPythonBerkeley(t *testing.T) {
	if testing.Short() {
		t.Skip("grades through the Berkeley search harness; go test without -short runs it")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-berkeley", "python-berkeley-flawed")
	for _, tc := range []struct {
		function, heuristic, glob string
		optimal                   bool
	}{
		{"search:breadthFirstSearch", "", "p[1-5].txt", true},
		{"search:depthFirstSearch", "", "p[135].txt", false},
		{"search:ucs", "", "p[13].txt", true},
		{"search:aStarSearch", "manhattan", "p[1235].txt", true},
		{"search:astar", "misplaced", "p[12].txt", true},
		{"search:aStarSearch", "", "p3.txt", true},
	} {
		extra := ""
		if tc.heuristic != "" {
			extra = fmt.Sprintf(`, "heuristic": %q`, tc.heuristic)
		}
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": %q}, "run": {"function": %q, "problem": "berkeley"%s, "wall_time": "60s"},
			"rubric": {"search": {"order": 2}}}`, mustAbs(t, smallSet), tc.glob, tc.function, extra))
		if a.ConventionName != "blank" {
			t.Fatalf("moves %q, want blank (CS188's actions move the blank)", a.ConventionName)
		}
		o := grade(t, batch.Options{Assignment: a}, root)
		for test, r := range o.Results["python-berkeley"] {
			switch {
			case !r.Solvable && r.Verdict == check.UnsolvableCorrect:
			case r.Verdict == check.Optimal:
			case !tc.optimal && r.Verdict == check.Valid && r.VerdictScore(a.Rubric) == r.VerdictMax(a.Rubric) &&
				strings.Contains(r.Summary, "dfs does not promise a shortest solution"):
				// run.search dfs: any checked path is worth every point.
			default:
				t.Errorf("%s %s: %s", tc.function, test, resultText(r))
			}
			switch {
			case !r.Solvable && len(r.Criteria) != 0:
				t.Errorf("%s %s: checks on an unsolvable test: %+v", tc.function, test, r.Criteria)
			case r.Solvable && (len(r.Criteria) != 1 || !r.Criteria[0].Passed || r.Criteria[0].Name != grader.SearchOrder):
				t.Errorf("%s %s: checks %+v", tc.function, test, r.Criteria)
			case r.Solvable && r.Max(a.Rubric) != r.VerdictMax(a.Rubric)+2:
				t.Errorf("%s %s: %v points at most", tc.function, test, r.Max(a.Rubric))
			case r.Solvable && r.ScoredCriteria(a.Rubric)[0].Points != 2:
				t.Errorf("%s %s: %+v", tc.function, test, r.ScoredCriteria(a.Rubric))
			}
		}
	}

	// p1: BFS expands 2118 states before it pops the goal; the flawed BFS
	// stops as it pushes the goal, before the last layer is expanded.
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"function": "search:breadthFirstSearch", "problem": "berkeley", "wall_time": "60s"},
		"rubric": {"search": {"order": 2}}}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	good, bad := o.Results["python-berkeley"]["p1.txt"], o.Results["python-berkeley-flawed"]["p1.txt"]
	if len(good.Criteria) != 1 || good.Criteria[0].Detail != "the 2118 states expanded are the reference bfs's, in its order" {
		t.Errorf("bfs: %+v", good.Criteria)
	}
	t.Logf("flawed bfs: %+v", bad.Criteria)
	if bad.Verdict != check.Optimal || len(bad.Criteria) != 1 || bad.Criteria[0].Passed {
		t.Fatalf("flawed bfs:\n%s\n%+v", resultText(bad), bad.Criteria)
	}
	if d := bad.Criteria[0].Detail; !strings.HasPrefix(d, "the search stopped after expansion ") || !strings.Contains(d, ", where the reference expanded ") ||
		!strings.HasSuffix(d, " the reference bfs 2118") {
		t.Errorf("flawed bfs: %q", d)
	}
	if bad.Score(a.Rubric) != bad.Max(a.Rubric)-2 {
		t.Errorf("flawed bfs: %v of %v points", bad.Score(a.Rubric), bad.Max(a.Rubric))
	}

	// DFS on p1 (2 3 6 / 5 0 8 / 1 4 7): CS188's DFS pops the last
	// successor pushed, the blank moved right (2 3 6 / 5 8 0 / 1 4 7);
	// the reversed DFS pops the blank moved up (2 0 6 / 5 3 8 / 1 4 7).
	a = assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"function": "search:depthFirstSearch", "problem": "berkeley", "wall_time": "60s"}}`, mustAbs(t, smallSet)))
	o = grade(t, batch.Options{Assignment: a}, root)
	bad = o.Results["python-berkeley-flawed"]["p1.txt"]
	t.Logf("flawed dfs: %+v", bad.Criteria)
	if !bad.Verdict.Solved() || len(bad.Criteria) != 1 || bad.Criteria[0].Passed {
		t.Fatalf("flawed dfs:\n%s\n%+v", resultText(bad), bad.Criteria)
	}
	if d := bad.Criteria[0].Detail; !strings.HasPrefix(d, "expansion 2 differs: expected 2 3 6 5 8 0 1 4 7, seen 2 0 6 5 3 8 1 4 7; the search expanded ") {
		t.Errorf("flawed dfs: %q", d)
	}
	if sc := bad.ScoredCriteria(a.Rubric); len(sc) != 1 || sc[0].Max != 0 || bad.Max(a.Rubric) != bad.VerdictMax(a.Rubric) {
		t.Errorf("order has 0 points by default: %+v", sc)
	}
}

// A search that expands more than the record holds: BFS on one of the
// two hardest 8-puzzle boards (31 moves; without an answer key or oracle here the verdict is valid) expands almost all 181,440
// states; the harness records the first 100,000 (1,000,000 bytes) and
// counts the rest, and the check compares the records as far as they go.
func TestPythonBerkeleyCapped(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-berkeley")
	set := t.TempDir()
	if err := os.WriteFile(filepath.Join(set, "hard.txt"), []byte("8 6 7\n2 5 4\n3 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "run": {"function": "search:bfs", "problem": "berkeley", "wall_time": "5m"}}`, set))
	r := grade(t, batch.Options{Assignment: a}, root).Results["python-berkeley"]["hard.txt"]
	if !r.Verdict.Solved() || r.Length != 31 {
		t.Fatalf("%s", resultText(r))
	}
	want := "the first 100000 states expanded are the reference bfs's, in its order (both expanded more than the 100000 the record holds)"
	if len(r.Criteria) != 1 || !r.Criteria[0].Passed || r.Criteria[0].Detail != want {
		t.Errorf("checks %+v", r.Criteria)
	}
}

// The search problem's goal is the test's (KPUZZLE_GOAL): with goal:
// blank-first, 1 0 2 / 3 4 5 is one move from 0 1 2 / 3 4 5, and BFS
// expands the start and the blank moved down before it pops the goal.
func TestPythonBerkeleyGoal(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-berkeley")
	set := t.TempDir()
	if err := os.WriteFile(filepath.Join(set, "one.txt"), []byte("1 0 2\n3 4 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "goal": "blank-first", "run": {"function": "search:bfs", "problem": "berkeley", "wall_time": "60s"}}`, set))
	r := grade(t, batch.Options{Assignment: a}, root).Results["python-berkeley"]["one.txt"]
	if !r.Verdict.Solved() || r.Length != 1 {
		t.Fatalf("%s", resultText(r))
	}
	if len(r.Criteria) != 1 || !r.Criteria[0].Passed || r.Criteria[0].Detail != "the 2 states expanded are the reference bfs's, in its order" {
		t.Errorf("checks %+v", r.Criteria)
	}
}
