package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGradeWritesLMSGradebooks grades a Gradescope export with
// results.gradebook and --gradebook and a Canvas class list: the import
// files are written, and the students on one side only are warned about
// and listed, never dropped.
func TestGradeWritesLMSGradebooks(t *testing.T) {
	config, subs := gradeFixture(t, "results:\n  gradebook: [moodle]\n", "python-astar", "python-illegal")
	os.Rename(filepath.Join(subs, "python-astar"), filepath.Join(subs, "submission_111"))
	writeFile(t, subs, "submission_metadata.yml", "submission_111:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '1815'\n    :email: ada@example.edu\n")
	class := writeFile(t, t.TempDir(), "export.csv", "Student,ID,SIS User ID,SIS Login ID,Section,Project 1 (77)\n    Points Possible,,,,,10\n\"Lovelace, Ada\",101,1815,ada,A,\n\"Hopper, Grace\",103,1906,grace,A,\n")
	out := t.TempDir()
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, "--gradebook", "canvas", "--class-list", class, subs)
	if r.code != 0 {
		t.Fatalf("grade: %+v", r)
	}
	canvas, _ := os.ReadFile(filepath.Join(out, "gradebook-canvas.csv"))
	lines := strings.Split(strings.TrimSpace(string(canvas)), "\n")
	if len(lines) != 2 || lines[0] != "Student,ID,SIS User ID,SIS Login ID,Section,Project 1 (77)" || !strings.HasPrefix(lines[1], `"Lovelace, Ada",101,1815,ada,A,`) {
		t.Errorf("gradebook-canvas.csv:\n%s", canvas)
	}
	if moodle, err := os.ReadFile(filepath.Join(out, "gradebook-moodle.csv")); err != nil || !strings.HasPrefix(string(moodle), "ID number,Email address,Full name,Project 1 (77)\n") {
		t.Errorf("gradebook-moodle.csv (%v):\n%s", err, moodle)
	}
	missing, _ := os.ReadFile(filepath.Join(out, "gradebook-missing.txt"))
	if !strings.Contains(string(missing), "python-illegal") || !strings.Contains(string(missing), "Hopper, Grace") ||
		!strings.Contains(r.stderr, "2 students are on one side only") {
		t.Errorf("missing students: stderr %q\n%s", r.stderr, missing)
	}

	r = kpuzzle(t, "", "grade", "--config", config, "--out", t.TempDir(), "--gradebook", "blackboard", subs)
	wantOneLineError(t, r, "--gradebook", "blackboard", "canvas or moodle")
	bad := writeFile(t, t.TempDir(), "bad.csv", "Name,Score\n")
	r = kpuzzle(t, "", "grade", "--config", config, "--out", t.TempDir(), "--gradebook", "canvas", "--class-list", bad, subs)
	wantOneLineError(t, r, "bad.csv", "line 1")
}
