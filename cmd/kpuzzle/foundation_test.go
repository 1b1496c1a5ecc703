package main

import (
	"encoding/json"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
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

// TestConfigurationPrecedenceMatrix sets the algorithm at every level at
// once and removes them from the top: the flag beats the command's
// variable (KPUZZLE_SOLVE_ALGO), which beats the global one (KPUZZLE_ALGO),
// which beats the file's command key (solve.algo), which beats its
// top-level key (algo), which beats the default.
func TestConfigurationPrecedenceMatrix(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	levels := []struct{ name, algo string }{
		{"flag", "ucs"}, {"KPUZZLE_SOLVE_ALGO", "bfs"}, {"KPUZZLE_ALGO", "idastar"}, {"solve.algo", "astar"}, {"algo", "greedy"},
	}
	for top := range levels {
		var file strings.Builder
		var args []string
		for _, l := range levels[top:] {
			switch l.name {
			case "flag":
				args = append(args, "--algo", l.algo)
			case "solve.algo":
				file.WriteString("solve:\n  algo: " + l.algo + "\n")
			case "algo":
				file.WriteString("algo: " + l.algo + "\n")
			default:
				t.Setenv(l.name, l.algo)
			}
		}
		for _, l := range levels[:top] {
			if strings.HasPrefix(l.name, "KPUZZLE_") {
				os.Unsetenv(l.name)
			}
		}
		writeFile(t, dir, "kpuzzle.yaml", file.String())
		r := kpuzzle(t, "", append([]string{"solve", "--json", "p.txt"}, args...)...)
		var got struct {
			Algorithm string `json:"algorithm"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || got.Algorithm != levels[top].algo {
			t.Errorf("with %s the highest: algorithm %q (%v, %s), want %s", levels[top].name, got.Algorithm, err, r.stderr, levels[top].algo)
		}
	}
}

// TestConfigurationErrorsNameTheirSource: a bad value is reported with
// where it was written (never as a flag the user did not type), an
// unknown key is refused naming the file and the key with a suggestion,
// for every command (the key of one command's flag under another command
// is unknown too), and with --json the error is one JSON object on
// stdout.
func TestConfigurationErrorsNameTheirSource(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	writeFile(t, dir, "kpuzzle.yaml", "solve:\n  goal: sideways\n")
	wantOneLineError(t, kpuzzle(t, "", "solve", "p.txt"), "--goal (from kpuzzle.yaml, key solve.goal)", `"sideways"`)
	writeFile(t, dir, "kpuzzle.yaml", "")
	t.Setenv("KPUZZLE_GOAL", "sideways")
	wantOneLineError(t, kpuzzle(t, "", "solve", "p.txt"), "--goal (from the environment variable KPUZZLE_GOAL)")
	os.Unsetenv("KPUZZLE_GOAL")

	// Every command: its own flags are accepted under its name, anything
	// else is refused.
	root := newRootCmd(&app{})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, cmd := range c.Commands() {
			walk(cmd)
			v := viper.New()
			v.SetConfigType("yaml")
			var good []string
			cmd.Flags().VisitAll(func(f *pflag.Flag) { good = append(good, "  "+f.Name+": x") })
			if err := v.ReadConfig(strings.NewReader(cmd.Name() + ":\n" + strings.Join(good, "\n") + "\n")); err != nil {
				t.Fatal(err)
			}
			if err := checkConfigKeys(v, root, "kpuzzle.yaml"); err != nil && len(good) > 0 {
				t.Errorf("%s's own flags refused: %v", cmd.Name(), err)
			}
			v = viper.New()
			v.SetConfigType("yaml")
			v.ReadConfig(strings.NewReader(cmd.Name() + ":\n  no-such-flag: 1\n"))
			if err := checkConfigKeys(v, root, "kpuzzle.yaml"); err == nil || !strings.Contains(err.Error(), "unknown key "+cmd.Name()+".no-such-flag") {
				t.Errorf("%s.no-such-flag: %v", cmd.Name(), err)
			}
		}
	}
	walk(root)
	writeFile(t, dir, "kpuzzle.yaml", "algoo: bfs\n")
	wantOneLineError(t, kpuzzle(t, "", "solve", "p.txt"), "kpuzzle.yaml: unknown key algoo", "did you mean algo?")
	writeFile(t, dir, "kpuzzle.yaml", "gen:\n  algo: bfs\n")
	wantOneLineError(t, kpuzzle(t, "", "solve", "p.txt"), "unknown key gen.algo: expected a flag of kpuzzle gen")
	writeFile(t, dir, "kpuzzle.yaml", "")

	writeFile(t, dir, "bad.txt", "1 2 3\n4 y 6\n0 7 8\n")
	r := kpuzzle(t, "", "solve", "--json", "bad.txt")
	var got struct {
		Error struct {
			Message string  `json:"message"`
			File    *string `json:"file"`
			Line    *int    `json:"line"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != exitUsage || got.Error.File == nil || *got.Error.File != "bad.txt" ||
		got.Error.Line == nil || *got.Error.Line != 2 || !strings.Contains(got.Error.Message, "expected a tile number") {
		t.Errorf("--json error: exit %d, stdout %q (%v)", r.code, r.stdout, err)
	}
}

// TestSuggestions: every name a user types gets a "did you mean" on one
// line, with no control characters and no Go slices.
func TestSuggestions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	p := filepath.Join(dir, "p.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"slove"}, "did you mean solve?"},
		{[]string{"solve", "--algoo", "bfs", p}, "did you mean --algo?"},
		{[]string{"solve", "--algo", "astr", p}, "did you mean astar?"},
		{[]string{"solve", "--heuristic", "manhatan", p}, "did you mean manhattan?"},
		{[]string{"solve", "set:korf10/1"}, "did you mean korf100?"},
		{[]string{"solve", "--goal", "blank-frist", p}, "did you mean blank-first?"},
		{[]string{"init", filepath.Join(dir, "hw"), "--language", "pyhton"}, "did you mean python?"},
	} {
		r := kpuzzle(t, "", tc.args...)
		wantOneLineError(t, r, tc.want)
		if strings.ContainsAny(r.stderr, "\t[]") {
			t.Errorf("%v: %q has a tab or a Go slice", tc.args, r.stderr)
		}
	}
}

// TestValueCompletion asks the shell-completion entry point for values of
// the flags users type most, and for shipped-set puzzle references.
func TestValueCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "solve", "--algo", "ida"}, []string{"idastar"}},
		{[]string{"__complete", "bench", "--algo", "astar,ida"}, []string{"astar,idastar"}},
		{[]string{"__complete", "solve", "--heuristic", "pdb:6"}, []string{"pdb:6666", "pdb:663"}},
		{[]string{"__complete", "check", "--goal", "bl"}, []string{"blank-first"}},
		{[]string{"__complete", "gen", "--moves", ""}, []string{"tile", "blank"}},
		{[]string{"__complete", "bench", "--set", "korf1"}, []string{"korf100", "korf100-blank-last"}},
		{[]string{"__complete", "solve", "set:8puzzle-hardest/"}, []string{"set:8puzzle-hardest/1", "set:8puzzle-hardest/2"}},
		{[]string{"__complete", "grade", "--isolation", "r"}, []string{"rlimits"}},
	} {
		r := kpuzzle(t, "", tc.args...)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			if !strings.HasPrefix(line, ":") {
				got = append(got, line)
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tc.args[1:], diff)
		}
	}
}
