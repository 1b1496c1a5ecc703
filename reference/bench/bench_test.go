package bench_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

var shape3x3 = puzzles.Shape{Rows: 3, Cols: 3}

// eightPuzzles draws k boards at each of the given depths from the exact
// 3x3 table, with their exact distances as the known optimal lengths.
func eightPuzzles(t *testing.T, k int, depths ...int) []bench.Instance {
	t.Helper()
	g := puzzles.DefaultGoal(shape3x3)
	tab, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := puzzles.NewRand(7)
	var out []bench.Instance
	for _, d := range depths {
		for _, b := range tab.SampleAt(rng, d, k) {
			out = append(out, bench.Instance{Name: b.String(), Board: b, Goal: g, Optimal: d})
		}
	}
	return out
}

func TestEffectiveBranching(t *testing.T) {
	// Uniform trees: N = b + b^2 + ... + b^d nodes besides the root.
	for _, b := range []int64{1, 2, 3, 5} {
		for d := 1; d <= 12; d++ {
			var n, term int64 = 0, 1
			for range d {
				term *= b
				n += term
			}
			got, ok := bench.EffectiveBranching(n, d)
			if !ok || math.Abs(got-float64(b)) > 1e-9 {
				t.Errorf("EffectiveBranching(%d, %d) = %v, %v; want %d", n, d, got, ok, b)
			}
		}
	}
	// The textbook example: 52 nodes at depth 5 give b* = 1.92.
	if got, _ := bench.EffectiveBranching(52, 5); math.Abs(got-1.92) > 0.005 {
		t.Errorf("EffectiveBranching(52, 5) = %.4f, want 1.92", got)
	}
	for _, tc := range []struct {
		n int64
		d int
	}{{10, 0}, {3, 4}, {0, 1}, {-1, 1}} {
		if got, ok := bench.EffectiveBranching(tc.n, tc.d); ok {
			t.Errorf("EffectiveBranching(%d, %d) = %v, want undefined", tc.n, tc.d, got)
		}
	}
	// Huge counts neither overflow nor lose the answer.
	if got, ok := bench.EffectiveBranching(math.MaxInt64, 2); !ok || math.Abs(got*got+got+1-float64(math.MaxInt64)-1) > 1e-6*float64(math.MaxInt64) {
		t.Errorf("EffectiveBranching(MaxInt64, 2) = %v, %v", got, ok)
	}
	if got, ok := bench.EffectiveBranching(math.MaxInt64, 1000); !ok || got <= 1 || got > 1.05 {
		t.Errorf("EffectiveBranching(MaxInt64, 1000) = %v, %v", got, ok)
	}
}

