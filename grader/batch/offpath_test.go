package batch_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// exactOracle proves distances with the reference solver's exact tables
// (and IDA* on the 2x4 test).
var exactOracle = check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	p, err := reference.ProveOptimal(ctx, b, g)
	return p.Length, p.Method, err
})

// TestGradingFindsTheFirstMoveOffPath grades a greedy solver with a
// distance oracle: each suboptimal result carries the first move off
// every optimal path, the same as a move-by-move scan of the kept answer
// finds, and a grading resumed from the journal gives it unchanged.
func TestGradingFindsTheFirstMoveOffPath(t *testing.T) {
	needTool(t, "python3")
	a := fastAssignment(t)
	root := copySubmissions(t, "python-greedy")
	// The solvable tests: greedy search crashes on the unsolvable one
	// only after exhausting its boards.
	all, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	var tests []grader.Test
	for _, tc := range all {
		if tc.Solvable {
			tests = append(tests, tc)
		}
	}
	out := t.TempDir()
	journalPath := filepath.Join(out, "journal.jsonl")
	answers := filepath.Join(out, "answers")
	first := grade(t, batch.Options{Assignment: a, Tests: tests, Distances: exactOracle, JournalPath: journalPath, AnswerDir: answers}, root)
	found := 0
	for _, tc := range first.Tests {
		r := first.Results["python-greedy"][tc.Name]
		if r.Verdict != check.Suboptimal {
			continue
		}
		if r.OffPath == nil {
			t.Errorf("%s: suboptimal without off_path (%s)", tc.Name, r.OffPathUnknown)
			continue
		}
		found++
		path, _ := grader.AnswerPath(answers, "python-greedy", tc.Name)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := puzzles.ParseAnswer(bytesReader(text), "answer", puzzles.AnswerLimits{})
		if err != nil {
			t.Fatal(err)
		}
		want := scanOffPath(t, tc.Board, tc.Goal, ans.Path(a.Convention()), *r.OptimalLength)
		if diff := cmp.Diff(want, r.OffPath.Move); diff != "" {
			t.Errorf("%s: first move off (-scan +grading):\n%s", tc.Name, diff)
		}
		for _, line := range r.Details {
			if line == check.OffPathLines(r.OffPath, nil, "", true)[0] {
				t.Errorf("%s: the off-path lines are in Details, which every report shows whatever the test's visibility", tc.Name)
			}
		}
	}
	if found < 3 {
		t.Fatalf("%d suboptimal results with off_path, want the greedy solver's 4", found)
	}
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	again, err := batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs, Distances: exactOracle, JournalPath: journalPath, Resume: true, AnswerDir: answers})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first.Results, again.Results); diff != "" || again.Ran != 0 {
		t.Errorf("resumed grading ran %d tests and differs (-first +resumed):\n%s", again.Ran, diff)
	}

	// feedback.off_path: off searches nothing.
	off := a
	off.Feedback.OffPath = grader.OffPathOff
	o := grade(t, batch.Options{Assignment: off, Tests: tests[:1], Distances: exactOracle}, root)
	for name, r := range o.Results["python-greedy"] {
		if r.OffPath != nil || r.OffPathUnknown != "" {
			t.Errorf("%s: off_path %+v with feedback.off_path: off", name, r.OffPath)
		}
	}
}

// scanOffPath is the first move i of path with i + distance(after i) >
// opt, by the reference solver's distances, one board at a time.
func scanOffPath(t *testing.T, b puzzles.Board, g puzzles.Goal, path []puzzles.Dir, opt int) int {
	t.Helper()
	cur := b
	for i, d := range path {
		next, ok := cur.Move(d)
		if !ok {
			t.Fatalf("illegal move %d", i+1)
		}
		p, err := reference.ProveOptimal(context.Background(), next, g)
		if err != nil {
			t.Fatal(err)
		}
		if i+1+p.Length > opt {
			return i + 1
		}
		cur = next
	}
	t.Fatalf("no move leaves the optimal paths of %s", b)
	return 0
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
