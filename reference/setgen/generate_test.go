package setgen_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// sharedProver keeps the exact tables and heuristics between the tests'
// generations, as one kpuzzle gen keeps them between its puzzles.
var sharedProver = &reference.Prover{}

func generate(t *testing.T, spec setgen.Spec, opts setgen.Options) setgen.Set {
	t.Helper()
	if opts.Prover == nil {
		opts.Prover = sharedProver
	}
	set, err := setgen.Generate(context.Background(), spec, opts)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return set
}

func TestDepthStratified3x3(t *testing.T) {
	g := puzzles.DefaultGoal(shape(3, 3))
	spec := setgen.Spec{
		Groups: []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 20, Max: 25}, PerDepth: 5, Unsolvable: 2}},
		Seed:   1,
	}
	set := generate(t, spec, setgen.Options{})
	if len(set.Puzzles) != 32 {
		t.Fatalf("%d puzzles, want 6 depths x 5 + 2 unsolvable = 32", len(set.Puzzles))
	}
	checkKeys(t, set, map[puzzles.Shape]puzzles.Goal{g.Shape(): g})
	perDepth := map[int]int{}
	seen := map[string]bool{}
	for i, p := range set.Puzzles {
		e := p.Entry
		if seen[p.Board.String()] {
			t.Errorf("%s: repeated board %s", e.File, p.Board)
		}
		seen[p.Board.String()] = true
		if i < 30 {
			want := 20 + i/5
			if e.OptimalLength == nil || *e.OptimalLength != want {
				t.Errorf("%s: optimal length %v, want %d (puzzles come by depth)", e.File, e.OptimalLength, want)
			}
			if e.Proof != "exact table 3x3" {
				t.Errorf("%s: proof %q", e.File, e.Proof)
			}
			perDepth[want]++
		} else if e.Solvable {
			t.Errorf("%s: the last two puzzles should be unsolvable", e.File)
		}
	}
	if set.Manifest.Shape != "3x3" || set.Manifest.Convention != "tile" || *set.Manifest.Seed != 1 {
		t.Errorf("manifest header %+v", set.Manifest)
	}
}

// TestDepthSpreadMeetsTheTable asks for 100 3x3 puzzles over depths
// 20-31, where depth 31 holds only two boards: the two are taken and the
// rest spread over the other depths.
func TestDepthSpreadMeetsTheTable(t *testing.T) {
	g := puzzles.DefaultGoal(shape(3, 3))
	spec := setgen.Spec{Groups: []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 20, Max: 31}, Count: 100}}, Seed: 7}
	set := generate(t, spec, setgen.Options{})
	got := map[int]int{}
	for _, p := range set.Puzzles {
		got[*p.Entry.OptimalLength]++
	}
	want := map[int]int{}
	// 100 over 12 depths: depth 31 has 2 boards, so 98 over 11 depths:
	// 8 each, and the 10 left over spaced evenly, which leaves out the
	// middle depth.
	for d := 20; d <= 30; d++ {
		want[d] = 9
	}
	want[25] = 8
	want[31] = 2
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("puzzles per depth (-want +got):\n%s", diff)
	}
	checkKeys(t, set, map[puzzles.Shape]puzzles.Goal{g.Shape(): g})

	// Fewer puzzles than depths: spaced over the range, not bunched at
	// its start.
	spec.Groups[0].Depths, spec.Groups[0].Count = setgen.Range{Min: 4, Max: 24}, 3
	var depths []int
	for _, p := range generate(t, spec, setgen.Options{}).Puzzles {
		depths = append(depths, *p.Entry.OptimalLength)
	}
	if diff := cmp.Diff([]int{7, 14, 21}, depths); diff != "" {
		t.Errorf("3 puzzles over depths 4-24 (-want +got):\n%s", diff)
	}
}

func TestSmallBoardsEveryMode(t *testing.T) {
	goals := map[puzzles.Shape]puzzles.Goal{}
	var groups []setgen.Group
	for _, tc := range []struct {
		dir  string
		goal puzzles.Goal
		mode setgen.Mode
	}{
		{"2x3-depth", puzzles.BlankFirstGoal(shape(2, 3)), setgen.Depth},
		{"3x2-uniform", puzzles.BlankFirstGoal(shape(3, 2)), setgen.Uniform},
		{"2x4-walk", puzzles.BlankFirstGoal(shape(2, 4)), setgen.Walk},
	} {
		goals[tc.goal.Shape()] = tc.goal
		groups = append(groups, setgen.Group{Dir: tc.dir, Goal: tc.goal, Mode: tc.mode, Count: 6, Depths: setgen.Range{Min: 0, Max: 21}, WalkLength: 15, Unsolvable: 3})
	}
	spec := setgen.Spec{Groups: groups, Seed: 3, Convention: puzzles.BlankMoves, Format: puzzles.FormatRows}
	set := generate(t, spec, setgen.Options{})
	if len(set.Puzzles) != 27 || set.Manifest.Shape != "" || set.Manifest.Convention != "blank" {
		t.Fatalf("%d puzzles, shape %q, moves %q; want 27, mixed, blank", len(set.Puzzles), set.Manifest.Shape, set.Manifest.Convention)
	}
	checkKeys(t, set, goals)
	for _, p := range set.Puzzles {
		if !strings.Contains(p.Entry.File, "/puzzle_") {
			t.Errorf("file %q is not in its group's folder", p.Entry.File)
		}
	}
}

