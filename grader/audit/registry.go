package audit

import (
	"context"
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// DefaultLowerBound chooses the admissible heuristic a sampled audit of
// goal g compares values with before solving: the 663 pattern database on
// 4x4 (built and cached on first use, about 6 MB), the 6666 database on
// 5x5 when it is already cached (building it takes long; it is never
// built here), and otherwise the larger of linear conflict and walking
// distance (where walking distance fits). note says what was chosen and
// why, for the report.
func DefaultLowerBound(ctx context.Context, g puzzles.Goal, opts pdb.Options) (h search.Heuristic, note string, err error) {
	s := g.Shape()
	var why string
	switch {
	case s == puzzles.Shape{Rows: 4, Cols: 4}:
		h, err := pdb.Open(ctx, "663", g, opts)
		if err == nil {
			return h, "the 663 pattern database (additive, admissible)", nil
		}
		if ctx.Err() != nil {
			return nil, "", err
		}
		why = fmt.Sprintf("the 663 pattern database could not be opened (%v)", err)
	case s == puzzles.Shape{Rows: 5, Cols: 5}:
		o := opts
		o.NoBuild = true
		h, err := pdb.Open(ctx, "6666", g, o)
		if err == nil {
			return h, "the 6666 pattern database (additive, admissible)", nil
		}
		if ctx.Err() != nil {
			return nil, "", err
		}
		why = "the 6666 pattern database is not built (`kpuzzle pdb build 6666` or a solve with --heuristic pdb:6666 builds it)"
		if !errors.Is(err, pdb.ErrNotBuilt) {
			why = fmt.Sprintf("the 6666 pattern database could not be opened (%v)", err)
		}
	}
	lc := heuristics.NewLinearConflict(g)
	var best search.Heuristic = lc
	desc := "linear conflict"
	if s.Rows <= 4 && s.Cols <= 4 {
		wd, err := heuristics.NewWalkingDistance(ctx, g)
		if err != nil {
			return nil, "", err
		}
		best = maxHeuristic{lc, wd}
		desc = "the larger of linear conflict and walking distance"
	}
	note = desc + " (both admissible)"
	if why != "" {
		note = why + "; using " + note
	}
	return best, note, nil
}

// maxHeuristic is the larger of two admissible heuristics, itself
// admissible (and consistent when both are).
type maxHeuristic struct{ a, b search.Heuristic }

func (m maxHeuristic) Name() string { return "max(" + m.a.Name() + "," + m.b.Name() + ")" }

func (m maxHeuristic) Estimate(cells []uint8) int {
	return max(m.a.Estimate(cells), m.b.Estimate(cells))
}
