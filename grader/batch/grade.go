package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// Options configure Grade.
type Options struct {
	// Assignment must be normalized.
	Assignment grader.Assignment
	// Tests are the assignment's tests (Assignment.LoadTests).
	Tests []grader.Test
	// Submissions are graded in name order.
	Submissions []Submission
	// Oracle proves the optimal lengths the answer key lacks; nil leaves
	// them unknown (solved answers are then valid, not optimal).
	Oracle check.Oracle
	// Distances proves the distances of the search for the first move off
	// every optimal path (feedback.off_path); the grading keeps what it
	// proves (check.NewMemoOracle), as a class's answers to one puzzle
	// pass through many of the same boards. It should give up within a
	// budget of work (check.ErrOutOfBudget), not of time, so that a
	// result does not depend on the machine's load. Nil: no search, and
	// the results say so.
	Distances check.Oracle
	// Jobs is the number of tests run at once; 0 means the number of CPUs.
	Jobs int
	// CPUs is the number of processors the re-runs of time-outs share
	// (see TimeoutsBeside); 0 means the machine's.
	CPUs int
	// JournalPath is the journal file; empty runs without one.
	JournalPath string
	// Resume continues an existing journal instead of refusing it.
	Resume bool
	// ScratchDir is where working folders are made; empty means the
	// system's temporary folder.
	ScratchDir string
	// Conceal lists further paths students' programs must not see (the
	// output folder, the configuration file). The puzzle set, the
	// submissions and the scratch folder are always hidden.
	Conceal []string
	// AnswerDir, when set, keeps every answer a test reads, exactly as
	// checked, in AnswerDir/SUBMISSION/TEST (TEST is the test's name,
	// its slashes making folders), for replay pages; a test whose run left
	// no answer removes the file an earlier run may have kept. Results
	// taken from the journal keep the file their run wrote. The folder
	// must be hidden from the programs (put it in the output folder).
	AnswerDir string
	// Isolation chooses the sandbox's isolation; empty takes the
	// assignment's run.isolation.
	Isolation sandbox.Choice
	// AllowExposed grades even when the check made before the first run
	// finds that a program could reach something it must not (the puzzle
	// set, the answer key, the assignment, other submissions, the output,
	// kpuzzle itself); Outcome.Inspection says what. Without it such a
	// grading stops before any program runs with an error wrapping
	// ErrExposed.
	AllowExposed bool
	// Shard, when set, says this run grades one shard of a class split
	// over several runs (Submissions are that shard's; see SelectShard):
	// the journal records it, so that Merge can check the shards belong
	// together.
	Shard *Shard
	// Roster names the students behind the submissions (by submission
	// name); it is journaled with each submission, for the gradebook of
	// a merged grading.
	Roster map[string][]grader.Person
	// Prepared says every optimal length of Tests was verified or proved
	// by Prepare: the grading neither checks the key again nor proves.
	Prepared bool
	// Sandbox runs one program; nil means sandbox.Run.
	Sandbox func(context.Context, sandbox.Spec) (sandbox.Result, error)
	// Events, when set, is told of progress. Calls never overlap.
	Events func(Event)
}

// EventKind says what an Event reports.
type EventKind int

// Event kinds.
const (
	// EventOptimum: an optimal length was proved (or could not be) before
	// grading.
	EventOptimum EventKind = iota
	// EventResult: a test of a submission finished (or was found in the
	// journal).
	EventResult
	// EventWarning: something the instructor should know.
	EventWarning
)

// Event is one step of a grading run.
type Event struct {
	Kind       EventKind
	Submission string
	Test       string
	Result     grader.Result
	Optimum    check.Optimum
	// Reused is set for a result taken from the journal.
	Reused bool
	// Done and Total count results (EventResult) or optimal lengths
	// (EventOptimum).
	Done, Total int
	Message     string
}

