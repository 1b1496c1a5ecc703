package batch_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
)

// testdata is the grader's testdata folder.
var testdata = filepath.Join("..", "testdata")

// submissionDir is the folder of the example submission called name:
// the hostile ones (fork bomb, flood, cheat …) live in the grader's
// testdata; the well-behaved ones that kpuzzle demo ships live in
// templates/demo/submissions.
func submissionDir(name string) string {
	dir := filepath.Join(testdata, "submissions", name)
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	return filepath.Join("..", "..", "templates", "demo", "submissions", name)
}

// smallSet is a 2x3, two 3x3, a 2x4 and an unsolvable 3x3 puzzle, with an
// answer key.
var smallSet = filepath.Join(testdata, "puzzles", "small")

// assignment parses an assignment given as JSON with base as its folder.
// Unless it says otherwise (run.recheck), every test runs once: the
// second run of each submission's first test, the default, is the
// business of TestReproducibleRuns, and would only make the other tests
// slower.
func assignment(t testing.TB, base, js string) grader.Assignment {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("bad test JSON: %v", err)
	}
	if run, ok := m["run"].(map[string]any); ok {
		if _, set := run["recheck"]; !set {
			run["recheck"] = grader.RecheckNone
		}
	}
	a, err := grader.ParseAssignment(m, base, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// copySubmissions copies testdata submissions into a fresh folder of
// submissions, one sub-folder each, and returns the folder.
func copySubmissions(t testing.TB, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range names {
		src := submissionDir(name)
		dst := filepath.Join(root, name)
		err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, path)
			if d.IsDir() {
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// grade runs Grade on every sub-folder of root and returns the outcome.
func grade(t testing.TB, opts batch.Options, root string) batch.Outcome {
	t.Helper()
	subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	if err != nil {
		t.Fatal(err)
	}
	opts.Submissions = subs
	if opts.Tests == nil {
		tests, err := opts.Assignment.LoadTests()
		if err != nil {
			t.Fatal(err)
		}
		opts.Tests = tests
	}
	if opts.Jobs == 0 {
		opts.Jobs = 2
	}
	out, err := batch.Grade(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// needTool skips the test when a toolchain the submission needs is not
// installed.
func needTool(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed, so this language's submissions cannot run here", tool)
		}
	}
}

// verdicts lists a submission's verdicts in test order.
func verdicts(o batch.Outcome, sub string) []check.Verdict {
	var out []check.Verdict
	for _, tc := range o.Tests {
		out = append(out, o.Results[sub][tc.Name].Verdict)
	}
	return out
}

func resultText(r grader.Result) string {
	return string(r.Verdict) + ": " + r.Summary + "\n" + strings.Join(r.Details, "\n")
}

// countKind counts a journal's records of one kind.
func countKind(c journal.Contents, kind string) int {
	n := 0
	for _, r := range c.Records {
		if r.Kind == kind {
			n++
		}
	}
	return n
}
