package batch

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// inspect looks through a submission before its first run (package
// integrity), records the findings in the outcome and warns of them.
func (g *grading) inspect(ctx context.Context, sub Submission) []grader.IntegrityFinding {
	a := g.opts.Assignment
	found := integrity.Inspect(ctx, sub.Dir, integrity.LanguageOf(a), integrity.DefaultBudget,
		integrity.Thresholds{Opaque: int64(a.Integrity.OpaqueAbove), Large: int64(a.Integrity.LargeAbove)})
	found = handedOut(sub.Dir, found, g.out.Tests, int64(a.Integrity.OpaqueAbove))
	if len(found) == 0 {
		return nil
	}
	g.mu.Lock()
	g.out.Integrity[sub.Name] = found
	g.mu.Unlock()
	g.warnFindings(sub.Name, found)
	return found
}

// warnFindings warns of the findings of a submission, or of one of its
// test's runs (what: "NAME, test TEST"), on one line: staff read the
// warnings (on PrairieLearn, in the job's log), students do not.
func (g *grading) warnFindings(what string, found []grader.IntegrityFinding) {
	var parts []string
	for _, f := range found {
		parts = append(parts, f.String())
	}
	// File names are the student's: escaped, so that they cannot drive
	// the terminal.
	g.warn(grader.Printable(fmt.Sprintf("integrity: submission %s: %s", what, strings.Join(parts, "; "))))
}

// listenForRefusals opens the report socket of a test's run (package
// integrity); nil when the grader is not root, and then the run's
// refusals go unrecorded. A root grader that cannot open it warns, once.
func (g *grading) listenForRefusals(uid int) *integrity.Listener {
	l, err := integrity.Listen(uid)
	if err != nil && os.Geteuid() == 0 {
		g.socketWarning.Do(func() {
			g.warn("integrity: kpuzzle programs that runs execute cannot report themselves: " + err.Error())
		})
	}
	return l
}

// runFindings are the integrity findings of a test's run: the refusals
// its kpuzzle programs reported, then what it executed that was neither
// the course's nor the submission's as built, or was kpuzzle (package
// integrity, Executions). The run's own folders in them are replaced by
// scrub (<submission>, <work>), as in its output, so that a grading gives
// the same results again.
func runFindings(refusals []grader.IntegrityFinding, res sandbox.Result, scrub *strings.Replacer) []grader.IntegrityFinding {
	found := append(refusals, integrity.Executions(res.Executed, res.ExecutedMore, res.WatchErr)...)
	for i := range found {
		found[i].File, found[i].Finding = scrub.Replace(found[i].File), scrub.Replace(found[i].Finding)
	}
	return found
}

// Flagged reports whether a submission has a finding that counts under
// integrity: zero: one of its inspection (notices aside), or one of a
// test's run. why says which, for the results.
func Flagged(found []grader.IntegrityFinding, results map[string]grader.Result) (why string, flagged bool) {
	for _, f := range found {
		if !f.Notice {
			return f.String(), true
		}
	}
	for _, name := range sortedNames(results) {
		for _, f := range results[name].Integrity {
			if !f.Notice {
				return fmt.Sprintf("test %s: %s", name, f), true
			}
		}
	}
	return "", false
}

func sortedNames(m map[string]grader.Result) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// ApplyIntegrity scores 0, under integrity: zero, every test of each
// submission with a finding (Flagged): the verdict becomes build-failed
// with the reason, and what the test did is kept in its details. Under
// flag it does nothing. Grade and Merge call it last, so a journal keeps
// the results as they ran and a change of policy applies on resume.
func ApplyIntegrity(a grader.Assignment, o *Outcome) {
	if a.Integrity.Action != grader.IntegrityZero {
		return
	}
	for sub, results := range o.Results {
		why, flagged := Flagged(o.Integrity[sub], results)
		if !flagged {
			continue
		}
		for name, r := range results {
			if strings.HasPrefix(r.Summary, zeroPrefix) || r.Verdict == check.GraderError {
				continue
			}
			details := append([]string{fmt.Sprintf("as run: %s: %s", r.Verdict, r.Summary)}, r.Details...)
			r.Verdict, r.Summary, r.Details, r.Criteria = check.BuildFailed, zeroPrefix+why, details, nil
			results[name] = r
		}
	}
}

// zeroPrefix opens the summary of a result ApplyIntegrity scored 0.
const zeroPrefix = "scored 0 (integrity: zero): "
