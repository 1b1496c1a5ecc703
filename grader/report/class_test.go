package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/pathcount"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// exactOracle proves distances with the reference solver's exact tables.
var exactOracle = check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	p, err := reference.ProveOptimal(ctx, b, g)
	return p.Length, p.Method, err
})

// classGradebook is the small class with the first moves off every
// optimal path of withOffPath, two more students who hand in carol's
// suboptimal answer to test 2 (dave's in another notation, the same
// moves), and judged claims on test 2.
func classGradebook(t *testing.T) report.Gradebook {
	gb := withOffPath(t, `, "results": {"times": true}`)
	start := puzzles.MustBoard(3, 3, 2, 5, 3, 1, 7, 6, 0, 4, 8) // 8 moves from the goal
	gb.Tests[1].Board = start
	carol := &gb.Submissions[2]
	carol.Results[1].AnswerDigest = "d1"
	carol.Results[1].Seconds = 0.4
	for _, name := range []string{"dave", "erin"} {
		s := report.Submission{Name: name, Results: append([]grader.Result(nil), carol.Results...)}
		gb.Submissions = append(gb.Submissions, s)
	}
	// erin's answer to test 1 is an incomplete one shared with bob.
	gb.Submissions[4].Results[0] = gb.Submissions[1].Results[0]
	gb.Submissions[1].Results[0].AnswerDigest = "d2"
	gb.Submissions[4].Results[0].AnswerDigest = "d2"
	gb.Claims = map[string]grader.ClaimSettings{"n_equals_3/input_2.txt": {Algorithm: "astar", Heuristic: "manhattan"}}
	gb.Submissions[0].Results[1].Criteria = []grader.Criterion{{Group: grader.CriteriaClaims, Name: grader.ClaimExpanded, Passed: false, Detail: "3 nodes expanded: impossible"}}
	gb.Submissions[3].Results[1].Criteria = []grader.Criterion{{Group: grader.CriteriaClaims, Name: grader.ClaimExpanded, Passed: true, Detail: "possible"}}
	return gb
}

// TestClass checks the class report against its golden files, and its
// counts of paths against enumerating every walk.
func TestClass(t *testing.T) {
	gb := classGradebook(t)
	c, err := gb.Class(context.Background(), report.PathOptions{Distances: exactOracle})
	if err != nil {
		t.Fatal(err)
	}
	var js, csv bytes.Buffer
	if err := report.WriteClassJSON(&js, c); err != nil {
		t.Fatal(err)
	}
	if err := gb.WriteClassCSV(&csv, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "class.json.golden", js.Bytes())
	golden(t, "class.csv.golden", csv.Bytes())

	t2 := c.Tests[1]
	if diff := cmp.Diff(map[check.Verdict]int{check.Optimal: 1, check.Illegal: 1, check.Suboptimal: 3}, t2.Verdicts); diff != "" {
		t.Errorf("test 2 verdicts (-want +got):\n%s", diff)
	}
	if len(t2.OffPaths) != 1 || t2.OffPaths[0].Students != 3 || t2.OffPaths[0].Played != "RIGHT" {
		t.Errorf("test 2 common first move off: %+v, want RIGHT by 3 students", t2.OffPaths)
	}
	if diff := cmp.Diff([]report.ClaimsOutside{{Algorithm: "astar", Heuristic: "manhattan", Check: "expanded", Outside: 1, Judged: 2}}, t2.Claims); diff != "" {
		t.Errorf("claims (-want +got):\n%s", diff)
	}
	if len(c.SharedAnswers) != 2 {
		t.Fatalf("%d shared answers, want carol, dave and erin's and bob and erin's: %+v", len(c.SharedAnswers), c.SharedAnswers)
	}
	// Test 1's answer (bob and erin's) comes first, then test 2's.
	sub := c.SharedAnswers[1]
	if diff := cmp.Diff([]string{"carol", "dave", "erin"}, sub.Students); diff != "" || sub.Length != 10 {
		t.Errorf("shared suboptimal answer: %v, %d moves", sub.Students, sub.Length)
	}
	// The counts are the solutions of the optimal length, two moves more
	// and the answer's (pathcount checks them against enumerating every
	// walk).
	counter := pathcount.New(gb.Tests[1].Board, gb.Tests[1].Goal, exactOracle, 1000)
	for _, n := range []struct {
		got    *big.Int
		length int
	}{{sub.OptimalPaths, 8}, {sub.NearOptimalPaths, 10}, {sub.Answers, 10}} {
		want, err := counter.Solutions(context.Background(), n.length)
		if err != nil {
			t.Fatal(err)
		}
		if n.got == nil || n.got.Cmp(want) != 0 {
			t.Errorf("solutions of %d moves: %v, want %v", n.length, n.got, want)
		}
	}
	// An incomplete answer on a test without a board: not counted, and
	// said so.
	if inc := c.SharedAnswers[0]; inc.Answers != nil || inc.NotCounted == "" {
		t.Errorf("shared answer on a test without a board: %+v", inc)
	}

	// The summary page shows the class report.
	var page bytes.Buffer
	opts := summaryOptions(gb)
	opts.Class = &c
	if err := gb.WriteSummaryHTML(&page, opts); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary-class.html.golden", page.Bytes())
	for _, want := range []string{"Where answers left the optimal paths", "3 students: move 2, RIGHT, with the goal 7 moves away; DOWN or LEFT stays optimal",
		`class="played"`, "Claimed statistics outside their bands", "1 of 2", "Shared answers to review", "carol, dave, erin"} {
		if !strings.Contains(page.String(), want) && !strings.Contains(page.String(), strings.ReplaceAll(want, `class="played"`, `class="tile played"`)) {
			t.Errorf("the summary page does not show %q", want)
		}
	}
	// grade --json carries it as JSON numbers and maps.
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if _, ok := back["shared_answers"].([]any)[1].(map[string]any)["optimal_paths"].(float64); !ok {
		t.Errorf("optimal_paths is not a JSON number")
	}
}
