package audit_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

func statsOptions(t *testing.T) audit.StatsOptions {
	return audit.StatsOptions{Heuristics: reference.StandardHeuristics(pdb.Options{Dir: t.TempDir(), NoSave: true})}
}

// TestStatsOfRealSearchesArePossible runs the reference solver's searches
// on 8-puzzle instances at several depths and submits their own counts as
// claims: every figure must be judged possible.
func TestStatsOfRealSearchesArePossible(t *testing.T) {
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(t, shape3x3)
	rng := puzzles.NewRand(3)
	var boards []puzzles.Board
	for _, d := range []int{0, 1, 2, 5, 9, 14} {
		b, ok := tb.RandomAt(rng, d)
		if !ok {
			t.Fatal("no state at depth", d)
		}
		boards = append(boards, b)
	}
	md := heuristics.NewManhattan(g)
	lc := heuristics.NewLinearConflict(g)
	mis := heuristics.NewMisplaced(g)
	type run struct {
		algo, heuristic string
		f               func(p search.Problem) (search.Result, error)
	}
	runs := []run{
		{"bfs", "", func(p search.Problem) (search.Result, error) { return search.BFS(ctx, p, search.Options{}) }},
		{"ucs", "", func(p search.Problem) (search.Result, error) { return search.UCS(ctx, p, search.Options{}) }},
		{"ids", "", func(p search.Problem) (search.Result, error) { return search.IDS(ctx, p, search.Options{}) }},
		{"greedy", "manhattan", func(p search.Problem) (search.Result, error) { return search.Greedy(ctx, p, md, search.Options{}) }},
		{"bidirectional", "", func(p search.Problem) (search.Result, error) { return search.Bidirectional(ctx, p, search.Options{}) }},
	}
	for _, h := range []search.Heuristic{mis, md, lc} {
		runs = append(runs,
			run{"astar", h.Name(), func(p search.Problem) (search.Result, error) { return search.AStar(ctx, p, h, search.Options{}) }},
			run{"idastar", h.Name(), func(p search.Problem) (search.Result, error) { return search.IDAStar(ctx, p, h, search.Options{}) }},
			run{"rbfs", h.Name(), func(p search.Problem) (search.Result, error) { return search.RBFS(ctx, p, h, search.Options{}) }},
		)
	}
	for _, tie := range search.TieBreaks() {
		runs = append(runs, run{"astar", "manhattan", func(p search.Problem) (search.Result, error) {
			return search.AStar(ctx, p, md, search.Options{TieBreak: tie})
		}})
	}
	var text strings.Builder
	text.WriteString("algorithm,heuristic,puzzle,expanded,max_frontier,generated\n")
	for _, b := range boards {
		d, _ := tb.DistanceBoard(b)
		for _, r := range runs {
			if r.algo == "ids" && d > 9 {
				continue // IDS is slow beyond that
			}
			res, err := r.f(search.Problem{Start: b, Goal: g})
			if err != nil {
				t.Fatalf("%s on %s: %v", r.algo, b, err)
			}
			fmt.Fprintf(&text, "%s,%s,%s,%d,%d,%d\n", r.algo, r.heuristic, b, res.Stats.Expanded, res.Stats.MaxFrontier, res.Stats.Generated)
		}
	}
	claims, err := audit.ParseStatsClaims(strings.NewReader(text.String()), "runs.csv", audit.StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := audit.JudgeStats(ctx, claims, statsOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if !rep.AllPossible || rep.Impossible != 0 {
		for _, c := range rep.Claims {
			for _, f := range c.Figures {
				if f.Verdict == audit.VerdictImpossible {
					t.Errorf("line %d: %s %s on %s: %s = %v judged impossible: %s", c.Line, c.Algorithm, c.Heuristic, c.Puzzle, f.Name, f.Claimed, f.Reason)
				}
			}
		}
	}
	checked := 0
	for _, c := range rep.Claims {
		for _, f := range c.Figures {
			if f.Verdict == audit.VerdictPossible && f.High != nil {
				checked++
			}
		}
	}
	if checked < len(claims) {
		t.Errorf("only %d figures were checked against an upper bound, for %d claims", checked, len(claims))
	}
}

// TestStatsAStarBandIndependently recomputes the A* band from two exact
// tables (distances from the start, distances to the goal) and compares
// it with the bounds the checker reports.
func TestStatsAStarBandIndependently(t *testing.T) {
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(t, shape3x3)
	md := heuristics.NewManhattan(g)
	b, _ := tb.RandomAt(puzzles.NewRand(9), 18)
	fromStart, err := exact.Build(ctx, puzzles.NewGoal(b, "start"), exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cost, _ := tb.DistanceBoard(b)
	var must, may float64
	for cells, gs := range fromStart.All() {
		f := gs + md.Estimate(cells)
		if f < cost {
			must++
		}
		if f <= cost {
			may++
		}
	}
	may-- // the goal
	claims, err := audit.ParseStatsClaims(strings.NewReader("algorithm,heuristic,puzzle,expanded\nastar,manhattan,"+b.String()+",1\n"), "c.csv", audit.StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := audit.JudgeStats(ctx, claims, statsOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Claims[0].Figures[0]
	if f.Low == nil || f.High == nil || *f.Low != must || *f.High != may {
		t.Fatalf("band %v..%v; independent count %v..%v", f.Low, f.High, must, may)
	}
	if f.Verdict != audit.VerdictImpossible || must <= 1 {
		t.Errorf("1 expansion judged %s (must expand %v)", f.Verdict, must)
	}
}

// TestStatsImpossibleClaims: figures that no run can produce.
func TestStatsImpossibleClaims(t *testing.T) {
	hardest, err := puzzles.LoadSet("8puzzle-hardest")
	if err != nil {
		t.Fatal(err)
	}
	h31 := hardest.Instances[0].Board.String()
	text := "Algorithm\tHeuristic\tPuzzle\tNodes expanded\tMax frontier\tGenerated\n" +
		"IDS\t\t" + h31 + "\t\t6·10^12\t\n" + // the frontier claim of the issue
		"ids\t\t" + h31 + "\t\t124\t\n" + // b·d = 4 × 31: possible
		"BFS\t\t" + h31 + "\t181441\t\t\n" + // more than the reachable states
		"a*\tmanhattan\t" + h31 + "\t10\t\t\n" + // below the must-expand band
		"astar\tmanhattan\t" + h31 + "\t1000\t\t5000\n" + // 5000 > 4 × 1000 generated
		"dfs\t\t" + h31 + "\t123456789\t\t\n" // unchecked
	claims, err := audit.ParseStatsClaims(strings.NewReader(text), "claims.tsv", audit.StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := audit.JudgeStats(context.Background(), claims, statsOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		Line            int
		Figure, Verdict string
	}
	var got []verdict
	for _, c := range rep.Claims {
		for _, f := range c.Figures {
			got = append(got, verdict{c.Line, f.Name, f.Verdict})
		}
		if c.OptimalLength != 31 || c.Branching != 4 {
			t.Errorf("line %d: optimal length %d, branching %d", c.Line, c.OptimalLength, c.Branching)
		}
	}
	want := []verdict{
		{2, "max_frontier", "impossible"},
		{3, "max_frontier", "possible"},
		{4, "expanded", "impossible"},
		{5, "expanded", "impossible"},
		{6, "expanded", "impossible"}, // 1000 is below the band of the hardest 8-puzzle too
		{6, "generated", "impossible"},
		{7, "expanded", "unchecked"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if rep.AllPossible || rep.Impossible != 5 || rep.Unchecked != 1 {
		t.Errorf("all_possible %v impossible %d unchecked %d", rep.AllPossible, rep.Impossible, rep.Unchecked)
	}
	if r := rep.Claims[0].Figures[0].Reason; !strings.Contains(r, "4 × 31") {
		t.Errorf("reason %q does not say b × d", r)
	}
}

// TestStatsClaimWithItsOwnGoal checks that a puzzle the resolver poses
// against a goal of its own (as kpuzzle poses an instance of a shipped
// set against the set's goal) is judged against that goal: its optimal
// length is the exact distance to it, not to StatsOptions.Goal.
func TestStatsClaimWithItsOwnGoal(t *testing.T) {
	shape := puzzles.Shape{Rows: 2, Cols: 3}
	first, def := puzzles.BlankFirstGoal(shape), puzzles.DefaultGoal(shape)
	tables := map[bool]*exact.Table{}
	for _, blankFirst := range []bool{true, false} {
		g := def
		if blankFirst {
			g = first
		}
		tab, err := exact.Build(context.Background(), g, exact.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tables[blankFirst] = tab
	}
	// A board that both goals can reach, at different distances.
	var b puzzles.Board
	var want []int
	for _, cand := range tables[true].SampleAt(puzzles.NewRand(3), 9, 20) {
		df, ok1 := tables[true].DistanceBoard(cand)
		dd, ok2 := tables[false].DistanceBoard(cand)
		if ok1 && ok2 && df != dd {
			b, want = cand, []int{df, dd}
			break
		}
	}
	if b.IsZero() {
		t.Fatal("no 2x3 board at depth 9 from blank-first at another distance from the default goal")
	}
	text := "algorithm,puzzle,expanded\nbfs,named,1\nbfs," + b.String() + ",1\n"
	opts := statsOptions(t)
	opts.Shape = shape
	opts.Resolve = func(p string) (puzzles.Board, puzzles.Goal, error) { return b, first, nil }
	claims, err := audit.ParseStatsClaims(strings.NewReader(text), "claims.csv", opts)
	if err != nil {
		t.Fatal(err)
	}
	if !claims[0].Goal.Board().Equal(first.Board()) || !claims[1].Goal.IsZero() {
		t.Fatalf("goals %s and %s; want blank-first for the named puzzle, none for the cells", claims[0].Goal.Board(), claims[1].Goal.Board())
	}
	rep, err := audit.JudgeStats(context.Background(), claims, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := []int{rep.Claims[0].OptimalLength, rep.Claims[1].OptimalLength}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("optimal lengths against blank-first and the default goal (-want +got):\n%s", diff)
	}
}

func TestParseCount(t *testing.T) {
	for in, want := range map[string]float64{
		"181440": 181440, "181,440": 181440, "181_440": 181440, "181 440": 181440, "6e12": 6e12, "6.5E12": 6.5e12,
		"6·10^12": 6e12, "6*10^12": 6e12, "6x10^12": 6e12, "6 × 10^12": 6e12, "10^3": 1000, "0": 0,
	} {
		got, err := audit.ParseCount(in)
		if err != nil || got != want {
			t.Errorf("ParseCount(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1", "1.5", "abc", "1e400", "610^3", "10^x", "NaN", "0x10"} {
		if _, err := audit.ParseCount(in); !errors.Is(err, audit.ErrCount) {
			t.Errorf("ParseCount(%q): error %v; want ErrCount", in, err)
		}
	}
}

func TestParseStatsClaimsErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line, col  int
		fragment   string
	}{
		{"no figures", "algorithm,puzzle\nbfs,1 2 3 4 5 6 7 8 0\n", 1, 0, "at least one of expanded"},
		{"unknown algorithm", "algorithm,puzzle,expanded\nbogo,1 2 3 4 5 6 7 8 0,3\n", 2, 1, `unknown algorithm "bogo"`},
		{"bad puzzle", "algorithm,puzzle,expanded\nbfs,1 2 3 4 5 6 7 8 8,3\n", 2, 5, "twice"},
		{"bad count", "algorithm,puzzle,expanded\nbfs,1 2 3 4 5 6 7 8 0,lots\n", 2, 23, `"lots"`},
		{"puzzle name without resolver", "algorithm,puzzle,expanded\nbfs,set:korf100/1,3\n", 2, 5, "cells separated by spaces"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := audit.ParseStatsClaims(strings.NewReader(tc.text), "s.csv", audit.StatsOptions{})
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(err.Error(), tc.fragment) {
				t.Errorf("error %v; want s.csv:%d:%d mentioning %q", err, tc.line, tc.col, tc.fragment)
			}
		})
	}
}
