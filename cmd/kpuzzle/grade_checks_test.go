package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// grade --json lists each test's checks with their points, counted in
// the test's score and max.
func TestGradeJSONChecks(t *testing.T) {
	a, err := grader.ParseAssignment(map[string]any{"puzzles": map[string]any{"dir": "s"}, "run": map[string]any{"java_api": "princeton"},
		"rubric": map[string]any{"api": map[string]any{"hamming": 1}}}, "/c", nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := 4
	tests := []grader.Test{{Number: 1, Name: "p1.txt", Solvable: true, Goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})}}
	r := grader.Result{Test: "p1.txt", Verdict: check.Optimal, Length: 4, OptimalLength: &opt, Solvable: true,
		Criteria: []grader.Criterion{{Group: grader.CriteriaAPI, Name: grader.APIHamming, Passed: true, Detail: "hamming() returned 3"}}}
	gb := report.NewGradebook(a, tests, map[string]map[string]grader.Result{"s": {"p1.txt": r}})
	j := gradeSummaryJSON(gb, "out", batch.Outcome{}, nil)
	tj := j.Submissions[0].Tests[0]
	if tj.Score != 3 || tj.Max != 3 || len(tj.Checks) != len(grader.APICriteria) {
		t.Fatalf("test %+v", tj)
	}
	want := subCheckJSON{Group: "api", Name: "hamming", Passed: true, Score: 1, Max: 1, Detail: "hamming() returned 3"}
	if d := cmp.Diff(want, tj.Checks[1]); d != "" {
		t.Errorf("check (-want +got):\n%s", d)
	}
}
