package grader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/reference"
)

// Values of RunStep.Solution.
const (
	// SolutionMoves: the answer lists the moves (the default).
	SolutionMoves = "moves"
	// SolutionReported: the answer is a report whose run.extract.length
	// is the length of the solution the program found.
	SolutionReported = "reported"
)

// GroupRubric is the rubric of the tests whose names match Tests.
type GroupRubric struct {
	Tests  string
	Rubric Rubric
}

// ForTest is the rubric of the test called name: that of the first
// group (Assignment.Groups) whose pattern matches it, else r.
func (r Rubric) ForTest(name string) Rubric {
	for _, g := range r.Groups {
		if MatchTest(g.Tests, name) {
			return g.Rubric
		}
	}
	return r
}

// ClaimsFor is the claims the test called name is judged by: those of
// the first group whose pattern matches it (when it has claims), else
// Claims.
func (a Assignment) ClaimsFor(name string) ClaimSettings {
	for _, g := range a.Groups {
		if MatchTest(g.Tests, name) {
			if g.Claims != nil {
				return *g.Claims
			}
			break
		}
	}
	return a.Claims
}

// ExpectedSearch is the search the test called name expects, whatever
// the interface: the algorithm of its claims (a group's, else the
// assignment's claims.algorithm), else the one its interface expects
// (Interface.search); "" when none is named. A search that does not promise a
// shortest path (dfs, greedy) has any checked path judged valid.
func (a Assignment) ExpectedSearch(name string) string {
	return a.searchOf(a.ClaimsFor(name))
}

// searchOf is the search claims c name, else the one the interface
// expects.
func (a Assignment) searchOf(c ClaimSettings) string {
	if c.Algorithm == "" {
		return a.Run.Kind().search()
	}
	return c.Algorithm
}

// MatchTest reports whether the pattern (path.Match) matches the test's
// name; a pattern without a slash matches the file name in any folder,
// so "*" matches every test.
func MatchTest(pattern, test string) bool {
	if !strings.Contains(pattern, "/") {
		test = path.Base(test)
	}
	ok, _ := path.Match(pattern, test)
	return ok
}

// promisesShortest reports whether the claimed search finds shortest
// solutions; true when nothing is claimed or the search is unknown.
func promisesShortest(algorithm string) bool {
	if algorithm == "" {
		return true
	}
	alg, err := reference.LookupAlgorithm(algorithm)
	return err != nil || alg.Optimal
}

// normalizeClaims validates and canonicalizes claims given under key
// ("claims", "groups[2].claims"): the algorithm names the search the
// tests expect (for every interface), and its counts are judged where
// run.extract finds them.
func (r *RunStep) normalizeClaims(key string, c *ClaimSettings) error {
	if c.Algorithm == "" {
		if c.Heuristic != "" {
			return &ConfigError{Key: key + ".heuristic", Msg: "set without " + key + ".algorithm"}
		}
		return nil
	}
	canon, ok := reference.CanonicalAlgorithm(c.Algorithm)
	if !ok {
		return &ConfigError{Key: key + ".algorithm", Msg: fmt.Sprintf("%q: expected %s", c.Algorithm, reference.SearchAlgorithmChoices())}
	}
	// Without run.extract's expanded and frontier patterns (a function,
	// a harness, a program that reports no counts) the algorithm still
	// says which search the tests expect: how a longer path is judged.
	c.Algorithm = canon
	return nil
}

// normalizeGroups validates the groups and makes their rubrics: the
// assignment's (normalized), with the keys each group names replaced.
func (a *Assignment) normalizeGroups() error {
	a.Rubric.Groups = nil
	if len(a.Groups) == 0 {
		a.Groups = nil // as written back: omitted
	}
	var groups []GroupRubric
	for i := range a.Groups {
		g := &a.Groups[i]
		key := fmt.Sprintf("groups[%d]", i)
		if _, err := path.Match(g.Tests, ""); err != nil || strings.TrimSpace(g.Tests) == "" {
			return &ConfigError{Key: key + ".tests", Msg: fmt.Sprintf("%q: expected a pattern on test names, such as \"dfs_*\"", g.Tests)}
		}
		claims := a.Claims
		if g.Claims != nil {
			if err := a.Run.normalizeClaims(key+".claims", g.Claims); err != nil {
				return err
			}
			claims = *g.Claims
		}
		rub, err := a.groupRubric(key+".rubric", g.Rubric)
		if err != nil {
			return err
		}
		var claimed []string
		if claims.Algorithm != "" {
			for _, name := range ClaimCriteria {
				if a.Run.patterns[name] != nil {
					claimed = append(claimed, name)
				}
			}
		}
		if err := rub.normalizeCriteria(a.Run.Kind(), claimed); err != nil {
			return &ConfigError{Key: key + "." + err.(*ConfigError).Key, Msg: err.(*ConfigError).Msg}
		}
		rub.AnyLength = !promisesShortest(a.searchOf(claims))
		groups = append(groups, GroupRubric{Tests: g.Tests, Rubric: rub})
	}
	a.Rubric.Groups = groups
	return nil
}

