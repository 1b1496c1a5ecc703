package grader

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// RunOutcome is what became of one run of a student's program (a test's
// run, or the build's): what the sandbox found, and, for a test, what the
// grader found at the answer's paths after it. It knows nothing of the
// sandbox, so that the verdicts it decides ([RunOutcome.Judge],
// [RunOutcome.JudgeBuild]) are tested without running anything; the
// batch grader fills it from the sandbox's result.
type RunOutcome struct {
	// Command is the run's command (run.command or build.command), as
	// words, for the summary of a command that could not start.
	Command []string
	// StartErr, when set, says why the command could not start; nothing
	// ran, and the rest means nothing.
	StartErr error

	// Ending is how the run ended, as the sandbox measured it: exit
	// status, the limits it reached, its output and times.
	limits.Ending

	// AnswerFileSize is the size of the regular file at the answer's path
	// (run.answer's path, the output path otherwise), -1 when there is
	// none. A failed run whose answer is as large as run.output failed
	// for its size; one that came within 10% of it is marked near the
	// limit.
	AnswerFileSize int64
	// AnswerFile is the answer file as read (without following a link,
	// at most run.output bytes) when run.answer is not stdout and it read
	// well. Otherwise AnswerProblem says what the program left instead:
	// "missing", "too large", or a description of what is not a regular
	// file ("a symbolic link", "a special file (a named pipe)"); and
	// AnswerErr is a failure to read it that is not the program's doing.
	AnswerFile    []byte
	AnswerProblem string
	AnswerErr     error

	// Scrub replaces the run's temporary paths in what the program
	// printed before it is shown (nil: nothing is replaced), so that
	// results are reproducible.
	Scrub *strings.Replacer
}

// A Judgement is what a test's run decides before any answer is checked:
// the test's result (Decided), or the answer to check.
type Judgement struct {
	// Decided is set when Result is the test's result: the run failed, left
	// no answer, or reported its solution (run.solution: reported).
	Decided bool
	// Result is the test's result when Decided.
	Result Result
	// Answer is the answer to check when not Decided.
	Answer []byte
	// Report is where the program's claims are found (with Stdout): the
	// answer's text (stdout with run.answer: stdout, else the answer
	// file), and stderr after it with run.read_stderr. It is set when the
	// answer is to be checked and when Claims is; it holds only what the
	// program wrote.
	Report []byte
	// Claims is set on a decided result that still takes the program's
	// claims: a reported solution whose length was found.
	Claims bool
	// Notes are lines for the details of the checked result, saying how
	// the answer was found when the checker cannot tell (the program's
	// own words for "no solution", and where they were).
	Notes []string
}

