package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/templates"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// File names inside a test's working folder.
const (
	outputName       = "output.txt"
	fallbackInput    = "input.txt"
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
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot make a build folder: " + err.Error()}
		return
	}
	s.mu.Lock()
	s.buildDir = dir
	s.mu.Unlock()
	copyDir := filepath.Join(dir, submissionFolder)
	if err := copyTree(s.sub.Dir, copyDir, ownerForRuns(uid), false); err != nil {
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot copy the submission: " + err.Error()}
		return
	}
	if err := copyRunFiles(a.Run.Files, copyDir, ownerForRuns(uid)); err != nil {
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot copy run.files: " + err.Error()}
		return
	}
	if err := writeHarness(a.Run.Kind(), copyDir, ownerForRuns(uid)); err != nil {
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot write the function harness: " + err.Error()}
		return
	}
	argv := build.Expand(map[string]string{grader.PlaceSubmission: copyDir, grader.PlaceEntry: filepath.Join(copyDir, s.entry)})
	res, err := g.run(ctx, sandbox.Spec{
		Argv:       g.wrapper(argv),
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
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot take back the build folder: " + cerr.Error()}
		return
	}
	if ctx.Err() != nil {
		return
	}
	var se *sandbox.StartError
	if err != nil && !errors.As(err, &se) {
		s.failed = &grader.Result{Verdict: check.GraderError, Summary: "cannot run the build: " + err.Error()}
		return
	}
	out := outcome(res, se, build.Words(), strings.NewReplacer(copyDir, "<submission>"))
	if r, failed := out.JudgeBuild(a.Build); failed {
		s.failed = &r
		return
	}
	s.source = copyDir
}

// runTest runs one test and, when the test is one that runs twice
// (run.recheck), runs it again and names in its result a difference
// between the two runs (recheck.go); a first run that cannot be compared
// (a limit or the grader decided it) is not run again. ok is false when
// ctx ended a run, whose result then means nothing. *load is set to what
// the first run says of the CPUs it had (runLoad).
func (g *grading) runTest(ctx context.Context, s *subState, t grader.Test, uid int, load *runLoad) (r grader.Result, ok bool) {
	r, answer, ok := g.runOnce(ctx, s, t, uid, true, load)
	if !ok || !g.rechecks(t) || answered(r, answer) == "" {
		return r, ok
	}
	var againLoad runLoad
	again, againAnswer, ok := g.runOnce(ctx, s, t, uid, false, &againLoad)
	if !ok {
		return grader.Result{}, false
	}
	if v := varies(r, answer, again, againAnswer); v != "" {
		r.Varies = v
		r.Details = append(r.Details, v)
		g.warn(fmt.Sprintf("%s: %s (test %s)", grader.Printable(s.sub.Name), variesWarning, t.Name))
	}
	return r, true
}

