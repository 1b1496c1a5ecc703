package batch

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// How the grader knows that a program's answers vary run to run, which
// the pins of pin.go cannot prevent (randomness drawn from the kernel or
// the clock): it runs a test a second time, right after the first, in
// the same worker, and compares what the two runs answered
// (run.recheck). By default that is each submission's first visible
// test whose puzzle is solvable, one more run per submission; "all" runs
// every test twice, "none" none. The first run's result counts; a
// difference is named in it (Result.Varies and its details) and warned
// of. A run decided by a limit (timeout, output-limit, memory-limit) or
// by the grader is not compared: a busy machine, not the program, may
// have decided it.

// variesWarning is the warning for a submission whose test answered
// otherwise when run again.
const variesWarning = "this program's answers vary run to run: a test answered otherwise when run again, so a regrade may differ"

// rechecks reports whether test t runs twice.
func (g *grading) rechecks(t grader.Test) bool {
	switch g.opts.Assignment.Run.Recheck {
	case grader.RecheckNone:
		return false
	case grader.RecheckAll:
		return true
	}
	for _, u := range g.out.Tests {
		if !u.Hidden && u.Solvable {
			return u.Name == t.Name
		}
	}
	return false
}

// varies compares a test's two runs (their results and the answers they
// left, nil for none) and says how they differ, "" when they answered
// the same or cannot be compared.
func (g *grading) varies(t grader.Test, first grader.Result, firstAnswer []byte, second grader.Result, secondAnswer []byte) string {
	a, b := g.answered(t, first, firstAnswer), g.answered(t, second, secondAnswer)
	if a == "" || b == "" || a == b {
		return ""
	}
	what := func(r grader.Result, moves string) string {
		if moves == "" || r.Verdict == check.UnsolvableCorrect || r.Verdict == check.UnsolvableWrong {
			return string(r.Verdict)
		}
		return fmt.Sprintf("%d moves (%s)", r.Length, r.Verdict)
	}
	am, bm := g.moves(t, firstAnswer), g.moves(t, secondAnswer)
	if first.Verdict == second.Verdict && first.Length == second.Length && am != "" && bm != "" {
		return fmt.Sprintf("this program's answers vary run to run: run again, it answered other moves of the same length (%d, %s) than this run; this run counts, and a regrade may differ", first.Length, first.Verdict)
	}
	return fmt.Sprintf("this program's answers vary run to run: run again, it answered %s where this run answered %s; this run counts, and a regrade may differ", what(second, bm), what(first, am))
}

// answered is what a run answered, for comparing two runs: its verdict
// and the moves it made; "" for a run decided by a limit or the grader.
func (g *grading) answered(t grader.Test, r grader.Result, answer []byte) string {
	switch r.Verdict {
	case check.Timeout, check.OutputLimit, check.MemoryLimit, check.GraderError, check.BuildFailed:
		return ""
	}
	return string(r.Verdict) + "\x00" + g.moves(t, answer)
}

// moves is the answer read as the assignment reads it, as letters
// (UNSOLVABLE for the claim), so that two answers written with other
// text around the same moves (a time printed beside them) compare equal;
// the answer's bytes when it cannot be read, "" for none.
func (g *grading) moves(t grader.Test, answer []byte) string {
	if answer == nil {
		return ""
	}
	ro := g.opts.Assignment.AnswerReading()
	ro.Start, ro.Limits = t.Board, puzzles.AnswerLimits{MaxBytes: int64(len(answer)) + 1}
	a, _, err := notation.Read(bytes.NewReader(answer), "answer", ro)
	if err != nil {
		return "unread:" + string(answer)
	}
	if a.Unsolvable {
		return puzzles.UnsolvableToken
	}
	var sb strings.Builder
	for _, d := range a.Tokens {
		sb.WriteString(d.Letter())
	}
	if a.Illegal != nil {
		fmt.Fprintf(&sb, "!%s@%d", a.Illegal.Token, a.Illegal.Line)
	}
	return sb.String()
}