// Outcome is what Grade did.
type Outcome struct {
	// Results maps submission name, then test name, to the result.
	Results map[string]map[string]grader.Result
	// Tests are the tests with the optimal lengths proved before grading.
	Tests []grader.Test
	// Ran counts tests run now, Reused those taken from the journal.
	Ran, Reused int
	// GraderErrors counts grader-error results (not journaled).
	GraderErrors int
	// Reran counts the tests that timed out beside other runs, waiting
	// for a CPU long enough that load could have decided the time-out,
	// and were run again (their last result is the one in Results);
	// Timeouts says more.
	Reran int
	// Timeouts says what became of the time-outs of runs that had other
	// runs beside them.
	Timeouts TimeoutsBeside
	// Interrupted is set when ctx ended the run before every test ran;
	// the journal holds every result finished until then.
	Interrupted bool
	// Isolation is what the sandbox could give on this machine.
	Isolation sandbox.Isolation
	// Inspection is what a program could see and do, checked before the
	// first run.
	Inspection sandbox.Inspection
	// Received maps submission name to what the submission held.
	Received map[string]grader.FilesReceived
	// Integrity maps submission name to what the inspection before the
	// first run found in it (package integrity); submissions with no
	// finding are absent. Findings of a test's run are in its Result.
	Integrity map[string][]grader.IntegrityFinding
}

// ErrExposed reports that a program run by the grader could reach a
// secret (see Options.AllowExposed).
var ErrExposed = errors.New("a submission could reach what it must not")

// Grade runs every test of every submission, journaling each result as it
// finishes, and returns all results. Every visible test of every
// submission finishes before any hidden test starts, and a test that timed
// out beside other runs is run again alone before its result is final
// (see gradeAll). A cancelled ctx stops the run: the
// tests in flight are killed and not recorded, and the Outcome says it was
// interrupted. The error result is for failures to start (a journal that
// exists without Resume, or belongs to another assignment, a scratch
// folder that cannot be made).
func Grade(ctx context.Context, opts Options) (_ Outcome, refused error) {
	g := &grading{opts: opts, run: opts.Sandbox, journaled: map[string]bool{}}
	if opts.Distances != nil {
		g.distances = check.NewMemoOracle(opts.Distances, 0)
	}
	if g.run == nil {
		g.run = sandbox.Run
	}
	if g.opts.Jobs <= 0 {
		g.opts.Jobs = runtime.NumCPU()
	}
	g.out = Outcome{Results: map[string]map[string]grader.Result{}, Tests: append([]grader.Test(nil), opts.Tests...), Received: map[string]grader.FilesReceived{}, Integrity: map[string][]grader.IntegrityFinding{}}
	if len(opts.Tests) == 0 {
		return Outcome{}, errors.New("the puzzle set has no tests")
	}
	for _, f := range opts.Assignment.Run.Files {
		if _, err := os.Stat(f); err != nil {
			return Outcome{}, &grader.ConfigError{Key: "run.files", Msg: err.Error()}
		}
	}
	if err := opts.Assignment.Tools.CheckTools(); err != nil {
		return Outcome{}, err
	}
	if err := checkCourseHelpers(ctx, opts.Assignment); err != nil {
		return Outcome{}, err
	}
	if g.opts.Isolation == "" {
		g.opts.Isolation = sandbox.Choice(opts.Assignment.Run.Isolation)
	}
	if g.opts.Jobs > sandbox.RunUIDs {
		g.opts.Jobs = sandbox.RunUIDs
	}
	iso, err := sandbox.IsolationFor(sandbox.Spec{Isolation: g.opts.Isolation})
	if err != nil {
		return Outcome{}, err
	}
	g.out.Isolation = iso
	if iso.Degraded() {
		g.warn("sandbox: " + iso.Reason)
	}
	g.bash = lookPath("bash", opts.Assignment.Tools)
	if w := g.wrapperWarning("build.command", opts.Assignment.BuildCommand().Words()); w != "" {
		g.warn(w)
	}
	if w := g.wrapperWarning("run.command", opts.Assignment.RunCommand().Words()); w != "" {
		g.warn(w)
	}

	done := map[string]grader.Result{}
	optima := map[string]check.Optimum{}
	if opts.JournalPath != "" {
		h := journal.Header{Fingerprint: Fingerprint(opts.Assignment, opts.Tests)}
		if opts.Shard != nil {
			h.Shard, h.Class = opts.Shard.String(), opts.Shard.Class
			for _, s := range opts.Submissions {
				h.Submissions = append(h.Submissions, s.Name)
			}
		}
		j, c, err := journal.Open(opts.JournalPath, h, opts.Resume)
		if err != nil {
			return Outcome{}, err
		}
		// A grading refused before its first record leaves no journal
		// that would ask the next one for --resume.
		defer func() {
			if refused != nil {
				j.Discard()
			} else {
				j.Close()
			}
		}()
		g.journal = j
		if c.Damaged > 0 {
			g.warn(fmt.Sprintf("journal: %d damaged lines skipped; their tests run again", c.Damaged))
		}
		for _, r := range c.Records {
			switch r.Kind {
			case journal.KindResult:
				done[resultKey(r.Submission, r.Digest, r.Result.Test)] = *r.Result
			case journal.KindOptimum:
				optima[r.Test] = *r.Optimum
			case journal.KindSubmission:
				g.journaled[r.Submission+"\x00"+r.Digest] = true
			}
		}
	}

	scratch, err := os.MkdirTemp(opts.ScratchDir, "kpuzzle-grade-")
	if err != nil {
		return Outcome{}, fmt.Errorf("scratch folder: %w", err)
	}
	defer os.RemoveAll(scratch)
	// Searchable but not listable, so that without namespaces a program
	// can reach its own folders but not find the others.
	if err := os.Chmod(scratch, 0o711); err != nil {
		return Outcome{}, err
	}
	g.scratch = scratch
	if g.pinDir, err = writePin(opts.ScratchDir); err != nil {
		return Outcome{}, fmt.Errorf("scratch folder: %w", err)
	}
	defer os.RemoveAll(g.pinDir)
	g.conceal = g.concealed(scratch)
	if err := toolsOutsideConcealed(opts.Assignment.Tools, g.conceal); err != nil {
		return Outcome{}, err
	}
	uids, release, err := leaseUIDs(g.opts.Jobs)
	if err != nil {
		return Outcome{}, err
	}
	defer release()
	g.uids = uids
	// Before the first run, an error that comes with a cancelled ctx is
	// the interruption (Ctrl-C while the sandbox is inspected or the key
	// proved), not a failure of the step.
	steps := []func() error{
		func() error { return g.preflight(ctx) },
		func() error {
			if opts.Prepared {
				return nil
			}
			return g.verifyKeys(ctx)
		},
		func() error { return g.proveOptima(ctx, optima) },
	}
	for _, step := range steps {
		err := step()
		if ctx.Err() != nil {
			g.out.Interrupted = true
			return g.out, nil
		}
		if err != nil {
			return g.out, err
		}
	}
	g.gradeAll(ctx, done)
	// A cancellation that came after the last test is no interruption.
	g.out.Interrupted = g.done < g.total
	ApplyIntegrity(opts.Assignment, &g.out)
	return g.out, nil
}