// Judge decides what the run of test t under assignment a comes to, in
// this order: the run itself (it could not start; it passed run.disk;
// the disk was full while it failed, a grader error; it passed
// run.output with a file, an answer at the cap or a stream, which
// explains a time-out while printing; it passed run.wall_time or
// run.cpu_time, per process or all its processes together; it ran out of
// Java heap or of run.memory; it exited with a non-zero status or was
// killed), then its answer, by the one rule of [RunStep.ReadAnswer]: the
// answer file not readable, too large or not a regular file; the
// program's own words for "no solution" (run.extract.unsolvable) anywhere
// it wrote; no answer file; a reported solution; nothing matching
// run.extract.moves; an empty answer. An answer left to check is
// returned with the text its claims are found in; the result after the
// check is [RunOutcome.Checked].
//
// Every result a run decides has its times and, unless a limit decided
// it (timeout, output-limit, memory-limit), the limits it came near
// ([Result.NearLimit]); a grader error or a command that did not start
// has neither.
func (o *RunOutcome) Judge(a *Assignment, t Test) Judgement {
	if r, ok := o.judgeRun(a.Run, t); ok {
		return Judgement{Decided: true, Result: r}
	}
	run := a.Run
	file := a.AnswerPath(t)
	text, missing, r, decided := o.answerText(run, t, file)
	if decided {
		return Judgement{Decided: true, Result: r}
	}
	written := o.written(run, file, text, missing)
	read := run.ReadAnswer(written)
	// Claims are found in the answer's text, with stderr after it when
	// stderr is read; only what the program wrote.
	report := text
	if run.ReadStderr {
		report = append(append(append([]byte(nil), report...), '\n'), o.Stderr...)
	}
	switch read.Kind {
	case AnswerUnsolvable:
		return Judgement{Answer: []byte(puzzles.UnsolvableToken + "\n"), Report: report, Notes: []string{o.scrub().Replace(read.Said)}}
	case AnswerMissing:
		r := o.timed(testResult(t, check.NoAnswer, "the program exited normally but wrote no answer to "+answerWhere(file)), run.Limits)
		if n := len(bytes.TrimSpace(o.Stdout)); n > 0 {
			r.Details = append([]string{fmt.Sprintf("it printed %d bytes on stdout; the assignment reads the answer from the output file", n)}, tail("stdout", o.Stdout, o.scrub())...)
		}
		return Judgement{Decided: true, Result: r}
	case AnswerReported:
		r, found := o.reported(a, t, report)
		return Judgement{Decided: true, Result: o.timed(r, run.Limits), Claims: found, Report: report}
	case AnswerNotFound:
		r := o.timed(testResult(t, check.NoAnswer, fmt.Sprintf("nothing in %s matches run.extract.moves (%s)", read.Where, run.Extract[ExtractMoves])), run.Limits)
		for _, s := range written {
			if s.Answer || s.Name == "stderr" && run.ReadStderr {
				r.Details = append(r.Details, tail(s.Name, s.Text, o.scrub())...)
			}
		}
		return Judgement{Decided: true, Result: r}
	}
	if len(bytes.TrimSpace(read.Answer)) == 0 && !t.Board.Equal(t.Goal.Board()) {
		where := "printed nothing on stdout"
		if run.Answer != "stdout" {
			where = "wrote an empty answer to " + answerWhere(file)
		}
		r := o.timed(testResult(t, check.NoAnswer, "the program exited normally but "+where), run.Limits)
		r.Details = tail("stderr", o.Stderr, o.scrub())
		return Judgement{Decided: true, Result: r}
	}
	return Judgement{Answer: read.Answer, Report: report}
}

// written is everything the program wrote, as ReadAnswer reads it: the
// answer's text (stdout, or the answer file unless it is missing), then
// stdout when the answer is a file, then stderr. file is the answer
// file's path in the working folder, "" for the {output} path.
func (o *RunOutcome) written(run RunStep, file string, text []byte, missing bool) []Stream {
	var out []Stream
	if run.Answer == "stdout" {
		out = append(out, Stream{Name: "stdout", Text: o.Stdout, Answer: true})
	} else {
		if !missing {
			out = append(out, Stream{Name: answerFileName(file), Text: text, Answer: true})
		}
		out = append(out, Stream{Name: "stdout", Text: o.Stdout})
	}
	return append(out, Stream{Name: "stderr", Text: o.Stderr})
}

