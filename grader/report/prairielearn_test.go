package report_test

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
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
	// alice: 10 + 10 of 20 public; the hidden test's 10 points are
	// graded at release (prairielearn.hidden: release, the default).
	if got, want := doc["score"].(float64), grader.RoundPoints(20.0/30); got != want {
		t.Errorf("score %v, want %v", got, want)
	}
	// The hidden test is counted, never named, nor its verdict given.
	if strings.Contains(buf.String(), "input_3") || strings.Contains(buf.String(), "suboptimal") {
		t.Errorf("the hidden test shows:\n%s", buf.String())
	}
	tests := doc["tests"].([]any)
	last := tests[len(tests)-1].(map[string]any)
	if last["name"] != "Hidden tests (1)" || last["max_points"] != 10.0 || last["points"] != 0.0 {
		t.Errorf("last entry %v, want the hidden tests' count and points, none earned yet", last)
	}
	// A job that did not run them (grade --skip-hidden) says the same.
	public := gb
	public.Tests = gb.Tests[:2]
	skipped := alice
	skipped.Results = alice.Results[:2]
	withheld := public.PrairieLearn(skipped, report.PrairieLearnOptions{Withheld: report.Withheld{Tests: 1, Points: 10}})
	if got := gb.PrairieLearn(alice, report.PrairieLearnOptions{}); !cmp.Equal(got, withheld) {
		t.Errorf("withheld (-ran +skipped):\n%s", cmp.Diff(got, withheld))
	}
}

// plHiddenAnswers are the hidden test's results a hostile program can
// choose between (31.3: a legal answer padded by a number of moves that
// encodes cells of the hidden board): each length a different partial
// credit, a crash, an optimal answer.
func plHiddenAnswers(gb report.Gradebook) []grader.Result {
	name := gb.Tests[2].Name
	out := []grader.Result{{Test: name, Verdict: check.Crashed, Solvable: true, Summary: "exited with status 1", Details: []string{"stderr:", "  secret trace"}},
		{Test: name, Verdict: check.Optimal, Length: 20, OptimalLength: ptr(20), Solvable: true, Summary: "20 moves, the optimal length"}}
	for pad := 2; pad <= 40; pad += 2 {
		out = append(out, grader.Result{Test: name, Verdict: check.Suboptimal, Length: 20 + pad, OptimalLength: ptr(20), Solvable: true,
			Summary: fmt.Sprintf("%d legal moves reach the goal, but the optimal length is 20", 20+pad)})
	}
	return out
}

// Under prairielearn.hidden: release nothing a student sees depends on
// the hidden test's result: every answer to it gives the same
// results.json, byte for byte, so its padding decodes nothing.
func TestPrairieLearnReleaseShowsNothingOfTheHiddenTests(t *testing.T) {
	gb := gradebook(t, "")
	var first []byte
	for _, r := range plHiddenAnswers(gb) {
		s := gb.Submissions[0]
		s.Results = append([]grader.Result(nil), s.Results...)
		s.Results[2] = r
		var buf bytes.Buffer
		if err := gb.WritePrairieLearn(&buf, s, report.PrairieLearnOptions{}); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = buf.Bytes()
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Fatalf("a hidden result of %s %d moves shows:\n%s", r.Verdict, r.Length, cmp.Diff(string(first), buf.String()))
		}
	}
}

// Under prairielearn.hidden: fold the hidden tests are one entry, all or
// nothing: of all the answers a program can give, the results.json takes
// two forms, so it tells one bit a submission.
func TestPrairieLearnFoldTellsOneBit(t *testing.T) {
	gb := gradebook(t, `, "prairielearn": {"hidden": "fold"}`)
	forms := map[string]bool{}
	for _, r := range plHiddenAnswers(gb) {
		s := gb.Submissions[0]
		s.Results = append([]grader.Result(nil), s.Results...)
		s.Results[2] = r
		var buf bytes.Buffer
		if err := gb.WritePrairieLearn(&buf, s, report.PrairieLearnOptions{}); err != nil {
			t.Fatal(err)
		}
		doc := checkPrairieLearn(t, buf.Bytes())
		forms[buf.String()] = true
		tests := doc["tests"].([]any)
		last := tests[len(tests)-1].(map[string]any)
		full := r.Verdict == check.Optimal
		if want := map[bool]float64{true: 10, false: 0}[full]; last["points"] != want || last["max_points"] != 10.0 {
			t.Errorf("%s %d: hidden entry %v, want %v of 10", r.Verdict, r.Length, last, want)
		}
		if want := grader.RoundPoints((20 + map[bool]float64{true: 10}[full]) / 30); doc["score"] != want {
			t.Errorf("%s %d: score %v, want %v", r.Verdict, r.Length, doc["score"], want)
		}
		if strings.Contains(buf.String(), "secret") || strings.Contains(buf.String(), "input_3") {
			t.Errorf("the hidden test shows:\n%s", buf.String())
		}
	}
	if len(forms) != 2 {
		t.Errorf("%d forms of results.json, want 2 (one bit)", len(forms))
	}
}

