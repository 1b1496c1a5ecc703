package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGradeReportsIntegrity: a submission that brings kpuzzle's tables
// (a pattern database's header, under a name of its own) is graded
// normally under integrity: flag and named in every report; under
// integrity: zero it scores 0 with the reason.
func TestGradeReportsIntegrity(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class (seconds); go test without -short runs it")
	}
	for _, policy := range []string{"flag", "zero"} {
		config, subs := gradeFixture(t, "integrity: "+policy+"\n", "python-astar")
		flagged := filepath.Join(subs, "python-tables")
		data, err := os.ReadFile(demoSubmission("python-astar"))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, flagged, "solver.py", string(data))
		writeFile(t, flagged, "data/weights.npy", "KPUZPDB\n\x01\x00 the rest of a table")
		out := filepath.Join(t.TempDir(), "results")
		r := kpuzzle(t, "", "grade", "--json", "--config", config, "--out", out, subs)
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", policy, r.code, r.stderr)
		}
		var doc struct {
			Submissions []struct {
				Name      string  `json:"name"`
				Score     float64 `json:"score"`
				Integrity []struct {
					File    string `json:"file"`
					Finding string `json:"finding"`
				} `json:"integrity"`
			} `json:"submissions"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatal(err)
		}
		scores := map[string]float64{}
		for _, s := range doc.Submissions {
			scores[s.Name] = s.Score
			switch {
			case s.Name == "python-astar" && (s.Integrity == nil || len(s.Integrity) != 0):
				t.Errorf("%s: python-astar: integrity %v, want an empty list", policy, s.Integrity)
			case s.Name == "python-tables" && (len(s.Integrity) != 1 || s.Integrity[0].File != "data/weights.npy" || s.Integrity[0].Finding != "a kpuzzle pattern database"):
				t.Errorf("%s: python-tables: integrity %+v", policy, s.Integrity)
			}
		}
		if scores["python-astar"] == 0 {
			t.Fatalf("%s: the correct solver scored 0: %s", policy, r.stdout)
		}
		if want := map[string]float64{"flag": scores["python-astar"], "zero": 0}[policy]; scores["python-tables"] != want {
			t.Errorf("%s: python-tables scored %v, want %v", policy, scores["python-tables"], want)
		}
		if !strings.Contains(r.stderr, "integrity: submission python-tables: data/weights.npy: a kpuzzle pattern database") {
			t.Errorf("%s: no warning on stderr: %s", policy, r.stderr)
		}
		files := readTree(t, out)
		for file, want := range map[string]string{
			"gradebook.csv":             "data/weights.npy: a kpuzzle pattern database",
			"summary.html":              `<h2 id="integrity">Integrity</h2>`,
			"feedback/python-tables.md": "## Files flagged for review",
		} {
			if !strings.Contains(files[file], want) {
				t.Errorf("%s: %s lacks %q", policy, file, want)
			}
		}
		if strings.Contains(files["feedback/python-astar.md"], "flagged") {
			t.Errorf("%s: python-astar's feedback mentions a flag", policy)
		}
		if policy == "zero" && !strings.Contains(files["feedback/python-tables.md"], "scored 0 (integrity: zero): data/weights.npy") {
			t.Errorf("zero: the feedback does not give the reason:\n%s", files["feedback/python-tables.md"])
		}
	}
}
