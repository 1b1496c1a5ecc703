package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/reference/bench"
)

// TestSolveThreads checks --threads on solve: IDA* on 2 threads returns
// the serial search's moves and says so in threads; --threads 1 counts
// exactly the serial search's nodes on Korf's instance 9 (the figure the
// serial search has always given); other algorithms run on one thread;
// a negative count is a one-line error.
func TestSolveThreads(t *testing.T) {
	run := func(args ...string) solveJSON {
		t.Helper()
		r := solveRun(t, "", append([]string{"--algo", "idastar", "--heuristic", "manhattan", "--json", "set:korf100/9"}, args...)...)
		if r.code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		return decodeSolve(t, r)
	}
	one, two := run("--threads", "1"), run("--threads", "2")
	if one.Threads != 1 || two.Threads != 2 {
		t.Fatalf("threads %d and %d, want 1 and 2", one.Threads, two.Threads)
	}
	if one.Stats.Expanded != 801_880 || one.Stats.Generated != 1_632_771 {
		t.Errorf("--threads 1: %d expanded, %d generated; the serial search makes 801,880 and 1,632,771", one.Stats.Expanded, one.Stats.Generated)
	}
	if diff := cmp.Diff(one.Moves, two.Moves); diff != "" || *two.Length != 46 || !two.Optimal {
		t.Errorf("2 threads: length %d, optimal %v, moves (-1 thread +2 threads):\n%s", *two.Length, two.Optimal, diff)
	}
	if len(two.Stats.Iterations) != len(one.Stats.Iterations) {
		t.Errorf("%d iterations on 2 threads, %d on one", len(two.Stats.Iterations), len(one.Stats.Iterations))
	}
	r := solveRun(t, hardest8, "--algo", "astar", "--threads", "2", "--json", "-")
	if out := decodeSolve(t, r); out.Threads != 1 {
		t.Errorf("A* reports %d threads, want 1", out.Threads)
	}
	wantOneLineError(t, solveRun(t, hardest8, "--threads", "-1", "-"), "--threads -1")
}

// TestThreadsFromConfiguration checks that threads is a configuration
// key like any flag: top level and under a command.
func TestThreadsFromConfiguration(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, conf := range []string{"threads: 3\n", "solve:\n  threads: 3\n"} {
		writeFile(t, dir, "kpuzzle.yaml", conf)
		r := kpuzzle(t, "", "solve", "--pdb-dir", t.TempDir(), "--algo", "idastar", "--json", "set:korf100/9")
		if r.code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", conf, r.code, r.stderr)
		}
		if out := decodeSolve(t, r); out.Threads != 3 {
			t.Errorf("%q: %d threads, want 3", conf, out.Threads)
		}
	}
}

