package grader_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// writeSet writes boards as puzzle files into a fresh folder, with a
// manifest when entries is not nil, and returns the folder.
func writeSet(t *testing.T, boards map[string]puzzles.Board, m *puzzles.Manifest) string {
	t.Helper()
	dir := t.TempDir()
	for name, b := range boards {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.Format(puzzles.FormatRows)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if m != nil {
		f, err := os.Create(filepath.Join(dir, puzzles.ManifestFile))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := puzzles.WriteManifest(f, *m); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// cs3243Set writes the shipped public CS3243 inputs into a folder.
func cs3243Set(t *testing.T) string {
	t.Helper()
	set, err := puzzles.LoadSet("cs3243-public")
	if err != nil {
		t.Fatal(err)
	}
	boards := map[string]puzzles.Board{}
	for _, inst := range set.Instances {
		boards[inst.Name] = inst.Board
	}
	return writeSet(t, boards, nil)
}

func TestLoadTestsByGlob(t *testing.T) {
	dir := cs3243Set(t)
	tests, err := grader.LoadTests(grader.PuzzleSet{Dir: dir, Glob: "n_equals_*/input_*.txt"}, "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var unsolvable []string
	for i, tc := range tests {
		if tc.Number != i+1 {
			t.Errorf("test %s numbered %d, want %d", tc.Name, tc.Number, i+1)
		}
		names = append(names, tc.Name)
		if !tc.Solvable {
			unsolvable = append(unsolvable, tc.Name)
		}
		if tc.Optimum.Known {
			t.Errorf("%s has an optimum without a key", tc.Name)
		}
	}
	if len(names) != 13 || names[0] != "n_equals_3/input_1.txt" || names[12] != "n_equals_5/input_6.txt" {
		t.Errorf("names %v", names)
	}
	// The published facts: n3 input_1, n4 input_1 and n5 input_6 are
	// unsolvable (the set's own README is wrong about n5 input_6).
	want := []string{"n_equals_3/input_1.txt", "n_equals_4/input_1.txt", "n_equals_5/input_6.txt"}
	if diff := cmp.Diff(want, unsolvable); diff != "" {
		t.Errorf("unsolvable tests (-want +got):\n%s", diff)
	}
	if _, err := grader.LoadTests(grader.PuzzleSet{Dir: dir, Glob: "nothing*"}, ""); err == nil {
		t.Error("a glob matching nothing was accepted")
	}
	if _, err := grader.LoadTests(grader.PuzzleSet{Dir: dir}, ""); err == nil {
		t.Error("a folder without manifest or glob was accepted")
	}
}

func TestLoadTestsWithManifest(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	m := &puzzles.Manifest{Goal: "default", Convention: "tile", Puzzles: []puzzles.ManifestEntry{
		{File: "b.txt", Solvable: true, OptimalLength: ptr(1), Solution: []string{"LEFT"}, Proof: "exact table 3x3"},
		{File: "a.txt", Solvable: false, Hidden: true},
		{File: "c.txt", Solvable: true},
	}}
	dir := writeSet(t, map[string]puzzles.Board{"a.txt": unsolvable, "b.txt": oneAway, "c.txt": goal.Board()}, m)
	tests, err := grader.LoadTests(grader.PuzzleSet{Dir: dir}, "")
	if err != nil {
		t.Fatal(err)
	}
	type brief struct {
		Name     string
		Solvable bool
		Optimum  check.Optimum
		Hidden   bool
	}
	var got []brief
	for _, tc := range tests {
		got = append(got, brief{tc.Name, tc.Solvable, tc.Optimum, tc.Hidden})
	}
	want := []brief{ // manifest order
		{"b.txt", true, check.KnownOptimum(1, "answer key: exact table 3x3"), false},
		{"a.txt", false, check.Optimum{}, true},
		{"c.txt", true, check.Optimum{Unknown: "the answer key gives no optimal length"}, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tests (-want +got):\n%s", diff)
	}
	// A glob picks files; the manifest still gives their keys.
	tests, err = grader.LoadTests(grader.PuzzleSet{Dir: dir, Glob: "b.*"}, "default")
	if err != nil || len(tests) != 1 || !tests[0].Optimum.Known {
		t.Errorf("glob with manifest: %+v, %v", tests, err)
	}
	// The assignment's goal must agree with the manifest's.
	_, err = grader.LoadTests(grader.PuzzleSet{Dir: dir}, "blank-first")
	var ce *grader.ConfigError
	if !errors.As(err, &ce) || ce.Key != "goal" {
		t.Errorf("goal disagreeing with the manifest: %v", err)
	}
}

func TestLoadTestsChecksTheKey(t *testing.T) {
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	bad := []struct {
		name  string
		board puzzles.Board
		entry puzzles.ManifestEntry
		msg   string
	}{
		{"solvable called unsolvable", oneAway, puzzles.ManifestEntry{Solvable: false}, "solvable=false"},
		{"unsolvable called solvable", unsolvable, puzzles.ManifestEntry{Solvable: true, OptimalLength: ptr(3)}, "solvable=true"},
		{"illegal solution", oneAway, puzzles.ManifestEntry{Solvable: true, OptimalLength: ptr(1), Solution: []string{"UP"}}, "illegal"},
		{"solution misses the goal", oneAway, puzzles.ManifestEntry{Solvable: true, OptimalLength: ptr(1), Solution: []string{"RIGHT"}}, "does not reach the goal"},
		{"solution of the wrong length", oneAway, puzzles.ManifestEntry{Solvable: true, OptimalLength: ptr(3), Solution: []string{"LEFT"}}, "has 1 moves but optimal_length is 3"},
	}
	for _, tc := range bad {
		tc.entry.File = "p.txt"
		dir := writeSet(t, map[string]puzzles.Board{"p.txt": tc.board}, &puzzles.Manifest{Goal: "default", Convention: "tile", Puzzles: []puzzles.ManifestEntry{tc.entry}})
		_, err := grader.LoadTests(grader.PuzzleSet{Dir: dir}, "")
		if !errors.Is(err, check.ErrKeyContradiction) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: err %v, want ErrKeyContradiction mentioning %q", tc.name, err, tc.msg)
		}
	}
}

func TestFindKey(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	m := &puzzles.Manifest{Goal: "default", Convention: "blank", Puzzles: []puzzles.ManifestEntry{
		{File: "sub/p.txt", Solvable: true, OptimalLength: ptr(1), Solution: []string{"RIGHT"}},
	}}
	dir := writeSet(t, map[string]puzzles.Board{"sub/p.txt": oneAway, "q.txt": oneAway}, m)
	key, err := grader.FindKey(filepath.Join(dir, "sub", "p.txt"), oneAway, goal)
	if err != nil || !key.Found || key.Optimum != check.KnownOptimum(1, "answer key") || key.Manifest != filepath.Join(dir, "manifest.json") {
		t.Errorf("key of a listed file one folder down: %+v, %v", key, err)
	}
	if key, err := grader.FindKey(filepath.Join(dir, "q.txt"), oneAway, goal); err != nil || key.Found {
		t.Errorf("unlisted file: %+v, %v", key, err)
	}
	key, err = grader.FindKey(filepath.Join(dir, "sub", "p.txt"), oneAway, puzzles.BlankFirstGoal(goal.Shape()))
	if err != nil || !key.Found || key.Ignored == "" || key.Optimum.Known {
		t.Errorf("key for another goal: %+v, %v", key, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "manifest.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := grader.FindKey(filepath.Join(dir, "sub", "p.txt"), oneAway, goal); err == nil {
		t.Error("a broken manifest beside the puzzle was ignored")
	}
}

func TestManifestRoundTripsThroughJSON(t *testing.T) {
	// The journal stores Optimum values as JSON; they must come back equal.
	for _, o := range []check.Optimum{check.KnownOptimum(0, "x"), {Unknown: "why"}, {}} {
		data, _ := json.Marshal(o)
		var back check.Optimum
		if err := json.Unmarshal(data, &back); err != nil || back != o {
			t.Errorf("%+v -> %s -> %+v, %v", o, data, back, err)
		}
	}
}

// A hand-written key may leave "solvable" out: the parity rule decides,
// and the key's optimal lengths are used (it used to read as
// solvable=false and stop grading with a false contradiction).
func TestKeyWithoutSolvable(t *testing.T) {
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	dir := writeSet(t, map[string]puzzles.Board{"p.txt": oneAway, "u.txt": unsolvable}, nil)
	manifest := `{"goal": "default", "moves": "tile", "puzzles": [{"file": "p.txt", "optimal_length": 1}, {"file": "u.txt"}]}`
	if err := os.WriteFile(filepath.Join(dir, puzzles.ManifestFile), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	tests, err := grader.LoadTests(grader.PuzzleSet{Dir: dir}, "")
	if err != nil {
		t.Fatalf("a key without solvable: %v", err)
	}
	for _, tc := range tests {
		switch tc.Name {
		case "p.txt":
			if !tc.Solvable || tc.Optimum != check.KnownOptimum(1, "answer key") {
				t.Errorf("p.txt: solvable %v, key %+v", tc.Solvable, tc.Optimum)
			}
		case "u.txt":
			if tc.Solvable {
				t.Error("u.txt read as solvable")
			}
		}
	}
	m, err := puzzles.ParseManifest([]byte(manifest), "m.json")
	if err != nil || !m.Puzzles[0].SolvableUnknown {
		t.Errorf("SolvableUnknown of an entry without the field: %v, %v", m.Puzzles[0].SolvableUnknown, err)
	}
	m, _ = puzzles.ParseManifest([]byte(`{"moves": "tile", "puzzles": [{"file": "p.txt", "solvable": false}]}`), "m.json")
	if m.Puzzles[0].SolvableUnknown {
		t.Error(`"solvable": false is not read as given`)
	}
}

func TestLoadTestsFromSeveralSets(t *testing.T) {
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	// The course's public inputs, without a key, and private tests with one.
	public := writeSet(t, map[string]puzzles.Board{"n_equals_3/input_1.txt": oneAway, "n_equals_3/input_2.txt": unsolvable}, nil)
	private := writeSet(t, map[string]puzzles.Board{"input_1.txt": oneAway, "input_9.txt": unsolvable}, &puzzles.Manifest{Goal: "default",
		Puzzles: []puzzles.ManifestEntry{{File: "input_1.txt", Solvable: true, OptimalLength: ptr(1)}, {File: "input_9.txt", Solvable: false}}})
	a, err := grader.ParseAssignment(map[string]any{
		"puzzles": map[string]any{"dir": private, "hidden": true, "extra": []any{
			map[string]any{"dir": public, "glob": "n_equals_*/input_*.txt", "name": "course"},
		}},
		"run": map[string]any{"command": "x {input} {output}"},
	}, "/", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	type brief struct {
		Number int
		Name   string
		Known  bool
		Hidden bool
	}
	var got []brief
	for _, tc := range tests {
		got = append(got, brief{tc.Number, tc.Name, tc.Optimum.Known, tc.Hidden})
	}
	// Visible tests come first, numbered from 1, then the hidden ones in
	// their set's order.
	want := []brief{
		{1, "course/n_equals_3/input_1.txt", false, false},
		{2, "course/n_equals_3/input_2.txt", false, false},
		{3, "input_1.txt", true, true},
		{4, "input_9.txt", false, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tests (-want +got):\n%s", diff)
	}

	// Two sets giving one test name is an error naming the key.
	_, err = grader.LoadTests(grader.PuzzleSet{Dir: private, Glob: "*.txt", Extra: []grader.PuzzleSet{{Dir: private, Glob: "*.txt", Name: "x"}, {Dir: public, Glob: "*/*.txt", Name: "x"}}}, "")
	if err != nil {
		t.Errorf("distinct prefixes with the same files: %v", err)
	}
	_, err = grader.LoadTests(grader.PuzzleSet{Dir: public, Glob: "n_equals_3/*.txt", Extra: []grader.PuzzleSet{{Dir: private, Glob: "*.txt", Name: "n_equals_3"}}}, "")
	var ce *grader.ConfigError
	if !errors.As(err, &ce) || ce.Key != "puzzles.extra" || !strings.Contains(ce.Msg, "n_equals_3/input_1.txt") {
		t.Errorf("clashing test names: %v", err)
	}
}
