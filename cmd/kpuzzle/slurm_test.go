package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestSlurmArrayJob runs the Slurm driver kpuzzle init writes
// (cluster/slurm.sh) on a real Slurm cluster with 3 shards: prepare, an
// array of 3 grading tasks, merge. The merged folder must be what one run
// writes, byte for byte. Opt-in (KPUZZLE_SLURM=1, as .ci/run sets when it
// can start slurmctld and slurmd): it needs sbatch and a running cluster
// whose nodes share this machine's file system.
func TestSlurmArrayJob(t *testing.T) {
	if os.Getenv("KPUZZLE_SLURM") == "" {
		t.Skip("set KPUZZLE_SLURM=1 to run the Slurm array job on a running cluster")
	}
	for _, tool := range []string{"sbatch", "squeue", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed", tool)
		}
	}
	// Every node must reach the files: nothing under t.TempDir, whose
	// parent is private to the test's user, matters here, since the jobs
	// run as this user; a plain temporary folder is shared on one node.
	root, err := os.MkdirTemp("", "kpuzzle-slurm-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	bin := filepath.Join(root, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "kpuzzle"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	hw := filepath.Join(root, "hw")
	if r := kpuzzle(t, "", "init", hw, "--shape", "3x3", "--depth", "4-14", "--public", "2", "--hidden", "2", "--unsolvable", "1", "--seed", "5", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	subs := filepath.Join(root, "submissions")
	starter := mustRead(t, filepath.Join(hw, "starter", "python", "solver.py"))
	for _, name := range []string{"python-astar", "python-greedy", "python-illegal", "python-crash", "python-loop"} {
		writeFile(t, filepath.Join(subs, name), "solver.py", string(mustRead(t, demoSubmission(name))))
	}
	writeFile(t, filepath.Join(subs, "starter"), "solver.py", string(starter))

	whole := filepath.Join(root, "whole")
	start := time.Now()
	if r := kpuzzle(t, "", "grade", "--config", filepath.Join(hw, "assignment.yaml"), "--out", whole, subs); r.code != 0 {
		t.Fatalf("one run: %+v", r)
	}
	t.Logf("one run (--jobs = every core): %v", time.Since(start).Round(time.Millisecond))

	merged := filepath.Join(root, "merged")
	cmd := exec.Command(filepath.Join(hw, "cluster", "slurm.sh"), subs, merged)
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "SHARDS=3", "CPUS_PER_TASK=1")
	start = time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("slurm.sh: %v\n%s", err, out)
	}
	lines := strings.Fields(strings.TrimSpace(string(out)))
	mergeJob := lines[len(lines)-1]
	t.Logf("slurm.sh: %s", out)
	for deadline := time.Now().Add(20 * time.Minute); ; time.Sleep(2 * time.Second) {
		q, err := exec.Command("squeue", "--noheader", "--format=%i %T", "--user", currentUser()).CombinedOutput()
		if err != nil {
			t.Fatalf("squeue: %v\n%s", err, q)
		}
		if strings.TrimSpace(string(q)) == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the jobs did not finish within 20 minutes:\n%s", q)
		}
	}
	t.Logf("prepare, 3 shards and merge on Slurm: %v (merge job %s)", time.Since(start).Round(time.Millisecond), mergeJob)
	logs, _ := filepath.Glob(filepath.Join(merged+".shards", "*.log"))
	for _, l := range logs {
		t.Logf("%s:\n%s", filepath.Base(l), mustRead(t, l))
	}
	if _, err := os.Stat(filepath.Join(merged, "summary.html")); err != nil {
		t.Fatalf("the merge job wrote nothing: %v", err)
	}
	if diff := cmp.Diff(readTree(t, whole, "journal.jsonl"), readTree(t, merged)); diff != "" {
		t.Errorf("the Slurm grading differs from one run (-one +slurm):\n%s", diff)
	}
}

// currentUser is the name squeue knows this process's user by.
func currentUser() string {
	out, err := exec.Command("id", "-un").Output()
	if err != nil {
		return "root"
	}
	return strings.TrimSpace(string(out))
}
