package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

const hardest8 = "8 6 7\n2 5 4\n3 0 1\n" // 31 moves

// solveRun runs kpuzzle solve with an empty pattern-database cache, so
// that the auto route does not depend on what this machine has built.
func solveRun(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return kpuzzle(t, stdin, append([]string{"solve", "--pdb-dir", t.TempDir()}, args...)...)
}

func decodeSolve(t *testing.T, r result) solveJSON {
	t.Helper()
	var out solveJSON
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r.stdout)
	}
	return out
}

// replay checks that the tokens, read under convention, take the board to
// the goal.
func replayTokens(t *testing.T, board string, g func(puzzles.Shape) puzzles.Goal, tokens []string, conv string) {
	t.Helper()
	b, err := puzzles.ParseBoard(strings.NewReader(board), "board")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := puzzles.ParseConvention(conv)
	a, err := puzzles.ParseAnswer(strings.NewReader(strings.Join(tokens, "\n")), "answer", puzzles.AnswerLimits{})
	if err != nil {
		t.Fatal(err)
	}
	end, err := puzzles.Replay(b, a, c)
	if err != nil || !g(b.Shape()).Reached(end) {
		t.Fatalf("the moves do not solve the board under the %s convention (%v)", conv, err)
	}
}

func TestSolveAutoHuman(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "hard.txt", hardest8)
	r := solveRun(t, "", path)
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{"solved in 31 moves, optimal (exact table 3x3)", "moves (tile convention): "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
}

