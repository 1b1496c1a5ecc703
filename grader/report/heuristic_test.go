package report_test

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// heuristicGradebook is a Java API assignment whose rubric gives
// manhattan() a point and hamming() none: fay's manhattan() counts the
// blank, on the visible test p1.txt and on the hidden p2.txt; on p1 her
// hamming() is wrong too. gil's methods are right.
func heuristicGradebook(t *testing.T) report.Gradebook {
	t.Helper()
	a, err := grader.ParseAssignment(map[string]any{"name": "8puzzle", "puzzles": map[string]any{"dir": "set"}, "run": map[string]any{"java_api": "princeton"},
		"rubric": map[string]any{"solved": 1, "optimal": 1, "api": map[string]any{"hamming": 0, "manhattan": 1}}}, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	p1 := puzzles.MustBoard(3, 3, 2, 3, 6, 5, 0, 8, 1, 4, 7)
	p2 := puzzles.MustBoard(3, 3, 7, 4, 1, 3, 6, 2, 5, 0, 8)
	goal := puzzles.DefaultGoal(p1.Shape())
	tests := []grader.Test{
		{Number: 1, Name: "p1.txt", Board: p1, Goal: goal, Solvable: true, Optimum: check.KnownOptimum(12, "answer key")},
		{Number: 2, Name: "p2.txt", Board: p2, Goal: goal, Solvable: true, Hidden: true, Optimum: check.KnownOptimum(20, "answer key")},
	}
	board := func(b puzzles.Board, h, right, hstar int) grader.HeuristicBoard {
		hb := grader.NewHeuristicBoard(b, h, right)
		hb.SetHStar(hstar)
		return hb
	}
	// p1 with the blank moved up: Manhattan 13, the blank 3 from its
	// corner, 13 moves from the goal.
	up := board(puzzles.MustBoard(3, 3, 2, 0, 6, 5, 3, 8, 1, 4, 7), 16, 13, 13)
	manhattan1 := &grader.HeuristicCounterexample{HeuristicBoard: board(p1, 14, 12, 12), Neighbor: &up, Move: "UP"}
	hamming1 := &grader.HeuristicCounterexample{HeuristicBoard: board(p1, 9, 8, 12)}
	manhattan2 := &grader.HeuristicCounterexample{HeuristicBoard: board(p2, 17, 16, 20)}
	criterion := func(name string, passed bool, detail string, ce *grader.HeuristicCounterexample) grader.Criterion {
		return grader.Criterion{Group: grader.CriteriaAPI, Name: name, Passed: passed, Detail: detail, Counterexample: ce}
	}
	// result has every method check, passed but for those given.
	result := func(test string, length int, given ...grader.Criterion) grader.Result {
		var checks []grader.Criterion
		for _, name := range grader.APICriteria {
			c := criterion(name, true, "returned the right value", nil)
			if name == grader.APITileAt || name == grader.APIIsSolvable {
				c.Detail = grader.NotApplicable + "part of the campus API"
			}
			for _, g := range given {
				if g.Name == name {
					c = g
				}
			}
			checks = append(checks, c)
		}
		return grader.Result{Test: test, Verdict: check.Optimal, Length: length, OptimalLength: ptr(length), Solvable: true, Summary: "the optimal length", Criteria: checks}
	}
	results := map[string]map[string]grader.Result{
		"fay": {
			"p1.txt": result("p1.txt", 12, criterion("hamming", false, "hamming() returned 9, expected 8", hamming1), criterion("manhattan", false, "manhattan() returned 14, expected 12", manhattan1)),
			"p2.txt": result("p2.txt", 20, criterion("hamming", true, "hamming() returned 7", nil), criterion("manhattan", false, "manhattan() returned 17, expected 16", manhattan2)),
		},
		"gil": {
			"p1.txt": result("p1.txt", 12, criterion("hamming", true, "hamming() returned 8", nil), criterion("manhattan", true, "manhattan() returned 12", nil)),
			"p2.txt": result("p2.txt", 20, criterion("hamming", true, "hamming() returned 7", nil), criterion("manhattan", true, "manhattan() returned 16", nil)),
		},
	}
	return report.NewGradebook(a, tests, results)
}

// manhattanLines are fay's manhattan() counterexample on p1, drawn.
var manhattanLines = []string{
	"manhattan() overestimates here: h = 14, but the goal is 12 moves away, so it is not admissible (A* with it may return a longer solution than the shortest):",
	"    2 3 6",
	"    5 _ 8",
	"    1 4 7",
	"    h = 14 (should be 12), h* = 12",
	"manhattan() is not consistent: when the blank moves DOWN, h drops by 2, more than the 1 move made (h(a) > 1 + h(b)):",
	"    2 _ 6                                 2 3 6",
	"    5 3 8                            ->   5 _ 8",
	"    1 4 7                                 1 4 7",
	"    h = 16 (should be 13), h* = 13        h = 14 (should be 12), h* = 12",
}

// A heuristic check's counterexample is drawn on a test students see —
// in the feedback, in results.json under the check (with its points) or
// in the test's output (without), in PrairieLearn's output with a
// picture — and nowhere on a hidden test, whose board students never
// see: there the check says only that it failed.
func TestHeuristicCounterexampleForStudents(t *testing.T) {
	gb := heuristicGradebook(t)
	fay := gb.Submissions[0]
	p1 := fay.Results[0].Criteria[2].Counterexample
	if d := cmp.Diff(manhattanLines, p1.Lines("manhattan()")); d != "" {
		t.Fatalf("lines (-want +got):\n%s", d)
	}
	hiddenBoard := "4 1" // the first row of p2, 7 4 1, as the drawings write it

	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gb.WriteFeedback(&buf, tmpl, fay); err != nil {
		t.Fatal(err)
	}
	golden(t, "feedback-heuristic.md.golden", buf.Bytes())
	md := buf.String()
	if !strings.Contains(md, strings.Join(manhattanLines, "\n")) || !strings.Contains(md, "Where manhattan() is wrong") || !strings.Contains(md, "hamming() is wrong here but does not overestimate") {
		t.Errorf("feedback lacks the drawings:\n%s", md)
	}
	for _, ft := range gb.Feedback(fay).Tests {
		for _, c := range ft.Checks {
			if ft.Hidden && len(c.Counterexample) > 0 {
				t.Errorf("hidden test %s: %s carries a counterexample: %q", ft.Name, c.Title, c.Counterexample)
			}
		}
	}

	gs := gb.Gradescope(fay)
	outputs := map[string]string{}
	for _, tc := range gs.Tests {
		outputs[tc.Name] = tc.Output
	}
	if want := "manhattan() returned 14, expected 12\n" + strings.Join(manhattanLines, "\n"); outputs["p1.txt · manhattan()"] != want {
		t.Errorf("results.json p1 manhattan():\n%s\nwant\n%s", outputs["p1.txt · manhattan()"], want)
	}
	if !strings.Contains(outputs["p1.txt"], "check (no points) hamming() FAILED: hamming() returned 9, expected 8\nhamming() is wrong here but does not overestimate: h = 9, not 8, and the goal is 12 moves away:\n    2 3 6") {
		t.Errorf("results.json p1 output:\n%s", outputs["p1.txt"])
	}
	if got := outputs["p2.txt · manhattan()"]; got != "manhattan() returned 17, expected 16" {
		t.Errorf("results.json hidden p2 manhattan(): %q", got)
	}
	for name, out := range outputs {
		if strings.HasPrefix(name, "p2.txt") && (strings.Contains(out, hiddenBoard) || strings.Contains(out, "h*")) {
			t.Errorf("results.json shows the hidden test's counterexample in %s:\n%s", name, out)
		}
	}

	pl := gb.PrairieLearn(fay, report.PrairieLearnOptions{})
	var entry, main *report.PrairieLearnTest
	for k := range pl.Tests {
		switch pl.Tests[k].Name {
		case "Test 1: p1.txt · manhattan()":
			entry = &pl.Tests[k]
		case "Test 1: p1.txt":
			main = &pl.Tests[k]
		}
		if strings.Contains(pl.Tests[k].Name, "p2") || strings.Contains(pl.Tests[k].Output, hiddenBoard) {
			t.Errorf("PrairieLearn shows the hidden test: %+v", pl.Tests[k])
		}
	}
	if entry == nil || main == nil {
		t.Fatalf("PrairieLearn tests: %+v", pl.Tests)
	}
	if want := "manhattan() returned 14, expected 12\n" + strings.Join(manhattanLines, "\n"); entry.Output != want {
		t.Errorf("PrairieLearn manhattan() output:\n%s", entry.Output)
	}
	svg := func(img report.PrairieLearnImage) string {
		data, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(img.URL, "data:image/svg+xml;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if len(entry.Images) != 1 || !strings.Contains(svg(entry.Images[0]), ">h = 14 (right 12), h* = 12</text>") ||
		!strings.Contains(svg(entry.Images[0]), ">UP: h = 16 (right 13), h* = 13</text>") || entry.Images[0].Label != "Test 1: where manhattan() is wrong, h against the true distance h*" {
		t.Errorf("PrairieLearn manhattan() picture: %+v", entry.Images)
	}
	if len(main.Images) != 1 || !strings.Contains(svg(main.Images[0]), ">h = 9 (right 8), h* = 12</text>") {
		t.Errorf("PrairieLearn p1 picture of hamming(), a check of no points: %+v", main.Images)
	}
	if _, ok := gb.CounterexamplePicture(1, fay.Results[1].Criteria[2]); ok {
		t.Error("a picture of the hidden test's board")
	}
}

// The JUnit XML, a staff report, draws each failed heuristic check's
// counterexample under the check, on hidden tests too.
func TestHeuristicCounterexampleInJUnit(t *testing.T) {
	gb := heuristicGradebook(t)
	var buf bytes.Buffer
	if err := gb.WriteJUnit(&buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	failures := map[string]string{}
	for _, c := range doc.Suites[0].Cases {
		if c.Failure != nil {
			failures[c.Name] = c.Failure.Text
		}
	}
	p1 := failures["1 p1.txt"]
	if !strings.Contains(p1, "manhattan() FAILED: manhattan() returned 14, expected 12\n"+strings.Join(manhattanLines, "\n")) {
		t.Errorf("JUnit p1 lacks the manhattan() counterexample under its check:\n%s", p1)
	}
	if p2 := failures["2 p2.txt"]; !strings.Contains(p2, "manhattan() overestimates here") && !strings.Contains(p2, "manhattan() is wrong here") {
		t.Errorf("JUnit hidden p2 lacks its counterexample:\n%s", p2)
	}
}

// The staff summary page draws each test's wrong heuristic values, the
// hidden tests' too, counting the students who returned each.
func TestHeuristicCounterexampleInSummary(t *testing.T) {
	gb := heuristicGradebook(t)
	var buf bytes.Buffer
	if err := gb.WriteSummaryHTML(&buf, report.SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	i := strings.Index(page, `<h2 id="heuristics">`)
	if i < 0 {
		t.Fatalf("no section on heuristics:\n%s", page)
	}
	section := page[i : strings.Index(page[i:], "</section>")+i]
	for _, want := range []string{
		`<h3>1. p1.txt · hamming()</h3>`,
		`<h3>1. p1.txt · manhattan()</h3>`,
		`<h3>2. p2.txt · manhattan()<span class="tag">hidden</span></h3>`,
		`<p>1 of 2 submissions returned a wrong value.</p>`,
		`<span class="arrow">blank UP →</span>`,
		`<small>h = 16 (should be 13), h* = 13</small>`,
		`<figcaption>1 student: h = 14 overestimates h* = 12: not admissible; one move away h rises by 2: not consistent</figcaption>`,
		`<figcaption>1 student: h = 9, not 8, below h* = 12</figcaption>`,
		`<span class="tile">7</span><span class="tile">4</span><span class="tile">1</span>`,
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the section lacks %q:\n%s", want, section)
		}
	}
	// Without counterexamples there is no such section.
	buf.Reset()
	if err := checksGradebook(t).WriteSummaryHTML(&buf, report.SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `id="heuristics"`) {
		t.Error("a section on heuristics without counterexamples")
	}
}
