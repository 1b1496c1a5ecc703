//go:build linux

package sandbox_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// secretTree makes a folder readable by anyone, with a file readable by
// anyone and a program anyone may run, and returns the folder.
func secretTree(t *testing.T) string {
	t.Helper()
	// t.TempDir's parent is private to root; this folder must be
	// reachable by anyone for the fallback's control to mean something.
	root, err := os.MkdirTemp("", "kpuzzle-inspect-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "key")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "manifest.json", `{"optimal_length": 22}`, 0o644)
	writeFile(t, dir, "kpuzzle", "#!/bin/sh\necho solver\n", 0o755)
	return dir
}

// reachableDir is a working folder whose every ancestor anyone may
// search (t.TempDir's parent is private to root), as a grader's scratch
// folder is.
func reachableDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "kpuzzle-inspect-work-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// leaseUID leases a run uid for the test (other test binaries running at
// the same time use the range too).
func leaseUID(t *testing.T) int {
	t.Helper()
	l, err := sandbox.LeaseUID(0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Release)
	return l.UID
}

// listen opens a TCP listener on 127.0.0.1 and counts what it accepts.
func listen(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), &n
}

func check(in sandbox.Inspection, name string) (sandbox.Check, bool) {
	for _, c := range in.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return sandbox.Check{}, false
}

