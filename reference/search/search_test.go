package search_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// everyAlgorithm lists every algorithm, each with Manhattan distance where
// it takes a heuristic, and depth-limited search with limit 31.
func everyAlgorithm(g puzzles.Goal) []solver { return everyAlgorithmDFS(g, 31) }

func everyAlgorithmDFS(g puzzles.Goal, dfsLimit int) []solver {
	h := manhattan(g)
	withH := func(name string, f func(context.Context, search.Problem, search.Heuristic, search.Options) (search.Result, error)) solver {
		return solver{name, func(ctx context.Context, p search.Problem) (search.Result, error) {
			return f(ctx, p, h, search.Options{})
		}}
	}
	return []solver{
		uninformed("bfs", search.BFS),
		uninformed("ucs", search.UCS),
		uninformed("ids", search.IDS),
		uninformed("bidirectional", search.Bidirectional),
		{"dfs", func(ctx context.Context, p search.Problem) (search.Result, error) {
			return search.DepthLimited(ctx, p, dfsLimit, search.Options{})
		}},
		withH("greedy", search.Greedy),
		withH("astar", search.AStar),
		{"wastar", func(ctx context.Context, p search.Problem) (search.Result, error) {
			return search.WAStar(ctx, p, h, 2, search.Options{})
		}},
		withH("idastar", search.IDAStar),
		withH("rbfs", search.RBFS),
	}
}

func TestUnsolvableIsReportedWithoutSearch(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	b := puzzles.MustBoard(3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0) // one swap away from the goal
	for _, s := range everyAlgorithm(g) {
		res, err := s.run(context.Background(), search.Problem{Start: b, Goal: g})
		if !errors.Is(err, puzzles.ErrUnsolvable) {
			t.Errorf("%s: error %v, want ErrUnsolvable", s.name, err)
		}
		if res.Stats.Expanded != 0 || res.Solved {
			t.Errorf("%s: expanded %d, solved %v; want no search", s.name, res.Stats.Expanded, res.Solved)
		}
	}
}

func TestStartAtGoal(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	for _, s := range everyAlgorithm(g) {
		res, err := s.run(context.Background(), search.Problem{Start: g.Board(), Goal: g})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if !res.Solved || len(res.Path) != 0 || res.Stats.Expanded != 0 {
			t.Errorf("%s: solved %v, %d moves, expanded %d; want solved, 0, 0", s.name, res.Solved, len(res.Path), res.Stats.Expanded)
		}
	}
}

