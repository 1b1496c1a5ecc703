package batch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/reference"
)

// claimBandBytes bounds the memory one test's band computation may take
// (the grader runs several tests at once); a band that needs more is
// reported as not checked.
const claimBandBytes = 64 << 20

// judgedCount is the verdict on one reported count.
type judgedCount struct {
	// name is grader.ClaimExpanded or grader.ClaimFrontier.
	name string
	// line explains the verdict.
	line string
	// consistent is false when the count is impossible for the claimed
	// search; a count the bands cannot judge is consistent.
	consistent bool
	// vacuous is set when the count's only bound is the whole state
	// space: it is shown, never scored.
	vacuous bool
}

// judgeClaims checks the expanded and frontier counts a program reported
// against what the assignment's claimed search can do on the test's
// puzzle (claims.algorithm and claims.heuristic), with the bands of
// kpuzzle audit stats, and explains each in a line. It says nothing
// without claims.algorithm or without such counts. A judgement that
// fails (a puzzle whose optimal length cannot be found in
// optimal.timeout) is a line for each count, consistent.
func (g *grading) judgeClaims(ctx context.Context, t grader.Test, c grader.Claims) []judgedCount {
	a := g.opts.Assignment
	cs := a.ClaimsFor(t.Name)
	if cs.Algorithm == "" || (c.Expanded == nil && c.Frontier == nil) {
		return nil
	}
	claim := audit.StatsClaim{Algorithm: cs.Algorithm, Heuristic: cs.Heuristic, Puzzle: t.Name, Board: t.Board, Goal: t.Goal,
		Figures: map[string]float64{}, Texts: map[string]string{}}
	if c.Expanded != nil {
		claim.Figures[audit.FigureExpanded] = float64(*c.Expanded)
		claim.Texts[audit.FigureExpanded] = fmt.Sprint(*c.Expanded)
	}
	if c.Frontier != nil {
		claim.Figures[audit.FigureMaxFrontier] = float64(*c.Frontier)
		claim.Texts[audit.FigureMaxFrontier] = fmt.Sprint(*c.Frontier)
	}
	timeout := time.Duration(a.Optimal.Timeout)
	rep, err := audit.JudgeStats(ctx, []audit.StatsClaim{claim}, audit.StatsOptions{SolveTimeout: timeout, MaxBandBytes: claimBandBytes, Cache: &g.claimCache})
	if err != nil {
		var out []judgedCount
		for _, name := range []string{grader.ClaimExpanded, grader.ClaimFrontier} {
			if (name == grader.ClaimExpanded && c.Expanded != nil) || (name == grader.ClaimFrontier && c.Frontier != nil) {
				out = append(out, judgedCount{name: name, line: fmt.Sprintf("its reported %s count was not judged: %v", name, err), consistent: true})
			}
		}
		return out
	}
	search := cs.Algorithm
	if cs.Heuristic != "" {
		search += " with " + cs.Heuristic
	}
	var out []judgedCount
	for _, v := range rep.Claims {
		for _, f := range v.Figures {
			what, name := "nodes expanded", grader.ClaimExpanded
			if f.Name == audit.FigureMaxFrontier {
				what, name = "as the largest frontier", grader.ClaimFrontier
			}
			line := fmt.Sprintf("%s %s: %s for %s on this puzzle (%s)", f.Text, what, f.Verdict, search, f.Reason)
			if f.Hint != "" {
				line += ". Why: " + f.Hint
			}
			if f.Vacuous {
				line = fmt.Sprintf("%s %s, not checked (%s)", f.Text, what, f.Reason)
			}
			out = append(out, judgedCount{name: name, consistent: f.Verdict != audit.VerdictImpossible, vacuous: f.Vacuous, line: line})
		}
	}
	return out
}

// claimChecks turns what a program claimed about its run on a solvable
// test into the checks rubric.claims scores, and returns the lines of
// the judgements it does not turn into checks (those of an unsolvable
// test), for the details: a reported length passes when it is the
// answer's length (when the answer is solved) and the optimal length
// (when the claimed algorithm is optimal and the length known); a count
// passes when it is possible for the claimed search; a claim the program
// did not report fails.
func (g *grading) claimChecks(ctx context.Context, t grader.Test, c grader.Claims, r grader.Result) (checks []grader.Criterion, details []string) {
	points := g.opts.Assignment.Rubric.ForTest(t.Name).Claims
	judged := g.judgeClaims(ctx, t, c)
	if !t.Solvable || len(points) == 0 {
		for _, j := range judged {
			details = append(details, j.line)
		}
		return nil, details
	}
	check := func(name string, passed bool, detail string) grader.Criterion {
		return grader.Criterion{Group: grader.CriteriaClaims, Name: name, Passed: passed, Detail: detail}
	}
	for _, j := range judged {
		if _, scored := points[j.name]; !scored {
			details = append(details, j.line)
		}
	}
	for _, name := range grader.ClaimCriteria {
		if _, ok := points[name]; !ok {
			continue
		}
		if name == grader.ClaimLength {
			checks = append(checks, g.lengthCheck(c.Length, r))
			continue
		}
		found := false
		for _, j := range judged {
			if j.name == name {
				checks = append(checks, check(name, j.consistent, j.line))
				found = true
			}
		}
		if !found {
			checks = append(checks, check(name, false, fmt.Sprintf("it reported no %s count: nothing in its output matches run.extract.%s", name, name)))
		}
	}
	return checks, details
}

// lengthCheck judges a reported solution length.
func (g *grading) lengthCheck(length *int, r grader.Result) grader.Criterion {
	algorithm := g.opts.Assignment.ClaimsFor(r.Test).Algorithm
	c := grader.Criterion{Group: grader.CriteriaClaims, Name: grader.ClaimLength}
	if length == nil {
		c.Detail = "it reported no solution length: nothing in its output matches run.extract.length"
		return c
	}
	n := *length
	c.Passed = true
	var why []string
	if r.Verdict.Solved() && !r.Unchecked {
		if n == r.Length {
			why = append(why, fmt.Sprintf("its answer has %d moves", r.Length))
		} else {
			c.Passed = false
			why = append(why, fmt.Sprintf("but its answer has %d moves", r.Length))
		}
	}
	alg, err := reference.LookupAlgorithm(algorithm)
	if err == nil && alg.Optimal && r.OptimalLength != nil {
		if n == *r.OptimalLength {
			why = append(why, fmt.Sprintf("%s finds an optimal solution, and the optimal length is %d", algorithm, n))
		} else {
			c.Passed = false
			why = append(why, fmt.Sprintf("but %s finds an optimal solution, and the optimal length is %d", algorithm, *r.OptimalLength))
		}
	}
	if len(why) == 0 {
		why = append(why, "neither a solved answer nor a known optimal length to compare it with")
	}
	c.Detail = fmt.Sprintf("it reports a solution of %d moves; %s", n, strings.Join(why, "; "))
	return c
}
