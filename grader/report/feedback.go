package report

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"text/template"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/templates"
)

// FeedbackData is what a feedback template receives for one student.
type FeedbackData struct {
	Assignment string
	Student    string
	// Score and Max count every test; VisibleScore and VisibleMax only
	// the tests students see.
	Score, Max               float64
	VisibleScore, VisibleMax float64
	// HiddenCount is the number of hidden tests.
	HiddenCount int
	// Build is the failed build's output, shown once; nil when the
	// submission built (or has no build). Its tests' Details are then
	// empty and their Summary refers to it.
	Build *BuildOutput
	Tests []FeedbackTest
	// Flagged are the submission's files flagged for review by course
	// staff (integrity findings): what each file is, not how it was
	// found.
	Flagged []FeedbackFlag
}

// FeedbackTest is one test in FeedbackData.
type FeedbackTest struct {
	Number  int
	Name    string
	Hidden  bool
	Verdict check.Verdict
	// Solvable is the parity rule's verdict on the puzzle.
	Solvable bool
	// Passed is set when the answer is accepted with full points.
	Passed        bool
	Score, Max    float64
	Length        int
	OptimalLength *int
	Summary       string
	Details       []string
	// OffPath says where the answer left every optimal path, one line
	// each, as much as the assignment's feedback.off_path lets students
	// see (Gradebook.OffPathLines); empty for the other answers.
	OffPath []string
	// Replay is the link to the replay page of the answer (relative to
	// the feedback file), and CheckerLink the course's checker opened on
	// it (feedback.checker_url); empty on hidden tests and when there is
	// none.
	Replay, CheckerLink string
	// NearLimit, when set, says which limits the run came within 10% of
	// (grader.Result.NearLimit).
	NearLimit string
	// Checks are the test's sub-checks (Java API methods, judged claims)
	// with their points; FailedChecks counts those that failed.
	Checks       []FeedbackCheck
	FailedChecks int
}

// FeedbackCheck is one sub-check of a FeedbackTest.
type FeedbackCheck struct {
	// Title names it: "manhattan()", "claimed expanded".
	Title      string
	Passed     bool
	Score, Max float64
	Detail     string
	// Counterexample draws where a heuristic check's value is wrong, one
	// line each: the board, h against the right value and the true
	// distance (grader.HeuristicCounterexample); empty for the other
	// checks and on hidden tests.
	Counterexample []string
}

// Feedback builds the template data of a submission.
func (gb Gradebook) Feedback(s Submission) FeedbackData {
	d := FeedbackData{Assignment: gb.Assignment, Student: grader.Printable(s.Name), Build: buildOutput(s.Results)}
	for i, r := range s.Results {
		t := gb.Tests[i]
		ft := FeedbackTest{
			Number: t.Number, Name: t.Name, Hidden: t.Hidden, Verdict: r.Verdict, Solvable: r.Solvable,
			Passed: gb.Passed(r), Score: r.Score(gb.Rubric), Max: r.Max(gb.Rubric),
			Length: r.Length, OptimalLength: r.OptimalLength, Summary: r.Summary, Details: r.Details, NearLimit: r.NearLimit,
			OffPath: gb.OffPathLines(i, r), Replay: gb.replayLink(s, i), CheckerLink: gb.CheckerLink(s, i),
		}
		if sharesBuild(d.Build, r) {
			ft.Summary, ft.Details = "the build failed "+BuildRef, nil
		}
		for _, c := range gb.studentChecks(i, r.ScoredCriteria(gb.Rubric)) {
			ft.Checks = append(ft.Checks, FeedbackCheck{Title: c.Title(), Passed: c.Passed, Score: c.Points, Max: c.Max, Detail: c.Detail, Counterexample: counterexampleLines(c.Criterion)})
			if !c.Passed {
				ft.FailedChecks++
			}
		}
		d.Score += ft.Score
		d.Max += ft.Max
		if t.Hidden {
			d.HiddenCount++
		} else {
			d.VisibleScore += ft.Score
			d.VisibleMax += ft.Max
		}
		d.Tests = append(d.Tests, ft)
	}
	d.Flagged = gb.studentFindings(s)
	d.Score, d.Max = grader.RoundPoints(d.Score), grader.RoundPoints(d.Max)
	d.VisibleScore, d.VisibleMax = grader.RoundPoints(d.VisibleScore), grader.RoundPoints(d.VisibleMax)
	return d
}

