package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Where stderr is not a terminal (a CI log, a Slurm job's output file),
// grade prints a line per finished submission instead of a progress bar,
// and nothing of the kind with --json.
func TestGradeLogsSubmissionsOutsideATerminal(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", filepath.Join(t.TempDir(), "out"), subs)
	if r.code != exitFindings && r.code != exitOK {
		t.Fatalf("grade: exit %d\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"kpuzzle: graded python-astar (", "kpuzzle: graded python-illegal (", "2 of 2 submissions)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	r = kpuzzle(t, "", "grade", "--json", "--config", config, "--out", filepath.Join(t.TempDir(), "out"), subs)
	if strings.Contains(r.stderr, "kpuzzle: graded") {
		t.Errorf("--json run logged submissions:\n%s", r.stderr)
	}
}
