package grader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Result is the outcome of one test of one submission: the verdict and
// the text that explains it. It holds no points; the rubric turns it into
// a score when reports are written, so the rubric can change without
// running anything again.
type Result struct {
	// Test is the test's name.
	Test    string        `json:"test"`
	Verdict check.Verdict `json:"verdict"`
	// Length is the number of moves in the answer.
	Length int `json:"length"`
	// OptimalLength is the optimal length when known.
	OptimalLength *int `json:"optimal_length"`
	// Solvable is the parity rule's verdict on the puzzle.
	Solvable bool `json:"solvable"`
	// Unchecked marks a verdict judged on a length the program reported
	// with no moves to check (run.solution: reported): the rubric gives
	// it at most rubric.reported of the test's points (Rubric.Cap).
	Unchecked bool `json:"unchecked,omitempty"`
	// Summary explains the verdict in one line.
	Summary string `json:"summary"`
	// Details are further lines: a board, a note, the tail of stderr.
	Details []string `json:"details,omitempty"`
	// Claims are the numbers the program printed about its run, found by
	// run.extract (nil without such patterns or when none matched).
	Claims *Claims `json:"claims,omitempty"`
	// Criteria are the test's sub-checks (the methods of a Java API, the
	// claims judged against claims.algorithm); the rubric gives them
	// points on top of the verdict's (see ScoredCriteria).
	Criteria []Criterion `json:"checks,omitempty"`
	// Seconds is the run's wall time and CPUSeconds its CPU time.
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	// Integrity lists the kpuzzle programs the run executed that refused
	// to work inside it (see IntegrityFinding), as they told the grader.
	Integrity []IntegrityFinding `json:"integrity,omitempty"`
	// NearLimit, when set, says which limits the run came within 10% of
	// without passing them, one clause each, separated by "; " ("wall
	// time (run.wall_time 5s)"): the verdict was decided so close to a
	// limit that a busier or a quieter machine might have decided it
	// otherwise. A verdict decided by a limit (timeout, output-limit,
	// memory-limit) has none.
	NearLimit string `json:"near_limit,omitempty"`
	// OffPath, Remaining and OffPathUnknown are the checker's
	// (Report.OffPath ...): where a suboptimal or incomplete answer left
	// every optimal path. They are kept apart from Details so that each
	// report shows them by the test's visibility and the assignment's
	// feedback settings (a hidden test never shows its board).
	OffPath        *check.OffPath `json:"off_path,omitempty"`
	Remaining      *int           `json:"remaining,omitempty"`
	OffPathUnknown string         `json:"off_path_unknown,omitempty"`
	// IllegalMove is, for an illegal answer, the 1-based number of its
	// first illegal move.
	IllegalMove int `json:"illegal_move,omitempty"`
	// AnswerDigest fingerprints the moves of an answer that was read
	// (AnswerDigest), so that the class report can find the same answer
	// handed in twice; empty when no answer was read.
	AnswerDigest string `json:"answer_digest,omitempty"`
	// Notation and AnswerLines are how the check read the answer: its
	// notation, and the lines of what the program wrote it stood on (nil
	// for the whole of it). Whatever reads a kept answer afterwards (the
	// replay pages, the PrairieLearn picture, the checker link) reads it
	// with them (ReadKept), never detecting the notation or looking for
	// the answer again. Notation is auto, and omitted, when no answer was
	// read, and in the journals of kpuzzle before 2026-11.
	Notation    notation.Notation `json:"notation,omitempty"`
	AnswerLines *notation.Span    `json:"answer_lines,omitempty"`
	// Rerun, when set, says that the test timed out beside other runs
	// and was run again alone, and how the first run went; this result
	// is the second run's. It is kept out of the feedback and the result
	// files, which must read the same however many tests ran at once
	// (one machine or a class split in shards), and shown by grade
	// --json and in its summary line.
	Rerun string `json:"rerun,omitempty"`
	// Varies, when set, says that the program answered otherwise when
	// the test was run again (run.recheck): its answers vary run to run,
	// so a regrade may differ. The details say it too.
	Varies string `json:"varies,omitempty"`
}

