package dynamic_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
)

// TestSolveParallel solves random 3x3 states with 2 to 8 threads against
// the exact table, and two of Korf's instances against their published
// lengths, with pairs and with triples; the path and the iterations must
// be the serial search's.
func TestSolveParallel(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape33)
	tab := exactTable(t, g)
	for _, triples := range []bool{false, true} {
		h := heuristic(t, g, triples)
		for _, threads := range []int{2, 3, 8} {
			t.Run(fmt.Sprintf("%s/%d", h.Name(), threads), func(t *testing.T) {
				rng := puzzles.NewRand(uint64(threads))
				for range 40 {
					b := puzzles.RandomSolvable(rng, g)
					want, _ := tab.DistanceBoard(b)
					spath, serial, err := dynamic.Solve(ctx, b, h, pdb.Limits{})
					if err != nil {
						t.Fatal(err)
					}
					path, st, err := dynamic.Solve(ctx, b, h, pdb.Limits{Threads: threads})
					if err != nil {
						t.Fatalf("%v: %v", b, err)
					}
					checkSolution(t, b, g, path, want)
					if !slices.Equal(path, spath) {
						t.Fatalf("%v: parallel path %v, serial %v", b, path, spath)
					}
					if st.Iterations != serial.Iterations || st.Bound != serial.Bound {
						t.Fatalf("%v: %d iterations to %d, serially %d to %d", b, st.Iterations, st.Bound, serial.Iterations, serial.Bound)
					}
				}
			})
		}
	}
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	g44 := set.Goal(set.Instances[0])
	h44 := heuristic(t, g44, true)
	for _, i := range []int{9, 94} {
		inst := set.Instances[i-1]
		spath, serial, err := dynamic.Solve(ctx, inst.Board, h44, pdb.Limits{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		path, par, err := dynamic.Solve(ctx, inst.Board, h44, pdb.Limits{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, inst.Board, g44, path, inst.Optimal)
		if !slices.Equal(path, spath) {
			t.Fatalf("#%s: the parallel path is not the serial one", inst.Name)
		}
		if par.Iterations != serial.Iterations {
			t.Fatalf("#%s: %d iterations, serially %d", inst.Name, par.Iterations, serial.Iterations)
		}
	}
	_, st, err := dynamic.Solve(ctx, set.Instances[0].Board, h44, pdb.Limits{MaxExpanded: 100, Threads: 4})
	if !errors.Is(err, pdb.ErrLimit) || st.Expanded > 100 || st.Expanded == 0 {
		t.Errorf("100 expansions over 4 threads: %v after %d expansions", err, st.Expanded)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := dynamic.Solve(cancelled, set.Instances[0].Board, h44, pdb.Limits{Threads: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func checkSolution(t *testing.T, b puzzles.Board, g puzzles.Goal, path []puzzles.Dir, want int) {
	t.Helper()
	end, err := b.Apply(path)
	if err != nil || !g.Reached(end) || len(path) != want {
		t.Fatalf("%v: path of %d moves (optimal %d) ends on %v, err %v", b, len(path), want, end, err)
	}
}
