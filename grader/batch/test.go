package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/templates"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// File names inside a test's working folder.
const (
	outputName       = "output.txt"
	fallbackInput    = "input.txt"
	tailLines        = 12
	tailLineBytes    = 200
	submissionFolder = "submission"
	workFolder       = "work"
)

// leaseUIDs reserves n uids for the runs, one per worker, so that runs at
// the same time never share one (see sandbox.Spec.UID), not even with
// another grader on the machine. A grader that is not root runs programs
// as itself: it gets zeros and leases nothing.
func leaseUIDs(n int) (uids []int, release func(), err error) {
	var leases []*sandbox.Lease
	release = func() {
		for _, l := range leases {
			l.Release()
		}
	}
	for i := range n {
		if os.Geteuid() != 0 {
			uids = append(uids, 0)
			continue
		}
		l, err := sandbox.LeaseUID(i)
		if err != nil {
			release()
			return nil, nil, err
		}
		leases = append(leases, l)
		uids = append(uids, l.UID)
	}
	return uids, release, nil
}

// ownerForRuns is the owner a build copy is handed to while the build
// runs: the run's uid when the grader is root, else nobody (-1: keep).
func ownerForRuns(uid int) int {
	if os.Geteuid() == 0 {
		return uid
	}
	return -1
}

// privateTo makes dir reachable by the run of uid alone: owned by root
// (the grader) and the run's group, mode 0750, so the program can enter
// it but not change it, and no other run can enter it. A grader that is
// not root gives it mode 0700.
func privateTo(dir string, uid int) error {
	if os.Geteuid() != 0 {
		return os.Chmod(dir, 0o700)
	}
	if err := os.Lchown(dir, 0, uid); err != nil {
		return err
	}
	return os.Chmod(dir, 0o750)
}

// prepare builds a submission in a private copy, or points its tests at
// the submission itself when there is no build step. On failure it sets
// s.failed; when ctx ends it leaves s alone.
func (g *grading) prepare(ctx context.Context, s *subState, uid int) {
	a := g.opts.Assignment
	build := a.BuildCommand()
	if build.IsZero() {
		s.source = s.sub.Dir
		return
	}
	dir, err := os.MkdirTemp(g.scratch, "build-")
	if err == nil {
		err = privateTo(dir, uid)
	}
	if err != nil {
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot make a build folder: " + err.Error()}
		return
	}
	s.mu.Lock()
	s.buildDir = dir
	s.mu.Unlock()
	copyDir := filepath.Join(dir, submissionFolder)
	if err := copyTree(s.sub.Dir, copyDir, ownerForRuns(uid), false); err != nil {
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot copy the submission: " + err.Error()}
		return
	}
	if err := copyRunFiles(a.Run.Files, copyDir, ownerForRuns(uid)); err != nil {
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot copy run.files: " + err.Error()}
		return
	}
	if err := writeHarness(a.Run.Interface(), copyDir, ownerForRuns(uid)); err != nil {
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot write the function harness: " + err.Error()}
		return
	}
	argv := build.Expand(map[string]string{grader.PlaceSubmission: copyDir, grader.PlaceEntry: filepath.Join(copyDir, s.entry)})
	res, err := g.run(ctx, sandbox.Spec{
		Argv:       argv,
		Dir:        copyDir,
		Env:        environment(copyDir, a.Build.Env, a.Tools),
		Limits:     a.Build.Limits,
		Conceal:    g.conceal,
		ReadOnly:   a.Tools.Visible(),
		Isolation:  g.opts.Isolation,
		UID:        uid,
		PrivateDir: true,
	})
	// The build is over and its uid goes to other runs: the copy becomes
	// the grader's again, so that no later run under that uid can read or
	// change it.
	if cerr := takeBack(copyDir); cerr != nil && err == nil && ctx.Err() == nil {
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot take back the build folder: " + cerr.Error()}
		return
	}
	if ctx.Err() != nil {
		return
	}
	fail := func(summary string) {
		scrub := strings.NewReplacer(copyDir, "<submission>")
		details := append(buildLines("stderr", res.Stderr, scrub), buildLines("stdout", res.Stdout, scrub)...)
		s.failed = &grader.Result{Verdict: grader.BuildFailed, Summary: "the build step " + grader.QuoteWords(build.Words()) + " " + summary, Details: details,
			Seconds: res.Wall.Seconds(), CPUSeconds: res.CPU.Seconds()}
	}
	var se *sandbox.StartError
	switch {
	case errors.As(err, &se):
		fail(fmt.Sprintf("could not start: %v", se.Err))
	case err != nil:
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: "cannot run the build: " + err.Error()}
	case res.DiskExceeded:
		fail(fmt.Sprintf("took more than build.disk (%s) of disk and was stopped", a.Build.Disk))
	case res.DiskFull && !res.Success():
		s.failed = &grader.Result{Verdict: grader.GraderError, Summary: diskFullSummary("build.disk", a.Build.Disk, res)}
	case res.TimedOut:
		fail(fmt.Sprintf("took longer than build.wall_time (%s) and was stopped", a.Build.WallTime))
	case res.CPUExceeded:
		fail(fmt.Sprintf("used more than build.cpu_time (%s) and was stopped", a.Build.CPUTime))
	case !res.Success():
		fail(exitDescription(res))
	default:
		s.source = copyDir
	}
}