// runOnce runs one test in a fresh folder, hands what became of the run
// to grader.RunOutcome for its verdict and checks the answer it leaves,
// which it returns too (nil when the run decided the result). The first
// run of a test (first) keeps its answer for the replays; a second one
// leaves the kept answer alone. ok is false when ctx ended the run, whose
// result then means nothing. *load is set to what the run says of the
// CPUs it had (runLoad).
func (g *grading) runOnce(ctx context.Context, s *subState, t grader.Test, uid int, first bool, load *runLoad) (r grader.Result, checked []byte, ok bool) {
	a := g.opts.Assignment
	kind := a.Run.Kind()
	fail := func(v check.Verdict, format string, args ...any) grader.Result {
		return grader.Result{Test: t.Name, Verdict: v, Solvable: t.Solvable, OptimalLength: t.Optimum.KnownLength(), Summary: fmt.Sprintf(format, args...)}
	}
	if first {
		if err := g.dropAnswer(s.sub.Name, t.Name); err != nil {
			return fail(check.GraderError, "cannot remove the answer kept by an earlier run: %v", err), nil, true
		}
	}
	p, err := g.prepareTest(s, t, uid)
	if err != nil {
		return fail(check.GraderError, "%v", err), nil, true
	}
	defer os.RemoveAll(p.dir)
	subCopy, input, output, work := p.subCopy, p.input, p.output, p.work
	cmd := a.RunCommand()
	readOnly := append([]string{g.pinDir}, a.Tools.Visible()...)
	if !a.Run.WritableSubmission {
		readOnly = append([]string{subCopy}, readOnly...)
	}
	spec := sandbox.Spec{
		Argv:       g.wrapper(cmd.Expand(runValues(a.Run, t, subCopy, input, output, filepath.Join(subCopy, s.entry)))),
		Dir:        work,
		Env:        append(pinEnv(environment(work, a.Run.Env, a.Tools), g.pinDir), kind.Env(t)...),
		Limits:     a.Run.Limits,
		Conceal:    g.conceal,
		ReadOnly:   readOnly,
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
			return fail(check.GraderError, "cannot open the input: %v", err), nil, true
		}
		defer f.Close()
		spec.Stdin = f
	}
	// A kpuzzle program the run executes refuses to work and says so on
	// the run's report socket, whatever the program does with the refusal.
	reports := g.listenForRefusals(uid)
	res, err := g.run(ctx, spec)
	*load = loadOf(res)
	refusals := reports.Close()
	if ctx.Err() != nil {
		return grader.Result{}, nil, false
	}
	// What it executed is named too when it is not the course's nor the
	// submission's as built, or is kpuzzle (runFindings).
	// Paths of this run's folders are random; students' tracebacks show
	// them, so they are replaced to keep results reproducible.
	scrub := strings.NewReplacer(subCopy, "<submission>", input, "<input>", output, "<output>", work, "<work>")
	if found := runFindings(refusals, res, scrub); len(found) > 0 {
		defer func() {
			if ok {
				r.Integrity = append(r.Integrity, found...)
				g.warnFindings(s.sub.Name+", test "+t.Name, found)
			}
		}()
	}
	if err == nil {
		// A harness's records beside the answer (Kind.JudgeCriteria) are
		// judged whatever became of the answer, once the result below is
		// made.
		defer func() {
			if ok {
				kind.JudgeCriteria(ctx, grader.FinishedRun{
					Test: t,
					ReadBeside: func(suffix string) ([]byte, string, error) {
						return readAnswer(work, output+suffix, int64(a.Run.Output))
					},
					Shared: func(ctx context.Context, build func(context.Context) (any, error)) (any, error) {
						return g.shared(ctx, t, build)
					},
					Distances: g.distances,
				}, &r)
			}
		}()
	}
	var se *sandbox.StartError
	if err != nil && !errors.As(err, &se) {
		return fail(check.GraderError, "cannot run the program: %v", err), nil, true
	}
	out := outcome(res, se, cmd.Words(), scrub)
	if se == nil {
		lookAtAnswer(&out, a.Run, work, p.answer)
	}
	j := out.Judge(&a, t)
	switch {
	case j.Decided && j.Claims:
		r, ok := g.withClaims(ctx, t, j.Result, res.Stdout, j.Report)
		return r, nil, ok
	case j.Decided:
		return j.Result, nil, true
	}
	if first {
		if err := g.keepAnswer(s.sub.Name, t.Name, j.Answer); err != nil {
			return fail(check.GraderError, "cannot keep the answer: %v", err), nil, true
		}
	}
	reading := a.AnswerReading()
	rep, err := check.Answer(ctx, t.Problem(a.Convention()), bytes.NewReader(j.Answer), "answer",
		check.Options{Limits: puzzles.AnswerLimits{MaxBytes: int64(a.Run.Output)}, Notation: reading.Notation, Words: reading.Words, Block: reading.Block,
			OffPath: check.OffPathOptions{Skip: !a.Feedback.SearchesOffPath() || g.distances == nil, Oracle: g.distances}})
	if err != nil {
		if ctx.Err() != nil {
			return grader.Result{}, nil, false
		}
		return fail(check.GraderError, "cannot check the answer: %v", err), nil, true
	}
	r, ok = g.withClaims(ctx, t, out.Checked(&a, t, j, rep), res.Stdout, j.Report)
	return r, j.Answer, ok
}

// testFolder is a test's fresh folder and the paths in it.
type testFolder struct {
	// dir holds work, the program's working folder, and subCopy, the
	// submission's copy.
	dir, work, subCopy string
	// input is the puzzle's copy, output the path the program is given
	// for its answer, and answer the path its answer is read from: output,
	// or run.answer in work.
	input, output, answer string
}

