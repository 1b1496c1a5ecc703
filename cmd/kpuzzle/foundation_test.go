package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestVersionAndHelp(t *testing.T) {
	if r := kpuzzle(t, "", "--version"); r.code != 0 || !strings.HasPrefix(r.stdout, "kpuzzle ") {
		t.Errorf("--version: %+v", r)
	}
	r := kpuzzle(t, "", "help")
	if r.code != 0 {
		t.Errorf("help: %+v", r)
	}
	for _, cmd := range []string{"solvable", "show", "apply", "gen", "sets", "completion"} {
		if !strings.Contains(r.stdout, cmd) {
			t.Errorf("help does not list %s", cmd)
		}
	}
	if r := kpuzzle(t, "", "completion", "bash"); r.code != 0 || !strings.Contains(r.stdout, "kpuzzle") {
		t.Errorf("completion bash: code %d", r.code)
	}
}

func TestBadInvocationExitsTwo(t *testing.T) {
	wantOneLineError(t, kpuzzle(t, "", "solvable", "--no-such-flag", "x"), "unknown flag")
	wantOneLineError(t, kpuzzle(t, "", "frobnicate"), "unknown command")
	wantOneLineError(t, kpuzzle(t, "", "solvable"), "arg")
	wantOneLineError(t, kpuzzle(t, "", "solvable", "/no/such/file.txt"), "/no/such/file.txt", "no such file")
	wantOneLineError(t, kpuzzle(t, "1 2\n3 0\n", "solvable", "--goal", "sideways", "-"), "--goal")
	wantOneLineError(t, kpuzzle(t, "", "gen", "--shape", "1x9", "--out", t.TempDir()), "--shape")
	wantOneLineError(t, kpuzzle(t, "", "show", "set:nope/1"), "no shipped set")
}

