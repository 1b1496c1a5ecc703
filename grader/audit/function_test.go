package audit_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not installed", name)
	}
}

func newFunction(t *testing.T, spec audit.FunctionSpec, g puzzles.Goal, dir string) *audit.Command {
	t.Helper()
	// One working folder: a JVM or an interpreter starts once per batch.
	c, err := audit.NewFunction(context.Background(), spec, g, audit.CommandOptions{Dir: dir, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// reference builds a reference heuristic by name for goal g.
func referenceHeuristic(t *testing.T, name string, g puzzles.Goal) search.Heuristic {
	t.Helper()
	switch name {
	case "manhattan":
		return heuristics.NewManhattan(g)
	case "misplaced":
		return heuristics.NewMisplaced(g)
	}
	for _, v := range heuristics.EuclideanVariants() {
		if v.Name == name {
			return heuristics.NewEuclideanVariant(g, v)
		}
	}
	t.Fatalf("no heuristic %s", name)
	return nil
}

// TestFunctionShapes audits the reduced cases of the board shapes real
// students' heuristic functions take (testdata/functions/python), each
// called directly, with the board shape and the blank found by calling
// it: every value must equal the reference heuristic it computes, on a
// sample of the 8-puzzle and its neighbours, and the report must say how
// the function was called.
func TestFunctionShapes(t *testing.T) {
	needTool(t, "python3")
	g := puzzles.DefaultGoal(shape3x3)
	for _, tc := range []struct {
		spec     audit.FunctionSpec
		expect   string
		call     string
		goalZero bool
	}{
		{audit.FunctionSpec{Target: "rows:manhattan"}, "manhattan", "manhattan(board), the board a list of rows (found by --board auto)", true},
		// Prints on import and on every call, reads input() on import.
		{audit.FunctionSpec{Target: "flat_debug:misplaced"}, "misplaced", "misplaced(board), the board a flat list (found by --board auto)", true},
		// "12345678_": the blank found by h(goal) = 0.
		{audit.FunctionSpec{Target: "string_blank.py:h", Board: audit.BoardString}, "manhattan", `h(board), the board a string, cells joined by "", the blank written "_" (found by the first blank on which h(goal) = 0)`, true},
		{audit.FunctionSpec{Target: "string_blank:h", Board: audit.BoardString, Blank: "_"}, "manhattan", `h(board), the board a string, cells joined by "", the blank written "_"`, true},
		// Memoised in a dict: lists are not hashable, tuples are.
		{audit.FunctionSpec{Target: "tuple_memo:euclid"}, "euclidean-tile-floor", "euclid(board), the board a tuple of rows (found by --board auto)", true},
		{audit.FunctionSpec{Target: "node_dict:h", Call: "h({'state': board, 'g': 0})"}, "manhattan", "h({'state': board, 'g': 0}), the board a flat list (found by --board auto)", true},
		// A file name that is no identifier, a demo run at import.
		{audit.FunctionSpec{Target: "8puzzle.py:heuristic"}, "manhattan", "heuristic(board), the board a list of rows (found by --board auto)", true},
		// Written for the blank-first goal.
		{audit.FunctionSpec{Target: "blank_first:manhattan"}, "", "manhattan(board), the board a flat list (found by --board auto)", false},
	} {
		t.Run(tc.spec.Target, func(t *testing.T) {
			c := newFunction(t, tc.spec, g, "testdata/functions/python")
			opts := audit.Options{Goal: g, Table: tableFor(t, shape3x3), Coverage: audit.Sampled, Samples: 60, Seed: 3}
			if tc.expect != "" {
				opts.Expect = referenceHeuristic(t, tc.expect, g)
			}
			r, err := audit.Run(context.Background(), c, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Origin == nil || r.Origin.Kind != audit.OriginKindFunction || r.Origin.Call != tc.call {
				t.Errorf("origin %+v; want the call %q", r.Origin, tc.call)
			}
			if tc.expect != "" && (r.Expect == nil || r.Expect.Different != 0) {
				t.Errorf("values differ from %s: %+v", tc.expect, r.Expect)
			}
			if r.GoalZero != tc.goalZero {
				t.Errorf("goal_zero %v", r.GoalZero)
			}
			if !tc.goalZero && (len(r.GoalFits) != 1 || r.GoalFits[0] != puzzles.GoalBlankFirst) {
				t.Errorf("goal fits %v, want blank-first", r.GoalFits)
			}
			if want := "function: " + strings.Replace(tc.spec.Target, ".py:", ":", 1); r.Heuristic != want {
				t.Errorf("heuristic %q, want %q", r.Heuristic, want)
			}
		})
	}
}

// TestFunctionBoardErrors: a function that takes no board shape, or two
// with different values, or that raises, stops before the audit with a
// message that says what each shape gave and what to pass.
func TestFunctionBoardErrors(t *testing.T) {
	needTool(t, "python3")
	g := puzzles.DefaultGoal(shape3x3)
	for _, tc := range []struct {
		spec audit.FunctionSpec
		want []string
	}{
		{audit.FunctionSpec{Target: "ambiguous:h"}, []string{"as rows it gives ", ", as flat ", "--board rows or --board flat says which it takes"}},
		{audit.FunctionSpec{Target: "broken:h"}, []string{"as rows: it raised ValueError: not written yet", "--call an expression"}},
		{audit.FunctionSpec{Target: "node_dict:h"}, []string{"as flat: it raised TypeError", "--call"}},
		{audit.FunctionSpec{Target: "broken:h", Board: audit.BoardFlat, Blank: "0"}, []string{"as flat: it raised ValueError"}},
	} {
		_, err := audit.NewFunction(context.Background(), tc.spec, g, audit.CommandOptions{Dir: "testdata/functions/python"})
		if !errors.Is(err, audit.ErrBoardShape) {
			t.Errorf("%s: %v; want ErrBoardShape", tc.spec.Target, err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v\nlacks %q", tc.spec.Target, err, w)
			}
		}
	}
	for _, tc := range []struct {
		spec audit.FunctionSpec
		want string
	}{
		{audit.FunctionSpec{Target: "nosuch:h"}, "could not import the module nosuch (--function nosuch:h)"},
		{audit.FunctionSpec{Target: "rows:nosuch"}, "the module rows has no function nosuch"},
		{audit.FunctionSpec{Target: "import_crash:h"}, "could not import the module import_crash (--function import_crash:h): TypeError: 'NoneType' object is not iterable"},
	} {
		_, err := audit.NewFunction(context.Background(), tc.spec, g, audit.CommandOptions{Dir: "testdata/functions/python"})
		var pe *audit.ProgramError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "heuristic function "+tc.spec.Target) {
			t.Errorf("%s: %v; want a program error saying %q", tc.spec.Target, err, tc.want)
		}
	}
	for _, spec := range []audit.FunctionSpec{
		{Target: "rows"}, {Target: "rows:manhattan", Board: "grid"}, {Target: "Board", Language: audit.LanguageJava},
		{Target: "Board.manhattan", Call: "x"}, {Target: "x:y", Language: "ruby"},
	} {
		if _, err := audit.NewFunction(context.Background(), spec, g, audit.CommandOptions{Dir: "testdata/functions/python"}); err == nil || errors.As(err, new(*audit.ProgramError)) {
			t.Errorf("%+v: %v; want a plain error before any run", spec, err)
		}
	}
}

// TestMethodForms audits the Java reduced cases (testdata/functions/java):
// Princeton's new Board(tiles).manhattan(), a static method on int[][]
// whose int += Math.sqrt truncates each tile's distance
// (euclidean-tile-floor), one on a String with '_' for the blank, one on
// a List<List<Integer>>; and a method that does not exist.
func TestMethodForms(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs Java classes: seconds each")
	}
	needTool(t, "javac")
	g := puzzles.DefaultGoal(shape3x3)
	compiled := compileJava(t)
	for _, tc := range []struct {
		target, expect, call string
	}{
		// Compiled in the sandbox; the others run the classes compiled
		// once by the test (javac takes seconds per run).
		{"Board.manhattan", "manhattan", "new Board(board).manhattan() with board an int[][]"},
		{"Heuristics.euclidean", "euclidean-tile-floor", "Heuristics.euclidean(board) with board an int[][]"},
		{"Heuristics.outOfPlace", "misplaced", `Heuristics.outOfPlace(board) with board a String, cells joined by "", the blank written "_" (found by the first blank on which h(goal) = 0)`},
		{"Heuristics.rowsOff", "", "Heuristics.rowsOff(board) with board a List<List<Integer>>"},
		// In a package, its file at the top of the folder.
		{"course.PkgBoard.hamming", "misplaced", "new PkgBoard(board).hamming() with board an int[][]"},
		// Built for its goal, over a State class, through a generic interface.
		{"GoalManhattan.estimate", "manhattan", "new GoalManhattan(goal).estimate(board) with board a State built from an int[][]"},
	} {
		t.Run(tc.target, func(t *testing.T) {
			dir := compiled
			if tc.target == "Board.manhattan" {
				dir = "testdata/functions/java"
			}
			c := newFunction(t, audit.FunctionSpec{Target: tc.target}, g, dir)
			opts := audit.Options{Goal: g, Table: tableFor(t, shape3x3), Coverage: audit.Sampled, Samples: 40, Seed: 5}
			if tc.expect != "" {
				opts.Expect = referenceHeuristic(t, tc.expect, g)
			}
			r, err := audit.Run(context.Background(), c, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Origin == nil || r.Origin.Call != tc.call || r.Heuristic != "method: "+tc.target {
				t.Errorf("%s, origin %+v; want the call %q", r.Heuristic, r.Origin, tc.call)
			}
			if tc.expect != "" && r.Expect.Different != 0 {
				t.Errorf("values differ from %s: %+v", tc.expect, r.Expect)
			}
			if !r.Passed {
				t.Errorf("%s fails its audit: %+v", tc.target, r.Checks)
			}
		})
	}
	// The goal object follows the audited goal.
	snail := puzzles.SnailGoal(shape3x3)
	c := newFunction(t, audit.FunctionSpec{Target: "GoalManhattan.estimate"}, snail, compiled)
	r, err := audit.Run(context.Background(), c, audit.Options{Goal: snail, Coverage: audit.Sampled, Samples: 40, Seed: 5, Expect: heuristics.NewManhattan(snail)})
	if err != nil || !r.Passed {
		t.Errorf("GoalManhattan against the snail goal: %v, %+v", err, r)
	}
	_, err = audit.NewFunction(context.Background(), audit.FunctionSpec{Target: "Heuristics.nothing"}, g, audit.CommandOptions{Dir: compiled})
	if err == nil || !strings.Contains(err.Error(), "heuristic method Heuristics.nothing") || !strings.Contains(err.Error(), "Heuristics has no public nothing(board)") {
		t.Errorf("a missing method: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Bad.java"), []byte("public class Bad { public static int h(int[] b) { return 0 } }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = audit.NewFunction(context.Background(), audit.FunctionSpec{Target: "Bad.h"}, g, audit.CommandOptions{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "kpuzzle: Bad.java did not compile: Bad.java:1: error: ';' expected") {
		t.Errorf("a compile error: %v", err)
	}
}

// TestOriginTellsSubmissionsApart: two students' programs run by the same
// command line have reports that differ in the folder, its digest and
// the submission's name; the same files in two folders differ in the
// folder only.
func TestOriginTellsSubmissionsApart(t *testing.T) {
	needTool(t, "python3")
	g := puzzles.DefaultGoal(shape2x3)
	root := t.TempDir()
	write := func(student, text string) string {
		dir := filepath.Join(root, student)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "h.py"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	zero := "import sys\nfor line in sys.stdin:\n    print(0)\n"
	dirs := []string{write("alice", zero), write("bob", zero+"# bob\n"), write("carol", zero)}
	var origins []*audit.Origin
	var texts []string
	for i, dir := range dirs {
		c := newCommand(t, "python3 h.py", g, audit.CommandOptions{Dir: dir})
		r, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Submission: filepath.Base(dir)})
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := r.WriteText(&sb, textstyleNone, 20); err != nil {
			t.Fatal(err)
		}
		origins, texts = append(origins, r.Origin), append(texts, sb.String())
		if o := r.Origin; o.Dir != dir || o.Files != 1 || len(o.Digest) != 64 || o.Submission != filepath.Base(dir) || o.Command != "python3 h.py" {
			t.Errorf("student %d: origin %+v", i, o)
		}
		if !strings.Contains(sb.String(), "submission "+filepath.Base(dir)+"; folder "+dir+" (1 file, sha256 "+o0(r.Origin.Digest)+")") {
			t.Errorf("student %d: the report does not name the run:\n%s", i, sb.String())
		}
	}
	if origins[0].Digest == origins[1].Digest || origins[0].Digest != origins[2].Digest {
		t.Errorf("digests %s %s %s: want alice's and carol's (the same file) equal, bob's different", origins[0].Digest, origins[1].Digest, origins[2].Digest)
	}
	if texts[0] == texts[2] {
		t.Error("alice's and carol's reports are the same text")
	}
}

func o0(digest string) string { return digest[:16] }

// textstyleNone writes text without colours.
var textstyleNone = textstyle.Style{}

// compileJava copies the Java reduced cases and the auditor's harness
// into a folder of their own and compiles them there once, as the
// harness's command would in the sandbox, so that the tests that do not
// test compiling run the classes only.
func compileJava(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir("testdata/functions/java")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-encoding", "UTF-8", "-nowarn", "-d", "."}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata/functions/java", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, e.Name())
	}
	harness, err := os.ReadFile(filepath.Join(templatesDir, audit.MethodHarnessFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, audit.MethodHarnessFile), harness, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("javac", append(args, audit.MethodHarnessFile)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	return dir
}