// TestBenchThreads checks threads in both JSON forms of bench, and that
// the runs stay optimal.
func TestBenchThreads(t *testing.T) {
	r := kpuzzle(t, "", "bench", "korf100", "--heuristic", korfPatterns, "--only", "9", "--threads", "2", "--pdb-dir", t.TempDir(), "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var table bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &table); err != nil {
		t.Fatal(err)
	}
	if table.Threads != 2 || !table.AllOptimal {
		t.Errorf("instance table: threads %d, all optimal %v", table.Threads, table.AllOptimal)
	}
	r = kpuzzle(t, "", "bench", "--set", "gen:3x3:20-22:3", "--run", "idastar:manhattan,astar:manhattan", "--threads", "2", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var c bench.Comparison
	if err := json.Unmarshal([]byte(r.stdout), &c); err != nil {
		t.Fatal(err)
	}
	if c.Threads != 2 || !c.AllOptimal {
		t.Fatalf("comparison: threads %d, all optimal %v", c.Threads, c.AllOptimal)
	}
	for _, in := range c.Instances {
		if got := []int{in.Runs[0].Threads, in.Runs[1].Threads}; !cmp.Equal(got, []int{2, 1}) {
			t.Errorf("instance %s: threads %v, want [2 1] (IDA*, A*)", in.Name, got)
		}
	}
	wantOneLineError(t, kpuzzle(t, "", "bench", "korf100", "--threads", "-2"), "--threads -2")
}

// TestGenThreadsKeepTheSet checks that the set does not depend on
// --threads: IDA*'s proofs on 4x4 boards give the same files.
func TestGenThreadsKeepTheSet(t *testing.T) {
	pdbDir := t.TempDir()
	gen := func(threads string) string {
		dir := t.TempDir()
		r := kpuzzle(t, "", "gen", "--shape", "4x4", "--depth", "24-26", "--count", "3", "--seed", "3", "--jobs", "1", "--threads", threads, "--pdb-dir", pdbDir, "--out", dir)
		if r.code != 0 {
			t.Fatalf("gen --threads %s: exit %d, stderr %q", threads, r.code, r.stderr)
		}
		return dir
	}
	a, b := gen("1"), gen("2")
	files, err := filepath.Glob(filepath.Join(a, "*"))
	if err != nil || len(files) != 4 {
		t.Fatalf("%d files (%v), want 3 puzzles and a manifest", len(files), err)
	}
	for _, f := range files {
		da, _ := os.ReadFile(f)
		db, err := os.ReadFile(filepath.Join(b, filepath.Base(f)))
		if err != nil || string(da) != string(db) {
			t.Errorf("%s differs between --threads 1 and 2 (%v)", filepath.Base(f), err)
		}
	}
	wantOneLineError(t, kpuzzle(t, "", "gen", "--shape", "3x3", "--count", "1", "--threads", "-1", "--out", t.TempDir()), "--threads -1")
}

// TestBenchKorf24 runs the per-instance table on Korf & Felner's
// 24-puzzle set with a quickly built additive database of 3-tile patterns
// and a node limit: the table names the set, reports the threads, and
// marks the instance as stopped by the limit (exit 1).
func TestBenchKorf24(t *testing.T) {
	const patterns = "pdb:1-2-3/4-5-6/7-8-9/10-11-12/13-14-15/16-17-18/19-20-21/22-23-24"
	r := kpuzzle(t, "", "bench", "korf24", "--heuristic", patterns, "--only", "1,2", "--max-nodes", "200000", "--threads", "2", "--pdb-dir", t.TempDir(), "--json")
	if r.code != exitFindings {
		t.Fatalf("exit %d, want %d (stopped by the node limit); stderr %q", r.code, exitFindings, r.stderr)
	}
	var got bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Set != "korf24" || got.Threads != 2 || len(got.Instances) != 2 || got.Unfinished != 2 {
		t.Fatalf("table %+v", got)
	}
	for _, in := range got.Instances {
		if in.Status != "node-limit" || in.Expanded > 200_000 || in.Shape != "5x5" || in.PublishedLength == nil {
			t.Errorf("instance %s: %+v", in.Name, in)
		}
	}
}

// TestThreadsCompletion checks that the shell completes --threads with 0
// and the counts up to the cores.
func TestThreadsCompletion(t *testing.T) {
	want := []string{"0"}
	for n := 1; n <= runtime.GOMAXPROCS(0); n++ {
		want = append(want, strconv.Itoa(n))
	}
	for _, cmd := range []string{"solve", "bench", "gen"} {
		r := kpuzzle(t, "", "__complete", cmd, "--threads", "")
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			if !strings.HasPrefix(line, ":") {
				got = append(got, line)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s --threads (-want +got):\n%s", cmd, diff)
		}
	}
}

// TestSolvePruning checks --pruning on solve: IDA* with a pattern
// database prunes duplicate move sequences by default, and with
// --pruning inverse generates exactly the nodes of the generic IDA* with
// the same database (traced, so it runs the generic loop), one thread
// each; both find the optimal length; an unknown pruning is a one-line
// error.
func TestSolvePruning(t *testing.T) {
	pdbDir := t.TempDir()
	run := func(args ...string) solveJSON {
		t.Helper()
		r := solveRun(t, "", append([]string{"--algo", "idastar", "--heuristic", "pdb:555", "--threads", "1", "--pdb-dir", pdbDir, "--json", "set:korf100/9"}, args...)...)
		if r.code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		return decodeSolve(t, r)
	}
	pruned, inverse := run(), run("--pruning", "inverse")
	generic := run("--pruning", "inverse", "--trace", filepath.Join(t.TempDir(), "trace.txt"))
	if *pruned.Length != 46 || *inverse.Length != 46 || !pruned.Optimal || !inverse.Optimal {
		t.Errorf("lengths %d and %d, optimal %v and %v; want 46", *pruned.Length, *inverse.Length, pruned.Optimal, inverse.Optimal)
	}
	if inverse.Stats.Generated != generic.Stats.Generated || inverse.Stats.Expanded != generic.Stats.Expanded {
		t.Errorf("--pruning inverse: %d generated, %d expanded; the generic loop %d and %d", inverse.Stats.Generated, inverse.Stats.Expanded, generic.Stats.Generated, generic.Stats.Expanded)
	}
	if pruned.Stats.Generated >= inverse.Stats.Generated {
		t.Errorf("duplicates pruned: %d nodes generated, inverse only %d", pruned.Stats.Generated, inverse.Stats.Generated)
	}
	wantOneLineError(t, solveRun(t, hardest8, "--pruning", "cycles", "-"), "--pruning")
}
