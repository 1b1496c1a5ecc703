package search_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// parallelHeuristics are the heuristics the parallel tests run: the tile
// kernel (manhattan, misplaced), the generic loop with an incremental
// heuristic (linear conflict) and with Estimate alone (opaque).
func parallelHeuristics() []struct {
	name string
	mk   heuristicMaker
} {
	return []struct {
		name string
		mk   heuristicMaker
	}{
		{"manhattan", manhattan},
		{"misplaced", misplaced},
		{"linear-conflict", linear},
		{"opaque-manhattan", func(g puzzles.Goal) search.Heuristic { return opaque{manhattan(g)} }},
	}
}

// TestIDAStarParallelOptimal checks that parallel IDA* finds paths of the
// exact distance, legal and reaching the goal, on random 3x3 and 2x4
// boards with 2 to 8 threads; that the path is the serial search's; and
// that iterations before the last count exactly the serial search's
// nodes.
func TestIDAStarParallelOptimal(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	ctx := context.Background()
	for _, shape := range []puzzles.Shape{shape3x3, shape2x4} {
		g := puzzles.DefaultGoal(shape)
		tb := table(t, g)
		boards := randomStates(g, 12, 19)
		for _, hh := range parallelHeuristics() {
			h := hcache.get(hh.name, hh.mk, g)
			for _, threads := range []int{2, 3, 8} {
				t.Run(fmt.Sprintf("%s/%s/%d", shape, hh.name, threads), func(t *testing.T) {
					for _, b := range boards {
						p := search.Problem{Start: b, Goal: g}
						want, _ := tb.DistanceBoard(b)
						serial, err := search.IDAStar(ctx, p, h, search.Options{})
						if err != nil {
							t.Fatal(err)
						}
						res, err := search.IDAStar(ctx, p, h, search.Options{Threads: threads})
						if err != nil {
							t.Fatalf("%s: %v", b, err)
						}
						if !res.Solved || !res.Optimal || res.Threads != threads {
							t.Fatalf("%s: solved=%v optimal=%v threads=%d", b, res.Solved, res.Optimal, res.Threads)
						}
						checkPath(t, b, g, res.Path)
						if len(res.Path) != want {
							t.Fatalf("%s: %d moves with %d threads, the exact distance is %d", b, len(res.Path), threads, want)
						}
						if diff := cmp.Diff(serial.Path, res.Path); diff != "" {
							t.Fatalf("%s: the parallel path is not the serial one (-serial +parallel):\n%s", b, diff)
						}
						checkIterations(t, b, serial.Stats, res.Stats)
					}
				})
			}
		}
	}
}

// checkIterations fails t unless the parallel stats par have the serial
// ones' bounds, the same counts in every iteration but the last, and
// totals that are the sums of their iterations.
func checkIterations(t *testing.T, b puzzles.Board, serial, par search.Stats) {
	t.Helper()
	if len(par.Iterations) != len(serial.Iterations) {
		t.Fatalf("%s: %d iterations in parallel, %d serially", b, len(par.Iterations), len(serial.Iterations))
	}
	last := len(serial.Iterations) - 1
	if diff := cmp.Diff(serial.Iterations[:last], par.Iterations[:last]); diff != "" {
		t.Fatalf("%s: complete iterations differ (-serial +parallel):\n%s", b, diff)
	}
	if serial.Iterations[last].Bound != par.Iterations[last].Bound {
		t.Fatalf("%s: last bound %d in parallel, %d serially", b, par.Iterations[last].Bound, serial.Iterations[last].Bound)
	}
	var e, g, byDepth int64
	for _, it := range par.Iterations {
		e += it.Expanded
		g += it.Generated
	}
	for _, n := range par.ExpandedByDepth {
		byDepth += n
	}
	if e != par.Expanded || g != par.Generated || byDepth != par.Expanded {
		t.Fatalf("%s: expanded %d, generated %d, by depth %d; the iterations sum to %d and %d", b, par.Expanded, par.Generated, byDepth, e, g)
	}
}

