package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
)

// kpuzzle grade on two Java API submissions: java-princeton-flawed's
// manhattan() counts the blank, which overestimates. On the visible test
// p1 its check fails and grade --json carries the counterexample — p1,
// h = 14 against the right 12 and the 12 moves to the goal, and the move
// down (the first of the flawed neighbors()' boards where h drops by 2)
// to a board 13 moves away, proved by the reference oracle — which the
// feedback, results.json and the summary page draw; on the hidden test p2
// the JSON has it (staff), the student's files not. The right Board has
// none.
func TestGradeJavaAPIHeuristicCounterexample(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs two Java API submissions; go test without -short runs it")
	}
	for _, tool := range []string{"javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	course := t.TempDir()
	set, err := filepath.Abs(filepath.Join(graderTestdata, "puzzles", "small"))
	if err != nil {
		t.Fatal(err)
	}
	config := writeFile(t, course, "assignment.yaml", fmt.Sprintf(`name: 8puzzle
puzzles:
  dir: %s
  glob: "p[12].txt"
visibility:
  hidden_tests: ["p2.txt"]
run:
  java_api: princeton
  wall_time: 60s
  recheck: none
build:
  wall_time: 5m
rubric:
  api:
    manhattan: 1
`, set))
	subs := filepath.Join(course, "submissions")
	for _, s := range []string{"java-princeton", "java-princeton-flawed"} {
		for _, f := range []string{"Board.java", "Solver.java"} {
			data, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", s, f))
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, subs, filepath.Join(s, f), string(data))
		}
	}
	out := filepath.Join(t.TempDir(), "results")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, "--jobs", "2", "--json", subs)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	var js gradeJSON
	if err := json.Unmarshal([]byte(r.stdout), &js); err != nil {
		t.Fatal(err)
	}
	counterexamples := map[string]*grader.HeuristicCounterexample{}
	for _, s := range js.Submissions {
		for _, tj := range s.Tests {
			for _, c := range tj.Checks {
				if c.Counterexample != nil {
					counterexamples[s.Name+" "+tj.Test+" "+c.Name] = c.Counterexample
				}
			}
		}
	}
	hstar := func(n int) *int { return &n }
	p1 := &grader.HeuristicCounterexample{
		HeuristicBoard: grader.HeuristicBoard{Board: [][]int{{2, 3, 6}, {5, 0, 8}, {1, 4, 7}}, H: 14, Right: 12, HStar: hstar(12), Overestimates: true},
		Neighbor:       &grader.HeuristicBoard{Board: [][]int{{2, 3, 6}, {5, 4, 8}, {1, 0, 7}}, H: 12, Right: 11, HStar: hstar(13)},
		Move:           "DOWN",
	}
	if d := cmp.Diff(p1, counterexamples["java-princeton-flawed p1.txt manhattan"]); d != "" {
		t.Errorf("grade --json p1 counterexample (-want +got):\n%s", d)
	}
	// p2 is 7 4 1 / 3 6 2 / 5 _ 8: the blank one move from its corner.
	if ce := counterexamples["java-princeton-flawed p2.txt manhattan"]; ce == nil || ce.H != ce.Right+1 || ce.HStar == nil {
		t.Errorf("grade --json hidden p2 counterexample: %+v", ce)
	}
	if len(counterexamples) != 2 {
		t.Errorf("counterexamples: %v", counterexamples)
	}

	// The students' files draw it as its Lines (the drawing itself is
	// checked in package grader).
	files := readTree(t, out)
	drawing := strings.Join(p1.Lines("manhattan()"), "\n")
	if !strings.HasPrefix(drawing, "manhattan() overestimates here: h = 14, but the goal is 12 moves away") {
		t.Errorf("drawing:\n%s", drawing)
	}
	hiddenRow := "7 4 1"
	md := files["feedback/java-princeton-flawed.md"]
	if !strings.Contains(md, "Where manhattan() is wrong") || !strings.Contains(md, drawing) || strings.Contains(md, hiddenRow) {
		t.Errorf("feedback of java-princeton-flawed:\n%s", md)
	}
	if md := files["feedback/java-princeton.md"]; strings.Contains(md, "is wrong") || strings.Contains(md, "h*") {
		t.Errorf("feedback of java-princeton:\n%s", md)
	}
	var gs struct {
		Tests []struct{ Name, Output string }
	}
	if err := json.Unmarshal([]byte(files["results/java-princeton-flawed/results.json"]), &gs); err != nil {
		t.Fatal(err)
	}
	for _, tc := range gs.Tests {
		switch {
		case tc.Name == "p1.txt · manhattan()" && !strings.Contains(tc.Output, drawing):
			t.Errorf("results.json %s:\n%s", tc.Name, tc.Output)
		case strings.HasPrefix(tc.Name, "p2.txt") && (strings.Contains(tc.Output, hiddenRow) || strings.Contains(tc.Output, "h*")):
			t.Errorf("results.json shows the hidden test's board in %s:\n%s", tc.Name, tc.Output)
		}
	}
	if page := files["summary.html"]; !strings.Contains(page, `<h3>1. p1.txt · manhattan()</h3>`) || !strings.Contains(page, `<h3>2. p2.txt · manhattan()<span class="tag">hidden</span></h3>`) {
		t.Errorf("the summary page does not draw the wrong values")
	}
}
