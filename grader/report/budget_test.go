package report_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// metadata is a submission_metadata.json as Gradescope's documentation
// gives it, with the earlier submissions' times.
func metadata(created string, previous ...string) string {
	var prev []string
	for _, p := range previous {
		prev = append(prev, `{"submission_time": "`+p+`", "score": 0.0, "results": {"tests": []}}`)
	}
	return `{"id": 123456, "created_at": "` + created + `", "assignment": {"due_date": "2018-07-31T23:00:00.000000-07:00", "title": "Programming Assignment 1", "total_points": "20.0"},
		"users": [{"email": "student@example.com", "id": 1234, "name": "Student User"}], "previous_submissions": [` + strings.Join(prev, ", ") + `]}`
}

// The budget counts the submissions of the period back from the
// submission's own time (never the clock): the first three in any 24
// hours get full feedback; the fourth does not, and is told when full
// feedback comes back (when the oldest of the three leaves the window).
func TestFeedbackBudget(t *testing.T) {
	const created = "2018-07-02T12:00:00.000000-07:00"
	for _, tc := range []struct {
		name     string
		previous []string
		full     bool
		number   int
		next     string
	}{
		{"first", nil, true, 1, ""},
		{"third", []string{"2018-07-02T09:00:00.5-07:00", "2018-07-02T10:00:00-07:00"}, true, 3, ""},
		{"fourth", []string{"2018-07-02T10:00:00-07:00", "2018-07-02T09:00:00-07:00", "2018-07-02T11:00:00-07:00"}, false, 4, "2018-07-03T09:00:00-07:00"},
		{"fifth", []string{"2018-07-02T08:00:00-07:00", "2018-07-02T09:00:00-07:00", "2018-07-02T10:00:00-07:00", "2018-07-02T11:00:00-07:00"}, false, 5, "2018-07-03T09:00:00-07:00"},
		{"older ones leave the window", []string{"2018-06-30T09:00:00-07:00", "2018-07-01T11:59:59-07:00", "2018-07-01T12:00:00-07:00", "2018-07-02T11:00:00-07:00"}, true, 2, ""},
		{"an older zone", []string{"2018-07-02T16:00:00Z", "2018-07-02T17:00:00Z", "2018-07-02T18:00:00Z"}, false, 4, "2018-07-03T09:00:00-07:00"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := report.ReadSubmissionMetadata(strings.NewReader(metadata(created, tc.previous...)), "submission_metadata.json")
			if err != nil {
				t.Fatal(err)
			}
			b := m.Budget(3, 24*time.Hour)
			if b.Full != tc.full || b.Number != tc.number {
				t.Errorf("full %v, number %d; want %v, %d", b.Full, b.Number, tc.full, tc.number)
			}
			if tc.next != "" {
				want, _ := time.Parse(time.RFC3339, tc.next)
				if !b.NextFull.Equal(want) {
					t.Errorf("full again at %v, want %v", b.NextFull, want)
				}
				if !strings.Contains(b.Note(), "full feedback is given on the first 3 in any 24 hours") {
					t.Errorf("note %q", b.Note())
				}
			}
		})
	}
	for _, bad := range []string{`{"created_at": "yesterday"}`, metadata("2018-07-02T12:00:00Z", "noon"), `[1, 2]`} {
		if _, err := report.ReadSubmissionMetadata(strings.NewReader(bad), "m.json"); err == nil || !strings.HasPrefix(err.Error(), "m.json: ") {
			t.Errorf("%s: %v", bad, err)
		}
	}
	// JSON errors in kpuzzle's words: where, and what was expected; no Go type.
	for bad, want := range map[string]string{
		`[1, 2]`:                             "m.json: found a JSON array; expected Gradescope's submission metadata",
		"{\n\"created_at\": }":               "m.json: line 2: ",
		`{"previous_submissions": {"a": 1}}`: "m.json: previous_submissions holds a JSON object; expected",
	} {
		_, err := report.ReadSubmissionMetadata(strings.NewReader(bad), "m.json")
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "struct {") {
			t.Errorf("%s: %v, want %q...", bad, err, want)
		}
	}
}

// Past the budget, the tests shown now keep their points and status and
// lose their output; the hidden test (shown after publication), the
// score and the files received stay as they are.
func TestGradescopeFeedbackBudget(t *testing.T) {
	gb := gradebook(t, "")
	s := gb.Submissions[1]
	full := gb.Gradescope(s)
	b := report.FeedbackBudget{Limit: 3, Period: 24 * time.Hour, Number: 4, NextFull: time.Date(2018, 7, 3, 9, 0, 0, 0, time.UTC)}
	cut := gb.GradescopeWith(s, report.GradescopeOptions{Budget: &b})
	if cut.Score != full.Score || len(cut.Tests) != len(full.Tests) {
		t.Fatalf("score %v of %d tests, want %v of %d", cut.Score, len(cut.Tests), full.Score, len(full.Tests))
	}
	for i, g := range cut.Tests {
		f := full.Tests[i]
		if g.Score != f.Score || g.Status != f.Status || g.Name != f.Name || g.Visibility != f.Visibility {
			t.Errorf("test %s changed more than its output: %+v", f.Name, g)
		}
		switch {
		case f.Visibility == "visible" && strings.Contains(g.Output, "board") || f.Visibility == "visible" && !strings.Contains(g.Output, "details withheld"):
			t.Errorf("test %s shows %q", f.Name, g.Output)
		case f.Visibility != "visible" && g.Output != f.Output:
			t.Errorf("hidden test %s: %q, want its own output", f.Name, g.Output)
		}
	}
	if !strings.Contains(cut.Output, "this is submission 4 in 24 hours") || !strings.Contains(cut.Output, "2018-07-03 09:00 UTC") {
		t.Errorf("output %q", cut.Output)
	}
	b.Full, b.Number = true, 2
	within := gb.GradescopeWith(s, report.GradescopeOptions{Budget: &b})
	if diff := cmp.Diff(full.Tests, within.Tests); diff != "" || !strings.Contains(within.Output, "submission 2 of at most 3") {
		t.Errorf("within the budget (-full +within):\n%s\n%s", diff, within.Output)
	}
}

// FuzzReadSubmissionMetadata: any bytes are metadata or an error naming
// the file, never a panic, and any metadata gives a budget whose count
// is at least the submission itself.
func FuzzReadSubmissionMetadata(f *testing.F) {
	f.Add(metadata("2018-07-02T12:00:00.000000-07:00", "2018-07-02T11:00:00-07:00"))
	f.Add(`{"created_at": "2018-07-02T12:00:00Z", "previous_submissions": []}`)
	f.Add(`{"created_at": "2018-07-02T12:00:00Z", "previous_submissions": [{"submission_time": "2999-01-01T00:00:00Z"}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := report.ReadSubmissionMetadata(strings.NewReader(text), "m.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "m.json: ") {
				t.Fatalf("error without the file's name: %v", err)
			}
			return
		}
		for _, limit := range []int{1, 3} {
			if b := m.Budget(limit, time.Hour); b.Number < 1 || b.Full != (b.Number <= limit) || b.Note() == "" {
				t.Fatalf("limit %d: %+v", limit, b)
			}
		}
	})
}