// prepareTest makes test t's folder, private to the run of uid, with the
// puzzle and a copy of the submission, which gets run.files and the
// harness unless it is the build's copy, which has them. Its error is
// the summary of a grader error; the folder is then gone.
func (g *grading) prepareTest(s *subState, t grader.Test, uid int) (f testFolder, err error) {
	a := g.opts.Assignment
	dir, err := os.MkdirTemp(g.scratch, "test-")
	if err != nil {
		return f, fmt.Errorf("cannot make a working folder: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	f = testFolder{dir: dir, work: filepath.Join(dir, workFolder), subCopy: filepath.Join(dir, submissionFolder)}
	// A copy the program may write in (run.writable_submission) is in its
	// working folder, which it may write and whose disk run.disk counts;
	// it is the run's own and handed to it.
	owner := -1
	if a.Run.WritableSubmission {
		f.subCopy, owner = filepath.Join(f.work, submissionFolder), ownerForRuns(uid)
	}
	inputName := filepath.Base(t.File)
	// The answer a program writes in its working folder (run.answer:
	// output.txt) must not land on the puzzle, nor on the writable copy
	// of the submission.
	answerPath := a.AnswerPath(t)
	fixed, _, _ := strings.Cut(answerPath, "/")
	taken := func(name string) bool {
		return name == outputName || (answerPath != "" && name == fixed) || (a.Run.WritableSubmission && name == submissionFolder)
	}
	if taken(inputName) || strings.HasPrefix(inputName, ".") {
		inputName = fallbackInput
		if taken(inputName) {
			inputName = "puzzle-" + fallbackInput
		}
	}
	f.input, f.output = filepath.Join(f.work, inputName), filepath.Join(f.work, outputName)
	f.answer = f.output
	if answerPath != "" {
		f.answer = filepath.Join(f.work, filepath.FromSlash(answerPath))
	}
	if err := prepareTestDir(dir, f.work, t.File, f.input, uid); err != nil {
		return f, fmt.Errorf("cannot prepare the working folder: %w", err)
	}
	if err := copyTree(s.source, f.subCopy, owner, s.source != s.sub.Dir); err != nil {
		return f, fmt.Errorf("cannot copy the submission: %w", err)
	}
	if s.source == s.sub.Dir {
		if err := copyRunFiles(a.Run.Files, f.subCopy, owner); err != nil {
			return f, fmt.Errorf("cannot copy run.files: %w", err)
		}
		if err := writeHarness(a.Run.Kind(), f.subCopy, owner); err != nil {
			return f, fmt.Errorf("cannot write the function harness: %w", err)
		}
	}
	return f, nil
}

// outcome describes the sandbox's result res of a run of command for the
// verdicts (grader.RunOutcome), with se, when set, the reason it could
// not start, and scrub the replacements of the run's temporary paths.
// Nothing is known of an answer file yet (see lookAtAnswer).
func outcome(res sandbox.Result, se *sandbox.StartError, command []string, scrub *strings.Replacer) grader.RunOutcome {
	o := grader.RunOutcome{Command: command, Ending: res.Ending, AnswerFileSize: -1, Scrub: scrub}
	if se != nil {
		o.StartErr = se.Err
	}
	return o
}

// lookAtAnswer records in o what a test's run left at the answer's path
// (run.answer's, or the output path it was given): the size of the
// regular file there and, unless the answer is read on stdout, the
// answer file as readAnswer reads it.
func lookAtAnswer(o *grader.RunOutcome, run grader.RunStep, work, answer string) {
	o.AnswerFileSize, o.AnswerFile, o.AnswerProblem, o.AnswerErr = lookAtFile(work, answer, int64(run.Output), run.Answer != "stdout")
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
		r.Details = append(r.Details, grader.ClaimDetails(claims, r.Length, r.Verdict.Solved() && !r.Unchecked, r.OptimalLength)...)
	}
	if a.ClaimsFor(t.Name).Algorithm != "" {
		checks, details := g.claimChecks(ctx, t, claims, r)
		if ctx.Err() != nil {
			return grader.Result{}, false
		}
		r.Criteria = append(r.Criteria, checks...)
		r.Details = append(r.Details, details...)
	}
	r.Details = append(r.Details, problems...)
	return r, true
}

// sharedValue is what an interface keeps for one test across its runs
// (grader.FinishedRun.Shared).
type sharedValue struct {
	mu    sync.Mutex // guards the rest
	done  bool
	value any
	err   error
}

// shared is test t's value of the interface (a reference search, say),
// made by the first run of the test that needs it and kept for the
// others; one made while ctx ended is not kept: another run may have
// time left.
func (g *grading) shared(ctx context.Context, t grader.Test, build func(context.Context) (any, error)) (any, error) {
	v, _ := g.sharedValues.LoadOrStore(t.Name, &sharedValue{})
	sv := v.(*sharedValue)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if !sv.done {
		value, err := build(ctx)
		if ctx.Err() != nil {
			return nil, err
		}
		sv.done, sv.value, sv.err = true, value, err
	}
	return sv.value, sv.err
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

// environment is a program's whole environment: a fixed PATH, HOME in its
// working folder, a UTF-8 locale, and the assignment's extra variables.
func environment(home string, extra []string, tools grader.Tools) []string {
	path := strings.Join(append(slices.Clone(tools.Path), sandbox.DefaultPath), ":")
	env := []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8", "TMPDIR=/tmp"}
	return append(env, extra...)
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

// writeHarness puts the harness files of interface kind into a
// submission's copy, replacing a student's file of their name.
func writeHarness(kind grader.Kind, dst string, owner int) error {
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
