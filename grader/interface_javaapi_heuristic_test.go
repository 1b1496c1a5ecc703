package grader_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// withNeighborValues adds to a method report, after each neighbor board,
// the heuristics' values on it, as the harness writes them: hamming[k]
// and manhattan[k] on the k-th.
func withNeighborValues(report string, hamming, manhattan []int) string {
	var sb strings.Builder
	k := 0
	lines := strings.SplitAfter(report, "\n")
	for i, l := range lines {
		sb.WriteString(l)
		// A board ends where the next line is not one of its lines.
		inBoard := k < len(hamming) && strings.HasPrefix(l, "|") && (i+1 == len(lines) || !strings.HasPrefix(lines[i+1], "|"))
		if inBoard {
			fmt.Fprintf(&sb, "neighbor_hamming = %d\nneighbor_manhattan = %d\n", hamming[k], manhattan[k])
			k++
		}
	}
	return sb.String()
}

// judgeChecks parses a report and judges it.
func judgeChecks(t *testing.T, report string, test grader.Test) map[string]grader.Criterion {
	t.Helper()
	rep, err := grader.ParseAPIReport(strings.NewReader(report), "r.api")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]grader.Criterion{}
	for _, c := range grader.JudgeJavaAPI(rep, test, grader.Result{Verdict: check.Optimal, Length: 2, Solvable: test.Solvable}) {
		out[c.Name] = c
	}
	return out
}

