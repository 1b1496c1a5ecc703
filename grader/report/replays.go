package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// ReplaysDir is the folder, inside the output folder, of the replay
// pages: ReplaysDir/STUDENT/NN-TEST.html.
const ReplaysDir = "replays"

// ReplayFile is the slash-separated path, relative to the output folder,
// of the replay page of test i (an index into Tests) of s:
// replays/STUDENT/NN-TEST.html, where NN is the test's number (as wide
// as the largest) and TEST its name with every character other than a
// letter, digit, dot, dash or underscore replaced by an underscore.
func (gb Gradebook) ReplayFile(s Submission, i int) string {
	t := gb.Tests[i]
	width := len(strconv.Itoa(len(gb.Tests)))
	return fmt.Sprintf("%s/%s/%0*d-%s.html", ReplaysDir, grader.FileName(s.Name), width, t.Number, fileSafe(t.Name))
}

func fileSafe(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
}

// HasAnswer reports whether the result of test i of s was judged on an
// answer the program left (so that a replay page can show it), rather
// than on a run that left none.
func (gb Gradebook) HasAnswer(s Submission, i int) bool {
	return !s.Results[i].Verdict.FromRun()
}

// ReplayPage is the replay page of test i of submission s, whose answer
// file (as the grader read it) is answer, read as its check read it
// (grader.Result.ReadKept: the result's notation and lines, ro's words
// and move convention): the grader's verdict, summary and optimal
// length, and for a hidden test a note saying so. An answer that does
// not parse is shown as such.
func (gb Gradebook) ReplayPage(s Submission, i int, answer []byte, ro notation.Options) replay.Page {
	t, r := gb.Tests[i], s.Results[i]
	p := replay.Page{
		Title:         fmt.Sprintf("%s — test %d: %s", grader.Printable(s.Name), t.Number, t.Name),
		Start:         t.Board,
		Goal:          t.Goal,
		Convention:    ro.Convention,
		Verdict:       string(r.Verdict),
		Summary:       r.Summary,
		OptimalLength: r.OptimalLength,
		OffPath:       r.OffPath,
		Remaining:     r.Remaining,
	}
	if r.OptimalLength != nil && t.Optimum.Known {
		p.OptimalSource = t.Optimum.Source
	}
	if t.Hidden {
		p.Note = "this is a hidden test: students do not see it"
	}
	ans, err := r.ReadKept(answer, t, ro)
	if err != nil {
		p.AnswerError = err
	} else {
		p.Answer = ans
	}
	return p
}