// TestIDAStarOneThreadIsSerial checks that Threads 0 and 1 run the serial
// search: identical results and counts.
func TestIDAStarOneThreadIsSerial(t *testing.T) {
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape3x3)
	for _, hh := range parallelHeuristics() {
		h := hcache.get(hh.name, hh.mk, g)
		for _, b := range randomStates(g, 5, 7) {
			p := search.Problem{Start: b, Goal: g}
			zero, err0 := search.IDAStar(ctx, p, h, search.Options{})
			one, err1 := search.IDAStar(ctx, p, h, search.Options{Threads: 1})
			if err0 != nil || err1 != nil {
				t.Fatal(err0, err1)
			}
			zero.Stats.Elapsed, one.Stats.Elapsed = 0, 0
			zero.Stats.AllocBytes, one.Stats.AllocBytes = 0, 0
			if diff := cmp.Diff(zero, one); diff != "" || zero.Threads != 1 {
				t.Fatalf("%s %s: Threads 1 differs from 0 (-0 +1):\n%s", hh.name, b, diff)
			}
		}
	}
}

// TestIDAStarParallelLimits checks that a node limit and a cancelled
// context stop a parallel search, and that the workers together never
// pass the limit.
func TestIDAStarParallelLimits(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	insts, g := korfT(t, 1)
	p := search.Problem{Start: insts[0].Board, Goal: g}
	for _, hh := range parallelHeuristics() {
		h := hcache.get(hh.name, hh.mk, g)
		for _, limit := range []int64{1, 100, 50_000} {
			res, err := search.IDAStar(context.Background(), p, h, search.Options{Threads: 4, Limits: search.Limits{MaxNodes: limit}})
			if !errors.Is(err, search.ErrNodeLimit) {
				t.Fatalf("%s, limit %d: err %v, want ErrNodeLimit", hh.name, limit, err)
			}
			if res.Stats.Expanded > limit || res.Stats.Expanded == 0 {
				t.Fatalf("%s, limit %d: %d expansions", hh.name, limit, res.Stats.Expanded)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := search.IDAStar(ctx, p, h, search.Options{Threads: 4}); !errors.Is(err, context.Canceled) {
			t.Fatalf("%s, cancelled: err %v", hh.name, err)
		}
	}
}

// TestIDAStarParallelGoalAtStart checks the start that is the goal, and
// a goal above the frontier's depth (found by the split's own walk).
func TestIDAStarParallelGoalAtStart(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	g := puzzles.DefaultGoal(shape3x3)
	for _, hh := range parallelHeuristics() {
		h := hcache.get(hh.name, hh.mk, g)
		b := g.Board()
		for depth := range 4 {
			res, err := search.IDAStar(context.Background(), search.Problem{Start: b, Goal: g}, h, search.Options{Threads: 2})
			if err != nil || !res.Solved || len(res.Path) != depth {
				t.Fatalf("%s at depth %d: %v, solved %v, %d moves", hh.name, depth, err, res.Solved, len(res.Path))
			}
			checkPath(t, b, g, res.Path)
			for _, d := range puzzles.Dirs {
				if nb, ok := b.Move(d); ok && len(res.Path) == depth {
					if r, _ := search.IDAStar(context.Background(), search.Problem{Start: nb, Goal: g}, h, search.Options{}); len(r.Path) == depth+1 {
						b = nb
						break
					}
				}
			}
		}
	}
}

func korfT(t *testing.T, n int) ([]puzzles.Instance, puzzles.Goal) {
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	return set.Instances[:n], set.Goal(set.Instances[0])
}

// TestIDAStarSmallIterationsRunWhole checks that iterations after a small
// one run whole on one thread: on 3x3 boards whose iterations before the
// last are all small, a search with 4 threads counts exactly what the
// serial one counts, in every iteration.
func TestIDAStarSmallIterationsRunWhole(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	checked := 0
	for _, hh := range parallelHeuristics() {
		h := hcache.get(hh.name, hh.mk, g)
		for _, b := range randomStates(g, 5, 11) {
			p := search.Problem{Start: b, Goal: g}
			serial, err0 := search.IDAStar(context.Background(), p, h, search.Options{})
			par, err1 := search.IDAStar(context.Background(), p, h, search.Options{Threads: 4})
			if err0 != nil || err1 != nil {
				t.Fatal(err0, err1)
			}
			its := serial.Stats.Iterations
			if slices.ContainsFunc(its[:len(its)-1], func(it search.Iteration) bool { return it.Expanded >= split.SerialBelow() }) {
				continue // the last iteration is split
			}
			checked++
			for _, r := range []*search.Result{&serial, &par} {
				r.Stats.Elapsed, r.Stats.AllocBytes, r.Threads = 0, 0, 0
			}
			if diff := cmp.Diff(serial, par); diff != "" {
				t.Fatalf("%s %s: 4 threads differ from the serial search (-serial +4 threads):\n%s", hh.name, b, diff)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d boards with small iterations", checked)
	}
}
