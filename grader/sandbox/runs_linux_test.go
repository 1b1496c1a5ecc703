//go:build linux

package sandbox_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// insideContainer is set in the test binary that a test re-executes in
// the simulated container.
const insideContainer = "KPUZZLE_SANDBOX_TEST_IN_CONTAINER"

// forkRunnerTrials is how many times the fork runner is run per level:
// enough that a clean-up that merely races it (a snapshot of /proc, then
// kills) loses some of them.
const forkRunnerTrials = 8

// TestForkRunnerLeavesNothing runs python-forkrunner without namespaces,
// many times, each time under the run's uid: its lineages fork and exit
// in a loop, each in a session of its own, and its main process waits to
// be stopped at the wall time, so that the helper and the clean-up after
// it must catch processes whose pids change faster than /proc can be
// read. Every process of the lineages holds a FIFO open for writing, so
// that the test's read of it ends exactly when the last of them is gone:
// when Run returns, that end must come (the deadline on the read only
// keeps a failing test from hanging; nothing is timed). It runs at the
// fallback level on the host and in the simulated container, as on
// Gradescope.
func TestForkRunnerLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs forking lineages to their wall time 16 times (a minute or more); go test without -short runs it")
	}
	if os.Geteuid() != 0 {
		t.Skip("runs have uids of their own only when the caller is root")
	}
	py := python(t)
	if os.Getenv(insideContainer) != "" {
		forkRunnerTrialsAt(t, py)
		return
	}
	t.Run("rlimits", func(t *testing.T) { forkRunnerTrialsAt(t, py) })
	t.Run("container", func(t *testing.T) {
		cmd := sandboxtest.Container(os.Args[0], "-test.run=^TestForkRunnerLeavesNothing$", "-test.v", "-test.count=1")
		cmd.Env = append(cmd.Env, insideContainer+"=1")
		out, err := cmd.CombinedOutput()
		t.Logf("inside the simulated container:\n%s", out)
		if err != nil {
			t.Errorf("inside the simulated container: %v", err)
		}
	})
}

func forkRunnerTrialsAt(t *testing.T, py string) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "submissions", "python-forkrunner", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := sandbox.LeaseUID(0)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	for trial := range forkRunnerTrials {
		dir := t.TempDir()
		// Python opens its script by absolute path: the folders above
		// the run's must be searchable by its uid.
		if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, "solver.py", string(src), 0o644)
		fifo := filepath.Join(dir, "alive.fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(fifo, l.UID, l.UID); err != nil {
			t.Fatal(err)
		}
		alive, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sandbox.Run(context.Background(), sandbox.Spec{
			Argv:      []string{py, "solver.py", "4", "alive.fifo"},
			Dir:       dir,
			Limits:    pinned(sandbox.Limits{WallTime: limits.Duration(3 * time.Second), Processes: 32}),
			Isolation: sandbox.ChooseRlimits,
			UID:       l.UID,
		})
		if err != nil {
			alive.Close()
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.Isolation.Level != sandbox.LevelRlimits || res.Isolation.UID != l.UID || !res.TimedOut {
			t.Fatalf("trial %d: %v, timed out %v (stderr %q); want the fallback as uid %d, stopped at the wall time", trial, res.Isolation, res.TimedOut, res.Stderr, l.UID)
		}
		// Every writer is gone when the read ends; the deadline only
		// keeps a failure from hanging the test.
		_ = alive.SetReadDeadline(time.Now().Add(time.Minute))
		got, err := io.ReadAll(alive)
		alive.Close()
		if err != nil {
			t.Errorf("trial %d: processes of uid %d outlived the run (%v): %s", trial, l.UID, err, strings.Join(processesOfUID(l.UID), "; "))
			continue
		}
		if string(got) != "" {
			t.Errorf("trial %d: read %q from the lineages' FIFO, which they never write", trial, got)
		}
	}
}

// processesOfUID lists the processes with uid among their user IDs, with
// their state, zombies and dying processes included.
func processesOfUID(uid int) []string {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return []string{"cannot read /proc: " + err.Error()}
	}
	var found []string
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		var mine bool
		var state string
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "Uid:"); ok {
				for _, f := range strings.Fields(v) {
					mine = mine || f == strconv.Itoa(uid)
				}
			}
			if v, ok := strings.CutPrefix(line, "State:"); ok {
				state = strings.TrimSpace(v)
			}
		}
		if mine {
			found = append(found, e.Name()+" "+state)
		}
	}
	return found
}

