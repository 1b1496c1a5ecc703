package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// PrairieLearnResults is the results.json of PrairieLearn's external
// grader (/grade/results/results.json), as its external-grading
// documentation gives it and its pl-external-grader-results element shows
// it. A gradable result has a score in [0, 1]; an ungradable one
// (Gradable false) has no score and says why in FormatErrors, and
// PrairieLearn then counts no attempt.
type PrairieLearnResults struct {
	Gradable bool `json:"gradable"`
	// Score is the fraction of the points earned; nil when not gradable.
	Score        *float64            `json:"score,omitempty"`
	FormatErrors []string            `json:"format_errors,omitempty"`
	Message      string              `json:"message,omitempty"`
	Output       string              `json:"output,omitempty"`
	Images       []PrairieLearnImage `json:"images,omitempty"`
	Tests        []PrairieLearnTest  `json:"tests"`
}

// PrairieLearnTest is one entry of results.json's tests.
type PrairieLearnTest struct {
	Name        string              `json:"name"`
	Description string              `json:"description"`
	Points      float64             `json:"points"`
	MaxPoints   float64             `json:"max_points"`
	Message     string              `json:"message"`
	Output      string              `json:"output"`
	Images      []PrairieLearnImage `json:"images,omitempty"`
}

// PrairieLearnImage is a picture shown with the results: URL is usually a
// data: URL.
type PrairieLearnImage struct {
	Label string `json:"label,omitempty"`
	URL   string `json:"url"`
}

// PrairieLearnMaxBytes is the size results.json must stay under:
// PrairieLearn's documented limit is 1 MB, and WritePrairieLearn keeps a
// margin below it.
const PrairieLearnMaxBytes = 1_000_000

// prairieLearnBudget is what WritePrairieLearn aims for, below
// PrairieLearnMaxBytes.
const prairieLearnBudget = 900_000

// prairieLearnOutputCap is the most a test's output keeps before the
// whole file is measured (a program that prints megabytes of debugging
// gets its first lines shown, not a refused result).
const prairieLearnOutputCap = 16 << 10

// PrairieLearnOptions add what the gradebook alone does not hold.
type PrairieLearnOptions struct {
	// Image, when not nil, may return a picture of test i (an index into
	// Tests) of the submission: it is called for public tests that did
	// not earn their full points, and a result of ok false adds nothing.
	Image func(s Submission, i int) (img PrairieLearnImage, ok bool)
	// Withheld are the hidden tests this grading did not run (kpuzzle
	// grade --skip-hidden), which course staff grade at release.
	Withheld Withheld
}

// Withheld counts the hidden tests a grading left out (grade
// --skip-hidden, as the PrairieLearn bundle's jobs do with
// prairielearn.hidden: release) and the points they are worth, so that
// a results.json can say what is still to be graded.
type Withheld struct {
	Tests  int
	Points float64
}

