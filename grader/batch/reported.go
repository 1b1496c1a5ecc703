package batch

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// said is what a program printed: stdout, and stderr after it when
// stderr is read (run.read_stderr).
func said(res sandbox.Result, stderr bool) []byte {
	if !stderr {
		return res.Stdout
	}
	return append(append(append([]byte(nil), res.Stdout...), '\n'), res.Stderr...)
}

// reportedResult judges a report (run.solution: reported): the length
// the program reports (run.extract.length, the last match, in stdout and
// the report) against the puzzle's proven optimum, with the report's
// last lines kept in the details. found is false when the report gives
// no length: the result is then no-answer.
func (g *grading) reportedResult(t grader.Test, report, stdout []byte, scrub *strings.Replacer) (r grader.Result, found bool) {
	a := g.opts.Assignment
	text := report
	if a.Run.Answer != "stdout" {
		text = append(append(append([]byte(nil), stdout...), '\n'), report...)
	}
	r = grader.Result{Test: t.Name, Solvable: t.Solvable, OptimalLength: knownLength(t.Optimum)}
	trace := tail("report", report, scrub)
	claims, problems := a.Run.ExtractClaims(text)
	if claims.Length == nil {
		r.Verdict = grader.NoAnswer
		r.Summary = fmt.Sprintf("the program reports no solution: nothing in its output matches run.extract.length (%s)", a.Run.Extract[grader.ExtractLength])
		r.Details = append(problems, trace...)
		return r, false
	}
	n := *claims.Length
	r.Length = n
	const listed = "its moves are not listed, so the reported length is judged"
	switch {
	case !t.Solvable:
		r.Verdict = grader.Incomplete
		r.Summary = fmt.Sprintf("reports a solution of %d moves, but the puzzle has no solution", n)
	case !t.Optimum.Known:
		r.Verdict = grader.Valid
		r.Summary = fmt.Sprintf("reports a solution of %d moves; the optimal length is not known, so it is not verified (%s)", n, listed)
	case n < t.Optimum.Length:
		r.Verdict = grader.Incomplete
		r.Summary = fmt.Sprintf("reports a solution of %d moves, but the optimal length is %d: no solution is that short", n, t.Optimum.Length)
	case n == t.Optimum.Length:
		r.Verdict = grader.Optimal
		r.Summary = fmt.Sprintf("reports a solution of %d moves, the optimal length (%s)", n, listed)
	default:
		r.Verdict = grader.Suboptimal
		r.Summary = fmt.Sprintf("reports a solution of %d moves; the optimal length is %d (%s)", n, t.Optimum.Length, listed)
	}
	g.anyLength(&r, t)
	r.Details = trace
	return r, true
}

// anyLength judges a solved answer longer than the optimum as valid
// when the test's claimed search (claims, groups) does not promise a
// shortest solution: a depth-first search's path is judged as such a
// path, not as a failed attempt at a shortest one.
func (g *grading) anyLength(r *grader.Result, t grader.Test) {
	a := g.opts.Assignment
	if r.Verdict != grader.Suboptimal || !a.Rubric.ForTest(t.Name).AnyLength {
		return
	}
	r.Verdict = grader.Valid
	r.Summary = fmt.Sprintf("solved in %d moves; %s does not promise a shortest solution, so any solution is valid (the optimal length is %d)",
		r.Length, a.ClaimsFor(t.Name).Algorithm, *r.OptimalLength)
}

// toolsOutsideHidden refuses a tools path that lies inside a hidden one
// (the puzzle set, the submissions, the output): the sandbox keeps a
// read-only path visible even inside a hidden folder, so it would show
// what must stay hidden.
func toolsOutsideConcealed(t grader.Tools, hidden []string) error {
	for _, p := range t.Visible() {
		for _, h := range hidden {
			if rel, err := filepath.Rel(h, p); err == nil && filepath.IsLocal(rel) {
				return &grader.ConfigError{Key: "tools", Msg: fmt.Sprintf("%s is inside %s, which programs must not see; put the course's tools elsewhere", p, h)}
			}
		}
	}
	return nil
}
