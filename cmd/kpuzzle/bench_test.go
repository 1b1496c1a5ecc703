package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// benchDir writes a folder of 3x3 puzzles with a manifest; the second
// puzzle's "published" length is deliberately wrong when lie is set.
func benchDir(t *testing.T, lie bool) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "a.txt", "8 6 7\n2 5 4\n3 0 1\n") // 31 moves
	writeFile(t, dir, "b.txt", "1 2 3\n4 5 6\n0 7 8\n") // 2 moves
	writeFile(t, dir, "c.txt", "2 1 3\n4 5 6\n7 8 0\n") // unsolvable
	second := 2
	if lie {
		second = 4
	}
	writeFile(t, dir, "manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [
  {"file": "a.txt", "solvable": true, "optimal_length": 31},
  {"file": "b.txt", "solvable": true, "optimal_length": `+itoa(second)+`},
  {"file": "c.txt", "solvable": false, "optimal_length": null}
]}`)
	return dir
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestBenchFolder(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "--set", benchDir(t, false), "--pdb-dir", cache, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q, stdout %s", r.code, r.stderr, r.stdout)
	}
	var got benchJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if !got.AllOptimal || got.Count != 3 || len(got.Instances) != 3 || got.Heuristic != "pdb:auto" || got.Solved != 3 {
		t.Fatalf("result %+v", got)
	}
	wantStatus := []string{"optimal", "optimal", "unsolvable"}
	for i, in := range got.Instances {
		if in.Status != wantStatus[i] {
			t.Errorf("%s: status %q, want %q", in.Name, in.Status, wantStatus[i])
		}
	}
	if l := got.Instances[0].Length; l == nil || *l != 31 || got.Instances[0].Nodes == 0 {
		t.Errorf("a.txt: length %v after %d nodes, want 31", l, got.Instances[0].Nodes)
	}
	if got.TotalNodes != got.Instances[0].Nodes+got.Instances[1].Nodes+got.Instances[2].Nodes || got.MemoryBytes == 0 {
		t.Errorf("totals: %d nodes, memory %d", got.TotalNodes, got.MemoryBytes)
	}

	r = kpuzzle(t, "", "bench", "--set", benchDir(t, true), "--pdb-dir", cache)
	if r.code != exitFindings || !strings.Contains(r.stdout, "mismatch") || !strings.Contains(r.stdout, "1 mismatched") {
		t.Errorf("wrong published length: exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

// korfPatterns is a 3-4-4-4 partition for the blank-first goal whose
// tables build in a fraction of a second, even under the race detector.
const korfPatterns = "pdb:1-2-3/4-5-8-9/6-7-10-11/12-13-14-15"

func TestBenchKorf100(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "korf100", "--heuristic", korfPatterns, "--only", "9,47", "--pdb-dir", cache, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got benchJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Set != "korf100" || got.Goal != "blank-first" || !got.AllOptimal || len(got.Instances) != 2 || !got.Reflection {
		t.Fatalf("result %+v", got)
	}
	for i, want := range []int{46, 47} {
		in := got.Instances[i]
		if in.Length == nil || *in.Length != want || in.PublishedLength == nil || *in.PublishedLength != want || in.Status != "optimal" {
			t.Errorf("instance %s: %+v, want length %d", in.Name, in, want)
		}
	}
	if got.TotalSeconds <= 0 || got.SetupSeconds <= 0 {
		t.Errorf("seconds: search %v, setup %v", got.TotalSeconds, got.SetupSeconds)
	}
	// The human table, from the cache this time.
	r = kpuzzle(t, "", "bench", "--set", "korf100", "--heuristic", korfPatterns, "--only", "94", "--pdb-dir", cache, "--no-build")
	for _, want := range []string{"korf100: 1 instances, blank-first goal; idastar + " + korfPatterns + " (reflection on)", "53", "optimal", "total: 1/1 solved, all optimal", "mean per instance"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout does not contain %q:\n%s", want, r.stdout)
		}
	}
	wantOneLineError(t, kpuzzle(t, "", "bench", "korf100", "--heuristic", korfPatterns, "--only", "9,101", "--pdb-dir", cache), "--only", "101")
}

func TestBenchLimitsAndErrors(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "--set", benchDir(t, false), "--pdb-dir", cache, "--max-nodes", "5", "--limit", "1", "--json")
	var got benchJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if r.code != exitFindings || got.AllOptimal || got.Unfinished != 1 || got.Instances[0].Status != "node-limit" {
		t.Errorf("node limit: exit %d, %+v", r.code, got)
	}
	for _, tc := range []struct {
		args      []string
		fragments []string
	}{
		{[]string{"bench", "--pdb-dir", cache}, []string{"name a set"}},
		{[]string{"bench", "nosuchset", "--pdb-dir", cache}, []string{"nosuchset", "korf100"}},
		{[]string{"bench", "korf100", "--set", "hard80", "--pdb-dir", cache}, []string{"set given twice"}},
		{[]string{"bench", "korf100", "--algo", "bfs", "--pdb-dir", cache}, []string{"--algo", "bfs"}},
		{[]string{"bench", "korf100", "--heuristic", "manhattan", "--pdb-dir", cache}, []string{"--heuristic", "manhattan"}},
		{[]string{"bench", "korf100", "--heuristic", "pdb:78", "--no-build", "--pdb-dir", cache}, []string{"not built", "kpuzzle pdb build 78 --goal blank-first"}},
		{[]string{"bench", "korf100", "--limit", "-1", "--pdb-dir", cache}, []string{"negative"}},
	} {
		wantOneLineError(t, kpuzzle(t, "", tc.args...), tc.fragments...)
	}
	bad := t.TempDir()
	writeFile(t, bad, "x.txt", "1 2 3\n4 five 6\n7 8 0\n")
	wantOneLineError(t, kpuzzle(t, "", "bench", "--set", bad, "--pdb-dir", cache), "x.txt:2")
}
