package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
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
	Verdict       check.Verdict `json:"verdict"`
	Length        int           `json:"length"`
	OptimalLength *int          `json:"optimal_length"`
	Seconds       *float64      `json:"seconds,omitempty"`
}

// LeaderboardRow is one entry of results.json's leaderboard.
type LeaderboardRow struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Order string  `json:"order,omitempty"`
}

// GradescopeOptions add what the gradebook alone does not hold.
type GradescopeOptions struct {
	// Budget, when not nil, is the submission's feedback budget
	// (gradescope.feedback_budget): out of it, the tests students see
	// now show their points and verdicts without their output.
	Budget *FeedbackBudget
}

// Gradescope builds the results.json of one submission, with full
// feedback (GradescopeWith without a budget).
func (gb Gradebook) Gradescope(s Submission) GradescopeResults {
	return gb.GradescopeWith(s, GradescopeOptions{})
}

// GradescopeWith builds the results.json of one submission. Hidden tests get
// the visibility.hidden setting (after_published by default), the others
// visibility.visible. Gradescope shows students the top-level output and
// leaderboard at once, so both count only the tests students see now
// (visibility "visible"): before publication nothing in them says how the
// hidden tests went. A test "Files received" (no points, always visible)
// comes first when the submission's files are known.
//
// Gradescope keeps the total from the student while a test is
// after_due_date or after_published (its autograder specification), so
// the score counts every test. A feedback budget out of its submissions
// (o.Budget not Full) leaves the output of the tests visible now empty
// but for a line saying why, keeping their points and status, and says
// so in the top-level output; files received, the build and the hidden
// tests (shown after the deadline or publication) keep theirs.
func (gb Gradebook) GradescopeWith(s Submission, o GradescopeOptions) GradescopeResults {
	out := GradescopeResults{
		OutputFormat: "text",
		Tests:        make([]GradescopeTest, 0, len(s.Results)+1),
	}
	if s.Received != nil {
		out.Tests = append(out.Tests, filesReceivedTest(*s.Received))
	}
	if t := gb.integrityTest(s); t != nil {
		out.Tests = append(out.Tests, *t)
	}
	build := buildOutput(s.Results)
	if build != nil {
		out.Tests = append(out.Tests, GradescopeTest{Status: "failed", Name: "Build", Number: "0.2",
			Output: build.Summary + "\n" + strings.Join(build.Details, "\n"), OutputFormat: "text", Visibility: "visible"})
	}
	var seconds float64
	var seen, hidden struct {
		tests, passed, solved, optimal int
		score, max                     float64
	}
	for i, r := range s.Results {
		t := gb.Tests[i]
		// A test passes when the answer is right: solved (however long,
		// its points say how close to optimal) or rightly UNSOLVABLE.
		status := "failed"
		if r.Verdict.Solved() || r.Verdict == check.UnsolvableCorrect {
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
		checks := gb.studentChecks(i, r.ScoredCriteria(gb.Rubric))
		if sharesBuild(build, r) {
			r.Summary, r.Details = "the build failed "+BuildRef, nil
		}
		output := testOutput(r, checks, gb.studentLines(s, i, r))
		withheld := o.Budget != nil && !o.Budget.Full && vis == "visible"
		if withheld {
			output = string(r.Verdict) + ": " + budgetWithheld
		}
		out.Tests = append(out.Tests, GradescopeTest{
			Score:        gradebookPoints(r.VerdictScore(gb.Rubric)),
			MaxScore:     gradebookPoints(r.VerdictMax(gb.Rubric)),
			Status:       status,
			Name:         t.Name,
			Number:       strconv.Itoa(t.Number),
			Output:       output,
			OutputFormat: "text",
			Visibility:   vis,
			ExtraData:    extra,
		})
		// A check the rubric gives points is a test of its own.
		k := 0
		for _, c := range checks {
			if c.Max <= 0 {
				continue
			}
			k++
			cs := "failed"
			if c.Passed {
				cs = "passed"
			}
			detail := checkOutput(c.Criterion)
			if withheld {
				detail = budgetWithheld
			}
			out.Tests = append(out.Tests, GradescopeTest{
				Score: gradebookPoints(c.Points), MaxScore: gradebookPoints(c.Max), Status: cs,
				Name:   t.Name + " · " + c.Title(),
				Number: fmt.Sprintf("%d.%d", t.Number, k),
				Output: detail, OutputFormat: "text", Visibility: vis,
			})
		}
		seconds += r.Seconds
		tally := &hidden
		if vis == "visible" {
			tally = &seen
		}
		tally.tests++
		tally.score += r.Score(gb.Rubric)
		tally.max += r.Max(gb.Rubric)
		if gb.Passed(r) {
			tally.passed++
		}
		// Solved counts every test answered rightly, optimal those
		// answered best: an unsolvable puzzle called unsolvable is both,
		// so optimal never exceeds solved.
		if r.Verdict.Solved() || r.Verdict == check.UnsolvableCorrect {
			tally.solved++
		}
		if r.Verdict == check.Optimal || r.Verdict == check.UnsolvableCorrect {
			tally.optimal++
		}
	}
	passed := fmt.Sprintf("the %d tests shown now; %d of them solved or correctly called unsolvable with full points", seen.tests, seen.passed)
	switch {
	case seen.tests == 1 && seen.passed == 1:
		passed = "the 1 test shown now, solved or correctly called unsolvable with full points"
	case seen.tests == 1:
		passed = "the 1 test shown now, not yet with full points"
	}
	out.Output = fmt.Sprintf("%s: %s of %s points on %s.", gb.Assignment, hundredths(seen.score), hundredths(seen.max), passed)
	switch {
	case hidden.tests == 1:
		out.Output += " 1 more test is graded too; its result shows when it becomes visible."
	case hidden.tests > 1:
		out.Output += fmt.Sprintf(" %d more tests are graded too; their results show when they become visible.", hidden.tests)
	}
	if o.Budget != nil {
		out.Output += " " + o.Budget.Note()
	}
	// The total is the sum of the tests' scores as shown, each to the
	// hundredth, as Gradescope adds them up.
	var total float64
	for _, gt := range out.Tests {
		total += gt.Score
	}
	out.Score = gradebookPoints(total)
	if gb.Settings.Times {
		t := int(math.Ceil(seconds))
		out.ExecutionTime = &t
	}
	if gb.Settings.Leaderboard {
		// The first column ranks; more is better in every column.
		out.Leaderboard = []LeaderboardRow{
			{Name: "Solved", Value: float64(seen.solved), Order: "desc"},
			{Name: "Optimal", Value: float64(seen.optimal), Order: "desc"},
			{Name: "Points", Value: gradebookPoints(seen.score), Order: "desc"},
		}
	}
	return out
}

// gradebookPoints rounds points to the hundredth, as a gradebook shows
// them: results.json shows 94.92, not 94.9215 (gradebook.csv keeps four
// decimals).
func gradebookPoints(p float64) float64 { return math.Round(p*100) / 100 }

// filesReceivedTest lists what the submission held: a test of no points,
// always visible, failed when an expected file is missing.
func filesReceivedTest(f grader.FilesReceived) GradescopeTest {
	status := "passed"
	if !f.OK() {
		status = "failed"
	}
	var sb strings.Builder
	sb.WriteString(f.Summary())
	for _, h := range f.Hints {
		sb.WriteString("\n" + h)
	}
	for _, name := range f.Files {
		sb.WriteString("\n  " + name)
	}
	if f.More > 0 {
		fmt.Fprintf(&sb, "\n  ... and %d more", f.More)
	}
	return GradescopeTest{Status: status, Name: "Files received", Number: "0", Output: sb.String(), OutputFormat: "text", Visibility: "visible"}
}

// testOutput is the text shown under a test: the summary, the details,
// where the answer left every optimal path (offPath, as students may
// see it), and the checks of no points with their counterexamples (those
// with points are tests of their own).
func testOutput(r grader.Result, checks []grader.ScoredCriterion, offPath []string) string {
	var sb strings.Builder
	sb.WriteString(string(r.Verdict))
	sb.WriteString(": ")
	sb.WriteString(r.Summary)
	if r.NearLimit != "" {
		sb.WriteString("\n")
		sb.WriteString(NearLimitLine(r))
	}
	for _, d := range append(r.Details, offPath...) {
		sb.WriteByte('\n')
		sb.WriteString(d)
	}
	for _, c := range checks {
		if c.Max <= 0 {
			sb.WriteString("\ncheck (no points) ")
			sb.WriteString(c.Line())
			for _, l := range counterexampleLines(c.Criterion) {
				sb.WriteString("\n" + l)
			}
		}
	}
	return sb.String()
}

// NearLimitLine is the line that says a result was decided within 10% of
// a limit, "" when it was not: "near a limit (within 10%, so the
// machine's load may have decided it): wall time (run.wall_time 5s)".
func NearLimitLine(r grader.Result) string {
	if r.NearLimit == "" {
		return ""
	}
	return "near a limit (within 10%, so the machine's load may have decided it): " + r.NearLimit
}

// budgetWithheld is the output of a test whose feedback the budget
// withheld.
const budgetWithheld = "details withheld: this submission is past the feedback budget (see the top of the results)"

// WriteGradescope writes a submission's results.json.
func (gb Gradebook) WriteGradescope(w io.Writer, s Submission) error {
	return gb.WriteGradescopeWith(w, s, GradescopeOptions{})
}

// WriteGradescopeWith writes a submission's results.json with options.
func (gb Gradebook) WriteGradescopeWith(w io.Writer, s Submission, o GradescopeOptions) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(gb.GradescopeWith(s, o))
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
