package integrity

import (
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// maxReports caps the reports kept from one run: a program that floods
// its socket cannot grow the result.
const maxReports = 8

// finding turns a refusal report into a finding of the test. Anything of
// the run's can write to its socket, so the fields are escaped
// (grader.Printable) and cut short: a forged report can only flag the run
// that sent it, and cannot drive a terminal or spoof a report.
func finding(r runguard.Report) grader.IntegrityFinding {
	file := clip(r.Executable, 300)
	if file == "" {
		file = "(a program of the run)"
	}
	what := clip(r.What, 60)
	if what == "" {
		what = "kpuzzle"
	}
	return grader.IntegrityFinding{File: file, Finding: "the run executed a kpuzzle program (" + what + "), which refused to work"}
}

// clip escapes s and keeps at most n runes of it.
func clip(s string, n int) string {
	r := []rune(grader.Printable(s))
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return string(r)
}
