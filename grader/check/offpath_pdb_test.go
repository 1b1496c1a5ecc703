package check_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// TestOffPathWithPatternDatabases finds the first move off every optimal
// path on 4x4 and 5x5 boards with a prover whose distances come from
// IDA* with an additive pattern database (5-5-5 on 4x4; eight groups of
// three tiles on 5x5, built in memory), and checks it against a
// move-by-move scan of distances proved by another route: IDA* with
// linear conflict.
func TestOffPathWithPatternDatabases(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pattern databases and proves a few hundred 4x4 and 5x5 distances; go test without -short runs it")
	}
	ctx := context.Background()
	for _, tc := range []struct {
		shape     puzzles.Shape
		heuristic string
		depth     int
	}{
		{puzzles.Shape{Rows: 4, Cols: 4}, "pdb:555", 34},
		{puzzles.Shape{Rows: 5, Cols: 5}, "pdb:1-2-3/4-5-6/7-8-9/10-11-12/13-14-15/16-17-18/19-20-21/22-23-24", 24},
	} {
		t.Run(tc.shape.String(), func(t *testing.T) {
			goal := puzzles.DefaultGoal(tc.shape)
			hs := reference.StandardHeuristics(pdb.Options{Dir: t.TempDir(), NoSave: true})
			prover := &reference.Prover{Heuristics: hs}
			routes := map[string]int{}
			oracle := check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
				sol, err := reference.Solve(ctx, reference.Request{Board: b, Goal: g, Algorithm: "idastar", Heuristic: tc.heuristic, Prover: prover})
				routes[sol.Route]++
				return len(sol.Path), sol.Route, err
			})
			other := func(b puzzles.Board) int {
				sol, err := reference.Solve(ctx, reference.Request{Board: b, Goal: goal, Algorithm: "idastar", Heuristic: "linear-conflict",
					Options: search.Options{Limits: search.Limits{MaxNodes: 50_000_000}}})
				if err != nil {
					t.Fatalf("%s: linear conflict: %v", b, err)
				}
				return len(sol.Path)
			}
			rng := rand.New(rand.NewPCG(uint64(tc.shape.Cells()), 7))
			for i := range 12 {
				b, _ := puzzles.RandomWalk(rng, goal, tc.depth+rng.IntN(8))
				// An answer: a few random moves, then an optimal path
				// from where they lead (found by the pattern database),
				// or, every third, stopping short.
				var path []puzzles.Dir
				cur := b
				for range 1 + rng.IntN(5) {
					nb := cur.Neighbors()
					st := nb[rng.IntN(len(nb))]
					path = append(path, st.Dir)
					cur = st.Board
				}
				if i%3 != 0 {
					sol, err := reference.Solve(ctx, reference.Request{Board: cur, Goal: goal, Algorithm: "idastar", Heuristic: tc.heuristic, Prover: prover})
					if err != nil {
						t.Fatal(err)
					}
					path = append(path, sol.Path...)
				}
				p := check.Problem{Board: b, Goal: goal, Convention: puzzles.BlankMoves}
				rep, err := check.Parsed(ctx, p, puzzles.AnswerFromPath(path, p.Convention), check.Options{Oracle: oracle})
				if err != nil {
					t.Fatal(err)
				}
				compareOffPath(t, p, path, rep, other)
			}
			if len(routes) != 1 || routes["idastar + "+tc.heuristic] == 0 {
				t.Errorf("the distances were proved by %v, want IDA* with %s", routes, tc.heuristic)
			}
		})
	}
}
