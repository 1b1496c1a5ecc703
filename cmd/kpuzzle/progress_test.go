package main

import (
	"os"
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

// A broken run.command fails every test of every submission the same
// way: grade says so, exit 2, and writes no grades unless told to.
func TestGradeRefusesAUniformFailure(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "python3 ", "pyhton3 ", 1)
	if broken == string(data) {
		t.Fatalf("no python3 in %s", data)
	}
	if err := os.WriteFile(config, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	last := lines[len(lines)-1]
	for _, want := range []string{"every test of all 2 submissions failed the same way", "could not start", "run.command", "--allow-uniform-failure"} {
		if r.code != exitUsage || !strings.Contains(last, want) {
			t.Errorf("exit %d, last line of stderr %q lacks %q", r.code, last, want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "gradebook.csv")); err == nil {
		t.Error("grades were written")
	}
	r = kpuzzle(t, "", "grade", "--allow-uniform-failure", "--config", config, "--out", filepath.Join(t.TempDir(), "out2"), subs)
	if r.code == exitUsage {
		t.Errorf("--allow-uniform-failure: exit %d\n%s", r.code, r.stderr)
	}
}
