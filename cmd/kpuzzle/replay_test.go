package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// replayFiles writes an 8-puzzle (solved by UP LEFT under the tile
// convention) and a few answers to it.
func replayFiles(t *testing.T) (dir, puzzle string) {
	t.Helper()
	dir = t.TempDir()
	puzzle = writeFile(t, dir, "puzzle.txt", "1 2 3\n4 0 6\n7 5 8\n")
	writeFile(t, dir, "solved.txt", "UP\nLEFT\n")
	writeFile(t, dir, "long.txt", "UP\nDOWN\nUP\nLEFT\n")
	writeFile(t, dir, "illegal.txt", "UP\n\nLEFT\nDOWN\nDOWN\nDOWN\nRIGHT\n")
	writeFile(t, dir, "malformed.txt", "UP\nUPP\n")
	writeFile(t, dir, "unsolvable.txt", "UNSOLVABLE\n")
	return dir, puzzle
}

var pageVerdict = regexp.MustCompile(`id="verdict">([^<]*)<`)

// readPage returns the page at path and the verdict it shows.
func readPage(t *testing.T, path string) (string, string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("page not written: %v", err)
	}
	m := pageVerdict.FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("%s has no verdict", path)
	}
	return string(b), m[1]
}

func TestReplayWritesPage(t *testing.T) {
	dir, puzzle := replayFiles(t)
	tests := []struct {
		answer  string
		args    []string
		verdict string
		stdout  []string
		page    []string
	}{
		{"illegal.txt", nil, "illegal",
			[]string{"wrote", "illegal: line 6 (move 5), DOWN: the blank is at row 1, column 3, on the top row"},
			[]string{`id="illegal-marker"`, "Illegal move 5 (line 6): DOWN"}},
		{"solved.txt", nil, "optimal", []string{"optimal: 2 moves, the optimal length"}, []string{"exact table 3x3"}},
		{"long.txt", nil, "suboptimal", []string{"suboptimal: ", "the optimal length is 2"}, nil},
		{"solved.txt", []string{"--optimal", "2"}, "optimal", []string{"(--optimal)"}, []string{"(--optimal)"}},
		{"malformed.txt", nil, "malformed",
			[]string{`malformed: ` + filepath.Join(dir, "malformed.txt") + `:2:1: bad move: found "UPP"`},
			[]string{"The answer file cannot be read: line 2, column 1: bad move: found &#34;UPP&#34;"}},
		{"unsolvable.txt", nil, "unsolvable-wrong", []string{"unsolvable-wrong: the answer says UNSOLVABLE, but the puzzle is solvable"}, nil},
		{"solved.txt", []string{"--title", "Test 3 <b>"}, "optimal", nil, []string{"<h1>Test 3 &lt;b&gt;</h1>"}},
	}
	for i, tc := range tests {
		t.Run(tc.answer+strings.Join(tc.args, ""), func(t *testing.T) {
			out := filepath.Join(dir, "page"+string(rune('a'+i))+".html")
			args := append([]string{"replay", puzzle, filepath.Join(dir, tc.answer), "--out", out}, tc.args...)
			r := kpuzzle(t, "", args...)
			if r.code != exitOK {
				t.Fatalf("exit %d, want 0 (stderr %q)", r.code, r.stderr)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("stdout %q does not say %q", r.stdout, want)
				}
			}
			page, verdict := readPage(t, out)
			if verdict != tc.verdict {
				t.Errorf("page verdict %q, want %q", verdict, tc.verdict)
			}
			for _, want := range tc.page {
				if !strings.Contains(page, want) {
					t.Errorf("page does not hold %q", want)
				}
			}
		})
	}
}

