package batch

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// WaitShare is the share of run.wall_time that a run beside others may
// have spent waiting for a CPU and still have its time-out final: such a
// program had its processor (or slept) for all but WaitShare of its
// limit, so it would have needed at least 1 − WaitShare of the limit
// alone. A time-out that waited longer is run again.
const WaitShare = 0.02

// TimeoutsBeside says what became of the time-outs of runs that had other
// runs of the grading beside them.
type TimeoutsBeside struct {
	// Tolerance is the time that load may take from a run whose time-out
	// is final: WaitShare of run.wall_time. CPUs is the number of
	// processors the re-runs shared.
	Tolerance time.Duration
	CPUs      int
	// Kept counts the time-outs whose processes waited for a CPU no
	// longer than Tolerance: load did not decide them, and they are final
	// at once. MostKept is the longest wait among them.
	Kept     int
	MostKept time.Duration
	// Reran counts the time-outs that waited longer and were run again;
	// LeastRerun is the shortest wait among them. Re-runs run side by
	// side only as far as the processors they used in their first run fit
	// on CPUs together; Alone counts those that had nothing beside them.
	Reran      int
	LeastRerun time.Duration
	Alone      int
}

// Summary says in one line how many time-outs beside other runs were
// final at once and how many ran again, and why; "" when there were none.
func (tb TimeoutsBeside) Summary() string {
	if tb.Kept+tb.Reran == 0 {
		return ""
	}
	var parts []string
	if tb.Kept > 0 {
		parts = append(parts, fmt.Sprintf("%d final at once (their processes waited at most %.2f s for a CPU, within the %.2f s, %g%% of run.wall_time, that load may take)",
			tb.Kept, tb.MostKept.Seconds(), tb.Tolerance.Seconds(), WaitShare*100))
	}
	if tb.Reran > 0 {
		how := fmt.Sprintf("side by side, no more at once than the %d CPUs hold", tb.CPUs)
		switch {
		case tb.Alone == tb.Reran:
			how = "each alone"
		case tb.Alone > 0:
			how = fmt.Sprintf("%d of them alone and the others side by side, no more at once than the %d CPUs hold", tb.Alone, tb.CPUs)
		}
		parts = append(parts, fmt.Sprintf("%d run again because their processes waited longer for a CPU (%.2f s or more), %s; their second results count",
			tb.Reran, tb.LeastRerun.Seconds(), how))
	}
	return fmt.Sprintf("%d time-outs beside other runs: %s", tb.Kept+tb.Reran, strings.Join(parts, "; "))
}

// runLoad is what a run says of the processors it had: the time load
// may have taken from it (sandbox.CPUWait.Unaccounted) and how many
// processors it kept busy or wanted, on average (its CPU time and its
// wait for a CPU, per second of wall time).
type runLoad struct {
	lost time.Duration
	cpus float64
}

// loadOf reads a sandbox result's runLoad.
func loadOf(res sandbox.Result) runLoad {
	l := runLoad{lost: res.Wait.Unaccounted(res.CPU)}
	if res.Wall > 0 {
		l.cpus = float64(res.CPU+res.Wait.Waited) / float64(res.Wall)
	}
	return l
}

// rerun is a time-out beside other runs that waited too long, to run
// again: its first result and load, and how many ran beside it.
type rerun struct {
	job
	first  grader.Result
	load   runLoad
	beside int
}

// machineCPUs is the number of processors the re-runs share: the
// machine's, or fewer when the process may use fewer (a container's CPU
// quota sets GOMAXPROCS).
func machineCPUs() int { return max(1, min(runtime.NumCPU(), runtime.GOMAXPROCS(0))) }

// runPhase runs jobs on Options.Jobs workers and returns when every run
// has ended. A test that timed out while another test ran beside it, its
// processes having waited for a CPU longer than WaitShare of
// run.wall_time, is not final: once the workers are done it runs again,
// beside other re-runs only as far as the processors each kept busy or
// wanted in its first run fit on the machine's together (one that wanted
// them all runs alone), and that second run's result is the one recorded
// (and journaled), with a line saying so. Only final results are
// journaled, so a grading interrupted before a re-run runs the test again
// on --resume.
func (g *grading) runPhase(ctx context.Context, jobs []job) {
	if len(jobs) == 0 {
		return
	}
	tolerance := time.Duration(WaitShare * float64(g.opts.Assignment.Run.WallTime.Std()))
	cpus := g.opts.CPUs
	if cpus <= 0 {
		cpus = machineCPUs()
	}
	var flight inFlight
	g.mu.Lock()
	g.out.Timeouts.Tolerance, g.out.Timeouts.CPUs = tolerance, cpus
	g.mu.Unlock()

	var (
		mu    sync.Mutex
		again []rerun
	)
	runAll(ctx, jobs, g.opts.Jobs, func(jb job) { jb.s.finishTest() }, func(job) bool { return true }, func(slot int, jb job) {
		sp := flight.begin()
		r, load, ok := g.runJob(ctx, jb, g.uids[slot])
		beside := sp.end()
		switch {
		case !ok:
			jb.s.finishTest()
		case r.Verdict == check.Timeout && beside > 0 && load.lost > tolerance:
			g.mu.Lock()
			tb := &g.out.Timeouts
			if tb.Reran == 0 || load.lost < tb.LeastRerun {
				tb.LeastRerun = load.lost
			}
			tb.Reran++
			g.mu.Unlock()
			mu.Lock()
			again = append(again, rerun{job: jb, first: r, load: load, beside: beside})
			mu.Unlock()
		default:
			if r.Verdict == check.Timeout && beside > 0 {
				g.mu.Lock()
				g.out.Timeouts.Kept++
				g.out.Timeouts.MostKept = max(g.out.Timeouts.MostKept, load.lost)
				g.mu.Unlock()
			}
			g.finish(jb, r)
		}
	})

	// Every worker has ended: the re-runs share the machine alone.
	slices.SortFunc(again, func(x, y rerun) int { return x.seq - y.seq })
	pool := newCPUPool(cpus)
	byJob := map[*subState]map[int]rerun{}
	for _, rr := range again {
		if byJob[rr.s] == nil {
			byJob[rr.s] = map[int]rerun{}
		}
		byJob[rr.s][rr.test] = rr
	}
	reruns := make([]job, len(again))
	for i, rr := range again {
		reruns[i] = rr.job
	}
	runAll(ctx, reruns, g.opts.Jobs, func(jb job) { jb.s.finishTest() }, func(jb job) bool {
		return pool.take(ctx, byJob[jb.s][jb.test].load.need(cpus))
	}, func(slot int, jb job) {
		rr := byJob[jb.s][jb.test]
		defer pool.give(rr.load.need(cpus))
		sp := flight.begin()
		r, load, ok := g.runJob(ctx, jb, g.uids[slot])
		beside := sp.end()
		if !ok {
			jb.s.finishTest()
			return
		}
		r.Rerun = rr.note(tolerance, beside, load, cpus)
		g.mu.Lock()
		g.out.Reran++
		if beside == 0 {
			g.out.Timeouts.Alone++
		}
		g.mu.Unlock()
		g.finish(jb, r)
	})
}

