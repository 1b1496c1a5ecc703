package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// fakeRuns is a sandbox runner that runs nothing: answer says what each
// run of a test (by input file name, and how many times it ran before)
// returns and writes as its answer. It records which runs overlapped.
type fakeRuns struct {
	mu sync.Mutex
	// active are the tests running now; log is "start T" and "end T" in
	// order; runs counts the runs of each test; alone records, per run of
	// a test, whether nothing else was running when it started.
	active map[string]int
	log    []string
	runs   map[string]int
	alone  map[string][]bool
	// started is closed when a second run is in flight at once.
	started     chan struct{}
	startedOnce sync.Once
	// met holds, by test and run, a channel closed once another run was
	// in flight beside that run; inFlight are the runs in flight.
	met      map[string]chan struct{}
	inFlight map[string]bool

	answer func(test string, run int, f *fakeRuns) (sandbox.Result, string)
}

func newFakeRuns(answer func(test string, run int, f *fakeRuns) (sandbox.Result, string)) *fakeRuns {
	return &fakeRuns{active: map[string]int{}, runs: map[string]int{}, alone: map[string][]bool{}, started: make(chan struct{}),
		met: map[string]chan struct{}{}, inFlight: map[string]bool{}, answer: answer}
}

// testOf is the test a spec runs: its input file's name.
func testOf(spec sandbox.Spec) string {
	for _, a := range spec.Argv {
		if strings.HasSuffix(a, ".txt") && filepath.Base(a) != "output.txt" {
			return filepath.Base(a)
		}
	}
	return "?"
}

func (f *fakeRuns) run(_ context.Context, spec sandbox.Spec) (sandbox.Result, error) {
	test := testOf(spec)
	f.mu.Lock()
	n := f.runs[test]
	f.runs[test]++
	inFlight := 0
	for _, c := range f.active {
		inFlight += c
	}
	f.alone[test] = append(f.alone[test], inFlight == 0)
	if inFlight > 0 {
		f.startedOnce.Do(func() { close(f.started) })
	}
	f.active[test]++
	f.log = append(f.log, "start "+test)
	me := fmt.Sprint(test, " ", n)
	f.met[me] = make(chan struct{})
	for other := range f.inFlight {
		for _, k := range []string{me, other} {
			select {
			case <-f.met[k]:
			default:
				close(f.met[k])
			}
		}
	}
	f.inFlight[me] = true
	f.mu.Unlock()
	res, answer := f.answer(test, n, f)
	f.mu.Lock()
	delete(f.inFlight, me)
	f.mu.Unlock()
	if answer != "" {
		if err := os.WriteFile(filepath.Join(spec.Dir, "output.txt"), []byte(answer), 0o644); err != nil {
			return res, err
		}
	}
	f.mu.Lock()
	f.active[test]--
	f.log = append(f.log, "end "+test)
	f.mu.Unlock()
	return res, nil
}

