package batch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// An interactive program reads the puzzle and a menu choice from stdin
// (run.stdin, run.choices) and prints its moves and statistics in a
// report; run.extract finds them there. Each algorithm of its menu is
// graded as the assignment chooses it, and what it claims is set beside
// the verdict.
func TestInteractiveProgram(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-interactive")
	grade1 := func(choices string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[12].txt"},
	"run": {"command": "python3 {submission}/solver.py", "answer": "stdout", "wall_time": "60s", "memory": "1GiB",
		"stdin": "2\n{size}\n{rows}\n{choice}", "choices": [%s],
		"extract": {"moves": "Move \\d+: (\\w+)", "length": "Solution depth: (\\d+)", "expanded": "Nodes expanded: ([\\d,]+)", "frontier": "Max queue size: (\\d+)"}}
}`, mustAbs(t, smallSet), choices))
	}
	// Manhattan distance for every test.
	o := grade(t, batch.Options{Assignment: grade1(`"*=3"`)}, root)
	for test, r := range o.Results["python-interactive"] {
		if r.Verdict != check.Optimal || r.Claims == nil || r.Claims.Length == nil || *r.Claims.Length != r.Length ||
			r.Claims.Expanded == nil || r.Claims.Frontier == nil || *r.Claims.Frontier < 1 {
			t.Errorf("%s:\n%s\nclaims %+v", test, resultText(r), r.Claims)
			continue
		}
		details := strings.Join(r.Details, "\n")
		if !strings.Contains(details, fmt.Sprintf("it reports a solution of %d moves, as its answer has; the optimal length is %d", r.Length, r.Length)) ||
			!strings.Contains(details, fmt.Sprintf("it reports %d nodes expanded", *r.Claims.Expanded)) {
			t.Errorf("%s: details %q", test, details)
		}
	}
	// Per-test choices: uniform-cost search on p1 expands more nodes than
	// Manhattan distance on the same board.
	manhattan := *o.Results["python-interactive"]["p1.txt"].Claims.Expanded
	o = grade(t, batch.Options{Assignment: grade1(`"p1.txt=1", "*=3"`)}, root)
	if r := o.Results["python-interactive"]["p1.txt"]; r.Verdict != check.Optimal || *r.Claims.Expanded <= manhattan {
		t.Errorf("uniform cost on p1 claims %d expanded, Manhattan %d:\n%s", *r.Claims.Expanded, manhattan, resultText(r))
	}
}

// A program whose output does not match run.extract.moves has no answer,
// and its output is shown.
func TestExtractFindsNothing(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-interactive")
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p1.txt"},
	"run": {"command": "python3 {submission}/solver.py", "answer": "stdout", "wall_time": "60s",
		"stdin": "2\n{size}\n{rows}\n3", "extract": {"moves": "Step \\d+ = (\\w+)"}}
}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	r := o.Results["python-interactive"]["p1.txt"]
	if r.Verdict != check.NoAnswer || !strings.Contains(r.Summary, "run.extract.moves") || !strings.Contains(strings.Join(r.Details, "\n"), "Solution depth: 12") {
		t.Errorf("no match:\n%s", resultText(r))
	}
}

// With claims.algorithm the reported counts are judged as audit stats
// judges them: a program that says it runs A* with the Manhattan distance
// but runs uniform-cost search expands more than A* can. Each claim is a
// check that rubric.claims scores, but the largest frontier of a graph
// search, whose only bound is the whole state space, is shown and never
// scored.
func TestClaimedCountsAreJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("runs reference searches for every claimed count; go test without -short runs it")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-interactive")
	var a grader.Assignment
	judge := func(choice string) grader.Result {
		a = assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[24].txt"},
	"run": {"command": "python3 {submission}/solver.py", "answer": "stdout", "wall_time": "60s",
		"stdin": "2\n{size}\n{rows}\n%s",
		"extract": {"moves": "Move \\d+: (\\w+)", "length": "Solution depth: (\\d+)", "expanded": "Nodes expanded: ([\\d,]+)", "frontier": "Max queue size: (\\d+)"}},
	"claims": {"algorithm": "A*", "heuristic": "manhattan"},
	"rubric": {"claims": {"length": 1, "expanded": 2}}
}`, mustAbs(t, smallSet), choice))
		o := grade(t, batch.Options{Assignment: a}, root)
		// The unsolvable p4 has no claim checks.
		if u := o.Results["python-interactive"]["p4.txt"]; len(u.Criteria) != 0 || u.Max(a.Rubric) != 2 {
			t.Errorf("unsolvable p4: checks %+v, max %v", u.Criteria, u.Max(a.Rubric))
		}
		return o.Results["python-interactive"]["p2.txt"]
	}
	checks := func(r grader.Result) map[string]grader.Criterion {
		m := map[string]grader.Criterion{}
		for _, c := range r.Criteria {
			m[c.Name] = c
		}
		return m
	}
	honest := judge("3")
	hc := checks(honest)
	if _, scored := hc["frontier"]; scored || !strings.Contains(strings.Join(honest.Details, "\n"), "as the largest frontier, not checked (any count up to the 181440 reachable states is possible for astar") {
		t.Errorf("the frontier count of A* is a check, or not shown:\n%s\nchecks %+v", resultText(honest), hc)
	}
	if honest.Verdict != check.Optimal || len(hc) != 2 || !hc["length"].Passed || !hc["expanded"].Passed ||
		!strings.Contains(hc["expanded"].Detail, "nodes expanded: possible for astar with manhattan on this puzzle (within ") ||
		hc["length"].Detail != "it reports a solution of 17 moves; its answer has 17 moves; astar finds an optimal solution, and the optimal length is 17" {
		t.Errorf("A* with Manhattan distance, claimed as such:\n%s\nchecks %+v", resultText(honest), hc)
	}
	if honest.Score(a.Rubric) != 5 || honest.Max(a.Rubric) != 5 {
		t.Errorf("honest: %v of %v points", honest.Score(a.Rubric), honest.Max(a.Rubric))
	}
	ucs := judge("1")
	uc := checks(ucs)
	t.Logf("honest:\n%s\n%+v\nucs:\n%s\n%+v", resultText(honest), hc, resultText(ucs), uc)
	// Uniform-cost search finds the optimal length too, but expands more
	// than A* with the Manhattan distance can.
	if ucs.Verdict != check.Optimal || !uc["length"].Passed || uc["expanded"].Passed ||
		!strings.Contains(uc["expanded"].Detail, "nodes expanded: impossible for astar with manhattan on this puzzle (above 55") ||
		!strings.Contains(uc["expanded"].Detail, "the nearest count a correct astar with manhattan could report is 56, counting the goal's pop as an expansion (55 as kpuzzle counts)") ||
		!strings.Contains(uc["expanded"].Detail, "Why: more expansions than any A* with manhattan makes come from a weaker heuristic than manhattan") {
		t.Errorf("uniform-cost search claimed as A* with Manhattan distance:\n%s\nchecks %+v", resultText(ucs), uc)
	}
	if got := ucs.Score(a.Rubric); got > 3 {
		t.Errorf("ucs scores %v of %v", got, ucs.Max(a.Rubric))
	}
}

