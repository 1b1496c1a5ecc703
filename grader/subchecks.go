package grader

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Check groups: the rubric section that gives a check its points.
const (
	// CheckGroupAPI holds the method checks of run.java_api (rubric.api).
	CheckGroupAPI = "api"
	// CheckGroupClaims holds the checks of what a program claims about
	// its run (rubric.claims).
	CheckGroupClaims = "claims"
	// CheckGroupSearch holds the checks of a Berkeley CS188 search
	// function's run (run.problem: berkeley, rubric.search).
	CheckGroupSearch = "search"
)

// Method checks of run.java_api: princeton, in report order.
const (
	CheckDimension = "dimension"
	CheckHamming   = "hamming"
	CheckManhattan = "manhattan"
	CheckIsGoal    = "is_goal"
	CheckNeighbors = "neighbors"
	CheckTwin      = "twin"
	CheckEquals    = "equals"
	CheckMoves     = "moves"
	// CheckTileAt and CheckIsSolvable are the campus API's (COS226 since
	// 2019): tileAt(row, col) on every cell, Board.isSolvable().
	CheckTileAt     = "tile_at"
	CheckIsSolvable = "is_solvable"
)

// Claim checks, in report order.
const (
	CheckLength   = "length"
	CheckExpanded = "expanded"
	CheckFrontier = "frontier"
)

// CheckOrder is the search check of run.problem: berkeley: the states
// the student's search expanded, in order, against the reference's.
const CheckOrder = "order"

// SearchChecks are the names of the search checks, the keys of
// rubric.search.
var SearchChecks = []string{CheckOrder}

// APIChecks are the names of the method checks, the keys of rubric.api.
var APIChecks = []string{CheckDimension, CheckHamming, CheckManhattan, CheckIsGoal, CheckNeighbors, CheckTwin, CheckEquals, CheckMoves, CheckTileAt, CheckIsSolvable}

// ClaimChecks are the names of the claim checks, the keys of
// rubric.claims; each needs the run.extract pattern of its name.
var ClaimChecks = []string{CheckLength, CheckExpanded, CheckFrontier}

// SubCheck is one scored sub-check of a test: a method of a Java API called
// on the test's board, or a number a program reported about its run. It
// holds no points: the rubric gives them (Rubric.API, Rubric.Claims), so
// that the rubric can change without running anything again.
type SubCheck struct {
	// Group is CheckGroupAPI, CheckGroupClaims or CheckGroupSearch.
	Group string `json:"group"`
	// Name is the check's key in its rubric section (APIChecks,
	// ClaimChecks).
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Detail explains the outcome: what was called or claimed, what came
	// back, and what was expected.
	Detail string `json:"detail"`
}

// Title names the check for people: "manhattan()" for a method,
// "claimed expanded" for a claim.
func (c SubCheck) Title() string {
	switch {
	case c.Group == CheckGroupClaims:
		return "claimed " + c.Name
	case c.Group == CheckGroupSearch && c.Name == CheckOrder:
		return "expanded order"
	case c.Group == CheckGroupSearch:
		return "search " + c.Name
	}
	switch c.Name {
	case CheckIsGoal:
		return "isGoal()"
	case CheckTileAt:
		return "tileAt()"
	case CheckIsSolvable:
		return "isSolvable()"
	case "":
		return c.Group
	}
	return c.Name + "()"
}

// Line is the check in one line: its title, passed or FAILED, and its
// detail.
func (c SubCheck) Line() string {
	verdict := "passed"
	if !c.Passed {
		verdict = "FAILED"
	}
	return fmt.Sprintf("%s %s: %s", c.Title(), verdict, c.Detail)
}

// ScoredSubCheck is a check with the points the rubric gives it.
type ScoredSubCheck struct {
	SubCheck
	// Points is what the check earns: Max when passed, else 0.
	Points float64
	// Max is what the rubric gives the check (0: reported, not scored).
	Max float64
}

// CheckMax is what the rubric gives a check of group and name, and
// whether the rubric expects that check on a test at all (run.java_api
// expects the method checks on every test, claims.algorithm the claim
// checks of its run.extract patterns on solvable tests). The rubric must
// be normalized.
func (r Rubric) CheckMax(group, name string, solvable bool) (points float64, expected bool) {
	switch group {
	case CheckGroupAPI:
		points, expected = r.API[name]
	case CheckGroupClaims:
		points, expected = r.Claims[name]
		expected = expected && solvable
	case CheckGroupSearch:
		points, expected = r.Search[name]
		expected = expected && solvable
	}
	return points, expected
}

