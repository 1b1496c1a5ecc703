package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// checkJSONOut decodes kpuzzle check --json output.
func checkJSONOut(t *testing.T, r result) map[string]any {
	t.Helper()
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s\nstderr: %s", err, r.stdout, r.stderr)
	}
	return got
}

func TestCheckVerdictsAndExitCodes(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	unsolvable := writeFile(t, dir, "u.txt", "1 2 3\n4 5 6\n8 7 0\n")
	tests := []struct {
		name, puzzle, answer string
		args                 []string
		code                 int
		verdict              string
		length               float64
		optimal              any
		errLine              float64
	}{
		{"optimal", puzzle, "LEFT\n", nil, 0, "optimal", 1, 1.0, -1},
		{"optimal, blank convention", puzzle, "RIGHT\n", []string{"--moves", "blank"}, 0, "optimal", 1, 1.0, -1},
		{"suboptimal", puzzle, "LEFT\nRIGHT\nLEFT\n", nil, 1, "suboptimal", 3, 1.0, 0},
		{"illegal", puzzle, "LEFT\n\nUP\n", nil, 1, "illegal", 2, nil, 3},
		{"incomplete", puzzle, "RIGHT\n", nil, 1, "incomplete", 1, 1.0, 0},
		{"unsolvable-correct", unsolvable, "UNSOLVABLE\n", nil, 0, "unsolvable-correct", 0, nil, -1},
		{"unsolvable-wrong", puzzle, "UNSOLVABLE\n", nil, 1, "unsolvable-wrong", 0, 1.0, 0},
		{"malformed", puzzle, "LEFT\nSIDEWAYS\n", nil, 1, "malformed", 0, nil, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			answer := writeFile(t, t.TempDir(), "answer.txt", tc.answer)
			args := append([]string{"check", "--json"}, tc.args...)
			r := kpuzzle(t, "", append(args, tc.puzzle, answer)...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", r.code, tc.code, r.stderr)
			}
			got := checkJSONOut(t, r)
			if got["verdict"] != tc.verdict || got["length"] != tc.length || !cmp.Equal(got["optimal_length"], tc.optimal) {
				t.Errorf("verdict %v length %v optimal %v; want %s %v %v", got["verdict"], got["length"], got["optimal_length"], tc.verdict, tc.length, tc.optimal)
			}
			e, hasErr := got["error"].(map[string]any)
			switch {
			case tc.errLine < 0 && hasErr:
				t.Errorf("accepted answer has an error: %v", e)
			case tc.errLine >= 0 && (!hasErr || e["line"] != tc.errLine || e["message"] == ""):
				t.Errorf("error %v, want line %v and a message", got["error"], tc.errLine)
			}
		})
	}
}

