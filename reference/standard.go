package reference

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
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
	return hs
}

// idaStar runs IDA* from b with heuristic h. A pattern database without
// tracing goes through pdb.Solve, whose incremental lookups are several
// times faster than the generic loop's full estimate per node; the two
// count expansions and generations the same way, but pdb.Solve does not
// break its counts down by depth or iteration.
func idaStar(ctx context.Context, b puzzles.Board, g puzzles.Goal, h search.Heuristic, o search.Options) (search.Result, error) {
	ph, ok := h.(*pdb.Heuristic)
	// IDA* holds only its path, so a memory budget does not apply.
	if !ok || o.Trace != nil || !ph.Goal().Board().Equal(g.Board()) {
		return search.IDAStar(ctx, search.Problem{Start: b, Goal: g}, h, o)
	}
	start := time.Now()
	path, st, err := pdb.Solve(ctx, b, ph, pdb.Limits{MaxExpanded: o.Limits.MaxNodes})
	res := search.Result{
		Algorithm: "idastar",
		Heuristic: h.Name(),
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
