package report_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// checksGradebook is a Java API assignment whose rubric gives hamming()
// and manhattan() a point each: dave's board methods are right but for
// manhattan() and twin(); erin's run crashed before any check.
func checksGradebook(t *testing.T) report.Gradebook {
	t.Helper()
	var m map[string]any
	js := `{"name": "8puzzle", "puzzles": {"dir": "set"}, "run": {"java_api": "princeton"},
		"rubric": {"solved": 1, "optimal": 1, "api": {"hamming": 1, "manhattan": 1}}}`
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatal(err)
	}
	a, err := grader.ParseAssignment(m, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	shape := puzzles.Shape{Rows: 3, Cols: 3}
	tests := []grader.Test{{Number: 1, Name: "p1.txt", Solvable: true, Goal: puzzles.DefaultGoal(shape)}}
	pass := func(name, detail string) grader.Criterion {
		return grader.Criterion{Group: grader.CriteriaAPI, Name: name, Passed: true, Detail: detail}
	}
	fail := func(name, detail string) grader.Criterion {
		return grader.Criterion{Group: grader.CriteriaAPI, Name: name, Detail: detail}
	}
	results := map[string]map[string]grader.Result{
		"dave": {"p1.txt": {Test: "p1.txt", Verdict: check.Optimal, Length: 12, OptimalLength: ptr(12), Solvable: true, Summary: "12 moves, the optimal length",
			Criteria: []grader.Criterion{
				pass("dimension", "returned 3"), pass("hamming", "returned 7"),
				fail("manhattan", "returned 14, expected 12: the blank counted 2"),
				pass("is_goal", "false on this board, true on the goal"), pass("neighbors", "the 3 boards one move away"),
				fail("twin", "swapped the blank with tile 5; a twin swaps two tiles, not the blank"),
				pass("equals", "true for the same tiles, false for a neighbour and for null"), pass("moves", "returned 12, the optimal length"),
			}}},
		"erin": {"p1.txt": {Test: "p1.txt", Verdict: check.Crashed, OptimalLength: ptr(12), Solvable: true, Summary: "exited with status 1"}},
	}
	return report.NewGradebook(a, tests, results)
}

// Checks with points are tests of their own in results.json, beside their
// puzzle's test; those without points are lines of its output; the
// points add up in every report.
func TestChecksInReports(t *testing.T) {
	gb := checksGradebook(t)
	dave, erin := gb.Submissions[0], gb.Submissions[1]
	var buf bytes.Buffer
	if err := gb.WriteGradescope(&buf, dave); err != nil {
		t.Fatal(err)
	}
	golden(t, "gradescope-checks.json.golden", buf.Bytes())
	checkGradescopeSpec(t, buf.Bytes())
	res := gb.Gradescope(dave)
	type entry struct {
		Name, Number, Status string
		Score, Max           float64
	}
	var got []entry
	for _, tc := range res.Tests {
		got = append(got, entry{tc.Name, tc.Number, tc.Status, tc.Score, tc.MaxScore})
	}
	want := []entry{
		{"p1.txt", "1", "passed", 2, 2},
		{"p1.txt · hamming()", "1.1", "passed", 1, 1},
		{"p1.txt · manhattan()", "1.2", "failed", 0, 1},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("results.json tests (-want +got):\n%s", d)
	}
	if res.Score != 3 || !strings.Contains(res.Tests[0].Output, "check (no points) twin() FAILED: swapped the blank with tile 5") ||
		strings.Contains(res.Tests[0].Output, "hamming") || res.Tests[2].Output != "returned 14, expected 12: the blank counted 2" {
		t.Errorf("score %v, outputs %q", res.Score, []string{res.Tests[0].Output, res.Tests[2].Output})
	}
	if score, max := gb.Total(dave); score != 3 || max != 4 {
		t.Errorf("dave: %v of %v", score, max)
	}
	if score, max := gb.Total(erin); score != 0 || max != 4 {
		t.Errorf("erin: %v of %v", score, max)
	}
	e := gb.Gradescope(erin)
	if len(e.Tests) != 3 || e.Tests[1].Output != "not checked: the run ended (crashed) before it was reported" {
		t.Errorf("erin's results.json: %+v", e.Tests)
	}

	buf.Reset()
	if err := gb.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	rows, _ := csv.NewReader(&buf).ReadAll()
	if d := cmp.Diff([][]string{{"student", "p1.txt", "total", "max"}, {"dave", "3", "3", "4"}, {"erin", "0", "0", "4"}}, rows); d != "" {
		t.Errorf("grades.csv (-want +got):\n%s", d)
	}

	buf.Reset()
	if err := gb.WriteSummary(&buf, report.Style{}); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); !strings.Contains(s, "3/4") || !strings.Contains(s, "failed checks: manhattan(), twin()") {
		t.Errorf("summary:\n%s", s)
	}

	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := gb.WriteFeedback(&buf, tmpl, dave); err != nil {
		t.Fatal(err)
	}
	golden(t, "feedback-checks.md.golden", buf.Bytes())
	if s := buf.String(); !strings.Contains(s, "| manhattan() | **failed** | 0 / 1 | returned 14, expected 12: the blank counted 2 |") {
		t.Errorf("feedback:\n%s", s)
	}

	buf.Reset()
	if err := gb.WriteJUnit(&buf); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); !strings.Contains(s, "check (0 of 1 points) manhattan() FAILED") {
		t.Errorf("junit:\n%s", s)
	}
}

// The instructor's summary page counts every check over the class: one
// row per check with its points, how many tests passed it and how many
// submissions failed it; a student's cell names the checks that failed.
func TestChecksInSummaryHTML(t *testing.T) {
	gb := checksGradebook(t)
	var buf bytes.Buffer
	if err := gb.WriteSummaryHTML(&buf, report.SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	i := strings.Index(page, `<h2 id="checks">Checks</h2>`)
	if i < 0 {
		t.Fatalf("no Checks section:\n%s", page)
	}
	section := page[i : strings.Index(page[i:], "</section>")+i]
	// dave passed hamming() and failed manhattan() and twin(); erin's run
	// crashed before any check, so she failed every one.
	for _, row := range []string{
		`<tr><td>hamming()</td><td class="num">1</td>`, `1/2 (50%)</td>
<td class="num">1</td></tr>`,
		`<tr><td>manhattan()</td><td class="num">1</td>`, `0/2 (0%)</td>
<td class="num">2</td></tr>`,
		`<tr><td>twin()</td><td class="num">0</td>`,
	} {
		if !strings.Contains(section, row) {
			t.Errorf("the Checks section has no %q:\n%s", row, section)
		}
	}
	if want := "; failed checks: manhattan(), twin()"; !strings.Contains(page, want) {
		t.Errorf("dave's cell does not name his failed checks (%q)", want)
	}
}