// judgeRun is the verdict the run decides by how it ended, whatever it
// left; ok is false when it exited normally within its limits.
func (o *RunOutcome) judgeRun(run RunStep, t Test) (r Result, ok bool) {
	fail := func(v check.Verdict, format string, args ...any) Result {
		return testResult(t, v, fmt.Sprintf(format, args...))
	}
	timed := func(r Result) Result { return o.timed(r, run.Limits) }
	stderrTail := tail("stderr", o.Stderr, o.scrub())
	switch {
	case o.StartErr != nil:
		return fail(check.Crashed, "the command %s could not start: %v", QuoteWords(o.Command), o.StartErr), true
	case o.DiskExceeded:
		return timed(fail(check.OutputLimit, "took more than run.disk (%s) of disk in its working folder and temporary folders; stopped", run.Disk)), true
	case o.DiskFull && !o.Success() && !o.FileSizeExceeded:
		return fail(check.GraderError, "%s", o.diskFullSummary("run.disk", run.Disk)), true
	// Too much output is the better explanation of a run that also
	// timed out while printing it.
	case o.FileSizeExceeded:
		return timed(fail(check.OutputLimit, "wrote a file larger than run.output (%s); stopped", run.Output)), true
	case !o.Success() && o.AnswerFileSize >= int64(run.Output):
		// A runtime that ignores SIGXFSZ (CPython does) gets EFBIG at the
		// cap and dies of it; the cause is the size all the same.
		return timed(fail(check.OutputLimit, "wrote an answer as large as run.output (%s) and failed to write more", run.Output)), true
	case o.StdoutTruncated:
		return timed(fail(check.OutputLimit, "printed more than run.output (%s) on stdout", run.Output)), true
	case o.StderrTruncated:
		return timed(fail(check.OutputLimit, "printed more than run.output (%s) on stderr", run.Output)), true
	case o.TimedOut:
		r := timed(fail(check.Timeout, "still running after run.wall_time (%s); stopped with all its processes", run.WallTime))
		r.Details = o.stoppedProgress(run, t)
		return r, true
	case o.CPUExceeded:
		r := timed(fail(check.Timeout, "used more than run.cpu_time (%s) of CPU time; stopped", run.CPUTime))
		r.Details = o.stoppedProgress(run, t)
		return r, true
	case o.CPU > run.CPUTime.Std():
		// The kernel stops each process at run.cpu_time rounded up to
		// whole seconds; the limit is the whole program's, every process
		// and thread together, to the millisecond.
		return timed(fail(check.Timeout, "used %.2f s of CPU time in all its processes together, more than run.cpu_time (%s)", o.CPU.Seconds(), run.CPUTime)), true
	case o.MemoryExceeded && bytes.Contains(o.Stderr, []byte("OutOfMemoryError: Java heap space")):
		// The JVM's own heap (-Xmx in the command) ran out, not
		// run.memory.
		r := timed(fail(check.MemoryLimit, "ran out of Java heap space (the JVM's -Xmx, set in run.command or by the JVM's default; run.memory is %s)", run.Memory))
		r.Details = stderrTail
		return r, true
	case o.MemoryExceeded:
		r := timed(fail(check.MemoryLimit, "ran out of memory under run.memory (%s)", run.Memory))
		r.Details = stderrTail
		return r, true
	case !o.Success():
		summary := o.exitDescription()
		if n := len(stderrTail); n > 0 {
			summary += ": " + strings.TrimSpace(stderrTail[n-1])
		}
		r := timed(fail(check.Crashed, "%s", summary))
		r.Details = append(outsideFileHints(stderrTail), stderrTail...)
		return r, true
	}
	return Result{}, false
}

// answerText is the answer's text a run that exited normally left:
// stdout, or the answer file; missing is set when there is no answer
// file. decided is set when what it left decides the result r instead:
// a failure to read it, a file too large or not a regular file, or, when
// the disk was full, no file or not a regular one.
func (o *RunOutcome) answerText(run RunStep, t Test, file string) (text []byte, missing bool, r Result, decided bool) {
	if run.Answer == "stdout" {
		return o.Stdout, false, Result{}, false
	}
	fail := func(v check.Verdict, format string, args ...any) Result {
		return testResult(t, v, fmt.Sprintf(format, args...))
	}
	switch p := o.AnswerProblem; {
	case o.AnswerErr != nil:
		return nil, false, fail(check.GraderError, "cannot read the answer: %v", o.AnswerErr), true
	case p == "missing" && run.SaidUnsolvable(o.written(run, file, nil, true)) != "":
		// No answer file, but the program said there is no solution: a
		// full disk does not matter.
		return nil, true, Result{}, false
	case p != "" && p != "too large" && o.DiskFull:
		return nil, false, fail(check.GraderError, "%s", o.diskFullSummary("run.disk", run.Disk)), true
	case p == "missing":
		return nil, true, Result{}, false
	case p == "too large":
		return nil, false, o.timed(fail(check.OutputLimit, "wrote an answer larger than run.output (%s)", run.Output), run.Limits), true
	case p != "":
		return nil, false, o.timed(fail(check.Malformed, "%s holds %s, not an answer file", answerWhere(file), p), run.Limits), true
	}
	return o.AnswerFile, false, Result{}, false
}