// ResultFromReport turns a checker's report into a test result. An
// answer read in another notation than one move per line, or found among
// other text, says so in the details.
func ResultFromReport(test string, r check.Report) Result {
	details := r.VerdictDetails()
	if n := r.Notation; n != notation.Auto && n != notation.Lines {
		details = append(details, fmt.Sprintf("the answer was read as %s (answer format %s)", n.Description(), n))
	}
	if r.AnswerBlock != "" {
		details = append(details, fmt.Sprintf("the answer was found at %s of what the program wrote, among other text", r.AnswerBlock))
	}
	res := Result{
		Test:           test,
		Verdict:        r.Verdict,
		Length:         r.Length,
		OptimalLength:  r.OptimalLength,
		Solvable:       r.Solvable,
		Summary:        r.Summary(),
		Details:        details,
		OffPath:        r.OffPath,
		Remaining:      r.Remaining,
		OffPathUnknown: r.OffPathUnknown,
		AnswerDigest:   AnswerDigest(r),
		IllegalMove:    r.Move,
	}
	if r.Answer != nil {
		res.Notation = r.Notation
		if !r.Span.IsZero() {
			span := r.Span
			res.AnswerLines = &span
		}
	}
	return res
}

// ReadKept reads the answer the result's check read, kept as data (the
// program's answer file or output, as the grader read it), for test t:
// in the notation it was read in, on the lines it stood on, with
// reading's words and move convention (the assignment's AnswerReading).
// A result that does not say how (a journal of an older kpuzzle) is read
// as reading says, detecting what it must. A malformed answer is not
// read: its error is the check's (the result's summary).
func (r Result) ReadKept(data []byte, t Test, reading notation.Options) (puzzles.Answer, error) {
	if r.Verdict == check.Malformed {
		return puzzles.Answer{}, errors.New(r.Summary)
	}
	reading.Start = t.Board
	reading.Limits = puzzles.AnswerLimits{MaxBytes: int64(len(data)) + 1}
	if r.Notation != notation.Auto {
		reading.Notation = r.Notation
		reading.Block = notation.Block{}
		if r.AnswerLines != nil {
			reading.Block.Lines = *r.AnswerLines
		}
	}
	a, _, err := notation.Read(bytes.NewReader(data), "answer", reading)
	return a, err
}

// AnswerDigest fingerprints the moves of the answer a report read, as
// the blank's directions (so that the same moves written in another
// notation or convention give the same digest), with its illegal move
// and how many moves followed it; "" for an answer that was not read or
// claims UNSOLVABLE.
func AnswerDigest(r check.Report) string {
	a := r.Answer
	if a == nil || a.Unsolvable {
		return ""
	}
	conv, err := puzzles.ParseConvention(r.Convention)
	if err != nil {
		return ""
	}
	var sb strings.Builder
	for _, d := range a.Path(conv) {
		sb.WriteString(d.Letter())
	}
	if a.Illegal != nil {
		fmt.Fprintf(&sb, "!%s+%d", a.Illegal.Token, a.AfterIllegal)
	}
	sum, _ := Digest(strings.NewReader(sb.String()))
	return sum
}

// Score is what the result earns under the rubric (normalized): its
// verdict's points plus its checks' (ScoredCriteria).
func (r Result) Score(rub Rubric) float64 {
	rub = rub.ForTest(r.Test)
	total := r.VerdictScore(rub)
	for _, c := range r.ScoredCriteria(rub) {
		total += c.Points
	}
	return RoundPoints(total)
}

