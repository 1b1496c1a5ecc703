package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// withOffPath is the small class with a first move off every optimal
// path on alice's hidden test 3 and on carol's visible test 2.
func withOffPath(t *testing.T, extra string) report.Gradebook {
	gb := gradebook(t, extra)
	hidden := &check.OffPath{Move: 5, Line: 5, Played: "LEFT", BoardBefore: [][]int{{1, 2, 3}, {4, 0, 6}, {7, 5, 8}}, OptimalMoves: []string{"UP"}, DistanceBefore: 15}
	gb.Submissions[0].Results[2].OffPath = hidden
	visible := &check.OffPath{Move: 2, Line: 2, Played: "RIGHT", BoardBefore: [][]int{{8, 2, 3}, {4, 0, 6}, {7, 5, 1}}, OptimalMoves: []string{"DOWN", "LEFT"}, DistanceBefore: 7}
	r := &gb.Submissions[2].Results[1]
	r.Verdict, r.Length, r.OptimalLength, r.Summary, r.OffPath = check.Suboptimal, 10, ptr(8), "10 legal moves reach the goal, but the optimal length is 8", visible
	return gb
}

// studentTexts are what alice and carol are shown on Gradescope, in
// PrairieLearn and in the Markdown feedback, each joined.
func studentTexts(t *testing.T, gb report.Gradebook, s report.Submission) string {
	t.Helper()
	var all bytes.Buffer
	if err := gb.WriteGradescope(&all, s); err != nil {
		t.Fatal(err)
	}
	if err := gb.WritePrairieLearn(&all, s, report.PrairieLearnOptions{}); err != nil {
		t.Fatal(err)
	}
	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	if err := gb.WriteFeedback(&all, tmpl, s); err != nil {
		t.Fatal(err)
	}
	return all.String()
}

// TestOffPathByVisibility: a test students see shows the first move off
// every optimal path as feedback.off_path says; a hidden test shows at
// most its move number (feedback.off_path_hidden: move), never its
// board, and nothing by default.
func TestOffPathByVisibility(t *testing.T) {
	hiddenBoard := "4 _ 6" // a row of the hidden test's board before the move
	tests := []struct {
		name, extra              string
		carolWants, carolMustNot []string
		aliceWants, aliceMustNot []string
	}{
		{"defaults", "",
			[]string{"first move off every optimal path: move 2, RIGHT", "8 2 3", "RIGHT leaves 8 moves to go; DOWN or LEFT would have stayed on an optimal path"}, nil,
			nil, []string{hiddenBoard, "move 5", "optimal path"}},
		{"hidden: move", `, "feedback": {"off_path_hidden": "move"}`,
			[]string{"8 2 3"}, nil,
			[]string{"the answer left every optimal path at move 5"}, []string{hiddenBoard, "LEFT leaves"}},
		{"visible: move only", `, "feedback": {"off_path": "move"}`,
			[]string{"the answer left every optimal path at move 2"}, []string{"8 2 3", "DOWN or LEFT"},
			nil, []string{"move 5"}},
		{"off", `, "feedback": {"off_path": "off"}`,
			nil, []string{"optimal path at", "first move off", "8 2 3"},
			nil, []string{"move 5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gb := withOffPath(t, tc.extra)
			check := func(who string, text string, wants, mustNot []string) {
				for _, w := range wants {
					if !strings.Contains(text, w) {
						t.Errorf("%s is not told %q", who, w)
					}
				}
				for _, m := range mustNot {
					if strings.Contains(text, m) {
						t.Errorf("%s is told %q", who, m)
					}
				}
			}
			check("carol", studentTexts(t, gb, gb.Submissions[2]), tc.carolWants, tc.carolMustNot)
			// Gradescope shows hidden tests after publication: alice's
			// results.json may hold the move number, never the board.
			check("alice", studentTexts(t, gb, gb.Submissions[0]), tc.aliceWants, tc.aliceMustNot)
		})
	}
}

// TestGradescopePartialCredit: a legal answer with partial credit passes
// its Gradescope test (it is solved), its points are shown to the
// hundredth as a gradebook shows them, the total is the sum of what is
// shown, and the output says what the partial credit is made of.
func TestGradescopePartialCredit(t *testing.T) {
	gb := gradebook(t, "")
	g := gb.Gradescope(gb.Submissions[0]) // alice: 20 moves optimal, 24 given on test 3
	sub := g.Tests[len(g.Tests)-1]
	if sub.Status != "passed" || sub.Score != 9.33 || sub.MaxScore != 10 {
		t.Errorf("suboptimal test: status %s, %v of %v; want passed, 9.33 of 10", sub.Status, sub.Score, sub.MaxScore)
	}
	if !strings.Contains(sub.Output, "partial credit: 9.33 of 10 points, 6 for solving the puzzle and 3.33 of the 4 for an optimal answer (optimal length 20 ÷ your 24 moves = 0.833") {
		t.Errorf("output does not explain the partial credit: %q", sub.Output)
	}
	var sum float64
	for _, tc := range g.Tests {
		sum += tc.Score
	}
	if g.Score != 29.33 || grader.RoundPoints(sum) != g.Score {
		t.Errorf("total %v, tests add up to %v; want 29.33 for both", g.Score, sum)
	}
	bob := gb.Gradescope(gb.Submissions[1])
	for _, tc := range bob.Tests {
		if tc.Status != "failed" && tc.Name != "Files received" {
			t.Errorf("bob's %s (no points) is %s", tc.Name, tc.Status)
		}
	}
}