func TestSolvable(t *testing.T) {
	dir := t.TempDir()
	solvable := writeFile(t, dir, "a.txt", "1 2 3\r\n4 5 6\r\n7 0 8")
	unsolvable := writeFile(t, dir, "b.txt", "1 2 3\n4 5 6\n8 7 0\n")
	if r := kpuzzle(t, "", "solvable", solvable); r.code != 0 || !strings.Contains(r.stdout, "solvable") {
		t.Errorf("solvable board: %+v", r)
	}
	r := kpuzzle(t, "", "solvable", "--json", unsolvable)
	if r.code != exitFindings {
		t.Errorf("unsolvable board: exit %d, want 1", r.code)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	want := map[string]any{"solvable": false, "inversions": 1.0, "blank_row_from_bottom": 1.0, "rule": puzzles.RuleOddWidth}
	for k, v := range want {
		if !cmp.Equal(v, got[k]) {
			t.Errorf("JSON %s = %v, want %v", k, got[k], v)
		}
	}
	bad := writeFile(t, dir, "c.txt", "1 2 3\n4 5\n6 7 0 8\n")
	wantOneLineError(t, kpuzzle(t, "", "solvable", bad), bad+":2:", "expected 3")
	if r := kpuzzle(t, "1 2\n3 0\n", "solvable", "-"); r.code != 0 {
		t.Errorf("stdin: %+v", r)
	}
}

func TestSetReferenceUsesTheSetsGoal(t *testing.T) {
	// Korf's instances are posed against the blank-first goal; every one is
	// solvable there.
	r := kpuzzle(t, "", "solvable", "--json", "set:korf100/1")
	if r.code != 0 || !strings.Contains(r.stdout, `"goal": "blank-first"`) {
		t.Errorf("set:korf100/1: %+v", r)
	}
	// With the default goal forced, the same board is not solvable.
	if r := kpuzzle(t, "", "solvable", "--goal", "default", "set:korf100/1"); r.code != exitFindings {
		t.Errorf("set:korf100/1 against the default goal: exit %d, want 1", r.code)
	}
}

func TestShow(t *testing.T) {
	r := kpuzzle(t, "", "show", "set:8puzzle-hardest/1")
	if r.code != 0 {
		t.Fatalf("show: %+v", r)
	}
	for _, want := range []string{"8 6 7", "goal (default)", "1 2 3", "solvable"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show output lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "\x1b[") {
		t.Error("colour codes written to a non-terminal")
	}
}

func TestApply(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	good := writeFile(t, dir, "good.txt", "LEFT\nLEFT\n")
	illegal := writeFile(t, dir, "bad.txt", "LEFT\nUP\n")
	malformed := writeFile(t, dir, "junk.txt", "LEFT\nSIDEWAYS\n")
	blankConv := writeFile(t, dir, "blank.txt", "R\nR\n")

	r := kpuzzle(t, "", "apply", puzzle, good)
	if r.code != 0 || !strings.Contains(r.stdout, "goal reached after 2 moves") {
		t.Errorf("legal answer: %+v", r)
	}
	if r := kpuzzle(t, "", "apply", "--moves", "blank", puzzle, blankConv); r.code != 0 || !strings.Contains(r.stdout, "goal reached") {
		t.Errorf("blank convention: %+v", r)
	}
	r = kpuzzle(t, "", "apply", "--json", puzzle, illegal)
	if r.code != exitFindings {
		t.Errorf("illegal answer: exit %d, want 1", r.code)
	}
	var got struct {
		Applied int
		Illegal struct {
			Index, Line int
			Token       string
			Board       []int
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Applied != 1 || got.Illegal.Line != 2 || got.Illegal.Token != "UP" {
		t.Errorf("illegal move JSON: %+v", got)
	}
	wantOneLineError(t, kpuzzle(t, "", "apply", puzzle, malformed), malformed+":2:1", "SIDEWAYS")
}

func TestGenIsReproducible(t *testing.T) {
	gen := func(dir string) puzzles.Manifest {
		r := kpuzzle(t, "", "gen", "--shape", "3x4", "--count", "4", "--walk", "20", "--unsolvable", "2", "--seed", "5", "--out", dir)
		if r.code != 0 {
			t.Fatalf("gen: %+v", r)
		}
		m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := t.TempDir(), t.TempDir()
	ma, mb := gen(a), gen(b)
	if diff := cmp.Diff(ma, mb); diff != "" {
		t.Errorf("manifests differ (-first +second):\n%s", diff)
	}
	if len(ma.Puzzles) != 6 {
		t.Fatalf("%d puzzles, want 6", len(ma.Puzzles))
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 4})
	for _, e := range ma.Puzzles {
		da, err := os.ReadFile(filepath.Join(a, e.File))
		if err != nil {
			t.Fatal(err)
		}
		db, _ := os.ReadFile(filepath.Join(b, e.File))
		if string(da) != string(db) {
			t.Errorf("%s differs between runs", e.File)
		}
		board, err := puzzles.ParseBoard(strings.NewReader(string(da)), e.File)
		if err != nil {
			t.Fatal(err)
		}
		if puzzles.Solvable(board, g) != e.Solvable {
			t.Errorf("%s: manifest says solvable=%v, rule says otherwise", e.File, e.Solvable)
		}
	}
}

func TestSetsExport(t *testing.T) {
	dir := t.TempDir()
	if r := kpuzzle(t, "", "sets", "export", "cs3243-public", "--out", dir); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	unsolvable := 0
	for _, e := range m.Puzzles {
		if !e.Solvable {
			unsolvable++
		}
	}
	if len(m.Puzzles) != 13 || unsolvable != 3 {
		t.Errorf("exported %d puzzles, %d unsolvable; want 13 and 3", len(m.Puzzles), unsolvable)
	}
	r := kpuzzle(t, "", "sets", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"korf100"`) {
		t.Errorf("sets --json: %+v", r)
	}
}

func TestConfigurationPrecedence(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	// Solvable for blank-first, not for the default goal.
	writeFile(t, dir, "p.txt", "1 0\n2 3\n")
	writeFile(t, dir, "kpuzzle.yaml", "goal: blank-first\n")
	if r := kpuzzle(t, "", "solvable", "p.txt"); r.code != 0 {
		t.Errorf("goal from kpuzzle.yaml: exit %d (%s)", r.code, r.stdout)
	}
	t.Setenv("KPUZZLE_GOAL", "default")
	if r := kpuzzle(t, "", "solvable", "p.txt"); r.code != exitFindings {
		t.Errorf("environment should override the file: exit %d", r.code)
	}
	if r := kpuzzle(t, "", "solvable", "--goal", "blank-first", "p.txt"); r.code != 0 {
		t.Errorf("flag should override the environment: exit %d", r.code)
	}
	writeFile(t, dir, "other.yaml", "solvable:\n  goal: blank-first\n")
	t.Setenv("KPUZZLE_GOAL", "")
	os.Unsetenv("KPUZZLE_GOAL")
	if r := kpuzzle(t, "", "--config", "other.yaml", "solvable", "p.txt"); r.code != 0 {
		t.Errorf("command-scoped key from --config: exit %d (%s)", r.code, r.stderr)
	}
	// A file called just "kpuzzle" (the binary after go build) is not
	// configuration.
	writeFile(t, dir, "kpuzzle", "\x7fELF\x00\x01 not yaml: [")
	if r := kpuzzle(t, "", "solvable", "p.txt"); r.code != 0 {
		t.Errorf("with a binary called kpuzzle in the folder: exit %d (%s)", r.code, r.stderr)
	}
	writeFile(t, dir, "broken.yaml", "goal: [unclosed\n")
	wantOneLineError(t, kpuzzle(t, "", "--config", "broken.yaml", "solvable", "p.txt"), "broken.yaml")
	wantOneLineError(t, kpuzzle(t, "", "--config", "missing.yaml", "solvable", "p.txt"), "missing.yaml")
}