// runTest runs one test in a fresh folder and judges what the program
// left. ok is false when ctx ended the run, whose result then means
// nothing.
func (g *grading) runTest(ctx context.Context, s *subState, t grader.Test, uid int) (r grader.Result, ok bool) {
	a := g.opts.Assignment
	kind := a.Run.Interface()
	fail := func(v grader.Verdict, format string, args ...any) grader.Result {
		return grader.Result{Test: t.Name, Verdict: v, Solvable: t.Solvable, OptimalLength: knownLength(t.Optimum), Summary: fmt.Sprintf(format, args...)}
	}
	if err := g.dropAnswer(s.sub.Name, t.Name); err != nil {
		return fail(grader.GraderError, "cannot remove the answer kept by an earlier run: %v", err), true
	}
	dir, err := os.MkdirTemp(g.scratch, "test-")
	if err != nil {
		return fail(grader.GraderError, "cannot make a working folder: %v", err), true
	}
	defer os.RemoveAll(dir)
	work := filepath.Join(dir, workFolder)
	subCopy := filepath.Join(dir, submissionFolder)
	inputName := filepath.Base(t.File)
	// The answer a program writes in its working folder (run.answer:
	// output.txt) must not land on the puzzle.
	fixed, _, _ := strings.Cut(a.Run.Answer, "/")
	if inputName == outputName || strings.HasPrefix(inputName, ".") || (a.Run.AnswerInFolder() && inputName == fixed) {
		inputName = fallbackInput
		if a.Run.AnswerInFolder() && inputName == fixed {
			inputName = "puzzle-" + fallbackInput
		}
	}
	input := filepath.Join(work, inputName)
	output := filepath.Join(work, outputName)
	answerPath, answerWhere := output, "the output path it was given"
	if a.Run.AnswerInFolder() {
		answerPath, answerWhere = filepath.Join(work, filepath.FromSlash(a.Run.Answer)), a.Run.Answer+" in its working folder"
	}
	if err := prepareTestDir(dir, work, t.File, input, uid); err != nil {
		return fail(grader.GraderError, "cannot prepare the working folder: %v", err), true
	}
	if err := copyTree(s.source, subCopy, -1, s.source != s.sub.Dir); err != nil {
		return fail(grader.GraderError, "cannot copy the submission: %v", err), true
	}
	// A build's copy has the instructor's files and the harness already.
	if s.source == s.sub.Dir {
		if err := copyRunFiles(a.Run.Files, subCopy, -1); err != nil {
			return fail(grader.GraderError, "cannot copy run.files: %v", err), true
		}
		if err := writeHarness(kind, subCopy, -1); err != nil {
			return fail(grader.GraderError, "cannot write the function harness: %v", err), true
		}
	}

	cmd := a.RunCommand()
	spec := sandbox.Spec{
		Argv:       cmd.Expand(runValues(a.Run, t, subCopy, input, output, filepath.Join(subCopy, s.entry))),
		Dir:        work,
		Env:        append(environment(work, a.Run.Env, a.Tools), kind.Env(t)...),
		Limits:     a.Run.Limits,
		Conceal:    g.conceal,
		ReadOnly:   append([]string{subCopy}, a.Tools.Visible()...),
		Isolation:  g.opts.Isolation,
		UID:        uid,
		PrivateDir: true,
	}
	switch text, pipePuzzle := kind.Stdin(t); {
	case text != nil:
		spec.Stdin = bytes.NewReader(text)
	case pipePuzzle:
		f, err := os.Open(input)
		if err != nil {
			return fail(grader.GraderError, "cannot open the input: %v", err), true
		}
		defer f.Close()
		spec.Stdin = f
	}
	// A kpuzzle program the run executes refuses to work and says so on
	// the run's report socket, whatever the program does with the refusal.
	reports := g.listenForRefusals(uid)
	res, err := g.run(ctx, spec)
	refusals := reports.Close()
	if ctx.Err() != nil {
		return grader.Result{}, false
	}
	if len(refusals) > 0 {
		defer func() {
			if ok {
				r.Integrity = append(r.Integrity, refusals...)
			}
		}()
	}
	if err == nil {
		// A harness's records beside the answer (the Java API's method
		// report, the Berkeley harness's expanded states) are judged
		// whatever became of the answer, once the result below is made.
		defer func() {
			if ok {
				kind.Checks(ctx, grader.FinishedRun{
					Test: t,
					ReadBeside: func(suffix string) ([]byte, string, error) {
						return readAnswer(output+suffix, int64(a.Run.Output))
					},
					BerkeleyReference: func(ctx context.Context) (berkeley.Result, error) { return g.berkeleyReference(ctx, t) },
				}, &r)
			}
		}()
	}
	timed := func(r grader.Result) grader.Result {
		r.Seconds, r.CPUSeconds = roundSeconds(res.Wall), roundSeconds(res.CPU)
		answerBytes := int64(-1)
		if st, err := os.Lstat(output); err == nil && st.Mode().IsRegular() {
			answerBytes = st.Size()
		}
		switch r.Verdict {
		case grader.Timeout, grader.OutputLimit, grader.MemoryLimit:
			// Decided by a limit it passed: another one it came near is
			// no news.
		default:
			r.NearLimit = nearLimits(res, answerBytes, a.Run.Limits)
		}
		return r
	}
	// Paths of this run's folders are random; students' tracebacks show
	// them, so they are replaced to keep results reproducible.
	scrub := strings.NewReplacer(subCopy, "<submission>", input, "<input>", output, "<output>", work, "<work>")
	stderrTail := tail("stderr", res.Stderr, scrub)
	var se *sandbox.StartError
	switch {
	case errors.As(err, &se):
		return fail(grader.Crashed, "the command %s could not start: %v", grader.QuoteWords(cmd.Words()), se.Err), true
	case err != nil:
		return fail(grader.GraderError, "cannot run the program: %v", err), true
	case res.DiskExceeded:
		return timed(fail(grader.OutputLimit, "took more than run.disk (%s) of disk in its working folder and temporary folders; stopped", a.Run.Disk)), true
	case res.DiskFull && !res.Success() && !res.FileSizeExceeded:
		return fail(grader.GraderError, "%s", diskFullSummary("run.disk", a.Run.Disk, res)), true
	// Too much output is the better explanation of a run that also
	// timed out while printing it.
	case res.FileSizeExceeded:
		return timed(fail(grader.OutputLimit, "wrote a file larger than run.output (%s); stopped", a.Run.Output)), true
	case !res.Success() && atCap(answerPath, int64(a.Run.Output)):
		// A runtime that ignores SIGXFSZ (CPython does) gets EFBIG at the
		// cap and dies of it; the cause is the size all the same.
		return timed(fail(grader.OutputLimit, "wrote an answer as large as run.output (%s) and failed to write more", a.Run.Output)), true
	case res.StdoutTruncated:
		return timed(fail(grader.OutputLimit, "printed more than run.output (%s) on stdout", a.Run.Output)), true
	case res.StderrTruncated:
		return timed(fail(grader.OutputLimit, "printed more than run.output (%s) on stderr", a.Run.Output)), true
	case res.TimedOut:
		r := timed(fail(grader.Timeout, "still running after run.wall_time (%s); stopped with all its processes", a.Run.WallTime))
		r.Details = g.stoppedProgress(answerPath, res.Stdout, t)
		return r, true
	case res.CPUExceeded:
		r := timed(fail(grader.Timeout, "used more than run.cpu_time (%s) of CPU time; stopped", a.Run.CPUTime))
		r.Details = g.stoppedProgress(answerPath, res.Stdout, t)
		return r, true
	case res.CPU > a.Run.CPUTime.Std():
		// The kernel stops each process at run.cpu_time rounded up to
		// whole seconds; the limit is the whole program's, every process
		// and thread together, to the millisecond.
		return timed(fail(grader.Timeout, "used %.2f s of CPU time in all its processes together, more than run.cpu_time (%s)", res.CPU.Seconds(), a.Run.CPUTime)), true
	case res.MemoryExceeded && bytes.Contains(res.Stderr, []byte("OutOfMemoryError: Java heap space")):
		// The JVM's own heap (-Xmx in the command) ran out, not
		// run.memory.
		r := timed(fail(grader.MemoryLimit, "ran out of Java heap space (the JVM's -Xmx, set in run.command or by the JVM's default; run.memory is %s)", a.Run.Memory))
		r.Details = stderrTail
		return r, true
	case res.MemoryExceeded:
		r := timed(fail(grader.MemoryLimit, "ran out of memory under run.memory (%s)", a.Run.Memory))
		r.Details = stderrTail
		return r, true
	case !res.Success():
		summary := exitDescription(res)
		if n := len(stderrTail); n > 0 {
			summary += ": " + strings.TrimSpace(stderrTail[n-1])
		}
		r := timed(fail(grader.Crashed, "%s", summary))
		r.Details = append(outsideFileHints(stderrTail), stderrTail...)
		return r, true
	}

	var answer []byte
	if a.Run.Answer == "stdout" {
		answer = res.Stdout
	} else {
		var problem string
		answer, problem, err = readAnswer(answerPath, int64(a.Run.Output))
		switch {
		case err != nil:
			return fail(grader.GraderError, "cannot read the answer: %v", err), true
		case problem == "missing" && a.Run.SaysUnsolvable(said(res, a.Run.ReadStderr)):
			// No answer file, but the program said there is no solution.
			answer = []byte("UNSOLVABLE\n")
		case problem != "" && problem != "too large" && res.DiskFull:
			return fail(grader.GraderError, "%s", diskFullSummary("run.disk", a.Run.Disk, res)), true
		case problem == "missing":
			r := timed(fail(grader.NoAnswer, "the program exited normally but wrote no answer to %s", answerWhere))
			if n := len(bytes.TrimSpace(res.Stdout)); n > 0 {
				r.Details = append([]string{fmt.Sprintf("it printed %d bytes on stdout; the assignment reads the answer from the output file", n)}, tail("stdout", res.Stdout, scrub)...)
			}
			return r, true
		case problem == "too large":
			return timed(fail(grader.OutputLimit, "wrote an answer larger than run.output (%s)", a.Run.Output)), true
		case problem != "":
			return timed(fail(grader.Malformed, "the output path holds %s, not an answer file", problem)), true
		}
	}
	// A report (on stdout or in the answer file) holds the answer where
	// run.extract finds it; the claims may be in either.
	report := answer
	if a.Run.ReadStderr {
		report = append(append(append([]byte(nil), report...), '\n'), res.Stderr...)
	}
	if a.Run.Solution == grader.SolutionReported {
		if !a.Run.SaysUnsolvable(report) {
			r, found := g.reportedResult(t, report, res.Stdout, scrub)
			if !found {
				return timed(r), true
			}
			return g.withClaims(ctx, t, timed(r), res.Stdout, report)
		}
		answer = []byte("UNSOLVABLE\n")
	} else if a.Run.HasExtract() {
		var found bool
		if answer, found = a.Run.ExtractAnswer(report); !found {
			where := "its output"
			if a.Run.Answer != "stdout" {
				where = "its answer file"
			}
			r := timed(fail(grader.NoAnswer, "nothing in %s matches run.extract.moves (%s)", where, a.Run.Extract[grader.ExtractMoves]))
			r.Details = tail(strings.TrimPrefix(where, "its "), report, scrub)
			return r, true
		}
	}
	if len(bytes.TrimSpace(answer)) == 0 && !t.Board.Equal(t.Goal.Board()) {
		where := "printed nothing on stdout"
		if a.Run.Answer != "stdout" {
			where = "wrote an empty answer to " + answerWhere
		}
		r := timed(fail(grader.NoAnswer, "the program exited normally but %s", where))
		r.Details = tail("stderr", res.Stderr, scrub)
		return r, true
	}
	if err := g.keepAnswer(s.sub.Name, t.Name, answer); err != nil {
		return fail(grader.GraderError, "cannot keep the answer: %v", err), true
	}
	rep, err := grader.Check(ctx, t.Problem(a.Convention()), bytes.NewReader(answer), "answer",
		grader.CheckOptions{Limits: puzzles.AnswerLimits{MaxBytes: int64(a.Run.Output)}, Notation: a.AnswerNotation()})
	if err != nil {
		if ctx.Err() != nil {
			return grader.Result{}, false
		}
		return fail(grader.GraderError, "cannot check the answer: %v", err), true
	}
	r = timed(grader.ResultFromReport(t.Name, rep))
	g.anyLength(&r, t)
	return g.withClaims(ctx, t, r, res.Stdout, report)
}