func TestReplayJSON(t *testing.T) {
	dir, puzzle := replayFiles(t)
	out := filepath.Join(dir, "page.html")
	r := kpuzzle(t, "", "replay", "--json", puzzle, filepath.Join(dir, "illegal.txt"), "-o", out)
	if r.code != exitOK {
		t.Fatalf("exit %d (stderr %q)", r.code, r.stderr)
	}
	var got replayJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	want := replayJSON{
		Out: out, Bytes: int(info.Size()), Verdict: "illegal", Length: 6, Played: 4, Notation: notation.Lines,
		Summary: "line 6 (move 5), DOWN: the blank is at row 1, column 3, on the top row: there is no tile above it to slide DOWN (in blank terms: the blank would move UP, off the board)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay --json (-want +got):\n%s", diff)
	}
}

func TestReplayToStdout(t *testing.T) {
	dir, puzzle := replayFiles(t)
	r := kpuzzle(t, "", "replay", puzzle, filepath.Join(dir, "solved.txt"), "--out", "-")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "<!DOCTYPE html>") || !strings.HasSuffix(r.stdout, "</html>\n") {
		t.Errorf("--out -: exit %d, stdout starts %.40q", r.code, r.stdout)
	}
	// The answer may come from standard input too.
	r = kpuzzle(t, "UP\nLEFT\n", "replay", puzzle, "-", "--out", "-")
	if r.code != exitOK || !strings.Contains(r.stdout, "<h1>standard input on "+puzzle+"</h1>") {
		t.Errorf("answer on stdin: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestReplayNoOracle(t *testing.T) {
	dir, puzzle := replayFiles(t)
	var out, errOut bytes.Buffer
	a := &app{in: strings.NewReader(""), out: &out, errOut: &errOut, paint: newPalette(false)}
	page := filepath.Join(dir, "page.html")
	opts := replayOptions{out: page, optimal: -1}
	if err := runReplay(context.Background(), a, opts, puzzle, filepath.Join(dir, "solved.txt"), nil); err != nil {
		t.Fatal(err)
	}
	html, verdict := readPage(t, page)
	if verdict != "valid" {
		t.Errorf("verdict without a solver %q, want valid", verdict)
	}
	if !strings.Contains(html, "optimality not verified") {
		t.Error("page does not say optimality is not verified")
	}
}

func TestReplayBadInput(t *testing.T) {
	dir, puzzle := replayFiles(t)
	solved := filepath.Join(dir, "solved.txt")
	wantOneLineError(t, kpuzzle(t, "", "replay", puzzle, solved), "--out is required")
	wantOneLineError(t, kpuzzle(t, "", "replay", puzzle, filepath.Join(dir, "missing.txt"), "-o", filepath.Join(dir, "x.html")), "missing.txt", "no such file")
	wantOneLineError(t, kpuzzle(t, "", "replay", filepath.Join(dir, "nope.txt"), solved, "-o", filepath.Join(dir, "x.html")), "nope.txt")
	bad := writeFile(t, dir, "bad-puzzle.txt", "1 2 3\n4 y 6\n7 5 8\n")
	wantOneLineError(t, kpuzzle(t, "", "replay", bad, solved, "-o", filepath.Join(dir, "x.html")), "bad-puzzle.txt:2")
	wantOneLineError(t, kpuzzle(t, "", "replay", "--json", puzzle, solved, "-o", "-"), "--json")
	wantOneLineError(t, kpuzzle(t, "", "replay", "--moves", "diagonal", puzzle, solved, "-o", filepath.Join(dir, "x.html")), "--moves")
	wantOneLineError(t, kpuzzle(t, "", "replay", "--optimal", "3", puzzle, solved, "-o", filepath.Join(dir, "x.html")), "optimal length")
	wantOneLineError(t, kpuzzle(t, "", "replay", puzzle, solved, "-o", filepath.Join(dir, "no", "such", "dir", "x.html")), "no such file")
	if _, err := os.Stat(filepath.Join(dir, "x.html")); err == nil {
		t.Error("a page was written although the command failed")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestReplayFlags(t *testing.T) {
	dir := t.TempDir()
	// 2x4 against the blank-first goal, answer in the blank convention.
	puzzle := writeFile(t, dir, "p.txt", "1 0 2 3\n4 5 6 7\n")
	answer := writeFile(t, dir, "a.txt", "LEFT\n")
	out := filepath.Join(dir, "page.html")
	r := kpuzzle(t, "", "replay", "--goal", "blank-first", "--moves", "blank", puzzle, answer, "-o", out)
	if r.code != exitOK {
		t.Fatalf("exit %d (stderr %q)", r.code, r.stderr)
	}
	page, verdict := readPage(t, out)
	if verdict != "optimal" {
		t.Errorf("verdict %q, want optimal (one blank move LEFT reaches the blank-first goal)", verdict)
	}
	for _, want := range []string{"goal: blank first", "moves: blank", `"convention":"blank"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page does not hold %q", want)
		}
	}
}

// TestReplayOptimalSkipsKey checks that --optimal is used as given: the
// answer key next to the puzzle is not read, so even an unreadable one
// does not stop the page (without --optimal it does, naming the file).
func TestReplayOptimalSkipsKey(t *testing.T) {
	dir, puzzle := replayFiles(t)
	writeFile(t, dir, "manifest.json", "{ not json")
	solved, page := filepath.Join(dir, "solved.txt"), filepath.Join(dir, "page.html")
	wantOneLineError(t, kpuzzle(t, "", "replay", puzzle, solved, "-o", page), "manifest.json")
	r := kpuzzle(t, "", "replay", "--optimal", "2", puzzle, solved, "-o", page)
	if r.code != 0 {
		t.Fatalf("with --optimal 2: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, verdict := readPage(t, page); verdict != "optimal" {
		t.Errorf("verdict %q, want optimal", verdict)
	}
}

// TestReplayMaxMoves: --max-moves bounds the moves a page holds; the page
// of a longer answer says so, the one-line report and --json too, and the
// verdict stays the whole answer's. 0 puts every move in.
func TestReplayMaxMoves(t *testing.T) {
	dir, puzzle := replayFiles(t)
	answer := filepath.Join(dir, "long.txt") // 4 moves, suboptimal
	for _, tc := range []struct {
		max          string
		played       int
		cut          bool
		stdoutNeeded string
	}{
		{"3", 3, true, "the page holds the first 3 of the answer's 4 moves"},
		{"0", 4, false, ""},
		{"4", 4, false, ""},
	} {
		out := filepath.Join(dir, "page-"+tc.max+".html")
		r := kpuzzle(t, "", "replay", "--json", "--max-moves", tc.max, puzzle, answer, "-o", out)
		var got replayJSON
		if err := json.Unmarshal([]byte(r.stdout), &got); r.code != exitOK || err != nil {
			t.Fatalf("--max-moves %s: %+v (%v)", tc.max, r, err)
		}
		if got.Verdict != "suboptimal" || got.Played != tc.played || got.Cut != tc.cut || got.Length != 4 {
			t.Errorf("--max-moves %s: %+v; want suboptimal, played %d, cut %v", tc.max, got, tc.played, tc.cut)
		}
		page, _ := readPage(t, out)
		if strings.Contains(page, `id="cut"`) != tc.cut {
			t.Errorf("--max-moves %s: the page says it was cut: %v, want %v", tc.max, !tc.cut, tc.cut)
		}
		if tc.stdoutNeeded != "" {
			r := kpuzzle(t, "", "replay", "--max-moves", tc.max, puzzle, answer, "-o", out)
			if !strings.Contains(r.stdout, tc.stdoutNeeded) {
				t.Errorf("--max-moves %s: stdout %q does not say %q", tc.max, r.stdout, tc.stdoutNeeded)
			}
		}
	}
	wantOneLineError(t, kpuzzle(t, "", "replay", "--max-moves", "-1", puzzle, answer, "-o", filepath.Join(dir, "x.html")), "--max-moves")
}
