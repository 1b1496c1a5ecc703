package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func ptr(n int) *int { return &n }

// gradebook is a small class: three tests (one hidden, one unsolvable) and
// three students with a spread of verdicts.
func gradebook(t *testing.T, extra string) report.Gradebook {
	t.Helper()
	var m map[string]any
	js := `{"name": "Project 1", "puzzles": {"dir": "set"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"},
		"rubric": {"solved": 6, "optimal": 4}` + extra + `}`
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatal(err)
	}
	a, err := grader.ParseAssignment(m, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	shape := puzzles.Shape{Rows: 3, Cols: 3}
	tests := []grader.Test{
		{Number: 1, Name: "n_equals_3/input_1.txt", Solvable: false, Goal: puzzles.DefaultGoal(shape)},
		{Number: 2, Name: "n_equals_3/input_2.txt", Solvable: true, Goal: puzzles.DefaultGoal(shape)},
		{Number: 3, Name: "n_equals_3/input_3.txt", Solvable: true, Hidden: true, Goal: puzzles.DefaultGoal(shape)},
	}
	results := map[string]map[string]grader.Result{
		"alice": {
			"n_equals_3/input_1.txt": {Test: "n_equals_3/input_1.txt", Verdict: check.UnsolvableCorrect, Summary: "the puzzle has no solution", Seconds: 0.031},
			"n_equals_3/input_2.txt": {Test: "n_equals_3/input_2.txt", Verdict: check.Optimal, Length: 8, OptimalLength: ptr(8), Solvable: true, Summary: "8 moves, the optimal length (exact table 3x3)", Seconds: 0.05,
				NearLimit: "CPU time 9.31 s of 10 s"},
			"n_equals_3/input_3.txt": {Test: "n_equals_3/input_3.txt", Verdict: check.Suboptimal, Length: 24, OptimalLength: ptr(20), Solvable: true, Summary: "24 legal moves reach the goal, but the optimal length is 20", Seconds: 1.5},
		},
		"bob | <script>": {
			"n_equals_3/input_1.txt": {Test: "n_equals_3/input_1.txt", Verdict: check.Incomplete, Length: 2, Summary: "all 2 moves are legal, but the final board is not the goal",
				Details: []string{"final board:    goal:", "  1 2 3           1 2 3", "note: the puzzle is unsolvable"}},
			"n_equals_3/input_2.txt": {Test: "n_equals_3/input_2.txt", Verdict: check.Illegal, Length: 3, OptimalLength: ptr(8), Solvable: true,
				Summary: "line 3 (move 3), UP: the blank is at row 3, column 2, on the bottom row: there is no tile below it to slide UP",
				Details: []string{"board before the move:", "  1 2 3", "  4 5 6", "  7 _ 8"}},
			"n_equals_3/input_3.txt": {Test: "n_equals_3/input_3.txt", Verdict: check.Crashed, Solvable: true, OptimalLength: ptr(20), Summary: "exited with status 1",
				Details: []string{"stderr:", "  Traceback (most recent call last):", "  ```injected fence```", "  ZeroDivisionError: division by zero"}},
		},
		"carol": {
			"n_equals_3/input_1.txt": {Test: "n_equals_3/input_1.txt", Verdict: check.Timeout, Summary: "still running after run.wall_time (10s); stopped with all its processes", Seconds: 10},
			"n_equals_3/input_2.txt": {Test: "n_equals_3/input_2.txt", Verdict: check.Valid, Length: 10, Solvable: true, Summary: "10 legal moves reach the goal; optimality not verified: the reference solver did not finish within 1m0s"},
			// carol has no result for input_3: the gradebook must say so.
		},
	}
	return report.NewGradebook(a, tests, results)
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
}

