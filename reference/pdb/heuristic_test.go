package pdb_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

type partitionCase struct {
	goal     puzzles.Goal
	mode     pdb.Mode
	patterns [][]int
	noRefl   bool
	// countEdges counts the inconsistent moves of an additive partition
	// (Max partitions are always checked for consistency).
	countEdges bool
}

func (c partitionCase) String() string {
	return fmt.Sprintf("%s-%s-%s-%s-norefl=%v", c.goal.Shape(), c.goal.Name(), c.mode, pdbSpec(c.patterns), c.noRefl)
}

func pdbSpec(p [][]int) string {
	s := ""
	for i, pat := range p {
		if i > 0 {
			s += "/"
		}
		for j, t := range pat {
			if j > 0 {
				s += "-"
			}
			s += fmt.Sprint(t)
		}
	}
	return s
}

// TestAdmissibleAndConsistentExhaustive checks every state of 2x4 and 3x3
// boards against the exact distance table: each estimate is at most the
// true distance, is 0 exactly at the goal, and an additive partition
// never falls below Manhattan distance. Where the heuristic claims to be
// consistent (Max partitions) it must change by at most 1 across every
// move; additive tables minimise over the blank's position, which makes
// them inconsistent, and the test logs how often.
func TestAdmissibleAndConsistentExhaustive(t *testing.T) {
	s24 := puzzles.Shape{Rows: 2, Cols: 4}
	s33 := puzzles.Shape{Rows: 3, Cols: 3}
	cases := []partitionCase{
		{goal: puzzles.DefaultGoal(s24), mode: pdb.Additive, patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7}}, countEdges: true},
		{goal: puzzles.BlankFirstGoal(s24), mode: pdb.Additive, patterns: [][]int{{1, 2, 5, 6}, {3, 4, 7}}},
		{goal: puzzles.DefaultGoal(s24), mode: pdb.Max, patterns: [][]int{{1, 2, 3}, {5, 6, 7}}},
		{goal: puzzles.DefaultGoal(s33), mode: pdb.Additive, patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, countEdges: true},
		{goal: puzzles.DefaultGoal(s33), mode: pdb.Additive, patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, noRefl: true},
		{goal: puzzles.BlankFirstGoal(s33), mode: pdb.Additive, patterns: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8}}},
		{goal: puzzles.SnailGoal(puzzles.Shape{Rows: 3, Cols: 3}), mode: pdb.Additive, patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{goal: puzzles.DefaultGoal(s33), mode: pdb.Additive, patterns: [][]int{{2, 5, 8}}}, // the rest by Manhattan
		{goal: puzzles.DefaultGoal(s33), mode: pdb.Max, patterns: [][]int{{3, 6, 7, 8}}},
	}
	for _, tc := range cases {
		t.Run(tc.String(), func(t *testing.T) {
			t.Parallel()
			h := inMemory(t, tc.goal, tc.mode, tc.patterns, tc.noRefl)
			tab := exactTable(t, tc.goal)
			shape := tc.goal.Shape()
			var states, above, sumH, sumMD, inconsistent, jump int
			for cells, dist := range tab.All() {
				states++
				v := h.Estimate(cells)
				sumH += v
				md := manhattan(tc.goal, cells)
				sumMD += md
				if v > dist {
					t.Fatalf("%v: estimate %d exceeds the distance %d", cells, v, dist)
				}
				if dist == 0 && v != 0 {
					t.Fatalf("goal: estimate %d, want 0", v)
				}
				if v == 0 && dist != 0 {
					t.Fatalf("%v: estimate 0 away from the goal (distance %d)", cells, dist)
				}
				if tc.mode == pdb.Additive && v < md {
					t.Fatalf("%v: estimate %d below Manhattan %d", cells, v, md)
				}
				if v > md {
					above++
				}
				if !h.Consistent() && !tc.countEdges {
					continue
				}
				from := fmt.Sprint(cells)
				neighbors(shape, cells, func(nb []uint8) {
					if w := h.Estimate(nb); w-v > 1 || v-w > 1 {
						inconsistent++
						jump = max(jump, w-v, v-w)
						if h.Consistent() {
							t.Fatalf("%s (h=%d) -> %v (h=%d): estimate changes by more than 1", from, v, nb, w)
						}
					}
				})
			}
			if want := tab.Len(); states != want {
				t.Errorf("checked %d states, the table has %d", states, want)
			}
			if above == 0 {
				t.Errorf("estimate never exceeds Manhattan distance: the tables add nothing")
			}
			if tc.mode == pdb.Max && !h.Consistent() {
				t.Errorf("a Max partition reports Consistent() = false")
			}
			t.Logf("%d states, mean estimate %.2f, mean Manhattan %.2f, above Manhattan on %d; %d inconsistent edges (largest change %d)",
				states, float64(sumH)/float64(states), float64(sumMD)/float64(states), above, inconsistent, jump)
		})
	}
}