// withClaims adds to r what the program reports about its own run, found
// in stdout and the report: the claims, their details and, with a
// claimed search, their checks. ok is false when ctx ended.
func (g *grading) withClaims(ctx context.Context, t grader.Test, r grader.Result, stdout, report []byte) (grader.Result, bool) {
	a := g.opts.Assignment
	// The report is stdout (with run.answer: stdout) or the answer, and
	// stderr after it with run.read_stderr.
	claimsText := report
	if a.Run.Answer != "stdout" {
		claimsText = append(append(append([]byte(nil), stdout...), '\n'), report...)
	}
	claims, problems := a.Run.ExtractClaims(claimsText)
	if !claims.Empty() {
		r.Claims = &claims
		r.Details = append(r.Details, grader.ClaimDetails(claims, r.Length, r.Verdict.Solved(), r.OptimalLength)...)
	}
	if a.ClaimsFor(t.Name).Algorithm != "" {
		checks, details := g.claimChecks(ctx, t, claims, r)
		if ctx.Err() != nil {
			return grader.Result{}, false
		}
		r.Checks = append(r.Checks, checks...)
		r.Details = append(r.Details, details...)
	}
	r.Details = append(r.Details, problems...)
	return r, true
}

// berkeleyRef is a test's reference search, kept compact: the expanded
// states' cells one after the other, one byte each (a capped 3x3 test's
// 100,001 states take 900 KB), rather than a Board each.
type berkeleyRef struct {
	mu     sync.Mutex // guards the rest
	done   bool
	shape  puzzles.Shape
	cells  []byte
	capped bool
	err    error
}