// Checked is the result of test t once the checker has judged the answer
// Judge returned in j (rep): the checker's verdict, with j's notes first
// in the details, the run's times and the limits it came near, and a
// longer solution taken as valid when the test's claimed search does not
// promise a shortest one.
func (o *RunOutcome) Checked(a *Assignment, t Test, j Judgement, rep check.Report) Result {
	r := o.timed(ResultFromReport(t.Name, rep), a.Run.Limits)
	if len(j.Notes) > 0 {
		r.Details = append(append([]string(nil), j.Notes...), r.Details...)
	}
	anyLength(a, &r, t)
	return r
}

// JudgeBuild decides what the build's run comes to under build step b:
// failed is false when the build succeeded. A build that could not start,
// passed build.disk, build.wall_time or build.cpu_time, or failed is
// build-failed, with its output from its first compiler error; one that
// failed while the disk was full, within build.disk, is a grader error.
func (o *RunOutcome) JudgeBuild(b BuildStep) (r Result, failed bool) {
	fail := func(summary string) Result {
		details := append(buildLines("stderr", o.Stderr, o.scrub()), buildLines("stdout", o.Stdout, o.scrub())...)
		return Result{Verdict: check.BuildFailed, Summary: "the build step " + QuoteWords(o.Command) + " " + summary, Details: details,
			Seconds: o.Wall.Seconds(), CPUSeconds: o.CPU.Seconds()}
	}
	switch {
	case o.StartErr != nil:
		return fail(fmt.Sprintf("could not start: %v", o.StartErr)), true
	case o.DiskExceeded:
		return fail(fmt.Sprintf("took more than build.disk (%s) of disk and was stopped", b.Disk)), true
	case o.DiskFull && !o.Success():
		return Result{Verdict: check.GraderError, Summary: o.diskFullSummary("build.disk", b.Disk)}, true
	case o.TimedOut:
		return fail(fmt.Sprintf("took longer than build.wall_time (%s) and was stopped", b.WallTime)), true
	case o.CPUExceeded:
		return fail(fmt.Sprintf("used more than build.cpu_time (%s) and was stopped", b.CPUTime)), true
	case !o.Success():
		return fail(o.exitDescription()), true
	}
	return Result{}, false
}

// exitDescription says how a failed run ended.
func (o *RunOutcome) exitDescription() string {
	if o.Signal != "" {
		return "was killed by " + o.Signal
	}
	return fmt.Sprintf("exited with status %d", o.ExitCode)
}

// scrub is Scrub, or a replacer that replaces nothing.
func (o *RunOutcome) scrub() *strings.Replacer {
	if o.Scrub == nil {
		return strings.NewReplacer()
	}
	return o.Scrub
}

// diskFullSummary explains a failed run that was not over its disk
// budget (key) while the scratch file system was full: another run, or
// another process of the machine, filled it, so the failure is not the
// program's and the result is a grader error, which is not journaled and
// runs again with --resume.
func (o *RunOutcome) diskFullSummary(key string, budget ByteSize) string {
	return fmt.Sprintf("the program failed while the scratch disk was full, and it was within %s (%s; it took %s): another run or another process filled the disk, so this is not its result; it is not journaled, and --resume runs it again",
		key, budget, o.DiskUsed)
}