// TestReflectionRaisesEstimates checks that the reflected lookup is used:
// on the 3x3 default goal it raises the mean estimate, never lowers one.
func TestReflectionRaisesEstimates(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	with := inMemory(t, g, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, false)
	without := inMemory(t, g, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, true)
	if !with.Reflects() || without.Reflects() {
		t.Fatalf("Reflects() = %v, %v; want true, false", with.Reflects(), without.Reflects())
	}
	higher := 0
	for cells := range exactTable(t, g).All() {
		a, b := with.Estimate(cells), without.Estimate(cells)
		if a < b {
			t.Fatalf("%v: %d with reflection, %d without", cells, a, b)
		}
		if a > b {
			higher++
		}
	}
	if higher == 0 {
		t.Error("reflection never raised an estimate")
	}
}

// abstractDistances computes a pattern table independently of the
// package: a plain 0-1 breadth-first search (Additive) or breadth-first
// search (Max) over explicit (tile cells, blank cell) states in a map,
// returning the value of every placement of the tiles (and blank, for
// Max) keyed by its cells.
func abstractDistances(g puzzles.Goal, mode pdb.Mode, tiles []int) map[string]int {
	s := g.Shape()
	k := len(tiles)
	// A state is a string of the tile cells then the blank's cell, one
	// byte each.
	start := make([]byte, k+1)
	for i, t := range tiles {
		start[i] = byte(g.Pos(t))
	}
	start[k] = byte(g.Pos(0))
	dist := map[string]int{string(start): 0}
	deque := []string{string(start)}
	for len(deque) > 0 {
		cur := deque[0]
		deque = deque[1:]
		d := dist[cur]
		b := []byte(cur)
		blank := int(b[k])
		for _, dir := range puzzles.Dirs {
			q, ok := s.Neighbor(blank, dir)
			if !ok {
				continue
			}
			nb := slices.Clone(b)
			cost := 0
			if mode == pdb.Max {
				cost = 1
			}
			for i := range k {
				if int(nb[i]) == q {
					nb[i] = byte(blank)
					cost = 1
				}
			}
			nb[k] = byte(q)
			key := string(nb)
			if old, seen := dist[key]; seen && old <= d+cost {
				continue
			}
			dist[key] = d + cost
			if cost == 0 {
				deque = append([]string{key}, deque...)
			} else {
				deque = append(deque, key)
			}
		}
	}
	out := map[string]int{}
	for key, d := range dist {
		if mode == pdb.Max {
			out[key] = d
			continue
		}
		p := key[:k]
		if old, ok := out[p]; !ok || d < old {
			out[p] = d
		}
	}
	return out
}

