package batch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// TestWrongKeyStopsGrading gives a key that claims too short (and too
// long) an optimum without a solution to check it by: grading must stop
// with one line naming the test before any submission runs, where the
// old behaviour graded a correct answer as suboptimal.
func TestWrongKeyStopsGrading(t *testing.T) {
	for _, tc := range []struct {
		claim, want string
	}{
		{"1", "says the optimal length is 1, but exact table 3x3 proves 2"},
		{"4", "says the optimal length is 4, but exact table 3x3 proves 2"},
	} {
		set := t.TempDir()
		// Two moves from the goal.
		os.WriteFile(filepath.Join(set, "p.txt"), []byte("1 2 3\n4 5 6\n0 7 8\n"), 0o644)
		os.WriteFile(filepath.Join(set, "manifest.json"), []byte(`{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": `+tc.claim+`}]}`), 0o644)
		root := copySubmissions(t, "python-astar")
		a := assignment(t, set, `{"puzzles": {"dir": "."}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
		subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
		if err != nil {
			t.Fatal(err)
		}
		tests, err := a.LoadTests()
		if err != nil {
			t.Fatal(err)
		}
		results := 0
		events := func(e batch.Event) {
			if e.Kind == batch.EventResult {
				results++
			}
		}
		journalPath := filepath.Join(t.TempDir(), batch.JournalFile)
		_, err = batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs, Oracle: referenceOracle, Events: events, JournalPath: journalPath})
		if !errors.Is(err, check.ErrKeyContradiction) || !strings.Contains(err.Error(), "test p.txt") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("claim %s: err %v, want a key contradiction naming p.txt: %s", tc.claim, err, tc.want)
		}
		if results != 0 {
			t.Errorf("claim %s: %d tests ran before the key was checked", tc.claim, results)
		}
		// The refused grading leaves no journal that would make the next
		// one ask for --resume.
		if _, err := os.Stat(journalPath); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("claim %s: the refused grading left its journal: %v", tc.claim, err)
		}
	}

	// The control: trusting the same too-short key misgrades the correct
	// two-move answer as suboptimal.
	set := t.TempDir()
	os.WriteFile(filepath.Join(set, "p.txt"), []byte("1 2 3\n4 5 6\n0 7 8\n"), 0o644)
	os.WriteFile(filepath.Join(set, "manifest.json"), []byte(`{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 1}]}`), 0o644)
	a := assignment(t, set, `{"puzzles": {"dir": "."}, "optimal": {"verify": "0s"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	o := grade(t, batch.Options{Assignment: a, Oracle: referenceOracle}, copySubmissions(t, "python-astar"))
	if r := o.Results["python-astar"]["p.txt"]; r.Verdict != check.Suboptimal {
		t.Errorf("with the key trusted: %s", resultText(r))
	}
}

// TestOptimalLengthKeptForEveryVerdict: whatever became of a run (an
// illegal move, a malformed answer, a crash, a timeout, a missing file),
// its result keeps the optimal length the key gives, for feedback,
// results.json and the replay page.
func TestOptimalLengthKeptForEveryVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("runs one submission per verdict; go test without -short runs it")
	}
	root := copySubmissions(t, "python-illegal", "python-crash", "python-loop", "python-vandal")
	os.MkdirAll(filepath.Join(root, "empty"), 0o755)
	os.MkdirAll(filepath.Join(root, "garbage"), 0o755)
	os.WriteFile(filepath.Join(root, "garbage", "solver.py"), []byte("import sys\nopen(sys.argv[2], 'w').write('SIDEWAYS\\n')\n"), 0o644)
	a := assignment(t, root, `{"puzzles": {"dir": "`+mustAbs(t, smallSet)+`", "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "10s"}}`)
	o := grade(t, batch.Options{Assignment: a}, root)
	for sub, want := range map[string]check.Verdict{"python-illegal": check.Illegal, "python-crash": check.Crashed, "python-loop": check.Timeout,
		"python-vandal": check.UnsolvableWrong, "empty": check.Crashed, "garbage": check.Malformed} {
		r := o.Results[sub]["p1.txt"]
		if r.Verdict != want || r.OptimalLength == nil || *r.OptimalLength != 12 {
			t.Errorf("%s: %s (optimal length %v), want %s with the key's 12", sub, resultText(r), r.OptimalLength, want)
		}
	}
}