// grading is the state of one Grade call.
type grading struct {
	opts    Options
	run     func(context.Context, sandbox.Spec) (sandbox.Result, error)
	journal *journal.Journal
	scratch string
	// pinDir holds the sitecustomize file that pins Python's random
	// seed in every run (pin.go).
	pinDir string
	// bash is bash's path on the runs' PATH, which runs an sh -c wrapper
	// with pipefail (wrapper.go); "" when there is none.
	bash    string
	conceal []string
	// uids are the workers' leased uids, one each.
	uids []int
	// journaled marks the submissions (name and digest) whose files and
	// people the journal holds.
	journaled map[string]bool

	// distances is Options.Distances, remembering what it proved.
	distances check.Oracle

	// sharedValues holds what the interface keeps for each test across
	// its runs (grader.FinishedRun.Shared), by test name (*sharedValue),
	// each made once.
	sharedValues sync.Map
	// claimCache holds the optimal lengths and A* bands claims are
	// judged with, each computed once per test and heuristic.
	claimCache audit.ClaimCache

	// socketWarning warns once that the report socket cannot be made.
	socketWarning sync.Once

	mu  sync.Mutex // guards out and events
	out Outcome
	// done counts results for progress.
	done, total int
}

func (g *grading) emit(e Event) {
	if g.opts.Events != nil {
		g.opts.Events(e)
	}
}

func (g *grading) warn(msg string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.emit(Event{Kind: EventWarning, Message: msg})
}