// fakeAssignment grades the small set with a command that the fake
// runner never runs; hidden are the patterns of hidden tests.
func fakeAssignment(t *testing.T, hidden string, limits string) grader.Assignment {
	return assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "visibility": {"hidden_tests": [%s]},
		"run": {"command": "solver {input} {output}"%s}}`, mustAbs(t, smallSet), hidden, limits))
}

// TestHiddenTestsStartAfterEveryVisibleTest grades three submissions
// whose last two tests are hidden, on two workers: no hidden test may
// start before every visible test of every submission has ended, so that
// no program whose output a student sees runs beside a hidden test. (In
// the order submission by submission, the first submission's hidden
// tests would start before the last one's visible tests, on any number
// of workers.) A result taken from the journal counts as finished.
func TestHiddenTestsStartAfterEveryVisibleTest(t *testing.T) {
	a := fakeAssignment(t, `"p4.txt", "p5.txt"`, "")
	root := copySubmissions(t, "python-astar", "python-chatty", "python-patient")
	f := newFakeRuns(func(string, int, *fakeRuns) (sandbox.Result, string) {
		// Long enough for the workers to overlap; nothing is timed.
		time.Sleep(5 * time.Millisecond)
		return sandbox.Result{}, "UNSOLVABLE\n"
	})
	journalPath := filepath.Join(t.TempDir(), "journal.jsonl")
	o := grade(t, batch.Options{Assignment: a, Jobs: 2, Sandbox: f.run, JournalPath: journalPath}, root)
	checkPhases(t, f.log, map[string]bool{"p4.txt": true, "p5.txt": true})
	if got := len(o.Results) * len(o.Tests); got != 15 || o.Ran != 15 {
		t.Errorf("%d results, %d ran; want 15", got, o.Ran)
	}

	// Resumed after the visible phase of an interrupted grading: the
	// journal's visible results are finished, and the hidden tests run
	// (the fake sees only them).
	data, err := os.ReadFile(journalPath)
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if !strings.Contains(line, `"test":"p4.txt"`) && !strings.Contains(line, `"test":"p5.txt"`) {
			keep = append(keep, line)
		}
	}
	if err := os.WriteFile(journalPath, []byte(strings.Join(keep, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	f2 := newFakeRuns(f.answer)
	o = grade(t, batch.Options{Assignment: a, Jobs: 2, Sandbox: f2.run, JournalPath: journalPath, Resume: true}, root)
	if o.Reused != 9 || o.Ran != 6 {
		t.Errorf("resumed: %d reused, %d ran; want 9 and 6", o.Reused, o.Ran)
	}
	for _, e := range f2.log {
		if !strings.HasSuffix(e, "p4.txt") && !strings.HasSuffix(e, "p5.txt") {
			t.Errorf("resumed: a journaled visible test ran again: %s", e)
		}
	}
}

// checkPhases fails when a hidden test started before the last visible
// test ended.
func checkPhases(t *testing.T, log []string, hidden map[string]bool) {
	t.Helper()
	lastVisibleEnd, firstHiddenStart := -1, len(log)
	for i, e := range log {
		kind, test, _ := strings.Cut(e, " ")
		switch {
		case kind == "end" && !hidden[test]:
			lastVisibleEnd = i
		case kind == "start" && hidden[test] && i < firstHiddenStart:
			firstHiddenStart = i
		}
	}
	if firstHiddenStart < lastVisibleEnd {
		t.Errorf("a hidden test started (event %d) before the last visible test ended (event %d):\n%s", firstHiddenStart, lastVisibleEnd, strings.Join(log, "\n"))
	}
}

// timedOut is a run stopped at its wall time of 5 s after using cpu of
// CPU time, its processes having waited waited for a CPU (the readings
// saw all of its CPU time).
func timedOut(cpu, waited time.Duration) sandbox.Result {
	return sandbox.Result{
		Ending: limits.Ending{ExitCode: -1, Signal: "SIGKILL", TimedOut: true, Wall: 5 * time.Second, CPU: cpu},
		Wait:   sandbox.CPUWait{Waited: waited, Seen: cpu, Tasks: 1, Readings: 50},
	}
}

// waitForAnother returns once another run is in flight beside the
// caller's (the deadline only keeps a failing test from hanging).
func waitForAnother(f *fakeRuns) {
	select {
	case <-f.started:
	case <-time.After(2 * time.Minute):
	}
}

// overlap returns once another run has been in flight beside run n of
// test (the deadline only keeps a failing test from hanging).
func overlap(f *fakeRuns, test string, n int) {
	f.mu.Lock()
	met := f.met[fmt.Sprint(test, " ", n)]
	f.mu.Unlock()
	select {
	case <-met:
	case <-time.After(2 * time.Minute):
	}
}

// TestTimeoutThatHadItsCPUIsFinal: a time-out beside another run whose
// processes waited no longer for a CPU than the tolerance (2% of
// run.wall_time: 0.1 s of 5 s) was not decided by load: it is final at
// once, and counted as such. One whose wait is unknown because the
// readings missed CPU time (tasks that came and went between two
// readings) is run again.
func TestTimeoutThatHadItsCPUIsFinal(t *testing.T) {
	a := fakeAssignment(t, `"p5.txt"`, `, "wall_time": "5s"`)
	root := copySubmissions(t, "python-astar", "python-chatty")
	f := newFakeRuns(func(test string, run int, f *fakeRuns) (sandbox.Result, string) {
		switch {
		case test == "p1.txt":
			// Loops: had its core (30 ms of waiting in 5 s).
			overlap(f, test, run)
			return timedOut(5*time.Second, 30*time.Millisecond), ""
		case test == "p2.txt":
			// Sleeps: no CPU, no wait.
			return timedOut(10*time.Millisecond, 0), ""
		case test == "p3.txt" && run == 0:
			// Forked short-lived processes the readings did not see.
			overlap(f, test, run)
			r := timedOut(2*time.Second, 20*time.Millisecond)
			r.Wait.Seen = 1500 * time.Millisecond
			return r, ""
		}
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second, CPU: time.Second}}, "UNSOLVABLE\n"
	})
	o := grade(t, batch.Options{Assignment: a, Jobs: 2, CPUs: 2, Sandbox: f.run}, root)
	for _, sub := range []string{"python-astar", "python-chatty"} {
		for _, test := range []string{"p1.txt", "p2.txt"} {
			if r := o.Results[sub][test]; r.Verdict != check.Timeout || r.Rerun != "" {
				t.Errorf("%s %s: want a final time-out, got\n%s\nrerun: %s", sub, test, resultText(r), r.Rerun)
			}
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	got := map[string]int{"p1.txt": f.runs["p1.txt"], "p2.txt": f.runs["p2.txt"], "p3.txt": f.runs["p3.txt"]}
	if diff := cmp.Diff(map[string]int{"p1.txt": 2, "p2.txt": 2, "p3.txt": 3}, got); diff != "" {
		t.Errorf("runs per test (-want +got):\n%s", diff)
	}
	r := o.Results["python-astar"]["p3.txt"]
	if !strings.Contains(r.Rerun, "waited up to 0.52 s for a CPU (more than the 0.10 s") {
		t.Errorf("p3's re-run note: %q", r.Rerun)
	}
	// p1 ran beside another run at least once (it waits for one); p2
	// may have; p3's first run was run again.
	tb := o.Timeouts
	if tb.Kept < 2 || tb.Kept > 4 || tb.MostKept > 30*time.Millisecond || tb.Reran != 1 || o.Reran != 1 || tb.Tolerance != 100*time.Millisecond {
		t.Errorf("Timeouts = %+v, Reran %d; want 2 to 4 kept (at most 30 ms of waiting), 1 run again, a tolerance of 100 ms", tb, o.Reran)
	}
}

// TestTimeoutThatWaitedIsRunAgain: a test that timed out while another
// test ran beside it, its processes having waited for a CPU longer than
// the tolerance, runs again at the end of its phase, and that result is
// final: recorded, journaled once, and marked as a re-run. A test that
// timed out alone is final at once.
func TestTimeoutThatWaitedIsRunAgain(t *testing.T) {
	a := fakeAssignment(t, `"p5.txt"`, `, "wall_time": "5s"`)
	root := copySubmissions(t, "python-astar", "python-chatty")
	f := newFakeRuns(func(test string, run int, f *fakeRuns) (sandbox.Result, string) {
		if test == "p2.txt" && run == 0 {
			// The first run of p2 times out beside another run after
			// waiting a second for a CPU.
			waitForAnother(f)
			return timedOut(2*time.Second, time.Second), ""
		}
		if test == "p3.txt" {
			// p3 times out every time, waiting a second.
			return timedOut(4*time.Second, time.Second), ""
		}
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second, CPU: time.Second}}, "UNSOLVABLE\n"
	})
	journalPath := filepath.Join(t.TempDir(), "journal.jsonl")
	o := grade(t, batch.Options{Assignment: a, Jobs: 2, CPUs: 2, Sandbox: f.run, JournalPath: journalPath}, root)
	checkPhases(t, f.log, map[string]bool{"p5.txt": true})

	// The first run of p2 timed out beside another run: run again, it
	// answers. p3 times out every time: its result is final at once when
	// it ran alone, else after a second run.
	notes := 0
	for _, sub := range []string{"python-astar", "python-chatty"} {
		for _, test := range []string{"p2.txt", "p3.txt"} {
			r := o.Results[sub][test]
			if r.Rerun == "" {
				continue
			}
			notes++
			if !strings.HasPrefix(r.Rerun, "run again: the first run timed out (5.00 s wall") ||
				strings.Contains(strings.Join(r.Details, "\n"), "run again") {
				t.Errorf("%s %s: the note is %q and the details\n%s", sub, test, r.Rerun, resultText(r))
			}
		}
	}
	p2 := o.Results["python-astar"]["p2.txt"]
	if p2.Verdict != check.UnsolvableWrong || !strings.Contains(p2.Rerun, "and its processes waited up to 1.00 s for a CPU (more than the 0.10 s") {
		t.Errorf("python-astar p2: want the second run's verdict and a note, got\n%s\nrerun: %s", resultText(p2), p2.Rerun)
	}
	for _, sub := range []string{"python-astar", "python-chatty"} {
		if r := o.Results[sub]["p3.txt"]; r.Verdict != check.Timeout {
			t.Errorf("%s p3:\n%s", sub, resultText(r))
		}
	}
	f.mu.Lock()
	if f.runs["p2.txt"] != 3 || f.runs["p3.txt"] != 2+notes-1 || o.Reran != notes || o.Timeouts.Reran != notes {
		t.Errorf("p2 ran %d times (want 3), p3 %d; %d re-runs noted; Reran %d, Timeouts %+v",
			f.runs["p2.txt"], f.runs["p3.txt"], notes, o.Reran, o.Timeouts)
	}
	f.mu.Unlock()

	// Only final results are journaled: one per test.
	jf, err := os.Open(journalPath)
	if err != nil {
		t.Fatal(err)
	}
	defer jf.Close()
	c, err := journal.Read(jf)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range c.Records {
		if r.Kind == journal.KindResult {
			seen[r.Submission+" "+r.Result.Test]++
			if r.Result.Test == "p2.txt" && r.Result.Verdict == check.Timeout {
				t.Errorf("the journal holds the first run of %s p2", r.Submission)
			}
		}
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s journaled %d times", k, n)
		}
	}
	if len(seen) != 10 {
		t.Errorf("%d results journaled, want 10", len(seen))
	}

	// On one worker nothing runs beside a test: a time-out is final.
	f1 := newFakeRuns(func(test string, run int, f *fakeRuns) (sandbox.Result, string) {
		if test == "p3.txt" {
			return timedOut(4*time.Second, time.Second), ""
		}
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second, CPU: time.Second}}, "UNSOLVABLE\n"
	})
	o = grade(t, batch.Options{Assignment: a, Jobs: 1, Sandbox: f1.run}, copySubmissions(t, "python-astar"))
	if r := o.Results["python-astar"]["p3.txt"]; r.Verdict != check.Timeout || o.Reran != 0 || f1.runs["p3.txt"] != 1 || r.Rerun != "" {
		t.Errorf("alone, p3 ran %d times, %d re-runs:\n%s", f1.runs["p3.txt"], o.Reran, resultText(r))
	}
}

// TestRerunsShareTheCPUs: re-runs run side by side only as far as the
// processors their first runs kept busy or wanted fit on the machine's
// together. On two CPUs, the re-runs of a program that wanted one (4 s
// of CPU and 1 s of waiting in 5 s) may run two at a time; those of one
// that wanted two (8 s of CPU and 2 s of waiting in 5 s: two threads)
// run with nothing beside them.
func TestRerunsShareTheCPUs(t *testing.T) {
	a := fakeAssignment(t, `"p5.txt"`, `, "wall_time": "5s"`)
	root := copySubmissions(t, "python-astar", "python-chatty", "python-patient")
	f := newFakeRuns(func(test string, run int, f *fakeRuns) (sandbox.Result, string) {
		switch {
		case test == "p2.txt" && run < 3:
			overlap(f, test, run)
			return timedOut(4*time.Second, time.Second), ""
		case test == "p3.txt" && run < 3:
			overlap(f, test, run)
			return timedOut(8*time.Second, 2*time.Second), ""
		case test == "p2.txt" || test == "p3.txt":
			// The re-runs: long enough to overlap when they may.
			time.Sleep(10 * time.Millisecond)
			return timedOut(4*time.Second, 0), ""
		}
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second, CPU: time.Second}}, "UNSOLVABLE\n"
	})
	o := grade(t, batch.Options{Assignment: a, Jobs: 2, CPUs: 2, Sandbox: f.run}, root)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.runs["p2.txt"] != 6 || f.runs["p3.txt"] != 6 || o.Reran != 6 {
		t.Fatalf("p2 ran %d times, p3 %d, %d re-runs; want every first run run again", f.runs["p2.txt"], f.runs["p3.txt"], o.Reran)
	}
	// Every re-run of p3 started with nothing in flight, and nothing
	// started before it ended.
	for _, alone := range f.alone["p3.txt"][3:] {
		if !alone {
			t.Errorf("a re-run of p3 started beside another run: %v", f.alone["p3.txt"])
		}
	}
	starts := 0
	for i, e := range f.log {
		if e != "start p3.txt" {
			continue
		}
		// The fourth and later starts of p3 are its re-runs.
		if starts++; starts > 3 && (i+1 >= len(f.log) || f.log[i+1] != "end p3.txt") {
			t.Errorf("a run started while a re-run of p3 ran:\n%s", strings.Join(f.log, "\n"))
		}
	}
	for _, sub := range []string{"python-astar", "python-chatty", "python-patient"} {
		if r := o.Results[sub]["p3.txt"]; !strings.HasSuffix(r.Rerun, "this is the second run's result, with nothing else running") {
			t.Errorf("%s p3's note: %q", sub, r.Rerun)
		}
	}
	if o.Timeouts.CPUs != 2 || o.Timeouts.Alone < 3 {
		t.Errorf("Timeouts = %+v; want 2 CPUs, at least the 3 re-runs of p3 alone", o.Timeouts)
	}
}

// TestTimeoutsSummary: the summary line says how many time-outs beside
// other runs were final and how many ran again, and why.
func TestTimeoutsSummary(t *testing.T) {
	tb := batch.TimeoutsBeside{Tolerance: 40 * time.Millisecond, CPUs: 2, Kept: 20, MostKept: 12 * time.Millisecond, Reran: 4, LeastRerun: 310 * time.Millisecond, Alone: 1}
	want := "24 time-outs beside other runs: 20 final at once (their processes waited at most 0.01 s for a CPU, within the 0.04 s, 2% of run.wall_time, that load may take); " +
		"4 run again because their processes waited longer for a CPU (0.31 s or more), 1 of them alone and the others side by side, no more at once than the 2 CPUs hold; their second results count"
	if diff := cmp.Diff(want, tb.Summary()); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	tb.Alone = 0
	if got, want := tb.Summary(), "(0.31 s or more), side by side, no more at once than the 2 CPUs hold; their second results count"; !strings.HasSuffix(got, want) {
		t.Errorf("Summary = %q, want it to end %q", got, want)
	}
	tb.Alone = 4
	if got, want := tb.Summary(), "(0.31 s or more), each alone; their second results count"; !strings.HasSuffix(got, want) {
		t.Errorf("Summary = %q, want it to end %q", got, want)
	}
	if got := (batch.TimeoutsBeside{Tolerance: time.Second}).Summary(); got != "" {
		t.Errorf("no time-outs: %q", got)
	}
}

// TestNearLimitIsMarked: a run that stays under a limit by less than 10%
// is marked, one at half the limit is not, and a run whose processes
// together used more CPU than run.cpu_time timed out even though no
// process reached the kernel's (whole-second) limit.
func TestNearLimitIsMarked(t *testing.T) {
	a := fakeAssignment(t, "", `, "wall_time": "10s", "cpu_time": "5s", "output": "1000"`)
	root := copySubmissions(t, "python-astar")
	runs := map[string]sandbox.Result{
		"p1.txt": {Ending: limits.Ending{Wall: 9500 * time.Millisecond, CPU: time.Second}},
		"p2.txt": {Ending: limits.Ending{Wall: 5 * time.Second, CPU: 2500 * time.Millisecond}},
		"p3.txt": {Ending: limits.Ending{Wall: 9800 * time.Millisecond, CPU: 4800 * time.Millisecond, Stdout: []byte(strings.Repeat("x", 950))}},
		"p4.txt": {Ending: limits.Ending{Wall: 6 * time.Second, CPU: 5200 * time.Millisecond}},
		"p5.txt": {Ending: limits.Ending{ExitCode: -1, Signal: "SIGKILL", TimedOut: true, Wall: 10 * time.Second, CPU: 2 * time.Second}},
	}
	f := newFakeRuns(func(test string, _ int, _ *fakeRuns) (sandbox.Result, string) {
		return runs[test], "UNSOLVABLE\n"
	})
	o := grade(t, batch.Options{Assignment: a, Jobs: 1, Sandbox: f.run}, root)
	got := map[string]string{}
	for name, r := range o.Results["python-astar"] {
		got[name] = string(r.Verdict) + " | " + r.NearLimit
	}
	want := map[string]string{
		"p1.txt": "unsolvable-wrong | wall time (run.wall_time 10s)",
		"p2.txt": "unsolvable-wrong | ",
		"p3.txt": "unsolvable-wrong | wall time (run.wall_time 10s); CPU time (run.cpu_time 5s); stdout (run.output 1000)",
		// Over the limit: the verdict says so, no mark.
		"p4.txt": "timeout | ",
		"p5.txt": "timeout | ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdict | near_limit (-want +got):\n%s", diff)
	}
	if s := o.Results["python-astar"]["p4.txt"].Summary; !strings.Contains(s, "5.20 s of CPU time in all its processes together") {
		t.Errorf("p4's summary: %s", s)
	}
}

// TestInterruptedBeforeTheRerun: a grading stopped while a time-out
// waits for (or runs) its re-run journals no result for it, so that
// --resume runs the test again.
func TestInterruptedBeforeTheRerun(t *testing.T) {
	a := fakeAssignment(t, "", `, "wall_time": "5s"`)
	root := copySubmissions(t, "python-astar", "python-chatty")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFakeRuns(func(test string, run int, f *fakeRuns) (sandbox.Result, string) {
		if test == "p2.txt" {
			if run == 0 {
				select {
				case <-f.started:
				case <-time.After(2 * time.Minute):
				}
			}
			if run >= 2 {
				// The re-run: Ctrl-C.
				cancel()
			}
			return timedOut(time.Second, time.Second), ""
		}
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second}}, "UNSOLVABLE\n"
	})
	journalPath := filepath.Join(t.TempDir(), "journal.jsonl")
	subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	o, err := batch.Grade(ctx, batch.Options{Assignment: a, Tests: tests, Submissions: subs, Jobs: 2, Sandbox: f.run, JournalPath: journalPath})
	if err != nil {
		t.Fatal(err)
	}
	if !o.Interrupted || o.Reran != 0 {
		t.Fatalf("interrupted %v, %d re-runs; want an interrupted grading, no re-run recorded", o.Interrupted, o.Reran)
	}
	var pending []string
	for _, sub := range []string{"python-astar", "python-chatty"} {
		if _, ok := o.Results[sub]["p2.txt"]; !ok {
			pending = append(pending, sub)
		}
	}
	if len(pending) == 0 {
		t.Fatal("every p2 has a result, though a re-run was interrupted")
	}
	f2 := newFakeRuns(func(string, int, *fakeRuns) (sandbox.Result, string) {
		return sandbox.Result{Ending: limits.Ending{Wall: time.Second}}, "UNSOLVABLE\n"
	})
	o = grade(t, batch.Options{Assignment: a, Jobs: 2, Sandbox: f2.run, JournalPath: journalPath, Resume: true}, root)
	for _, sub := range pending {
		if r := o.Results[sub]["p2.txt"]; r.Verdict != check.UnsolvableWrong {
			t.Errorf("resumed: %s p2:\n%s", sub, resultText(r))
		}
	}
	if f2.runs["p2.txt"] != len(pending) || len(f2.runs) != 1 {
		t.Errorf("resumed: ran %v; want p2 of %v only", f2.runs, pending)
	}
}

// TestCPUTimeCountsEveryProcess: a program that splits its work over two
// processes, each under run.cpu_time (so the kernel's per-process limit
// never stops either), but together over it, timed out: run.cpu_time is
// the whole program's. The wall time is generous: only CPU time decides.
func TestCPUTimeCountsEveryProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("spends seconds of CPU time in a real program; go test without -short runs it")
	}
	needTool(t, "python3")
	root := t.TempDir()
	sub := filepath.Join(root, "python-split")
	os.Mkdir(sub, 0o755)
	solver := `import os, sys, time