// run.files gives every run the instructor's files (a shared module and
// its data folder) beside the submission's, read-only, replacing the
// student's copies; with a build step too. A missing file stops grading
// before the first run, naming the key.
func TestRunFiles(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-helper")
	instructor := mustAbs(t, filepath.Join(testdata, "instructor"))
	for _, build := range []string{"", `, "build": {"command": "python3 -c pass"}`} {
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q},
	"run": {"command": "python3 {submission}/solver.py {input} {output}", "files": [%q, %q]}%s
}`, mustAbs(t, smallSet), filepath.Join(instructor, "utils.py"), filepath.Join(instructor, "data"), build))
		o := grade(t, batch.Options{Assignment: a}, root)
		for test, r := range o.Results["python-helper"] {
			if r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect {
				t.Errorf("build %q, %s:\n%s", build, test, resultText(r))
			}
		}
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"command": "python3 {submission}/solver.py {input} {output}", "files": ["no-such-utils.py"]}}`, mustAbs(t, smallSet)))
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	tests, _ := a.LoadTests()
	_, err := batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs})
	var ce *grader.ConfigError
	if !errors.As(err, &ce) || ce.Key != "run.files" || !strings.Contains(ce.Msg, "no-such-utils.py") {
		t.Errorf("a missing run.files entry: %v", err)
	}
}

