package bench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/reference"
)

// Combo is one algorithm with, for an informed algorithm, one heuristic.
// Algorithm is a canonical name of reference.Algorithms; Heuristic is a
// heuristic name as reference.Heuristics resolves it, empty for an
// uninformed algorithm (and for auto, which then picks the strongest).
type Combo struct {
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic,omitempty"`
}

// String writes the combination as ParseCombo reads it: "astar:manhattan",
// or the algorithm alone ("bfs").
func (c Combo) String() string {
	if c.Heuristic == "" {
		return c.Algorithm
	}
	return c.Algorithm + ":" + c.Heuristic
}

// ParseCombo reads "ALGORITHM" or "ALGORITHM:HEURISTIC" (for example
// "bfs", "astar:manhattan", "idastar:pdb:78"): the text up to the first
// colon names the algorithm (any alias reference.LookupAlgorithm accepts),
// the rest the heuristic. An informed algorithm other than auto given no
// heuristic gets reference.DefaultHeuristic; an uninformed one given a
// heuristic is an error. Heuristic names are checked when the comparison
// runs, against the heuristics it is given.
func ParseCombo(s string) (Combo, error) {
	name, heuristic, _ := strings.Cut(strings.TrimSpace(s), ":")
	return newCombo(name, heuristic)
}

func newCombo(algorithm, heuristic string) (Combo, error) {
	if strings.TrimSpace(algorithm) == "" {
		return Combo{}, fmt.Errorf("combination %q: expected ALGORITHM or ALGORITHM:HEURISTIC, such as bfs or astar:manhattan", joinCombo(algorithm, heuristic))
	}
	a, err := reference.LookupAlgorithm(algorithm)
	if err != nil {
		return Combo{}, err
	}
	h := strings.ToLower(strings.TrimSpace(heuristic))
	switch {
	case !a.Informed && h != "":
		return Combo{}, fmt.Errorf("combination %q: %s is uninformed and takes no heuristic", joinCombo(algorithm, heuristic), a.Name)
	case a.Informed && a.Name != reference.Auto && h == "":
		h = reference.DefaultHeuristic
	}
	return Combo{Algorithm: a.Name, Heuristic: h}, nil
}

func joinCombo(a, h string) string {
	if h == "" {
		return a
	}
	return a + ":" + h
}

// Combos is the cross product of algorithms and heuristics as an
// instructor means it: each uninformed algorithm once, each informed one
// once per heuristic (with no heuristics, once with
// reference.DefaultHeuristic, or for auto with the strongest available).
// Duplicates are dropped; the order is that of the lists.
func Combos(algorithms, heuristics []string) ([]Combo, error) {
	if len(algorithms) == 0 {
		return nil, fmt.Errorf("no algorithm named; expected some of %s", strings.Join(reference.AlgorithmNames(), ", "))
	}
	var out []Combo
	seen := map[Combo]bool{}
	add := func(c Combo) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, name := range algorithms {
		a, err := reference.LookupAlgorithm(name)
		if err != nil {
			return nil, err
		}
		if !a.Informed || len(heuristics) == 0 {
			c, err := newCombo(a.Name, "")
			if err != nil {
				return nil, err
			}
			add(c)
			continue
		}
		for _, h := range heuristics {
			c, err := newCombo(a.Name, h)
			if err != nil {
				return nil, err
			}
			add(c)
		}
	}
	return out, nil
}

// TableCombos reads lists of algorithms and heuristics as a request for
// the per-instance table of IDA* with pattern databases (the benchmark of
// Korf's instances, InstanceTable): every algorithm is IDA* or auto (in
// any spelling reference.LookupAlgorithm accepts) and every heuristic a
// pattern database ("pdb:..."). It then returns IDA* with each database
// named, each once, or IDA* alone when none is named (Config.PickHeuristic
// picks one per board). ok is false for lists that ask for a comparison
// (Combos) instead.
func TableCombos(algorithms, heuristics []string) (combos []Combo, ok bool) {
	for _, name := range algorithms {
		a, err := reference.LookupAlgorithm(name)
		if err != nil || (a.Name != "idastar" && a.Name != reference.Auto) {
			return nil, false
		}
	}
	for _, h := range heuristics {
		if !strings.HasPrefix(strings.ToLower(h), "pdb:") {
			return nil, false
		}
	}
	for _, h := range heuristics {
		if c := (Combo{Algorithm: "idastar", Heuristic: h}); !slices.Contains(combos, c) {
			combos = append(combos, c)
		}
	}
	if len(combos) == 0 {
		combos = []Combo{{Algorithm: "idastar"}}
	}
	return combos, true
}