def spin(seconds):
    while time.process_time() < seconds:
        pass
kids = []
for _ in range(2):
    pid = os.fork()
    if pid == 0:
        spin(0.7)
        os._exit(0)
    kids.append(pid)
for pid in kids:
    os.waitpid(pid, 0)
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n")
`
	if err := os.WriteFile(filepath.Join(sub, "solver.py"), []byte(solver), 0o644); err != nil {
		t.Fatal(err)
	}
	levels := []sandbox.Choice{sandbox.ChooseAuto}
	if os.Geteuid() == 0 {
		levels = append(levels, sandbox.ChooseRlimits)
	}
	for _, iso := range levels {
		// The set is in the source tree, which anyone may read: the
		// fallback's check before the first run would refuse it.
		opts := batch.Options{Jobs: 1, Isolation: iso, AllowExposed: true}
		opts.Assignment = assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p4.txt"},
			"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "2m", "cpu_time": "1s"}}`, mustAbs(t, smallSet)))
		o := grade(t, opts, root)
		r := o.Results["python-split"]["p4.txt"]
		if r.Verdict != check.Timeout || !strings.Contains(r.Summary, "in all its processes together, more than run.cpu_time (1s)") || r.CPUSeconds < 1.4 {
			t.Errorf("%s: two processes of 0.7 s CPU each under run.cpu_time 1s (%.3f s CPU in all):\n%s", o.Isolation.Level, r.CPUSeconds, resultText(r))
		}
		// The same program under run.cpu_time 2s answers.
		opts.Assignment = assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p4.txt"},
			"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "2m", "cpu_time": "2s"}}`, mustAbs(t, smallSet)))
		o = grade(t, opts, root)
		if r := o.Results["python-split"]["p4.txt"]; r.Verdict != check.UnsolvableCorrect {
			t.Errorf("%s: under run.cpu_time 2s:\n%s", o.Isolation.Level, resultText(r))
		}
	}
}