// TestCheckOffPath: check --json carries where a suboptimal answer left
// every optimal path (off_path, in the command-line contract's fields)
// and how far an incomplete one stopped from the goal (remaining); the
// human output draws the board.
func TestCheckOffPath(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	sub := writeFile(t, dir, "sub.txt", "LEFT\n\nRIGHT\nLEFT\nLEFT\n")
	r := kpuzzle(t, "", "check", "--json", puzzle, sub)
	var got struct {
		Verdict string          `json:"verdict"`
		OffPath json.RawMessage `json:"off_path"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	want := `{"move":2,"line":3,"played":"RIGHT","board_before":[[1,2,3],[4,5,6],[7,0,8]],"optimal_moves":["LEFT"],"distance_before":1}`
	var compact bytes.Buffer
	if err := json.Compact(&compact, got.OffPath); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, compact.String()); diff != "" {
		t.Errorf("off_path (-want +got):\n%s", diff)
	}
	r = kpuzzle(t, "", "check", puzzle, sub)
	for _, line := range []string{"first move off every optimal path: move 2 (line 3), RIGHT", "      7 _ 8", "RIGHT leaves 2 moves to go; LEFT would have stayed on an optimal path"} {
		if !strings.Contains(r.stdout, line) {
			t.Errorf("human output lacks %q:\n%s", line, r.stdout)
		}
	}
	inc := writeFile(t, dir, "inc.txt", "LEFT\n")
	m := checkJSONOut(t, kpuzzle(t, "", "check", "--json", puzzle, inc))
	if m["remaining"] != 1.0 || m["off_path"] != nil {
		t.Errorf("remaining %v, off_path %v; want 1 and none (the move stays on an optimal path)", m["remaining"], m["off_path"])
	}
}

func TestCheckTeachesInHumanOutput(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	r := kpuzzle(t, "LEFT\nUP\n", "check", puzzle, "-")
	want := puzzle + ` (3x3, default goal, moves name where the tile goes, answer read as lines: one move per line)
illegal: line 2 (move 2), UP: the blank is at row 3, column 3, on the bottom row: there is no tile below it to slide UP (in blank terms: the blank would move DOWN, off the board)
  board before the move:
    1 2 3
    4 5 6
    7 8 _
`
	if diff := cmp.Diff(want, r.stdout); diff != "" || r.code != 1 {
		t.Errorf("exit %d; output (-want +got):\n%s", r.code, diff)
	}
	r = kpuzzle(t, "RIGHT\n", "check", puzzle, "-")
	for _, frag := range []string{"incomplete: the only move is legal, but the final board is not the goal", "final board:    goal:", "    _ 7 8           7 8 _"} {
		if !strings.Contains(r.stdout, frag) {
			t.Errorf("incomplete output lacks %q:\n%s", frag, r.stdout)
		}
	}
}

func TestCheckUsesTheAnswerKey(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "set/p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	writeFile(t, dir, "set/manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 1, "proof": "by hand"}]}`)
	answer := writeFile(t, dir, "a.txt", "LEFT\n")
	r := kpuzzle(t, "", "check", "--json", puzzle, answer)
	if got := checkJSONOut(t, r); got["optimal_source"] != "answer key: by hand" || r.code != 0 {
		t.Errorf("exit %d, source %v", r.code, got["optimal_source"])
	}
	// A key that contradicts the puzzle is the puzzle set's fault: exit 2.
	writeFile(t, dir, "set/manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 3}]}`)
	wantOneLineError(t, kpuzzle(t, "", "check", puzzle, answer), "answer key contradicts", "optimal length is said to be 3")
	writeFile(t, dir, "set/manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [{"file": "p.txt", "solvable": false}]}`)
	wantOneLineError(t, kpuzzle(t, "", "check", puzzle, answer), "manifest.json", "solvable=false")
	// A key for another goal is ignored, with a warning.
	writeFile(t, dir, "set/manifest.json", `{"goal": "blank-first", "moves": "tile", "puzzles": [{"file": "p.txt", "solvable": false}]}`)
	r = kpuzzle(t, "", "check", "--json", puzzle, answer)
	if got := checkJSONOut(t, r); got["optimal_source"] != "exact table 3x3" || !strings.Contains(r.stderr, "warning: the answer key") {
		t.Errorf("key for another goal: source %v, stderr %q", got["optimal_source"], r.stderr)
	}
}

func TestCheckPublishedSetLength(t *testing.T) {
	set, err := puzzles.LoadSet("8puzzle-hardest")
	if err != nil {
		t.Fatal(err)
	}
	inst := set.Instances[0]
	proof, err := reference.ProveOptimal(context.Background(), inst.Board, set.Goal(inst))
	if err != nil {
		t.Fatal(err)
	}
	answer := writeFile(t, t.TempDir(), "a.txt", strings.Join(puzzles.TileMoves.Tokens(proof.Path), "\n")+"\n")
	r := kpuzzle(t, "", "check", "--json", "set:8puzzle-hardest/"+inst.Name, answer)
	got := checkJSONOut(t, r)
	if r.code != 0 || got["verdict"] != "optimal" || got["optimal_length"] != 31.0 || got["optimal_source"] != "published length of set 8puzzle-hardest" {
		t.Errorf("exit %d: %v %v %v", r.code, got["verdict"], got["optimal_length"], got["optimal_source"])
	}
}

func TestCheckValidWhenTheSolverRunsOutOfTime(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 5, Cols: 5})
	b, walk := puzzles.RandomWalk(puzzles.NewRand(3), goal, 300)
	path := make([]puzzles.Dir, len(walk))
	for i, d := range walk {
		path[len(walk)-1-i] = d.Opposite()
	}
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", b.Format(puzzles.FormatRows))
	answer := writeFile(t, dir, "a.txt", strings.Join(puzzles.TileMoves.Tokens(path), "\n")+"\n")
	r := kpuzzle(t, "", "check", "--json", "--timeout", "20ms", puzzle, answer)
	got := checkJSONOut(t, r)
	if r.code != 0 || got["verdict"] != "valid" || got["optimal_length"] != nil || !strings.Contains(r.stderr, "warning: optimality not verified") {
		t.Errorf("exit %d verdict %v optimal %v stderr %q", r.code, got["verdict"], got["optimal_length"], r.stderr)
	}
}

func TestCheckBadInput(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	answer := writeFile(t, dir, "a.txt", "LEFT\n")
	wantOneLineError(t, kpuzzle(t, "", "check", writeFile(t, dir, "bad.txt", "1 2 3\n4 y 6\n7 0 8\n"), answer), "bad.txt:2:3", "expected a tile number")
	wantOneLineError(t, kpuzzle(t, "", "check", filepath.Join(dir, "none.txt"), answer), "none.txt", "no such file")
	wantOneLineError(t, kpuzzle(t, "", "check", puzzle, filepath.Join(dir, "none.txt")), "none.txt", "no such file")
	wantOneLineError(t, kpuzzle(t, "", "check", "-", "-"), "standard input")
	wantOneLineError(t, kpuzzle(t, "", "check", "--moves", "diagonal", puzzle, answer), "--moves")
	wantOneLineError(t, kpuzzle(t, "", "check", puzzle), "arg")
	// A binary answer is the answer's problem, not the command's: exit 1.
	bin := filepath.Join(dir, "bin.txt")
	os.WriteFile(bin, []byte("\x7fELF\x00\x01"), 0o644)
	if r := kpuzzle(t, "", "check", puzzle, bin); r.code != 1 || !strings.Contains(r.stdout, "malformed: line 1: column 1: binary data") {
		t.Errorf("binary answer: exit %d\n%s", r.code, r.stdout)
	}
}

// TestCheckRefusesSpecialFiles gives check a named pipe with no writer
// (which a plain open would wait on forever) and a device that never ends,
// as the puzzle and as the answer: each is exit 2 with one line naming
// the path and what it is.
func TestCheckRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	puzzle := writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	answer := writeFile(t, dir, "a.txt", "LEFT\n")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", fifo, answer}, []string{fifo, "not a regular file (a named pipe)"}},
		{[]string{"check", puzzle, fifo}, []string{fifo, "not a regular file (a named pipe)"}},
		{[]string{"check", puzzle, "/dev/zero"}, []string{"/dev/zero", "not a regular file (a character device)"}},
		{[]string{"check", puzzle, dir}, []string{dir, "not a regular file (a folder)"}},
	} {
		done := make(chan result, 1)
		go func() { done <- kpuzzle(t, "", tc.args...) }()
		select {
		case r := <-done:
			wantOneLineError(t, r, tc.want...)
		case <-time.After(time.Minute):
			t.Fatalf("%v still running after a minute: it blocks on the special file", tc.args)
		}
	}
}