// TestDeep4x4 checks the route for boards too large for a table: every
// board sits at exactly its depth, confirmed by breadth-first search from
// the goal (depths up to 12) and bidirectional search (deeper).
func TestDeep4x4(t *testing.T) {
	g := puzzles.DefaultGoal(shape(4, 4))
	spec := setgen.Spec{Groups: []setgen.Group{
		{Dir: "near", Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 6, Max: 12}, PerDepth: 2},
		{Dir: "far", Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 22, Max: 26}, Count: 3, Unsolvable: 1},
	}, Seed: 11}
	set := generate(t, spec, setgen.Options{Jobs: 3})
	near := distances(g, 12)
	for _, p := range set.Puzzles {
		e := p.Entry
		if !strings.HasPrefix(e.File, "near/") {
			continue
		}
		code, _ := puzzles.EncodeCode(p.Board)
		if d, ok := near[code]; !ok || d != *e.OptimalLength {
			t.Errorf("%s: key %d, breadth-first search from the goal %d (reached %v)", e.File, *e.OptimalLength, d, ok)
		}
	}
	checkKeys(t, set, map[puzzles.Shape]puzzles.Goal{g.Shape(): g})
	for _, p := range set.Puzzles {
		if p.Entry.Solvable && !strings.HasPrefix(p.Entry.Proof, "IDA* + ") {
			t.Errorf("%s: proof %q, want IDA*", p.Entry.File, p.Entry.Proof)
		}
	}
}

func TestSameSetWhateverTheJobs(t *testing.T) {
	spec := mixedSpec()
	one := summarize(generate(t, spec, setgen.Options{Jobs: 1}))
	four := summarize(generate(t, spec, setgen.Options{Jobs: 4}))
	if diff := cmp.Diff(one, four); diff != "" {
		t.Errorf("1 job and 4 jobs differ (-1 +4):\n%s", diff)
	}
	spec.Seed++
	other := summarize(generate(t, spec, setgen.Options{Jobs: 2}))
	if cmp.Equal(one.Boards, other.Boards) {
		t.Error("another seed gave the same boards")
	}
}

// mixedSpec has a group of every kind, a blank-first goal and hidden
// puzzles, small enough for a quick test.
func mixedSpec() setgen.Spec {
	return setgen.Spec{
		Groups: []setgen.Group{
			{Dir: "3x3", Goal: puzzles.BlankFirstGoal(shape(3, 3)), Mode: setgen.Depth, Depths: setgen.Range{Min: 10, Max: 14}, Count: 7, Unsolvable: 2},
			{Dir: "hidden/3x3", Goal: puzzles.BlankFirstGoal(shape(3, 3)), Mode: setgen.Depth, Depths: setgen.Range{Min: 10, Max: 14}, Count: 5, Hidden: true},
			{Dir: "2x4", Goal: puzzles.BlankFirstGoal(shape(2, 4)), Mode: setgen.Uniform, Count: 4, Unsolvable: 1},
			{Dir: "4x4", Goal: puzzles.BlankFirstGoal(shape(4, 4)), Mode: setgen.Depth, Depths: setgen.Range{Min: 14, Max: 18}, Count: 4, Unsolvable: 1},
			{Dir: "3x4", Goal: puzzles.BlankFirstGoal(shape(3, 4)), Mode: setgen.Walk, WalkLength: 25, Count: 3},
		},
		Seed:      42,
		Generator: "test mixed",
	}
}

