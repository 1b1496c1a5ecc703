//go:build linux

package sandbox_test

import (
	"os"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// contended is a program whose two children spin on one processor until
// they are killed: each can run only while the other waits, so the run
// waits for a CPU about as long as it lasts, however busy the machine
// (other load only adds to the wait).
const contended = `import os
cpu = min(os.sched_getaffinity(0))
os.sched_setaffinity(0, {cpu})
for _ in range(2):
    if os.fork() == 0:
        while True:
            pass
os.wait()
`

// TestWaitCountsTheTree: the wait of a run is the kernel's count for
// every task of its tree, read at the wall-time limit before the tree is
// killed: two processes sharing one processor for the whole run waited at
// least a quarter of it (they wait half of it each on an idle machine),
// and the readings saw the CPU time they used. Nothing is timed: the
// bound follows from the sharing, and load only raises the wait. It runs
// at both levels and in the simulated container, as on Gradescope.
func TestWaitCountsTheTree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two spinning processes to a 1.5 s wall time per level; go test without -short runs it")
	}
	py := python(t)
	check := func(t *testing.T, choice sandbox.Choice) {
		res := run(t, sandbox.Spec{
			Argv:      []string{py, "-c", contended},
			Limits:    sandbox.Limits{WallTime: limits.Duration(1500 * time.Millisecond)},
			Isolation: choice,
		})
		w := res.Wait
		t.Logf("wall %v, CPU %v, waited %v, seen %v in %d tasks, %d readings", res.Wall, res.CPU, w.Waited, w.Seen, w.Tasks, w.Readings)
		if !res.TimedOut {
			t.Fatalf("the program did not run to its wall time: %+v", res.Ending)
		}
		if w.Tasks < 3 || w.Readings < 1 {
			t.Errorf("%d tasks seen in %d readings; want the program and its two children", w.Tasks, w.Readings)
		}
		if w.Waited < res.Wall/4 {
			t.Errorf("waited %v in a run of %v whose two processes shared one processor throughout", w.Waited, res.Wall)
		}
		if w.Seen > res.CPU+10*time.Millisecond || w.Seen < res.CPU/2 {
			t.Errorf("the readings saw %v of CPU time of the %v the tree used", w.Seen, res.CPU)
		}
		if u := w.Unaccounted(res.CPU); u < w.Waited {
			t.Errorf("Unaccounted %v is below the wait counted, %v", u, w.Waited)
		}
	}
	if os.Getenv(insideContainer) != "" {
		check(t, sandbox.ChooseAuto)
		return
	}
	forEachMode(t, func(t *testing.T, m mode) { check(t, m.choice) })
	t.Run("container", func(t *testing.T) {
		cmd := sandboxtest.Container(os.Args[0], "-test.run=^TestWaitCountsTheTree$", "-test.v", "-test.count=1")
		cmd.Env = append(cmd.Env, insideContainer+"=1")
		out, err := cmd.CombinedOutput()
		t.Logf("inside the simulated container:\n%s", out)
		if err != nil {
			t.Fatal(err)
		}
	})
}

// TestUnaccounted: the CPU time the readings did not see counts as
// waiting, since how long its tasks waited is unknown.
func TestUnaccounted(t *testing.T) {
	w := sandbox.CPUWait{Waited: 30 * time.Millisecond, Seen: 900 * time.Millisecond}
	for _, c := range []struct{ cpu, want time.Duration }{
		{900 * time.Millisecond, 30 * time.Millisecond},
		{1200 * time.Millisecond, 330 * time.Millisecond},
		// Readings a little past the reaped total (rounding) add nothing.
		{890 * time.Millisecond, 30 * time.Millisecond},
	} {
		if got := w.Unaccounted(c.cpu); got != c.want {
			t.Errorf("Unaccounted(%v) = %v, want %v", c.cpu, got, c.want)
		}
	}
}
