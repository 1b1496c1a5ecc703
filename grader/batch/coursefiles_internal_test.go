package batch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestHandedOutKeys: the public tests' key the course hands out (in the
// Classroom repository, so in a student's self-grading and in every
// repository staff clone) is not flagged; a key with a hidden test's
// answer, a puzzle the assignment does not grade, a puzzle file that is a
// link or outside the submission, still is.
func TestHandedOutKeys(t *testing.T) {
	visible := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	hidden := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 0, 7, 8)
	other := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	tests := []grader.Test{
		{Name: "public/3x3/p1.txt", Board: visible, Solvable: true, Optimum: check.KnownOptimum(1, "answer key")},
		{Name: "hidden/3x3/p1.txt", Board: hidden, Solvable: true, Hidden: true, Optimum: check.KnownOptimum(2, "answer key")},
	}
	write := func(dir, rel, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	key := func(files ...string) string {
		s := `{"goal": "default", "moves": "tile", "puzzles": [`
		for i, f := range files {
			if i > 0 {
				s += ","
			}
			s += `{"file": "` + f + `", "solvable": true, "optimal_length": 1}`
		}
		return s + "]}"
	}
	rows := func(b puzzles.Board) string { return b.Format(puzzles.FormatRows) }
	finding := []grader.IntegrityFinding{{File: "puzzles/manifest.json", Finding: integrity.FindAnswerKey}}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		link    bool
		flagged bool
	}{
		{"the public key", map[string]string{"puzzles/manifest.json": key("3x3/p1.txt"), "puzzles/3x3/p1.txt": rows(visible)}, false, false},
		{"a hidden test's answer", map[string]string{"puzzles/manifest.json": key("3x3/p1.txt", "3x3/h1.txt"), "puzzles/3x3/p1.txt": rows(visible), "puzzles/3x3/h1.txt": rows(hidden)}, false, true},
		{"a puzzle not graded", map[string]string{"puzzles/manifest.json": key("3x3/x.txt"), "puzzles/3x3/x.txt": rows(other)}, false, true},
		{"a puzzle file missing", map[string]string{"puzzles/manifest.json": key("3x3/p1.txt")}, false, true},
		{"outside the submission", map[string]string{"puzzles/manifest.json": key("../../p1.txt")}, false, true},
		{"a link", map[string]string{"puzzles/manifest.json": key("3x3/p1.txt"), "real.txt": rows(visible)}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for rel, text := range tc.files {
				write(dir, rel, text)
			}
			if tc.link {
				os.MkdirAll(filepath.Join(dir, "puzzles", "3x3"), 0o755)
				if err := os.Symlink(filepath.Join(dir, "real.txt"), filepath.Join(dir, "puzzles", "3x3", "p1.txt")); err != nil {
					t.Fatal(err)
				}
			}
			kept := handedOut(dir, finding, tests, 1<<20)
			if got := len(kept) == 1; got != tc.flagged {
				t.Errorf("flagged %v, want %v", got, tc.flagged)
			}
		})
	}
}

// TestHandedOutCheckerPage: the browser checker page the course hands out
// (kpuzzle page, checker.html in the Classroom repository) is inspected
// like any file and named for its encoded module, then recognised as
// kpuzzle's own and dropped; a page with a payload beside the module, one
// whose module is not this build's, or a page under another name, is
// still named.
func TestHandedOutCheckerPage(t *testing.T) {
	var page bytes.Buffer
	if err := checkpage.Write(&page, checkpage.Options{Title: "hw1"}); err != nil {
		t.Fatal(err)
	}
	module := checkpage.ModuleText()
	payload := strings.Repeat(strings.Repeat("QUJD", 19)+"\n", 20000) // 1.5 MB of base64
	other := strings.Replace(page.String(), module[:76], strings.Repeat("A", 76), 1)
	for _, tc := range []struct {
		name, file, text string
		flagged          bool
	}{
		{"the course's page", "checker.html", page.String(), false},
		{"a payload beside it", "checker.html", page.String() + "<!--\n" + payload + "-->", true},
		{"another module", "checker.html", other, true},
		{"not a page", "checker.bin", page.String(), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			found := integrity.Inspect(context.Background(), dir, integrity.Unknown, integrity.DefaultBudget, integrity.DefaultThresholds)
			if len(found) == 0 || !strings.HasPrefix(found[0].Finding, integrity.FindOpaque) {
				t.Fatalf("the inspection does not name the page's encoded data: %+v", found)
			}
			kept := handedOut(dir, found, nil, 1<<20)
			if got := len(kept) > 0; got != tc.flagged {
				t.Errorf("flagged %v (%+v), want %v", got, kept, tc.flagged)
			}
		})
	}
}
