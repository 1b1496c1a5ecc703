package grader_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

const (
	javaRun   = `"run": {"java_api": "princeton"}`
	claimsRun = `"run": {"command": "x {input} {output}", "extract": {"moves": "M: (\\w+)", "length": "L: (\\d+)", "expanded": "E: (\\d+)"}}, "claims": {"algorithm": "astar", "heuristic": "manhattan"}`
)

func checksAssignment(t *testing.T, run, rubric string) (grader.Assignment, error) {
	t.Helper()
	return grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, `+run+`, "rubric": `+rubric+`}`), "/c", nil)
}

// rubric.api and rubric.claims list, after normalization, exactly the
// checks the runs make, 0 points for those not named.
func TestRubricCheckKeys(t *testing.T) {
	a, err := checksAssignment(t, javaRun, `{"api": {"hamming": 1, "manhattan": 2}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"dimension": 0, "hamming": 1, "manhattan": 2, "is_goal": 0, "neighbors": 0, "twin": 0, "equals": 0, "moves": 0, "tile_at": 0, "is_solvable": 0}
	if d := cmp.Diff(want, a.Rubric.API); d != "" || a.Rubric.Claims != nil {
		t.Errorf("rubric.api (-want +got):\n%s\nclaims %v", d, a.Rubric.Claims)
	}
	if got := a.Rubric.CriteriaMax(true); got != 3 {
		t.Errorf("checks max %v, want 3", got)
	}
	c, err := checksAssignment(t, claimsRun, `{"claims": {"expanded": 0.5}}`)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string]float64{"length": 0, "expanded": 0.5}, c.Rubric.Claims); d != "" || c.Rubric.API != nil {
		t.Errorf("rubric.claims (-want +got):\n%s", d)
	}
	// Claims are judged on solvable tests only.
	if c.Rubric.CriteriaMax(true) != 0.5 || c.Rubric.CriteriaMax(false) != 0 {
		t.Errorf("claims max %v solvable, %v unsolvable", c.Rubric.CriteriaMax(true), c.Rubric.CriteriaMax(false))
	}
	// Without checks, nothing changes.
	plain, err := checksAssignment(t, `"run": {"command": "x {input} {output}"}`, `{}`)
	if err != nil || plain.Rubric.API != nil || plain.Rubric.Claims != nil {
		t.Errorf("no checks: %v %+v", err, plain.Rubric)
	}

	for _, tc := range []struct{ run, rubric, key, msg string }{
		{javaRun, `{"api": {"hamming": -1}}`, "rubric.api.hamming", "expected a number of points"},
		{javaRun, `{"api": {"toString": 1}}`, "rubric.api.toString", "unknown check; expected one of dimension, hamming"},
		{javaRun, `{"api": {"hamming": "one"}}`, "rubric.api", "expected a number"},
		{`"run": {"command": "x {input} {output}"}`, `{"api": {"hamming": 1}}`, "rubric.api.hamming", "points for a check no run makes: the method checks need run.java_api"},
		{strings.Replace(claimsRun, "astar", "idastar", 1), `{"claims": {"frontier": 1}}`, "rubric.claims.frontier", "points for a check no run makes: set claims.algorithm and run.extract.frontier"},
		// A graph search's frontier band is the whole state space: it
		// cannot fail, so it is no check, whatever the extract patterns.
		{claimsRun, `{"claims": {"frontier": 1}}`, "rubric.claims.frontier", "no check: astar's largest frontier is bounded only by the number of reachable states"},
		{claimsRun, `{"claims": {"nodes": 1}}`, "rubric.claims.nodes", "expected one of length, expanded, frontier"},
		{javaRun, `{"claims": {"length": 1}}`, "rubric.claims.length", "claims.algorithm"},
	} {
		_, err := checksAssignment(t, tc.run, tc.rubric)
		var ce *grader.ConfigError
		if !errors.As(err, &ce) || ce.Key != tc.key || !strings.Contains(ce.Msg, tc.msg) || strings.Contains(ce.Msg, "%!") {
			t.Errorf("%s: got %v, want %s: ...%s...", tc.rubric, err, tc.key, tc.msg)
		}
	}
}

