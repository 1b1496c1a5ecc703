package audit

import (
	"fmt"
	"math"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// eps absorbs floating-point rounding in comparisons of real values:
// h ≤ h* is checked as h ≤ h* + eps.
const eps = 1e-9

// comparison is a reference heuristic the audited values are compared
// with (--expect, --dominates).
type comparison struct {
	h    search.Heuristic
	real realValued // non-nil when h has an exact real value
	tol  float64
}

func newComparison(h search.Heuristic, tol float64) *comparison {
	if h == nil {
		return nil
	}
	c := &comparison{h: h, tol: tol}
	c.real, _ = h.(realValued)
	return c
}

// matches reports whether v equals the reference value of cells, and
// that value. For a real-valued reference (Euclidean) both the real sum
// and its ceiling are accepted.
func (c *comparison) matches(cells []uint8, v float64) (bool, float64) {
	ref := float64(c.h.Estimate(cells))
	if math.Abs(v-ref) <= c.tol {
		return true, ref
	}
	if c.real != nil {
		exact := c.real.Exact(cells)
		if math.Abs(v-exact) <= c.tol {
			return true, exact
		}
		return false, exact
	}
	return false, ref
}

// tally accumulates the findings of one worker; tallies merge.
type tally struct {
	k int

	checked, missing          int64
	overestimates, negatives  int64
	edges, inconsistent       int64
	sumH, sumRatio            float64
	ratioStates               int64
	maxOver                   float64
	goalSeen                  bool
	goalH                     float64
	equal, different          int64
	greater, equalTo, smaller int64

	overs, negs, incons, mismatches, notDom *topK
	largestOver, largestJump                *topK
	// zeros keeps the first states other than the goal where h is 0
	// (by order), and zeroCount counts them: where h(goal) is not 0,
	// the goals the heuristic may have been written for.
	zeros     *topK
	zeroCount int64
}

func newTally(k int) *tally {
	return &tally{
		k:           k,
		overs:       newTopK(k, nearer),
		negs:        newTopK(k, nearer),
		incons:      newTopK(k, nearerEdge),
		mismatches:  newTopK(k, nearer),
		notDom:      newTopK(k, nearer),
		largestOver: newTopK(1, larger),
		largestJump: newTopK(1, largerEdge),
		zeros:       newTopK(maxZeroStates, nearer),
		maxOver:     math.Inf(-1),
		goalH:       math.NaN(),
	}
}

// addState accounts for one state: order identifies it, h is its value
// (NaN: missing), hstar its exact distance (-1 unknown) and upper a known
// upper bound on the distance (-1 none; equal to hstar when that is
// known). expect and dom, when not nil, are compared on cells.
func (t *tally) addState(order int64, cells []uint8, h float64, hstar, upper int, expect, dom *comparison) {
	if missing(h) {
		t.missing++
		return
	}
	t.checked++
	t.sumH += h
	if hstar == 0 {
		t.goalSeen, t.goalH = true, h
	} else if math.Abs(h) <= eps {
		t.zeroCount++
		t.zeros.add(candidate{depth: -1, order: order})
	}
	if h < -eps {
		t.negatives++
		t.negs.add(candidate{depth: hstar, order: order, h: h, excess: -h})
	}
	if hstar > 0 {
		t.sumRatio += h / float64(hstar)
		t.ratioStates++
	}
	if upper >= 0 && h > float64(upper)+eps {
		t.overestimates++
		c := candidate{depth: upper, order: order, h: h, excess: h - float64(upper)}
		if hstar < 0 {
			c.depth = -1 - upper // remembered as a bound; see boundOf
		}
		t.overs.add(c)
		t.largestOver.add(c)
		t.maxOver = math.Max(t.maxOver, c.excess)
	}
	if expect != nil {
		if ok, ref := expect.matches(cells, h); ok {
			t.equal++
		} else {
			t.different++
			t.mismatches.add(candidate{depth: hstar, order: order, h: h, other: ref, excess: math.Abs(h - ref)})
		}
	}
	if dom != nil {
		ref := float64(dom.h.Estimate(cells))
		switch {
		case h > ref+eps:
			t.greater++
		case h < ref-eps:
			t.smaller++
			t.notDom.add(candidate{depth: hstar, order: order, h: h, other: ref, excess: ref - h})
		default:
			t.equalTo++
		}
	}
}

// boundOf decodes a candidate depth: an exact distance d ≥ 0, or an upper
// bound stored as -1-bound (only overestimates found by a walk bound).
func boundOf(depth int) (hstar int, exact bool) {
	if depth >= 0 {
		return depth, true
	}
	return -1 - depth, false
}

// addEdge accounts for the move of the blank in direction move that takes
// state a to state b (each identified by order, with value and exact
// distance, -1 when unknown). Both values must be present.
func (t *tally) addEdge(a, b int64, ha, hb float64, move puzzles.Dir, da, db int) {
	t.edges++
	jump := math.Abs(ha - hb)
	if jump <= 1+eps {
		return
	}
	t.inconsistent++
	c := candidate{depth: da, order: a, h: ha, other: hb, nb: b, nbd: db, move: move, excess: jump - 1}
	if hb > ha {
		c = candidate{depth: db, order: b, h: hb, other: ha, nb: a, nbd: da, move: move.Opposite(), excess: jump - 1}
	}
	t.incons.add(c)
	t.largestJump.add(c)
}

func (t *tally) merge(o *tally) {
	t.checked += o.checked
	t.missing += o.missing
	t.overestimates += o.overestimates
	t.negatives += o.negatives
	t.edges += o.edges
	t.inconsistent += o.inconsistent
	t.sumH += o.sumH
	t.sumRatio += o.sumRatio
	t.ratioStates += o.ratioStates
	t.maxOver = math.Max(t.maxOver, o.maxOver)
	if o.goalSeen {
		t.goalSeen, t.goalH = true, o.goalH
	}
	t.equal += o.equal
	t.different += o.different
	t.greater += o.greater
	t.equalTo += o.equalTo
	t.smaller += o.smaller
	t.overs.merge(o.overs)
	t.negs.merge(o.negs)
	t.incons.merge(o.incons)
	t.mismatches.merge(o.mismatches)
	t.notDom.merge(o.notDom)
	t.largestOver.merge(o.largestOver)
	t.largestJump.merge(o.largestJump)
	t.zeros.merge(o.zeros)
	t.zeroCount += o.zeroCount
}

// lookup tells the report writer about the states a tally refers to.
type lookup struct {
	// goal is the goal's cells.
	goal []uint8
	// state returns the cells of the state numbered order.
	state func(order int64) []uint8
	// hstar returns the exact distance of the state numbered order (-1
	// unknown) and how it is known.
	hstar func(order int64) (int, string)
}

// fill writes the tally's counts, checks and counterexamples into r.
func (t *tally) fill(r *Report, lk lookup, expect, dom *comparison) {
	r.StatesChecked = t.checked
	r.Missing = t.missing
	r.Overestimates = t.overestimates
	if t.overestimates > 0 {
		r.MaxOverestimate = t.maxOver
	}
	r.NegativeValues = t.negatives
	r.EdgesChecked = t.edges
	r.InconsistentEdges = t.inconsistent
	if t.checked > 0 {
		r.MeanH = t.sumH / float64(t.checked)
	}
	if t.ratioStates > 0 {
		r.MeanRatio = t.sumRatio / float64(t.ratioStates)
	}
	r.RatioStates = t.ratioStates
	r.GoalZero = t.goalSeen && math.Abs(t.goalH) <= eps
	r.NonNegative = t.negatives == 0
	r.Admissible = t.overestimates == 0
	r.Consistent = t.inconsistent == 0

	goalDetail := "h(goal) = 0"
	switch {
	case !t.goalSeen:
		goalDetail = "the source gave no value for the goal state"
	case !r.GoalZero:
		goalDetail = fmt.Sprintf("h(goal) = %s, not 0", formatValue(t.goalH))
	}
	r.Checks = []Check{
		{Name: CheckGoalZero, Passed: r.GoalZero, Detail: goalDetail},
		{Name: CheckNonNegative, Passed: r.NonNegative, Detail: countDetail(t.negatives, t.checked, "state", "has a negative value", "have negative values")},
		{Name: CheckAdmissible, Passed: r.Admissible, Detail: countDetail(t.overestimates, t.checked, "state", "overestimates its distance (h exceeds h*)", "overestimate their distance (h exceeds h*)")},
		{Name: CheckConsistent, Passed: r.Consistent, Detail: countDetail(t.inconsistent, t.edges, "move", "changes h by more than 1", "change h by more than 1")},
	}
	if expect != nil {
		r.Expect = &Agreement{Reference: expect.h.Name(), Equal: t.equal, Different: t.different, Tolerance: expect.tol}
		detail := fmt.Sprintf("equal to %s on all %d states", expect.h.Name(), t.checked)
		if t.different > 0 {
			detail = countDetail(t.different, t.checked, "state", "differs from "+expect.h.Name(), "differ from "+expect.h.Name())
		}
		r.Checks = append(r.Checks, Check{Name: CheckExpect, Passed: t.different == 0, Detail: detail})
	}
	if dom != nil {
		d := &Dominance{Other: dom.h.Name(), Greater: t.greater, Equal: t.equalTo, Smaller: t.smaller, Dominates: t.smaller == 0}
		r.Dominance = d
		r.Checks = append(r.Checks, Check{Name: CheckDominates, Passed: d.Dominates,
			Detail: fmt.Sprintf("greater than %s on %d states, equal on %d, smaller on %d", dom.h.Name(), d.Greater, d.Equal, d.Smaller)})
	}
	r.Passed = true
	for _, c := range r.Checks {
		r.Passed = r.Passed && c.Passed
	}

	var out []Counterexample
	type key struct {
		kind      string
		order, nb int64
	}
	seen := map[key]bool{}
	emit := func(kind, label string, c candidate) {
		k := key{kind, c.order, c.nb}
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, t.counterexample(kind, label, c, lk))
	}
	// largest labels the worst failure of a kind, listing it if it is
	// not listed yet.
	largest := func(kind string, top *topK) {
		if len(top.items) == 0 {
			return
		}
		c := top.items[0]
		if seen[key{kind, c.order, c.nb}] {
			for i := range out {
				ce := &out[i]
				if ce.Kind == kind && ce.State == stateString(lk.state(c.order)) &&
					(kind != KindInconsistent || ce.Neighbor == stateString(lk.state(c.nb))) {
					ce.Label = strings.TrimPrefix(ce.Label+","+LabelLargest, ",")
				}
			}
			return
		}
		emit(kind, LabelLargest, c)
	}
	if t.goalSeen && !r.GoalZero {
		out = append(out, Counterexample{Kind: KindGoalNonzero, State: stateString(lk.goal), H: t.goalH, HStar: 0, Proof: "the goal"})
	}
	for _, c := range t.negs.items {
		emit(KindNegative, "", c)
	}
	for i, c := range t.overs.items {
		label := ""
		if i == 0 {
			label = LabelSmallest
		}
		emit(KindOverestimate, label, c)
	}
	largest(KindOverestimate, t.largestOver)
	for i, c := range t.incons.items {
		label := ""
		if i == 0 {
			label = LabelSmallest
		}
		emit(KindInconsistent, label, c)
	}
	largest(KindInconsistent, t.largestJump)
	for _, c := range t.mismatches.items {
		emit(KindMismatch, "", c)
	}
	for _, c := range t.notDom.items {
		emit(KindNotDominating, "", c)
	}
	if !r.GoalZero {
		for _, c := range t.zeros.items {
			r.ZeroStates = append(r.ZeroStates, stateString(lk.state(c.order)))
		}
		r.ZeroStatesCount = t.zeroCount
	}
	r.Counterexamples = out
	if r.Counterexamples == nil {
		r.Counterexamples = []Counterexample{}
	}
	shown := map[string]int64{}
	for _, c := range out {
		shown[c.Kind]++
	}
	for kind, n := range map[string]int64{KindNegative: t.negatives, KindOverestimate: t.overestimates,
		KindInconsistent: t.inconsistent, KindMismatch: t.different, KindNotDominating: t.smaller} {
		r.CounterexamplesOmitted += max(0, n-shown[kind])
	}
}

