package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// referenceOracle proves optimal lengths with the reference solver
// (exact tables on these small boards).
var referenceOracle = check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	p, err := reference.ProveOptimal(ctx, b, g)
	return p.Length, p.Method, err
})

func TestStdinAndStdout(t *testing.T) {
	needTool(t, "sh")
	// A "solver" that reads the puzzle on stdin and prints UNSOLVABLE on
	// stdout, with timing chatter on stderr.
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "shell"), 0o755)
	os.WriteFile(filepath.Join(root, "shell", "solve.sh"), []byte("read first\necho \"first row: $first\" >&2\necho UNSOLVABLE\n"), 0o644)
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"command": "sh {submission}/solve.sh", "answer": "stdout"}}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	want := []check.Verdict{check.UnsolvableWrong, check.UnsolvableWrong, check.UnsolvableWrong, check.UnsolvableCorrect, check.UnsolvableWrong}
	if diff := cmp.Diff(want, verdicts(o, "shell")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestOptimalLengthsProvedOnceAndJournaled(t *testing.T) {
	needTool(t, "python3")
	// The glob picks the files without their manifest: no answer key.
	set := t.TempDir()
	for _, name := range []string{"p1.txt", "p3.txt", "p4.txt"} {
		data, _ := os.ReadFile(filepath.Join(smallSet, name))
		os.WriteFile(filepath.Join(set, name), data, 0o644)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`, set))
	root := copySubmissions(t, "python-astar")
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	var proved []string
	events := func(e batch.Event) {
		if e.Kind == batch.EventOptimum && !e.Reused {
			proved = append(proved, fmt.Sprintf("%s=%d (%s)", e.Test, e.Optimum.Length, e.Optimum.Source))
		}
	}
	o := grade(t, batch.Options{Assignment: a, Oracle: referenceOracle, JournalPath: path, Events: events}, root)
	want := []string{"p1.txt=12 (exact table 3x3)", "p3.txt=18 (exact table 2x3)"}
	if diff := cmp.Diff(want, proved); diff != "" {
		t.Errorf("proved (-want +got):\n%s", diff)
	}
	if got := verdicts(o, "python-astar"); !cmp.Equal(got, []check.Verdict{check.Optimal, check.Optimal, check.UnsolvableCorrect}) {
		t.Errorf("verdicts %v", got)
	}
	// Resuming reuses the journaled lengths instead of proving again,
	// even without an oracle.
	proved = nil
	o = grade(t, batch.Options{Assignment: a, JournalPath: path, Resume: true, Events: events}, root)
	if len(proved) != 0 || o.Tests[0].Optimum.Length != 12 {
		t.Errorf("resumed run proved %v; first test's optimum %+v", proved, o.Tests[0].Optimum)
	}
	// Without oracle or key, solved answers are valid, with a warning.
	var warnings []string
	o = grade(t, batch.Options{Assignment: a, Events: func(e batch.Event) {
		if e.Kind == batch.EventWarning {
			warnings = append(warnings, e.Message)
		}
	}}, root)
	if got := verdicts(o, "python-astar"); got[0] != check.Valid {
		t.Errorf("without an oracle: %v", got)
	}
	if len(warnings) < 2 || !strings.Contains(strings.Join(warnings, "\n"), "optimal length unknown") {
		t.Errorf("warnings %q", warnings)
	}
}

func TestFindSubmissions(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"export/alice", "export/bob/src", "export/.git", "single/src"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, "export", "submission_metadata.yml"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "export", "bob", "solver.py"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "single", "solver.py"), []byte("x"), 0o644)
	names := func(subs []batch.Submission) []string {
		var out []string
		for _, s := range subs {
			out = append(out, s.Name)
		}
		return out
	}
	subs, err := batch.FindSubmissions([]string{filepath.Join(root, "single"), filepath.Join(root, "export")}, batch.LayoutAuto)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"alice", "bob", "single"}, names(subs)); diff != "" {
		t.Errorf("auto layout (-want +got):\n%s", diff)
	}
	if subs[0].Root != filepath.Join(root, "export") || subs[2].Root != filepath.Join(root, "single") {
		t.Errorf("roots %s %s", subs[0].Root, subs[2].Root)
	}
	subs, _ = batch.FindSubmissions([]string{filepath.Join(root, "export")}, batch.LayoutSingle)
	if diff := cmp.Diff([]string{"export"}, names(subs)); diff != "" {
		t.Errorf("single layout (-want +got):\n%s", diff)
	}
	subs, _ = batch.FindSubmissions([]string{filepath.Join(root, "single")}, batch.LayoutFolders)
	if diff := cmp.Diff([]string{"src"}, names(subs)); diff != "" {
		t.Errorf("folders layout (-want +got):\n%s", diff)
	}
	if _, err := batch.FindSubmissions([]string{filepath.Join(root, "export"), filepath.Join(root, "export")}, batch.LayoutAuto); err == nil {
		t.Error("duplicate names accepted")
	}
	if _, err := batch.FindSubmissions([]string{filepath.Join(root, "nope")}, batch.LayoutAuto); err == nil {
		t.Error("missing folder accepted")
	}
	if _, err := batch.ParseLayout("sideways"); err == nil {
		t.Error("bad layout accepted")
	}
}

func TestGraderErrorsAreNotJournaled(t *testing.T) {
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"command": "x {input} {output}"}}`, mustAbs(t, smallSet)))
	root := copySubmissions(t, "python-astar")
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	failing := func(context.Context, sandbox.Spec) (sandbox.Result, error) {
		return sandbox.Result{Ending: limits.Ending{ExitCode: -1}}, fmt.Errorf("disk on fire")
	}
	o := grade(t, batch.Options{Assignment: a, JournalPath: path, Sandbox: failing}, root)
	r := o.Results["python-astar"]["p1.txt"]
	if r.Verdict != check.GraderError || !strings.Contains(r.Summary, "disk on fire") || o.GraderErrors != 1 {
		t.Errorf("got %s, %d grader errors", resultText(r), o.GraderErrors)
	}
	f, _ := os.Open(path)
	defer f.Close()
	c, err := journal.Read(f)
	if err != nil || countKind(c, journal.KindResult) != 0 {
		t.Errorf("journal holds %d results (%v); a grader error must not be journaled", countKind(c, journal.KindResult), err)
	}
}
