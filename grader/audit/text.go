package audit

import (
	"fmt"
	"io"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// WriteText writes the audit for people: what was checked and how, a line
// per check, the mean h (and h/h*), one counterexample of each kind
// drawn as boards, and the verdict. maxExamples is the number of
// counterexamples of each kind the JSON form lists, which the last line
// names.
func (r *Report) WriteText(w io.Writer, st textstyle.Style, maxExamples int) error {
	s, err := puzzles.ParseShape(r.Shape)
	if err != nil {
		return err
	}
	bw := &errWriter{w: w}
	w = bw
	fmt.Fprintf(w, "Audit of %s on %s (%s goal)\n", st.Bold.Sprint(r.Heuristic), r.Shape, r.Goal)
	if r.Origin != nil {
		if line := r.Origin.Summary(); line != "" {
			fmt.Fprintln(w, st.Dim.Sprint(line))
		}
	}
	switch r.Coverage {
	case Exhaustive:
		line := fmt.Sprintf("exhaustive: every one of the %s states that can reach the goal, against its exact distance", r.StatesTotal)
		if r.Missing > 0 {
			line = fmt.Sprintf("exhaustive: %d of the %s states that can reach the goal have a value and were checked; %d have none", r.StatesChecked, r.StatesTotal, r.Missing)
		}
		fmt.Fprintln(w, st.Dim.Sprint(line))
	case Sampled:
		sm := r.Sampling
		var origin []string
		if sm.Uniform > 0 {
			origin = append(origin, fmt.Sprintf("%d uniform", sm.Uniform))
		}
		if sm.Walks > 0 {
			origin = append(origin, fmt.Sprintf("%d random walks", sm.Walks))
		}
		if sm.FromFile > 0 {
			origin = append(origin, fmt.Sprintf("%d from the file", sm.FromFile))
		}
		drawn := sm.Uniform + sm.Walks + sm.FromFile
		fmt.Fprintln(w, st.Dim.Sprint(fmt.Sprintf("sampled (seed %d): %s (%s) and the goal, with their neighbours; only these were checked, out of %s",
			sm.Seed, plural(drawn, "state"), strings.Join(origin, ", "), r.StatesTotal)))
		solved := sm.Solved
		for _, ss := range sm.States {
			if ss.Origin == OriginGoal && ss.Status == StatusSolved {
				solved-- // the goal, whose distance is 0: not a solve
			}
		}
		how := fmt.Sprintf("%d solved optimally (%s)", solved, sm.Solver)
		if sm.LowerBound != "" {
			how = fmt.Sprintf("%d proved h <= h* by the lower bound %s without a solve, ", sm.Bounded, sm.LowerBound) + how
		}
		if sm.WalkBound > 0 {
			how += fmt.Sprintf(", %d proved overestimates by the length of their walk", sm.WalkBound)
		}
		if sm.Undecided > 0 {
			how += fmt.Sprintf(", %s", st.Warn.Sprint(fmt.Sprintf("%d undecided (not solved within the time limit)", sm.Undecided)))
		}
		fmt.Fprintln(w, st.Dim.Sprint(how))
		if sm.Note != "" {
			fmt.Fprintln(w, st.Dim.Sprint("lower bound: "+sm.Note))
		}
	}
	if r.Unreachable > 0 {
		fmt.Fprintln(w, st.Warn.Sprint(fmt.Sprintf("%d states in the file cannot reach the goal and were ignored", r.Unreachable)))
	}
	fmt.Fprintln(w)
	for _, c := range r.Checks {
		mark := st.Good.Sprint("ok  ")
		if !c.Passed {
			mark = st.Bad.Sprint("FAIL")
		}
		note := ""
		if c.Ignored {
			note = st.Dim.Sprint(" (ignored)")
		}
		fmt.Fprintf(w, "  %s %-13s %s%s\n", mark, c.Name, c.Detail, note)
	}
	if r.StatesChecked > 0 {
		fmt.Fprintf(w, "  %s\n", r.meanLine())
	}
	r.writeGoalHint(w, st, s)

	shown := map[string]bool{}
	show := func(title string, c Counterexample) {
		if shown[c.Kind+c.State+c.Neighbor] && c.Label == "" {
			return
		}
		shown[c.Kind+c.State+c.Neighbor] = true
		fmt.Fprintf(w, "\n%s\n", st.Bold.Sprint(title))
		a := boardOf(s, c.State)
		caption := fmt.Sprintf("h = %s, h* = %s", num(c.H), hstarText(c.HStar))
		lines := puzzles.DrawBoard(a, caption)
		if c.Neighbor != "" {
			lines = puzzles.DrawMove(a, caption, boardOf(s, c.Neighbor), fmt.Sprintf("h = %s, h* = %s", num(*c.NeighborH), hstarText(*c.NeighborHStar)))
		}
		for _, l := range lines {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	for _, c := range r.Counterexamples {
		switch {
		case c.Kind == KindGoalNonzero:
			show(fmt.Sprintf("The goal has h = %s, not 0:", num(c.H)), c)
		case c.Kind == KindOverestimate && strings.Contains(c.Label, LabelSmallest):
			show(fmt.Sprintf("Smallest overestimate (%s from the goal, h is %s too high):", moves(c.HStar), num(c.H-float64(c.HStar))), c)
		case c.Kind == KindOverestimate && c.Label == LabelLargest:
			over := "more than " + num(c.H-float64(max(c.HStar, 0)))
			if c.HStar >= 0 {
				over = num(c.H - float64(c.HStar))
			}
			show(fmt.Sprintf("Largest overestimate (by %s):", over), c)
		case c.Kind == KindInconsistent && strings.Contains(c.Label, LabelSmallest):
			show(fmt.Sprintf("Inconsistent move nearest the goal (the blank moves %s; h drops by %s, more than the 1 move made):", c.Move, num(c.H-*c.NeighborH)), c)
		case c.Kind == KindInconsistent && c.Label == LabelLargest:
			show(fmt.Sprintf("Largest jump across one move (the blank moves %s; h drops by %s):", c.Move, num(c.H-*c.NeighborH)), c)
		}
	}
	for _, kind := range []string{KindNegative, KindMismatch, KindNotDominating} {
		for _, c := range r.Counterexamples {
			if c.Kind != kind {
				continue
			}
			switch kind {
			case KindNegative:
				show(fmt.Sprintf("Negative value (h = %s):", num(c.H)), c)
			case KindMismatch:
				show(fmt.Sprintf("Differs from %s (%s there, this heuristic says %s):", r.Expect.Reference, num(*c.Reference), num(c.H)), c)
			case KindNotDominating:
				show(fmt.Sprintf("Below %s (%s there, this heuristic says %s):", r.Dominance.Other, num(*c.Reference), num(c.H)), c)
			}
			break // one example of each; --json lists them all
		}
	}

	fmt.Fprintln(w)
	failed := 0
	for _, c := range r.Checks {
		if !c.Passed && !c.Ignored {
			failed++
		}
	}
	if r.Passed {
		fmt.Fprintf(w, "%s every check holds (%.1fs)\n", st.Good.Sprint("PASSED:"), r.Seconds)
		return bw.err
	}
	fmt.Fprintf(w, "%s %d of %d checks failed (%.1fs); --json lists up to %d counterexamples of each kind\n",
		st.Bad.Sprint("FAILED:"), failed, len(r.Checks), r.Seconds, maxExamples)
	return bw.err
}

// writeGoalHint says, when h(goal) is not 0, where h is 0: on another
// built-in goal (the one the heuristic was probably written for, drawn),
// on other states, or nowhere the audit looked.
func (r *Report) writeGoalHint(w io.Writer, st textstyle.Style, s puzzles.Shape) {
	if r.GoalZero || r.StatesChecked == 0 {
		return
	}
	var where string
	switch {
	case len(r.GoalFits) > 0:
		g, err := puzzles.GoalByName(r.GoalFits[0], s)
		if err != nil {
			return
		}
		names := strings.Join(r.GoalFits, " and ")
		fmt.Fprintf(w, "\n%s\n", st.Bold.Sprint(fmt.Sprintf("h is 0 on the %s goal, not on the %s goal audited: the heuristic looks written for that goal (--goal %s audits it against it):",
			names, r.Goal, r.GoalFits[0])))
		for _, l := range g.Board().Grid() {
			fmt.Fprintf(w, "    %s\n", l)
		}
		return
	case r.ZeroStatesCount > 0:
		where = fmt.Sprintf("h is 0 on none of the built-in goals (%s) but on %s checked, such as this one; if that is the goal the heuristic was written for, --goal FILE audits it against it:",
			strings.Join(builtinGoals, ", "), plural(int(r.ZeroStatesCount), "other state"))
	default:
		where = fmt.Sprintf("h is 0 on none of the built-in goals (%s), nor on any other state checked", strings.Join(builtinGoals, ", "))
	}
	fmt.Fprintf(w, "\n%s\n", st.Bold.Sprint(where))
	if len(r.ZeroStates) > 0 {
		for _, l := range boardOf(s, r.ZeroStates[0]).Grid() {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
}

// meanLine says the mean h and the mean h/h*, and over which states each
// was taken: every state checked, and those other than the goal whose
// distance is known (in a sampled audit, the solved ones only).
func (r *Report) meanLine() string {
	if r.Coverage != Sampled {
		line := fmt.Sprintf("mean h %.3f", r.MeanH)
		if r.RatioStates > 0 {
			line += fmt.Sprintf(", mean h/h* %.3f over %s", r.MeanRatio, plural(int(r.RatioStates), "state"))
		}
		return line
	}
	line := fmt.Sprintf("mean h %.3f over the %s checked", r.MeanH, plural(int(r.StatesChecked), "state"))
	unsolved := int(r.StatesChecked) - 1 - int(r.RatioStates) // the goal has no ratio
	switch {
	case r.RatioStates == 0:
		line += "; no mean h/h*: no state but the goal was solved (--solve-all solves every sample)"
	case unsolved > 0:
		line += fmt.Sprintf("; mean h/h* %.3f over the %s solved optimally, not the %d settled without a solve (--solve-all solves them too)",
			r.MeanRatio, plural(int(r.RatioStates), "state"), unsolved)
	default:
		line += fmt.Sprintf("; mean h/h* %.3f over the %s other than the goal", r.MeanRatio, plural(int(r.RatioStates), "state"))
	}
	return line
}

// plural writes n and the noun, with an s when n is not 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func boardOf(s puzzles.Shape, state string) puzzles.Board {
	b, err := puzzles.ParseCells(state, s)
	if err != nil {
		return puzzles.FromBytes(s, make([]uint8, s.Cells()))
	}
	return b
}

func num(v float64) string { return fmt.Sprint(v) }

func moves(d int) string {
	switch {
	case d < 0:
		return "an unknown number of moves"
	case d == 1:
		return "1 move"
	}
	return fmt.Sprintf("%d moves", d)
}

func hstarText(d int) string {
	if d < 0 {
		return "?"
	}
	return fmt.Sprint(d)
}

// WriteText writes the verdicts for people: each claim of the file named
// file (its line, algorithm, puzzle and what bounds it), each figure
// possible, impossible or unchecked with the reason, and the count.
func (rep *StatsReport) WriteText(w io.Writer, st textstyle.Style, file string) error {
	bw := &errWriter{w: w}
	w = bw
	for _, c := range rep.Claims {
		algo := c.Algorithm
		if c.Heuristic != "" {
			algo += " + " + c.Heuristic
		}
		cost := "C* unknown"
		if c.OptimalLength >= 0 {
			cost = fmt.Sprintf("C* = %d", c.OptimalLength)
		}
		fmt.Fprintf(w, "%s:%d: %s on %s %s\n", file, c.Line, st.Bold.Sprint(algo), c.Puzzle,
			st.Dim.Sprint(fmt.Sprintf("(%s, %s, %s reachable states, branching factor %d)", c.Shape, cost, c.Reachable, c.Branching)))
		if c.Note != "" {
			fmt.Fprintf(w, "    %s\n", st.Dim.Sprint(c.Note))
		}
		for _, f := range c.Figures {
			mark := st.Good.Sprint("possible  ")
			switch f.Verdict {
			case VerdictImpossible:
				mark = st.Bad.Sprint("IMPOSSIBLE")
			case VerdictUnchecked:
				mark = st.Warn.Sprint("unchecked ")
			}
			if f.Vacuous {
				mark = st.Dim.Sprint("no check  ")
			}
			fmt.Fprintf(w, "    %s %s = %s: %s\n", mark, f.Name, f.Text, f.Reason)
			if f.Hint != "" {
				fmt.Fprintf(w, "               %s\n", st.Dim.Sprint("why: "+f.Hint))
			}
		}
	}
	fmt.Fprintln(w)
	if rep.AllPossible {
		fmt.Fprintf(w, "%s no figure is impossible (%d unchecked)\n", st.Good.Sprint("PLAUSIBLE:"), rep.Unchecked)
		return bw.err
	}
	fmt.Fprintf(w, "%s %d figures are impossible (%d unchecked)\n", st.Bad.Sprint("IMPOSSIBLE:"), rep.Impossible, rep.Unchecked)
	return bw.err
}

// errWriter keeps the first error of the writes made through it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
