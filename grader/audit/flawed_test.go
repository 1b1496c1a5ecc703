package audit_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/audit/flawed"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestFlawedPythonMatchesGo runs the Python versions of the flawed
// heuristics that docs/audit.md walks through (testdata/flawed) through
// the command protocol on every state of 2x4, and checks that each
// report equals the report on the Go version of package flawed: two
// implementations, two routes into the auditor, one answer.
func TestFlawedPythonMatchesGo(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python examples cannot be run")
	}
	g := puzzles.DefaultGoal(shape2x4)
	programs := map[string]string{
		"linear-conflict-pairs":        "lc_pairs.py",
		"linear-conflict-greedy-edges": "lc_greedy_edges.py",
		"manhattan-x1.5":               "manhattan_x15.py",
		"misplaced-with-blank":         "misplaced_blank.py",
	}
	for _, f := range flawed.All(g) {
		t.Run(f.Name, func(t *testing.T) {
			c := newCommand(t, "python3 "+programs[f.Name], g, audit.CommandOptions{Dir: "testdata/flawed"})
			py, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Table: tableFor(t, shape2x4)})
			if err != nil {
				t.Fatal(err)
			}
			def, err := audit.Run(context.Background(), f.Source(), audit.Options{Goal: g, Table: tableFor(t, shape2x4)})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(py.Heuristic, "command: python3") {
				t.Errorf("heuristic %q", py.Heuristic)
			}
			if py.Origin == nil || py.Origin.Kind != audit.OriginKindCommand || py.Origin.Files == 0 || len(py.Origin.Digest) != 64 {
				t.Errorf("origin %+v", py.Origin)
			}
			py.Heuristic, py.Seconds, def.Seconds, py.Origin = def.Heuristic, 0, 0, nil
			if diff := cmp.Diff(def, py, bigIntEqual); diff != "" {
				t.Errorf("Python and Go reports differ (-go +python):\n%s", diff)
			}
			if py.Admissible {
				t.Errorf("%s passes admissibility on 2x4", f.Name)
			}
		})
	}
}