func TestTotals(t *testing.T) {
	gb := gradebook(t, "")
	var names []string
	totals := map[string][2]float64{}
	for _, s := range gb.Submissions {
		names = append(names, s.Name)
		score, max := gb.Total(s)
		totals[s.Name] = [2]float64{score, max}
	}
	if diff := cmp.Diff([]string{"alice", "bob | <script>", "carol"}, names); diff != "" {
		t.Errorf("submissions not sorted (-want +got):\n%s", diff)
	}
	want := map[string][2]float64{
		"alice":          {10 + 10 + 6 + 4*20.0/24, 30},
		"bob | <script>": {0, 30},
		"carol":          {6, 30},
	}
	for name, w := range want {
		if got := totals[name]; got[1] != w[1] || got[0]-grader.RoundPoints(w[0]) != 0 {
			t.Errorf("%s: %v, want %v", name, got, w)
		}
	}
	carol := gb.Submissions[2].Results[2]
	if carol.Verdict != check.GraderError || carol.Test != "n_equals_3/input_3.txt" {
		t.Errorf("missing result became %+v", carol)
	}
}

func TestGradescopeResults(t *testing.T) {
	gb := gradebook(t, "")
	for _, s := range gb.Submissions {
		var buf bytes.Buffer
		if err := gb.WriteGradescope(&buf, s); err != nil {
			t.Fatal(err)
		}
		golden(t, "gradescope-"+strings.Fields(s.Name)[0]+".json.golden", buf.Bytes())
		checkGradescopeSpec(t, buf.Bytes())
	}
}

// checkGradescopeSpec checks results.json against Gradescope's autograder
// specification: the top-level score (or scores on every test), tests
// with numeric score and max_score, string name and number, status
// passed/failed, visibility one of the four values, and nothing else.
func checkGradescopeSpec(t *testing.T, data []byte) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	topKeys := map[string]bool{"score": true, "execution_time": true, "output": true, "output_format": true, "test_output_format": true,
		"test_name_format": true, "visibility": true, "stdout_visibility": true, "extra_data": true, "tests": true, "leaderboard": true}
	testKeys := map[string]bool{"score": true, "max_score": true, "status": true, "name": true, "name_format": true, "number": true,
		"output": true, "output_format": true, "tags": true, "visibility": true, "extra_data": true}
	visibilities := map[string]bool{"hidden": true, "after_due_date": true, "after_published": true, "visible": true}
	for k := range doc {
		if !topKeys[k] {
			t.Errorf("results.json has key %q outside the specification", k)
		}
	}
	if _, ok := doc["score"].(float64); !ok {
		t.Errorf("score is %T", doc["score"])
	}
	var sum float64
	for _, raw := range doc["tests"].([]any) {
		test := raw.(map[string]any)
		for k := range test {
			if !testKeys[k] {
				t.Errorf("test has key %q outside the specification", k)
			}
		}
		score, ok1 := test["score"].(float64)
		max, ok2 := test["max_score"].(float64)
		_, ok3 := test["name"].(string)
		_, ok4 := test["number"].(string)
		if !ok1 || !ok2 || !ok3 || !ok4 || score > max {
			t.Errorf("test %v: score/max_score/name/number wrong", test)
		}
		if s := test["status"]; s != "passed" && s != "failed" {
			t.Errorf("status %v", s)
		}
		if v, _ := test["visibility"].(string); !visibilities[v] {
			t.Errorf("visibility %q", v)
		}
		if f := test["output_format"]; f != nil && f != "text" && f != "html" && f != "simple_format" && f != "md" && f != "ansi" {
			t.Errorf("output_format %v", f)
		}
		sum += score
	}
	if grader.RoundPoints(sum) != doc["score"].(float64) {
		t.Errorf("score %v is not the sum of the tests %v", doc["score"], sum)
	}
}

