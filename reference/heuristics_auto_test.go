package reference_test

import (
	"context"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// TestAutoChoiceIsRegistered: the auto route's choice is a property of
// each registered heuristic. A NamedOnly heuristic, however strong, is
// no candidate and never the strongest, the auto route proves with the
// next one, and naming it builds it; in the standard set the dynamic
// databases are named only, and every candidate of every board the
// standard sets use may be chosen.
func TestAutoChoiceIsRegistered(t *testing.T) {
	hs := reference.BuiltinHeuristics()
	named := 0
	err := hs.Register(reference.HeuristicInfo{Name: "strong-but-named", Strength: 1000, NamedOnly: true,
		Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
			named++
			return heuristics.NewManhattan(g), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range hs.Candidates(shape3x3) {
		if c.Name == "strong-but-named" {
			t.Error("a NamedOnly heuristic is a candidate of the auto route")
		}
	}
	if info, _ := hs.Strongest(shape3x3); info.Name != "linear-conflict" {
		t.Errorf("strongest for 3x3: %s, want linear-conflict", info.Name)
	}
	g := puzzles.DefaultGoal(shape3x3)
	p := &reference.Prover{Heuristics: hs, MaxTableCells: -1}
	proof, err := p.Prove(context.Background(), puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1), g)
	if err != nil || proof.Length != 31 || proof.Method != "IDA* + linear-conflict" || named != 0 {
		t.Errorf("auto proof: %d moves by %q (%v), the named-only heuristic built %d times", proof.Length, proof.Method, err, named)
	}
	if _, err := p.Heuristic(context.Background(), "strong-but-named", g); err != nil || named != 1 {
		t.Errorf("naming it: %v, built %d times", err, named)
	}

	std := reference.StandardHeuristics(pdb.Options{Dir: t.TempDir()})
	for _, name := range []string{"pdb:pairs", "pdb:dynamic"} {
		if info, ok := std.Lookup(name); !ok || !info.NamedOnly {
			t.Errorf("%s: registered %v, named only %v; want the auto route to pass over it", name, ok, info.NamedOnly)
		}
	}
	for _, s := range []puzzles.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}, {Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}} {
		for _, c := range std.Candidates(s) {
			if c.NamedOnly || (c.Fits != nil && !c.Fits(s)) {
				t.Errorf("%s: candidate %s is named only or does not fit", s, c.Name)
			}
		}
	}
}