// timed gives r the run's times and, unless a limit decided r, the
// limits l it came near.
func (o *RunOutcome) timed(r Result, l Limits) Result {
	r.Seconds, r.CPUSeconds = roundSeconds(o.Wall), roundSeconds(o.CPU)
	switch r.Verdict {
	case check.Timeout, check.OutputLimit, check.MemoryLimit:
		// Decided by a limit it passed: another one it came near is
		// no news.
	default:
		r.NearLimit = o.nearLimits(l)
	}
	return r
}

// roundSeconds keeps times to the millisecond.
func roundSeconds(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond)) / float64(time.Second)
}

// nearShare is how close to a limit a run must come for its result to be
// marked (Result.NearLimit): within 10%.
const nearShare = 0.9

// nearLimits says which of limits l the run came within 10% of without
// passing them, one clause each ("wall time (run.wall_time 5s)"), ""
// when none: wall time, CPU time of the whole tree, stdout, stderr and
// the file at the output path. A limit the run passed is its verdict's
// business, not a mark. Memory is not marked: the limit is on address
// space, which no measure of the run gives (the resident size is far
// below it for any runtime that reserves). The clauses name limits, not
// measurements, so that the same verdicts read the same however the
// class was split over machines (the measured times are in Seconds and
// CPUSeconds, shown with results.times).
func (o *RunOutcome) nearLimits(l Limits) string {
	var out []string
	near := func(used, limit float64) bool { return limit > 0 && used >= nearShare*limit && used <= limit }
	seconds := func(what, key string, used time.Duration, limit Duration) {
		if near(used.Seconds(), limit.Std().Seconds()) {
			out = append(out, fmt.Sprintf("%s (%s %s)", what, key, limit))
		}
	}
	size := func(what string, used int64, limit ByteSize) {
		if near(float64(used), float64(limit)) {
			out = append(out, fmt.Sprintf("%s (run.output %s)", what, limit))
		}
	}
	if !o.TimedOut {
		seconds("wall time", "run.wall_time", o.Wall, l.WallTime)
	}
	if !o.CPUExceeded {
		seconds("CPU time", "run.cpu_time", o.CPU, l.CPUTime)
	}
	if !o.StdoutTruncated {
		size("stdout", int64(len(o.Stdout)), l.Output)
	}
	if !o.StderrTruncated {
		size("stderr", int64(len(o.Stderr)), l.Output)
	}
	if !o.FileSizeExceeded && o.AnswerFileSize >= 0 {
		size("answer file", o.AnswerFileSize, l.Output)
	}
	return strings.Join(out, "; ")
}

