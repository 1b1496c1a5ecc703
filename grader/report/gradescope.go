package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// GradescopeResults is a Gradescope autograder results.json. Field names,
// types and optionality follow Gradescope's autograder specification.
type GradescopeResults struct {
	Score         float64          `json:"score"`
	ExecutionTime *int             `json:"execution_time,omitempty"`
	Output        string           `json:"output,omitempty"`
	OutputFormat  string           `json:"output_format,omitempty"`
	Visibility    string           `json:"visibility,omitempty"`
	Tests         []GradescopeTest `json:"tests"`
	Leaderboard   []LeaderboardRow `json:"leaderboard,omitempty"`
}

// GradescopeTest is one entry of results.json's tests.
type GradescopeTest struct {
	Score        float64    `json:"score"`
	MaxScore     float64    `json:"max_score"`
	Status       string     `json:"status"`
	Name         string     `json:"name"`
	Number       string     `json:"number"`
	Output       string     `json:"output,omitempty"`
	OutputFormat string     `json:"output_format,omitempty"`
	Visibility   string     `json:"visibility"`
	ExtraData    *TestExtra `json:"extra_data,omitempty"`
}

// TestExtra is the machine-readable verdict kept in a test's extra_data.
type TestExtra struct {
	Verdict       grader.Verdict `json:"verdict"`
	Length        int            `json:"length"`
	OptimalLength *int           `json:"optimal_length"`
	Seconds       *float64       `json:"seconds,omitempty"`
}

// LeaderboardRow is one entry of results.json's leaderboard.
type LeaderboardRow struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Order string  `json:"order,omitempty"`
}

// Gradescope builds the results.json of one submission. Hidden tests get
// the visibility.hidden setting (after_published by default), the others
// visibility.visible.
func (gb Gradebook) Gradescope(s Submission) GradescopeResults {
	score, max := gb.Total(s)
	out := GradescopeResults{
		Score:        score,
		OutputFormat: "text",
		Tests:        make([]GradescopeTest, 0, len(s.Results)),
	}
	var seconds float64
	solved, optimal, moves := 0, 0, 0
	for i, r := range s.Results {
		t := gb.Tests[i]
		status := "failed"
		if gb.Passed(r) {
			status = "passed"
		}
		vis := gb.Visibility.Visible
		if t.Hidden {
			vis = gb.Visibility.Hidden
		}
		extra := &TestExtra{Verdict: r.Verdict, Length: r.Length, OptimalLength: r.OptimalLength}
		if gb.Settings.Times {
			sec := r.Seconds
			extra.Seconds = &sec
		}
		out.Tests = append(out.Tests, GradescopeTest{
			Score:        r.Score(gb.Rubric),
			MaxScore:     r.Max(gb.Rubric),
			Status:       status,
			Name:         t.Name,
			Number:       strconv.Itoa(t.Number),
			Output:       testOutput(r),
			OutputFormat: "text",
			Visibility:   vis,
			ExtraData:    extra,
		})
		seconds += r.Seconds
		if r.Verdict.Solved() {
			solved++
			moves += r.Length
		}
		if r.Verdict == grader.Optimal || r.Verdict == grader.UnsolvableCorrect {
			optimal++
		}
	}
	out.Output = fmt.Sprintf("%s: %s of %s points; %d of %d tests solved or correctly called unsolvable with full points.",
		gb.Assignment, formatPoints(score), formatPoints(max), countPassed(gb, s), len(s.Results))
	if gb.Settings.Times {
		t := int(math.Ceil(seconds))
		out.ExecutionTime = &t
	}
	if gb.Settings.Leaderboard {
		out.Leaderboard = []LeaderboardRow{
			{Name: "Solved", Value: float64(solved)},
			{Name: "Optimal", Value: float64(optimal)},
			{Name: "Total moves", Value: float64(moves), Order: "asc"},
		}
	}
	return out
}

func countPassed(gb Gradebook, s Submission) int {
	n := 0
	for _, r := range s.Results {
		if gb.Passed(r) {
			n++
		}
	}
	return n
}

// testOutput is the text shown under a test: the summary and the details.
func testOutput(r grader.Result) string {
	var sb strings.Builder
	sb.WriteString(string(r.Verdict))
	sb.WriteString(": ")
	sb.WriteString(r.Summary)
	for _, d := range r.Details {
		sb.WriteByte('\n')
		sb.WriteString(d)
	}
	return sb.String()
}

// WriteGradescope writes a submission's results.json.
func (gb Gradebook) WriteGradescope(w io.Writer, s Submission) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(gb.Gradescope(s))
}

// GradescopeInspection is the results.json of a sandbox inspection (the
// probe submission of docs/security.md): one test of no points per check,
// passed or failed, and a summary, so that an instructor sees in
// Gradescope what a submission can see and do there.
func GradescopeInspection(in sandbox.Inspection) GradescopeResults {
	out := GradescopeResults{OutputFormat: "text", Tests: make([]GradescopeTest, 0, len(in.Checks))}
	for i, c := range in.Checks {
		status := "passed"
		if !c.Passed {
			status = "failed"
		}
		out.Tests = append(out.Tests, GradescopeTest{
			Status: status, Name: c.Name, Number: strconv.Itoa(i + 1), Output: c.Detail,
			OutputFormat: "text", Visibility: "visible",
		})
	}
	if failed := len(in.Failed()); failed > 0 {
		out.Output = fmt.Sprintf("kpuzzle sandbox probe: %d of %d checks failed: a submission could reach what it must not.", failed, len(in.Checks))
	} else {
		out.Output = fmt.Sprintf("kpuzzle sandbox probe: isolation %s; all %d checks passed.", in.Isolation.Level, len(in.Checks))
	}
	return out
}
