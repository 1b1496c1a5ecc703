package batch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
)

// ignoreTimes compares results without their run times, the one thing
// that differs between two runs of the same program.
var ignoreTimes = cmpopts.IgnoreFields(grader.Result{}, "Seconds", "CPUSeconds")

func fastAssignment(t *testing.T) grader.Assignment {
	return assignment(t, t.TempDir(), fmt.Sprintf(pythonAssignment, mustAbs(t, smallSet)))
}

func TestResultsDoNotDependOnJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class with one job and with several; go test without -short runs it")
	}
	needTool(t, "python3")
	a := fastAssignment(t)
	root := copySubmissions(t, "python-astar", "python-illegal", "python-crash", "python-chatty")
	one := grade(t, batch.Options{Assignment: a, Jobs: 1}, root)
	three := grade(t, batch.Options{Assignment: a, Jobs: 3}, root)
	if diff := cmp.Diff(one.Results, three.Results, ignoreTimes); diff != "" {
		t.Errorf("--jobs 1 and --jobs 3 differ (-1 +3):\n%s", diff)
	}
	if len(one.Results) != 4 || len(one.Results["python-chatty"]) != 5 {
		t.Errorf("results: %d submissions", len(one.Results))
	}
}

func TestInterruptThenResume(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class twice, interrupted and resumed; go test without -short runs it")
	}
	needTool(t, "python3")
	a := fastAssignment(t)
	root := copySubmissions(t, "python-astar", "python-illegal", "python-crash")
	full := grade(t, batch.Options{Assignment: a}, root)

	path := filepath.Join(t.TempDir(), "journal.jsonl")
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	tests, _ := a.LoadTests()
	for stopAfter := 1; stopAfter < 15; stopAfter += 6 {
		os.Remove(path)
		// Interrupt after stopAfter results, as Ctrl-C would.
		ctx, cancel := context.WithCancel(context.Background())
		seen := 0
		opts := batch.Options{Assignment: a, Tests: tests, Submissions: subs, Jobs: 2, JournalPath: path, Events: func(e batch.Event) {
			if e.Kind == batch.EventResult {
				if seen++; seen == stopAfter {
					cancel()
				}
			}
		}}
		first, err := batch.Grade(ctx, opts)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !first.Interrupted {
			t.Fatalf("stop after %d: not interrupted", stopAfter)
		}
		done := 0
		for _, m := range first.Results {
			done += len(m)
		}
		opts.Events = nil
		if _, err := batch.Grade(context.Background(), opts); !errors.Is(err, journal.ErrExists) {
			t.Fatalf("grading again without Resume: %v, want ErrExists", err)
		}
		opts.Resume = true
		second, err := batch.Grade(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if second.Interrupted || second.Reused != done || second.Ran+second.Reused != 15 {
			t.Errorf("stop after %d: %d done before; resumed run reused %d and ran %d", stopAfter, done, second.Reused, second.Ran)
		}
		if diff := cmp.Diff(full.Results, second.Results, ignoreTimes); diff != "" {
			t.Errorf("stop after %d: resumed results differ (-full +resumed):\n%s", stopAfter, diff)
		}
		// Every result is in the journal exactly once.
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := journal.Read(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// 3 submissions x 5 tests, and each submission's files once.
		if countKind(c, journal.KindResult) != 15 || countKind(c, journal.KindSubmission) != 3 || c.Duplicates != 0 || c.Damaged != 0 {
			t.Errorf("stop after %d: journal has %d results, %d submissions, %d duplicates, %d damaged", stopAfter,
				countKind(c, journal.KindResult), countKind(c, journal.KindSubmission), c.Duplicates, c.Damaged)
		}
	}
}

func TestChangedSubmissionIsGradedAgain(t *testing.T) {
	needTool(t, "python3")
	a := fastAssignment(t)
	root := copySubmissions(t, "python-astar", "python-crash")
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	grade(t, batch.Options{Assignment: a, JournalPath: path}, root)
	// The student fixes the crash between the run and its resumption.
	fixed, _ := os.ReadFile(filepath.Join(submissionDir("python-astar"), "solver.py"))
	os.WriteFile(filepath.Join(root, "python-crash", "solver.py"), fixed, 0o644)
	o := grade(t, batch.Options{Assignment: a, JournalPath: path, Resume: true}, root)
	if o.Reused != 5 || o.Ran != 5 {
		t.Errorf("reused %d ran %d, want 5 and 5", o.Reused, o.Ran)
	}
	if got := verdicts(o, "python-crash"); got[0] != check.Optimal {
		t.Errorf("fixed submission: %v", got)
	}
	// Another assignment cannot resume this journal.
	b := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"command": "python3 {submission}/other.py {input} {output}"}}`, mustAbs(t, smallSet)))
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	tests, _ := b.LoadTests()
	if _, err := batch.Grade(context.Background(), batch.Options{Assignment: b, Tests: tests, Submissions: subs, JournalPath: path, Resume: true}); !errors.Is(err, journal.ErrMismatch) {
		t.Errorf("resuming with another run command: %v, want ErrMismatch", err)
	}
}

// Ctrl-C before the first run (while the sandbox is inspected or the key
// proved: on a busy machine these take seconds) is an interruption to
// resume, not a failure of the sandbox check.
func TestInterruptBeforeTheFirstRun(t *testing.T) {
	needTool(t, "python3")
	a := fastAssignment(t)
	root := copySubmissions(t, "python-astar")
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	tests, _ := a.LoadTests()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	o, err := batch.Grade(ctx, batch.Options{Assignment: a, Tests: tests, Submissions: subs, JournalPath: path})
	if err != nil || !o.Interrupted || o.Ran != 0 {
		t.Fatalf("cancelled before the first run: interrupted %v, ran %d, error %v", o.Interrupted, o.Ran, err)
	}
	resumed, err := batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs, JournalPath: path, Resume: true})
	if err != nil || resumed.Interrupted || resumed.Ran != len(tests) {
		t.Errorf("resumed: interrupted %v, ran %d of %d, error %v", resumed.Interrupted, resumed.Ran, len(tests), err)
	}
}
