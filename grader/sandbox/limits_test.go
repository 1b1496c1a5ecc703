//go:build linux

package sandbox_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

func TestWallTimeKillsWholeTree(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		dir := t.TempDir()
		token := newToken(t)
		// Three ways to outlive a parent: a plain background child, a
		// double fork (the child is orphaned at once) and a new session
		// (out of the process group). Each writes a marker later.
		script := `
sh -c 'sleep 0.5; echo late > marker1' "$0" &
( sh -c 'sleep 0.5; echo late > marker2' "$0" & ) &
setsid sh -c 'sleep 0.5; echo late > marker3' "$0" &
while :; do :; done`
		res := run(t, sandbox.Spec{
			Argv:      sh(script, token),
			Dir:       dir,
			Limits:    sandbox.Limits{WallTime: limits.Duration(300 * time.Millisecond)},
			Isolation: m.choice,
		})
		want := outcome{ExitCode: -1, Signal: "SIGKILL", TimedOut: true}
		if diff := cmp.Diff(want, outcomeOf(res)); diff != "" {
			t.Errorf("Run mismatch (-want +got):\n%s", diff)
		}
		// Checked as soon as Run returns: nothing may be left to kill.
		assertNoProcesses(t, token)
		// And nothing wrote its marker after the end (the children would
		// have done so 0.5 s after they started).
		time.Sleep(700 * time.Millisecond)
		for _, name := range []string{"marker1", "marker2", "marker3"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				t.Errorf("%s appeared after the run was killed", name)
			}
		}
	})
}

// TestCPULimit runs under namespaces only: the limit is set by the same
// code in both modes, and the fallback's rlimit path is covered by the
// memory, file size and process limit tests; CPU time is costly on a busy
// machine.
func TestCPULimit(t *testing.T) {
	requireNamespaces(t)
	res := run(t, sandbox.Spec{
		Argv: sh("while :; do :; done"),
		// The wall limit is only a safety net: one CPU second can take
		// many wall seconds on a loaded machine.
		Limits: sandbox.Limits{CPUTime: limits.Duration(time.Second), WallTime: limits.Duration(time.Minute)},
	})
	want := outcome{ExitCode: -1, Signal: "SIGXCPU", CPUExceeded: true}
	if diff := cmp.Diff(want, outcomeOf(res)); diff != "" {
		t.Errorf("Run mismatch (-want +got):\n%s", diff)
	}
	// The kernel sends SIGXCPU only once a second of CPU is used. The
	// rusage figures are sampled differently from the rlimit's clock (on a
	// VM they come out up to ~10% lower), so ask for most of it.
	if res.CPU < time.Second/2 {
		t.Errorf("CPU = %v, want about 1s", res.CPU)
	}
}

// TestCPUOfChildrenCounted checks that the CPU time of the tree, not just
// of the main process, is reported: the shell's "times" builtin prints the
// CPU time of its reaped children on its second line.
func TestCPUOfChildrenCounted(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, sandbox.Spec{
			Argv:      sh(`sh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'; times`),
			Isolation: m.choice,
		})
		lines := strings.Split(strings.TrimSpace(string(res.Stdout)), "\n")
		if len(lines) != 2 {
			t.Fatalf("times printed %q, want two lines", res.Stdout)
		}
		var children time.Duration
		for _, f := range strings.Fields(lines[1]) {
			d, err := time.ParseDuration(f) // "0m0.152000s"
			if err != nil {
				t.Fatalf("cannot parse times output %q: %v", lines[1], err)
			}
			children += d
		}
		if children == 0 {
			t.Fatalf("the child used no measurable CPU time: %q", lines[1])
		}
		if res.CPU < children {
			t.Errorf("CPU = %v, less than the child's own %v", res.CPU, children)
		}
	})
}

func python(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/python3", "/usr/local/bin/python3"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	if p, err = filepath.EvalSymlinks(p); err != nil {
		t.Skip(err)
	}
	return p
}