// berkeleyReference is test t's reference search, made by the first run
// of the test that needs it and kept for the others.
func (g *grading) berkeleyReference(ctx context.Context, t grader.Test) (berkeley.Result, error) {
	v, _ := g.berkeleyRefs.LoadOrStore(t.Name, &berkeleyRef{})
	ref := v.(*berkeleyRef)
	ref.mu.Lock()
	defer ref.mu.Unlock()
	if !ref.done {
		r, err := grader.BerkeleyReference(ctx, g.opts.Assignment.Run, t)
		if ctx.Err() != nil {
			// Not kept: another run may have time left.
			return berkeley.Result{}, err
		}
		ref.done, ref.shape, ref.capped, ref.err = true, t.Board.Shape(), r.Capped, err
		for _, b := range r.Expanded {
			ref.cells = b.AppendBytes(ref.cells)
		}
	}
	if ref.err != nil {
		return berkeley.Result{}, ref.err
	}
	n := ref.shape.Cells()
	out := berkeley.Result{Capped: ref.capped, Expanded: make([]puzzles.Board, 0, len(ref.cells)/n)}
	for i := 0; i+n <= len(ref.cells); i += n {
		out.Expanded = append(out.Expanded, puzzles.FromBytes(ref.shape, ref.cells[i:i+n]))
	}
	return out, nil
}

