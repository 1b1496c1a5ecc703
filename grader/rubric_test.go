package grader_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

func rubric(t *testing.T, js string) grader.Rubric {
	t.Helper()
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}"}, "rubric": `+js+`}`), "/", nil)
	if err != nil {
		t.Fatal(err)
	}
	return a.Rubric
}

func TestRubricScore(t *testing.T) {
	type row struct {
		v        check.Verdict
		length   int
		solvable bool
		want     float64
	}
	const opt = 20
	tests := []struct {
		rubric string
		rows   []row
	}{
		{`{"solved": 6, "optimal": 4}`, []row{ // linear by default
			{check.Optimal, 20, true, 10},
			{check.Suboptimal, 40, true, 6 + 4*0.5},
			{check.Valid, 22, true, 6},
			{check.Illegal, 3, true, 0},
			{check.Incomplete, 3, true, 0},
			{check.UnsolvableWrong, 0, true, 0},
			{check.Timeout, 0, true, 0},
			{check.UnsolvableCorrect, 0, false, 10},
			{check.Incomplete, 5, false, 0},
			{check.Crashed, 0, false, 0},
		}},
		{`{"solved": 1, "optimal": 1, "partial": "none", "unsolvable": 5, "unverified": 0.5}`, []row{
			{check.Suboptimal, 21, true, 1},
			{check.Valid, 21, true, 1.5},
			{check.UnsolvableCorrect, 0, false, 5},
		}},
		{`{"solved": 0, "optimal": 8, "partial": "power"}`, []row{
			{check.Suboptimal, 40, true, 8 * 0.25},
			{check.Optimal, 20, true, 8},
		}},
		{`{"optimal": 10, "partial": "steps", "partial_steps": [{"ratio": 0.8, "credit": 0.5}, {"ratio": 0.95, "credit": 0.9}]}`, []row{
			{check.Suboptimal, 21, true, 1 + 9},     // ratio 0.952
			{check.Suboptimal, 25, true, 1 + 5},     // ratio 0.8 exactly
			{check.Suboptimal, 26, true, 1 + 0},     // ratio 0.77
			{check.UnsolvableCorrect, 0, false, 11}, // default: solved + optimal
		}},
	}
	for _, tc := range tests {
		r := rubric(t, tc.rubric)
		for _, row := range tc.rows {
			got := r.Score(row.v, row.length, opt, row.solvable)
			if math.Abs(got-row.want) > 1e-9 {
				t.Errorf("%s: %s of %d: %v, want %v", tc.rubric, row.v, row.length, got, row.want)
			}
			if max := r.Max(row.solvable); got > max+1e-9 || got < 0 {
				t.Errorf("%s: %s scores %v outside [0, %v]", tc.rubric, row.v, got, max)
			}
		}
	}
}

func TestResultScoreRounds(t *testing.T) {
	r := rubric(t, `{"solved": 0, "optimal": 1}`)
	res := grader.Result{Verdict: check.Suboptimal, Length: 3, OptimalLength: ptr(2), Solvable: true}
	if got := res.Score(r); got != 0.6667 {
		t.Errorf("2/3 rounds to %v, want 0.6667", got)
	}
	data, _ := json.Marshal(res)
	var back grader.Result
	if err := json.Unmarshal(data, &back); err != nil || back.Score(r) != 0.6667 {
		t.Errorf("round trip through JSON: %v %v", back, err)
	}
}
