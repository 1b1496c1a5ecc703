package bench_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
)

// TestProveCheapFirst: keys that IDA* with linear conflicts proves within
// the budget never ask for a pattern database (the pick would fail); when
// the budget is too small for some, only those go to the heuristic the
// pick chooses, and every key is still proved optimal.
func TestProveCheapFirst(t *testing.T) {
	ctx := context.Background()
	insts := eightPuzzles(t, 2, 4, 14, 24)
	combo := []bench.Combo{{Algorithm: "idastar"}}
	picked := 0
	refuse := func(puzzles.Goal) (string, string, error) {
		picked++
		return "", "", errors.New("a pattern database would be built here")
	}
	rep, err := bench.ProveCheapFirst(ctx, bench.Config{Combos: combo, Instances: insts, PickHeuristic: refuse}, bench.CheapFirst{})
	if err != nil || picked != 0 {
		t.Fatalf("cheap keys: picked %d times, %v", picked, err)
	}
	if !rep.AllOptimal() || !strings.Contains(strings.Join(rep.Notes, "\n"), "no pattern database was needed") {
		t.Errorf("cheap keys: all optimal %v, notes %q", rep.AllOptimal(), rep.Notes)
	}

	// A budget that only the shallow keys fit: the others go to the pick.
	stronger := func(puzzles.Goal) (string, string, error) { picked++; return "manhattan", "", nil }
	rep, err = bench.ProveCheapFirst(ctx, bench.Config{Combos: combo, Instances: insts, PickHeuristic: stronger}, bench.CheapFirst{MaxNodes: 200})
	if err != nil || picked != 1 {
		t.Fatalf("small budget: picked %d times, %v", picked, err)
	}
	cr := rep.Combos[0]
	routes := map[string]int{}
	for i, r := range cr.Results {
		if !r.Status.Finished() || r.Length != insts[i].Optimal {
			t.Errorf("%s: %s, length %d, want %d", insts[i].Name, r.Status, r.Length, insts[i].Optimal)
		}
		routes[r.Route]++
	}
	if len(routes) != 2 || len(cr.Heuristics) != 2 || cr.Summary.Solved != len(insts) {
		t.Errorf("routes %v, heuristics %+v, solved %d: want both passes, every instance", routes, cr.Heuristics, cr.Summary.Solved)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "needed a stronger heuristic") {
		t.Errorf("notes %q", rep.Notes)
	}
	if _, err := bench.ProveCheapFirst(ctx, bench.Config{Combos: []bench.Combo{{Algorithm: "astar"}}, Instances: insts}, bench.CheapFirst{}); err == nil {
		t.Error("a combination other than IDA* with a picked heuristic was accepted")
	}
}
