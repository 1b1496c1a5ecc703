package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// Style colours the terminal summary. A nil function leaves its text as it
// is; the zero Style prints plain text.
type Style struct {
	// Good, Bad and Warn colour verdicts: accepted with full points,
	// wrong, partly right or not verified.
	Good, Bad, Warn func(a ...any) string
	// Dim and Bold colour secondary and emphasised text.
	Dim, Bold func(a ...any) string
}

func apply(f func(a ...any) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

// WriteSummary writes a table per submission: each test's verdict, its
// length against the optimal length, its run time and its points, then
// the total; and at the end a count of the verdicts over all submissions.
func (gb Gradebook) WriteSummary(w io.Writer, st Style) error {
	nameWidth := 4
	for _, t := range gb.Tests {
		nameWidth = max(nameWidth, len(t.Name))
	}
	counts := map[check.Verdict]int{}
	var sb strings.Builder
	for _, s := range gb.Submissions {
		score, max := gb.Total(s)
		fmt.Fprintf(&sb, "%s  %s\n", apply(st.Bold, grader.Printable(s.Name)), apply(st.Bold, formatPoints(score)+"/"+formatPoints(max)))
		runStart := -1 // number of the first test of a run with one explanation
		for i, r := range s.Results {
			t := gb.Tests[i]
			counts[r.Verdict]++
			verdict := fmt.Sprintf("%-18s", r.Verdict)
			switch {
			case gb.Passed(r):
				verdict = apply(st.Good, verdict)
			case r.Verdict == check.Suboptimal || r.Verdict == check.Valid || r.Verdict.Accepted():
				verdict = apply(st.Warn, verdict)
			default:
				verdict = apply(st.Bad, verdict)
			}
			length := ""
			switch {
			case r.Verdict.Solved() && r.OptimalLength != nil:
				length = fmt.Sprintf("%d/%d", r.Length, *r.OptimalLength)
			case r.Verdict.Solved():
				length = fmt.Sprintf("%d/?", r.Length)
			}
			hidden := ""
			if t.Hidden {
				hidden = apply(st.Dim, " (hidden)")
			}
			fmt.Fprintf(&sb, "  %3d %-*s %s %9s %7.2fs %8s%s\n", t.Number, nameWidth, t.Name, verdict, length, r.Seconds,
				formatPoints(r.Score(gb.Rubric))+"/"+formatPoints(r.Max(gb.Rubric)), hidden)
			// A run of tests with the same explanation (a program that
			// crashes or never stops does so on every test) gets it once,
			// after the run's last test.
			detail := summaryDetail(gb, r)
			if detail == "" {
				runStart = -1
				continue
			}
			if runStart < 0 {
				runStart = t.Number
			}
			if i+1 < len(s.Results) && summaryDetail(gb, s.Results[i+1]) == detail {
				continue
			}
			if runStart != t.Number {
				detail = fmt.Sprintf("tests %d-%d: %s", runStart, t.Number, detail)
			}
			fmt.Fprintf(&sb, "      %s\n", apply(st.Dim, detail))
			runStart = -1
		}
	}
	var parts []string
	for _, v := range check.Verdicts {
		if counts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, counts[v]))
		}
	}
	fmt.Fprintf(&sb, "%d submissions x %d tests: %s\n", len(gb.Submissions), len(gb.Tests), strings.Join(parts, ", "))
	_, err := io.WriteString(w, sb.String())
	return err
}

// summaryDetail is the explanation the summary prints under a test that
// did not pass or failed a check: the first line of its summary, or the
// checks that failed when the verdict has its full points; "" for none.
func summaryDetail(gb Gradebook, r grader.Result) string {
	var failed []string
	for _, c := range r.ScoredCriteria(gb.Rubric) {
		if !c.Passed {
			failed = append(failed, c.Title())
		}
	}
	if gb.Passed(r) && len(failed) == 0 {
		return ""
	}
	if r.Verdict.Accepted() && r.VerdictScore(gb.Rubric) >= r.VerdictMax(gb.Rubric) {
		return firstLine("failed checks: "+strings.Join(failed, ", "), 120)
	}
	if r.Summary == "" {
		return ""
	}
	return firstLine(r.Summary, 120)
}

// firstLine is s's first line, cut to at most width bytes with "..."
// at a character's start, so that a cut never splits a UTF-8 character
// (a summary may quote a student's words).
func firstLine(s string, width int) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > width {
		cut := width - 3
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func sortStrings(s []string) { sort.Strings(s) }