func (t *tally) counterexample(kind, label string, c candidate, lk lookup) Counterexample {
	ce := Counterexample{Kind: kind, Label: label, State: stateString(lk.state(c.order)), H: c.h, HStar: -1}
	ce.HStar, ce.Proof = lk.hstar(c.order)
	if kind == KindOverestimate && ce.HStar < 0 {
		if bound, exact := boundOf(c.depth); !exact {
			ce.Proof = fmt.Sprintf("h* ≤ %d (a walk of %d moves reaches it); %s", bound, bound, ce.Proof)
		}
	}
	switch kind {
	case KindInconsistent:
		nh := c.other
		ns, _ := lk.hstar(c.nb)
		ce.Neighbor = stateString(lk.state(c.nb))
		ce.NeighborH = &nh
		ce.NeighborHStar = &ns
		ce.Move = c.move.String()
	case KindMismatch, KindNotDominating:
		ref := c.other
		ce.Reference = &ref
	}
	return ce
}

func countDetail(n, of int64, noun, verb1, verbN string) string {
	switch {
	case n == 0:
		return fmt.Sprintf("no failure among %d %ss", of, noun)
	case n == 1:
		return fmt.Sprintf("1 %s of %d %s", noun, of, verb1)
	}
	return fmt.Sprintf("%d %ss of %d %s", n, noun, of, verbN)
}

// stateString writes cells space-separated.
func stateString(cells []uint8) string {
	b := make([]byte, 0, 3*len(cells))
	for i, c := range cells {
		if i > 0 {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%d", c)
	}
	return string(b)
}

// formatValue writes a value as the shortest decimal that reads back the
// same.
func formatValue(v float64) string {
	return fmt.Sprint(v)
}