// run.entry finds each student's file when files are named after the
// student or group (CS3243_P1_07_1.py): {entry} is it; none or several
// matching files are reported in the files received, and the submission
// is not run.
func TestRunEntry(t *testing.T) {
	needTool(t, "python3")
	root := t.TempDir()
	solver, err := os.ReadFile(filepath.Join(submissionDir("python-astar"), "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	for name, files := range map[string][]string{
		"group07": {"CS3243_P1_07_1.py"},
		"group11": {"CS3243_P1_11_1.py", "notes.txt"},
		"none":    {"solver.py"},
		"two":     {"CS3243_P1_02_1.py", "old_1.py"},
	} {
		for _, f := range files {
			if err := os.MkdirAll(filepath.Join(root, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, name, f), solver, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"command": "python3 {entry} {input} {output}", "entry": "*_1.py"}}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	for _, sub := range []string{"group07", "group11"} {
		for test, r := range o.Results[sub] {
			if r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect {
				t.Errorf("%s %s:\n%s", sub, test, resultText(r))
			}
		}
	}
	if rec := o.Received["none"]; rec.OK() || !strings.Contains(strings.Join(rec.Hints, " "), "no file matches run.entry *_1.py") {
		t.Errorf("no matching file: %+v", rec)
	}
	if rec := o.Received["two"]; rec.OK() || !strings.Contains(strings.Join(rec.Hints, " "), "2 files match run.entry *_1.py (CS3243_P1_02_1.py, old_1.py): keep one") {
		t.Errorf("two matching files: %+v", rec)
	}
	for _, r := range o.Results["two"] {
		if r.Verdict != check.Crashed || !strings.HasPrefix(r.Summary, "not run:") {
			t.Errorf("a submission with two entries ran:\n%s", resultText(r))
		}
	}
}

// A program that crashes on a file outside its run (a path on the
// instructor's machine) is told why, not only shown the traceback.
func TestCrashOnAnOutsideFileIsExplained(t *testing.T) {
	needTool(t, "python3")
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "alice"), 0o755); err != nil {
		t.Fatal(err)
	}
	program := "open('/srv/course-data/moves.txt')\n"
	if err := os.WriteFile(filepath.Join(root, "alice", "solver.py"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`, mustAbs(t, smallSet)))
	r := grade(t, batch.Options{Assignment: a}, root).Results["alice"]["p1.txt"]
	if r.Verdict != check.Crashed || len(r.Details) == 0 || !strings.HasPrefix(r.Details[0], "it looked for /srv/course-data/moves.txt, which no run can see") {
		t.Errorf("crash on an outside file:\n%s", resultText(r))
	}
}

// A JVM that runs out of its own heap (-Xmx) is told so, not that it ran
// out of run.memory (found grading a real Princeton-style solver). The
// program here prints the JVM's message and exits as the JVM does.
func TestJavaHeapIsNamed(t *testing.T) {
	needTool(t, "python3")
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "jvm"), 0o755); err != nil {
		t.Fatal(err)
	}
	program := "import sys\nsys.stderr.write('Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\\n')\nsys.exit(1)\n"
	if err := os.WriteFile(filepath.Join(root, "jvm", "solver.py"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}", "memory": "2GiB"}}`, mustAbs(t, smallSet)))
	r := grade(t, batch.Options{Assignment: a}, root).Results["jvm"]["p1.txt"]
	if r.Verdict != check.MemoryLimit || !strings.Contains(r.Summary, "ran out of Java heap space (the JVM's -Xmx") || !strings.Contains(r.Summary, "run.memory is 2GiB") {
		t.Errorf("Java heap:\n%s", resultText(r))
	}
}