func TestGradescopeOptions(t *testing.T) {
	gb := gradebook(t, `, "results": {"times": true, "leaderboard": true}, "visibility": {"visible": "after_due_date", "hidden": "after_published"}`)
	g := gb.Gradescope(gb.Submissions[0])
	if g.ExecutionTime == nil || *g.ExecutionTime != 2 {
		t.Errorf("execution_time %v, want 2 (0.031+0.05+1.5 rounded up)", g.ExecutionTime)
	}
	// No test is visible now (after_due_date, after_published), so the leaderboard
	// shows nothing yet.
	want := []report.LeaderboardRow{{Name: "Solved", Value: 0, Order: "desc"}, {Name: "Optimal", Value: 0, Order: "desc"}, {Name: "Points", Value: 0, Order: "desc"}}
	if diff := cmp.Diff(want, g.Leaderboard); diff != "" {
		t.Errorf("leaderboard (-want +got):\n%s", diff)
	}
	if g.Tests[0].Visibility != "after_due_date" || g.Tests[2].Visibility != "after_published" {
		t.Errorf("visibility %s %s", g.Tests[0].Visibility, g.Tests[2].Visibility)
	}
	data, _ := json.Marshal(g)
	checkGradescopeSpec(t, data)
}

// TestGradescopeKeepsHiddenResultsHidden changes only the hidden test's
// verdict and checks that nothing students see at once (the top-level
// output, the leaderboard) changes, while the score does; and that the
// leaderboard ranks more solved tests higher, optimal never above solved.
func TestGradescopeKeepsHiddenResultsHidden(t *testing.T) {
	gb := gradebook(t, `, "results": {"leaderboard": true}`)
	alice := gb.Submissions[0]
	if alice.Name != "alice" || !gb.Tests[2].Hidden {
		t.Fatalf("fixture: %s, hidden %v", alice.Name, gb.Tests[2].Hidden)
	}
	before := gb.Gradescope(alice)
	changed := alice
	changed.Results = append([]grader.Result(nil), alice.Results...)
	changed.Results[2] = grader.Result{Test: gb.Tests[2].Name, Verdict: check.Optimal, Length: 20, OptimalLength: ptr(20), Solvable: true, Summary: "20 moves, the optimal length"}
	after := gb.Gradescope(changed)
	if after.Score == before.Score {
		t.Fatalf("the hidden test's verdict did not change the score (%v)", after.Score)
	}
	if before.Output != after.Output || !cmp.Equal(before.Leaderboard, after.Leaderboard) {
		t.Errorf("what students see depends on the hidden test:\n%q %+v\n%q %+v", before.Output, before.Leaderboard, after.Output, after.Leaderboard)
	}
	if !strings.Contains(before.Output, "20 of 20 points on the 2 tests shown now") || !strings.Contains(before.Output, "1 more test is graded") {
		t.Errorf("output %q", before.Output)
	}
	want := []report.LeaderboardRow{{Name: "Solved", Value: 2, Order: "desc"}, {Name: "Optimal", Value: 2, Order: "desc"}, {Name: "Points", Value: 20, Order: "desc"}}
	if diff := cmp.Diff(want, before.Leaderboard); diff != "" {
		t.Errorf("alice's leaderboard (-want +got):\n%s", diff)
	}
	bob := gb.Gradescope(gb.Submissions[1])
	for i, row := range bob.Leaderboard {
		if row.Order != "desc" || row.Value > before.Leaderboard[i].Value {
			t.Errorf("bob, who solved nothing, ranks with %+v against alice's %+v", row, before.Leaderboard[i])
		}
	}
}

func TestGradescopeFilesReceived(t *testing.T) {
	gb := gradebook(t, "")
	s := gb.Submissions[0]
	s.Received = &grader.FilesReceived{Files: []string{"hw1.zip"}, Missing: []string{"solver.py"},
		Hints: []string{"found the archive hw1.zip: submit the files it holds, not the archive"}}
	g := gb.Gradescope(s)
	first := g.Tests[0]
	if first.Name != "Files received" || first.Status != "failed" || first.Visibility != "visible" || first.MaxScore != 0 {
		t.Fatalf("first test %+v", first)
	}
	line := strings.SplitN(first.Output, "\n", 2)[0]
	if line != "missing solver.py, which the assignment runs; 1 file received: hw1.zip (found the archive hw1.zip: submit the files it holds, not the archive)" {
		t.Errorf("first line %q", line)
	}
	data, _ := json.Marshal(g)
	checkGradescopeSpec(t, data)
}