func TestInspect(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the checks of the program's identity need a root grader")
	}
	forEachMode(t, func(t *testing.T, m mode) {
		secret := secretTree(t)
		addr, accepted := listen(t)
		spec := sandbox.Spec{Dir: reachableDir(t), Isolation: m.choice, Conceal: []string{secret}, UID: leaseUID(t), Limits: pinned(sandbox.Limits{})}
		in, err := sandbox.Inspect(context.Background(), spec, sandbox.Targets{Secrets: []string{secret}, Connect: []string{addr}, Writable: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range in.Checks {
			t.Logf("%-40s %-5v %s", c.Name, c.Passed, c.Detail)
		}
		if accepted.Load() != 0 {
			t.Errorf("the listener accepted %d connections", accepted.Load())
		}
		// A program can neither install a seccomp filter of its own (with
		// which it could blind kpuzzle's guard) nor run unwatched.
		for _, name := range []string{"syscall seccomp(SECCOMP_SET_MODE_FILTER)", "syscall prctl(PR_SET_SECCOMP)", "executions"} {
			if c, ok := check(in, name); !ok || !c.Passed {
				t.Errorf("check %s: %+v (present %v), want it passed", name, c, ok)
			}
		}
		failed := in.Failed()
		secretCheck, _ := check(in, "secret "+secret)
		if m.noNS {
			// Without namespaces Conceal is not enforced: the world-readable
			// secret is reachable, and Inspect must say so.
			if secretCheck.Passed || !strings.Contains(secretCheck.Detail, "read ") || !strings.Contains(secretCheck.Detail, "run ") {
				t.Errorf("world-readable secret without namespaces: %+v, want read and run exposures", secretCheck)
			}
			if len(failed) != 1 {
				t.Errorf("failed checks = %+v, want only the secret", failed)
			}
			// A working folder under a folder others cannot search is
			// unreachable by its path without namespaces: the check says so.
			spec.Dir = t.TempDir()
			in, err := sandbox.Inspect(context.Background(), spec, sandbox.Targets{})
			if err != nil {
				t.Fatal(err)
			}
			if c, _ := check(in, "working folder"); c.Passed || !strings.Contains(c.Detail, "cannot be reached by its path") {
				t.Errorf("working folder under a private folder: %+v", c)
			}
		} else if len(failed) != 0 {
			t.Errorf("failed checks = %+v, want none", failed)
		}
	})
}

// inContainer is set in the test binary that TestContainer starts inside
// the simulated container.
const inContainer = "KPUZZLE_SANDBOX_TEST_IN_CONTAINER"

// TestContainer starts this test binary in a simulated Docker container
// (sandboxtest.Container: Docker's default seccomp profile refuses user
// namespaces, root has Docker's capabilities only), where the sandbox
// must fall back to LevelRlimits on its own, and inspects a run there:
// every check must pass with the secret private to root.
func TestContainer(t *testing.T) {
	if os.Getenv(inContainer) != "" {
		inspectInContainer(t)
		return
	}
	out := inSimulatedContainer(t, "TestContainer", inContainer)
	if !strings.Contains(out, "level rlimits") {
		t.Errorf("the sandbox did not fall back inside the container")
	}
}

func inspectInContainer(t *testing.T) {
	iso := sandbox.Probe()
	t.Logf("level %s: %s", iso.Level, iso.Reason)
	if iso.Level != sandbox.LevelRlimits || !strings.Contains(iso.Reason, "operation not permitted") {
		t.Fatalf("Probe() = %v, want the fallback because the kernel refused namespaces", iso)
	}
	secret := secretTree(t)
	if err := os.Chmod(filepath.Dir(secret), 0o700); err != nil {
		t.Fatal(err)
	}
	addr, accepted := listen(t)
	spec := sandbox.Spec{Dir: reachableDir(t), UID: leaseUID(t), Limits: pinned(sandbox.Limits{})}
	in, err := sandbox.Inspect(context.Background(), spec, sandbox.Targets{Secrets: []string{secret}, Connect: []string{addr}, Writable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range in.Checks {
		t.Logf("%-40s %-5v %s", c.Name, c.Passed, c.Detail)
	}
	if failed := in.Failed(); len(failed) != 0 || accepted.Load() != 0 {
		t.Errorf("failed checks %+v, %d connections accepted; want none", failed, accepted.Load())
	}
}

// TestFallbackUIDsAreExclusive starts two fallback runs with the same uid
// at once: the second must be refused, since runs that share a uid can
// signal and read each other.
func TestFallbackUIDsAreExclusive(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("Spec.UID applies when the caller is root")
	}
	started := make(chan struct{})
	done := make(chan error, 1)
	dir := t.TempDir()
	uid := leaseUID(t)
	go func() {
		_, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: sh("echo started > started; sleep 2"), Dir: dir,
			Isolation: sandbox.ChooseRlimits, UID: uid, Limits: pinned(sandbox.Limits{})})
		done <- err
	}()
	for i := 0; ; i++ {
		if _, err := os.Stat(filepath.Join(dir, "started")); err == nil {
			close(started)
			break
		}
		if i > 6000 {
			t.Fatal("the first run did not start within a minute")
		}
		time.Sleep(10 * time.Millisecond)
	}
	<-started
	_, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: sh("true"), Dir: t.TempDir(), Isolation: sandbox.ChooseRlimits, UID: uid, Limits: pinned(sandbox.Limits{})})
	if err == nil || !strings.Contains(err.Error(), "already running") {
		t.Errorf("a second run with the same uid: %v, want a refusal", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Once the first run is over its uid is free again.
	run(t, sandbox.Spec{Argv: sh("true"), Isolation: sandbox.ChooseRlimits, UID: uid})
}

// leaseHelper is set in a copy of this test binary that
// TestLeasesAreExclusiveAcrossProcesses starts.
const leaseHelper = "KPUZZLE_SANDBOX_TEST_LEASED_UID"

// TestLeasesAreExclusiveAcrossProcesses leases a uid and starts another
// process (a copy of this test binary) that tries to run a fallback
// program with it: the other process must be refused, since two graders
// on one machine sharing a uid could signal and scrub each other's runs.
func TestLeasesAreExclusiveAcrossProcesses(t *testing.T) {
	if v := os.Getenv(leaseHelper); v != "" {
		uid, _ := strconv.Atoi(v)
		_, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: sh("true"), Dir: t.TempDir(), Isolation: sandbox.ChooseRlimits, UID: uid, Limits: pinned(sandbox.Limits{})})
		fmt.Println("RESULT:", err)
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("Spec.UID applies when the caller is root")
	}
	uid := leaseUID(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestLeasesAreExclusiveAcrossProcesses$")
	cmd.Env = append(os.Environ(), leaseHelper+"="+strconv.Itoa(uid))
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "RESULT: sandbox: uid "+strconv.Itoa(uid)+" is leased by another process") {
		t.Errorf("another process ran with our leased uid:\n%s", out)
	}
}