func TestShardsMakeTheWholeSet(t *testing.T) {
	spec := mixedSpec()
	whole := generate(t, spec, setgen.Options{})
	wholeDir := filepath.Join(t.TempDir(), "whole")
	if err := whole.Write(wholeDir); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 3, 7, 40} {
		var dirs []string
		total := 0
		for i := n; i >= 1; i-- { // any order
			part := generate(t, spec, setgen.Options{Shard: setgen.Shard{Index: i, Count: n}, Jobs: 2})
			total += len(part.Puzzles)
			dir := filepath.Join(t.TempDir(), "shard")
			if err := part.Write(dir); err != nil {
				t.Fatal(err)
			}
			dirs = append(dirs, dir)
		}
		if total != len(whole.Puzzles) {
			t.Fatalf("%d shards hold %d puzzles, the whole set %d", n, total, len(whole.Puzzles))
		}
		merged, err := setgen.MergeDirs(dirs)
		if err != nil {
			t.Fatalf("%d shards: merge: %v", n, err)
		}
		out := filepath.Join(t.TempDir(), "merged")
		if err := merged.Write(out); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(readTree(t, wholeDir), readTree(t, out)); diff != "" {
			t.Errorf("%d shards merged differ from the whole set (-whole +merged):\n%s", n, diff)
		}
	}
	goals := map[puzzles.Shape]puzzles.Goal{}
	for _, g := range spec.Groups {
		goals[g.Goal.Shape()] = g.Goal
	}
	checkKeys(t, whole, goals)
	hidden := 0
	for _, p := range whole.Puzzles {
		if p.Entry.Hidden {
			hidden++
			if !strings.HasPrefix(p.Entry.File, "hidden/") {
				t.Errorf("%s is hidden", p.Entry.File)
			}
		}
	}
	if hidden != 5 {
		t.Errorf("%d hidden puzzles, want 5", hidden)
	}
}

func TestMergeRefusesWhatIsNotOneSet(t *testing.T) {
	spec := mixedSpec()
	part := func(s setgen.Spec, i, n int) puzzles.Manifest {
		set := generate(t, s, setgen.Options{Shard: setgen.Shard{Index: i, Count: n}})
		m := set.Manifest
		for _, p := range set.Puzzles {
			m.Puzzles = append(m.Puzzles, p.Entry)
		}
		return m
	}
	a, b, c := part(spec, 1, 3), part(spec, 2, 3), part(spec, 3, 3)
	other := spec
	other.Seed++
	other.Generator = "test other"
	whole := part(spec, 0, 0)
	for _, tc := range []struct {
		name   string
		shards []puzzles.Manifest
		want   string
	}{
		{"none", nil, "no shards"},
		{"missing", []puzzles.Manifest{a, c}, "3 shards, 2 given"},
		{"twice", []puzzles.Manifest{a, b, b}, "given twice"},
		{"other generation", []puzzles.Manifest{a, b, part(other, 3, 3)}, "another generation"},
		{"not a shard", []puzzles.Manifest{whole}, "not a shard"},
	} {
		_, _, err := setgen.Merge(tc.shards)
		if !errors.Is(err, setgen.ErrMerge) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrMerge saying %q", tc.name, err, tc.want)
		}
	}
	if _, _, err := setgen.Merge([]puzzles.Manifest{c, a, b}); err != nil {
		t.Errorf("the three shards in another order: %v", err)
	}
}

func TestSpecErrors(t *testing.T) {
	g3 := puzzles.DefaultGoal(shape(3, 3))
	for _, tc := range []struct {
		name  string
		group setgen.Group
		want  string
	}{
		{"beyond the largest depth", setgen.Group{Goal: g3, Mode: setgen.Depth, Depths: setgen.Range{Min: 30, Max: 32}, Count: 3}, "largest depth is 31"},
		{"more than a depth holds", setgen.Group{Goal: g3, Mode: setgen.Depth, Depths: setgen.Range{Min: 30, Max: 31}, PerDepth: 3}, "2 boards at depth 31"},
		{"more than the depths hold", setgen.Group{Goal: g3, Mode: setgen.Depth, Depths: setgen.Range{Min: 31, Max: 31}, Count: 3}, "only 2 boards"},
		{"count and per depth", setgen.Group{Goal: g3, Mode: setgen.Depth, Depths: setgen.Range{Min: 3, Max: 4}, Count: 3, PerDepth: 1}, "not both"},
		{"empty range", setgen.Group{Goal: g3, Mode: setgen.Depth, Depths: setgen.Range{Min: 5, Max: 4}, Count: 3}, "empty"},
		{"walk without length", setgen.Group{Goal: g3, Mode: setgen.Walk, Count: 3}, "walk length"},
		{"nothing", setgen.Group{Goal: g3}, "no puzzles"},
		{"negative", setgen.Group{Goal: g3, Count: -1}, "negative"},
		{"no goal", setgen.Group{Count: 1}, "no goal"},
		{"escaping folder", setgen.Group{Dir: "../x", Goal: g3, Count: 1}, "inside the set"},
		{"too few boards", setgen.Group{Goal: puzzles.DefaultGoal(shape(2, 2)), Count: 13}, "distinct boards"},
	} {
		_, err := setgen.Generate(context.Background(), setgen.Spec{Groups: []setgen.Group{tc.group}}, setgen.Options{})
		if !errors.Is(err, setgen.ErrSpec) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrSpec saying %q", tc.name, err, tc.want)
		}
	}
	mixed := setgen.Spec{Groups: []setgen.Group{
		{Dir: "a", Goal: g3, Count: 1},
		{Dir: "b", Goal: puzzles.BlankFirstGoal(shape(2, 3)), Count: 1},
	}}
	if err := mixed.Validate(); !errors.Is(err, setgen.ErrSpec) || !strings.Contains(err.Error(), "share a manifest") {
		t.Errorf("default and blank-first goals in one set: %v", err)
	}
	deepest := setgen.Range{Min: 31, Max: 31}
	both := setgen.Spec{Groups: []setgen.Group{
		{Dir: "public", Goal: g3, Mode: setgen.Depth, Depths: deepest, Count: 1},
		{Dir: "hidden", Goal: g3, Mode: setgen.Depth, Depths: deepest, Count: 2},
	}}
	if _, err := setgen.Generate(context.Background(), both, setgen.Options{}); !errors.Is(err, setgen.ErrSpec) || !strings.Contains(err.Error(), "2 boards at depth 31 for the default goal; the set's groups ask for 3") {
		t.Errorf("two groups asking for 3 of the 2 boards at depth 31: %v", err)
	}
	both.Groups[1].Count = 1
	set := generate(t, both, setgen.Options{})
	if set.Puzzles[0].Board.Equal(set.Puzzles[1].Board) {
		t.Error("two groups took the same board at depth 31")
	}
	same := setgen.Spec{Groups: []setgen.Group{{Dir: "a", Goal: g3, Count: 1}, {Dir: "a", Goal: g3, Count: 1}}}
	if err := same.Validate(); err == nil || !strings.Contains(err.Error(), "two groups") {
		t.Errorf("two groups in one folder: %v", err)
	}
	if _, err := setgen.Generate(context.Background(), setgen.Spec{Groups: []setgen.Group{{Goal: g3, Count: 1}}}, setgen.Options{Shard: setgen.Shard{Index: 4, Count: 3}}); !errors.Is(err, setgen.ErrSpec) {
		t.Errorf("shard 4/3: %v", err)
	}
}

