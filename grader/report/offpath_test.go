package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// withOffPath is the small class with a first move off every optimal
// path on alice's hidden test 3 and on carol's visible test 2.
func withOffPath(t *testing.T, extra string) report.Gradebook {
	gb := gradebook(t, extra)
	hidden := &grader.OffPath{Move: 5, Line: 5, Played: "LEFT", BoardBefore: [][]int{{1, 2, 3}, {4, 0, 6}, {7, 5, 8}}, OptimalMoves: []string{"UP"}, DistanceBefore: 15}
	gb.Submissions[0].Results[2].OffPath = hidden
	visible := &grader.OffPath{Move: 2, Line: 2, Played: "RIGHT", BoardBefore: [][]int{{8, 2, 3}, {4, 0, 6}, {7, 5, 1}}, OptimalMoves: []string{"DOWN", "LEFT"}, DistanceBefore: 7}
	r := &gb.Submissions[2].Results[1]
	r.Verdict, r.Length, r.OptimalLength, r.Summary, r.OffPath = grader.Suboptimal, 10, ptr(8), "10 legal moves reach the goal, but the optimal length is 8", visible
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