// TestSuboptimalAlgorithms checks the algorithms that promise no optimal
// path: their paths are legal and reach the goal, they are not marked
// optimal, weighted A* stays within w times the optimum and depth-limited
// search within its limit.
func TestSuboptimalAlgorithms(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := table(t, g)
	h := manhattan(g)
	ctx := context.Background()
	rng := puzzles.NewRand(5)
	for i := range 40 {
		// Boards at most 16 moves out, where depth-limited tree search
		// is quick.
		b, _ := puzzles.RandomWalk(rng, g, 4+i%13)
		p := search.Problem{Start: b, Goal: g}
		opt, _ := tb.DistanceBoard(b)
		for _, w := range []float64{1, 1.5, 3} {
			res, err := search.WAStar(ctx, p, h, w, search.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkPath(t, b, g, res.Path)
			if res.Optimal || float64(len(res.Path)) > w*float64(opt) {
				t.Errorf("wastar w=%v on %s: %d moves (optimal %d), marked optimal %v", w, b, len(res.Path), opt, res.Optimal)
			}
		}
		res, err := search.Greedy(ctx, p, h, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, b, g, res.Path)
		if res.Optimal || len(res.Path) < opt {
			t.Errorf("greedy on %s: %d moves (optimal %d), marked optimal %v", b, len(res.Path), opt, res.Optimal)
		}
		res, err = search.DepthLimited(ctx, p, opt+2, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, b, g, res.Path)
		if res.Optimal || len(res.Path) > opt+2 || len(res.Path) < opt {
			t.Errorf("dfs limit %d on %s: %d moves (optimal %d), marked optimal %v", opt+2, b, len(res.Path), opt, res.Optimal)
		}
		if opt > 0 {
			_, err = search.DepthLimited(ctx, p, opt-1, search.Options{})
			if !errors.Is(err, search.ErrNotFound) {
				t.Errorf("dfs limit %d on %s (optimal %d): error %v, want ErrNotFound", opt-1, b, opt, err)
			}
		}
	}
}

func TestWeightOutOfRange(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	for _, w := range []float64{0.5, -1, 1e9} {
		if _, err := search.WAStar(context.Background(), search.Problem{Start: g.Board(), Goal: g}, manhattan(g), w, search.Options{}); err == nil {
			t.Errorf("weight %v accepted", w)
		}
	}
}

func TestNodeLimit(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	hardest := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	for _, s := range everyAlgorithm(g) {
		if s.name == "greedy" || s.name == "wastar" {
			continue // they may finish within 100 expansions
		}
		limited := solver{s.name, s.run}
		res, err := limitedRun(s.name, hardest, g, 100)
		if !errors.Is(err, search.ErrNodeLimit) {
			t.Errorf("%s: error %v, want ErrNodeLimit", limited.name, err)
			continue
		}
		if res.Solved || res.Optimal || res.Stats.Expanded != 100 {
			t.Errorf("%s: solved %v optimal %v expanded %d; want false, false, 100", s.name, res.Solved, res.Optimal, res.Stats.Expanded)
		}
	}
}

// limitedRun runs the algorithm called name with Manhattan distance and a
// node limit.
func limitedRun(name string, b puzzles.Board, g puzzles.Goal, maxNodes int64) (search.Result, error) {
	ctx := context.Background()
	p := search.Problem{Start: b, Goal: g}
	o := search.Options{Limits: search.Limits{MaxNodes: maxNodes}}
	h := manhattan(g)
	switch name {
	case "bfs":
		return search.BFS(ctx, p, o)
	case "ucs":
		return search.UCS(ctx, p, o)
	case "ids":
		return search.IDS(ctx, p, o)
	case "bidirectional":
		return search.Bidirectional(ctx, p, o)
	case "dfs":
		return search.DepthLimited(ctx, p, 31, o)
	case "astar":
		return search.AStar(ctx, p, h, o)
	case "idastar":
		return search.IDAStar(ctx, p, h, o)
	case "rbfs":
		return search.RBFS(ctx, p, h, o)
	}
	panic(name)
}

func TestMemoryLimit(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	hardest := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	p := search.Problem{Start: hardest, Goal: g}
	o := search.Options{Limits: search.Limits{MaxBytes: 100_000}}
	ctx := context.Background()
	for name, run := range map[string]func() (search.Result, error){
		"bfs":           func() (search.Result, error) { return search.BFS(ctx, p, o) },
		"ucs":           func() (search.Result, error) { return search.UCS(ctx, p, o) },
		"bidirectional": func() (search.Result, error) { return search.Bidirectional(ctx, p, o) },
		"astar":         func() (search.Result, error) { return search.AStar(ctx, p, misplaced(g), o) },
	} {
		res, err := run()
		if !errors.Is(err, search.ErrMemoryLimit) {
			t.Errorf("%s: error %v, want ErrMemoryLimit", name, err)
		}
		if res.Solved {
			t.Errorf("%s: solved despite the memory limit", name)
		}
	}
}

func TestContextCancel(t *testing.T) {
	g := puzzles.BlankFirstGoal(shape4x4)
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	hard := set.Instances[0].Board // 57 moves: none of these finishes in 50 ms
	for _, s := range everyAlgorithm(g) {
		if s.name == "greedy" || s.name == "wastar" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		start := time.Now()
		_, err := s.run(ctx, search.Problem{Start: hard, Goal: g})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: error %v, want context.DeadlineExceeded", s.name, err)
		}
		// Not a timing assertion on speed: a search that ignored its
		// context would run for minutes or exhaust memory.
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%s: took %v to notice the deadline", s.name, d)
		}
	}
}