// TestTableValuesMatchIndependentSearch compares every entry of built
// tables with the independent search above.
func TestTableValuesMatchIndependentSearch(t *testing.T) {
	s24 := puzzles.Shape{Rows: 2, Cols: 4}
	s33 := puzzles.Shape{Rows: 3, Cols: 3}
	for _, tc := range []struct {
		goal  puzzles.Goal
		mode  pdb.Mode
		tiles []int
	}{
		{puzzles.DefaultGoal(s33), pdb.Additive, []int{1, 2, 3, 4}},
		{puzzles.DefaultGoal(s33), pdb.Additive, []int{2, 4, 6, 8}},
		{puzzles.SnailGoal(puzzles.Shape{Rows: 3, Cols: 3}), pdb.Additive, []int{5, 6, 7}},
		{puzzles.BlankFirstGoal(s24), pdb.Additive, []int{1, 2, 3, 4, 5}},
		{puzzles.DefaultGoal(s33), pdb.Max, []int{1, 2, 3}},
		{puzzles.BlankFirstGoal(s24), pdb.Max, []int{4, 5, 6}},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 4}), pdb.Additive, []int{1, 5, 9}},
	} {
		t.Run(fmt.Sprintf("%s-%s-%s-%v", tc.goal.Shape(), tc.goal.Name(), tc.mode, tc.tiles), func(t *testing.T) {
			t.Parallel()
			tab, err := pdb.BuildTable(t.Context(), tc.goal, tc.mode, tc.tiles, pdb.BuildOptions{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			want := abstractDistances(tc.goal, tc.mode, tc.tiles)
			got := map[string]int{}
			for key := range want {
				cells := make([]int, len(tc.tiles))
				for i := range cells {
					cells[i] = int(key[i])
				}
				blank := -1
				if tc.mode == pdb.Max {
					blank = int(key[len(tc.tiles)])
				}
				v, err := tab.Value(cells, blank)
				if err != nil {
					t.Fatal(err)
				}
				got[key] = v
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("table values (-want +got):\n%s", diff)
			}
			if want, got := tab.Header().Entries, int64(len(want)); tc.mode == pdb.Additive && got != want {
				t.Errorf("independent search reached %d placements, the table has %d entries", got, want)
			}
		})
	}
}

func TestNamedPartitions(t *testing.T) {
	s4 := puzzles.Shape{Rows: 4, Cols: 4}
	for _, name := range pdb.Names() {
		for _, gname := range []string{puzzles.GoalDefault, puzzles.GoalBlankFirst} {
			info := describe(t, name)
			g, err := puzzles.GoalByName(gname, info.Shape)
			if err != nil {
				t.Fatal(err)
			}
			p, err := pdb.Named("pdb:"+name, g)
			if err != nil {
				t.Fatalf("Named(%s, %s): %v", name, gname, err)
			}
			seen := map[int]bool{}
			for _, pat := range p.Patterns {
				for _, tile := range pat {
					if seen[tile] {
						t.Errorf("%s/%s: tile %d in two patterns", name, gname, tile)
					}
					seen[tile] = true
				}
			}
			if info.Mode == pdb.Additive && len(seen) != info.Shape.Cells()-1 {
				t.Errorf("%s/%s: patterns cover %d tiles, want all %d", name, gname, len(seen), info.Shape.Cells()-1)
			}
		}
	}
	// The default goal gets the half-turn image of Korf's blank-first 7-8
	// split: tile t of the blank-first goal corresponds to tile 16-t.
	p, err := pdb.Named("78", puzzles.DefaultGoal(s4))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{9, 10, 11, 12, 13, 14, 15}, {1, 2, 3, 4, 5, 6, 7, 8}}
	if diff := cmp.Diff(want, p.Patterns); diff != "" {
		t.Errorf("78 for the default goal (-want +got):\n%s", diff)
	}
	if _, err := pdb.Named("78", puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})); err == nil {
		t.Error("78 on a 3x3 goal: no error")
	}
	if _, err := pdb.Named("999", puzzles.DefaultGoal(s4)); err == nil {
		t.Error("unknown name: no error")
	}
	if name, ok := pdb.Strongest(s4); !ok || name != "78" {
		t.Errorf("Strongest(4x4) = %q, %v; want 78, true", name, ok)
	}
}

func describe(t *testing.T, name string) pdb.NameInfo {
	for _, info := range pdb.Describe() {
		if info.Name == name {
			return info
		}
	}
	t.Fatalf("no description of %s", name)
	return pdb.NameInfo{}
}

func TestCustomRejectsBadPatterns(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	for _, pats := range [][][]int{
		nil,
		{{}},
		{{1, 2}, {2, 3}},
		{{0, 1}},
		{{9}},
	} {
		if _, err := pdb.Custom(g, pdb.Additive, pats); err == nil {
			t.Errorf("Custom(%v): no error", pats)
		}
	}
}

