package report_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// CheckPrairieLearnResults checks a results.json against PrairieLearn's
// external-grading format: under 1 MB; gradable a boolean; a gradable
// result has score, a number in [0, 1]; an ungradable one has no score
// and at least one format error; every test has a string name,
// description, message and output and numeric points no more than
// max_points; images have a url. It is exported to the command's Docker
// test through checkPrairieLearn.
func checkPrairieLearn(t *testing.T, data []byte) map[string]any {
	t.Helper()
	if len(data) >= report.PrairieLearnMaxBytes {
		t.Errorf("results.json has %d bytes, PrairieLearn takes under %d", len(data), report.PrairieLearnMaxBytes)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	top := map[string]bool{"gradable": true, "score": true, "format_errors": true, "message": true, "output": true, "images": true, "tests": true}
	for k := range doc {
		if !top[k] {
			t.Errorf("results.json has key %q that kpuzzle does not write", k)
		}
	}
	gradable, ok := doc["gradable"].(bool)
	if !ok {
		t.Fatalf("gradable is %T", doc["gradable"])
	}
	score, hasScore := doc["score"].(float64)
	switch {
	case gradable && (!hasScore || score < 0 || score > 1):
		t.Errorf("a gradable result with score %v", doc["score"])
	case !gradable && doc["score"] != nil:
		t.Errorf("an ungradable result with score %v", doc["score"])
	case !gradable && len(doc["format_errors"].([]any)) == 0:
		t.Errorf("an ungradable result without format_errors")
	}
	tests, ok := doc["tests"].([]any)
	if !ok {
		t.Fatalf("tests is %T", doc["tests"])
	}
	var points, maxPoints float64
	for _, raw := range tests {
		tc := raw.(map[string]any)
		for _, k := range []string{"name", "description", "message", "output"} {
			if _, ok := tc[k].(string); !ok {
				t.Errorf("test %v: %s is %T", tc["name"], k, tc[k])
			}
		}
		p, ok1 := tc["points"].(float64)
		m, ok2 := tc["max_points"].(float64)
		if !ok1 || !ok2 || p < 0 || p > m {
			t.Errorf("test %v: points %v of %v", tc["name"], tc["points"], tc["max_points"])
		}
		points += p
		maxPoints += m
		for _, img := range append(asList(tc["images"]), asList(doc["images"])...) {
			if u, _ := img.(map[string]any)["url"].(string); !strings.HasPrefix(u, "data:image/") {
				t.Errorf("image url %.40q", u)
			}
		}
	}
	if gradable && maxPoints > 0 && grader.RoundPoints(points/maxPoints) != score {
		t.Errorf("score %v, but the tests hold %v of %v points", score, points, maxPoints)
	}
	return doc
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func TestPrairieLearnResults(t *testing.T) {
	gb := gradebook(t, "")
	alice := gb.Submissions[0]
	var buf bytes.Buffer
	if err := gb.WritePrairieLearn(&buf, alice, report.PrairieLearnOptions{}); err != nil {
		t.Fatal(err)
	}
	doc := checkPrairieLearn(t, buf.Bytes())
	golden(t, "prairielearn-alice.json.golden", buf.Bytes())
	// alice: 10 + 10 of 20 public, 6 + 4*20/24 of 10 hidden.
	if got, want := doc["score"].(float64), grader.RoundPoints((20+6+4*20.0/24)/30); got != want {
		t.Errorf("score %v, want %v", got, want)
	}
	// The hidden test is counted, never named, nor its verdict given.
	if strings.Contains(buf.String(), "input_3") || strings.Contains(buf.String(), "suboptimal") {
		t.Errorf("the hidden test shows:\n%s", buf.String())
	}
	tests := doc["tests"].([]any)
	last := tests[len(tests)-1].(map[string]any)
	if last["name"] != "Hidden tests (1)" || last["max_points"] != 10.0 {
		t.Errorf("last entry %v, want the hidden tests' count and points", last)
	}
}

// TestPrairieLearnHiddenVerdictChangesOnlyTheScore changes the hidden
// test's verdict: the score moves, nothing else but the hidden entry's
// points does.
func TestPrairieLearnHiddenVerdictChangesOnlyTheScore(t *testing.T) {
	gb := gradebook(t, "")
	alice := gb.Submissions[0]
	before := gb.PrairieLearn(alice, report.PrairieLearnOptions{})
	changed := alice
	changed.Results = append([]grader.Result(nil), alice.Results...)
	changed.Results[2] = grader.Result{Test: gb.Tests[2].Name, Verdict: grader.Crashed, Solvable: true, Summary: "exited with status 1", Details: []string{"stderr:", "  secret trace"}}
	after := gb.PrairieLearn(changed, report.PrairieLearnOptions{})
	if *after.Score == *before.Score {
		t.Fatalf("score unchanged: %v", *after.Score)
	}
	n := len(before.Tests) - 1
	if before.Tests[n].Output != after.Tests[n].Output || before.Tests[n].Message != after.Tests[n].Message || strings.Contains(after.Tests[n].Output, "secret") {
		t.Errorf("the hidden entry tells more than its points: %+v", after.Tests[n])
	}
}

func TestPrairieLearnNotGradable(t *testing.T) {
	gb := gradebook(t, "")
	missing := gb.Submissions[0]
	missing.Received = &grader.FilesReceived{Files: []string{"Solver.py"}, Missing: []string{"solver.py"}, Hints: []string{"found Solver.py: the file names differ in case"}}
	built := gb.Submissions[1]
	built.Results = nil
	for _, tc := range gb.Tests {
		built.Results = append(built.Results, grader.Result{Test: tc.Name, Verdict: grader.BuildFailed, Summary: "the build step javac Solver.java exited with status 1",
			Details: []string{"Solver.java:3: error: ';' expected"}})
	}
	for name, s := range map[string]report.Submission{"missing file": missing, "build failed": built} {
		var buf bytes.Buffer
		if err := gb.WritePrairieLearn(&buf, s, report.PrairieLearnOptions{}); err != nil {
			t.Fatal(err)
		}
		doc := checkPrairieLearn(t, buf.Bytes())
		if doc["gradable"] != false || doc["score"] != nil {
			t.Errorf("%s: gradable %v score %v, want not gradable", name, doc["gradable"], doc["score"])
		}
		errs := doc["format_errors"].([]any)
		want := map[string]string{"missing file": "missing solver.py", "build failed": "';' expected"}[name]
		if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(toString(errs), "\n", " ")), " "), want) {
			t.Errorf("%s: format_errors %q lack %q", name, errs, want)
		}
	}
	// A build that failed on some tests only (a grader's retry) is no
	// format error: the failures score 0.
	part := gb.Submissions[1]
	part.Results = append([]grader.Result(nil), part.Results...)
	part.Results[0] = grader.Result{Test: gb.Tests[0].Name, Verdict: grader.BuildFailed, Summary: "x"}
	if r := gb.PrairieLearn(part, report.PrairieLearnOptions{}); !r.Gradable {
		t.Errorf("one build-failed test made the submission ungradable: %v", r.FormatErrors)
	}
}