// PrairieLearn builds the PrairieLearn results.json of one submission.
//
// PrairieLearn shows a student the score and every entry of tests as
// soon as a job ends, so nothing in them may depend on a hidden test
// before its results are released. The hidden tests are therefore, by
// prairielearn.hidden:
//
//   - release (the default): not counted. The bundle's jobs do not even
//     run them (grade --skip-hidden, o.Withheld); any hidden result in
//     the gradebook is ignored all the same. The score is the public
//     tests' points over every test's points, so it only grows when
//     course staff upload the full scores at release (see
//     WritePrairieLearnScores), and one entry "Hidden tests (N)" holds
//     0 of their points, saying they are graded then.
//   - fold: one entry "Hidden tests (N)" worth all their points when
//     every hidden test earned full points and none otherwise, counted
//     in the score: at most one bit a submission about them.
//
// The submission is not gradable (Gradable false, no score, so the
// student loses no attempt) when a file the assignment runs is missing or
// when its build failed; FormatErrors then say why. Otherwise Tests holds
// "Files received" (when known), one entry per public test (a check the
// rubric gives points is an entry of its own; a heuristic check's
// counterexample is drawn under its explanation and pictured, by
// CounterexamplePicture, on the check's entry or, for a check of no
// points, on its test's) and the hidden tests' entry; Score is the entries' points over their maximum. Every text is
// cut so that the encoded file stays under PrairieLearnMaxBytes whatever
// the program printed.
func (gb Gradebook) PrairieLearn(s Submission, o PrairieLearnOptions) PrairieLearnResults {
	out := PrairieLearnResults{Gradable: true, Tests: []PrairieLearnTest{}}
	if errs := gb.formatErrors(s); len(errs) > 0 {
		out.Gradable = false
		out.FormatErrors = errs
		out.Message = fmt.Sprintf("%s: this submission could not be graded, so it counts no attempt: %s", gb.Assignment, errs[0])
		if s.Received != nil {
			out.Tests = append(out.Tests, plFilesReceived(*s.Received))
		}
		return capPrairieLearn(out)
	}
	if s.Received != nil {
		out.Tests = append(out.Tests, plFilesReceived(*s.Received))
	}
	if t := gb.plIntegrity(s); t != nil {
		out.Tests = append(out.Tests, *t)
	}
	hidden := struct {
		tests   int
		max     float64
		allFull bool
		points  float64
	}{tests: o.Withheld.Tests, max: o.Withheld.Points, allFull: o.Withheld.Tests == 0}
	var shown, shownPassed int
	var shownPoints, shownMax float64
	for i, r := range s.Results {
		t := gb.Tests[i]
		if t.Hidden {
			hidden.tests++
			hidden.max += r.Max(gb.Rubric)
			hidden.allFull = hidden.allFull && gb.Passed(r)
			continue
		}
		shown++
		shownPoints += r.Score(gb.Rubric)
		shownMax += r.Max(gb.Rubric)
		if gb.Passed(r) {
			shownPassed++
		}
		checks := gb.studentChecks(i, r.ScoredCriteria(gb.Rubric))
		shortR := r
		shortR.Summary = clip(r.Summary, prairieLearnOutputCap)
		shortR.Details = make([]string, len(r.Details))
		for k, d := range r.Details {
			shortR.Details[k] = clip(d, prairieLearnOutputCap)
		}
		pt := PrairieLearnTest{
			Name:        fmt.Sprintf("Test %d: %s", t.Number, grader.Printable(t.Name)),
			Description: plDescription(t),
			Points:      r.VerdictScore(gb.Rubric),
			MaxPoints:   r.VerdictMax(gb.Rubric),
			Message:     string(r.Verdict) + ": " + grader.Printable(shortR.Summary),
			Output:      clip(printableLines(clip(testOutput(shortR, checks, gb.studentLines(s, i, r)), 4*prairieLearnOutputCap)), prairieLearnOutputCap),
		}
		if o.Image != nil && !gb.Passed(r) {
			if img, ok := o.Image(s, i); ok {
				pt.Images = append(pt.Images, img)
			}
		}
		for _, c := range checks {
			if img, ok := gb.CounterexamplePicture(i, c.Criterion); ok && c.Max <= 0 {
				pt.Images = append(pt.Images, img)
			}
		}
		out.Tests = append(out.Tests, pt)
		for _, c := range checks {
			if c.Max <= 0 {
				continue
			}
			msg := "failed"
			if c.Passed {
				msg = "passed"
			}
			entry := PrairieLearnTest{
				Name:        fmt.Sprintf("Test %d: %s · %s", t.Number, grader.Printable(t.Name), c.Title()),
				Description: "a check of test " + fmt.Sprint(t.Number),
				Points:      c.Points, MaxPoints: c.Max, Message: msg,
				Output: clip(printableLines(clip(checkOutput(c.Criterion), 4*prairieLearnOutputCap)), prairieLearnOutputCap),
			}
			if img, ok := gb.CounterexamplePicture(i, c.Criterion); ok {
				entry.Images = append(entry.Images, img)
			}
			out.Tests = append(out.Tests, entry)
		}
	}
	fold := gb.PrairieLearnSettings.Hidden == grader.HiddenFold
	if hidden.tests > 0 {
		entry := PrairieLearnTest{Name: fmt.Sprintf("Hidden tests (%d)", hidden.tests), MaxPoints: grader.RoundPoints(hidden.max)}
		if fold {
			if hidden.allFull {
				entry.Points = entry.MaxPoints
				entry.Message = "all passed: every hidden test earned its full points"
			} else {
				entry.Message = "not all passed: at least one hidden test did not earn its full points"
			}
			entry.Description = fmt.Sprintf("%s, all or nothing: their points when every one earns full points, else none; which ones, and how, is not shown", plCount(hidden.tests, "hidden test"))
		} else {
			entry.Message = "not graded yet: course staff grade the hidden tests when their results are released"
			entry.Description = fmt.Sprintf("%s worth %s points, graded after the deadline; this score does not count %s yet",
				plCount(hidden.tests, "hidden test"), formatPoints(hidden.max), map[bool]string{true: "it", false: "them"}[hidden.tests == 1])
		}
		hidden.points = entry.Points
		out.Tests = append(out.Tests, entry)
	}
	score, possible := shownPoints+hidden.points, shownMax+hidden.max
	frac := 0.0
	if possible > 0 {
		frac = score / possible
	}
	frac = min(1, max(0, grader.RoundPoints(frac)))
	out.Score = &frac
	out.Message = fmt.Sprintf("%s: %s of %s points; %d of %d public tests solved or correctly called unsolvable with full points.",
		gb.Assignment, formatPoints(score), formatPoints(possible), shownPassed, shown)
	the, verb := fmt.Sprintf("The %d hidden tests", hidden.tests), "are"
	if hidden.tests == 1 {
		the, verb = "The hidden test", "is"
	}
	switch {
	case hidden.tests > 0 && fold:
		out.Message += fmt.Sprintf(" %s (%s points) %s counted all or nothing.", the, formatPoints(hidden.max), verb)
	case hidden.tests > 0:
		out.Message += fmt.Sprintf(" %s (%s points) %s graded after the deadline: this score counts the public tests only.", the, formatPoints(hidden.max), verb)
	}
	return capPrairieLearn(out)
}

