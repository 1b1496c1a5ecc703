package exact_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// TestBuildPublishedDepths checks the state counts per depth of the
// default goal against the published tables.
func TestBuildPublishedDepths(t *testing.T) {
	for _, s := range []puzzles.Shape{shape2x3, shape2x4, shape3x3} {
		t.Run(s.String(), func(t *testing.T) {
			pub, ok := puzzles.PublishedDepths(s)
			if !ok {
				t.Fatalf("no published depth table for %s", s)
			}
			checkPublished(t, table(t, puzzles.DefaultGoal(s)), pub)
		})
	}
}

func checkPublished(t *testing.T, tb *exact.Table, pub puzzles.DepthTable) {
	t.Helper()
	if diff := cmp.Diff(pub.Counts, tb.Counts()); diff != "" {
		t.Errorf("states per depth (-want +got):\n%s", diff)
	}
	if got, want := tb.MaxDepth(), pub.MaxDepth(); got != want {
		t.Errorf("MaxDepth() = %d, want %d", got, want)
	}
	if got, want := int64(tb.Len()), pub.Reachable(); got != want {
		t.Errorf("Len() = %d, want %d", got, want)
	}
	for _, b := range pub.Hardest {
		if d, ok := tb.DistanceBoard(b); !ok || d != pub.MaxDepth() {
			t.Errorf("DistanceBoard(%s) = %d, %v; want %d, true", b, d, ok, pub.MaxDepth())
		}
	}
}