// TestLeaseSkipsUIDInUseElsewhere starts a process of a run uid outside
// the lease system, as a run of a grader in another container on the same
// kernel would be (its lock files are in that container's /run): LeaseUID
// must not give that uid while the process lives, and gives it again once
// it is gone. The search order is fixed within a process, so the same
// hint first tries the same uid.
func TestLeaseSkipsUIDInUseElsewhere(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("LeaseUID looks for processes of a uid only when the caller is root")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	first, err := sandbox.LeaseUID(7)
	if err != nil {
		t.Fatal(err)
	}
	uid := first.UID
	first.Release()

	other := exec.Command(sleep, "600")
	other.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid), Groups: []uint32{}}}
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	l, err := sandbox.LeaseUID(7)
	if err != nil {
		t.Fatal(err)
	}
	if l.UID == uid {
		t.Errorf("LeaseUID gave uid %d, which another process is using", uid)
	}
	l.Release()

	other.Process.Kill()
	other.Wait() // reaped: the kernel no longer counts it
	again, err := sandbox.LeaseUID(7)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Release()
	if again.UID != uid {
		t.Errorf("with the other process gone LeaseUID gave %d, want %d again", again.UID, uid)
	}
}

// TestDiskLimit: a program that writes file after file (each under
// the file-size cap) into its working folder is stopped once it is seen
// over Limits.Disk (or, if it ends first, found over at the end), and the
// Result says so; without namespaces, files its
// uid leaves in the temporary folder count too. With namespaces and
// PrivateDir the working folder is a tmpfs of Limits.Disk: the kernel
// refuses the write past it, and what the program wrote is copied back.
// A program that writes less is not flagged. The writer stops by itself
// after 64 MiB, so that a failing test cannot fill the disk.
func TestDiskLimit(t *testing.T) {
	const limit = 8 << 20
	fill := "i=0; while [ $i -lt 64 ]; do head -c 1048576 /dev/zero > \"$1/kpz-disk-$2-$i\" || exit 1; i=$((i+1)); done"
	token := newToken(t)
	forEachMode(t, func(t *testing.T, m mode) {
		places := map[string]string{"working folder": "."}
		if m.noNS && os.Geteuid() == 0 {
			places["temporary folder"] = os.TempDir()
		}
		for name, where := range places {
			for _, private := range []bool{false, true} {
				dir := t.TempDir()
				res := run(t, sandbox.Spec{
					Argv:       sh(fill, "sh", where, token),
					Dir:        dir,
					Limits:     sandbox.Limits{Disk: limit, WallTime: limits.Duration(time.Minute)},
					Isolation:  m.choice,
					PrivateDir: private,
				})
				tmpfs := private && !m.noNS
				// Measured, the run is stopped when the watchdog sees it
				// over, or found over at the end if it finished first;
				// in a tmpfs of the budget the write past it fails.
				if !res.DiskExceeded || res.TimedOut || (tmpfs && res.Success()) || (!tmpfs && res.DiskUsed <= limit) || (tmpfs && res.DiskUsed < limit-(1<<20)) {
					t.Errorf("%s (private %v): DiskExceeded %v, DiskUsed %d, TimedOut %v, exit %d %s; want stopped at %d bytes",
						name, private, res.DiskExceeded, res.DiskUsed, res.TimedOut, res.ExitCode, res.Signal, limit)
				}
				if tmpfs {
					// What it wrote came back to the host's folder.
					ents, _ := os.ReadDir(dir)
					if len(ents) < 4 {
						t.Errorf("%s: %d files copied back, want the 7 or so it wrote", name, len(ents))
					}
				}
			}
		}
		if !m.noNS {
			// A file system of its own: statfs shows the tmpfs, not the
			// scratch file system other runs write to.
			res := run(t, sandbox.Spec{Argv: sh("stat -f -c '%b %S %T' ."), Limits: sandbox.Limits{Disk: limit}, Isolation: m.choice, PrivateDir: true})
			var blocks, size int64
			var kind string
			fmt.Sscan(string(res.Stdout), &blocks, &size, &kind)
			if blocks*size != limit || kind != "tmpfs" {
				t.Errorf("statfs of the private working folder: %q, want a tmpfs of %d bytes", res.Stdout, limit)
			}
		}
		small := run(t, sandbox.Spec{
			Argv:       sh("head -c 1048576 /dev/zero > f"),
			Limits:     sandbox.Limits{Disk: limit},
			Isolation:  m.choice,
			PrivateDir: true,
		})
		if small.DiskExceeded || !small.Success() || small.DiskUsed < 1<<20 {
			t.Errorf("1 MiB under an 8 MiB limit: DiskExceeded %v, DiskUsed %d, exit %d", small.DiskExceeded, small.DiskUsed, small.ExitCode)
		}
	})
}
