package report

import "github.com/kpuzzle/kpuzzle/grader"

// OffPathLines is what a student is told of where the answer of test i
// (an index into Tests) left every optimal path, one string per line:
// on a test students see, by feedback.off_path — the move, the board
// before it and the moves that stayed optimal (show, the default), or
// the move's number only (move); on a hidden test, by
// feedback.off_path_hidden — nothing (none, the default) or the move's
// number only, never its board. Staff pages (the summary, the replays)
// show everything.
func (gb Gradebook) OffPathLines(i int, r grader.Result) []string {
	t := gb.Tests[i]
	if t.Hidden {
		if gb.FeedbackSettings.OffPathHidden != grader.OffPathMove || r.OffPath == nil {
			return nil
		}
		return []string{grader.OffPathMoveLine(r.OffPath)}
	}
	switch gb.FeedbackSettings.OffPath {
	case grader.OffPathOff:
		return nil
	case grader.OffPathMove:
		if r.OffPath == nil {
			return nil
		}
		return []string{grader.OffPathMoveLine(r.OffPath)}
	}
	return grader.OffPathLines(r.OffPath, r.Remaining, r.OffPathUnknown, true)
}

// studentLines are the lines a test's output shows students beside its
// details: what its partial credit means (CreditLine) and where the
// answer left every optimal path (OffPathLines).
func (gb Gradebook) studentLines(i int, r grader.Result) []string {
	var out []string
	if line := gb.CreditLine(r); line != "" {
		out = append(out, line)
	}
	return append(out, gb.OffPathLines(i, r)...)
}
