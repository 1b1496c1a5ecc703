package pdb_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// TestSolveParallelRandom3x3 solves random 3x3 states with 2 to 8
// threads, with additive (reflected or not) and Max databases, and checks
// the length against the exact table, and the path and the iterations
// against the serial search.
func TestSolveParallelRandom3x3(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	for _, tc := range []partitionCase{
		{goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), mode: pdb.Additive, patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{goal: puzzles.BlankFirstGoal(puzzles.Shape{Rows: 3, Cols: 3}), mode: pdb.Additive, patterns: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8}}, noRefl: true},
		{goal: puzzles.SnailGoal(puzzles.Shape{Rows: 3, Cols: 3}), mode: pdb.Max, patterns: [][]int{{1, 2, 3, 4}}},
	} {
		h := inMemory(t, tc.goal, tc.mode, tc.patterns, tc.noRefl)
		tab := exactTable(t, tc.goal)
		for _, threads := range []int{2, 3, 8} {
			t.Run(fmt.Sprintf("%s/%d", tc, threads), func(t *testing.T) {
				rng := puzzles.NewRand(uint64(threads))
				for range 60 {
					b := puzzles.RandomSolvable(rng, tc.goal)
					want, _ := tab.DistanceBoard(b)
					spath, serial, err := pdb.Solve(context.Background(), b, h, pdb.Limits{})
					if err != nil {
						t.Fatal(err)
					}
					path, st, err := pdb.Solve(context.Background(), b, h, pdb.Limits{Threads: threads})
					if err != nil {
						t.Fatalf("%v: %v", b, err)
					}
					checkPath(t, b, tc.goal, path, want)
					if !slices.Equal(path, spath) {
						t.Fatalf("%v: parallel path %v, serial %v", b, path, spath)
					}
					if st.Iterations != serial.Iterations || st.Bound != serial.Bound || st.InitialH != serial.InitialH {
						t.Fatalf("%v: %d iterations to bound %d (h0 %d) in parallel, %d to %d (h0 %d) serially", b, st.Iterations, st.Bound, st.InitialH, serial.Iterations, serial.Bound, serial.InitialH)
					}
				}
			})
		}
	}
}

// TestSolveParallelKorf solves three of Korf's instances with 2 and 4
// threads and checks the published lengths; Threads 1 must count exactly
// what the serial search counts.
func TestSolveParallelKorf(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	st, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	g := st.Goal(st.Instances[0])
	h := inMemory(t, g, pdb.Additive, [][]int{{1, 2, 3}, {4, 5, 8, 9}, {6, 7, 10, 11}, {12, 13, 14, 15}}, false)
	for _, i := range []int{9, 47, 94} {
		inst := st.Instances[i-1]
		spath, serial, err := pdb.Solve(context.Background(), inst.Board, h, pdb.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		_, one, err := pdb.Solve(context.Background(), inst.Board, h, pdb.Limits{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		serial.Seconds, one.Seconds = 0, 0
		if serial != one {
			t.Fatalf("#%s: Threads 1 gives %+v, the serial search %+v", inst.Name, one, serial)
		}
		for _, threads := range []int{2, 4} {
			path, par, err := pdb.Solve(context.Background(), inst.Board, h, pdb.Limits{Threads: threads})
			if err != nil {
				t.Fatalf("#%s with %d threads: %v", inst.Name, threads, err)
			}
			checkPath(t, inst.Board, g, path, inst.Optimal)
			if !slices.Equal(path, spath) {
				t.Fatalf("#%s: the parallel path is not the serial one", inst.Name)
			}
			if par.Iterations != serial.Iterations || par.Bound != serial.Bound {
				t.Fatalf("#%s: %d iterations to %d, serially %d to %d", inst.Name, par.Iterations, par.Bound, serial.Iterations, serial.Bound)
			}
			t.Logf("#%s, %d threads: %d generated (serially %d)", inst.Name, threads, par.Generated, serial.Generated)
		}
	}
}

// TestSolveParallelErrors checks the limits, cancellation and the goal as
// start with several threads.
func TestSolveParallelErrors(t *testing.T) {
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	h := inMemory(t, g, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, false)
	hard := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1) // 31 moves
	for _, lim := range []pdb.Limits{{MaxNodes: 10}, {MaxNodes: 500}, {MaxExpanded: 1}, {MaxExpanded: 300}} {
		lim.Threads = 4
		_, st, err := pdb.Solve(context.Background(), hard, h, lim)
		if !errors.Is(err, pdb.ErrLimit) {
			t.Fatalf("%+v: err %v, want ErrLimit", lim, err)
		}
		if (lim.MaxNodes > 0 && st.Generated > lim.MaxNodes) || (lim.MaxExpanded > 0 && st.Expanded > lim.MaxExpanded) {
			t.Fatalf("%+v: %d generated, %d expanded: past the limit", lim, st.Generated, st.Expanded)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := pdb.Solve(ctx, hard, h, pdb.Limits{Threads: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v, want context.Canceled", err)
	}
	path, st, err := pdb.Solve(context.Background(), g.Board(), h, pdb.Limits{Threads: 2})
	if err != nil || len(path) != 0 || st.InitialH != 0 {
		t.Errorf("goal: path %v, h %d, err %v; want empty, 0, nil", path, st.InitialH, err)
	}
	near, _ := g.Board().Apply([]puzzles.Dir{puzzles.Up, puzzles.Left, puzzles.Up})
	path, _, err = pdb.Solve(context.Background(), near, h, pdb.Limits{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkPath(t, near, g, path, 3)
}