func knownLength(o grader.Optimum) *int {
	if !o.Known {
		return nil
	}
	n := o.Length
	return &n
}

// prepareTestDir makes the test's folders, private to the run of uid,
// and copies the puzzle in.
func prepareTestDir(dir, work, puzzle, input string, uid int) error {
	if err := privateTo(dir, uid); err != nil {
		return err
	}
	if err := os.Mkdir(work, 0o755); err != nil {
		return err
	}
	return sandbox.CopyFile(puzzle, input, 0o644)
}

// atCap reports whether path is a regular file of at least limit bytes.
func atCap(path string, limit int64) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode().IsRegular() && st.Size() >= limit
}

// readAnswer reads the answer file without following a symbolic link and
// at most limit bytes. problem is "missing", "too large", or a description
// of something that is not a regular file; err is for failures that are
// not the program's doing.
//
// Whatever is at the path was put there by the program, which owns the
// folder: a socket (open fails with ENXIO), a FIFO (open would block
// without O_NONBLOCK), a device, a folder or a file it made unreadable is
// the program's problem, never the grader's. The path is looked at before
// it is opened, and the opened file must be the regular file looked at.
func readAnswer(path string, limit int64) (data []byte, problem string, err error) {
	before, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, "missing", nil
	case err != nil:
		return nil, "", err
	}
	if p := notRegular(before.Mode()); p != "" {
		return nil, p, nil
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, "missing", nil
	case errors.Is(err, syscall.ELOOP):
		return nil, "a symbolic link", nil
	case errors.Is(err, syscall.ENXIO), errors.Is(err, syscall.ENODEV), errors.Is(err, syscall.EOPNOTSUPP),
		errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.ETXTBSY), errors.Is(err, syscall.EWOULDBLOCK):
		// Replaced by a special file since the look.
		return nil, "a special file", nil
	case errors.Is(err, os.ErrPermission):
		return nil, "a file the grader may not read", nil
	case err != nil:
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	if p := notRegular(st.Mode()); p != "" {
		return nil, p, nil
	}
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.EINVAL), errors.Is(err, syscall.EWOULDBLOCK):
		return nil, "a special file", nil
	case err != nil:
		return nil, "", err
	}
	if int64(len(data)) > limit {
		return nil, "too large", nil
	}
	return data, "", nil
}