func TestCombos(t *testing.T) {
	got, err := bench.Combos([]string{"bfs", "IDS", "a*", "idastar"}, []string{"misplaced", "Manhattan"})
	if err != nil {
		t.Fatal(err)
	}
	want := []bench.Combo{{Algorithm: "bfs"}, {Algorithm: "ids"},
		{Algorithm: "astar", Heuristic: "misplaced"}, {Algorithm: "astar", Heuristic: "manhattan"},
		{Algorithm: "idastar", Heuristic: "misplaced"}, {Algorithm: "idastar", Heuristic: "manhattan"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Combos (-want +got):\n%s", diff)
	}
	got, err = bench.Combos([]string{"astar", "bfs", "astar", "auto"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want = []bench.Combo{{Algorithm: "astar", Heuristic: "manhattan"}, {Algorithm: "bfs"}, {Algorithm: "auto"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Combos without heuristics (-want +got):\n%s", diff)
	}
	for _, bad := range [][]string{nil, {"quantum"}} {
		if _, err := bench.Combos(bad, nil); err == nil {
			t.Errorf("Combos(%q) accepted", bad)
		}
	}
}

// TestTableCombos: IDA* or auto, in any spelling, with only pattern
// databases asks for the per-instance table, each database once; anything
// else asks for a comparison.
func TestTableCombos(t *testing.T) {
	for _, tc := range []struct {
		algos, heuristics []string
		want              []bench.Combo
	}{
		{nil, nil, []bench.Combo{{Algorithm: "idastar"}}},
		{[]string{"IDA*", "auto", "ida_star"}, nil, []bench.Combo{{Algorithm: "idastar"}}},
		{[]string{"idastar"}, []string{"pdb:663", "PDB:78", "pdb:663"}, []bench.Combo{{Algorithm: "idastar", Heuristic: "pdb:663"}, {Algorithm: "idastar", Heuristic: "PDB:78"}}},
		{[]string{"ida-star"}, []string{"pdb:78"}, []bench.Combo{{Algorithm: "idastar", Heuristic: "pdb:78"}}},
	} {
		got, ok := bench.TableCombos(tc.algos, tc.heuristics)
		if !ok {
			t.Errorf("%q %q: not a table", tc.algos, tc.heuristics)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q %q (-want +got):\n%s", tc.algos, tc.heuristics, diff)
		}
	}
	for _, tc := range [][2][]string{
		{{"astar"}, nil},
		{{"idastar", "bfs"}, nil},
		{{"idastar"}, {"manhattan"}},
		{{"idastar"}, {"pdb:78", "linear-conflict"}},
		{{"quantum"}, nil},
	} {
		if got, ok := bench.TableCombos(tc[0], tc[1]); ok {
			t.Errorf("%q %q: a table %v, want a comparison", tc[0], tc[1], got)
		}
	}
}

func TestParseCombo(t *testing.T) {
	for in, want := range map[string]bench.Combo{
		"bfs":                    {Algorithm: "bfs"},
		" A*:Manhattan ":         {Algorithm: "astar", Heuristic: "manhattan"},
		"ida*:pdb:1-2-3/4-5-6-7": {Algorithm: "idastar", Heuristic: "pdb:1-2-3/4-5-6-7"},
		"astar":                  {Algorithm: "astar", Heuristic: "manhattan"},
		"auto":                   {Algorithm: "auto"},
	} {
		got, err := bench.ParseCombo(in)
		if err != nil || got != want {
			t.Errorf("ParseCombo(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", ":manhattan", "bfs:manhattan", "teleport:manhattan"} {
		if c, err := bench.ParseCombo(bad); err == nil {
			t.Errorf("ParseCombo(%q) = %+v, want an error", bad, c)
		}
	}
}

// TestRunAgreesWithTheExactTable checks every optimal combination against
// the exact distances (an independent route), and the summaries against
// the runs they sum up.
func TestRunAgreesWithTheExactTable(t *testing.T) {
	insts := eightPuzzles(t, 2, 0, 4, 9, 14, 18)
	cfg := bench.Config{
		Combos: mustCombos(t, "bfs", "ids", "astar:misplaced", "astar:manhattan", "astar:euclidean", "astar:linear-conflict",
			"idastar:manhattan", "rbfs:manhattan", "bidirectional", "ucs", "greedy:manhattan"),
		Instances: insts,
	}
	var progress []int
	cfg.Progress = func(p bench.Progress) { progress = append(progress, p.Done) }
	rep, err := bench.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(cfg.Combos) * len(insts); len(progress) != n || progress[n-1] != n {
		t.Errorf("progress calls %v, want 1..%d", progress, n)
	}
	if diff := cmp.Diff(depthsOf(insts), rep.Depths); diff != "" {
		t.Errorf("depths (-want +got):\n%s", diff)
	}
	if !rep.AllOptimal() {
		t.Error("AllOptimal is false")
	}
	for _, c := range rep.Combos {
		s := c.Summary
		var sumExp, sumGen float64
		var maxExp int64
		for i, r := range c.Results {
			if r.Status != bench.StatusSolved {
				t.Fatalf("%s on %s: %s", c.Combo, insts[i].Name, r.Status)
			}
			if c.Combo.Algorithm != "greedy" && (r.Length != insts[i].Optimal || !r.Optimal || r.Mismatch) {
				t.Errorf("%s on %s: %d moves (optimal %v), exact distance %d", c.Combo, insts[i].Name, r.Length, r.Optimal, insts[i].Optimal)
			}
			if c.Combo.Algorithm == "greedy" && (r.Optimal || r.Length < insts[i].Optimal) {
				t.Errorf("greedy on %s: %d moves, optimal flag %v; the optimum is %d", insts[i].Name, r.Length, r.Optimal, insts[i].Optimal)
			}
			if b, ok := bench.EffectiveBranching(r.Generated, r.Length); ok != (r.Branching > 0) || b != r.Branching {
				t.Errorf("%s on %s: branching %v, want %v", c.Combo, insts[i].Name, r.Branching, b)
			}
			sumExp += float64(r.Expanded)
			sumGen += float64(r.Generated)
			maxExp = max(maxExp, r.Expanded)
		}
		n := float64(len(insts))
		if s.Solved != len(insts) || s.Solvable != len(insts) || s.Unfinished != 0 || s.MaxExpanded != maxExp ||
			math.Abs(s.MeanExpanded-sumExp/n) > 1e-9 || math.Abs(s.MeanGenerated-sumGen/n) > 1e-9 || s.Optimal+s.Suboptimal != len(insts) {
			t.Errorf("%s: summary %+v (sum expanded %v, max %d)", c.Combo, s, sumExp, maxExp)
		}
	}
	// Informed search expands fewer nodes than breadth-first search, and
	// Manhattan distance fewer than misplaced tiles.
	mean := func(name string) float64 { return comboNamed(t, rep, name).Summary.MeanExpanded }
	if !(mean("astar:manhattan") < mean("astar:misplaced") && mean("astar:misplaced") < mean("bfs")) {
		t.Errorf("mean expansions: manhattan %v, misplaced %v, bfs %v", mean("astar:manhattan"), mean("astar:misplaced"), mean("bfs"))
	}
}

func TestRunLimits(t *testing.T) {
	insts := eightPuzzles(t, 1, 2, 31)
	g := insts[0].Goal
	unsolvable := puzzles.MustBoard(3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0)
	insts = append(insts, bench.Instance{Name: "unsolvable", Board: unsolvable, Goal: g, Optimal: -1})
	rep, err := bench.Run(context.Background(), bench.Config{
		Combos:    mustCombos(t, "bfs", "astar:manhattan"),
		Instances: insts,
		Limits:    bench.Limits{MaxNodes: 500},
	})
	if err != nil {
		t.Fatal(err)
	}
	bfs := comboNamed(t, rep, "bfs")
	want := []bench.Status{bench.StatusSolved, bench.StatusNodeLimit, bench.StatusUnsolvable}
	if diff := cmp.Diff(want, statuses(bfs)); diff != "" {
		t.Errorf("bfs statuses (-want +got):\n%s", diff)
	}
	if r := bfs.Results[1]; r.Expanded != 500 || r.Length != -1 || r.Branching != 0 {
		t.Errorf("stopped run: %+v", r)
	}
	s := bfs.Summary
	if s.Solvable != 2 || s.Solved != 1 || s.Unfinished != 1 || s.MaxExpanded != bfs.Results[0].Expanded || s.MeanExpanded != float64(bfs.Results[0].Expanded) {
		t.Errorf("summary leaves the stopped run out of the means: %+v", s)
	}
	if d := rep.ByDepth(0, bench.Expanded); len(d) != 1 || d[0].Depth != 2 || d[0].Mean != float64(bfs.Results[0].Expanded) || d[0].Runs != 1 {
		t.Errorf("ByDepth(bfs): %+v", d)
	}
	if rep.Depths[2] != -1 {
		t.Errorf("unsolvable instance has depth %d", rep.Depths[2])
	}

	// A wall-time budget: iterative deepening cannot finish a 31-move
	// 8-puzzle in 20 ms (it needs tens of millions of expansions).
	rep, err = bench.Run(context.Background(), bench.Config{
		Combos:    mustCombos(t, "ids"),
		Instances: insts[1:2],
		Limits:    bench.Limits{Timeout: 20 * time.Millisecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Combos[0].Results[0]; r.Status != bench.StatusTimeout || r.Expanded == 0 {
		t.Errorf("ids with a 20ms budget: %+v", r)
	}
	if len(rep.ByDepth(0, bench.Expanded)) != 0 {
		t.Error("a depth with no solved run has a point")
	}
}

func TestRunFlagsWrongLengths(t *testing.T) {
	insts := eightPuzzles(t, 1, 6)
	insts[0].Optimal = 8 // a wrong key
	rep, err := bench.Run(context.Background(), bench.Config{Combos: mustCombos(t, "astar:manhattan", "greedy:manhattan"), Instances: insts})
	if err != nil {
		t.Fatal(err)
	}
	if rep.AllOptimal() || !rep.Combos[0].Results[0].Mismatch || rep.Combos[0].Summary.Mismatches != 1 {
		t.Errorf("a wrong key went unnoticed: %+v", rep.Combos[0])
	}
	if rep.Combos[1].Results[0].Mismatch {
		t.Error("greedy, which promises nothing, was called a mismatch")
	}
}

func TestRunJobsGiveTheSameCounts(t *testing.T) {
	insts := eightPuzzles(t, 3, 12, 20)
	cfg := bench.Config{Combos: mustCombos(t, "bfs", "astar:manhattan", "idastar:linear-conflict"), Instances: insts}
	one, err := bench.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 3
	three, err := bench.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for c := range one.Combos {
		for i := range insts {
			a, b := one.Combos[c].Results[i], three.Combos[c].Results[i]
			a.Seconds, b.Seconds = 0, 0
			if diff := cmp.Diff(a, b); diff != "" {
				t.Errorf("%s on %s (-jobs 1 +jobs 3):\n%s", one.Combos[c].Combo, insts[i].Name, diff)
			}
		}
	}
}

func TestRunErrors(t *testing.T) {
	insts := eightPuzzles(t, 1, 5)
	five := puzzles.MustBoard(5, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 24)
	big := bench.Instance{Name: "5x5", Board: five, Goal: puzzles.DefaultGoal(five.Shape()), Optimal: 1}
	for _, tc := range []struct {
		cfg  bench.Config
		want string
	}{
		{bench.Config{Instances: insts}, "no combination"},
		{bench.Config{Combos: mustCombos(t, "bfs")}, "no instance"},
		{bench.Config{Combos: []bench.Combo{{Algorithm: "astar", Heuristic: "nonsense"}}, Instances: insts}, "nonsense"},
		{bench.Config{Combos: []bench.Combo{{Algorithm: "bfs", Heuristic: "manhattan"}}, Instances: insts}, "uninformed"},
		{bench.Config{Combos: mustCombos(t, "astar:walking-distance"), Instances: []bench.Instance{big}}, "5x5"},
		{bench.Config{Combos: mustCombos(t, "bfs"), Instances: insts, Limits: bench.Limits{MaxNodes: -1}}, "negative"},
		{bench.Config{Combos: mustCombos(t, "bfs"), Instances: []bench.Instance{{Name: "empty"}}}, "empty"},
	} {
		_, err := bench.Run(context.Background(), tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err %v, want one mentioning %q", tc.cfg.Combos, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := bench.Run(ctx, bench.Config{Combos: mustCombos(t, "bfs"), Instances: insts}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

// FuzzParseCombo checks that ParseCombo never panics and that a parsed
// combination prints as text that parses back to itself.
func FuzzParseCombo(f *testing.F) {
	for _, s := range []string{"bfs", "astar:manhattan", "IDA*:pdb:78", "auto", "astar:", ":", "bfs:x", "a*:max:1-2/3", "\xff:\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := bench.ParseCombo(s)
		if err != nil {
			return
		}
		again, err := bench.ParseCombo(c.String())
		if err != nil || again != c {
			t.Fatalf("ParseCombo(%q) = %+v, printed %q, which reads back as %+v, %v", s, c, c.String(), again, err)
		}
	})
}

func mustCombos(t *testing.T, names ...string) []bench.Combo {
	t.Helper()
	var out []bench.Combo
	for _, n := range names {
		c, err := bench.ParseCombo(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func comboNamed(t *testing.T, rep bench.Report, name string) bench.ComboResult {
	t.Helper()
	for _, c := range rep.Combos {
		if c.Combo.String() == name {
			return c
		}
	}
	t.Fatalf("no combination %s", name)
	return bench.ComboResult{}
}

func statuses(c bench.ComboResult) []bench.Status {
	var out []bench.Status
	for _, r := range c.Results {
		out = append(out, r.Status)
	}
	return out
}

func depthsOf(insts []bench.Instance) []int {
	var out []int
	for _, in := range insts {
		out = append(out, in.Optimal)
	}
	return out
}

// FuzzParseGenSpec checks that ParseGenSpec never panics and that an
// accepted spec, written in full, reads back as the same spec.
func FuzzParseGenSpec(f *testing.F) {
	for _, s := range []string{"gen:3x3:20-30:50", "gen:4x4:40:7:99", "gen:3:1-2:1", "gen:2x5:0-0:3:18446744073709551615", "gen:3x3:30-20:5", "gen::::", "gen:3x3:1-2:1:-1", "korf100"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := bench.ParseGenSpec(s)
		if err != nil {
			return
		}
		again, err := bench.ParseGenSpec(g.String())
		if err != nil || again != g {
			t.Fatalf("ParseGenSpec(%q) = %+v, written %q, read back as %+v, %v", s, g, g.String(), again, err)
		}
	})
}
