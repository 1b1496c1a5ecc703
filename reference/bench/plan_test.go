package bench_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// manhattanOf is the Manhattan distance of b to g, counted here rather
// than by the heuristics package.
func manhattanOf(b puzzles.Board, g puzzles.Goal) int {
	d := 0
	for c, tile := range b.Cells() {
		if tile != 0 {
			d += b.Shape().Distance(c, g.Pos(tile))
		}
	}
	return d
}

// TestPickHeuristic checks that a combination naming no heuristic runs
// with the one PickHeuristic picks for its goal, that the report says
// which (and the note), and that each run's initial estimate is that
// heuristic's value of the start.
func TestPickHeuristic(t *testing.T) {
	insts := eightPuzzles(t, 2, 6, 12)
	picked := 0
	cfg := bench.Config{
		Combos:    []bench.Combo{{Algorithm: "idastar"}, {Algorithm: "astar", Heuristic: "misplaced"}},
		Instances: insts,
		PickHeuristic: func(g puzzles.Goal) (string, string, error) {
			picked++
			return "manhattan", "manhattan for the " + g.Shape().String() + " boards", nil
		},
	}
	rep, err := bench.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if picked != 1 {
		t.Errorf("PickHeuristic called %d times for one goal of one combination, want once", picked)
	}
	if diff := cmp.Diff([]string{"manhattan for the 3x3 boards"}, rep.Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	want := [][]bench.HeuristicUse{
		{{Name: "manhattan", Shape: "3x3", Goal: "default"}},
		{{Name: "misplaced", Shape: "3x3", Goal: "default"}},
	}
	for c, cr := range rep.Combos {
		if diff := cmp.Diff(want[c], cr.Heuristics); diff != "" {
			t.Errorf("%s: heuristics (-want +got):\n%s", cr.Combo, diff)
		}
		if cr.SetupSeconds < 0 {
			t.Errorf("%s: setup %v s", cr.Combo, cr.SetupSeconds)
		}
	}
	for i, r := range rep.Combos[0].Results {
		in := insts[i]
		if r.Length != in.Optimal || !strings.Contains(r.Route, "manhattan") || r.InitialH != manhattanOf(in.Board, in.Goal) {
			t.Errorf("%s: %d moves by %q from h = %d; want %d moves by manhattan from h = %d", in.Name, r.Length, r.Route, r.InitialH, in.Optimal, manhattanOf(in.Board, in.Goal))
		}
	}
	if rep.MemoryBytes == 0 {
		t.Error("no memory figure")
	}
}

// TestSummaryMeanSeconds checks the time columns: the mean over the
// solved runs beside the total of every run, stopped ones included.
func TestSummaryMeanSeconds(t *testing.T) {
	insts := eightPuzzles(t, 2, 4, 20)
	rep, err := bench.Run(context.Background(), bench.Config{Combos: mustCombos(t, "ids"), Instances: insts, Limits: bench.Limits{MaxNodes: 2000}})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Combos[0].Summary
	var total, solved float64
	n := 0
	for _, r := range rep.Combos[0].Results {
		total += r.Seconds
		if r.Status == bench.StatusSolved {
			solved += r.Seconds
			n++
		}
	}
	if n == 0 || n == len(insts) {
		t.Fatalf("%d of %d runs solved; the test needs some stopped", n, len(insts))
	}
	if math.Abs(s.Seconds-total) > 1e-12 || math.Abs(s.MeanSeconds-solved/float64(n)) > 1e-12 {
		t.Errorf("seconds %v, mean %v; want %v and %v", s.Seconds, s.MeanSeconds, total, solved/float64(n))
	}
}

// TestUnboundedAndHeuristicErrors checks what Run refuses before it runs
// anything: a combination without a limit or a pattern database on a
// 4x4 board, a heuristic it cannot have, a database that is not built
// when building is off.
func TestUnboundedAndHeuristicErrors(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	four := []bench.Instance{{Name: "six", Board: oracletest.Walk(g, 6), Goal: g, Optimal: 6}}
	dir := t.TempDir()
	prover := &reference.Prover{Heuristics: reference.StandardHeuristics(pdb.Options{Dir: dir})}
	_, err := bench.Run(context.Background(), bench.Config{Combos: mustCombos(t, "astar:manhattan"), Instances: four, Prover: prover})
	var ue *bench.UnboundedError
	if !errors.As(err, &ue) || ue.Combo.String() != "astar:manhattan" || ue.Shape != g.Shape() {
		t.Errorf("A* without a limit on 4x4: %v", err)
	}
	// A limit, a pattern database or the auto route is enough.
	for _, cfg := range []bench.Config{
		{Combos: mustCombos(t, "astar:manhattan"), Limits: bench.Limits{MaxNodes: 100000}},
		{Combos: mustCombos(t, "idastar:pdb:1-2-3-4/5-6-7-8/9-10-11-12/13-14-15")},
		{Combos: mustCombos(t, "auto")},
	} {
		cfg.Instances, cfg.Prover = four, prover
		rep, err := bench.Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%v: %v", cfg.Combos, err)
		}
		if r := rep.Combos[0].Results[0]; r.Length != 6 || rep.Combos[0].Summary.Mismatches != 0 {
			t.Errorf("%v: %+v", cfg.Combos, r)
		}
	}

	var he *bench.HeuristicError
	_, err = bench.Run(context.Background(), bench.Config{Combos: []bench.Combo{{Algorithm: "astar", Heuristic: "nonsense"}}, Instances: four, Limits: bench.Limits{MaxNodes: 10}, Prover: prover})
	if !errors.As(err, &he) || he.Heuristic != "nonsense" || he.Goal.Shape() != g.Shape() {
		t.Errorf("unknown heuristic: %v", err)
	}
	noBuild := &reference.Prover{Heuristics: reference.StandardHeuristics(pdb.Options{Dir: t.TempDir(), NoBuild: true})}
	_, err = bench.Run(context.Background(), bench.Config{Combos: mustCombos(t, "idastar:pdb:663"), Instances: four, Prover: noBuild})
	if !errors.As(err, &he) || !errors.Is(err, pdb.ErrNotBuilt) || he.Heuristic != "pdb:663" {
		t.Errorf("a database not built: %v", err)
	}
}

func TestStrongestDatabase(t *testing.T) {
	pick := bench.StrongestDatabase(t.TempDir())
	for _, tc := range []struct {
		goal       puzzles.Goal
		name, note string
	}{
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), "pdb:auto", ""},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 5}), "pdb:auto", ""},
		{puzzles.BlankFirstGoal(puzzles.Shape{Rows: 4, Cols: 4}), "pdb:663", "pdb:78 is not built for the 4x4 blank-first goal"},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 5, Cols: 5}), "pdb:6666", ""},
	} {
		name, note, err := pick(tc.goal)
		if err != nil || name != tc.name || (tc.note == "") != (note == "") || !strings.Contains(note, tc.note) {
			t.Errorf("%s %s: %q, note %q, %v; want %q, a note with %q", tc.goal.Shape(), tc.goal.Name(), name, note, err, tc.name, tc.note)
		}
	}
}
