package bench_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lengths lists each instance's name and known length.
func lengths(s bench.Set) map[string]int {
	out := map[string]int{}
	for _, in := range s.Instances {
		out[in.Name] = in.Optimal
	}
	return out
}

func TestLoadShippedSet(t *testing.T) {
	set, err := bench.LoadSet(context.Background(), "korf100", bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	if set.Name != "korf100" || set.GoalName != "blank-first" || len(set.Instances) != len(shipped.Instances) {
		t.Fatalf("korf100: %s, %s goal, %d instances", set.Name, set.GoalName, len(set.Instances))
	}
	for i, in := range set.Instances {
		want := shipped.Instances[i]
		if in.Name != want.Name || !in.Board.Equal(want.Board) || in.Optimal != want.Optimal || !in.Goal.Board().Equal(shipped.Goal(want).Board()) {
			t.Fatalf("instance %d: %+v, want %+v", i, in, want)
		}
	}
	// Posed against another goal, the published lengths no longer hold;
	// posed against the set's own goal by name, they do.
	for _, tc := range []struct {
		goal string
		keep bool
	}{{puzzles.GoalDefault, false}, {puzzles.GoalBlankFirst, true}} {
		o := bench.SetOptions{GoalName: tc.goal, Goal: func(s puzzles.Shape) (puzzles.Goal, error) { return puzzles.GoalByName(tc.goal, s) }}
		set, err := bench.LoadSet(context.Background(), "korf100", o)
		if err != nil {
			t.Fatal(err)
		}
		in := set.Instances[0]
		if set.GoalName != tc.goal || in.Goal.Name() != tc.goal || (in.Optimal >= 0) != tc.keep {
			t.Errorf("goal %s: set goal %s, instance goal %s, length %d; want the length kept: %v", tc.goal, set.GoalName, in.Goal.Name(), in.Optimal, tc.keep)
		}
	}
}

func TestLoadFolder(t *testing.T) {
	// With a manifest: its puzzles and keys, in its order.
	dir := t.TempDir()
	writeFile(t, dir, "b.txt", "1 2 3\n4 5 6\n0 7 8\n")
	writeFile(t, dir, "a.txt", "8 6 7\n2 5 4\n3 0 1\n")
	writeFile(t, dir, "c.txt", "2 1 3\n4 5 6\n7 8 0\n")
	writeFile(t, dir, "manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [
  {"file": "b.txt", "solvable": true, "optimal_length": 2},
  {"file": "a.txt", "solvable": true, "optimal_length": 31},
  {"file": "c.txt", "solvable": false, "optimal_length": null}
]}`)
	set, err := bench.LoadSet(context.Background(), dir, bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int{"b.txt": 2, "a.txt": 31, "c.txt": -1}, lengths(set)); diff != "" || set.Instances[0].Name != "b.txt" || set.GoalName != "default" {
		t.Errorf("manifest folder, goal %s, first %s (-want +got):\n%s", set.GoalName, set.Instances[0].Name, diff)
	}

	// Without one: every puzzle file below, sorted, none known; dot
	// files, JSON and README.txt left out.
	plain := t.TempDir()
	writeFile(t, plain, "z.txt", "1 2 3\n4 5 6\n7 0 8\n")
	writeFile(t, plain, "sub/y.txt", "1 2\n0 3\n")
	writeFile(t, plain, ".hidden/x.txt", "not a puzzle")
	writeFile(t, plain, ".x.txt", "not a puzzle")
	writeFile(t, plain, "notes.json", "{}")
	writeFile(t, plain, "README.txt", "not a puzzle")
	set, err = bench.LoadSet(context.Background(), plain, bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int{filepath.Join("sub", "y.txt"): -1, "z.txt": -1}, lengths(set)); diff != "" {
		t.Errorf("plain folder (-want +got):\n%s", diff)
	}
	if g := set.Instances[0].Goal; g.Shape() != (puzzles.Shape{Rows: 2, Cols: 2}) || g.Name() != puzzles.GoalDefault {
		t.Errorf("sub/y.txt posed against %s %s", g.Shape(), g.Name())
	}

	// A file that is not a puzzle is named with its line.
	writeFile(t, plain, "w.txt", "1 2 3\n4 five 6\n7 8 0\n")
	_, err = bench.LoadSet(context.Background(), plain, bench.SetOptions{})
	var pe *puzzles.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.HasSuffix(pe.File, "w.txt") {
		t.Errorf("bad puzzle: %v, want a parse error at w.txt line 2", err)
	}
	_, err = bench.LoadSet(context.Background(), filepath.Join(plain, "nowhere"), bench.SetOptions{})
	if err == nil || !strings.Contains(err.Error(), "korf100") {
		t.Errorf("missing set: %v, want the shipped sets listed", err)
	}
}

// TestLoadGenerated checks a set generated on the fly against the exact
// table: every key is the exact distance, the depths are the ones asked
// for, and the same spec gives the same boards.
func TestLoadGenerated(t *testing.T) {
	set, err := bench.LoadSet(context.Background(), "gen:3x3:10-14:10:9", bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := bench.LoadSet(context.Background(), "gen:3x3:10-14:10:9", bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Instances) != 10 || set.Name != "gen:3x3:10-14:10:9" || set.GoalName != puzzles.GoalDefault {
		t.Fatalf("%s: %d instances, goal %s", set.Name, len(set.Instances), set.GoalName)
	}
	tab := oracletest.ExactTable(t, set.Instances[0].Goal)
	for i, in := range set.Instances {
		d, _ := tab.DistanceBoard(in.Board)
		if in.Optimal != d || d < 10 || d > 14 {
			t.Errorf("%s: key %d, exact distance %d (asked for 10-14)", in.Name, in.Optimal, d)
		}
		if !in.Board.Equal(again.Instances[i].Board) {
			t.Errorf("%s differs between two loads of one spec", in.Name)
		}
	}
	_, err = bench.LoadSet(context.Background(), "gen:3x3:30-40:5", bench.SetOptions{Prover: &reference.Prover{}})
	if !errors.Is(err, setgen.ErrSpec) || !strings.Contains(err.Error(), "gen:3x3:30-40:5") {
		t.Errorf("depths beyond the 8-puzzle's 31: %v", err)
	}
	if _, err := bench.LoadSet(context.Background(), "gen:3x3:10-20", bench.SetOptions{}); err == nil || !strings.Contains(err.Error(), "gen:SHAPE:DEPTHS:COUNT") {
		t.Errorf("a spec without a count: %v", err)
	}
}

func TestSelect(t *testing.T) {
	set, err := bench.LoadSet(context.Background(), "korf100", bench.SetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	names := func(s bench.Set) []string {
		var out []string
		for _, in := range s.Instances {
			out = append(out, in.Name)
		}
		return out
	}
	for _, tc := range []struct {
		only  []string
		limit int
		want  []string
	}{
		{[]string{"47", "9"}, 0, []string{"9", "47"}},
		{nil, 3, []string{"1", "2", "3"}},
		{[]string{"5", "3", "88"}, 2, []string{"3", "5"}},
	} {
		got, err := set.Select(tc.only, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, names(got)); diff != "" {
			t.Errorf("Select(%v, %d) (-want +got):\n%s", tc.only, tc.limit, diff)
		}
	}
	if _, err := set.Select([]string{"9", "101", "0"}, 0); err == nil || !strings.Contains(err.Error(), "no instance 0, 101") {
		t.Errorf("unknown names: %v", err)
	}
	if _, err := set.Select(nil, -1); err == nil {
		t.Error("a negative limit is accepted")
	}
	if _, err := (bench.Set{Name: "empty"}).Select(nil, 0); err == nil || !strings.Contains(err.Error(), "no puzzles") {
		t.Errorf("an empty set: %v", err)
	}
	if len(set.Instances) != 100 {
		t.Errorf("Select changed the set it was called on: %d instances", len(set.Instances))
	}
}
