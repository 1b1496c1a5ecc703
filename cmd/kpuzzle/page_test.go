package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pageSet writes a puzzle set with an answer key: two public puzzles, one
// without an optimal length, and a hidden one.
func pageSet(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "a.txt", "1 2 3\n4 5 6\n0 7 8\n")
	writeFile(t, dir, "b.txt", "1 2 3\n4 5 6\n7 0 8\n")
	writeFile(t, dir, "secret.txt", "1 2 3\n4 0 6\n7 5 8\n")
	writeFile(t, dir, "manifest.json", `{"shape": "3x3", "goal": "default", "moves": "tile", "puzzles": [
  {"file": "a.txt", "solvable": true, "optimal_length": 2},
  {"file": "b.txt", "solvable": true},
  {"file": "secret.txt", "solvable": true, "optimal_length": 2, "hidden": true}
]}`)
	return dir
}

func TestPageWritesChecker(t *testing.T) {
	dir := pageSet(t)
	out := filepath.Join(t.TempDir(), "checker.html")
	r := kpuzzle(t, "", "page", "--set", dir, "--set-name", "week 1", "--moves", "blank", "--title", "CS3243 <checker>", "--budget", "1m", "--out", out, "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got pageJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	want := pageJSON{Out: out, Bytes: st.Size(), Puzzles: 2, Keyed: 1, Hidden: 1, Goal: "default"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("--json (-want +got):\n%s", diff)
	}
	b, _ := os.ReadFile(out)
	page := string(b)
	for _, s := range []string{
		"<h1>CS3243 &lt;checker&gt;</h1>",
		`value="blank" checked`,
		`"name":"a.txt"`, `"optimal":2`, `"name":"b.txt"`, `"optimal":-1`,
		`"budget_seconds":60`,
		`"set_name":"week 1"`,
		`<option value="0">a.txt</option>`,
	} {
		if !strings.Contains(page, s) {
			t.Errorf("the page does not hold %s", s)
		}
	}
	if strings.Contains(page, "secret.txt") || strings.Contains(page, "1 2 3 4 0 6 7 5 8") {
		t.Error("the page holds the hidden puzzle")
	}

	r = kpuzzle(t, "", "page", "--out", "-")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "<!DOCTYPE html>") || !strings.Contains(r.stdout, `id="wasm-gz"`) {
		t.Errorf("--out -: exit %d, stdout starts %.40q", r.code, r.stdout)
	}
	r = kpuzzle(t, "", "page", "--set", dir, "--out", filepath.Join(t.TempDir(), "c.html"))
	if r.code != exitOK || !strings.Contains(r.stdout, "2 puzzles of "+dir+" built in, 1 with their optimal length; 1 hidden left out; goal default") {
		t.Errorf("human output: exit %d, %q", r.code, r.stdout)
	}
}

func TestPageRejects(t *testing.T) {
	dir := pageSet(t)
	bad := t.TempDir()
	writeFile(t, bad, "a.txt", "1 2 3\n4 5 y\n0 7 8\n")
	writeFile(t, bad, "manifest.json", `{"shape": "3x3", "puzzles": [{"file": "a.txt", "solvable": true}]}`)
	out := filepath.Join(t.TempDir(), "c.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"page"}, "--out is required"},
		{[]string{"page", "--out", out, "--budget", "0s"}, "--budget must be positive"},
		{[]string{"page", "--out", out, "--moves", "tiles"}, "--moves"},
		{[]string{"page", "--out", out, "--goal", "nowhere.txt"}, `goal "nowhere.txt": expected default, blank-first or a goal file`},
		{[]string{"page", "--out", out, "--set", bad}, filepath.Join(bad, "a.txt") + ":2:5:"},
		{[]string{"page", "--out", out, "--set", filepath.Join(dir, "none")}, "none"},
		{[]string{"page", "--out", filepath.Join(dir, "no", "such", "c.html")}, "--out"},
	} {
		r := kpuzzle(t, "", c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a page was written although the command failed")
	}
}