// run.function grades a Python function: kpuzzle's harness calls it with
// the board as a list of rows and writes the moves, tile numbers or
// boards it returns (None: unsolvable) as the answer.
func TestPythonFunction(t *testing.T) {
	if testing.Short() {
		t.Skip("grades through the Python function harness; go test without -short runs it")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-function")
	for _, function := range []string{"solver:solve", "solver:solve_tiles", "solver:solve_boards"} {
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"function": %q, "wall_time": "60s"}}`, mustAbs(t, smallSet), function))
		o := grade(t, batch.Options{Assignment: a}, root)
		if len(o.Results["python-function"]) != 5 {
			t.Fatalf("%s: %d results", function, len(o.Results["python-function"]))
		}
		for test, r := range o.Results["python-function"] {
			if r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect {
				t.Errorf("%s %s:\n%s", function, test, resultText(r))
			}
		}
	}
	// Which search the tests expect, through the function harness
	// (34.4): a detour is suboptimal for the default shortest-path
	// search and valid, worth every point, for a dfs group.
	for _, tc := range []struct {
		groups  string
		verdict check.Verdict
		full    bool
	}{
		{``, check.Suboptimal, false},
		{`, "groups": [{"tests": "p*", "claims": {"algorithm": "dfs"}}]`, check.Valid, true},
	} {
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"function": "solver:solve_detour", "wall_time": "60s"}%s}`, mustAbs(t, smallSet), tc.groups))
		r := grade(t, batch.Options{Assignment: a}, root).Results["python-function"]["p1.txt"]
		if r.Verdict != tc.verdict || (r.Score(a.Rubric) == r.Max(a.Rubric)) != tc.full || r.Length != *r.OptimalLength+2 ||
			(tc.full && !strings.Contains(r.Summary, "dfs does not promise a shortest solution")) {
			t.Errorf("detour%s: %v of %v points:\n%s", tc.groups, r.Score(a.Rubric), r.Max(a.Rubric), resultText(r))
		}
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"function": "solver:nothing"}}`, mustAbs(t, smallSet)))
	r := grade(t, batch.Options{Assignment: a}, root).Results["python-function"]["p1.txt"]
	if r.Verdict != check.Crashed || !strings.Contains(r.Summary, "the module solver has no function nothing") {
		t.Errorf("a missing function:\n%s", resultText(r))
	}
}

// run.java_api: princeton grades the Princeton Board/Solver API: the
// harness is compiled with the submission and writes solution()'s boards,
// and reports the board's methods, each a check: all pass for the right
// Board; java-princeton-flawed's manhattan() counts the blank and its
// twin() swaps the blank, and exactly those fail, saying why.
func TestJavaPrincetonAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs Java API submissions; go test without -short runs it")
	}
	needTool(t, "javac")
	needTool(t, "java")
	root := copySubmissions(t, "java-princeton", "java-princeton-flawed")
	// The Princeton API is for square boards: the 3x3 tests.
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p[124].txt"}, "run": {"java_api": "princeton", "wall_time": "60s"}, "build": {"wall_time": "5m"},
		"rubric": {"api": {"manhattan": 1, "twin": 0.5, "neighbors": 1}}}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	for _, sub := range []string{"java-princeton", "java-princeton-flawed"} {
		results := o.Results[sub]
		if len(results) != 3 {
			t.Fatalf("%s: %d results", sub, len(results))
		}
		for test, r := range results {
			if r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect {
				t.Errorf("%s %s:\n%s", sub, test, resultText(r))
			}
			var failed []string
			for _, c := range r.Criteria {
				if !c.Passed {
					failed = append(failed, c.Name)
				}
			}
			if len(r.Criteria) != len(grader.APICriteria) {
				t.Errorf("%s %s: checks %+v", sub, test, r.Criteria)
			}
			want, score := []string(nil), r.VerdictMax(a.Rubric)+2.5
			switch {
			case sub == "java-princeton-flawed" && test == "p4.txt":
				// The blank is in its goal corner: counting it adds 0.
				want, score = []string{"twin"}, r.VerdictMax(a.Rubric)+2
			case sub == "java-princeton-flawed":
				want, score = []string{"manhattan", "twin"}, r.VerdictMax(a.Rubric)+1
			}
			if d := cmp.Diff(want, failed); d != "" {
				t.Errorf("%s %s: failed checks (-want +got):\n%s\n%+v", sub, test, d, r.Criteria)
			}
			if r.Score(a.Rubric) != score || r.Max(a.Rubric) != r.VerdictMax(a.Rubric)+2.5 {
				t.Errorf("%s %s: %v of %v points", sub, test, r.Score(a.Rubric), r.Max(a.Rubric))
			}
		}
	}
	checks := func(sub, test string) map[string]string {
		m := map[string]string{}
		for _, c := range o.Results[sub][test].Criteria {
			m[c.Name] = c.Detail
		}
		return m
	}
	// p1 is 2 3 6 / 5 0 8 / 1 4 7: Manhattan distance 12, the blank 2
	// more from its goal corner; the twin swaps tiles 2 and 3.
	good, bad := checks("java-princeton", "p1.txt"), checks("java-princeton-flawed", "p1.txt")
	for name, want := range map[string]string{
		"manhattan": "manhattan() returned 12",
		"hamming":   "hamming() returned 8",
		"twin":      "twin() swapped tiles 2 and 3: exactly one of the board and its twin is solvable",
		"neighbors": "neighbors() returned the 4 boards one move away",
		"moves":     "moves() returned 12, the optimal length",
		"equals":    "equals() is true for a board of the same tiles, false for a board one move away and for null",
		"is_goal":   "isGoal() returned false on this board and true on the goal board",
		"dimension": "dimension() returned 3",
	} {
		if good[name] != want {
			t.Errorf("java-princeton p1 %s: %q, want %q", name, good[name], want)
		}
	}
	if d := bad["manhattan"]; d != "manhattan() returned 14, expected 12 (the sum of the tiles' Manhattan distances to their goal cells, the blank not counted)" {
		t.Errorf("flawed manhattan: %q", d)
	}
	if d := bad["twin"]; !strings.HasPrefix(d, "twin() swapped the blank with tile ") || !strings.Contains(d, "a twin swaps two tiles, not the blank") {
		t.Errorf("flawed twin: %q", d)
	}
	// The flawed manhattan() carries its counterexample: p1, where 14
	// overestimates the 12 moves to the goal, and, from the values the
	// harness reported on the neighbours, the move down, where h drops
	// to 12 (the right 11); without a distance oracle the neighbour's
	// true distance is not proved. The right Board's checks have none.
	for _, c := range o.Results["java-princeton-flawed"]["p1.txt"].Criteria {
		ce := c.Counterexample
		if c.Name != grader.APIManhattan {
			if ce != nil {
				t.Errorf("flawed %s: counterexample %+v", c.Name, ce)
			}
			continue
		}
		if ce == nil || ce.H != 14 || ce.Right != 12 || ce.HStar == nil || *ce.HStar != 12 || !ce.Overestimates ||
			ce.Neighbor == nil || ce.Move != "DOWN" || ce.Neighbor.H != 12 || ce.Neighbor.Right != 11 || ce.Neighbor.HStar != nil {
			t.Errorf("flawed manhattan counterexample: %+v %+v", ce, ce.Neighbor)
		}
	}
	for test, r := range o.Results["java-princeton"] {
		for _, c := range r.Criteria {
			if c.Counterexample != nil {
				t.Errorf("java-princeton %s %s: counterexample %+v", test, c.Name, c.Counterexample)
			}
		}
	}
	// The unsolvable p4: moves() is -1.
	if d := checks("java-princeton", "p4.txt")["moves"]; d != "moves() returned -1: the puzzle has no solution" {
		t.Errorf("p4 moves: %q", d)
	}
	if got := a.ExpectedFiles(); strings.Join(got, " ") != "Board.java Solver.java" {
		t.Errorf("expected files %q", got)
	}
}

// A Solver that throws crashes the run, but the board's methods, called
// before it, are judged all the same; moves(), never reached, fails.
func TestJavaAPICriteriaOfACrashedRun(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs Java API submissions; go test without -short runs it")
	}
	needTool(t, "javac")
	needTool(t, "java")
	root := copySubmissions(t, "java-princeton")
	solver := `public class Solver {
    public Solver(Board initial) { throw new IllegalStateException("not written yet"); }
    public boolean isSolvable() { return false; }
    public int moves() { return -1; }
    public Iterable<Board> solution() { return null; }
}
`
	if err := os.WriteFile(filepath.Join(root, "java-princeton", "Solver.java"), []byte(solver), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"java_api": "princeton", "wall_time": "60s"}, "build": {"wall_time": "5m"},
		"rubric": {"api": {"hamming": 1, "moves": 1}}}`, mustAbs(t, smallSet)))
	r := grade(t, batch.Options{Assignment: a}, root).Results["java-princeton"]["p1.txt"]
	if r.Verdict != check.Crashed || !strings.Contains(resultText(r), "java.lang.IllegalStateException: not written yet") {
		t.Errorf("verdict:\n%s", resultText(r))
	}
	var failed []string
	for _, c := range r.Criteria {
		if !c.Passed {
			failed = append(failed, c.Name+": "+c.Detail)
		}
	}
	if d := cmp.Diff([]string{"moves: not reported: the run ended (crashed) before the harness called moves()"}, failed); d != "" || len(r.Criteria) != len(grader.APICriteria) {
		t.Errorf("failed checks (-want +got):\n%s\n%+v", d, r.Criteria)
	}
	if r.Score(a.Rubric) != 1 || r.Max(a.Rubric) != 4 {
		t.Errorf("%v of %v points", r.Score(a.Rubric), r.Max(a.Rubric))
	}
}