// plCount is "1 hidden test" or "3 hidden tests".
func plCount(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// plIntegrity is the entry of no points that tells the student which of
// their files course staff will review (nil when none). PrairieLearn
// shows every entry of results.json to the student, so it names the
// files as the feedback does, never a hidden test or what could not be
// inspected; the whole list is in the grading job's log, which only
// staff read (kpuzzle grade warns of every finding on stderr).
func (gb Gradebook) plIntegrity(s Submission) *PrairieLearnTest {
	// What a hidden test's run did is the staff's to see: shown here it
	// would be a bit about the hidden tests beyond fold's.
	public := s
	public.Results = make([]grader.Result, len(s.Results))
	for i, r := range s.Results {
		if gb.Tests[i].Hidden {
			r.Integrity = nil
		}
		public.Results[i] = r
	}
	flags := gb.studentFindings(public)
	if len(flags) == 0 {
		return nil
	}
	var sb strings.Builder
	for _, f := range flags {
		fmt.Fprintf(&sb, "%s: %s\n", f.File, f.Finding)
	}
	return &PrairieLearnTest{
		Name:        "Flagged for review",
		Description: "files course staff will look at; no points",
		Message:     fmt.Sprintf("%d %s of this submission will be reviewed by course staff", len(flags), map[bool]string{true: "file", false: "files"}[len(flags) == 1]),
		Output:      clip(sb.String(), prairieLearnOutputCap),
	}
}

// formatErrors are the reasons a submission cannot be graded at all: a
// file the assignment runs is missing, or its build failed (then every
// test has the verdict build-failed).
func (gb Gradebook) formatErrors(s Submission) []string {
	var errs []string
	if s.Received != nil && !s.Received.OK() {
		errs = append(errs, grader.Printable(s.Received.Summary()))
		for _, h := range s.Received.Hints {
			errs = append(errs, grader.Printable(h))
		}
	}
	built := len(s.Results) == 0
	for _, r := range s.Results {
		if r.Verdict != check.BuildFailed {
			built = true
			break
		}
	}
	if !built {
		r := s.Results[0]
		msg := clip(r.Summary, prairieLearnOutputCap)
		for _, d := range r.Details {
			msg += "\n" + clip(d, prairieLearnOutputCap)
		}
		errs = append(errs, clip(printableLines(clip(msg, 4*prairieLearnOutputCap)), prairieLearnOutputCap))
	}
	return errs
}

// plDescription says what a public test is.
func plDescription(t grader.Test) string {
	if !t.Solvable {
		return "an unsolvable puzzle: the answer must say UNSOLVABLE"
	}
	return "solve the puzzle; the optimal length earns full points"
}

// plFilesReceived lists what the submission held, as a test of no points.
func plFilesReceived(f grader.FilesReceived) PrairieLearnTest {
	g := filesReceivedTest(f)
	msg := "all the files the assignment runs were received"
	if !f.OK() {
		msg = "a file the assignment runs is missing"
	}
	return PrairieLearnTest{Name: "Files received", Description: "what your submission held", Message: msg,
		Output: clip(printableLines(clip(g.Output, 4*prairieLearnOutputCap)), prairieLearnOutputCap)}
}

// printableLines is grader.Printable line by line: the line breaks stay
// line breaks (PrairieLearn shows output as preformatted text), every
// other control character is escaped.
func printableLines(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = grader.Printable(l)
	}
	return strings.Join(lines, "\n")
}