// A manhattan() that counts the blank returns 4 on 1 2 3 / 4 _ 6 / 7 5 8,
// two moves from the goal: the check fails and carries the board with
// h = 4 against the right 2 and h* = 2, an overestimate; the values on
// the neighbours show the move down, where h drops from 4 to 2, breaking
// consistency. The neighbour's true distance comes from the oracle (a
// breadth-first search here, a route independent of the reference
// solver), and so does the proof that 4 overestimates it.
func TestJavaAPIHeuristicCounterexample(t *testing.T) {
	test := apiTest()
	// Neighbours in the report's order: the blank up, down, left, right.
	// Right values: hamming 3 1 3 3, manhattan 3 1 3 3; counting the
	// blank adds its distance to its corner: 3 1 3 1.
	report := withNeighborValues(strings.Replace(goodReport, "manhattan = 2", "manhattan = 4", 1), []int{3, 1, 3, 3}, []int{6, 2, 6, 4})
	checks := judgeChecks(t, report, test)
	if c := checks[grader.APIHamming]; !c.Passed || c.Counterexample != nil {
		t.Errorf("hamming, right on the board: %+v", c)
	}
	c := checks[grader.APIManhattan]
	if c.Passed || c.Counterexample == nil {
		t.Fatalf("manhattan: %+v", c)
	}
	rows := func(cells ...int) [][]int { return [][]int{cells[0:3], cells[3:6], cells[6:9]} }
	want := &grader.HeuristicCounterexample{
		HeuristicBoard: grader.HeuristicBoard{Board: rows(1, 2, 3, 4, 0, 6, 7, 5, 8), H: 4, Right: 2, HStar: ptr(2), Overestimates: true},
		Neighbor:       &grader.HeuristicBoard{Board: rows(1, 2, 3, 4, 5, 6, 7, 0, 8), H: 2, Right: 1, HStarUnknown: "not proved"},
		Move:           "DOWN",
	}
	if d := cmp.Diff(want, c.Counterexample); d != "" {
		t.Errorf("before the proof (-want +got):\n%s", d)
	}

	oracle := newBFSOracle(test.Goal)
	checkList := []grader.Criterion{c}
	if err := grader.ProveHeuristicDistances(context.Background(), checkList, test.Goal, oracle); err != nil {
		t.Fatal(err)
	}
	want.Neighbor.HStar, want.Neighbor.HStarUnknown, want.Neighbor.Overestimates = ptr(1), "", true
	if d := cmp.Diff(want, checkList[0].Counterexample); d != "" {
		t.Errorf("after the proof (-want +got):\n%s", d)
	}
	if oracle.calls != 1 {
		t.Errorf("the oracle was asked %d times; only the neighbour's distance was not known", oracle.calls)
	}
	// The overestimate holds against the breadth-first distances too.
	for _, hb := range []grader.HeuristicBoard{want.HeuristicBoard, *want.Neighbor} {
		var cells []int
		for _, r := range hb.Board {
			cells = append(cells, r...)
		}
		b, _ := puzzles.NewBoard(puzzles.Shape{Rows: 3, Cols: 3}, cells)
		if d, _, _ := oracle.Optimal(context.Background(), b, test.Goal); hb.H <= d || *hb.HStar != d {
			t.Errorf("%v: h = %d, h* = %d, breadth-first distance %d", hb.Board, hb.H, *hb.HStar, d)
		}
	}

	wantLines := []string{
		"manhattan() overestimates here: h = 4, but the goal is 2 moves away, so it is not admissible (A* with it may return a longer solution than the shortest):",
		"    1 2 3",
		"    4 _ 6",
		"    7 5 8",
		"    h = 4 (should be 2), h* = 2",
		"manhattan() is not consistent: when the blank moves DOWN, h drops by 2, more than the 1 move made (h(a) > 1 + h(b)):",
		"    1 2 3                              1 2 3",
		"    4 _ 6                         ->   4 5 6",
		"    7 5 8                              7 _ 8",
		"    h = 4 (should be 2), h* = 2        h = 2 (should be 1), h* = 1",
	}
	if d := cmp.Diff(wantLines, checkList[0].Counterexample.Lines("manhattan()")); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// A wrong value that does not overestimate says so; without values on
// the neighbours there is no consistency to judge; a value that is not a
// number, or a right one, has no counterexample; on an unsolvable
// puzzle there is no distance, and none is asked for.
func TestJavaAPIHeuristicCounterexampleCases(t *testing.T) {
	test := apiTest()
	c := judgeChecks(t, strings.Replace(goodReport, "hamming = 2", "hamming = 1", 1), test)[grader.APIHamming]
	want := &grader.HeuristicCounterexample{HeuristicBoard: grader.HeuristicBoard{
		Board: [][]int{{1, 2, 3}, {4, 0, 6}, {7, 5, 8}}, H: 1, Right: 2, HStar: ptr(2)}}
	if d := cmp.Diff(want, c.Counterexample); c.Passed || d != "" {
		t.Errorf("hamming 1 (-want +got):\n%s", d)
	}
	if got := c.Counterexample.Lines("hamming()")[0]; got != "hamming() is wrong here but does not overestimate: h = 1, not 2, and the goal is 2 moves away:" {
		t.Errorf("first line %q", got)
	}

	for _, value := range []string{"two", "2.5", ""} {
		c := judgeChecks(t, strings.Replace(goodReport, "manhattan = 2", "manhattan = "+value, 1), test)[grader.APIManhattan]
		if c.Passed || c.Counterexample != nil {
			t.Errorf("manhattan %q: %+v", value, c)
		}
	}

	// Neighbour values, but the blank-counting h changes by at most 1
	// across every move from 1 2 3 / 4 5 6 / 7 _ 8: no neighbour is
	// named.
	near := test
	near.Board = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	near.Optimum = check.KnownOptimum(1, "answer key")
	report := `kpuzzle-api 1
manhattan = 2
neighbor :
| 1 2 3
| 4 0 6
| 7 5 8
neighbor_hamming = 2
neighbor_manhattan = 4
neighbor :
| 1 2 3
| 4 5 6
| 0 7 8
neighbor_hamming = 3
neighbor_manhattan = 4
neighbor :
| 1 2 3
| 4 5 6
| 7 8 0
neighbor_hamming = 0
neighbor_manhattan = 0
`
	c = judgeChecks(t, report, near)[grader.APIManhattan]
	// Going right reaches the goal: h drops from 2 to 0.
	if c.Counterexample == nil || c.Counterexample.Neighbor == nil || c.Counterexample.Move != "RIGHT" || c.Counterexample.Neighbor.H != 0 {
		t.Errorf("near the goal: %+v", c.Counterexample)
	}
	// A neighbour that is not one move away is not one.
	far := "kpuzzle-api 1\nmanhattan = 2\nneighbor :\n| 1 2 3\n| 4 5 6\n| 8 7 0\nneighbor_hamming = 0\nneighbor_manhattan = 0\n"
	if c := judgeChecks(t, far, near)[grader.APIManhattan]; c.Counterexample == nil || c.Counterexample.Neighbor != nil {
		t.Errorf("a board two moves away taken for a neighbour: %+v", c.Counterexample)
	}

	unsolvable := test
	unsolvable.Board = puzzles.MustBoard(3, 3, 2, 1, 3, 4, 0, 6, 7, 5, 8)
	unsolvable.Solvable, unsolvable.Optimum = false, check.Optimum{}
	c = judgeChecks(t, strings.Replace(goodReport, "hamming = 2", "hamming = 9", 1), unsolvable)[grader.APIHamming]
	oracle := newBFSOracle(test.Goal)
	if err := grader.ProveHeuristicDistances(context.Background(), []grader.Criterion{c}, test.Goal, oracle); err != nil {
		t.Fatal(err)
	}
	if c.Counterexample == nil || c.Counterexample.HStar != nil || c.Counterexample.Overestimates || oracle.calls != 0 {
		t.Errorf("unsolvable: %+v, %d oracle calls", c.Counterexample, oracle.calls)
	}
	if got := c.Counterexample.Lines("hamming()")[0]; !strings.Contains(got, "the puzzle has no solution") {
		t.Errorf("unsolvable: %q", got)
	}

	// Without an oracle, or beyond its budget, a distance stays unknown
	// and the lines say whether h overestimates is not known.
	unknown := test
	unknown.Optimum = check.Optimum{Unknown: "the reference solver did not finish within 1s"}
	c = judgeChecks(t, strings.Replace(goodReport, "hamming = 2", "hamming = 9", 1), unknown)[grader.APIHamming]
	if err := grader.ProveHeuristicDistances(context.Background(), []grader.Criterion{c}, test.Goal, failingOracle); err != nil {
		t.Fatal(err)
	}
	if got := c.Counterexample.Lines("hamming()")[0]; c.Counterexample.HStar != nil ||
		got != "hamming() is wrong here: h = 9, not 2; whether it overestimates is not known (the true distance was not proved: out of pattern databases):" {
		t.Errorf("unknown: %q, %+v", got, c.Counterexample)
	}
}

// tableOracle proves distances from the exact table of every board
// (reference/exact, built breadth-first from the goal), counting the
// boards it was asked about.
type tableOracle struct {
	table *exact.Table
	calls int
}

func newBFSOracle(g puzzles.Goal) *tableOracle {
	t, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		panic(err)
	}
	return &tableOracle{table: t}
}

func (o *tableOracle) Optimal(_ context.Context, b puzzles.Board, _ puzzles.Goal) (int, string, error) {
	o.calls++
	d, ok := o.table.DistanceBoard(b)
	if !ok {
		return 0, "", fmt.Errorf("exact table: %w", puzzles.ErrUnsolvable)
	}
	return d, "exact table", nil
}

// failingOracle fails for a reason of its own.
var failingOracle = check.OracleFunc(func(context.Context, puzzles.Board, puzzles.Goal) (int, string, error) {
	return 0, "", errors.New("out of pattern databases")
})
