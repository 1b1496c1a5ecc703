package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sets prove proves a shipped set's lengths and agrees with them; a key
// whose length is wrong is a finding (exit 1) naming the instance.
func TestSetsProve(t *testing.T) {
	r := kpuzzle(t, "", "--json", "sets", "prove", "8puzzle-hardest", "--threads", "2")
	if r.code != exitOK {
		t.Fatalf("sets prove 8puzzle-hardest: %d %s", r.code, r.stderr)
	}
	var table struct {
		AllOptimal bool `json:"all_optimal"`
		Threads    int  `json:"threads"`
		Instances  []struct {
			Length    *int   `json:"length"`
			Published *int   `json:"published_length"`
			Status    string `json:"status"`
		} `json:"instances"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &table); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if !table.AllOptimal || len(table.Instances) != 2 || table.Threads != 2 {
		t.Fatalf("8puzzle-hardest proved: %+v", table)
	}
	for _, in := range table.Instances {
		if in.Length == nil || *in.Length != 31 || in.Published == nil || *in.Published != 31 {
			t.Errorf("an instance proved %v, recorded %v: both must be 31", in.Length, in.Published)
		}
	}

	// A key with a wrong length, as a careless hand-made one would be.
	dir := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "sets", "export", "8puzzle-hardest", "--out", dir); r.code != exitOK {
		t.Fatalf("export: %d %s", r.code, r.stderr)
	}
	man := filepath.Join(dir, "manifest.json")
	data, err := os.ReadFile(man)
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(string(data), `"optimal_length": 31`, `"optimal_length": 29`, 1)
	if wrong == string(data) {
		t.Fatalf("no optimal length to change in %s", data)
	}
	if err := os.WriteFile(man, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	r = kpuzzle(t, "", "sets", "prove", dir, "--threads", "1")
	if r.code != exitFindings || !strings.Contains(r.stdout, "mismatch") {
		t.Errorf("a wrong key: exit %d, want %d with a mismatch row\n%s%s", r.code, exitFindings, r.stdout, r.stderr)
	}
}

// A folder without a manifest records no length: sets prove still proves
// and prints every length, and says on stderr that they were compared with
// nothing, so that an instructor checking a key notices the key is
// missing. The proofs themselves are not findings (exit 0).
func TestSetsProveSaysWhatItComparedWithNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "sets", "export", "8puzzle-hardest", "--out", dir); r.code != exitOK {
		t.Fatalf("export: %d %s", r.code, r.stderr)
	}
	r := kpuzzle(t, "", "sets", "prove", dir, "--threads", "1")
	if r.code != exitOK || strings.Contains(r.stderr, "compared with nothing") {
		t.Fatalf("with its manifest: exit %d, stderr %q", r.code, r.stderr)
	}
	if err := os.Remove(filepath.Join(dir, "manifest.json")); err != nil {
		t.Fatal(err)
	}
	r = kpuzzle(t, "", "sets", "prove", dir, "--threads", "1")
	if r.code != exitOK || strings.Count(r.stdout, " 31 ") != 2 {
		t.Errorf("without a manifest: exit %d, want %d with both lengths (31) proved\n%s%s", r.code, exitOK, r.stdout, r.stderr)
	}
	if want := "no optimal length for 2 of the 2 instances (8puzzle-hardest_1.txt, 8puzzle-hardest_2.txt)"; !strings.Contains(r.stderr, want) {
		t.Errorf("without a manifest, stderr %q; want it to contain %q", r.stderr, want)
	}
}

// Keys that IDA* with linear conflicts proves at once need no pattern
// database: sets prove on a 5x5 set proves them all with --no-build and
// an empty database folder, and only with --cheap-nodes 0 (the databases
// at once) does it ask for the 5x5 databases.
func TestSetsProveCheapFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "gen", "--shape", "5x5", "--depth", "16-20", "--per-depth", "1", "--seed", "3", "--out", dir); r.code != exitOK {
		t.Fatalf("gen: %d %s", r.code, r.stderr)
	}
	empty := t.TempDir()
	r := kpuzzle(t, "", "sets", "prove", dir, "--no-build", "--pdb-dir", empty, "--threads", "1")
	if r.code != exitOK || !strings.Contains(r.stderr, "no pattern database was needed") || strings.Count(r.stdout, "optimal") < 5 {
		t.Errorf("cheap keys: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("the database folder holds %d files", len(entries))
	}
	r = kpuzzle(t, "", "sets", "prove", dir, "--no-build", "--pdb-dir", empty, "--cheap-nodes", "0")
	wantOneLineError(t, r, "pattern database not built", "kpuzzle pdb build")
}
