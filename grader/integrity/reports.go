package integrity

import (
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// maxReports caps the reports kept from one run: a program that floods
// its socket cannot grow the result.
const maxReports = 8

// finding turns a refusal report into a finding of the test.
func finding(r runguard.Report) grader.IntegrityFinding {
	file := r.Executable
	if file == "" {
		file = "(a program of the run)"
	}
	what := r.What
	if what == "" {
		what = "kpuzzle"
	}
	return grader.IntegrityFinding{File: file, Finding: "the run executed a kpuzzle program (" + what + "), which refused to work"}
}