// TestTimeout gives a deep 4x4 puzzle no time: the generation fails, and
// says which puzzle and that time ran out.
func TestTimeout(t *testing.T) {
	g := puzzles.DefaultGoal(shape(4, 4))
	spec := setgen.Spec{Groups: []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: setgen.Range{Min: 60, Max: 60}, Count: 1}}}
	_, err := setgen.Generate(context.Background(), spec, setgen.Options{Timeout: time.Millisecond})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "puzzle_1.txt") {
		t.Errorf("error %v, want a deadline naming puzzle_1.txt", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := setgen.Generate(ctx, spec, setgen.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestProgress(t *testing.T) {
	spec := setgen.Spec{Groups: []setgen.Group{{Goal: puzzles.DefaultGoal(shape(3, 3)), Count: 9, Unsolvable: 1}}}
	var got []setgen.Progress
	generate(t, spec, setgen.Options{Jobs: 3, Shard: setgen.Shard{Index: 2, Count: 2}, Progress: func(p setgen.Progress) { got = append(got, p) }})
	want := []setgen.Progress{{1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}

func TestNoKeys(t *testing.T) {
	g := puzzles.DefaultGoal(shape(5, 5))
	spec := setgen.Spec{Groups: []setgen.Group{{Goal: g, Count: 3}}, NoKeys: true}
	set := generate(t, spec, setgen.Options{})
	for _, p := range set.Puzzles {
		if p.Entry.OptimalLength != nil || p.Entry.Solution != nil || !p.Entry.Solvable {
			t.Errorf("%s: %+v, want a solvable puzzle without a key", p.Entry.File, p.Entry)
		}
	}
}

// TestSolutionsDoNotDependOnTheRoute checks the claim that makes keys
// reproducible whatever heuristic proves them: the exact table and IDA*
// both return the first optimal solution in Up, Down, Left, Right order.
func TestSolutionsDoNotDependOnTheRoute(t *testing.T) {
	g := puzzles.DefaultGoal(shape(3, 3))
	spec := setgen.Spec{Groups: []setgen.Group{{Goal: g, Mode: setgen.Uniform, Count: 25}}, Seed: 5}
	byTable := generate(t, spec, setgen.Options{})
	byIDA := generate(t, spec, setgen.Options{Prover: &reference.Prover{MaxTableCells: -1}})
	for i := range byTable.Puzzles {
		a, b := byTable.Puzzles[i].Entry, byIDA.Puzzles[i].Entry
		if a.Proof != "exact table 3x3" || !strings.HasPrefix(b.Proof, "IDA* + ") {
			t.Fatalf("%s: proofs %q and %q, want the table and IDA*", a.File, a.Proof, b.Proof)
		}
		if diff := cmp.Diff(a.Solution, b.Solution); diff != "" {
			t.Errorf("%s: solutions differ (-table +IDA*):\n%s", a.File, diff)
		}
	}
}
