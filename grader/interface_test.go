package grader_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestInterfaceOfRunSettings: the run settings select one interface per
// kind, every name of KindNames is some settings' interface, and
// each interface gives its own harness files, environment and standard
// input.
func TestInterfaceOfRunSettings(t *testing.T) {
	board, _ := puzzles.NewBoard(puzzles.Shape{Rows: 3, Cols: 3}, []int{1, 2, 3, 4, 0, 6, 7, 5, 8})
	test := grader.Test{Name: "p1.txt", Board: board, Solvable: true}
	cases := []struct {
		run, name string
		harness   []string
		env       string
		stdin     string
		pipe      bool
		language  string
	}{
		{run: `"command": "x {input} {output}"`, name: grader.KindFile},
		{run: `"command": "x {output}"`, name: grader.KindFile, pipe: true},
		{run: `"command": "x", "answer": "stdout", "stdin": "{rows}\n"`, name: grader.KindStdin, stdin: "1 2 3\n4 0 6\n7 5 8\n"},
		{run: `"command": "x", "answer": "stdout", "stdin": "{size}\n{choice}\n", "choices": ["*=3"], "extract": {"moves": "Move: (\\w+)"}`, name: grader.KindInteractive, stdin: "3\n3\n"},
		{run: `"function": "solver:solve"`, name: grader.KindFunction, harness: []string{grader.HarnessFile}, language: grader.LanguagePython},
		{run: `"function": "search:breadthFirstSearch", "problem": "berkeley"`, name: grader.KindBerkeley, harness: []string{grader.BerkeleyHarnessFile},
			env: grader.BerkeleyGoalEnv + "=1 2 3 4 5 6 7 8 0", language: grader.LanguagePython},
		{run: `"java_api": "princeton"`, name: grader.KindJavaAPI, harness: []string{grader.JavaHarnessFile}, language: grader.LanguageJava},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {`+c.run+`}}`), "/c", nil)
		if err != nil {
			t.Errorf("%s: %v", c.run, err)
			continue
		}
		kind := a.Run.Kind()
		seen[kind.Name()] = true
		if kind.Name() != c.name {
			t.Errorf("%s: interface %s, want %s", c.run, kind.Name(), c.name)
		}
		var names []string
		for _, h := range kind.HarnessFiles() {
			names = append(names, h.Name)
			if !strings.HasPrefix(h.Template, "harness/") {
				t.Errorf("%s: harness %s comes from %s, not the templates' harness folder", c.run, h.Name, h.Template)
			}
		}
		if !slices.Equal(names, c.harness) {
			t.Errorf("%s: harness files %q, want %q", c.run, names, c.harness)
		}
		if env := strings.Join(kind.Env(test), " "); env != c.env {
			t.Errorf("%s: environment %q, want %q", c.run, env, c.env)
		}
		if kind.Language() != c.language {
			t.Errorf("%s: language %q, want %q", c.run, kind.Language(), c.language)
		}
		text, pipe := kind.Stdin(test)
		if string(text) != c.stdin || (text == nil) != (c.stdin == "") || pipe != c.pipe {
			t.Errorf("%s: stdin %q (pipe the puzzle: %v), want %q (%v)", c.run, text, pipe, c.stdin, c.pipe)
		}
	}
	for _, name := range grader.KindNames() {
		if !seen[name] {
			t.Errorf("no run settings select the %s interface", name)
		}
	}
}

// TestCanonicalKind: the kinds' names and kpuzzle init's older
// spellings name one interface each; anything else is refused.
func TestCanonicalKind(t *testing.T) {
	for name, want := range map[string]string{
		"file": grader.KindFile, "stdin": grader.KindStdin, "interactive": grader.KindInteractive,
		"function": grader.KindFunction, "python-function": grader.KindFunction,
		"berkeley": grader.KindBerkeley, "java_api": grader.KindJavaAPI, "java-api": grader.KindJavaAPI, " Java-API ": grader.KindJavaAPI,
	} {
		if got, ok := grader.CanonicalKind(name); !ok || got != want {
			t.Errorf("CanonicalKind(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"", "java", "python", "run.function"} {
		if got, ok := grader.CanonicalKind(name); ok {
			t.Errorf("CanonicalKind(%q) = %q, want none", name, got)
		}
	}
}

// TestInterfaceChecks: the Java API's method checks go before the
// result's own checks and the Berkeley order check after them; a
// missing record adds none, an unreadable one a check that says so, and
// the Berkeley check is not made on an unsolvable test.
func TestInterfaceChecks(t *testing.T) {
	board, _ := puzzles.NewBoard(puzzles.Shape{Rows: 3, Cols: 3}, []int{1, 2, 3, 4, 0, 6, 7, 5, 8})
	own := grader.Criterion{Group: "claims", Name: "own"}
	kind := func(run string) grader.Kind {
		a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {`+run+`}}`), "/c", nil)
		if err != nil {
			t.Fatal(err)
		}
		return a.Run.Kind()
	}
	java := kind(`"java_api": "princeton"`)
	search := kind(`"function": "search:breadthFirstSearch", "problem": "berkeley"`)
	file := kind(`"command": "x {input} {output}"`)
	read := func(problem string, err error) func(string) ([]byte, string, error) {
		return func(string) ([]byte, string, error) { return nil, problem, err }
	}
	noReference := func(context.Context, func(context.Context) (any, error)) (any, error) {
		t.Error("the reference search ran without a record to compare")
		return nil, errors.New("no reference")
	}
	for _, c := range []struct {
		what     string
		kind     grader.Kind
		solvable bool
		read     func(string) ([]byte, string, error)
		// first and last are the details' prefixes of the checks around
		// own; "" wants own there.
		first, last string
		count       int
	}{
		{"a missing method report", java, true, read("missing", nil), "", "", 1},
		{"a method report that is a folder", java, true, read("a folder", nil), "", "", -1},
		{"an unreadable method report", java, true, read("", errors.New("EIO")), "", "", -1},
		{"a missing record of expanded states", search, true, read("missing", nil), "", "", 1},
		{"a record of expanded states that is a folder", search, true, read("a folder", nil), "", "not checked: the harness's record of expanded states is a folder", 2},
		{"an unsolvable test's record", search, false, read("a folder", nil), "", "", 1},
		{"a file program", file, true, read("a folder", nil), "", "", 1},
	} {
		r := grader.Result{Criteria: []grader.Criterion{own}}
		c.kind.JudgeCriteria(context.Background(), grader.FinishedRun{Test: grader.Test{Name: "p1.txt", Board: board, Solvable: c.solvable}, ReadBeside: c.read, Shared: noReference}, &r)
		switch {
		case c.count > 0 && len(r.Criteria) != c.count:
			t.Errorf("%s: %d checks, want %d: %+v", c.what, len(r.Criteria), c.count, r.Criteria)
		case c.count < 0 && (len(r.Criteria) < 2 || r.Criteria[len(r.Criteria)-1] != own):
			// The Java API's checks come first, the result's own last.
			t.Errorf("%s: want the method checks before the result's own: %+v", c.what, r.Criteria)
		case c.count > 0 && r.Criteria[0] != own:
			t.Errorf("%s: the result's own check is not first: %+v", c.what, r.Criteria)
		case c.last != "" && !strings.HasPrefix(r.Criteria[len(r.Criteria)-1].Detail, c.last):
			t.Errorf("%s: last check %+v, want %s...", c.what, r.Criteria[len(r.Criteria)-1], c.last)
		}
	}
}
