package search_test

import (
	"context"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// fullRuns reports whether the long exhaustive runs are wanted: every
// algorithm on every 2x4 state and on more random 3x3 states. Set
// KPUZZLE_SEARCH_FULL=1 (see docs/algorithms.md).
func fullRuns() bool { return os.Getenv("KPUZZLE_SEARCH_FULL") == "1" }

// slowEvery is the stride of the 2x4 states the slow algorithms (cheap
// says which) take in a full run: KPUZZLE_SEARCH_SLOW_EVERY=N takes every
// Nth state, 1 (the default) all of them. CI takes every 4th, a quarter
// of the half hour of CPU that IDS alone needs for all 20,160.
func slowEvery(t *testing.T) int {
	v := os.Getenv("KPUZZLE_SEARCH_SLOW_EVERY")
	if v == "" {
		return 1
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("KPUZZLE_SEARCH_SLOW_EVERY=%q: want a whole number of at least 1", v)
	}
	return n
}

var (
	shape2x3 = puzzles.Shape{Rows: 2, Cols: 3}
	shape2x4 = puzzles.Shape{Rows: 2, Cols: 4}
	shape3x3 = puzzles.Shape{Rows: 3, Cols: 3}
	shape4x4 = puzzles.Shape{Rows: 4, Cols: 4}
)

var (
	tablesMu sync.Mutex
	tables   = map[string]*exact.Table{}
)

// table is the exact distance table of g, the oracle of these tests,
// built once per test binary.
func table(t testing.TB, g puzzles.Goal) *exact.Table {
	t.Helper()
	tablesMu.Lock()
	defer tablesMu.Unlock()
	key := g.Board().String()
	if tb, ok := tables[key]; ok {
		return tb
	}
	tb, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatalf("exact.Build(%s): %v", g.Name(), err)
	}
	tables[key] = tb
	return tb
}

// states returns every state of the table (copied), for shapes small
// enough to hold them all.
func states(t testing.TB, g puzzles.Goal) []puzzles.Board {
	var out []puzzles.Board
	for cells := range table(t, g).All() {
		out = append(out, puzzles.FromBytes(g.Shape(), cells))
	}
	return out
}

// randomStates draws n solvable boards for g with a fixed seed.
func randomStates(g puzzles.Goal, n int, seed uint64) []puzzles.Board {
	rng := puzzles.NewRand(seed)
	out := make([]puzzles.Board, n)
	for i := range out {
		out[i] = puzzles.RandomSolvable(rng, g)
	}
	return out
}

// every returns every k-th board, plus the last one.
func every(bs []puzzles.Board, k int) []puzzles.Board {
	var out []puzzles.Board
	for i := 0; i < len(bs); i += k {
		out = append(out, bs[i])
	}
	if len(bs) > 0 && (len(bs)-1)%k != 0 {
		out = append(out, bs[len(bs)-1])
	}
	return out
}

// checkPath fails t unless path is a legal sequence of blank moves taking
// start to the goal.
func checkPath(t *testing.T, start puzzles.Board, g puzzles.Goal, path []puzzles.Dir) {
	t.Helper()
	end, err := start.Apply(path)
	if err != nil {
		t.Fatalf("%s: path %v is illegal: %v", start, path, err)
	}
	if !g.Reached(end) {
		t.Fatalf("%s: path of %d moves ends at %s, not at the goal %s", start, len(path), end, g.Board())
	}
}

// solver runs one algorithm on one problem.
type solver struct {
	name string
	run  func(ctx context.Context, p search.Problem) (search.Result, error)
}

type heuristicMaker func(g puzzles.Goal) search.Heuristic

func manhattan(g puzzles.Goal) search.Heuristic { return heuristics.NewManhattan(g) }
func linear(g puzzles.Goal) search.Heuristic    { return heuristics.NewLinearConflict(g) }
func misplaced(g puzzles.Goal) search.Heuristic { return heuristics.NewMisplaced(g) }
func euclid(g puzzles.Goal) search.Heuristic    { return heuristics.NewEuclidean(g) }
func walking(g puzzles.Goal) search.Heuristic {
	wd, err := heuristics.NewWalkingDistance(context.Background(), g)
	if err != nil {
		panic(err)
	}
	return wd
}

// opaque hides every optional interface of a heuristic, so that searches
// must call Estimate.
type opaque struct{ h search.Heuristic }

func (o opaque) Name() string               { return o.h.Name() }
func (o opaque) Estimate(cells []uint8) int { return o.h.Estimate(cells) }

// heuristicCache builds each heuristic once per goal.
type heuristicCache struct {
	mu sync.Mutex
	m  map[string]search.Heuristic
}

func (c *heuristicCache) get(name string, make heuristicMaker, g puzzles.Goal) search.Heuristic {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]search.Heuristic{}
	}
	key := name + "|" + g.Board().String()
	if h, ok := c.m[key]; ok {
		return h
	}
	h := make(g)
	c.m[key] = h
	return h
}

var hcache heuristicCache

func informed(name string, algo func(context.Context, search.Problem, search.Heuristic, search.Options) (search.Result, error), hname string, mk heuristicMaker) solver {
	return solver{name + "+" + hname, func(ctx context.Context, p search.Problem) (search.Result, error) {
		return algo(ctx, p, hcache.get(hname, mk, p.Goal), search.Options{})
	}}
}

func uninformed(name string, algo func(context.Context, search.Problem, search.Options) (search.Result, error)) solver {
	return solver{name, func(ctx context.Context, p search.Problem) (search.Result, error) {
		return algo(ctx, p, search.Options{})
	}}
}

// checkOptimal runs s on every board and checks that each result is
// solved, marked optimal, legal, and exactly as long as the exact
// distance.
func checkOptimal(t *testing.T, s solver, g puzzles.Goal, boards []puzzles.Board) {
	t.Helper()
	tb := table(t, g)
	ctx := context.Background()
	for _, b := range boards {
		want, ok := tb.DistanceBoard(b)
		if !ok {
			t.Fatalf("%s: not in the exact table", b)
		}
		res, err := s.run(ctx, search.Problem{Start: b, Goal: g})
		if err != nil {
			t.Fatalf("%s on %s: %v", s.name, b, err)
		}
		if !res.Solved || !res.Optimal {
			t.Fatalf("%s on %s: solved=%v optimal=%v, want both", s.name, b, res.Solved, res.Optimal)
		}
		checkPath(t, b, g, res.Path)
		if len(res.Path) != want {
			t.Fatalf("%s on %s: %d moves, the exact distance is %d", s.name, b, len(res.Path), want)
		}
	}
}
