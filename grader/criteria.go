package grader

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/grader/check"
)

// CriteriaClaims holds the checks of what a program claims about its
// run (rubric.claims). The other groups are the interfaces' (their
// criteriaGroup: CriteriaAPI, CriteriaSearch).
const CriteriaClaims = "claims"

// CriteriaGroup is a group of scored sub-checks: the rubric section
// (rubric.NAME) that gives them points, their names in report order, and
// where they are made and reported.
type CriteriaGroup struct {
	// Name is the criteria's Criterion.Group and the rubric section's key.
	Name string
	// What names the checks in messages: "the method checks".
	What string
	// Criteria are the checks' names, the keys of the rubric section, in
	// report order.
	Criteria []string
	// SolvableOnly: the checks are expected on solvable tests only.
	SolvableOnly bool
	// First: the checks are reported before the claims', else after.
	First bool
	// TimeoutVoids: a check passed in a run that timed out earns
	// nothing: the test as a whole was not completed.
	TimeoutVoids bool
	// Fingerprint: the assignment's fingerprint marks that its results
	// carry the group's checks (Assignment.Fingerprint).
	Fingerprint bool
	// Title names a check for people; nil is "NAME()".
	Title func(name string) string
	// points is the rubric section.
	points func(r *Rubric) *map[string]float64
}

// claimCriteria is the claim checks, on solvable tests.
var claimCriteria = CriteriaGroup{
	Name: CriteriaClaims, What: "claim", Criteria: ClaimCriteria, SolvableOnly: true,
	Title:  func(name string) string { return "claimed " + name },
	points: func(r *Rubric) *map[string]float64 { return &r.Claims },
}

// criteriaGroups are every group of checks in report order: the
// interfaces' reported first, the claims', then the interfaces' others.
// Made once from the kinds' table; callers only read it.
var criteriaGroups = sync.OnceValue(makeCriteriaGroups)

func makeCriteriaGroups() []CriteriaGroup {
	var first, last []CriteriaGroup
	for _, k := range kinds() {
		if g := k.criteriaGroup(); g != nil && g.First {
			first = append(first, *g)
		} else if g != nil {
			last = append(last, *g)
		}
	}
	return append(append(first, claimCriteria), last...)
}

// lookupCriteriaGroup is the group called name.
func lookupCriteriaGroup(name string) (CriteriaGroup, bool) {
	for _, g := range criteriaGroups() {
		if g.Name == name {
			return g, true
		}
	}
	return CriteriaGroup{}, false
}

// Claim checks, in report order.
const (
	ClaimLength   = "length"
	ClaimExpanded = "expanded"
	ClaimFrontier = "frontier"
)

// ClaimCriteria are the names of the claim checks, the keys of
// rubric.claims; each needs the run.extract pattern of its name.
var ClaimCriteria = []string{ClaimLength, ClaimExpanded, ClaimFrontier}

// Criterion is one scored sub-check of a test: a method of a Java API called
// on the test's board, or a number a program reported about its run. It
// holds no points: the rubric gives them (Rubric.API, Rubric.Claims), so
// that the rubric can change without running anything again.
type Criterion struct {
	// Group is CriteriaAPI, CriteriaClaims or CriteriaSearch.
	Group string `json:"group"`
	// Name is the check's key in its rubric section (APICriteria,
	// ClaimCriteria).
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Detail explains the outcome: what was called or claimed, what came
	// back, and what was expected.
	Detail string `json:"detail"`
	// Counterexample is, for a failed check of a heuristic's value
	// (hamming(), manhattan()), where the value is wrong: the board, the
	// value against the right one and the true distance; nil otherwise.
	Counterexample *HeuristicCounterexample `json:"counterexample,omitempty"`
}

// Title names the check for people, as its group does: "manhattan()"
// for a method, "claimed expanded" for a claim; the group's name for a
// check without a name, and "NAME()" in a group without titles.
func (c Criterion) Title() string {
	g, ok := lookupCriteriaGroup(c.Group)
	switch {
	case c.Name == "":
		return c.Group
	case ok && g.Title != nil:
		return g.Title(c.Name)
	}
	return c.Name + "()"
}

// Line is the check in one line: its title, passed or FAILED, and its
// detail.
func (c Criterion) Line() string {
	verdict := "passed"
	if !c.Passed {
		verdict = "FAILED"
	}
	return fmt.Sprintf("%s %s: %s", c.Title(), verdict, c.Detail)
}

// ScoredCriterion is a check with the points the rubric gives it.
type ScoredCriterion struct {
	Criterion
	// Points is what the check earns: Max when passed, else 0.
	Points float64
	// Max is what the rubric gives the check (0: reported, not scored).
	Max float64
}

// CriterionMax is what the rubric gives a check of group and name, and
// whether the rubric expects that check on a test at all (the checks of
// the assignment's interface on every test or on solvable ones, as its
// CriteriaGroup says; claims.algorithm the claim checks of its run.extract
// patterns on solvable tests). The rubric must be normalized.
func (r Rubric) CriterionMax(group, name string, solvable bool) (points float64, expected bool) {
	g, ok := lookupCriteriaGroup(group)
	if !ok {
		return 0, false
	}
	points, expected = (*g.points(&r))[name]
	return points, expected && (solvable || !g.SolvableOnly)
}