// A test's score is its verdict's points plus its passed checks'; its
// max counts every check the rubric expects, reported or not.
func TestCheckScores(t *testing.T) {
	a, err := checksAssignment(t, javaRun, `{"solved": 2, "optimal": 1, "api": {"hamming": 1, "manhattan": 2, "twin": 0.5}}`)
	if err != nil {
		t.Fatal(err)
	}
	rub := a.Rubric
	opt := 5
	r := grader.Result{Verdict: check.Optimal, Length: 5, OptimalLength: &opt, Solvable: true, Criteria: []grader.Criterion{
		{Group: grader.CriteriaAPI, Name: grader.APIHamming, Passed: true, Detail: "returned 3"},
		{Group: grader.CriteriaAPI, Name: grader.APIManhattan, Passed: false, Detail: "returned 9, expected 7"},
		{Group: grader.CriteriaAPI, Name: grader.APIDimension, Passed: false, Detail: "returned 4, expected 3"},
		// Not in the rubric (an older rubric, say): reported, no points.
		{Group: "other", Name: "x", Passed: true, Detail: "?"},
	}}
	if got := r.Score(rub); got != 3+1 {
		t.Errorf("score %v, want 4", got)
	}
	if got := r.Max(rub); got != 3+3.5 {
		t.Errorf("max %v, want 6.5", got)
	}
	if r.VerdictScore(rub) != 3 || r.VerdictMax(rub) != 3 {
		t.Errorf("verdict %v of %v", r.VerdictScore(rub), r.VerdictMax(rub))
	}
	scored := r.ScoredCriteria(rub)
	var lines []string
	for _, c := range scored {
		lines = append(lines, c.Line())
	}
	want := []string{
		"dimension() FAILED: returned 4, expected 3",
		"hamming() passed: returned 3",
		"manhattan() FAILED: returned 9, expected 7",
		"isGoal() FAILED: not checked: the run did not report it",
		"neighbors() FAILED: not checked: the run did not report it",
		"twin() FAILED: not checked: the run did not report it",
		"equals() FAILED: not checked: the run did not report it",
		"moves() FAILED: not checked: the run did not report it",
		"tileAt() FAILED: not checked: the run did not report it",
		"isSolvable() FAILED: not checked: the run did not report it",
		"x() passed: ?",
	}
	if d := cmp.Diff(want, lines); d != "" {
		t.Errorf("checks (-want +got):\n%s", d)
	}
	if scored[1].Points != 1 || scored[2].Points != 0 || scored[2].Max != 2 || scored[5].Max != 0.5 || scored[10].Max != 0 {
		t.Errorf("points %+v", scored)
	}
	// A run that ended early gets no check points but keeps its max.
	crashed := grader.Result{Verdict: check.Crashed, Solvable: true}
	if crashed.Score(rub) != 0 || crashed.Max(rub) != 6.5 {
		t.Errorf("crashed: %v of %v", crashed.Score(rub), crashed.Max(rub))
	}
	if d := crashed.ScoredCriteria(rub)[0].Detail; d != "not checked: the run ended (crashed) before it was reported" {
		t.Errorf("crashed detail %q", d)
	}
	if crashed.FailedCriteria(rub) != 10 {
		t.Errorf("failed checks %d", crashed.FailedCriteria(rub))
	}
}

// A test that timed out earns no method points, even for the methods
// the harness reported passing before the solver ran out of time.
func TestTimedOutTestEarnsNoMethodPoints(t *testing.T) {
	a, err := checksAssignment(t, javaRun, `{"api": {"hamming": 1}}`)
	if err != nil {
		t.Fatal(err)
	}
	checks := []grader.Criterion{{Group: grader.CriteriaAPI, Name: grader.APIHamming, Passed: true, Detail: "hamming() returned 3"}}
	for _, v := range []check.Verdict{check.Timeout, check.Crashed} {
		r := grader.Result{Verdict: v, Solvable: true, Criteria: checks}
		got := r.ScoredCriteria(a.Rubric)[1]
		want := 1.0
		if v == check.Timeout {
			want = 0
			if got.Passed || got.Detail != "hamming() returned 3 (not scored: the test timed out)" {
				t.Errorf("timeout: %+v", got)
			}
		}
		if got.Points != want || r.Score(a.Rubric) != want {
			t.Errorf("%s: hamming earns %v, the test %v; want %v", v, got.Points, r.Score(a.Rubric), want)
		}
	}
}

// A method check of the other Princeton API passes as not applicable,
// and the reports leave it out unless the rubric gives it points.
func TestNotApplicableChecksLeftOut(t *testing.T) {
	na := grader.Criterion{Group: grader.CriteriaAPI, Name: grader.APITileAt, Passed: true, Detail: grader.NotApplicable + "tileAt(row, col) is part of the campus API"}
	for _, tc := range []struct {
		rubric string
		listed bool
	}{{`{"api": {"hamming": 1}}`, false}, {`{"api": {"tile_at": 1}}`, true}} {
		a, err := checksAssignment(t, javaRun, tc.rubric)
		if err != nil {
			t.Fatal(err)
		}
		r := grader.Result{Verdict: check.Optimal, Solvable: true, Criteria: []grader.Criterion{na}}
		listed := false
		for _, c := range r.ScoredCriteria(a.Rubric) {
			if c.Name == grader.APITileAt {
				listed = true
			}
		}
		if listed != tc.listed {
			t.Errorf("rubric %s: tile_at listed %v, want %v", tc.rubric, listed, tc.listed)
		}
	}
}