// hidden lists the paths programs must not see.
func (g *grading) concealed(scratch string) []string {
	extra := []string{scratch}
	if g.opts.JournalPath != "" {
		extra = append(extra, filepath.Dir(g.opts.JournalPath))
	}
	return ConcealedPaths(g.opts.Assignment, g.opts.Submissions, append(extra, g.opts.Conceal...)...)
}

// ConcealedPaths lists, as absolute paths, everything a submission's program
// must not see when grading a (normalized) assignment: the puzzle set and
// its manifest, the feedback template, a goal file, the assignment's hide
// list, every submission and the folders holding them, the grader's own
// programs and caches (GraderFiles), and extra (the output folder, the
// configuration file).
func ConcealedPaths(a grader.Assignment, subs []Submission, extra ...string) []string {
	paths := []string{a.Feedback.Template}
	for _, src := range a.Puzzles.Sources() {
		paths = append(paths, src.Dir, src.Manifest)
	}
	paths = append(paths, a.Conceal...)
	if a.Goal != "" && filepath.IsAbs(a.Goal) {
		paths = append(paths, a.Goal)
	}
	for _, s := range subs {
		paths = append(paths, s.Dir, s.Root)
	}
	paths = append(paths, extra...)
	paths = append(paths, GraderFiles(environment("", a.Run.Env, a.Tools))...)
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil && abs != "/" && !seen[abs] {
			seen[abs] = true
			out = append(out, abs)
		}
	}
	return out
}

