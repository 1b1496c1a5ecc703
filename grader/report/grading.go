package report

import (
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
)

// FromOutcome is the gradebook of a grading: the tests, results, files
// received and integrity findings of batch.Grade's outcome (or of
// batch.Merge's), with the roster that names the students.
func FromOutcome(a grader.Assignment, o batch.Outcome, roster Roster) Gradebook {
	gb := NewGradebook(a, o.Tests, o.Results)
	gb.SetReceived(o.Received)
	gb.SetIntegrity(o.Integrity)
	gb.SetRoster(roster)
	return gb
}

// WriteGrading writes the output folder out of a grading (WriteFolder) from
// its outcome and returns the gradebook (FromOutcome). The replays, their
// move convention and the answers' notation are the assignment's
// (results.replays, moves, answer.*), whatever opts says. When the
// grader itself failed on a test (o.GraderErrors), opts.ResultsJSON is not
// written: a grader failure must reach Gradescope as a failed autograder
// run, never as a stored score.
func WriteGrading(out string, a grader.Assignment, o batch.Outcome, roster Roster, opts FolderOptions) (Gradebook, error) {
	gb := FromOutcome(a, o, roster)
	opts.Replays, opts.Answers = a.Results.ReplaysOn(), a.AnswerReading()
	if o.GraderErrors > 0 {
		opts.ResultsJSON = ""
	}
	return gb, gb.WriteFolder(out, opts)
}
