//go:build linux

package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// mode is an isolation mode the tests run under.
type mode struct {
	name   string
	noNS   bool
	choice sandbox.Choice
}

var modes = []mode{{"namespaces", false, sandbox.ChooseNamespaces}, {"fallback", true, sandbox.ChooseRlimits}}

// forEachMode runs f as a subtest under each isolation mode.
func forEachMode(t *testing.T, f func(t *testing.T, m mode)) {
	t.Helper()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			if !m.noNS {
				requireNamespaces(t)
			}
			f(t, m)
		})
	}
}

// requireNamespaces fails the test unless the machine supports namespace
// isolation: the machines this project runs on do, so a fallback here is
// a bug. Set KPUZZLE_SANDBOX_ALLOW_FALLBACK=1 to skip instead elsewhere.
func requireNamespaces(t *testing.T) {
	t.Helper()
	iso := sandbox.Probe()
	if iso.Level == sandbox.LevelNamespaces {
		return
	}
	if os.Getenv("KPUZZLE_SANDBOX_ALLOW_FALLBACK") != "" {
		t.Skipf("namespaces unavailable: %s", iso.Reason)
	}
	t.Fatalf("namespaces unavailable (set KPUZZLE_SANDBOX_ALLOW_FALLBACK=1 to skip): %s", iso.Reason)
}

// sh is the argv that runs script with /bin/sh; args become $0, $1, ...
func sh(script string, args ...string) []string {
	if len(args) == 0 {
		args = []string{"sh"}
	}
	return append([]string{"/bin/sh", "-c", script}, args...)
}

// pinned fills the zero fields of l that the run defaults of package
// limits (which the sandbox takes since it shares them with the grader)
// set otherwise than the sandbox's own defaults did before: a CPU time of
// 10 s whatever the wall time, 128 processes and files of 64 MiB (rather
// than a CPU time equal to the wall time, 64 processes and files capped
// at Output). Every test runs under the limits it was written for.
func pinned(l sandbox.Limits) sandbox.Limits {
	if l.CPUTime == 0 {
		l.CPUTime = limits.Duration(10 * time.Second)
	}
	if l.Processes == 0 {
		l.Processes = 128
	}
	if l.FileSize == 0 {
		l.FileSize = 64 << 20
	}
	return l
}

// run runs spec, its limits pinned, and fails the test on a sandbox
// error.
func run(t *testing.T, spec sandbox.Spec) sandbox.Result {
	t.Helper()
	if spec.Dir == "" {
		spec.Dir = t.TempDir()
	}
	spec.Limits = pinned(spec.Limits)
	res, err := sandbox.Run(context.Background(), spec)
	if err != nil {
		t.Fatalf("Run(%q): %v\nstdout: %s\nstderr: %s", spec.Argv, err, res.Stdout, res.Stderr)
	}
	return res
}

// outcome is the comparable part of a Result.
type outcome struct {
	ExitCode                         int
	Signal                           string
	Stdout, Stderr                   string
	TimedOut, CPUExceeded            bool
	MemoryExceeded, FileSizeExceeded bool
	StdoutTruncated, StderrTruncated bool
}

func outcomeOf(r sandbox.Result) outcome {
	return outcome{
		ExitCode:         r.ExitCode,
		Signal:           r.Signal,
		Stdout:           string(r.Stdout),
		Stderr:           string(r.Stderr),
		TimedOut:         r.TimedOut,
		CPUExceeded:      r.CPUExceeded,
		MemoryExceeded:   r.MemoryExceeded,
		FileSizeExceeded: r.FileSizeExceeded,
		StdoutTruncated:  r.StdoutTruncated,
		StderrTruncated:  r.StderrTruncated,
	}
}

// newToken returns a string unique to this test run, to be put on the
// command lines of processes the test later looks for.
func newToken(t *testing.T) string {
	return fmt.Sprintf("kpz-token-%d-%d", os.Getpid(), time.Now().UnixNano())
}

// processesWith lists host processes whose command line contains token.
func processesWith(token string) []string {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return []string{"cannot read /proc: " + err.Error()}
	}
	var found []string
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.Contains(b, []byte(token)) {
			continue
		}
		// A zombie awaiting its reaper is harmless; report live ones.
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
			continue
		}
		found = append(found, e.Name()+": "+strings.ReplaceAll(string(b), "\x00", " "))
	}
	return found
}

// assertNoProcesses fails if any process with token on its command line is
// alive.
func assertNoProcesses(t *testing.T, token string) {
	t.Helper()
	if ps := processesWith(token); len(ps) > 0 {
		t.Errorf("processes survived the run:\n%s", strings.Join(ps, "\n"))
	}
}

// writeFile writes content to dir/name with exactly mode perm.
func writeFile(t *testing.T, dir, name, content string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil { // beat the umask
		t.Fatal(err)
	}
	return p
}

// inSimulatedContainer runs the test named test of this binary again,
// inside a simulated Docker container (sandboxtest.Container), with env
// set to 1 so that it knows where it is, and fails t if it fails there.
// It returns what the test printed.
func inSimulatedContainer(t *testing.T, test, env string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("the simulated container drops root's capabilities; run as root")
	}
	cmd := sandboxtest.Container(os.Args[0], "-test.run=^"+test+"$", "-test.v")
	cmd.Env = append(cmd.Env, env+"=1")
	out, err := cmd.CombinedOutput()
	t.Logf("inside the container:\n%s", out)
	if err != nil {
		t.Fatalf("the test inside the container failed: %v", err)
	}
	return string(out)
}
