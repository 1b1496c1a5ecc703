package reference

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Strength of the shipped pattern databases in the auto route, above every
// built-in heuristic.
var shippedPDBStrength = map[string]int{"78": 320, "663": 310, "555": 300, "6666": 300}

// StandardHeuristics returns every heuristic kpuzzle can name: the
// built-ins of BuiltinHeuristics and pattern databases, opened from the
// cache that opts names.
//
//   - "pdb:NAME" names a shipped partition (pdb:555, pdb:663, pdb:78,
//     pdb:fringe, pdb:6666), additive patterns written as tiles
//     (pdb:1-2-3-4/5-6-7-8) or patterns combined by maximum
//     (pdb:max:3-6-7-8), on any board; a named database is built and
//     cached on first use.
//   - For the auto route, the shipped additive partitions of 4x4 and 5x5
//     rank above every built-in heuristic, but only when already in the
//     cache: auto never starts a build that can take minutes.
func StandardHeuristics(opts pdb.Options) *Heuristics {
	hs := BuiltinHeuristics()
	family := HeuristicInfo{
		Name:        "pdb:NAME",
		Description: "pattern database: a shipped partition (" + strings.Join(pdb.Names(), ", ") + "), additive patterns such as 1-2-3-4/5-6-7-8, or max:PATTERNS (additive ones are admissible but not consistent)",
		Strength:    200,
	}
	err := hs.RegisterPrefix("pdb:", family, func(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error) {
		return pdb.OpenSpec(ctx, name, g, opts)
	})
	if err != nil {
		panic("reference: register pattern databases: " + err.Error())
	}
	for _, info := range pdb.Describe() {
		strength, ok := shippedPDBStrength[info.Name]
		if !ok {
			continue
		}
		name, shape := "pdb:"+info.Name, info.Shape
		err := hs.Register(HeuristicInfo{
			Name:        name,
			Strength:    strength,
			Description: "pattern database " + info.Name + ": " + info.Description,
			Fits:        func(s puzzles.Shape) bool { return s == shape },
			Build: func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return pdb.OpenSpec(ctx, name, g, opts)
			},
			AutoBuild: func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				o := opts
				o.NoBuild = true
				h, err := pdb.OpenSpec(ctx, name, g, o)
				if errors.Is(err, pdb.ErrNotBuilt) {
					return nil, fmt.Errorf("%s: %w: %v", name, ErrUnavailable, err)
				}
				return h, err
			},
		})
		if err != nil {
			panic("reference: register " + name + ": " + err.Error())
		}
	}
	registerDynamic(hs)
	return hs
}

// Strength of the dynamically partitioned databases: above linear
// conflict, below the shipped static partitions. On Korf's 100 IDA* takes
// 40 s with pdb:dynamic and 66 s with pdb:pairs, against 132 s with
// linear conflict and 21 s with pdb:555 (docs/heuristics.md).
var dynamicStrength = map[string]int{dynamic.NamePairs: 150, dynamic.NameDynamic: 160}

// registerDynamic adds pdb:pairs and pdb:dynamic. They are built in
// memory when named (pairs and triples in 0.13 to 0.27 s on 4x4); the
// auto route passes over them (NamedOnly) and keeps using linear conflict
// when no static database is cached.
func registerDynamic(hs *Heuristics) {
	for _, o := range []dynamic.Options{{}, {Triples: true}} {
		name := o.Name()
		err := hs.Register(HeuristicInfo{
			Name:        name,
			Strength:    dynamicStrength[name],
			Description: o.Description(),
			Fits:        func(s puzzles.Shape) bool { return dynamic.Fits(s, o) == nil },
			Build: func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return dynamic.New(ctx, g, o)
			},
			NamedOnly: true,
		})
		if err != nil {
			panic("reference: register " + name + ": " + err.Error())
		}
	}
}

// idaStar runs IDA* from b with heuristic h. A pattern database without
// tracing goes through pdb.Solve, and a dynamically partitioned one
// through dynamic.Solve: their incremental lookups are several times
// faster than the generic loop's full estimate per node (3 to 6 times for
// the dynamic databases, which keep the conflict graph as they go), and
// they leave out duplicate sequences of moves (pdb.PruneDuplicates)
// unless o.InverseOnly. With it they count expansions and generations as
// the generic loop does (the tests compare them node for node); they do
// not break the counts down by depth or iteration.
func idaStar(ctx context.Context, b puzzles.Board, g puzzles.Goal, h search.Heuristic, o search.Options) (search.Result, error) {
	// IDA* holds only its path, so a memory budget does not apply.
	lim := pdb.Limits{MaxExpanded: o.Limits.MaxNodes, Threads: o.Threads}
	if o.InverseOnly {
		lim.Pruning = pdb.PruneInverse
	}
	if o.Trace == nil {
		switch ih := h.(type) {
		case *pdb.Heuristic:
			if ih.Goal().Board().Equal(g.Board()) {
				return incrementalIDAStar(h.Name(), lim.Threads, func() ([]puzzles.Dir, pdb.Stats, error) { return pdb.Solve(ctx, b, ih, lim) })
			}
		case *dynamic.Heuristic:
			if ih.Goal().Board().Equal(g.Board()) {
				return incrementalIDAStar(h.Name(), lim.Threads, func() ([]puzzles.Dir, pdb.Stats, error) { return dynamic.Solve(ctx, b, ih, lim) })
			}
		}
	}
	return search.IDAStar(ctx, search.Problem{Start: b, Goal: g}, h, o)
}

// incrementalIDAStar runs one of the incremental IDA* searches and
// reports it as the search package reports its own.
func incrementalIDAStar(heuristic string, threads int, solve func() ([]puzzles.Dir, pdb.Stats, error)) (search.Result, error) {
	start := time.Now()
	path, st, err := solve()
	res := search.Result{
		Algorithm: "idastar",
		Heuristic: heuristic,
		Threads:   max(threads, 1),
		Stats: search.Stats{
			Expanded:  st.Expanded,
			Generated: st.Generated,
			Elapsed:   time.Since(start),
		},
	}
	switch {
	case errors.Is(err, pdb.ErrLimit):
		return res, fmt.Errorf("%w after %d expansions", search.ErrNodeLimit, st.Expanded)
	case err != nil:
		return res, err
	}
	// The last iteration's bound is the solution's length: no node deeper
	// was generated, and the path to the goal was the longest held.
	res.Stats.MaxDepth, res.Stats.MaxFrontier = len(path), int64(len(path))
	res.Solved, res.Path, res.Optimal = true, path, true
	return res, nil
}