// notRegular describes a file mode that is not a regular file's, or ""
// for a regular file.
func notRegular(m os.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&os.ModeSocket != 0:
		return "a special file (a socket)"
	case m&os.ModeNamedPipe != 0:
		return "a special file (a named pipe)"
	case m&os.ModeDevice != 0:
		return "a special file (a device)"
	}
	return "a special file"
}

// diskFullSummary explains a failed run that was not over its disk
// budget while the scratch file system was full: another run, or another
// process of the machine, filled it, so the failure is not the program's
// and the result is a grader error, which is not journaled and runs
// again with --resume.
func diskFullSummary(key string, budget grader.ByteSize, res sandbox.Result) string {
	return fmt.Sprintf("the program failed while the scratch disk was full, and it was within %s (%s; it took %s): another run or another process filled the disk, so this is not its result; it is not journaled, and --resume runs it again",
		key, budget, grader.ByteSize(res.DiskUsed))
}

// environment is a program's whole environment: a fixed PATH, HOME in its
// working folder, a UTF-8 locale, and the assignment's extra variables.
func environment(home string, extra []string, tools grader.Tools) []string {
	path := strings.Join(append(slices.Clone(tools.Path), sandbox.DefaultPath), ":")
	env := []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8", "TMPDIR=/tmp"}
	return append(env, extra...)
}

// nearShare is how close to a limit a run must come for its result to be
// marked (grader.Result.NearLimit): within 10%.
const nearShare = 0.9