// runAll runs each job on one of workers goroutines: run gets the
// worker's slot (its uid's index). A job is started only once start
// says it may (start may wait; false means ctx ended), and skip counts
// a job that was never started as done.
func runAll(ctx context.Context, jobs []job, workers int, skip func(job), start func(job) bool, run func(slot int, jb job)) {
	queue := make(chan job)
	var wg sync.WaitGroup
	for slot := range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range queue {
				if !start(jb) {
					skip(jb)
					continue
				}
				run(slot, jb)
			}
		}()
	}
	for _, jb := range jobs {
		if ctx.Err() != nil {
			skip(jb)
			continue
		}
		select {
		case queue <- jb:
		case <-ctx.Done():
			skip(jb)
		}
	}
	close(queue)
	wg.Wait()
}

// need is the number of the machine's cpus a re-run takes: the
// processors its first run kept busy or wanted, rounded up, at least one
// and at most all.
func (l runLoad) need(cpus int) int {
	return min(cpus, max(1, int(math.Ceil(l.cpus-0.05))))
}

// note is the line a re-run's result carries: how its first run timed
// out, and how the second ran.
func (rr rerun) note(tolerance time.Duration, beside int, load runLoad, cpus int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "run again: the first run timed out (%.2f s wall, %.2f s CPU) while %s ran beside it, and its processes waited up to %.2f s for a CPU (more than the %.2f s that load may take from a final time-out); this is the second run's result, ",
		rr.first.Seconds, rr.first.CPUSeconds, others(rr.beside), rr.load.lost.Seconds(), tolerance.Seconds())
	if beside == 0 {
		b.WriteString("with nothing else running")
	} else {
		fmt.Fprintf(&b, "beside %s that with it needed no more than the %d CPUs (it waited up to %.2f s)", othersRerun(beside), cpus, load.lost.Seconds())
	}
	return b.String()
}

// others names n other runs.
func others(n int) string {
	if n == 1 {
		return "another test"
	}
	return fmt.Sprintf("%d other tests", n)
}

// othersRerun names n other re-runs.
func othersRerun(n int) string {
	if n == 1 {
		return "another re-run"
	}
	return fmt.Sprintf("%d other re-runs", n)
}

// cpuPool hands out the processors the re-runs share, so that the
// re-runs running at once never need more than there are.
type cpuPool struct {
	mu   sync.Mutex
	cond *sync.Cond
	free int
}

func newCPUPool(n int) *cpuPool {
	p := &cpuPool{free: n}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// take waits until n processors are free and takes them; false when ctx
// ended first.
func (p *cpuPool) take(ctx context.Context, n int) bool {
	stop := context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	defer stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.free < n {
		if ctx.Err() != nil {
			return false
		}
		p.cond.Wait()
	}
	if ctx.Err() != nil {
		return false
	}
	p.free -= n
	return true
}

// give returns n processors.
func (p *cpuPool) give(n int) {
	p.mu.Lock()
	p.free += n
	p.mu.Unlock()
	p.cond.Broadcast()
}

// inFlight tracks the runs in progress, so that a run knows whether
// another overlapped it.
type inFlight struct {
	mu     sync.Mutex
	active map[*span]struct{}
}

// span is one run in an inFlight.
type span struct {
	f *inFlight
	// beside counts the runs that overlapped this one; guarded by f.mu.
	beside int
}

// begin starts a run.
func (f *inFlight) begin() *span {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.active == nil {
		f.active = map[*span]struct{}{}
	}
	s := &span{f: f}
	for o := range f.active {
		o.beside++
		s.beside++
	}
	f.active[s] = struct{}{}
	return s
}

// end ends the run and says how many runs overlapped it.
func (s *span) end() int {
	s.f.mu.Lock()
	defer s.f.mu.Unlock()
	delete(s.f.active, s)
	return s.beside
}