func toString(l []any) string {
	var sb strings.Builder
	for _, x := range l {
		sb.WriteString(x.(string) + "\n")
	}
	return sb.String()
}

// TestPrairieLearnHugeOutput grades a class whose program printed 8 MB on
// every one of 600 tests: results.json stays under PrairieLearn's 1 MB
// and says what it cut.
func TestPrairieLearnHugeOutput(t *testing.T) {
	gb := gradebook(t, "")
	shape := puzzles.Shape{Rows: 3, Cols: 3}
	huge := strings.Repeat("debug line ", 800_000)
	s := report.Submission{Name: "flood"}
	gb.Tests = nil
	for i := range 600 {
		name := "t/" + strings.Repeat("x", 50) + string(rune('a'+i%26))
		gb.Tests = append(gb.Tests, grader.Test{Number: i + 1, Name: name, Solvable: true, Goal: puzzles.DefaultGoal(shape)})
		s.Results = append(s.Results, grader.Result{Test: name, Verdict: grader.Crashed, Solvable: true, Summary: "exited with status 1 " + huge[:1000],
			Details: []string{"stdout:", huge}})
	}
	var buf bytes.Buffer
	if err := gb.WritePrairieLearn(&buf, s, report.PrairieLearnOptions{}); err != nil {
		t.Fatal(err)
	}
	checkPrairieLearn(t, buf.Bytes())
	if !strings.Contains(buf.String(), "more bytes not shown") {
		t.Errorf("the cut is not said")
	}
	t.Logf("600 tests of 8.8 MB output each: results.json has %d bytes", buf.Len())
}

func TestAnswerPicture(t *testing.T) {
	gb := gradebook(t, "")
	bob := gb.Submissions[1]
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	gb.Tests[1].Board = start
	// Blank convention tile: LEFT moves the tile left into the blank (the
	// blank goes right); then DOWN would pull a tile from below the
	// bottom row: illegal.
	img, ok := gb.AnswerPicture(bob, 1, []byte("LEFT\nUP\nUP\n"), notation.Options{Moves: puzzles.TileMoves})
	if !ok {
		t.Fatal("no picture")
	}
	svg, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(img.URL, "data:image/svg+xml;base64,"))
	if err != nil || !strings.HasPrefix(img.URL, "data:image/svg+xml;base64,") {
		t.Fatalf("url %.60s: %v", img.URL, err)
	}
	if !strings.Contains(string(svg), "illegal") || !strings.HasPrefix(string(svg), "<svg") {
		t.Errorf("svg %s", svg)
	}
	if _, ok := gb.AnswerPicture(bob, 2, []byte("LEFT\n"), notation.Options{Moves: puzzles.TileMoves}); ok {
		t.Errorf("a picture of a hidden test")
	}
	if _, ok := gb.AnswerPicture(bob, 1, []byte("UNSOLVABLE\n"), notation.Options{Moves: puzzles.TileMoves}); ok {
		t.Errorf("a picture of an UNSOLVABLE claim")
	}
	// Through the results: the failing public test carries it.
	r := gb.PrairieLearn(bob, report.PrairieLearnOptions{Image: func(s report.Submission, i int) (report.PrairieLearnImage, bool) {
		return gb.AnswerPicture(s, i, []byte("LEFT\nUP\nUP\n"), notation.Options{Moves: puzzles.TileMoves})
	}})
	data, _ := json.Marshal(r)
	checkPrairieLearn(t, data)
	if len(r.Tests[1].Images) != 1 {
		t.Errorf("test 2 of bob has %d images", len(r.Tests[1].Images))
	}
}
