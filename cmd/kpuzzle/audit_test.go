package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"context"
	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/audit/flawed"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// auditJSON is the part of kpuzzle audit --json the tests read.
type auditJSON struct {
	Admissible        bool   `json:"admissible"`
	Consistent        bool   `json:"consistent"`
	GoalZero          bool   `json:"goal_zero"`
	Passed            bool   `json:"passed"`
	Coverage          string `json:"coverage"`
	StatesChecked     int64  `json:"states_checked"`
	Overestimates     int64  `json:"overestimates"`
	InconsistentEdges int64  `json:"inconsistent_edges"`
	Counterexamples   []struct {
		Kind  string  `json:"kind"`
		Label string  `json:"label"`
		State string  `json:"state"`
		H     float64 `json:"h"`
		HStar int     `json:"hstar"`
	} `json:"counterexamples"`
}

func decodeAudit(t *testing.T, r result) auditJSON {
	t.Helper()
	var got auditJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, r.stdout)
	}
	return got
}

func TestAuditHeuristicPasses(t *testing.T) {
	r := kpuzzle(t, "", "audit", "--shape", "2x4", "--heuristic", "linear-conflict", "--dominates", "manhattan", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	got := decodeAudit(t, r)
	if !got.Passed || !got.Admissible || !got.Consistent || !got.GoalZero || got.StatesChecked != 20160 || got.Coverage != "exhaustive" {
		t.Errorf("report %+v", got)
	}
	r = kpuzzle(t, "", "audit", "--shape", "2x4", "--heuristic", "manhattan")
	if r.code != exitOK || !strings.Contains(r.stdout, "PASSED") || !strings.Contains(r.stdout, "every one of the 20160 states") {
		t.Errorf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

// TestAuditPythonTemplate runs the embedded Python example through the
// command protocol; it prints exactly the template the test runs.
func TestAuditPythonTemplate(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python template cannot be run")
	}
	dir := t.TempDir()
	r := kpuzzle(t, "", "audit", "template", "python")
	if r.code != exitOK || !strings.Contains(r.stdout, "KPUZZLE_GOAL") {
		t.Fatalf("template: exit %d, %q", r.code, r.stderr)
	}
	writeFile(t, dir, "h.py", r.stdout)
	r = kpuzzle(t, "", "audit", "--shape", "2x4", "--goal", "blank-first", "--cmd", "python3 h.py", "--cmd-dir", dir, "--expect", "manhattan", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if got := decodeAudit(t, r); !got.Passed || got.StatesChecked != 20160 {
		t.Errorf("report %+v", got)
	}
}

// TestAuditFlawedValues writes the values of a flawed heuristic to a file
// and audits it: exit 1, with the smallest counterexample a scan of the
// exact table finds.
func TestAuditFlawedValues(t *testing.T) {
	s := puzzles.Shape{Rows: 2, Cols: 3}
	g := puzzles.DefaultGoal(s)
	tb, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := flawed.MisplacedWithBlank(g)
	var states [][]uint8
	var values []float64
	wantState, wantDepth := "", -1
	for cells, d := range tb.All() {
		states = append(states, append([]uint8(nil), cells...))
		values = append(values, f.H(cells))
		if f.H(cells) > float64(d) && (wantDepth < 0 || d < wantDepth) {
			wantState, wantDepth = puzzles.FromBytes(s, cells).String(), d
		}
	}
	var buf bytes.Buffer
	if err := audit.WriteValues(&buf, audit.TSV, states, values); err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, t.TempDir(), "claims.tsv", buf.String())
	r := kpuzzle(t, "", "audit", "--values", path, "--shape", "2x3", "--json")
	if r.code != exitFindings {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	got := decodeAudit(t, r)
	if got.Passed || got.Admissible || got.Overestimates == 0 {
		t.Errorf("report %+v", got)
	}
	c := got.Counterexamples[0]
	if diff := cmp.Diff([]any{"overestimate", true, wantState, wantDepth}, []any{c.Kind, strings.Contains(c.Label, "smallest"), c.State, c.HStar}); diff != "" {
		t.Errorf("smallest counterexample (-want +got):\n%s", diff)
	}
	// The human report draws it.
	r = kpuzzle(t, "", "audit", "--values", path, "--shape", "2x3")
	if r.code != exitFindings || !strings.Contains(r.stdout, "Smallest overestimate (1 move from the goal") || !strings.Contains(r.stdout, "FAILED") {
		t.Errorf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
	// --ignore leaves a check out of the verdict.
	r = kpuzzle(t, "", "audit", "--values", path, "--shape", "2x3", "--ignore", "admissible,consistent")
	if r.code != exitOK || !strings.Contains(r.stdout, "(ignored)") {
		t.Errorf("with --ignore: exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

func TestAuditBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.csv", "state,h\n1 2 3 4 5 0,0\n1 2 3 4 0 5,one\n")
	writeFile(t, dir, "crash.py", "import sys\nsys.stdin.read()\nraise SystemExit('boom: no heuristic here')\n")
	// A large project folder: the program lives in one folder of it.
	large := filepath.Join(t.TempDir(), "project")
	for i := range audit.MaxCopyFiles + 1 {
		writeFile(t, large, fmt.Sprintf("data/f%d", i), "")
	}
	for _, tc := range []struct {
		name      string
		args      []string
		fragments []string
	}{
		{"no source", []string{"audit", "--shape", "3x3"}, []string{"exactly one heuristic source"}},
		{"two sources", []string{"audit", "--shape", "3x3", "--heuristic", "manhattan", "--values", bad}, []string{"exactly one"}},
		{"no shape", []string{"audit", "--heuristic", "manhattan"}, []string{"--shape RxC is required"}},
		{"bad values", []string{"audit", "--shape", "2x3", "--values", bad}, []string{bad + ":3:13", `"one"`, "integer or a real"}},
		{"missing file", []string{"audit", "--shape", "2x3", "--values", filepath.Join(dir, "nope.csv")}, []string{"nope.csv", "no such file"}},
		{"unknown heuristic", []string{"audit", "--shape", "3x3", "--heuristic", "magic"}, []string{"--heuristic", "magic"}},
		{"unknown ignore", []string{"audit", "--shape", "2x3", "--heuristic", "manhattan", "--ignore", "speed"}, []string{"speed"}},
		{"crash", []string{"audit", "--shape", "2x3", "--cmd", "python3 crash.py", "--cmd-dir", dir}, []string{"crash.py", "status 1", "boom"}},
		{"large --cmd-dir", []string{"audit", "--shape", "2x3", "--cmd", "python3 h.py", "--cmd-dir", large}, []string{"--cmd-dir " + large, "more than 2000 files", "give --cmd-dir FOLDER"}},
		{"template", []string{"audit", "template", "cobol"}, []string{"python or java"}},
		{"function and cmd", []string{"audit", "--shape", "3x3", "--function", "h:h", "--cmd", "python3 h.py"}, []string{"exactly one heuristic source", "--function MODULE:FUNCTION", "--method CLASS.METHOD"}},
		{"bad function", []string{"audit", "--shape", "3x3", "--function", "heuristics"}, []string{"--function", `"heuristics"`, "expected MODULE:FUNCTION"}},
		{"bad method", []string{"audit", "--shape", "3x3", "--method", "manhattan"}, []string{"--method", `"manhattan"`, "expected Class.method"}},
		{"bad board", []string{"audit", "--shape", "3x3", "--function", "h:h", "--board", "grid"}, []string{"--function", `board "grid"`, "rows, flat"}},
		{"stats file", []string{"audit", "stats", bad}, []string{bad + ":1", "algorithm"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantOneLineError(t, kpuzzle(t, "", tc.args...), tc.fragments...)
		})
	}
	// From inside the large folder, the default --cmd-dir is named.
	t.Chdir(large)
	wantOneLineError(t, kpuzzle(t, "", "audit", "--shape", "2x3", "--cmd", "python3 h.py"), "the current folder (--cmd-dir's default)", "give --cmd-dir FOLDER")
}

func TestAuditStats(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "hard.txt", "8 6 7\n2 5 4\n3 0 1\n")
	claims := writeFile(t, dir, "claims.csv", "algorithm,heuristic,puzzle,nodes expanded,max frontier\n"+
		"IDS,,hard.txt,,\"6,000,000,000,000\"\n"+
		"ida*,manhattan,set:8puzzle-hardest/1,,100\n"+
		"a*,manhattan,8 6 7 2 5 4 3 0 1,3,\n")
	r := kpuzzle(t, "", "audit", "stats", claims, "--json")
	if r.code != exitFindings {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got struct {
		Claims []struct {
			Line          int `json:"line"`
			OptimalLength int `json:"optimal_length"`
			Figures       []struct {
				Name, Verdict string
			} `json:"figures"`
		} `json:"claims"`
		AllPossible bool `json:"all_possible"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Line, Cost      int
		Figure, Verdict string
	}
	var rows []row
	for _, c := range got.Claims {
		for _, f := range c.Figures {
			rows = append(rows, row{c.Line, c.OptimalLength, f.Name, f.Verdict})
		}
	}
	want := []row{{2, 31, "max_frontier", "impossible"}, {3, 31, "max_frontier", "possible"}, {4, 31, "expanded", "impossible"}}
	if diff := cmp.Diff(want, rows); diff != "" || got.AllPossible {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	r = kpuzzle(t, "", "audit", "stats", claims)
	if !strings.Contains(r.stdout, "IMPOSSIBLE") || !strings.Contains(r.stdout, "4 × 31") {
		t.Errorf("human report:\n%s", r.stdout)
	}
}

func TestAuditTemplatesAreTheShippedFiles(t *testing.T) {
	for lang, file := range map[string]string{"python": "heuristic.py", "java": "Heuristic.java"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "templates", "audit", file))
		if err != nil {
			t.Fatal(err)
		}
		r := kpuzzle(t, "", "audit", "template", lang)
		if r.code != exitOK || r.stdout != string(want) {
			t.Errorf("template %s: exit %d, %d bytes; want the %d bytes of %s", lang, r.code, len(r.stdout), len(want), file)
		}
	}
}

// functionsDir holds the reduced cases of students' heuristic functions.
const functionsDir = "../../grader/audit/testdata/functions"

// TestAuditFunction audits a student's Python function directly: the
// report names the function, how it was called, the folder with its
// digest and the submission (the folder's name unless --submission
// says); a blank-first Manhattan distance audited against the default
// goal fails and says which goal it fits.
func TestAuditFunction(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	dir := filepath.Join(functionsDir, "python")
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := kpuzzle(t, "", "audit", "--shape", "3x3", "--function", "rows:manhattan", "--cmd-dir", dir, "--expect", "manhattan", "--sample", "--samples", "30", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got struct {
		Heuristic string       `json:"heuristic"`
		Origin    audit.Origin `json:"origin"`
		Passed    bool         `json:"passed"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	want := audit.Origin{Kind: "function", Function: "rows:manhattan", Call: "manhattan(board), the board a list of rows (found by --board auto)",
		Dir: abs, Files: got.Origin.Files, Digest: got.Origin.Digest, Submission: "python"}
	if diff := cmp.Diff(want, got.Origin); diff != "" || !got.Passed || got.Heuristic != "function: rows:manhattan" || got.Origin.Files < 5 {
		t.Errorf("passed %v, heuristic %q, origin (-want +got):\n%s", got.Passed, got.Heuristic, diff)
	}

	wantOneLineError(t, kpuzzle(t, "", "audit", "--shape", "3x3", "--function", "ambiguous:h", "--cmd-dir", dir),
		"--function", "no board shape fits the function", "--board rows or --board flat")
	if testing.Short() {
		return // the rest audits every 8-puzzle state twice
	}
	r = kpuzzle(t, "", "audit", "--shape", "3x3", "--function", "blank_first:manhattan", "--cmd-dir", dir, "--submission", "student-17")
	if r.code != exitFindings {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, line := range []string{
		"Audit of function: blank_first:manhattan on 3x3 (default goal)\nsubmission student-17; folder " + abs,
		"FAIL goal_zero     h(goal) = 12, not 0; it is 0 on the blank-first goal (--goal blank-first)",
		"FAIL admissible    2485 states of 181440 overestimate their distance",
		"h is 0 on the blank-first goal, not on the default goal audited: the heuristic looks written for that goal (--goal blank-first audits it against it):\n    _ 1 2\n",
	} {
		if !strings.Contains(r.stdout, line) {
			t.Errorf("the report lacks %q:\n%s", line, r.stdout)
		}
	}
	r = kpuzzle(t, "", "audit", "--shape", "3x3", "--function", "blank_first:manhattan", "--cmd-dir", dir, "--goal", "blank-first")
	if r.code != exitOK || !strings.Contains(r.stdout, "PASSED") {
		t.Errorf("against the blank-first goal: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestAuditMethod audits a Java method directly: Princeton's
// Board.manhattan() on new Board(tiles).
func TestAuditMethod(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs Java")
	}
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("javac is not installed")
	}
	r := kpuzzle(t, "", "audit", "--shape", "3x3", "--method", "Board.manhattan", "--cmd-dir", filepath.Join(functionsDir, "java"), "--expect", "manhattan", "--sample", "--samples", "20")
	if r.code != exitOK || !strings.Contains(r.stdout, "Audit of method: Board.manhattan on 3x3") || !strings.Contains(r.stdout, "called as new Board(board).manhattan() with board an int[][]") {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