func TestSolveAStarJSON(t *testing.T) {
	r := solveRun(t, hardest8, "--algo", "a*", "--json", "--band", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	out := decodeSolve(t, r)
	if out.Length == nil || *out.Length != 31 || len(out.Moves) != 31 {
		t.Fatalf("length %v, %d moves; want 31", out.Length, len(out.Moves))
	}
	replayTokens(t, hardest8, puzzles.DefaultGoal, out.Moves, "tile")
	got := map[string]any{
		"solvable": out.Solvable, "optimal": out.Optimal, "algorithm": out.Algorithm, "heuristic": out.Heuristic,
		"tie_break": out.TieBreak, "band": *out.Band, "convention": out.Convention,
	}
	want := map[string]any{
		"solvable": true, "optimal": true, "algorithm": "astar", "heuristic": "manhattan",
		"tie_break": "high-g-lifo", "band": bandJSON{Heuristic: "manhattan", Cost: 31, MustExpand: 6549, MayExpand: 21197},
		"convention": "tile",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON fields (-want +got):\n%s", diff)
	}
	if e := out.Stats.Expanded; e < 6549 || e > 21197 || out.Stats.Generated < e || out.Stats.MaxFrontier == 0 {
		t.Errorf("implausible stats %+v", out.Stats)
	}
}

func TestSolveEveryAlgorithmCLI(t *testing.T) {
	board := "1 2 3\n4 0 6\n7 5 8\n" // 2 moves
	for _, algo := range []string{"bfs", "dfs", "ids", "ucs", "greedy", "astar", "wastar", "idastar", "rbfs", "bidirectional", "auto"} {
		r := solveRun(t, board, "--algo", algo, "--json", "--moves", "blank", "-")
		if r.code != exitOK {
			t.Fatalf("%s: exit %d, stderr %q", algo, r.code, r.stderr)
		}
		out := decodeSolve(t, r)
		replayTokens(t, board, puzzles.DefaultGoal, out.Moves, "blank")
		if out.RequestedAlgorithm != algo {
			t.Errorf("%s: requested_algorithm %q", algo, out.RequestedAlgorithm)
		}
		if reference.TieBreakApplies(algo) != (out.TieBreak != "") {
			t.Errorf("%s: tie_break %q", algo, out.TieBreak)
		}
	}
}

func TestSolveUnsolvable(t *testing.T) {
	r := solveRun(t, "2 1 3\n4 5 6\n7 8 0\n", "--json", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	out := decodeSolve(t, r)
	if out.Solvable || out.Solved || out.Length != nil || len(out.Moves) != 0 || out.Stats.Expanded != 0 {
		t.Errorf("unsolvable board reported as %+v", out)
	}
	if !strings.Contains(r.stdout, `"length": null`) {
		t.Errorf("length is not null:\n%s", r.stdout)
	}
	r = solveRun(t, "2 1 3\n4 5 6\n7 8 0\n", "--algo", "bfs", "-")
	if r.code != exitOK || !strings.Contains(r.stdout, "unsolvable") {
		t.Errorf("human output: exit %d\n%s", r.code, r.stdout)
	}
}

func TestSolveLimitsExitOne(t *testing.T) {
	for name, args := range map[string][]string{
		"node limit":   {"--algo", "bfs", "--max-nodes", "100"},
		"memory limit": {"--algo", "bfs", "--max-memory", "1"},
		"depth limit":  {"--algo", "dfs", "--depth", "5"},
		"timeout":      {"--algo", "idastar", "--heuristic", "misplaced", "--timeout", "1ms", "set:hard80/1", "--goal", "default"},
	} {
		if args[len(args)-1] != "default" {
			args = append(args, "-")
		}
		r := solveRun(t, hardest8, append(args, "--json")...)
		if r.code != exitFindings {
			t.Errorf("%s: exit %d, want 1 (stderr %q)", name, r.code, r.stderr)
			continue
		}
		out := decodeSolve(t, r)
		if out.Solved || out.Stopped == "" || !out.Solvable {
			t.Errorf("%s: solved %v stopped %q", name, out.Solved, out.Stopped)
		}
		t.Logf("%s: %s", name, out.Stopped)
	}
}

func TestSolveTrace(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace.tsv")
	r := solveRun(t, "1 2 3\n4 5 6\n0 7 8\n", "--algo", "astar", "--trace", trace, "--json", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	out := decodeSolve(t, r)
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if int64(len(lines)) != out.Stats.Expanded {
		t.Errorf("%d trace lines for %d expansions:\n%s", len(lines), out.Stats.Expanded, data)
	}
	if len(lines) > 0 && lines[0] != "0\t0\t2\t1 2 3 4 5 6 0 7 8" {
		t.Errorf("first trace line %q", lines[0])
	}
}

func TestSolveKorfAuto(t *testing.T) {
	r := solveRun(t, "", "set:korf100/9", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	out := decodeSolve(t, r)
	if out.Length == nil || *out.Length != 46 || out.Route != "IDA* + linear-conflict" || out.Goal != "blank-first" || !out.Optimal {
		t.Errorf("korf 9: length %v route %q goal %q optimal %v", out.Length, out.Route, out.Goal, out.Optimal)
	}
}

func TestSolveBadInput(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.txt", hardest8)
	bad := writeFile(t, dir, "bad.txt", "1 2 3\n4 y 6\n7 8 0\n")
	for name, tc := range map[string]struct {
		args      []string
		fragments []string
	}{
		"unknown algorithm":  {[]string{"--algo", "quantum", good}, []string{"--algo", "quantum"}},
		"unknown heuristic":  {[]string{"--algo", "astar", "--heuristic", "oracle", good}, []string{"oracle"}},
		"unknown tie-break":  {[]string{"--algo", "astar", "--tie-break", "random", good}, []string{"--tie-break", "random"}},
		"heuristic for bfs":  {[]string{"--algo", "bfs", "--heuristic", "manhattan", good}, []string{"bfs", "no heuristic"}},
		"band without A*":    {[]string{"--algo", "bfs", "--band", good}, []string{"--band"}},
		"weight below one":   {[]string{"--algo", "wastar", "--weight", "0.5", good}, []string{"weight"}},
		"negative nodes":     {[]string{"--max-nodes", "-1", good}, []string{"negative"}},
		"missing file":       {[]string{filepath.Join(dir, "absent.txt")}, []string{"absent.txt"}},
		"malformed puzzle":   {[]string{bad}, []string{"bad.txt:2:3", "expected a tile number"}},
		"bad moves":          {[]string{"--moves", "sideways", good}, []string{"--moves"}},
		"too many arguments": {[]string{good, good}, []string{"arg"}},
	} {
		t.Run(name, func(t *testing.T) {
			wantOneLineError(t, solveRun(t, "", tc.args...), tc.fragments...)
		})
	}
}

func TestSolveConfigFromEnvironment(t *testing.T) {
	t.Setenv("KPUZZLE_SOLVE_ALGO", "bidirectional")
	r := solveRun(t, hardest8, "--json", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if out := decodeSolve(t, r); out.Algorithm != "bidirectional" {
		t.Errorf("KPUZZLE_SOLVE_ALGO=bidirectional ran %q", out.Algorithm)
	}
}