// groupRubric is the assignment's rubric with the keys of raw (a
// group's rubric section) replaced, normalized.
func (a *Assignment) groupRubric(key string, raw json.RawMessage) (Rubric, error) {
	base := a.Rubric
	r := Rubric{Partial: base.Partial, PartialExponent: base.PartialExponent, PartialSteps: base.PartialSteps, Unverified: base.Unverified,
		Reported: Points(*base.Reported), Solved: Points(*base.Solved), Optimal: Points(*base.Optimal), Unsolvable: Points(*base.Unsolvable)}
	keep := map[string]bool{"api": true, "claims": true, "search": true}
	if t := bytes.TrimSpace(raw); len(t) > 0 && string(t) != "null" {
		var given map[string]json.RawMessage
		if err := json.Unmarshal(raw, &given); err != nil {
			return Rubric{}, &ConfigError{Key: key, Msg: "expected a section of rubric keys such as solved, optimal, claims"}
		}
		for k := range given {
			if !isLeafKey("rubric." + k) {
				return Rubric{}, &ConfigError{Key: key + "." + displayKey(k), Msg: "unknown key; expected one of " + exampleKeys("rubric", nil)}
			}
			delete(keep, k)
		}
		_, unsolvable := given["unsolvable"]
		if _, ok := given["solved"]; ok && !unsolvable {
			r.Unsolvable = nil // its default follows the group's points
		}
		if _, ok := given["optimal"]; ok && !unsolvable {
			r.Unsolvable = nil
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return Rubric{}, &ConfigError{Key: key, Msg: "expected rubric keys with numbers of points, as the assignment's rubric has"}
		}
	}
	copyPoints := func(m map[string]float64) map[string]float64 {
		out := map[string]float64{}
		for k, v := range m {
			if v != 0 {
				out[k] = v
			}
		}
		return out
	}
	if keep["api"] {
		r.API = copyPoints(base.API)
	}
	if keep["claims"] {
		r.Claims = copyPoints(base.Claims)
	}
	if keep["search"] {
		r.Search = copyPoints(base.Search)
	}
	if err := r.normalize(); err != nil {
		ce := err.(*ConfigError)
		return Rubric{}, &ConfigError{Key: strings.Replace(ce.Key, "rubric", key, 1), Msg: ce.Msg}
	}
	return r, nil
}

// Placeholders of run.answer's path, for programs that name their
// answer file after the test's run ("ast_output.txt").
const (
	// AnswerChoice is the test's run.choices value, as the program was
	// given it.
	AnswerChoice = "{choice}"
	// AnswerAlgorithm is the test's claimed algorithm (claims.algorithm
	// or its group's), in kpuzzle's names (astar, bfs, dfs, ...).
	AnswerAlgorithm = "{algorithm}"
)

// AnswerInFolder reports whether Answer names a file the program writes
// in its working folder (not file or stdout), perhaps after the test's
// run ({choice}, {algorithm}).
func (r RunStep) AnswerInFolder() bool {
	switch r.Answer {
	case "", "file", "stdout":
		return false
	}
	name := strings.NewReplacer(AnswerChoice, "x", AnswerAlgorithm, "x").Replace(r.Answer)
	// A file name has an extension or a folder ("output.txt",
	// "out/answer"), so that a misspelt "stdout" is not taken for one.
	return strings.ContainsAny(name, "./") && !strings.Contains(name, "{") && filepath.IsLocal(name) && !strings.HasSuffix(name, "/")
}

// AnswerPath is the path, in the working folder, of the file test t's
// program writes its answer to (run.answer with {choice} and {algorithm}
// replaced), "" when the answer is at the {output} path or on stdout.
func (a Assignment) AnswerPath(t Test) string {
	if !a.Run.AnswerInFolder() {
		return ""
	}
	return strings.NewReplacer(AnswerChoice, a.Run.ChoiceFor(t.Name), AnswerAlgorithm, a.ClaimsFor(t.Name).Algorithm).Replace(a.Run.Answer)
}

// fitsAnswerPath reports a test whose answer path cannot be made: its
// run.choices value or claimed algorithm, which run.answer names, is
// missing or takes the path out of the working folder.
func (a Assignment) fitsAnswerPath(t Test) error {
	p := a.AnswerPath(t)
	if p == "" {
		return nil
	}
	switch {
	case strings.Contains(a.Run.Answer, AnswerChoice) && a.Run.ChoiceFor(t.Name) == "":
		return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q uses {choice}, but no entry of run.choices matches test %s", a.Run.Answer, t.Name)}
	case strings.Contains(a.Run.Answer, AnswerAlgorithm) && a.ClaimsFor(t.Name).Algorithm == "":
		return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q uses {algorithm}, but test %s has no claimed algorithm (claims.algorithm, or a group's)", a.Run.Answer, t.Name)}
	case !filepath.IsLocal(p) || strings.HasSuffix(p, "/"):
		return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q for test %s is %q, which is not a file inside the working folder", a.Run.Answer, t.Name, p)}
	}
	return nil
}

// normalize resolves the tools' relative paths against the assignment's
// folder and checks that each is a path.
func (t *Tools) normalize(abs func(string) string) error {
	if len(t.Path) == 0 {
		t.Path = nil
	}
	if len(t.ReadOnly) == 0 {
		t.ReadOnly = nil
	}
	for key, list := range map[string][]string{"tools.path": t.Path, "tools.read_only": t.ReadOnly} {
		for i, p := range list {
			if strings.TrimSpace(p) == "" || strings.ContainsRune(p, 0) || (key == "tools.path" && strings.ContainsRune(p, ':')) {
				return &ConfigError{Key: key, Msg: fmt.Sprintf("entry %d %q: expected a folder path", i+1, p)}
			}
			list[i] = filepath.Clean(abs(p))
		}
	}
	return nil
}

// CheckTools reports the first tool path that does not exist, as a
// *ConfigError; the grader calls it before running anything.
func (t Tools) CheckTools() error {
	for key, list := range map[string][]string{"tools.path": t.Path, "tools.read_only": t.ReadOnly} {
		for _, p := range list {
			if _, err := os.Stat(p); err != nil {
				return &ConfigError{Key: key, Msg: fmt.Sprintf("%s does not exist on this machine; expected a folder the course set up", p)}
			}
		}
	}
	return nil
}