// ChecksMax is what the checks the rubric expects on a test are worth
// together.
func (r Rubric) ChecksMax(solvable bool) float64 {
	total := 0.0
	for _, c := range r.expectedChecks(solvable) {
		p, _ := r.CheckMax(c.Group, c.Name, solvable)
		total += p
	}
	return total
}

// expectedChecks are the checks the rubric expects on a test, in report
// order, each failed with an empty detail.
func (r Rubric) expectedChecks(solvable bool) []SubCheck {
	var out []SubCheck
	for _, group := range []struct {
		name  string
		names []string
	}{{CheckGroupAPI, APIChecks}, {CheckGroupClaims, ClaimChecks}, {CheckGroupSearch, SearchChecks}} {
		for _, n := range group.names {
			if _, ok := r.CheckMax(group.name, n, solvable); ok {
				out = append(out, SubCheck{Group: group.name, Name: n})
			}
		}
	}
	return out
}

// ScoredChecks lists a result's checks with their points: first every
// check the rubric expects on the test (but a method check of another
// API than the submission's that the rubric gives no points), in report
// order (one the result
// lacks, because its run ended before it or the result comes from an
// older kpuzzle, is failed and says so), then the result's other checks
// with Max 0.
func (r Result) ScoredChecks(rub Rubric) []ScoredSubCheck {
	rub = rub.ForTest(r.Test)
	have := map[[2]string]SubCheck{}
	for _, c := range r.Checks {
		have[[2]string{c.Group, c.Name}] = c
	}
	var out []ScoredSubCheck
	for _, want := range rub.expectedChecks(r.Solvable) {
		key := [2]string{want.Group, want.Name}
		c, ok := have[key]
		if !ok {
			c = want
			c.Detail = "not checked: " + missingCheckReason(r)
		}
		delete(have, key)
		max, _ := rub.CheckMax(c.Group, c.Name, r.Solvable)
		if max == 0 && c.Passed && strings.HasPrefix(c.Detail, NotApplicable) {
			continue // another API's method, worth nothing here
		}
		sc := ScoredSubCheck{SubCheck: c, Max: RoundPoints(max)}
		if c.Passed && c.Group == CheckGroupAPI && r.Verdict == Timeout {
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
	var rest []SubCheck
	for _, c := range r.Checks {
		if _, ok := have[[2]string{c.Group, c.Name}]; ok {
			rest = append(rest, c)
		}
	}
	for _, c := range rest {
		out = append(out, ScoredSubCheck{SubCheck: c})
	}
	return out
}

// missingCheckReason says why a result has no check that was expected.
func missingCheckReason(r Result) string {
	switch {
	case r.Verdict.FromRun():
		return fmt.Sprintf("the run ended (%s) before it was reported", r.Verdict)
	case len(r.Checks) == 0:
		return "the run reported no checks"
	}
	return "the run did not report it"
}

// FailedChecks counts the result's failed checks (scored or not).
func (r Result) FailedChecks(rub Rubric) int {
	n := 0
	for _, c := range r.ScoredChecks(rub) {
		if !c.Passed {
			n++
		}
	}
	return n
}

// normalizeChecks validates rubric.api, rubric.claims and rubric.search
// and fills them in: through the Java API (kind) every method check is
// expected, with 0 points unless the rubric gives some; with
// claims.algorithm (claims) every claim whose run.extract pattern exists
// is; through Berkeley's search (kind) every search check is. A rubric
// section for checks the assignment never makes is an error.
func (r *Rubric) normalizeChecks(kind Interface, claims []string) error {
	api, search := kind.Name() == InterfaceJavaAPI, kind.Name() == InterfaceBerkeley
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
	var apiNames []string
	if api {
		apiNames = APIChecks
	}
	var err error
	if r.API, err = fill("rubric.api", r.API, APIChecks, apiNames, func(string) string { return "the method checks need run.java_api" }); err != nil {
		return err
	}
	if r.Claims, err = fill("rubric.claims", r.Claims, ClaimChecks, claims, func(k string) string { return "set claims.algorithm and run.extract." + k }); err != nil {
		return err
	}
	var searchNames []string
	if search {
		searchNames = SearchChecks
	}
	r.Search, err = fill("rubric.search", r.Search, SearchChecks, searchNames, func(string) string { return "the search checks need run.problem: berkeley" })
	return err
}
