package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckAnswerFormats checks answers as solvers print them: the
// notation is detected and named in the JSON and the text output, and
// --answer-format (or answer.format in kpuzzle.yaml) forces one.
func TestCheckAnswerFormats(t *testing.T) {
	dir := t.TempDir()
	// Three moves from the goal: tile 2 up, tile 5 left, tile 6 up.
	puzzle := writeFile(t, dir, "p.txt", "1 0 3\n4 2 5\n7 8 6\n")
	for _, tc := range []struct {
		format, answer string
	}{
		{"lines", "UP\nLEFT\nUP\n"},
		{"letters", "ULU\n"},
		{"words", "up, left, up\n"},
		{"list", "path_to_goal: ['Up', 'Left', 'Up']\n"},
		{"tiles", "[2, 5, 6]\n"},
		{"boards", "Minimum number of moves = 3\n3\n 1  0  3\n 4  2  5\n 7  8  6\n3\n 1  2  3\n 4  0  5\n 7  8  6\n3\n 1  2  3\n 4  5  0\n 7  8  6\n3\n 1  2  3\n 4  5  6\n 7  8  0\n"},
	} {
		answer := writeFile(t, t.TempDir(), "answer.txt", tc.answer)
		for _, args := range [][]string{nil, {"--answer-format", tc.format}} {
			r := kpuzzle(t, "", append(append([]string{"check", "--json"}, args...), puzzle, answer)...)
			got := checkJSONOut(t, r)
			if r.code != 0 || got["verdict"] != "optimal" || got["answer_format"] != tc.format {
				t.Errorf("%s %v: exit %d, verdict %v, answer_format %v (%s)", tc.format, args, r.code, got["verdict"], got["answer_format"], r.stderr)
			}
		}
		r := kpuzzle(t, "", "check", puzzle, answer)
		if first, _, _ := strings.Cut(r.stdout, "\n"); !strings.Contains(first, "answer read as "+tc.format+": ") {
			t.Errorf("%s: the first line does not name the notation: %q", tc.format, first)
		}
	}
	// Forced, a notation reads only its own; the error names the place.
	tiles := writeFile(t, dir, "tiles.txt", "2 5 6\n")
	r := kpuzzle(t, "", "check", "--json", "--answer-format", "lines", puzzle, tiles)
	if got := checkJSONOut(t, r); r.code != 1 || got["verdict"] != "malformed" || got["answer_format"] != "lines" {
		t.Errorf("tiles read as lines: exit %d %v %v", r.code, got["verdict"], got["answer_format"])
	}
	wantOneLineError(t, kpuzzle(t, "", "check", "--answer-format", "morse", puzzle, tiles), "--answer-format", `"morse"`, "tiles, boards")
	for _, cmd := range []string{"check", "grade", "replay", "apply"} {
		if r := kpuzzle(t, "", "__complete", cmd, "--answer-format", "t"); !strings.HasPrefix(r.stdout, "tiles\n") {
			t.Errorf("%s --answer-format t completes to %q, want tiles", cmd, r.stdout)
		}
	}
	// A tile not next to the blank is an illegal move on its line.
	r = kpuzzle(t, "", "check", puzzle, writeFile(t, dir, "far.txt", "2\n5\n7\n"))
	if r.code != 1 || !strings.Contains(r.stdout, "illegal: line 3 (move 3), 7: tile 7 is at row 3, column 1, not next to the blank") {
		t.Errorf("far tile: exit %d\n%s", r.code, r.stdout)
	}
	// answer.format in kpuzzle.yaml, the assignment's key, sets the flag.
	t.Chdir(dir)
	writeFile(t, dir, "kpuzzle.yaml", "answer:\n  format: lines\n")
	r = kpuzzle(t, "", "check", "--json", "p.txt", "tiles.txt")
	if got := checkJSONOut(t, r); got["answer_format"] != "lines" {
		t.Errorf("answer.format: lines in kpuzzle.yaml: answer_format %v", got["answer_format"])
	}
	writeFile(t, dir, "kpuzzle.yaml", "answer:\n  format: morse\n")
	wantOneLineError(t, kpuzzle(t, "", "check", "p.txt", "tiles.txt"), "--answer-format (from kpuzzle.yaml, key answer.format)", `"morse"`)
}

// TestApplyAndReplayAnswerFormats: apply and replay read the same
// notations.
func TestApplyAndReplayAnswerFormats(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "p.txt", "1 0 3\n4 2 5\n7 8 6\n")
	boards := writeFile(t, dir, "boards.txt", "Step 1\n1 2 3\n4 _ 5\n7 8 6\nStep 2\n1 2 3\n4 5 _\n7 8 6\nStep 3\n1 2 3\n4 5 6\n7 8 _\n")
	r := kpuzzle(t, "", "apply", puzzle, boards)
	if r.code != 0 || !strings.Contains(r.stdout, "answer read as boards: a sequence of boards") || !strings.Contains(r.stdout, "goal reached after 3 moves") {
		t.Errorf("apply boards: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = kpuzzle(t, "", "apply", "--json", "--answer-format", "tiles", puzzle, writeFile(t, dir, "t.txt", "2 5 7"))
	if r.code != 1 || !strings.Contains(r.stdout, `"answer_format": "tiles"`) || !strings.Contains(r.stdout, `"token": "7"`) || !strings.Contains(r.stdout, `"moves": 3,`) || !strings.Contains(r.stdout, `"applied": 2,`) {
		t.Errorf("apply illegal tiles: exit %d\n%s", r.code, r.stdout)
	}
	wantOneLineError(t, kpuzzle(t, "", "apply", "--answer-format", "letters", puzzle, boards), boards+":1:1", "letters U, D, L, R")
	r = kpuzzle(t, "", "replay", "--json", puzzle, boards, "--out", writeFile(t, dir, "r.html", ""))
	if r.code != 0 || !strings.Contains(r.stdout, `"answer_format": "boards"`) || !strings.Contains(r.stdout, `"verdict": "optimal"`) {
		t.Errorf("replay boards: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestGradeAnswerFormat: the assignment's answer.format forces a notation
// (the A* solver's one-move-per-line answers are malformed as tiles), and
// --answer-format overrides it.
func TestGradeAnswerFormat(t *testing.T) {
	config, subs := gradeFixture(t, "answer:\n  format: tiles\n", "python-astar")
	score := func(args ...string) float64 {
		t.Helper()
		r := kpuzzle(t, "", append([]string{"grade", "--json", "--config", config, "--out", filepath.Join(t.TempDir(), "out"), "--jobs", "2"}, append(args, subs)...)...)
		var js gradeJSON
		if err := json.Unmarshal([]byte(r.stdout), &js); err != nil || len(js.Submissions) != 1 {
			t.Fatalf("exit %d: %v\n%s\n%s", r.code, err, r.stdout, r.stderr)
		}
		return js.Submissions[0].Score
	}
	// Only the unsolvable puzzle's UNSOLVABLE reads as tiles: 10 of 50.
	if got := score(); got != 10 {
		t.Errorf("answer.format: tiles: score %v, want 10", got)
	}
	if got := score("--answer-format", "auto"); got != 50 {
		t.Errorf("--answer-format auto: score %v, want 50", got)
	}
}
