package reference_test

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// TestStandardHeuristicsDynamic checks the registration of pdb:pairs and
// pdb:dynamic: their strengths lie between linear conflict and the
// shipped static databases, they fit the boards their tables allow, IDA*
// with them (routed through dynamic.Solve) finds the published length of
// a Korf instance with the same node counts as the generic loop (taken
// when a trace is asked for), a node budget stops it with the search
// package's error, and the auto route still passes over them.
func TestStandardHeuristicsDynamic(t *testing.T) {
	ctx := context.Background()
	hs := reference.StandardHeuristics(pdb.Options{Dir: t.TempDir()})
	strength := map[string]int{}
	for _, name := range []string{"linear-conflict", "pdb:pairs", "pdb:dynamic", "pdb:555"} {
		info, ok := hs.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		strength[name] = info.Strength
	}
	if !(strength["linear-conflict"] < strength["pdb:pairs"] && strength["pdb:pairs"] < strength["pdb:dynamic"] && strength["pdb:dynamic"] < strength["pdb:555"]) {
		t.Errorf("strengths %v: want linear-conflict < pdb:pairs < pdb:dynamic < pdb:555", strength)
	}
	fits := map[string][]bool{}
	for _, name := range []string{"pdb:pairs", "pdb:dynamic"} {
		info, _ := hs.Lookup(name)
		for _, s := range []puzzles.Shape{{Rows: 2, Cols: 2}, {Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 6, Cols: 7}} {
			fits[name] = append(fits[name], info.Fits(s))
		}
	}
	if diff := cmp.Diff(map[string][]bool{"pdb:pairs": {true, true, true, true, false}, "pdb:dynamic": {true, true, true, false, false}}, fits); diff != "" {
		t.Errorf("Fits on 2x2, 4x4, 5x5, 6x6, 6x7 (-want +got):\n%s", diff)
	}

	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	in := set.Instances[8] // instance 9, 46 moves
	g := set.Goal(in)
	prover := &reference.Prover{Heuristics: hs}
	for _, name := range []string{"pdb:pairs", "pdb:dynamic"} {
		req := reference.Request{Board: in.Board, Goal: g, Algorithm: "idastar", Heuristic: name, Prover: prover}
		pruned, err := reference.Solve(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		req.Options.InverseOnly = true
		fast, err := reference.Solve(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if len(pruned.Path) != in.Optimal || pruned.Stats.Generated >= fast.Stats.Generated {
			t.Errorf("%s, duplicates pruned: %d moves and %d nodes; without, %d nodes", name, len(pruned.Path), pruned.Stats.Generated, fast.Stats.Generated)
		}
		req.Options.Trace = io.Discard
		generic, err := reference.Solve(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if len(fast.Path) != in.Optimal || !fast.Optimal || fast.Result.Heuristic != name || len(generic.Path) != in.Optimal {
			t.Errorf("%s: %d moves (optimal %v, heuristic %q), generic %d; want %d", name, len(fast.Path), fast.Optimal, fast.Result.Heuristic, len(generic.Path), in.Optimal)
		}
		want := [2]int64{generic.Stats.Expanded, generic.Stats.Generated}
		if diff := cmp.Diff(want, [2]int64{fast.Stats.Expanded, fast.Stats.Generated}); diff != "" {
			t.Errorf("%s: expanded and generated, generic loop (-) against dynamic.Solve (+):\n%s", name, diff)
		}
		req.Options = search.Options{Limits: search.Limits{MaxNodes: 3}}
		if _, err := reference.Solve(ctx, req); !errors.Is(err, search.ErrNodeLimit) {
			t.Errorf("%s with a budget of 3 expansions: err = %v, want ErrNodeLimit", name, err)
		}
	}

	proof, err := prover.Prove(ctx, in.Board, g)
	if err != nil {
		t.Fatal(err)
	}
	if proof.Method != "IDA* + linear-conflict" {
		t.Errorf("auto route with an empty database cache: %q, want IDA* + linear-conflict", proof.Method)
	}
}
