package batch

import (
	"context"
	"fmt"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/audit"
)

// claimBandBytes bounds the memory one test's band computation may take
// (the grader runs several tests at once); a band that needs more is
// reported as not checked.
const claimBandBytes = 64 << 20

// judgeClaims checks the expanded and frontier counts a program reported
// against what the assignment's claimed search can do on the test's
// puzzle (claims.algorithm and claims.heuristic), with the bands of
// kpuzzle audit stats, and explains each in a line. It says nothing
// without claims.algorithm or without such counts.
func (g *grading) judgeClaims(ctx context.Context, t grader.Test, c grader.Claims) []string {
	a := g.opts.Assignment
	if a.Claims.Algorithm == "" || (c.Expanded == nil && c.Frontier == nil) {
		return nil
	}
	claim := audit.StatsClaim{Algorithm: a.Claims.Algorithm, Heuristic: a.Claims.Heuristic, Puzzle: t.Name, Board: t.Board, Goal: t.Goal,
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
	rep, err := audit.CheckStats(ctx, []audit.StatsClaim{claim}, audit.StatsOptions{SolveTimeout: timeout, MaxBandBytes: claimBandBytes})
	if err != nil {
		return []string{fmt.Sprintf("its reported counts were not judged: %v", err)}
	}
	search := a.Claims.Algorithm
	if a.Claims.Heuristic != "" {
		search += " with " + a.Claims.Heuristic
	}
	var out []string
	for _, v := range rep.Claims {
		for _, f := range v.Figures {
			what := "nodes expanded"
			if f.Name == audit.FigureMaxFrontier {
				what = "as the largest frontier"
			}
			out = append(out, fmt.Sprintf("%s %s: %s for %s on this puzzle (%s)", f.Text, what, f.Verdict, search, f.Reason))
		}
	}
	return out
}