// stoppedProgress says how far a program that ran out of time had got:
// how much of an answer it had written (to the answer file, or to stdout
// when the assignment reads the answer there), and the optimal length it
// was after when the key gives one.
func (o *RunOutcome) stoppedProgress(run RunStep, t Test) []string {
	var written []byte
	where := "its answer file"
	if run.Answer == "stdout" {
		written, where = o.Stdout, "stdout"
	} else if o.AnswerErr == nil && o.AnswerProblem == "" {
		written = o.AnswerFile
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

// reported judges a report (run.solution: reported) that lists no path:
// the length the program reports (run.extract.length, the last match,
// in stdout and the report) against the puzzle's proven optimum, with
// the report's last lines kept in the details. No move is checked, so
// the result is Unchecked (the rubric caps its points at
// rubric.reported) and its summary says so; a search that does not
// promise a shortest path (claims, groups) has a longer length called
// valid, still capped. found is false when the report gives no length:
// the result is then no-answer.
func (o *RunOutcome) reported(a *Assignment, t Test, report []byte) (r Result, found bool) {
	text := report
	if a.Run.Answer != "stdout" {
		text = append(append(append([]byte(nil), o.Stdout...), '\n'), report...)
	}
	r = Result{Test: t.Name, Solvable: t.Solvable, OptimalLength: t.Optimum.KnownLength()}
	trace := tail("report", report, o.scrub())
	claims, problems := a.Run.ExtractClaims(text)
	if claims.Length == nil {
		r.Verdict = check.NoAnswer
		r.Summary = fmt.Sprintf("the program reports no solution: nothing in its output matches run.extract.length (%s)", a.Run.Extract[ExtractLength])
		r.Details = append(problems, trace...)
		return r, false
	}
	n := *claims.Length
	r.Length = n
	r.Unchecked = true
	rub := a.Rubric.ForTest(t.Name)
	unchecked := "its moves are not listed, so the length is its claim, not checked: " + reportedShare(rub)
	switch {
	case !t.Solvable:
		r.Verdict = check.Incomplete
		r.Summary = fmt.Sprintf("reports a solution of %d moves, but the puzzle has no solution", n)
	case !t.Optimum.Known:
		r.Verdict = check.Valid
		r.Summary = fmt.Sprintf("reports a solution of %d moves; the optimal length is not known, so it is not verified (%s)", n, unchecked)
	case n < t.Optimum.Length:
		r.Verdict = check.Incomplete
		r.Summary = fmt.Sprintf("reports a solution of %d moves, but the optimal length is %d: no solution is that short", n, t.Optimum.Length)
	case n == t.Optimum.Length:
		r.Verdict = check.Optimal
		r.Summary = fmt.Sprintf("reports a solution of %d moves, the optimal length (%s)", n, unchecked)
	case rub.AnyLength:
		r.Verdict = check.Valid
		r.Summary = fmt.Sprintf("reports a solution of %d moves; %s does not promise a shortest solution, so any length is valid (the optimal length is %d), but %s",
			n, a.ExpectedSearch(t.Name), t.Optimum.Length, unchecked)
	default:
		r.Verdict = check.Suboptimal
		r.Summary = fmt.Sprintf("reports a solution of %d moves; the optimal length is %d (%s)", n, t.Optimum.Length, unchecked)
	}
	r.Details = trace
	return r, true
}

// reportedShare says what an unchecked length earns at most under rub:
// "it earns at most half of the test's points (rubric.reported)".
func reportedShare(rub Rubric) string {
	share := *rub.Reported
	var words string
	switch share {
	case 0:
		return "it earns no points (rubric.reported 0)"
	case 0.5:
		words = "half"
	case 1:
		return "it earns the points of a checked path all the same (rubric.reported 1)"
	default:
		words = strconv.FormatFloat(100*share, 'f', -1, 64) + "%"
	}
	return "it earns at most " + words + " of the test's points (rubric.reported)"
}

// anyLength judges a solved answer longer than the optimum as valid
// when the test's claimed search (claims, groups) does not promise a
// shortest solution: a depth-first search's path is judged as such a
// path, not as a failed attempt at a shortest one.
func anyLength(a *Assignment, r *Result, t Test) {
	if r.Verdict != check.Suboptimal || !a.Rubric.ForTest(t.Name).AnyLength {
		return
	}
	r.Verdict = check.Valid
	r.Summary = fmt.Sprintf("solved in %d moves; %s does not promise a shortest solution, so any solution is valid (the optimal length is %d)",
		r.Length, a.ExpectedSearch(t.Name), *r.OptimalLength)
}

// answerFileName names the answer file in results: its path in the
// working folder (Assignment.AnswerPath), or "answer file" for the
// {output} path ("").
func answerFileName(file string) string {
	if file != "" {
		return file
	}
	return "answer file"
}

// answerWhere names where the program was to write its answer file, at
// file in its working folder or ("") at the {output} path.
func answerWhere(file string) string {
	if file != "" {
		return file + " in its working folder"
	}
	return "the output path it was given"
}

// testResult is a result of test t with verdict v and summary.
func testResult(t Test, v check.Verdict, summary string) Result {
	return Result{Test: t.Name, Verdict: v, Solvable: t.Solvable, OptimalLength: t.Optimum.KnownLength(), Summary: summary}
}