// nearLimits says which of limits l the run came within 10% of without
// passing them, one clause each ("wall time (run.wall_time 5s)"), "" when
// none: wall time, CPU time of the whole tree, stdout, stderr and the
// answer file (answerBytes, -1 when there is none). A limit the run
// passed is its verdict's business, not a mark. Memory is not marked: the
// limit is on address space, which no measure of the run gives (MaxRSS
// is resident memory, far below it for any runtime that reserves). The
// clauses name limits, not measurements, so that the same verdicts read
// the same however the class was split over machines (the measured times
// are in Seconds and CPUSeconds, shown with results.times).
func nearLimits(res sandbox.Result, answerBytes int64, l grader.Limits) string {
	var out []string
	near := func(used, limit float64) bool { return limit > 0 && used >= nearShare*limit && used <= limit }
	seconds := func(what, key string, used time.Duration, limit grader.Duration) {
		if near(used.Seconds(), limit.Std().Seconds()) {
			out = append(out, fmt.Sprintf("%s (%s %s)", what, key, limit))
		}
	}
	size := func(what string, used int64, limit grader.ByteSize) {
		if near(float64(used), float64(limit)) {
			out = append(out, fmt.Sprintf("%s (run.output %s)", what, limit))
		}
	}
	if !res.TimedOut {
		seconds("wall time", "run.wall_time", res.Wall, l.WallTime)
	}
	if !res.CPUExceeded {
		seconds("CPU time", "run.cpu_time", res.CPU, l.CPUTime)
	}
	if !res.StdoutTruncated {
		size("stdout", int64(len(res.Stdout)), l.Output)
	}
	if !res.StderrTruncated {
		size("stderr", int64(len(res.Stderr)), l.Output)
	}
	if !res.FileSizeExceeded && answerBytes >= 0 {
		size("answer file", answerBytes, l.Output)
	}
	return strings.Join(out, "; ")
}

// exitDescription says how a failed run ended.
func exitDescription(res sandbox.Result) string {
	if res.Signal != "" {
		return "was killed by " + res.Signal
	}
	return fmt.Sprintf("exited with status %d", res.ExitCode)
}

// roundSeconds keeps times to the millisecond.
func roundSeconds(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond)) / float64(time.Second)
}

// tail is the last lines of a stream, with scrub applied, each clipped
// and made printable, under a heading; nothing when the stream is empty.
func tail(name string, b []byte, scrub *strings.Replacer) []string {
	b = bytes.TrimRight(b, "\n\r\t ")
	if len(b) == 0 {
		return nil
	}
	lines := strings.Split(scrub.Replace(string(b)), "\n")
	head := name + ":"
	if len(lines) > tailLines {
		head = fmt.Sprintf("%s (last %d of %d lines):", name, tailLines, len(lines))
		lines = lines[len(lines)-tailLines:]
	}
	out := []string{head}
	for _, l := range lines {
		out = append(out, "  "+printable(l, tailLineBytes))
	}
	return out
}

// compilerError finds a compiler's error line: FILE.EXT:LINE: or
// FILE.EXT:LINE:COL: (javac, gcc, go, rustc's "--> FILE:LINE:COL").
var compilerError = regexp.MustCompile(`(?m)^(?:\S*--> )?\S+\.\w+:\d+(?::\d+)?:?`)

// buildLines is a build's stream as the feedback shows it: from the
// first compiler error, which explains the others, when there is one
// (tailLines lines); else its last lines, as tail gives them.
func buildLines(name string, b []byte, scrub *strings.Replacer) []string {
	b = bytes.TrimRight(b, "\n\r\t ")
	loc := compilerError.FindIndex(b)
	if loc == nil {
		return tail(name, b, scrub)
	}
	all := strings.Count(string(b), "\n") + 1
	first := strings.Count(string(b[:loc[0]]), "\n")
	lines := strings.Split(scrub.Replace(string(b)), "\n")[first:]
	if len(lines) > tailLines {
		lines = lines[:tailLines]
	}
	head := fmt.Sprintf("%s (from its first error, lines %d-%d of %d):", name, first+1, first+len(lines), all)
	if first == 0 && len(lines) == all {
		head = name + ":"
	}
	out := []string{head}
	for _, l := range lines {
		out = append(out, "  "+printable(l, tailLineBytes))
	}
	return out
}