// CriteriaMax is what the checks the rubric expects on a test are worth
// together.
func (r Rubric) CriteriaMax(solvable bool) float64 {
	total := 0.0
	for _, c := range r.expectedCriteria(solvable) {
		p, _ := r.CriterionMax(c.Group, c.Name, solvable)
		total += p
	}
	return total
}

// expectedCriteria are the checks the rubric expects on a test, in report
// order, each failed with an empty detail.
func (r Rubric) expectedCriteria(solvable bool) []Criterion {
	var out []Criterion
	for _, g := range criteriaGroups() {
		for _, n := range g.Criteria {
			if _, ok := r.CriterionMax(g.Name, n, solvable); ok {
				out = append(out, Criterion{Group: g.Name, Name: n})
			}
		}
	}
	return out
}

// ScoredCriteria lists a result's checks with their points: first every
// check the rubric expects on the test (but a method check of another
// API than the submission's that the rubric gives no points), in report
// order (one the result
// lacks, because its run ended before it or the result comes from an
// older kpuzzle, is failed and says so), then the result's other checks
// with Max 0.
func (r Result) ScoredCriteria(rub Rubric) []ScoredCriterion {
	rub = rub.ForTest(r.Test)
	have := map[[2]string]Criterion{}
	for _, c := range r.Criteria {
		have[[2]string{c.Group, c.Name}] = c
	}
	var out []ScoredCriterion
	for _, want := range rub.expectedCriteria(r.Solvable) {
		key := [2]string{want.Group, want.Name}
		c, ok := have[key]
		if !ok {
			c = want
			c.Detail = "not checked: " + missingCriterionReason(r)
		}
		delete(have, key)
		max, _ := rub.CriterionMax(c.Group, c.Name, r.Solvable)
		if max == 0 && c.Passed && strings.HasPrefix(c.Detail, NotApplicable) {
			continue // another API's method, worth nothing here
		}
		sc := ScoredCriterion{Criterion: c, Max: RoundPoints(max)}
		if g, _ := lookupCriteriaGroup(c.Group); c.Passed && g.TimeoutVoids && r.Verdict == check.Timeout {
			// A method check passed before the solver ran out of time
			// earns nothing: the test as a whole was not completed.
			sc.Passed = false
			sc.Detail += " (not scored: the test timed out)"
		}
		if sc.Passed {
			sc.Points = sc.Max
		}
		out = append(out, sc)
	}
	var rest []Criterion
	for _, c := range r.Criteria {
		if _, ok := have[[2]string{c.Group, c.Name}]; ok {
			rest = append(rest, c)
		}
	}
	for _, c := range rest {
		out = append(out, ScoredCriterion{Criterion: c})
	}
	return out
}

// missingCriterionReason says why a result has no check that was expected.
func missingCriterionReason(r Result) string {
	switch {
	case r.Verdict.FromRun():
		return fmt.Sprintf("the run ended (%s) before it was reported", r.Verdict)
	case len(r.Criteria) == 0:
		return "the run reported no checks"
	}
	return "the run did not report it"
}

// FailedCriteria counts the result's failed checks (scored or not).
func (r Result) FailedCriteria(rub Rubric) int {
	n := 0
	for _, c := range r.ScoredCriteria(rub) {
		if !c.Passed {
			n++
		}
	}
	return n
}

// normalizeCriteria validates the rubric's check sections (rubric.api,
// rubric.claims, rubric.search ...) and fills them in: every check of
// the group of the interface (kind) is expected, with 0 points unless
// the rubric gives some; with claims.algorithm (claims) every claim whose
// run.extract pattern exists is. A rubric section for checks the
// assignment never makes is an error.
func (r *Rubric) normalizeCriteria(kind Kind, claims []string) error {
	fill := func(key string, m map[string]float64, valid, expected []string, without func(string) string) (map[string]float64, error) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := m[k]
			switch {
			case !slices.Contains(valid, k):
				return nil, &ConfigError{Key: key + "." + displayKey(k), Msg: "unknown check; expected one of " + strings.Join(valid, ", ")}
			case !slices.Contains(expected, k):
				return nil, &ConfigError{Key: key + "." + k, Msg: "points for a check no run makes: " + without(k)}
			case v < 0 || v != v || v > 1e9:
				return nil, &ConfigError{Key: key + "." + k, Msg: fmt.Sprintf("%v: expected a number of points, 0 or more", v)}
			}
		}
		if len(expected) == 0 {
			return nil, nil
		}
		out := map[string]float64{}
		for _, k := range expected {
			out[k] = m[k]
		}
		return out, nil
	}
	for _, g := range criteriaGroups() {
		expected, without := claims, func(k string) string { return "set claims.algorithm and run.extract." + k }
		if g.Name != CriteriaClaims {
			owner := g.owner()
			expected, without = nil, func(string) string { return "the " + g.What + " checks need " + owner.selector() }
			if own := kind.criteriaGroup(); own != nil && own.Name == g.Name {
				expected = g.Criteria
			}
		}
		section := g.points(r)
		filled, err := fill("rubric."+g.Name, *section, g.Criteria, expected, without)
		if err != nil {
			return err
		}
		*section = filled
	}
	return nil
}

// owner is the interface whose runs make the group's checks.
func (g CriteriaGroup) owner() Kind {
	for _, k := range kinds() {
		if own := k.criteriaGroup(); own != nil && own.Name == g.Name {
			return k
		}
	}
	return nil
}
