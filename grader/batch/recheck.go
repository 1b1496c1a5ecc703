package batch

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
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
func varies(first grader.Result, firstAnswer []byte, second grader.Result, secondAnswer []byte) string {
	a, b := answered(first, firstAnswer), answered(second, secondAnswer)
	if a == "" || b == "" || a == b {
		return ""
	}
	what := func(r grader.Result) string {
		if r.AnswerDigest == "" {
			return string(r.Verdict)
		}
		return fmt.Sprintf("%d moves (%s)", r.Length, r.Verdict)
	}
	if first.Verdict == second.Verdict && first.Length == second.Length && first.AnswerDigest != "" && second.AnswerDigest != "" {
		return fmt.Sprintf("this program's answers vary run to run: run again, it answered other moves of the same length (%d, %s) than this run; this run counts, and a regrade may differ", first.Length, first.Verdict)
	}
	return fmt.Sprintf("this program's answers vary run to run: run again, it answered %s where this run answered %s; this run counts, and a regrade may differ", what(second), what(first))
}

// answered is what a run answered, for comparing two runs: its verdict
// and the moves its check read, as the result's AnswerDigest has them
// (so that two answers written with other text around the same moves,
// a time printed beside them, compare equal), or the answer's bytes when
// the check could not read it; "" for a run decided by a limit or the
// grader.
func answered(r grader.Result, answer []byte) string {
	switch r.Verdict {
	case check.Timeout, check.OutputLimit, check.MemoryLimit, check.GraderError, check.BuildFailed:
		return ""
	}
	key := string(r.Verdict) + "\x00" + r.AnswerDigest
	if r.AnswerDigest == "" && r.Verdict == check.Malformed {
		key += "\x00" + string(answer)
	}
	return key
}
