package check

// Verdict is the outcome of one answer (or of one run of a student's
// program that should have produced an answer). The strings are part of
// the command-line contract and of every result file.
type Verdict string

// Verdicts on an answer, as `kpuzzle check` gives them.
const (
	// Optimal: every move is legal, the goal is reached, and no shorter
	// solution exists.
	Optimal Verdict = "optimal"
	// Suboptimal: legal and solved, but longer than the optimal length.
	Suboptimal Verdict = "suboptimal"
	// Valid: legal and solved, but the optimal length could not be proved
	// in the time allowed, so optimality is not verified.
	Valid Verdict = "valid"
	// Illegal: some move takes the blank off the board.
	Illegal Verdict = "illegal"
	// Incomplete: every move is legal but the final board is not the goal.
	Incomplete Verdict = "incomplete"
	// UnsolvableCorrect: the answer says UNSOLVABLE and the puzzle has no
	// solution.
	UnsolvableCorrect Verdict = "unsolvable-correct"
	// UnsolvableWrong: the answer says UNSOLVABLE but the puzzle can be
	// solved.
	UnsolvableWrong Verdict = "unsolvable-wrong"
	// Malformed: the answer cannot be read (a bad token, binary data, a
	// line or file over the limits).
	Malformed Verdict = "malformed"
)

// Verdicts on a run of a student's program that left no answer to check.
// Only the grader gives them.
const (
	// NoAnswer: the program exited normally but wrote no answer.
	NoAnswer Verdict = "no-answer"
	// Timeout: the program was still running at the wall or CPU time
	// limit and was killed with all its children.
	Timeout Verdict = "timeout"
	// Crashed: the program exited with a non-zero status or was killed by
	// a signal other than the grader's.
	Crashed Verdict = "crashed"
	// OutputLimit: the program wrote more than the output limit (answer
	// file, stdout or stderr) and was stopped.
	OutputLimit Verdict = "output-limit"
	// MemoryLimit: the program ran out of the memory it was allowed.
	MemoryLimit Verdict = "memory-limit"
	// BuildFailed: the assignment's build step failed, so no test could
	// run.
	BuildFailed Verdict = "build-failed"
	// GraderError: the grader itself could not run the test (for example
	// the disk was full). It is never the student's fault and is reported
	// loudly so that the test can be run again.
	GraderError Verdict = "grader-error"
)

// Verdicts lists every verdict, the answer verdicts first.
var Verdicts = []Verdict{
	Optimal, Suboptimal, Valid, Illegal, Incomplete, UnsolvableCorrect, UnsolvableWrong, Malformed,
	NoAnswer, Timeout, Crashed, OutputLimit, MemoryLimit, BuildFailed, GraderError,
}

// Tone is how a verdict is coloured wherever it is shown: kpuzzle check,
// the replay page, the browser checker and the summary page's counts all
// take it from Verdict.Tone, so a verdict looks the same everywhere.
type Tone string

// Tones.
const (
	// ToneGood: the answer is right (optimal, or correctly unsolvable).
	ToneGood Tone = "good"
	// ToneWarn: solved, but longer than the optimum or not proved optimal.
	ToneWarn Tone = "warn"
	// ToneBad: everything else, run verdicts included.
	ToneBad Tone = "bad"
)

// Tone says how the verdict is coloured.
func (v Verdict) Tone() Tone {
	switch v {
	case Optimal, UnsolvableCorrect:
		return ToneGood
	case Valid, Suboptimal:
		return ToneWarn
	}
	return ToneBad
}

// Accepted reports whether the verdict accepts the answer: optimal,
// unsolvable-correct, and valid (solved, optimality not verified).
// `kpuzzle check` exits 0 exactly for these.
func (v Verdict) Accepted() bool {
	return v == Optimal || v == UnsolvableCorrect || v == Valid
}

// Solved reports whether the answer is legal and reaches the goal.
func (v Verdict) Solved() bool {
	return v == Optimal || v == Suboptimal || v == Valid
}

// FromRun reports whether the verdict is about the run rather than about an
// answer (the program left nothing to check).
func (v Verdict) FromRun() bool {
	switch v {
	case NoAnswer, Timeout, Crashed, OutputLimit, MemoryLimit, BuildFailed, GraderError:
		return true
	}
	return false
}

// Known reports whether v is one of the verdicts above.
func (v Verdict) Known() bool {
	for _, k := range Verdicts {
		if v == k {
			return true
		}
	}
	return false
}
