package audit

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Heuristics returns the reference heuristics an audit can name: the
// built-in ones of package reference, and pattern databases as "pdb:NAME"
// — a shipped partition ("pdb:663", "pdb:78", "pdb:fringe", "pdb:6666"),
// additive patterns written as tiles, "pdb:1-2-3-4/5-6-7-8", or patterns
// combined by maximum, "pdb:max:3-6-7-8"; patterns work on any board,
// small ones included. Pattern databases are opened
// with opts: loaded from the cache or built and cached there.
//
// When package reference registers pattern databases itself, its
// registration is used and opts is ignored.
func Heuristics(opts pdb.Options) *reference.Heuristics {
	hs := reference.BuiltinHeuristics()
	if _, ok := hs.Lookup("pdb:555"); ok {
		return hs
	}
	info := reference.HeuristicInfo{
		Name:        "pdb:NAME",
		Description: "pattern database: a shipped partition (" + strings.Join(pdb.Names(), ", ") + ") or additive patterns such as 1-2-3-4/5-6-7-8",
		Strength:    200,
	}
	err := hs.RegisterPrefix("pdb:", info, func(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error) {
		return OpenPDB(ctx, name, g, opts)
	})
	if err != nil {
		panic("audit: register pattern databases: " + err.Error())
	}
	return hs
}

// OpenPDB opens the pattern database called name for goal g: a shipped
// partition ("pdb:663" or "663"), additive patterns ("pdb:1-2-3/4-5-6"),
// or patterns combined by maximum, every move counted, with the blank
// ("pdb:max:3-6-7-8").
func OpenPDB(ctx context.Context, name string, g puzzles.Goal, opts pdb.Options) (*pdb.Heuristic, error) {
	trimmed := pdb.TrimName(name)
	h, err := pdb.Open(ctx, trimmed, g, opts)
	if err == nil || !errors.Is(err, pdb.ErrUnknownName) {
		return h, err
	}
	mode := pdb.Additive
	spec := trimmed
	if rest, ok := strings.CutPrefix(spec, "max:"); ok {
		mode, spec = pdb.Max, rest
	}
	if !strings.ContainsAny(spec, "-,/") && mode == pdb.Additive {
		return nil, err
	}
	patterns, perr := pdb.ParsePatterns(spec)
	if perr != nil {
		return nil, perr
	}
	part, perr := pdb.Custom(g, mode, patterns)
	if perr != nil {
		return nil, perr
	}
	return pdb.OpenPartition(ctx, part, opts)
}

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
