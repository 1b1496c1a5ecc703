package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// gradingFixture is an assignment (with extra keys) and the outcome of
// grading one submission on one test with the given verdict.
func gradingFixture(t *testing.T, extra string, v check.Verdict) (grader.Assignment, batch.Outcome) {
	t.Helper()
	var m map[string]any
	js := `{"name": "P1", "puzzles": {"dir": "set"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}` + extra + `}`
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatal(err)
	}
	a, err := grader.ParseAssignment(m, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	o := batch.Outcome{
		Tests:    []grader.Test{{Number: 1, Name: "p1.txt", Solvable: true, Board: goal.Board(), Goal: goal}},
		Results:  map[string]map[string]grader.Result{"submission_1": {"p1.txt": {Test: "p1.txt", Verdict: v, Solvable: true, Length: 2, Summary: "two moves"}}},
		Received: map[string]grader.FilesReceived{"submission_1": {Files: []string{"solver.py"}}},
	}
	if v == check.GraderError {
		o.GraderErrors = 1
	}
	return a, o
}

// feedback is the built-in feedback template.
func feedback(t *testing.T) *template.Template {
	t.Helper()
	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

// TestWriteGrading: the output folder of a grading names the students of
// the roster and lists what each submission held; the one submission's
// results.json is written, unless the grader itself failed on a test.
func TestWriteGrading(t *testing.T) {
	roster := report.Roster{"submission_1": {{Name: "Ada Lovelace", SID: "1815"}}}
	for _, tc := range []struct {
		verdict     check.Verdict
		wantResults bool
	}{{check.Valid, true}, {check.GraderError, false}} {
		a, o := gradingFixture(t, "", tc.verdict)
		out := t.TempDir()
		results := filepath.Join(t.TempDir(), "results.json")
		gb, err := report.WriteGrading(out, a, o, roster, report.FolderOptions{Feedback: feedback(t), ResultsJSON: results})
		if err != nil {
			t.Fatalf("%s: %v", tc.verdict, err)
		}
		if len(gb.Submissions) != 1 || gb.Submissions[0].Received == nil || gb.Roster == nil {
			t.Errorf("%s: gradebook %+v lacks the files received or the roster", tc.verdict, gb)
		}
		csv, err := os.ReadFile(filepath.Join(out, "gradebook.csv"))
		if err != nil || !strings.Contains(string(csv), "submission_1,Ada Lovelace,1815,") {
			t.Errorf("%s: gradebook.csv %q (%v), want the roster's name", tc.verdict, csv, err)
		}
		if _, err := os.Stat(results); (err == nil) != tc.wantResults {
			t.Errorf("%s: results.json written: %v, want %v", tc.verdict, err == nil, tc.wantResults)
		}
	}
}

// TestWriteGradingReplaysFollowTheAssignment: replay pages are written
// for kept answers when results.replays is on, and not when it is off,
// whatever the options say.
func TestWriteGradingReplaysFollowTheAssignment(t *testing.T) {
	for _, tc := range []struct {
		extra string
		want  bool
	}{{"", true}, {`, "results": {"replays": false}`, false}} {
		a, o := gradingFixture(t, tc.extra, check.Incomplete)
		out := t.TempDir()
		path, ok := grader.AnswerPath(filepath.Join(out, report.AnswersDir), "submission_1", "p1.txt")
		if !ok {
			t.Fatal("no answer path")
		}
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte("LEFT\nUP\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		gb, err := report.WriteGrading(out, a, o, nil, report.FolderOptions{Feedback: feedback(t), Replays: !tc.want})
		if err != nil {
			t.Fatal(err)
		}
		_, err = os.Stat(filepath.Join(out, filepath.FromSlash(gb.ReplayFile(gb.Submissions[0], 0))))
		if (err == nil) != tc.want {
			t.Errorf("results.replays %q: replay page written: %v, want %v", tc.extra, err == nil, tc.want)
		}
	}
}

// TestStudentsSeeTheirReplays: a student's feedback links the replay page
// of the answer to a test they see, never a hidden one; with
// feedback.checker_url, the feedback, Gradescope and PrairieLearn link the
// course's checker opened on the answer.
func TestStudentsSeeTheirReplays(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		a, o := gradingFixture(t, `, "feedback": {"checker_url": "https://course.example/checker.html"}`, check.Incomplete)
		o.Tests[0].Hidden = hidden
		out := t.TempDir()
		path, _ := grader.AnswerPath(filepath.Join(out, report.AnswersDir), "submission_1", "p1.txt")
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte("LEFT\nRIGHT\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		pl := filepath.Join(t.TempDir(), "results.json")
		if _, err := report.WriteGrading(out, a, o, nil, report.FolderOptions{Feedback: feedback(t), ResultsJSON: pl, ResultsFormat: report.ResultsPrairieLearn}); err != nil {
			t.Fatal(err)
		}
		md, _ := os.ReadFile(filepath.Join(out, "feedback", "submission_1.md"))
		gs, _ := os.ReadFile(filepath.Join(out, "results", "submission_1", "results.json"))
		plData, _ := os.ReadFile(pl)
		link := "https://course.example/checker.html#p=1,2,3,4,5,6,7,8,0&a=LR&moves=tile&goal=default" // the moves the check read, a letter each
		for name, text := range map[string]string{"feedback": string(md), "results.json": string(gs), "PrairieLearn": string(plData)} {
			got := strings.Contains(text, link) || strings.Contains(text, strings.ReplaceAll(link, "&", `\u0026`))
			if got == hidden {
				t.Errorf("hidden %v: %s links the checker: %v\n%s", hidden, name, got, text)
			}
		}
		if got := strings.Contains(string(md), "[the replay page](../replays/submission_1/1-p1.txt.html)"); got == hidden {
			t.Errorf("hidden %v: the feedback links the replay page: %v\n%s", hidden, got, md)
		}
	}
}

// TestCheckerLinkCarriesTheMovesRead: the link to the course's checker
// carries the moves the check read, a letter each, not what the program
// wrote around them (which the checker page could not tell from the
// answer), read as the check read them (the result's notation and lines).
func TestCheckerLinkCarriesTheMovesRead(t *testing.T) {
	a, o := gradingFixture(t, `, "feedback": {"checker_url": "https://course.example/checker.html"}`, check.Incomplete)
	r := o.Results["submission_1"]["p1.txt"]
	r.Length, r.Notation, r.AnswerLines = 3, notation.Words, &notation.Span{First: 2, Last: 2}
	o.Results["submission_1"]["p1.txt"] = r
	out := t.TempDir()
	path, _ := grader.AnswerPath(filepath.Join(out, report.AnswersDir), "submission_1", "p1.txt")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte("Path found:\nLEFT RIGHT LEFT\nNodes expanded: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := report.WriteGrading(out, a, o, nil, report.FolderOptions{Feedback: feedback(t), Answers: a.AnswerReading()}); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(out, "feedback", "submission_1.md"))
	if !strings.Contains(string(md), "checker.html#p=1,2,3,4,5,6,7,8,0&a=LRL&moves=tile&goal=default") {
		t.Errorf("the feedback does not link the checker on the three moves read:\n%s", md)
	}
}
