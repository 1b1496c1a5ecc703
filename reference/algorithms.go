package reference

import (
	"context"
	"fmt"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Algorithm describes a search algorithm the reference solver runs by
// name.
type Algorithm struct {
	// Name is the canonical name, e.g. "astar".
	Name string
	// Aliases are other accepted spellings, e.g. "a*".
	Aliases []string
	// Description is one line for listings.
	Description string
	// Informed reports that the algorithm takes a heuristic.
	Informed bool
	// Optimal reports that the algorithm returns shortest paths (with an
	// admissible heuristic, if informed).
	Optimal bool
	// Graph reports a graph search: one that keeps the states it has
	// reached, so that it expands each at most once and a memory budget
	// bounds it (bfs, ucs, greedy, astar, wastar, bidirectional); the
	// others are tree searches that keep only their path.
	Graph bool
	// TieBreak reports that the algorithm orders its frontier by a
	// priority (ucs, greedy, astar, wastar), so that the search's
	// tie-break (search.Options.TieBreak) decides among equal priorities
	// and is reported beside its counts.
	TieBreak bool

	run func(ctx context.Context, r runSpec) (search.Result, error)
}

// runSpec is what an algorithm needs to run, resolved from a Request.
type runSpec struct {
	p      search.Problem
	h      search.Heuristic
	weight float64
	depth  int
	o      search.Options
}

// Auto is the name of the route that picks the fastest proven-optimal
// algorithm for the board.
const Auto = "auto"

var algorithms = []Algorithm{
	{Name: "bfs", Graph: true, Aliases: []string{"breadth-first", "breadth-first-search"}, Optimal: true,
		Description: "breadth-first graph search, goal tested on generation",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.BFS(ctx, r.p, r.o) }},
	{Name: "dfs", Aliases: []string{"dls", "depth-limited", "depth-first", "depth-first-search"},
		Description: "depth-limited depth-first tree search with path checking (--depth)",
		run: func(ctx context.Context, r runSpec) (search.Result, error) {
			return search.DepthLimited(ctx, r.p, r.depth, r.o)
		}},
	{Name: "ids", Aliases: []string{"iddfs", "id-dfs", "iterative-deepening"}, Optimal: true,
		Description: "iterative deepening of depth-limited search",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.IDS(ctx, r.p, r.o) }},
	{Name: "ucs", Graph: true, TieBreak: true, Aliases: []string{"uniform-cost", "dijkstra"}, Optimal: true,
		Description: "uniform-cost search, goal tested on expansion",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.UCS(ctx, r.p, r.o) }},
	{Name: "greedy", Graph: true, TieBreak: true, Aliases: []string{"gbfs", "best-first", "greedy-best-first"}, Informed: true,
		Description: "greedy best-first graph search on h",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.Greedy(ctx, r.p, r.h, r.o) }},
	{Name: "astar", Graph: true, TieBreak: true, Aliases: []string{"a*", "a-star", "a_star"}, Informed: true, Optimal: true,
		Description: "A* graph search on f = g + h",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.AStar(ctx, r.p, r.h, r.o) }},
	{Name: "wastar", Graph: true, TieBreak: true, Aliases: []string{"wa*", "weighted-astar", "weighted-a*"}, Informed: true,
		Description: "weighted A* on g + w·h (--weight), at most w times the optimum",
		run: func(ctx context.Context, r runSpec) (search.Result, error) {
			return search.WAStar(ctx, r.p, r.h, r.weight, r.o)
		}},
	{Name: "idastar", Aliases: []string{"ida*", "ida-star", "ida_star"}, Informed: true, Optimal: true,
		Description: "iterative-deepening A* with inverse-move pruning",
		run: func(ctx context.Context, r runSpec) (search.Result, error) {
			return idaStar(ctx, r.p.Start, r.p.Goal, r.h, r.o)
		}},
	{Name: "rbfs", Aliases: []string{"recursive-best-first"}, Informed: true, Optimal: true,
		Description: "recursive best-first search (linear memory)",
		run:         func(ctx context.Context, r runSpec) (search.Result, error) { return search.RBFS(ctx, r.p, r.h, r.o) }},
	{Name: "bidirectional", Graph: true, Aliases: []string{"bibfs", "bidirectional-bfs"}, Optimal: true,
		Description: "bidirectional breadth-first search",
		run: func(ctx context.Context, r runSpec) (search.Result, error) {
			return search.Bidirectional(ctx, r.p, r.o)
		}},
	{Name: Auto, Optimal: true, Informed: true,
		Description: "the fastest proven-optimal route: an exact table up to 9 cells, else IDA* with the strongest heuristic"},
}

// Algorithms lists every algorithm, auto last.
func Algorithms() []Algorithm { return slices.Clone(algorithms) }

// AlgorithmNames lists the canonical names, auto last.
func AlgorithmNames() []string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.Name
	}
	return names
}

// SearchAlgorithmNames lists the canonical names of the algorithms a
// program may claim to have run: every algorithm but auto, which is the
// reference solver's own choice of route.
func SearchAlgorithmNames() []string {
	names := AlgorithmNames()
	return names[:len(names)-1]
}

// SearchAlgorithmChoices is SearchAlgorithmNames for an error message:
// "bfs, dfs, ... rbfs or bidirectional".
func SearchAlgorithmChoices() string {
	names := SearchAlgorithmNames()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// CanonicalAlgorithm reads an algorithm's name as a course, a claim or a
// command line may write it ("A*", "breadth-first", "ida_star") and
// returns its canonical name (astar, bfs, idastar). This table of
// aliases is the only one: the auditor and the assignment's claims read
// names through it. ok is false for a name it does not know, for the
// empty name and for auto.
func CanonicalAlgorithm(name string) (canon string, ok bool) {
	if strings.TrimSpace(name) == "" {
		return "", false
	}
	a, err := LookupAlgorithm(name)
	if err != nil || a.Name == Auto {
		return "", false
	}
	return a.Name, true
}

// TieBreakApplies reports whether the algorithm called name (a name or an
// alias) takes a tie-break (Algorithm.TieBreak); false for a name it does
// not know.
func TieBreakApplies(name string) bool {
	a, err := LookupAlgorithm(name)
	return err == nil && a.TieBreak
}

// FrontierBounded reports whether a claimed largest frontier of the
// algorithm (a canonical name) has a bound tighter than the whole state
// space: the tree searches' branching factor × depth (ids, idastar,
// rbfs). A graph search's frontier is bounded only by the reachable
// states, which no count a search makes exceeds, so that band cannot
// fail and is no check (see kpuzzle audit stats).
func FrontierBounded(algorithm string) bool {
	switch algorithm {
	case "ids", "idastar", "rbfs":
		return true
	}
	return false
}

// GraphSearch reports whether the algorithm called name (a name or an
// alias) is a graph search (Algorithm.Graph); false for a name it does
// not know.
func GraphSearch(name string) bool {
	a, err := LookupAlgorithm(name)
	return err == nil && a.Graph
}

// LookupAlgorithm finds an algorithm by name or alias, case-insensitively.
func LookupAlgorithm(name string) (Algorithm, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		n = Auto
	}
	for _, a := range algorithms {
		if a.Name == n || slices.Contains(a.Aliases, n) {
			return a, nil
		}
	}
	return Algorithm{}, fmt.Errorf("algorithm %q: expected one of %s%s", name, strings.Join(AlgorithmNames(), ", "), suggest.Phrase(name, AlgorithmNames()))
}