// printable makes a line of a program's output safe to show
// (grader.Printable) and clips it to about limit bytes.
func printable(s string, limit int) string {
	p := grader.Printable(strings.TrimRight(s, "\r"))
	if len(p) <= limit {
		return p
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return p[:cut] + "..."
}

// keepAnswer writes the answer into Options.AnswerDir, when set, through
// a temporary file renamed into place.
func (g *grading) keepAnswer(sub, test string, answer []byte) error {
	path, ok := grader.AnswerPath(g.opts.AnswerDir, sub, test)
	if !ok {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, 0o600, answer)
}

// dropAnswer removes a kept answer of an earlier run, if any.
func (g *grading) dropAnswer(sub, test string) error {
	path, ok := grader.AnswerPath(g.opts.AnswerDir, sub, test)
	if !ok {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// stoppedProgress says how far a program that ran out of time had got:
// how much of an answer it had written (to the output file, or to stdout
// when the assignment reads the answer there), and the optimal length it
// was after when the key gives one.
func (g *grading) stoppedProgress(output string, stdout []byte, t grader.Test) []string {
	a := g.opts.Assignment
	var written []byte
	where := "its answer file"
	if a.Run.Answer == "stdout" {
		written, where = stdout, "stdout"
	} else if data, problem, err := readAnswer(output, int64(a.Run.Output)); err == nil && problem == "" {
		written = data
	}
	lines := 0
	for _, l := range bytes.Split(written, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			lines++
		}
	}
	var out []string
	switch lines {
	case 0:
		out = append(out, fmt.Sprintf("it had written nothing to %s when it was stopped", where))
	case 1:
		out = append(out, fmt.Sprintf("it had written 1 line to %s when it was stopped", where))
	default:
		out = append(out, fmt.Sprintf("it had written %d lines to %s when it was stopped", lines, where))
	}
	if t.Optimum.Known {
		out = append(out, fmt.Sprintf("the puzzle's optimal length is %d moves (%s)", t.Optimum.Length, t.Optimum.Source))
	} else if !t.Solvable {
		out = append(out, "the puzzle has no solution: the expected answer is UNSOLVABLE")
	}
	return out
}

// copyRunFiles copies the instructor's run.files into a submission's copy
// under their own names, replacing what is there, owned by owner (-1:
// the grader, read-only to the program).
func copyRunFiles(files []string, dst string, owner int) error {
	for _, f := range files {
		target := filepath.Join(dst, filepath.Base(f))
		if err := os.RemoveAll(target); err != nil {
			return err
		}
		st, err := os.Stat(f)
		if err != nil {
			return err
		}
		if st.IsDir() {
			if err := copyTree(f, target, owner, false); err != nil {
				return err
			}
			continue
		}
		mode := os.FileMode(0o644)
		if st.Mode()&0o111 != 0 {
			mode = 0o755
		}
		if err := sandbox.CopyFile(f, target, mode); err != nil {
			return err
		}
		if err := chown(target, owner); err != nil {
			return err
		}
	}
	return nil
}

// missingPath finds the path of a "No such file or directory" error as
// Python, Java, C++ streams and shells print it.
var missingPath = regexp.MustCompile(`(?:No such file or directory: '(/[^']+)'|(/[^\s:'"]+) \(No such file or directory\)|(/[^\s:'"]+): No such file or directory)`)

// outsideFileHints explains a crash on a file outside the run: a path the
// program was given on the instructor's machine (/tmp/data.txt, a course
// folder) does not exist inside the sandbox, where only the submission,
// run.files and the run's own folders are.
func outsideFileHints(stderr []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range stderr {
		for _, m := range missingPath.FindAllStringSubmatchIndex(line, -1) {
			start, end := -1, -1
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					start, end = m[2*g], m[2*g+1]
				}
			}
			// A path inside the run is written <submission>/... or
			// <work>/... (scrubbed): not outside.
			if start < 0 || (start > 0 && line[start-1] == '>') {
				continue
			}
			p := line[start:end]
			if seen[p] {
				continue
			}
			seen[p] = true
			out = append(out, fmt.Sprintf("it looked for %s, which no run can see: a program sees its submission, the instructor's run.files and its own working folder only", p))
		}
	}
	return out
}

// writeHarness puts the harness files of interface kind into a
// submission's copy, replacing a student's file of their name.
func writeHarness(kind grader.Interface, dst string, owner int) error {
	for _, h := range kind.HarnessFiles() {
		text, err := templates.Read(h.Template)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, h.Name)
		if err := os.RemoveAll(target); err != nil {
			return err
		}
		if err := os.WriteFile(target, []byte(text), 0o644); err != nil {
			return err
		}
		if err := chown(target, owner); err != nil {
			return err
		}
	}
	return nil
}

// runValues are the values of run.command's placeholders for test t.
func runValues(r grader.RunStep, t grader.Test, submission, input, output, entry string) map[string]string {
	v := r.CommandValues(t)
	v[grader.PlaceSubmission], v[grader.PlaceInput], v[grader.PlaceOutput], v[grader.PlaceEntry] = submission, input, output, entry
	return v
}