func TestJUnit(t *testing.T) {
	gb := gradebook(t, "")
	var buf bytes.Buffer
	if err := gb.WriteJUnit(&buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "junit.xml.golden", buf.Bytes())
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
				Error   *struct{} `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	// alice: suboptimal fails; bob: incomplete and illegal fail, crash
	// errors; carol: timeout and the missing result error, valid fails
	// (it does not earn the optimal points).
	if doc.Tests != 9 || doc.Failures != 4 || doc.Errors != 3 || len(doc.Suites) != 3 {
		t.Errorf("tests %d failures %d errors %d suites %d", doc.Tests, doc.Failures, doc.Errors, len(doc.Suites))
	}
}

func TestCSV(t *testing.T) {
	gb := gradebook(t, "")
	var buf bytes.Buffer
	if err := gb.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "gradebook.csv.golden", buf.Bytes())
}

func TestFeedback(t *testing.T) {
	gb := gradebook(t, "")
	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range gb.Submissions {
		var buf bytes.Buffer
		if err := gb.WriteFeedback(&buf, tmpl, s); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		golden(t, "feedback-"+strings.Fields(s.Name)[0]+".md.golden", buf.Bytes())
		if strings.Contains(out, "input_3") {
			t.Errorf("%s: feedback shows the hidden test:\n%s", s.Name, out)
		}
		if strings.Contains(out, "<script>") {
			t.Errorf("%s: unescaped HTML in feedback", s.Name)
		}
	}
}

func TestFeedbackTemplateOverride(t *testing.T) {
	gb := gradebook(t, "")
	path := filepath.Join(t.TempDir(), "mine.tmpl")
	os.WriteFile(path, []byte(`{{.Student}} {{points .Score}}/{{points .Max}}{{range .Tests}} {{.Number}}:{{.Verdict}}{{end}}`), 0o644)
	tmpl, err := report.LoadFeedbackTemplate(path)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gb.WriteFeedback(&buf, tmpl, gb.Submissions[0]); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "alice 29.3333/30 1:unsolvable-correct 2:optimal 3:suboptimal"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := report.ParseFeedbackTemplate("bad", "{{.Nope"); err == nil {
		t.Error("a broken template parsed")
	}
	bad, _ := report.ParseFeedbackTemplate("bad", "{{.NoSuchField}}")
	if err := gb.WriteFeedback(&buf, bad, gb.Submissions[0]); err == nil {
		t.Error("a template naming a missing field rendered")
	}
}

func TestSummary(t *testing.T) {
	gb := gradebook(t, "")
	var buf bytes.Buffer
	if err := gb.WriteSummary(&buf, report.Style{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.txt.golden", buf.Bytes())
	var coloured bytes.Buffer
	mark := func(a ...any) string { return "[" + a[0].(string) + "]" }
	gb.WriteSummary(&coloured, report.Style{Good: mark, Bad: mark})
	if !strings.Contains(coloured.String(), "[optimal           ]") || !strings.Contains(coloured.String(), "[crashed           ]") {
		t.Errorf("style not applied:\n%s", coloured.String())
	}
}

// summaryOptions links every test to a replay page and every student to
// feedback, except bob's third test (a crash leaves no answer).
func summaryOptions(gb report.Gradebook) report.SummaryOptions {
	return report.SummaryOptions{
		Replay: func(s report.Submission, i int) string {
			if !gb.HasAnswer(s, i) {
				return ""
			}
			return gb.ReplayFile(s, i)
		},
		Feedback: func(s report.Submission) string { return "feedback/" + s.Name + ".md" },
	}
}

func TestSummaryHTML(t *testing.T) {
	gb := gradebook(t, `, "results": {"times": true}`)
	var buf bytes.Buffer
	if err := gb.WriteSummaryHTML(&buf, summaryOptions(gb)); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	golden(t, "summary.html.golden", buf.Bytes())
	// Self-contained: nothing is fetched, nothing runs.
	for _, bad := range []string{"http:", "https:", "//", "<script", "<link", "<img", "<iframe", "@import", "url(", "src="} {
		if strings.Contains(strings.ReplaceAll(page, "<!DOCTYPE", ""), bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	for _, want := range []string{
		// Score histogram: alice 29.3333, bob 0, carol 6 of 30.
		"Score histogram: 0 to under 3 points: 1 student; 3 to under 6 points: 0 students; 6 to under 9 points: 1 student;",
		"27 to 30 points: 1 student.",
		// Per-test pass rates.
		"1/3 (33%)", "0/3 (0%)",
		// Run times: 0.031, 0.05, 1.5, 10 (and bob's and carol's zeros).
		"<dd>8</dd>", "<dd>10 s</dd>",
		// Links: escaped student names, replay pages and feedback.
		`href="replays/alice/1-n_equals_3_input_1.txt.html"`,
		`href="replays/bob%20%7C%20%3Cscript%3E/2-n_equals_3_input_2.txt.html"`,
		`href="feedback/bob%20%7C%20%3Cscript%3E.md"`,
		"bob | &lt;script&gt;",
		`<span class="tag">hidden</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not contain %q", want)
		}
	}
	if strings.Contains(page, "replays/bob%20%7C%20%3Cscript%3E/3-") {
		t.Error("bob's crashed test links to a replay page")
	}
	// Without links.
	buf.Reset()
	if err := gb.WriteSummaryHTML(&buf, report.SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "href=") {
		t.Error("links without SummaryOptions")
	}
	// Without results.times the page shows no run time, so that it is the
	// same from run to run.
	gb.Settings.Times = false
	buf.Reset()
	if err := gb.WriteSummaryHTML(&buf, summaryOptions(gb)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"Run times", "10 s", "median time", "0.031"} {
		if strings.Contains(buf.String(), bad) {
			t.Errorf("without results.times the page shows %q", bad)
		}
	}
}

