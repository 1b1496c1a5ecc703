package report

import (
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

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
		return []string{check.OffPathMoveLine(r.OffPath)}
	}
	switch gb.FeedbackSettings.OffPath {
	case grader.OffPathOff:
		return nil
	case grader.OffPathMove:
		if r.OffPath == nil {
			return nil
		}
		return []string{check.OffPathMoveLine(r.OffPath)}
	}
	return check.OffPathLines(r.OffPath, r.Remaining, r.OffPathUnknown, true)
}

// studentLines are the lines a test's output shows students beside its
// details: what its partial credit means (CreditLine), where the answer
// left every optimal path (OffPathLines), and on a test students see,
// the course's checker opened on the answer (CheckerLink).
func (gb Gradebook) studentLines(s Submission, i int, r grader.Result) []string {
	var out []string
	if line := gb.CreditLine(r); line != "" {
		out = append(out, line)
	}
	out = append(out, gb.OffPathLines(i, r)...)
	if link := gb.CheckerLink(s, i); link != "" {
		out = append(out, "watch your answer replayed: "+link)
	}
	return out
}

// CheckerLink is the link to the course's browser checker
// (feedback.checker_url) opened on the answer to test i of s — its
// verdict and its replay — or "" when there is none: no checker_url, a
// hidden test, no kept answer, an answer whose moves the link cannot
// write (linkAnswer), or a link too long to share.
func (gb Gradebook) CheckerLink(s Submission, i int) string {
	base := gb.FeedbackSettings.CheckerURL
	if base == "" || gb.Tests[i].Hidden || gb.answerOf == nil || gb.Tests[i].Board.IsZero() {
		return ""
	}
	answer := gb.answerOf(s, i)
	if answer == nil {
		return ""
	}
	t := gb.Tests[i]
	lines, ok := linkAnswer(s.Results[i], answer, t, gb.answers)
	if !ok {
		return ""
	}
	f := webcheck.Fragment{Cells: t.Board.Cells(), Convention: gb.Convention.String(), Goal: t.Goal.Name(), Answer: lines}
	if sh := t.Board.Shape(); sh.Rows != sh.Cols {
		f.Shape = sh
	}
	if g := t.Goal.Name(); g != puzzles.GoalDefault && g != puzzles.GoalBlankFirst {
		f.Goal = ""
	}
	frag := f.String()
	if len(frag) > webcheck.MaxLinkFragment {
		return ""
	}
	return strings.SplitN(base, "#", 2)[0] + "#" + frag
}

// linkAnswer is the answer a link to the checker carries: the moves the
// check read (Result.ReadKept), a letter each, so that the page reads
// them as the check did whatever notation, words or text around them the
// program wrote; UNSOLVABLE for the claim; and the answer's own lines
// when the check could not read it (the page says why). It reports
// false for an answer whose moves letters cannot write: an illegal move
// that is no slide at all (a tile number not beside the blank).
func linkAnswer(r grader.Result, answer []byte, t grader.Test, reading notation.Options) ([]string, bool) {
	if r.Verdict == check.Malformed {
		return strings.Split(strings.TrimRight(strings.ReplaceAll(string(answer), "\r\n", "\n"), "\n"), "\n"), true
	}
	a, err := r.ReadKept(answer, t, reading)
	switch {
	case err != nil || a.Illegal != nil:
		return nil, false
	case a.Unsolvable:
		return []string{puzzles.UnsolvableToken}, true
	}
	lines := make([]string, len(a.Tokens))
	for j, d := range a.Tokens {
		lines[j] = d.Letter()
	}
	return lines, true
}

// replayLink is the replay page of test i of s as the student's feedback
// file links it (from feedback/STUDENT.md), on a test students see; ""
// when there is none.
func (gb Gradebook) replayLink(s Submission, i int) string {
	if gb.Tests[i].Hidden || gb.replayOf == nil {
		return ""
	}
	if rel := gb.replayOf(s, i); rel != "" {
		return linkPath("../" + rel)
	}
	return ""
}