// OperatorPaths are the paths of a grading's own command line that the
// programs must not see, besides the assignment's (ConcealedPaths adds
// them): the assignment file (config), the output folder (out, every
// student's answers), the folder of the results file (resultsJSON) and
// the further paths the operator names (hide, --hide). Empty ones are
// left out; kpuzzle grade and kpuzzle sandbox probe conceal the same.
func OperatorPaths(config, out, resultsJSON string, hide []string) []string {
	var paths []string
	for _, p := range []string{config, out} {
		if p != "" {
			paths = append(paths, p)
		}
	}
	if resultsJSON != "" {
		paths = append(paths, filepath.Dir(resultsJSON))
	}
	for _, p := range hide {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// Fingerprint identifies an assignment and its tests for the journal,
// whatever their order.
func Fingerprint(a grader.Assignment, tests []grader.Test) string {
	h := sha256.New()
	fmt.Fprintln(h, a.Fingerprint())
	// In name order: the order of the tests follows their visibility,
	// which may change between a run and its resumption.
	sorted := slices.Clone(tests)
	slices.SortFunc(sorted, func(x, y grader.Test) int { return strings.Compare(x.Name, y.Name) })
	for _, t := range sorted {
		fmt.Fprintf(h, "%q %s %s %+v\n", t.Name, t.Board, t.Goal.Board(), t.Optimum)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func resultKey(sub, digest, test string) string { return sub + "\x00" + digest + "\x00" + test }

// proveOptima asks the oracle, one test at a time, for the optimal lengths
// of solvable tests whose answer key has none, reusing the journal's.
func (g *grading) proveOptima(ctx context.Context, journaled map[string]check.Optimum) error {
	var todo []int
	for i, t := range g.out.Tests {
		if t.Solvable && !t.Optimum.Known {
			todo = append(todo, i)
		}
	}
	for n, i := range todo {
		t := &g.out.Tests[i]
		o, ok := journaled[t.Name]
		if !ok {
			if ctx.Err() != nil {
				return nil
			}
			var err error
			o, err = check.FindOptimum(ctx, t.Board, t.Goal, g.opts.Oracle, g.opts.Assignment.Optimal.Timeout.Std())
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("test %s: %w", t.Name, err)
			}
			if g.journal != nil {
				if err := g.journal.Append(journal.Record{Kind: journal.KindOptimum, Test: t.Name, Optimum: &o}); err != nil {
					return err
				}
			}
		}
		t.Optimum = o
		g.mu.Lock()
		g.emit(Event{Kind: EventOptimum, Test: t.Name, Optimum: o, Reused: ok, Done: n + 1, Total: len(todo)})
		g.mu.Unlock()
		if !o.Known {
			g.warn(fmt.Sprintf("test %s: optimal length unknown (%s); solved answers score as valid", t.Name, o.Unknown))
		}
	}
	return nil
}

// verifyKeys proves again, within optimal.verify each, the optimal lengths
// the answer key gives, so that a wrong key (a length too short makes a
// correct answer look suboptimal; too long makes a suboptimal one look
// optimal) stops the grading before any submission runs instead of
// misgrading a class. A key the oracle cannot check in time is trusted,
// with a warning.
func (g *grading) verifyKeys(ctx context.Context) error {
	budget := g.opts.Assignment.Optimal.VerifyTime()
	if budget <= 0 || g.opts.Oracle == nil {
		return nil
	}
	unverified := 0
	for _, t := range g.out.Tests {
		if !t.Optimum.Known || ctx.Err() != nil {
			continue
		}
		o, err := check.FindOptimum(ctx, t.Board, t.Goal, g.opts.Oracle, budget)
		switch {
		case err != nil && ctx.Err() != nil:
			return nil
		case err != nil:
			return fmt.Errorf("test %s: %w", t.Name, err)
		case !o.Known:
			unverified++
		case o.Length != t.Optimum.Length:
			return fmt.Errorf("%w: test %s: the answer key says the optimal length is %d, but %s proves %d; fix the key (kpuzzle gen writes proven ones) before grading",
				check.ErrKeyContradiction, t.Name, t.Optimum.Length, o.Source, o.Length)
		}
	}
	if unverified > 0 {
		g.warn(fmt.Sprintf("answer key: %d optimal lengths could not be proved again within optimal.verify (%s); they are trusted as given", unverified, budget))
	}
	return nil
}

// subState is one submission's preparation, shared by its tests.
type subState struct {
	sub    Submission
	digest string
	// entry is the file run.entry finds, relative to the submission.
	entry string
	// failed, when set, is the result every test gets (the submission is
	// too large or its build failed).
	failed *grader.Result

	once sync.Once
	// source is the folder each test copies: the submission, or its
	// build. It is set by prepare, under once.
	source string
	// buildDir is removed when the last test is done; mu guards it,
	// because a test that never ran prepare may be the last.
	mu        sync.Mutex
	buildDir  string
	remaining atomic.Int32
}

// finishTest counts a test of s as done and removes the build when it was
// the last.
func (s *subState) finishTest() {
	if s.remaining.Add(-1) != 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.buildDir != "" {
		os.RemoveAll(s.buildDir)
		s.buildDir = ""
	}
}

type job struct {
	s    *subState
	test int
	// seq is the job's place in the grading's order.
	seq int
}

// gradeAll runs every test of every submission that the journal does not
// hold, in two phases: first the visible tests of every submission, then,
// once every one of them has finished, the hidden ones. No program whose
// output a student sees can then run beside a hidden test, so no channel
// between runs (a socket, a shared file system, the load itself) can
// carry a hidden board into visible feedback. Each phase ends with the
// re-runs of its time-outs (see runPhase).
func (g *grading) gradeAll(ctx context.Context, done map[string]grader.Result) {
	var visible, hidden []job
	g.total = len(g.opts.Submissions) * len(g.out.Tests)
	for _, sub := range g.opts.Submissions {
		s := &subState{sub: sub}
		g.out.Results[sub.Name] = map[string]grader.Result{}
		received := ReceivedFiles(sub.Dir, g.opts.Assignment.ExpectedFiles())
		g.out.Received[sub.Name] = received
		digest, err := digestSubmission(sub.Dir)
		switch {
		case err == nil && !received.OK():
			// Running it would only fail the same way on every test.
			s.digest = digest
			s.failed = &grader.Result{Verdict: check.Crashed, Summary: "not run: " + received.Summary() + "; see the test Files received"}
		case errors.Is(err, errTooLarge):
			s.digest = "too-large"
			s.failed = &grader.Result{Verdict: check.BuildFailed, Summary: fmt.Sprintf("the submission was not graded: %v", err)}
		case err != nil:
			s.digest = "unreadable"
			s.failed = &grader.Result{Verdict: check.GraderError, Summary: fmt.Sprintf("cannot read the submission: %v", err)}
		default:
			s.digest = digest
			s.entry = EntryFile(sub.Dir, g.opts.Assignment.Run.Entry)
		}
		found := g.inspect(ctx, sub)
		if g.journal != nil && !g.journaled[sub.Name+"\x00"+s.digest] {
			rec := journal.Record{Kind: journal.KindSubmission, Submission: sub.Name, Digest: s.digest, Received: &received, People: g.opts.Roster[sub.Name], Integrity: found}
			if err := g.journal.Append(rec); err != nil {
				g.warn("journal: " + err.Error())
			}
		}
		for i, t := range g.out.Tests {
			// A result from the journal is finished: its run is over.
			if r, ok := done[resultKey(sub.Name, s.digest, t.Name)]; ok {
				g.record(sub.Name, r, true)
				continue
			}
			s.remaining.Add(1)
			jb := job{s: s, test: i, seq: len(visible) + len(hidden)}
			if t.Hidden {
				hidden = append(hidden, jb)
			} else {
				visible = append(visible, jb)
			}
		}
	}
	for _, phase := range [][]job{visible, hidden} {
		if ctx.Err() != nil {
			return
		}
		g.runPhase(ctx, phase)
	}
}

// runJob runs one test of one submission; ok is false when the run was
// interrupted (its result then means nothing). The caller records the
// result (finish) or, when ok is false, counts the test as done. load
// says what the program's run had of the CPUs (zero when nothing ran).
//
// uid is the worker's own: no other run uses it at the same time.
func (g *grading) runJob(ctx context.Context, jb job, uid int) (r grader.Result, load runLoad, ok bool) {
	s, t := jb.s, g.out.Tests[jb.test]
	if ctx.Err() != nil {
		return r, load, false
	}
	s.once.Do(func() {
		if s.failed == nil {
			g.prepare(ctx, s, uid)
		}
	})
	if ctx.Err() != nil {
		return r, load, false
	}
	if s.failed != nil {
		r = *s.failed
		r.Test, r.Solvable, r.OptimalLength = t.Name, t.Solvable, t.Optimum.KnownLength()
		return r, load, true
	}
	r, ok = g.runTest(ctx, s, t, uid, &load)
	return r, load, ok
}

// finish journals a test's final result, records it and counts the test
// as done.
func (g *grading) finish(jb job, r grader.Result) {
	s, t := jb.s, g.out.Tests[jb.test]
	defer s.finishTest()
	if r.Verdict != check.GraderError && g.journal != nil {
		if err := g.journal.Append(journal.Record{Kind: journal.KindResult, Submission: s.sub.Name, Digest: s.digest, Result: &r}); err != nil {
			r = grader.Result{Test: t.Name, Verdict: check.GraderError, Solvable: t.Solvable, Summary: "cannot write the journal: " + err.Error()}
		}
	}
	g.record(s.sub.Name, r, false)
}

func (g *grading) record(sub string, r grader.Result, reused bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.out.Results[sub][r.Test] = r
	g.done++
	switch {
	case reused:
		g.out.Reused++
	case r.Verdict == check.GraderError:
		g.out.GraderErrors++
		g.out.Ran++
	default:
		g.out.Ran++
	}
	g.emit(Event{Kind: EventResult, Submission: sub, Test: r.Test, Result: r, Reused: reused, Done: g.done, Total: g.total})
}

// UniformFailure returns the one way every test of every submission
// failed, when at least two submissions were graded and all of their
// tests crashed, failed to build, left no answer or were not run with the
// same explanation: the mark of a broken run.command (a typo, a missing
// interpreter) or build, not of the students. "" otherwise.
func (o Outcome) UniformFailure() string {
	if len(o.Results) < 2 || o.Interrupted {
		return ""
	}
	first := ""
	for _, results := range o.Results {
		if len(results) == 0 {
			return ""
		}
		for _, r := range results {
			switch r.Verdict {
			case check.Crashed, check.BuildFailed, check.NoAnswer:
			default:
				return ""
			}
			why := string(r.Verdict) + ": " + r.Summary
			if first == "" {
				first = why
			} else if why != first {
				return ""
			}
		}
	}
	return first
}

// Recorded counts the results in o: the tests run now or taken from the
// journal (an interrupted grading's results are all in the journal).
func (o Outcome) Recorded() int {
	n := 0
	for _, m := range o.Results {
		n += len(m)
	}
	return n
}
