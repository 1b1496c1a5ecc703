package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// TestAnswerCommandsRefuseInsideARun runs a build of kpuzzle in the
// sandbox, as a submission that ships it would: with namespaces as nobody
// (only the run's host name marks it) and without namespaces under a run
// uid. Every command that could hand out an answer, an optimal length or
// a key refuses with one line and exit 2; version still works.
//
// The build lies in the temporary folder on purpose, as it would in a
// checkout under /tmp: runs with namespaces get a private /tmp, and the
// program of a run must stay visible there all the same (issue 34; the
// test failed with "sandbox: start ...: no such file or directory" from
// a checkout under /tmp).
func TestAnswerCommandsRefuseInsideARun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kpuzzle")
	}
	if os.Geteuid() != 0 {
		t.Skip("runs under a run uid only when root")
	}
	bin, err := os.MkdirTemp("", "kpuzzle-bin-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(bin)
	if bin, err = filepath.Abs(bin); err != nil {
		t.Fatal(err)
	}
	os.Chmod(bin, 0o755)
	exe := filepath.Join(bin, "kpuzzle")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	os.Chmod(work, 0o755)
	writeFile(t, work, "p.txt", "1 2 3\n4 5 6\n7 0 8\n")
	writeFile(t, work, "a.txt", "LEFT\n")
	commands := [][]string{
		{"solve", "p.txt"},
		{"solve", "--json", "p.txt"},
		{"check", "p.txt", "a.txt"},
		{"gen", "--shape", "3x3", "--depth", "2-3", "--per-depth", "1", "--out", "set"},
		{"sets", "prove", "8puzzle-hardest"},
		{"bench", "--set", "korf100", "--algo", "idastar", "--heuristic", "manhattan"},
		{"audit", "--shape", "2x3", "--heuristic", "manhattan"},
		{"pdb", "build", "pdb:663"},
		{"solvable", "p.txt"},
	}
	levels := []struct {
		name string
		iso  sandbox.Choice
		uid  int
	}{
		{"namespaces as nobody", sandbox.ChooseNamespaces, sandbox.NobodyID},
		{"rlimits under a run uid", sandbox.ChooseRlimits, 0},
	}
	for _, lv := range levels {
		if lv.iso == sandbox.ChooseNamespaces && sandbox.Probe().Level != sandbox.LevelNamespaces {
			t.Logf("%s: namespaces unavailable", lv.name)
			continue
		}
		uid := lv.uid
		if uid == 0 {
			lease, err := sandbox.LeaseUID(41)
			if err != nil {
				t.Fatal(err)
			}
			defer lease.Release()
			uid = lease.UID
		}
		for _, args := range commands {
			dir := t.TempDir()
			for _, f := range []string{"p.txt", "a.txt"} {
				data, _ := os.ReadFile(filepath.Join(work, f))
				os.WriteFile(filepath.Join(dir, f), data, 0o644)
			}
			res, err := sandbox.Run(context.Background(), sandbox.Spec{
				Argv: append([]string{exe}, args...), Dir: dir, Isolation: lv.iso, UID: uid,
				// Files of 64 MiB: the sandbox's default before it took the
				// run defaults of package limits.
				Limits: sandbox.Limits{Memory: 4 << 30, Processes: 256, FileSize: 64 << 20},
			})
			if err != nil {
				t.Fatalf("%s: %v: %v", lv.name, args, err)
			}
			stderr := strings.TrimSpace(string(res.Stderr))
			wantOut := ""
			if slices.Contains(args, "--json") {
				wantOut = `{"error":{"message":"solve: ` + runguard.ErrInsideRun.Error() + `","file":null,"line":null}}`
			}
			if res.ExitCode != exitUsage || strings.Join(strings.Fields(string(res.Stdout)), "") != strings.Join(strings.Fields(wantOut), "") ||
				strings.Count(stderr, "\n") != 0 || stderr != "kpuzzle: "+args[0]+": "+runguard.ErrInsideRun.Error() {
				t.Errorf("%s: kpuzzle %s: exit %d, stdout %q, stderr %q; want one line of refusal and exit 2",
					lv.name, strings.Join(args, " "), res.ExitCode, res.Stdout, stderr)
			}
		}
		res, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{exe, "--version"}, Dir: t.TempDir(), Isolation: lv.iso, UID: uid,
			Limits: sandbox.Limits{Memory: 4 << 30, Processes: 128, FileSize: 64 << 20}})
		if err != nil || res.ExitCode != 0 {
			t.Errorf("%s: kpuzzle --version: %v, exit %d, %s", lv.name, err, res.ExitCode, res.Stderr)
		}
	}
}