// A program that writes a report to its answer file (ColumbiaX's
// output.txt: the moves as a list, then the statistics) is read with
// run.extract there, and its claims are found in the file.
func TestExtractFromTheAnswerFile(t *testing.T) {
	needTool(t, "python3")
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "report"), 0o755); err != nil {
		t.Fatal(err)
	}
	program := `import sys
out = open(sys.argv[2], "w")
cells = open(sys.argv[1]).read().split()
if cells == ["1", "2", "3", "4", "5", "6", "7", "8", "0"]:
    out.write("path_to_goal: []\n")
else:
    out.write("path_to_goal: ['Down', 'Right']\n")
out.write("cost_of_path: 2\nnodes_expanded: 3\nmax_search_depth: 2\n")
`
	if err := os.WriteFile(filepath.Join(root, "report", "solver.py"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	set := t.TempDir()
	if err := os.WriteFile(filepath.Join(set, "p.txt"), []byte("1 2 3\n4 0 6\n7 5 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "moves": "blank",
	"run": {"command": "python3 {submission}/solver.py {input} {output}",
		"extract": {"moves": "path_to_goal: (\\[.*\\])", "length": "cost_of_path: (\\d+)", "expanded": "nodes_expanded: (\\d+)"}}}`, set))
	r := grade(t, batch.Options{Assignment: a}, root).Results["report"]["p.txt"]
	// No key here: the two moves reach the goal (valid, not proved optimal).
	if !r.Verdict.Solved() || r.Length != 2 || r.Claims == nil || r.Claims.Expanded == nil || *r.Claims.Expanded != 3 {
		t.Errorf("a report in the answer file:\n%s\nclaims %+v", resultText(r), r.Claims)
	}
}

// A program that takes the puzzle as arguments ({height}, {width} and
// {cells}, one argument per cell) rather than as a file: the wrapper
// below rebuilds the puzzle file from its arguments and hands it to the
// A* solver, so a wrong or missing cell would make a wrong answer.
func TestPuzzleAsArguments(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-astar")
	wrapper := `import subprocess, sys
h, w = int(sys.argv[1]), int(sys.argv[2])
cells = sys.argv[3:3 + h * w]
assert len(sys.argv) == 4 + h * w, "expected HEIGHT WIDTH CELLS... OUTPUT, got %r" % sys.argv[1:]
with open("puzzle.txt", "w") as f:
    for r in range(h):
        f.write(" ".join(cells[r * w:(r + 1) * w]) + "\n")
sys.exit(subprocess.call([sys.executable, sys.argv[0].replace("args.py", "solver.py"), "puzzle.txt", sys.argv[-1]]))
`
	if err := os.WriteFile(filepath.Join(root, "python-astar", "args.py"), []byte(wrapper), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q},
	"run": {"command": "python3 {submission}/args.py {height} {width} {cells} {output}", "wall_time": "60s"}
}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	results := o.Results["python-astar"]
	if len(results) != 5 {
		t.Fatalf("%d results, want the 5 tests of the small set", len(results))
	}
	for test, r := range results {
		if r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect {
			t.Errorf("%s:\n%s", test, resultText(r))
		}
	}
}
