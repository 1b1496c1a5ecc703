package report

import (
	"strconv"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Gradebook is everything the reports need: the assignment's settings, its
// tests in order, and each submission's results.
type Gradebook struct {
	// Assignment is the title.
	Assignment string
	Tests      []grader.Test
	Rubric     grader.Rubric
	Visibility grader.Visibility
	Settings   grader.ResultSettings
	// PrairieLearnSettings say how PrairieLearn's results.json treats
	// the hidden tests (prairielearn.hidden).
	PrairieLearnSettings grader.PrairieLearnSettings
	// GradescopeSettings hold Gradescope's feedback budget.
	GradescopeSettings grader.GradescopeSettings
	// Convention is the assignment's move convention (moves).
	Convention puzzles.Convention
	// Claims is the claimed search of each test, by name
	// (claims.algorithm and its groups); absent: none.
	Claims map[string]grader.ClaimSettings
	// Feedback says what students are told of where an answer left every
	// optimal path (feedback.off_path, off_path_hidden).
	FeedbackSettings grader.Feedback
	// Submissions are sorted by name.
	Submissions []Submission
	// Roster, when not empty, names the students behind each submission
	// (Gradescope's export), for the CSV gradebook.
	Roster Roster

	// replayOf and answerOf, set by WriteFolder, give the replay page of
	// test i of s (its path in the output folder, "" when none was
	// written) and the answer the grader read (nil when none was kept),
	// for the links students get on the tests they see; answers is how
	// the assignment reads answers (FolderOptions.Answers).
	replayOf func(s Submission, i int) string
	answerOf func(s Submission, i int) []byte
	answers  notation.Options
}

// Submission is one student's results, one per test in the order of
// Gradebook.Tests.
type Submission struct {
	Name    string
	Results []grader.Result
	// Received is what the submission held, when known; results.json then
	// starts with a test "Files received" that lists it.
	Received *grader.FilesReceived
	// Integrity is what the inspection before the first run found in the
	// submission (SetIntegrity); the findings of each test's run are in
	// its result. Gradebook.Findings lists both.
	Integrity []grader.IntegrityFinding
}

// NewGradebook builds a gradebook from an assignment (normalized), its
// tests, and results keyed by submission name and then test name. A
// missing result is a grader-error, so that no test is silently dropped.
func NewGradebook(a grader.Assignment, tests []grader.Test, results map[string]map[string]grader.Result) Gradebook {
	gb := Gradebook{
		Assignment:       a.Name,
		Tests:            tests,
		Rubric:           a.Rubric,
		Visibility:       a.Visibility,
		Settings:         a.Results,
		FeedbackSettings: a.Feedback,

		PrairieLearnSettings: a.PrairieLearn,
		GradescopeSettings:   a.Gradescope,
		Convention:           a.Convention(),
		Claims:               map[string]grader.ClaimSettings{},
	}
	for _, t := range tests {
		if cs := a.ClaimsFor(t.Name); cs.Algorithm != "" {
			gb.Claims[t.Name] = cs
		}
	}
	if gb.Assignment == "" {
		gb.Assignment = "kpuzzle assignment"
	}
	for _, name := range sortedKeys(results) {
		sub := Submission{Name: name}
		for _, t := range tests {
			r, ok := results[name][t.Name]
			if !ok {
				r = grader.Result{Test: t.Name, Verdict: check.GraderError, Solvable: t.Solvable, Summary: "no result was recorded for this test"}
			}
			sub.Results = append(sub.Results, r)
		}
		gb.Submissions = append(gb.Submissions, sub)
	}
	return gb
}

// Total is a submission's score and the most it could have scored.
func (gb Gradebook) Total(s Submission) (score, max float64) {
	for _, r := range s.Results {
		score += r.Score(gb.Rubric)
		max += r.Max(gb.Rubric)
	}
	return grader.RoundPoints(score), grader.RoundPoints(max)
}

// Passed reports whether a result earns its test's full points and is
// accepted.
func (gb Gradebook) Passed(r grader.Result) bool {
	return r.Verdict.Accepted() && r.Score(gb.Rubric) >= r.Max(gb.Rubric)
}

// formatPoints writes points without trailing zeros: 2, 1.5, 0.6667.
func formatPoints(p float64) string {
	return strconv.FormatFloat(grader.RoundPoints(p), 'f', -1, 64)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

// SetReceived records what each submission held (by name), for the test
// "Files received" of results.json.
func (gb *Gradebook) SetReceived(received map[string]grader.FilesReceived) {
	for i := range gb.Submissions {
		if r, ok := received[gb.Submissions[i].Name]; ok {
			gb.Submissions[i].Received = &r
		}
	}
}