// TestBuildPublishedHardest checks the shipped hardest positions: each has
// the published maximum depth, and where the source lists every state at
// that depth, the table holds exactly those.
func TestBuildPublishedHardest(t *testing.T) {
	for _, name := range []string{"2x3-hardest", "2x4-hardest", "8puzzle-hardest"} {
		t.Run(name, func(t *testing.T) {
			set, err := puzzles.LoadSet(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(set.Instances) == 0 {
				t.Fatal("empty set")
			}
			s := set.Instances[0].Board.Shape()
			tb := table(t, set.Goal(set.Instances[0]))
			var want []string
			for _, inst := range set.Instances {
				want = append(want, inst.Board.String())
				d, ok := tb.DistanceBoard(inst.Board)
				if !ok || d != inst.Optimal || d != tb.MaxDepth() {
					t.Errorf("instance %s (%s): distance %d, %v; want %d = MaxDepth() %d", inst.Name, inst.Board, d, ok, inst.Optimal, tb.MaxDepth())
				}
			}
			if int64(len(want)) != tb.Counts()[tb.MaxDepth()] {
				return // the source names only some of the hardest states
			}
			var got []string
			for cells := range tb.AtDepth(tb.MaxDepth()) {
				got = append(got, puzzles.FromBytes(s, cells).String())
			}
			if diff := cmp.Diff(want, got, sortStrings); diff != "" {
				t.Errorf("states at depth %d (-want +got):\n%s", tb.MaxDepth(), diff)
			}
		})
	}
}

// TestBuild3x4 builds the 240 MB 3x4 table; it runs only when
// KPUZZLE_EXACT_3X4=1: 240 MB and 21 to 26 CPU-seconds to build.
func TestBuild3x4(t *testing.T) {
	if os.Getenv("KPUZZLE_EXACT_3X4") != "1" {
		t.Skip("set KPUZZLE_EXACT_3X4=1 to build the 3x4 table (240 MB, 21 to 26 CPU-seconds)")
	}
	pub, ok := puzzles.PublishedDepths(shape3x4)
	if !ok {
		t.Fatal("no published depth table for 3x4")
	}
	start := time.Now()
	tb, err := exact.Build(context.Background(), puzzles.DefaultGoal(shape3x4), exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("3x4 build: %v, %d bytes", time.Since(start), tb.Bytes())
	checkPublished(t, tb, pub)
	set, err := puzzles.LoadSet("3x4-hardest")
	if err != nil {
		t.Fatal(err)
	}
	for _, inst := range set.Instances {
		checkPath(t, tb, inst.Board)
	}
	rng := puzzles.NewRand(34)
	for range 1000 {
		checkPath(t, tb, puzzles.RandomSolvable(rng, tb.Goal()))
	}

	file := filepath.Join(t.TempDir(), "3x4.exact")
	start = time.Now()
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Save(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("3x4 save: %v", time.Since(start))
	start = time.Now()
	f, err = os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	back, err := exact.Load(f, tb.Goal())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("3x4 load: %v", time.Since(start))
	checkPublished(t, back, pub)
	for range 1000 {
		r := rng.IntN(tb.Len())
		if back.DistanceRank(r) != tb.DistanceRank(r) {
			t.Fatalf("rank %d: distance %d after Load, %d before", r, back.DistanceRank(r), tb.DistanceRank(r))
		}
	}
}

// TestBuildGoals checks every arrangement of the small boards against
// several goals: exactly half the arrangements have a distance, those are
// exactly the ones puzzles.Solvable accepts (an independent check of the
// solvability rule), every move changes the distance by exactly one (the
// puzzle graph is bipartite), every state but the goal has a neighbour one
// nearer, and the distances equal those of a plain breadth-first search.
func TestBuildGoals(t *testing.T) {
	for _, s := range []puzzles.Shape{shape2x2, shape2x3, shape3x2, shape2x4, shape4x2, shape3x3} {
		for _, g := range testGoals(s) {
			t.Run(s.String()+"/"+g.Name(), func(t *testing.T) {
				t.Parallel()
				checkAllStates(t, table(t, g))
			})
		}
	}
}

func checkAllStates(t *testing.T, tb *exact.Table) {
	g := tb.Goal()
	s := g.Shape()
	n := s.Cells()
	moves := s.Moves()
	bfs := bfsDistances(g)
	var reachable, bad int
	var counts []int64
	var nb [16]uint8
	eachPermutation(n, func(cells []uint8) {
		if bad > 5 {
			return
		}
		b := puzzles.FromBytes(s, cells)
		d, ok := tb.Distance(cells)
		want, inBFS := bfs[pack(cells)]
		if ok != puzzles.Solvable(b, g) || ok != inBFS || (ok && d != want) {
			t.Errorf("%s: Distance = %d, %v; Solvable = %v; breadth-first search: %d, %v", b, d, ok, puzzles.Solvable(b, g), want, inBFS)
			bad++
			return
		}
		if !ok {
			return
		}
		reachable++
		for len(counts) <= d {
			counts = append(counts, 0)
		}
		counts[d]++
		nearer := false
		blank := b.Blank()
		for _, j := range moves[blank] {
			if j < 0 {
				continue
			}
			copy(nb[:], cells)
			nb[blank], nb[j] = nb[j], 0
			nd, ok := tb.Distance(nb[:n])
			if !ok || (nd != d-1 && nd != d+1) {
				t.Errorf("%s (distance %d): neighbour %v has distance %d, %v", b, d, nb[:n], nd, ok)
				bad++
			}
			nearer = nearer || nd == d-1
		}
		if (d == 0) != g.Reached(b) || (d > 0 && !nearer) {
			t.Errorf("%s: distance %d, goal %v, has a nearer neighbour %v", b, d, g.Reached(b), nearer)
			bad++
		}
	})
	if want := int(factorial(n) / 2); reachable != want || tb.Len() != want {
		t.Errorf("%d states reachable, Len() = %d; want %d (half of %d!)", reachable, tb.Len(), want, n)
	}
	if diff := cmp.Diff(counts, tb.Counts()); diff != "" {
		t.Errorf("Counts() against a recount (-want +got):\n%s", diff)
	}
}

// pack is puzzles.EncodeCode for raw cells.
func pack(cells []uint8) puzzles.Code {
	var c puzzles.Code
	for i, t := range cells {
		c |= puzzles.Code(t) << (4 * i)
	}
	return c
}

func factorial(n int) int64 {
	f := int64(1)
	for i := 2; i <= n; i++ {
		f *= int64(i)
	}
	return f
}

// TestBuildWorkers checks that the table does not depend on the number of
// workers.
func TestBuildWorkers(t *testing.T) {
	g := puzzles.SnailGoal(shape3x3)
	want := saved(t, table(t, g))
	for _, w := range []int{1, 2, 3, 8} {
		tb, err := exact.Build(context.Background(), g, exact.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if got := saved(t, tb); string(got) != string(want) {
			t.Errorf("Workers %d: table differs from the default build", w)
		}
	}
}

// TestBuildProgress checks that Progress sees every depth once, in order,
// with the final counts.
func TestBuildProgress(t *testing.T) {
	var got []int64
	tb, err := exact.Build(context.Background(), puzzles.DefaultGoal(shape2x4), exact.Options{
		Progress: func(depth int, states int64) {
			if depth != len(got) {
				t.Errorf("Progress depth %d after %d calls", depth, len(got))
			}
			got = append(got, states)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tb.Counts(), got); diff != "" {
		t.Errorf("Progress against Counts (-want +got):\n%s", diff)
	}
}

// TestBuildCancel checks that a cancelled context stops a build, before
// it starts and in the middle.
func TestBuildCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := exact.Build(ctx, puzzles.DefaultGoal(shape3x3), exact.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Build with a cancelled context: error %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	last := -1
	_, err := exact.Build(ctx, puzzles.DefaultGoal(shape3x3), exact.Options{Progress: func(depth int, _ int64) {
		last = depth
		if depth == 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Build cancelled at depth 10: error %v, want context.Canceled", err)
	}
	if last != 10 {
		t.Errorf("Build went on to depth %d after being cancelled at depth 10", last)
	}
}

// TestBuildTooLarge checks that boards beyond MaxCells are refused, and
// that StateCount agrees.
func TestBuildTooLarge(t *testing.T) {
	for _, s := range []puzzles.Shape{{Rows: 4, Cols: 4}, {Rows: 2, Cols: 7}, {Rows: 5, Cols: 5}} {
		_, err := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{})
		if !errors.Is(err, exact.ErrTooLarge) {
			t.Errorf("Build(%s): error %v, want ErrTooLarge", s, err)
		}
		if n := exact.StateCount(s); n != 0 {
			t.Errorf("StateCount(%s) = %d, want 0", s, n)
		}
	}
	if _, err := exact.Build(context.Background(), puzzles.Goal{}, exact.Options{}); err == nil {
		t.Error("Build with the zero Goal: no error")
	}
}

func TestStateCount(t *testing.T) {
	got := map[string]int64{}
	want := map[string]int64{}
	for _, s := range []puzzles.Shape{shape2x2, shape2x3, shape3x2, shape2x4, shape3x3, shape2x5, shape3x4, shape2x6} {
		got[s.String()] = exact.StateCount(s)
		want[s.String()] = factorial(s.Cells()) / 2
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StateCount (-want +got):\n%s", diff)
	}
	if got := exact.StateCount(puzzles.Shape{Rows: 1, Cols: 3}); got != 0 {
		t.Errorf("StateCount(1x3) = %d, want 0", got)
	}
	if exact.StateCount(shape3x4) > math.MaxInt32 {
		t.Error("3x4 ranks do not fit an int32")
	}
}