func TestReplayPages(t *testing.T) {
	gb := gradebook(t, "")
	alice, bob := gb.Submissions[0], gb.Submissions[1]
	if got, want := gb.ReplayFile(bob, 1), "replays/bob | <script>/2-n_equals_3_input_2.txt.html"; got != want {
		t.Errorf("ReplayFile = %q, want %q", got, want)
	}
	if !gb.HasAnswer(alice, 0) || gb.HasAnswer(bob, 2) {
		t.Error("HasAnswer: alice's unsolvable-correct answer or bob's crash misjudged")
	}
	gb.Tests[1].Board = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	gb.Tests[2].Board = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	// The grader's verdict and summary go on the page as they are.
	p := gb.ReplayPage(alice, 2, []byte("UP\nLEFT\n"), notation.Options{Convention: puzzles.TileMoves})
	if p.Verdict != "suboptimal" || p.Answer.Len() != 2 || p.AnswerError != nil || *p.OptimalLength != 20 || !strings.Contains(p.Note, "hidden") ||
		p.Title != "alice — test 3: n_equals_3/input_3.txt" || !p.Start.Equal(gb.Tests[2].Board) {
		t.Errorf("page %+v", p)
	}
	var html bytes.Buffer
	if err := replay.Write(&html, p); err != nil || !strings.Contains(html.String(), `id="verdict">suboptimal<`) {
		t.Errorf("rendering the page: %v", err)
	}
	p = gb.ReplayPage(bob, 1, []byte("UP\nsideways\n"), notation.Options{Convention: puzzles.TileMoves})
	var pe *puzzles.ParseError
	if !errors.As(p.AnswerError, &pe) || pe.Line != 2 {
		t.Errorf("a malformed answer: %v", p.AnswerError)
	}
	html.Reset()
	if err := replay.Write(&html, p); err != nil || !strings.Contains(html.String(), "line 2") {
		t.Errorf("rendering the malformed answer's page: %v", err)
	}
}