func TestAutoAndResolve(t *testing.T) {
	for _, tc := range []struct {
		shape puzzles.Shape
		want  [][]int
	}{
		{puzzles.Shape{Rows: 3, Cols: 3}, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{puzzles.Shape{Rows: 3, Cols: 4}, [][]int{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
		{puzzles.Shape{Rows: 4, Cols: 4}, [][]int{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}},
		{puzzles.Shape{Rows: 2, Cols: 2}, [][]int{{1, 2, 3}}},
	} {
		p, err := pdb.Resolve("pdb:auto", puzzles.DefaultGoal(tc.shape))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, p.Patterns); diff != "" {
			t.Errorf("auto on %s (-want +got):\n%s", tc.shape, diff)
		}
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	p, err := pdb.Resolve("pdb:663", g)
	if err != nil || p.Name != "663" {
		t.Errorf("Resolve(pdb:663) = %v, %v", p.Name, err)
	}
	p, err = pdb.Resolve("pdb:1-2-3/4-5", g)
	if err != nil || p.Spec() != "1-2-3/4-5" || p.Mode != pdb.Additive {
		t.Errorf("Resolve(pdb:1-2-3/4-5) = %+v, %v", p, err)
	}
	for _, bad := range []string{"pdb:manhattan", "pdb:", "pdb:1-2-99", "pdb:12"} {
		if _, err := pdb.Resolve(bad, g); err == nil {
			t.Errorf("Resolve(%q): no error", bad)
		}
	}
}

// TestOpenSpecAuto checks that the heuristic name pdb:auto opens the
// automatic partition of any board: the partition Resolve gives, whose
// estimates equal those of the same patterns opened as tiles.
func TestOpenSpecAuto(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	opts := pdb.Options{Dir: t.TempDir(), NoSave: true}
	h, err := pdb.OpenSpec(context.Background(), "pdb:auto", g, opts)
	if err != nil {
		t.Fatal(err)
	}
	want, err := pdb.Resolve("pdb:auto", g)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want.Patterns, h.Partition().Patterns); diff != "" || h.Name() != "pdb:auto" {
		t.Errorf("pdb:auto is %s (-want +got):\n%s", h.Name(), diff)
	}
	tiles, err := pdb.OpenSpec(context.Background(), "pdb:1-2-3-4/5-6-7-8", g, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := puzzles.NewRand(5)
	for range 200 {
		b := puzzles.RandomSolvable(rng, g)
		if a, b2 := h.Estimate(b.Bytes()), tiles.Estimate(b.Bytes()); a != b2 {
			t.Fatalf("%s: pdb:auto says %d, the same patterns as tiles %d", b, a, b2)
		}
	}
}

// TestAdmissible3x4Exhaustive checks the 6-5 split of the 3x4 board on all
// 239,500,800 solvable states against the exact table. It takes minutes
// and 240 MB, so it runs only when KPUZZLE_PDB_3X4=1.
func TestAdmissible3x4Exhaustive(t *testing.T) {
	if os.Getenv("KPUZZLE_PDB_3X4") != "1" {
		t.Skip("set KPUZZLE_PDB_3X4=1 to check every 3x4 state (minutes)")
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 4})
	h := inMemory(t, g, pdb.Additive, [][]int{{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11}}, false)
	tab := exactTable(t, g)
	var states, sumH, sumD int64
	for cells, dist := range tab.All() {
		v := h.Estimate(cells)
		if v > dist {
			t.Fatalf("%v: estimate %d exceeds the distance %d", cells, v, dist)
		}
		states++
		sumH += int64(v)
		sumD += int64(dist)
	}
	if states != 239500800 {
		t.Errorf("checked %d states, want 239,500,800", states)
	}
	t.Logf("%d states admissible; mean estimate %.2f, mean distance %.2f", states, float64(sumH)/float64(states), float64(sumD)/float64(states))
}

// The reference solver's heuristic interface, restated so that this
// package's tests do not depend on reference/search.
var _ interface {
	Name() string
	Estimate(cells []uint8) int
} = (*pdb.Heuristic)(nil)
