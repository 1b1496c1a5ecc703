package batch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
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
		_, err = batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs, Oracle: referenceOracle, Events: events})
		if !errors.Is(err, grader.ErrKeyContradiction) || !strings.Contains(err.Error(), "test p.txt") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("claim %s: err %v, want a key contradiction naming p.txt: %s", tc.claim, err, tc.want)
		}
		if results != 0 {
			t.Errorf("claim %s: %d tests ran before the key was checked", tc.claim, results)
		}
	}

	// The control: trusting the same too-short key misgrades the correct
	// two-move answer as suboptimal.
	set := t.TempDir()
	os.WriteFile(filepath.Join(set, "p.txt"), []byte("1 2 3\n4 5 6\n0 7 8\n"), 0o644)
	os.WriteFile(filepath.Join(set, "manifest.json"), []byte(`{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 1}]}`), 0o644)
	a := assignment(t, set, `{"puzzles": {"dir": "."}, "optimal": {"verify": "0s"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	o := grade(t, batch.Options{Assignment: a, Oracle: referenceOracle}, copySubmissions(t, "python-astar"))
	if r := o.Results["python-astar"]["p.txt"]; r.Verdict != grader.Suboptimal {
		t.Errorf("with the key trusted: %s", resultText(r))
	}
}