// Max is what the result's test is worth under the rubric: its verdict's
// points plus those of every check the rubric expects on it.
func (r Result) Max(rub Rubric) float64 {
	rub = rub.ForTest(r.Test)
	return RoundPoints(r.VerdictMax(rub) + rub.CriteriaMax(r.Solvable))
}

// VerdictScore is what the result's verdict earns, without its checks:
// at most rubric.reported of the test's points when its moves were not
// checked (Unchecked).
func (r Result) VerdictScore(rub Rubric) float64 {
	rub = rub.ForTest(r.Test)
	opt := 0
	if r.OptimalLength != nil {
		opt = *r.OptimalLength
	}
	return RoundPoints(rub.Cap(r, rub.Score(r.Verdict, r.Length, opt, r.Solvable)))
}

// VerdictMax is what the verdict of the result's test can earn, without
// its checks.
func (r Result) VerdictMax(rub Rubric) float64 {
	return RoundPoints(rub.ForTest(r.Test).Max(r.Solvable))
}

// RoundPoints rounds points to four decimals, so that reports print the
// same figures on every machine.
func RoundPoints(p float64) float64 {
	return math.Round(p*1e4) / 1e4
}

// Digest hashes a stream (for example a puzzle file) to a short hex
// string.
func Digest(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("digest: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// FilesReceived is what a submission held, shown to the student so that a
// wrong upload (a zipped folder, a misnamed file, nothing) is plain.
// Its names and hints are text to show, already made Printable (as
// batch.ReceivedFiles makes them): a student's file name never reaches a
// report raw.
type FilesReceived struct {
	// Files are the submission's files, slash-separated paths in order,
	// at most MaxListedFiles of them.
	Files []string `json:"files"`
	// More counts the files not listed.
	More int `json:"more,omitempty"`
	// Missing are the files the assignment needs (ExpectedFiles) that the
	// submission does not hold.
	Missing []string `json:"missing,omitempty"`
	// Hints say, one line each, what was probably meant: a file of that
	// name in another case or folder, an archive that was not unpacked.
	Hints []string `json:"hints,omitempty"`
}

// MaxListedFiles caps FilesReceived.Files.
const MaxListedFiles = 50

// OK reports whether no expected file is missing.
func (f FilesReceived) OK() bool { return len(f.Missing) == 0 }

// Summary is one line: what was received, or which expected file is
// missing and what was received instead.
func (f FilesReceived) Summary() string {
	n := len(f.Files) + f.More
	got := fmt.Sprintf("%d files received", n)
	switch n {
	case 0:
		got = "nothing was received"
	case 1:
		got = "1 file received: " + f.Files[0]
	}
	if f.OK() {
		return got
	}
	s := fmt.Sprintf("missing %s, which the assignment runs; %s", strings.Join(f.Missing, ", "), got)
	if len(f.Hints) > 0 {
		s += " (" + f.Hints[0] + ")"
	}
	return s
}

// Person is one submitter of a submission, as a course's export names
// them (Gradescope's submission metadata).
type Person struct {
	Name  string `json:"name"`
	SID   string `json:"sid"`
	Email string `json:"email"`
}

// IntegrityFinding is something a submission brought or did that course
// staff should look at: a build of kpuzzle, kpuzzle's tables or answer
// keys, an executable in an assignment whose language makes none, a copy
// of kpuzzle's source (found in its files before the first run, see
// package integrity), or a kpuzzle program that a test's run executed and
// that refused to work.
type IntegrityFinding struct {
	// File is the file's path relative to the submission (with slashes),
	// or for a run, the program's path as the run saw it.
	File string `json:"file"`
	// Finding says what was found, in words a student may read.
	Finding string `json:"finding"`
	// Notice marks what could not be inspected (an unreadable file, one
	// past the size or time budget): reported, but no reason to score
	// the submission 0 under integrity: zero.
	Notice bool `json:"notice,omitempty"`
}

// String is "FILE: FINDING".
func (f IntegrityFinding) String() string { return f.File + ": " + f.Finding }