// A program that fails the same way on every test gets its explanation
// once, after the run of tests it covers; different explanations stay on
// their own tests.
func TestSummaryExplainsARunOnce(t *testing.T) {
	gb := gradebook(t, "")
	loop := "still running after run.wall_time (2s); stopped with all its processes"
	for i := range gb.Submissions {
		if gb.Submissions[i].Name != "carol" {
			continue
		}
		for j := range gb.Submissions[i].Results {
			gb.Submissions[i].Results[j] = grader.Result{Test: gb.Tests[j].Name, Verdict: check.Timeout, Summary: loop, Seconds: 2}
		}
		gb.Submissions[i].Results[2].Summary = "exited with status 1"
		gb.Submissions[i].Results[2].Verdict = check.Crashed
	}
	var buf bytes.Buffer
	if err := gb.WriteSummary(&buf, report.Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if n := strings.Count(out, loop); n != 1 {
		t.Errorf("the timeout explanation printed %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "tests 1-2: "+loop) {
		t.Errorf("the run of tests 1-2 is not named:\n%s", out)
	}
	if !strings.Contains(out, "      exited with status 1\n") || strings.Contains(out, "tests 3-3") {
		t.Errorf("a single test's explanation changed:\n%s", out)
	}
}

// TestBuildOutputShownOnce: a submission whose build failed fails every
// test with the same compiler output; the feedback and results.json show
// it once, under Build, and each test refers to it.
func TestBuildOutputShownOnce(t *testing.T) {
	tests := []grader.Test{
		{Number: 1, Name: "a.txt", Solvable: true},
		{Number: 2, Name: "b.txt", Solvable: true},
		{Number: 3, Name: "c.txt", Solvable: true, Hidden: true},
	}
	failed := grader.Result{Verdict: check.BuildFailed, Solvable: true, Summary: "the build step javac Solver.java exited with status 1",
		Details: []string{"stderr:", "  Solver.java:12: error: cannot find symbol UNIQUE-COMPILER-LINE", "  1 error"}}
	results := map[string]map[string]grader.Result{"dave": {}}
	for _, tc := range tests {
		r := failed
		r.Test = tc.Name
		results["dave"][tc.Name] = r
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(`{"name": "P", "puzzles": {"dir": "set"}, "run": {"command": "java Solver {input} {output}"}}`), &m); err != nil {
		t.Fatal(err)
	}
	a, err := grader.ParseAssignment(m, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	gb := report.NewGradebook(a, tests, results)
	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gb.WriteFeedback(&buf, tmpl, gb.Submissions[0]); err != nil {
		t.Fatal(err)
	}
	fb := buf.String()
	if n := strings.Count(fb, "UNIQUE-COMPILER-LINE"); n != 1 {
		t.Errorf("the compiler output appears %d times in the feedback:\n%s", n, fb)
	}
	if !strings.Contains(fb, "## Build") || strings.Count(fb, report.BuildRef) != 2 {
		t.Errorf("no Build section, or the two visible tests do not refer to it:\n%s", fb)
	}
	g := gb.Gradescope(gb.Submissions[0])
	data, _ := json.Marshal(g)
	if n := strings.Count(string(data), "UNIQUE-COMPILER-LINE"); n != 1 {
		t.Errorf("the compiler output appears %d times in results.json:\n%s", n, data)
	}
	if g.Tests[0].Name != "Build" || g.Tests[0].Visibility != "visible" || g.Tests[0].MaxScore != 0 {
		t.Errorf("first test %+v, want the Build output, visible, no points", g.Tests[0])
	}
	checkGradescopeSpec(t, data)
}

// TestAnswerDir: answers are kept in the output folder's AnswersDir while
// results.replays is on (the default), nowhere when it is off.
func TestAnswerDir(t *testing.T) {
	off := false
	var a grader.Assignment
	if got, want := report.AnswerDir(a, "/out"), filepath.Join("/out", report.AnswersDir); got != want {
		t.Errorf("replays on: %q, want %q", got, want)
	}
	a.Results.Replays = &off
	if got := report.AnswerDir(a, "/out"); got != "" {
		t.Errorf("replays off: %q, want none", got)
	}
}
