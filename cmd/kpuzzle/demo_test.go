package main

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDemoGradesTheExampleSubmissions runs the README's first command and
// checks each example submission got the score its behaviour deserves.
func TestDemoGradesTheExampleSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole demo; go test without -short runs it")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("kpuzzle demo needs python3, which is not on the PATH")
	}
	dir := filepath.Join(t.TempDir(), "demo")
	r := kpuzzle(t, "", "demo", "--dir", dir)
	if r.code != 0 {
		t.Fatalf("demo: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"==> kpuzzle init", "==> kpuzzle --config", "python-astar  140/140", "Everything is in"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	f, err := os.Open(filepath.Join(dir, "results", "gradebook.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := rows[0]
	total := -1
	for i, h := range header {
		if h == "total" {
			total = i
		}
	}
	got := map[string]string{}
	for _, row := range rows[1:] {
		got[row[0]] = row[total]
	}
	// The correct solver earns everything; the ones that crash, loop or
	// make an illegal move on every test earn nothing; greedy is
	// somewhere between (it solves, suboptimally, and crashes on
	// unsolvable boards).
	want := map[string]string{"python-astar": "140", "python-crash": "0", "python-illegal": "0", "python-loop": "0"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s scored %s, want %s", k, got[k], v)
		}
	}
	if g := got["python-greedy"]; g == "0" || g == "140" || g == "" {
		t.Errorf("python-greedy scored %q, want partial credit", g)
	}
	if diff := cmp.Diff(5, len(got)); diff != "" {
		t.Errorf("students graded (-want +got):\n%s", diff)
	}
	wantOneLineError(t, kpuzzle(t, "", "demo", "--dir", dir), "not empty")
}