func TestPrairieLearnNotGradable(t *testing.T) {
	gb := gradebook(t, "")
	missing := gb.Submissions[0]
	missing.Received = &grader.FilesReceived{Files: []string{"Solver.py"}, Missing: []string{"solver.py"}, Hints: []string{"found Solver.py: the file names differ in case"}}
	built := gb.Submissions[1]
	built.Results = nil
	for _, tc := range gb.Tests {
		built.Results = append(built.Results, grader.Result{Test: tc.Name, Verdict: check.BuildFailed, Summary: "the build step javac Solver.java exited with status 1",
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
	part.Results[0] = grader.Result{Test: gb.Tests[0].Name, Verdict: check.BuildFailed, Summary: "x"}
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
		s.Results = append(s.Results, grader.Result{Test: name, Verdict: check.Crashed, Solvable: true, Summary: "exited with status 1 " + huge[:1000],
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
	img, ok := gb.AnswerPicture(bob, 1, []byte("LEFT\nUP\nUP\n"), notation.Options{Convention: puzzles.TileMoves})
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
	// The blank's blocked side is drawn in red, as on the replay page.
	if !strings.Contains(string(svg), `<line x1=`) || !strings.Contains(string(svg), `stroke="#b42318" stroke-width="5"`) {
		t.Errorf("the illegal move is not marked in red: %s", svg)
	}

	// A suboptimal answer: the board where it left every optimal path,
	// with the tile it slid and the one that stays optimal outlined; the
	// goal once, not also as the board "after all moves".
	gb.Tests[1].Board = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	sub := bob
	sub.Results = append([]grader.Result(nil), bob.Results...)
	sub.Results[1] = grader.Result{Test: gb.Tests[1].Name, Verdict: check.Suboptimal, Solvable: true, Length: 4, OptimalLength: ptr(2),
		OffPath: &check.OffPath{Move: 2, Line: 2, Played: "DOWN", BoardBefore: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 0, 8}}, OptimalMoves: []string{"LEFT"}, DistanceBefore: 1}}
	img, ok = gb.AnswerPicture(sub, 1, []byte("UP\nDOWN\nUP\nLEFT\n"), notation.Options{Convention: puzzles.TileMoves})
	if !ok {
		t.Fatal("no picture of the suboptimal answer")
	}
	svg, _ = base64.StdEncoding.DecodeString(strings.TrimPrefix(img.URL, "data:image/svg+xml;base64,"))
	for _, want := range []string{"before move 2 (DOWN), off every optimal path", `stroke="#b42318" stroke-width="4"`, `stroke="#1f7a3a" stroke-width="4"`} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("suboptimal picture lacks %q: %s", want, svg)
		}
	}
	if strings.Contains(string(svg), "after all") || strings.Count(string(svg), ">goal<") != 1 {
		t.Errorf("suboptimal picture shows the goal twice: %s", svg)
	}
	if _, ok := gb.AnswerPicture(bob, 2, []byte("LEFT\n"), notation.Options{Convention: puzzles.TileMoves}); ok {
		t.Errorf("a picture of a hidden test")
	}
	if _, ok := gb.AnswerPicture(bob, 1, []byte("UNSOLVABLE\n"), notation.Options{Convention: puzzles.TileMoves}); ok {
		t.Errorf("a picture of an UNSOLVABLE claim")
	}
	// Through the results: the failing public test carries it.
	r := gb.PrairieLearn(bob, report.PrairieLearnOptions{Image: func(s report.Submission, i int) (report.PrairieLearnImage, bool) {
		return gb.AnswerPicture(s, i, []byte("LEFT\nUP\nUP\n"), notation.Options{Convention: puzzles.TileMoves})
	}})
	data, _ := json.Marshal(r)
	checkPrairieLearn(t, data)
	if len(r.Tests[1].Images) != 1 {
		t.Errorf("test 2 of bob has %d images", len(r.Tests[1].Images))
	}
}

// At release the scores file gives each PrairieLearn submission every
// test's points, the hidden ones included, as the upload reads them, and
// says in the feedback how each test went; a name a spreadsheet would
// take for a formula is left for the submission_id to find.
func TestPrairieLearnScores(t *testing.T) {
	gb := gradebook(t, "")
	var buf bytes.Buffer
	err := gb.WritePrairieLearnScores(&buf, []report.PrairieLearnScore{
		{Submission: "alice", UID: "alice@example.edu", QID: "hw2", SubmissionID: "4211"},
		{Submission: "bob | <script>", UID: "=HYPERLINK(\"x\")", QID: "hw2", SubmissionID: "4215"},
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	alice, _ := gb.Total(gb.Submissions[0])
	bob, _ := gb.Total(gb.Submissions[1])
	perc := func(p float64) string { return strconv.FormatFloat(grader.RoundPoints(100*p/30), 'f', -1, 64) }
	if len(rows) != 3 || !cmp.Equal(rows[0], []string{"uid", "qid", "submission_id", "score_perc", "feedback"}) ||
		!cmp.Equal(rows[1][:4], []string{"alice@example.edu", "hw2", "4211", perc(alice)}) || !cmp.Equal(rows[2][:4], []string{"", "hw2", "4215", perc(bob)}) {
		t.Fatalf("scores:\n%q", rows)
	}
	if perc(alice) != "97.7777" {
		t.Errorf("alice: %s%%, want 97.7777 (29.3333 of 30)", perc(alice))
	}
	for _, want := range []string{"29.3333 of 30 points", "hidden tests 9.3333 of 10", "- Hidden test 3, n_equals_3/input_3.txt: suboptimal, 9.3333 of 10 points: 24 legal moves"} {
		if !strings.Contains(rows[1][4], want) {
			t.Errorf("alice's feedback lacks %q:\n%s", want, rows[1][4])
		}
	}
	if err := gb.WritePrairieLearnScores(&buf, []report.PrairieLearnScore{{Submission: "nobody"}}); err == nil {
		t.Error("a submission with no results")
	}
}