// FeedbackFuncs are the functions feedback templates may call.
var FeedbackFuncs = template.FuncMap{
	"points": formatPoints,
	"md":     escapeMarkdown,
	"cell":   escapeCell,
	"code":   codeBlock,
	"optimal": func(t FeedbackTest) string {
		switch {
		case !t.Solvable:
			return ""
		case t.OptimalLength == nil:
			return "?"
		}
		return fmt.Sprint(*t.OptimalLength)
	},
}

// ParseFeedbackTemplate parses a feedback template; name labels errors.
func ParseFeedbackTemplate(name, text string) (*template.Template, error) {
	t, err := template.New(name).Funcs(FeedbackFuncs).Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, fmt.Errorf("feedback template: %w", err)
	}
	return t, nil
}

// LoadFeedbackTemplate reads the template file at path, or the built-in
// template when path is empty.
func LoadFeedbackTemplate(path string) (*template.Template, error) {
	if path == "" {
		text, err := templates.Read(templates.FeedbackFile)
		if err != nil {
			return nil, err
		}
		return ParseFeedbackTemplate(templates.FeedbackFile, text)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseFeedbackTemplate(path, string(b))
}

// WriteFeedback renders a submission's feedback with tmpl.
func (gb Gradebook) WriteFeedback(w io.Writer, tmpl *template.Template, s Submission) error {
	if err := tmpl.Execute(w, gb.Feedback(s)); err != nil {
		return fmt.Errorf("feedback for %s: %w", s.Name, err)
	}
	return nil
}

var markdownSpecial = regexp.MustCompile("([\\\\`*_{}\\[\\]<>#|!])")

// escapeMarkdown backslash-escapes the characters Markdown would read as
// markup, so that text from a student's program shows as written.
func escapeMarkdown(s string) string {
	return markdownSpecial.ReplaceAllString(s, `\$1`)
}

// escapeCell escapes text for a table cell, newlines included.
func escapeCell(s string) string {
	return strings.ReplaceAll(escapeMarkdown(s), "\n", " ")
}

// codeBlock fences lines as a text block; the fence is longer than any run
// of backticks inside, so the content cannot close it.
func codeBlock(lines []string) string {
	longest := 0
	for _, l := range lines {
		run := 0
		for _, c := range l {
			if c == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + "text\n" + strings.Join(lines, "\n") + "\n" + fence
}

// CheckFeedbackTemplate renders tmpl once, before any grading, for a
// made-up submission with one result of every verdict on the
// assignment's tests (hidden and visible, solvable and not, with and
// without an optimal length), so that a template that fails while it
// runs (a field that does not exist, a function called wrongly) is
// reported at once, not after every test has run.
func CheckFeedbackTemplate(tmpl *template.Template, a grader.Assignment, tests []grader.Test) error {
	if len(tests) == 0 {
		return nil
	}
	gb := NewGradebook(a, tests, nil)
	opt := 7
	s := Submission{Name: "example"}
	for i, t := range tests {
		v := check.Verdicts[i%len(check.Verdicts)]
		r := grader.Result{Test: t.Name, Verdict: v, Solvable: t.Solvable, Length: 9, Summary: "summary", Details: []string{"detail"}}
		if i%3 == 0 {
			r.Criteria = []grader.Criterion{{Group: grader.CriteriaAPI, Name: grader.APIManhattan, Passed: i%2 == 0, Detail: "detail"}}
			if i%2 != 0 && !t.Board.IsZero() {
				r.Criteria[0].Counterexample = exampleCounterexample(t.Board)
			}
		}
		if i%2 == 0 {
			r.OptimalLength = &opt
		}
		s.Results = append(s.Results, r)
	}
	if err := tmpl.Execute(io.Discard, gb.Feedback(s)); err != nil {
		return fmt.Errorf("feedback template: %w", err)
	}
	return nil
}