func TestMemoryLimit(t *testing.T) {
	py := python(t)
	const limit = 256 << 20
	forEachMode(t, func(t *testing.T, m mode) {
		t.Run("within", func(t *testing.T) {
			// 64 MiB, touched, fits under 256 MiB of address space.
			res := run(t, sandbox.Spec{
				Argv:      []string{py, "-c", "b = b'x' * (64 << 20); print(len(b))"},
				Limits:    sandbox.Limits{Memory: limit},
				Isolation: m.choice,
			})
			want := outcome{ExitCode: 0, Stdout: "67108864\n"}
			if diff := cmp.Diff(want, outcomeOf(res)); diff != "" {
				t.Errorf("Run mismatch (-want +got):\n%s", diff)
			}
			if res.MaxRSS < 64<<20 {
				t.Errorf("MaxRSS = %d, want at least the 64 MiB touched", res.MaxRSS)
			}
		})
		t.Run("beyond", func(t *testing.T) {
			res := run(t, sandbox.Spec{
				Argv:      []string{py, "-c", "b = b'x' * (512 << 20); print('allocated')"},
				Limits:    sandbox.Limits{Memory: limit},
				Isolation: m.choice,
			})
			if !res.MemoryExceeded || res.ExitCode != 1 || len(res.Stdout) != 0 {
				t.Errorf("Run = %+v, want exit 1 with MemoryExceeded and no output", outcomeOf(res))
			}
			if !strings.Contains(string(res.Stderr), "MemoryError") {
				t.Errorf("stderr = %q, want a MemoryError", res.Stderr)
			}
		})
	})
}

// TestMemoryLimitJVM checks the advice in limits.Limits.Memory and that a
// JVM refused its reservations is recognised (it reports on stdout).
func TestMemoryLimitJVM(t *testing.T) {
	requireNamespaces(t)
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("java not installed")
	}
	t.Run("plain java under 512 MiB", func(t *testing.T) {
		res := run(t, sandbox.Spec{
			Argv:   []string{java, "-version"},
			Limits: sandbox.Limits{Memory: 512 << 20, WallTime: limits.Duration(time.Minute)},
		})
		if res.Success() || !res.MemoryExceeded {
			t.Errorf("Run = %+v, want a failed start with MemoryExceeded", outcomeOf(res))
		}
	})
	t.Run("documented flags under the default", func(t *testing.T) {
		res := run(t, sandbox.Spec{
			Argv: []string{java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:CompressedClassSpaceSize=64m",
				"-XX:ReservedCodeCacheSize=64m", "-version"},
			Limits: sandbox.Limits{WallTime: limits.Duration(time.Minute)},
		})
		if !res.Success() || res.MemoryExceeded {
			t.Errorf("Run = %+v, want java to start", outcomeOf(res))
		}
	})
}

func TestForkBombBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a fork bomb to its process limit; go test without -short runs it")
	}
	const maxProcs = 16
	forEachMode(t, func(t *testing.T, m mode) {
		t.Run("counted", func(t *testing.T) {
			// Long-lived children: only so many can exist at once. The
			// shell itself is one of the maxProcs.
			res := run(t, sandbox.Spec{
				Argv:      sh(`i=0; while [ $i -lt 100 ]; do sleep 5 & i=$((i+1)); echo $i; done`),
				Limits:    sandbox.Limits{Processes: maxProcs, WallTime: limits.Duration(10 * time.Second)},
				Isolation: m.choice,
			})
			started := strings.Count(string(res.Stdout), "\n")
			if started >= maxProcs || started == 0 {
				t.Errorf("%d children started, want between 1 and %d", started, maxProcs-1)
			}
			if res.Success() || !strings.Contains(string(res.Stderr), "fork") {
				t.Errorf("Run = %+v, want a failed fork to end the shell", outcomeOf(res))
			}
			if res.TimedOut {
				t.Errorf("the shell should have stopped at the failed fork, not run until the time limit")
			}
		})
		t.Run("classic", func(t *testing.T) {
			// The bomb goes off in a subshell (the shell's only fork,
			// made while nothing else runs) and the shell keeps spinning
			// with builtins until the time limit ends the run; by then the
			// bomb has long been pressing against the process limit.
			token := newToken(t)
			res := run(t, sandbox.Spec{
				Argv:      sh(`bomb() { bomb | bomb & }; (bomb) & while :; do :; done`, token),
				Limits:    sandbox.Limits{Processes: maxProcs, WallTime: limits.Duration(3 * time.Second)},
				Isolation: m.choice,
			})
			if !res.TimedOut || !strings.Contains(string(res.Stderr), "Cannot fork") {
				t.Errorf("Run = %+v, want a timeout after the bomb hit the process limit", outcomeOf(res))
			}
			assertNoProcesses(t, token)
			// The machine is still usable.
			after := run(t, sandbox.Spec{Argv: sh("echo alive"), Isolation: m.choice})
			if got := string(after.Stdout); got != "alive\n" {
				t.Errorf("run after the fork bomb printed %q, want \"alive\\n\"", got)
			}
		})
	})
}

// TestOutputCapped runs under namespaces only: output is captured by the
// same code in both modes.
func TestOutputCapped(t *testing.T) {
	requireNamespaces(t)
	const limit = 64 << 10
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := run(t, sandbox.Spec{
		Argv:   sh("head -c 1000000000 /dev/zero; echo done >&2"),
		Limits: sandbox.Limits{Output: limit, WallTime: limits.Duration(5 * time.Minute)},
	})
	runtime.ReadMemStats(&after)
	want := outcome{
		ExitCode:        0,
		Stdout:          strings.Repeat("\x00", limit),
		Stderr:          "done\n",
		StdoutTruncated: true,
	}
	if diff := cmp.Diff(want, outcomeOf(res)); diff != "" {
		t.Errorf("Run mismatch (-want +got):\n%s", diff)
	}
	// A gigabyte went through; what was allocated to carry it must stay
	// far below that (a buffered copy would need all of it).
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("allocated %d MiB while capturing 1 GB of output, want < 32 MiB", alloc>>20)
	}
}

func TestFileSizeCap(t *testing.T) {
	const limit = 1 << 20
	forEachMode(t, func(t *testing.T, m mode) {
		dir := t.TempDir()
		res := run(t, sandbox.Spec{
			Argv:      sh("exec head -c 5000000 /dev/zero > big"),
			Dir:       dir,
			Limits:    sandbox.Limits{FileSize: limit},
			Isolation: m.choice,
		})
		want := outcome{ExitCode: -1, Signal: "SIGXFSZ", FileSizeExceeded: true}
		if diff := cmp.Diff(want, outcomeOf(res)); diff != "" {
			t.Errorf("Run mismatch (-want +got):\n%s", diff)
		}
		fi, err := os.Stat(filepath.Join(dir, "big"))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() != limit {
			t.Errorf("file size = %d, want exactly the %d-byte cap", fi.Size(), limit)
		}
	})
}

// TestCoreAndDescriptorLimits reads, from inside a run at each level, the
// limits no misbehaving program shows: no core dumps (RLIMIT_CORE 0, soft
// and hard) and 1024 open files (RLIMIT_NOFILE, soft and hard).
func TestCoreAndDescriptorLimits(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, sandbox.Spec{
			Argv:      sh(`echo "$(ulimit -Sc) $(ulimit -Hc) $(ulimit -Sn) $(ulimit -Hn)"`),
			Isolation: m.choice,
		})
		if got, want := strings.TrimSpace(string(res.Stdout)), "0 0 1024 1024"; got != want {
			t.Errorf("core soft/hard, files soft/hard = %q, want %q (stderr %q)", got, want, res.Stderr)
		}
	})
}