// TestStatsAddUp checks the relations between the counts that hold by
// definition.
func TestStatsAddUp(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	rng := puzzles.NewRand(11)
	for range 5 {
		b, _ := puzzles.RandomWalk(rng, g, 16)
		for _, s := range everyAlgorithmDFS(g, 16) {
			res, err := s.run(context.Background(), search.Problem{Start: b, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			st := res.Stats
			if sum := total(st.ExpandedByDepth); sum != st.Expanded {
				t.Errorf("%s: expanded by depth sums to %d, expanded %d", s.name, sum, st.Expanded)
			}
			if st.ExpandedByF != nil && total(st.ExpandedByF) != st.Expanded {
				t.Errorf("%s: expanded by f sums to %d, expanded %d", s.name, total(st.ExpandedByF), st.Expanded)
			}
			if st.Iterations != nil {
				var e, gen int64
				for _, it := range st.Iterations {
					e += it.Expanded
					gen += it.Generated
				}
				if e != st.Expanded || gen != st.Generated {
					t.Errorf("%s: iterations sum to %d expanded, %d generated; totals %d, %d", s.name, e, gen, st.Expanded, st.Generated)
				}
			}
			if st.Generated < st.Expanded || st.Duplicates > st.Generated || st.MaxFrontier < 1 || st.Elapsed <= 0 {
				t.Errorf("%s: implausible stats %+v", s.name, st)
			}
			switch s.name {
			case "bfs", "bidirectional":
				// Every generated successor is stored or a duplicate; the
				// roots are stored without being generated.
				roots := int64(1)
				if s.name == "bidirectional" {
					roots = 2
				}
				if st.Stored != st.Generated-st.Duplicates+roots {
					t.Errorf("%s: stored %d, generated %d, duplicates %d", s.name, st.Stored, st.Generated, st.Duplicates)
				}
			case "astar", "ucs":
				if st.Reopened != 0 {
					t.Errorf("%s: reopened %d states with a consistent heuristic", s.name, st.Reopened)
				}
			}
		}
	}
}

func total(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// TestIDAStarLoopsCountAlike runs IDA* through the specialised loop
// (Manhattan's tile table) and the generic one (Manhattan behind an
// interface) and requires identical paths and counts.
func TestIDAStarLoopsCountAlike(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	fast := manhattan(g)
	slow := opaque{fast}
	for _, b := range randomStates(g, 50, 3) {
		p := search.Problem{Start: b, Goal: g}
		r1, err1 := search.IDAStar(context.Background(), p, fast, search.Options{})
		r2, err2 := search.IDAStar(context.Background(), p, slow, search.Options{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		r1.Stats.Elapsed, r2.Stats.Elapsed = 0, 0
		r1.Stats.AllocBytes, r2.Stats.AllocBytes = 0, 0
		if diff := cmp.Diff(r2, r1); diff != "" {
			t.Fatalf("%s: specialised IDA* differs from generic (-generic +specialised):\n%s", b, diff)
		}
	}
}

// TestTrace checks that the trace has one line per expansion.
func TestTrace(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	b := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 0, 7, 8)
	h := manhattan(g)
	ctx := context.Background()
	p := search.Problem{Start: b, Goal: g}
	for name, run := range map[string]func(o search.Options) (search.Result, error){
		"bfs":     func(o search.Options) (search.Result, error) { return search.BFS(ctx, p, o) },
		"astar":   func(o search.Options) (search.Result, error) { return search.AStar(ctx, p, h, o) },
		"idastar": func(o search.Options) (search.Result, error) { return search.IDAStar(ctx, p, h, o) },
		"rbfs":    func(o search.Options) (search.Result, error) { return search.RBFS(ctx, p, h, o) },
		"ids":     func(o search.Options) (search.Result, error) { return search.IDS(ctx, p, o) },
	} {
		var buf bytes.Buffer
		res, err := run(search.Options{Trace: &buf})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if int64(len(lines)) != res.Stats.Expanded {
			t.Errorf("%s: %d trace lines, %d expansions:\n%s", name, len(lines), res.Stats.Expanded, buf.String())
			continue
		}
		if f := strings.Split(lines[0], "\t"); len(f) != 4 || f[0] != "0" || f[1] != "0" || f[3] != b.String() {
			t.Errorf("%s: first trace line %q, want depth 0, g 0, h, state %s", name, lines[0], b)
		}
	}
}

// TestBadHeuristic rejects a heuristic that is not 0 at the goal.
func TestBadHeuristic(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	other := manhattan(puzzles.BlankFirstGoal(shape3x3))
	p := search.Problem{Start: puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8), Goal: g}
	for name, err := range map[string]error{
		"astar":   second(search.AStar(context.Background(), p, other, search.Options{})),
		"idastar": second(search.IDAStar(context.Background(), p, other, search.Options{})),
		"rbfs":    second(search.RBFS(context.Background(), p, other, search.Options{})),
		"nil":     second(search.AStar(context.Background(), p, nil, search.Options{})),
	} {
		if !errors.Is(err, search.ErrBadHeuristic) {
			t.Errorf("%s: error %v, want ErrBadHeuristic", name, err)
		}
	}
}

func second(_ search.Result, err error) error { return err }

// TestLargerBoards exercises the WideCode and string keys: boards a short
// random walk from the goal on 5x5, 6x6 and 7x7, where BFS (optimal by
// construction) and the other optimal algorithms must agree.
func TestLargerBoards(t *testing.T) {
	rng := puzzles.NewRand(3)
	for _, s := range []puzzles.Shape{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 7, Cols: 7}, {Rows: 3, Cols: 5}} {
		g := puzzles.DefaultGoal(s)
		b, _ := puzzles.RandomWalk(rng, g, 10)
		p := search.Problem{Start: b, Goal: g}
		ref, err := search.BFS(context.Background(), p, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, b, g, ref.Path)
		for _, sv := range everyAlgorithmDFS(g, 10) {
			res, err := sv.run(context.Background(), p)
			if err != nil {
				t.Fatalf("%s %s: %v", s, sv.name, err)
			}
			checkPath(t, b, g, res.Path)
			if res.Optimal && len(res.Path) != len(ref.Path) {
				t.Errorf("%s %s: %d moves, BFS found %d", s, sv.name, len(res.Path), len(ref.Path))
			}
		}
	}
}

func TestProblemShapeMismatch(t *testing.T) {
	p := search.Problem{Start: puzzles.DefaultGoal(shape3x3).Board(), Goal: puzzles.DefaultGoal(shape2x4)}
	if _, err := search.BFS(context.Background(), p, search.Options{}); err == nil {
		t.Error("BFS accepted a 3x3 start with a 2x4 goal")
	}
}

func TestTieBreakNames(t *testing.T) {
	for _, tb := range search.TieBreaks() {
		got, err := search.ParseTieBreak(tb.String())
		if err != nil || got != tb {
			t.Errorf("ParseTieBreak(%q) = %v, %v", tb.String(), got, err)
		}
	}
	if tb, _ := search.ParseTieBreak(""); tb != search.DefaultTieBreak {
		t.Errorf("empty tie-break is %v, want the default", tb)
	}
	if _, err := search.ParseTieBreak("random"); err == nil {
		t.Error("ParseTieBreak accepted random")
	}
	if got, want := search.DefaultTieBreak.Describe(), "lowest f, then highest g, then last in, first out"; got != want {
		t.Errorf("default tie-break describes itself as %q, want %q", got, want)
	}
}