// clip cuts s to at most n bytes (at a rune boundary), saying how much
// was left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	note := fmt.Sprintf("\n... (%d more bytes not shown)", len(s)-n)
	cut := max(0, n-len(note))
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + note
}

// capPrairieLearn shortens the outputs, then drops the images, until the
// encoded results fit prairieLearnBudget.
func capPrairieLearn(r PrairieLearnResults) PrairieLearnResults {
	size := func() int {
		data, _ := json.Marshal(r)
		return len(data)
	}
	for limit := prairieLearnOutputCap / 2; size() > prairieLearnBudget && limit >= 64; limit /= 2 {
		r.Output = clip(r.Output, limit)
		for i := range r.Tests {
			r.Tests[i].Output = clip(r.Tests[i].Output, limit)
			r.Tests[i].Message = clip(r.Tests[i].Message, limit)
		}
		for i := range r.FormatErrors {
			r.FormatErrors[i] = clip(r.FormatErrors[i], limit)
		}
	}
	if size() > prairieLearnBudget {
		r.Images = nil
		for i := range r.Tests {
			r.Tests[i].Images = nil
		}
	}
	if size() > prairieLearnBudget {
		// Thousands of tests: keep the totals, drop the listing.
		n := len(r.Tests)
		r.Tests = []PrairieLearnTest{}
		r.Message = clip(r.Message, 4096) + fmt.Sprintf(" (%d test entries left out to keep the results under PrairieLearn's 1 MB)", n)
	}
	return r
}

// WritePrairieLearn writes a submission's PrairieLearn results.json.
func (gb Gradebook) WritePrairieLearn(w io.Writer, s Submission, o PrairieLearnOptions) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(gb.PrairieLearn(s, o))
}

// Formats of FolderOptions.ResultsJSON.
const (
	ResultsGradescope   = "gradescope"
	ResultsPrairieLearn = "prairielearn"
)

// ResultsFormats lists the formats FolderOptions.ResultsFormat takes.
var ResultsFormats = []string{ResultsGradescope, ResultsPrairieLearn}

// writeResultsJSON writes the results.json of s in o.ResultsFormat; a
// PrairieLearn one gets the picture of each failed public test whose
// answer is kept in out/answers.
func (gb Gradebook) writeResultsJSON(w io.Writer, s Submission, out string, o FolderOptions) error {
	if o.ResultsFormat != ResultsPrairieLearn {
		return gb.WriteGradescopeWith(w, s, GradescopeOptions{Budget: o.Budget})
	}
	po := PrairieLearnOptions{Withheld: o.Withheld}
	if o.Replays {
		po.Image = func(s Submission, i int) (PrairieLearnImage, bool) {
			if !gb.HasAnswer(s, i) {
				return PrairieLearnImage{}, false
			}
			path, ok := grader.AnswerPath(filepath.Join(out, AnswersDir), s.Name, gb.Tests[i].Name)
			if !ok {
				return PrairieLearnImage{}, false
			}
			answer, err := os.ReadFile(path)
			if err != nil {
				return PrairieLearnImage{}, false
			}
			return gb.AnswerPicture(s, i, answer, o.Answers)
		}
	}
	return gb.WritePrairieLearn(w, s, po)
}
