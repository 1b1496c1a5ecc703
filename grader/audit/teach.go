package audit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Ends of a claimed figure's range that an impossible figure falls
// outside (FigureVerdict.Outside).
const (
	// OutsideBelow: fewer than every correct run makes (for an expanded
	// count in a band, the states every such search must expand).
	OutsideBelow = "below"
	// OutsideAbove: more than any correct run can make (for an expanded
	// count in a band, the most any such search may expand).
	OutsideAbove = "above"
)

// Fit is another heuristic whose A* band holds an expanded count that the
// claimed heuristic's band does not.
type Fit struct {
	// Heuristic is the heuristic's name.
	Heuristic string `json:"heuristic"`
	// Low and High are its band, as kpuzzle counts.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Convention is the counting convention the count matched in it.
	Convention string `json:"convention"`
}

// teach completes an impossible figure with what a student can act on:
// the nearest count a correct search of the claimed kind could report
// (under the counting convention that reaches furthest), what makes a
// count fall on that side, and, for an A* expanded count, the variants of
// the claimed heuristic whose band holds it. The error is the context's
// alone.
func teach(ctx context.Context, fv *FigureVerdict, cl StatsClaim, bd *bound, f *facts, opts StatsOptions) error {
	what := searchName(cl)
	nearest, kpuzzles := bd.low, bd.low
	if fv.Outside == OutsideAbove {
		nearest, kpuzzles = bd.high, bd.high
	}
	if fv.Name == FigureExpanded && bd.banded {
		if fv.Outside == OutsideBelow && bd.low > 0 {
			nearest, fv.NearestConvention = bd.low-1, ConventionStartNotCounted
		} else if fv.Outside == OutsideAbove {
			nearest, fv.NearestConvention = bd.high+1, ConventionGoalCounted
		}
	}
	fv.Nearest = &nearest
	fv.Reason += fmt.Sprintf("; the nearest count a correct %s could report is %s", what, countString(nearest))
	if fv.NearestConvention != "" {
		fv.Reason += fmt.Sprintf(", %s (%s as kpuzzle counts)", conventionPhrase[fv.NearestConvention], countString(kpuzzles))
	}
	fv.Hint = hint(cl, fv.Name, fv.Outside)
	if fv.Name != FigureExpanded || cl.Algorithm != "astar" || !bd.banded {
		return nil
	}
	fits, err := variantFits(ctx, fv.Claimed, cl, f, opts)
	if err != nil {
		return err
	}
	fv.Fits = fits
	if len(fits) > 0 {
		var names []string
		for _, ft := range fits {
			how := ""
			if phrase := conventionPhrase[ft.Convention]; phrase != "" {
				how = ", " + phrase
			}
			names = append(names, fmt.Sprintf("%s (%s..%s as kpuzzle counts%s)", ft.Heuristic, countString(ft.Low), countString(ft.High), how))
		}
		fv.Hint += fmt.Sprintf("; %s is possible for A* with %s: if the program computes that distance, claim that heuristic (docs/heuristics.md lists what each computes)",
			fv.Text, strings.Join(names, ", "))
	}
	return nil
}

// searchName is the claimed search as a verdict names it: "astar with
// manhattan", "bfs".
func searchName(cl StatsClaim) string {
	if cl.Heuristic != "" {
		return cl.Algorithm + " with " + cl.Heuristic
	}
	return cl.Algorithm
}

// hint says what makes a correct-looking program's figure fall on the
// given side of its range, or "" when nothing useful is known.
func hint(cl StatsClaim, figure, outside string) string {
	h := cl.Heuristic
	switch {
	case figure == FigureGenerated:
		return "every expansion generates between 1 and the branching factor successors, so generated lies between expanded and that many times expanded; a count outside counts something else (successors after duplicate detection, or every node ever made)"
	case figure == FigureMaxFrontier && outside == OutsideAbove && !reference.GraphSearch(cl.Algorithm):
		return "a depth-first search keeps only its path and the siblings along it; a larger frontier means the program keeps every node it generates, as a breadth-first or best-first search does"
	case figure == FigureMaxFrontier:
		return "a graph search's frontier holds distinct states; a larger one holds the same state more than once (no check before pushing a state already on the frontier)"
	case cl.Algorithm == "astar" && outside == OutsideAbove:
		return fmt.Sprintf("more expansions than any A* with %s makes come from a weaker heuristic than %s, from expanding a state twice (a stale frontier entry expanded again, or no closed set), or from going on past the goal", h, h)
	case cl.Algorithm == "astar":
		return fmt.Sprintf("fewer expansions than every A* with %s makes come from a stronger heuristic than %s (or one that overestimates), or from a count that leaves expansions out", h, h)
	case (cl.Algorithm == "bfs" || cl.Algorithm == "ucs") && outside == OutsideAbove:
		return "more expansions come from expanding a state twice (no visited set) or from going on past the goal's depth"
	case cl.Algorithm == "bfs" || cl.Algorithm == "ucs":
		return "fewer expansions come from stopping before the goal's depth is reached, or from a count that leaves expansions out"
	case outside == OutsideAbove && reference.GraphSearch(cl.Algorithm):
		return "a graph search expands each state at most once; more means states were expanded more than once"
	case cl.Algorithm == "idastar" && outside == OutsideBelow:
		return fmt.Sprintf("its last complete iteration expands every state with g*+h < C*; fewer comes from a stronger heuristic than %s (or one that overestimates), or from counting only the last iteration", h)
	case cl.Algorithm == "ids" && outside == OutsideBelow:
		return "its complete iterations expand every state within their depth; fewer comes from counting only the last iteration"
	}
	return ""
}

// variantFits is, for an A* expanded count impossible with the claimed
// heuristic, every other variant of that heuristic's family (the
// Euclidean distances) whose band holds the count under some counting
// convention. The error is the context's alone.
func variantFits(ctx context.Context, claimed float64, cl StatsClaim, f *facts, opts StatsOptions) ([]Fit, error) {
	family := variantFamily(cl.Heuristic)
	if family == nil || !bandFeasible(cl.Board.Shape(), f.cost) {
		return nil, nil
	}
	var out []Fit
	for _, name := range family {
		h, err := opts.Heuristics.Build(ctx, name, f.goal)
		if err != nil {
			continue
		}
		band, err := opts.aStarBand(ctx, cl.Board, f.goal, h)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			continue
		}
		lo, hi := float64(band.MustExpand), float64(band.MayExpand)
		if conv, _ := matchConvention(claimed, lo, hi); conv != "" {
			out = append(out, Fit{Heuristic: name, Low: lo, High: hi, Convention: conv})
		}
	}
	return out, nil
}

// variantFamily lists the other members of name's family of variants
// (the Euclidean distances: euclidean and heuristics.EuclideanVariants),
// or nil when name has none.
func variantFamily(name string) []string {
	names := []string{heuristics.NameEuclidean}
	for _, v := range heuristics.EuclideanVariants() {
		names = append(names, v.Name)
	}
	name = strings.ToLower(strings.TrimSpace(name))
	if !slices.Contains(names, name) {
		return nil
	}
	return slices.DeleteFunc(names, func(n string) bool { return n == name })
}

// ClaimCache keeps what judging claims on a puzzle takes — its optimal
// length (an exact table or a search) and the A* bands of the heuristics
// named — by puzzle, goal and heuristic, so that a grading judging the
// counts of many programs on the same tests finds each once. The zero
// value is ready to use; a ClaimCache is safe for concurrent use. Hand
// one to every JudgeStats call of a grading (StatsOptions.Cache), all
// with the same options: the optimal lengths depend on the solve time
// limit and the pattern databases. What a cancelled context cut short is
// not kept.
type ClaimCache struct {
	bands   sync.Map // bandKey -> *cacheEntry[search.Band]
	puzzles sync.Map // goal|board -> *cacheEntry[*facts]
}

type bandKey struct {
	start, goal, heuristic string
	maxBytes               int64
}

// cacheEntry is one value of a ClaimCache, computed once.
type cacheEntry[T any] struct {
	once sync.Once
	v    T
	err  error
}

// cached returns m's value for key, computing it once; a computation
// that ctx (or another caller's context) cut short is dropped and tried
// again.
func cached[T any](ctx context.Context, m *sync.Map, key any, compute func() (T, error)) (T, error) {
	v, _ := m.LoadOrStore(key, &cacheEntry[T]{})
	e := v.(*cacheEntry[T])
	e.once.Do(func() { e.v, e.err = compute() })
	if e.err != nil && (errors.Is(e.err, context.Canceled) || errors.Is(e.err, context.DeadlineExceeded)) {
		m.CompareAndDelete(key, e)
		if ctx.Err() == nil {
			return compute()
		}
	}
	return e.v, e.err
}

// facts is puzzleFacts through the cache.
func (c *ClaimCache) facts(ctx context.Context, key string, compute func() (*facts, error)) (*facts, error) {
	return cached(ctx, &c.puzzles, key, compute)
}

// aStarBand is search.AStarBand through opts.Cache when there is one.
func (opts StatsOptions) aStarBand(ctx context.Context, start puzzles.Board, goal puzzles.Goal, h search.Heuristic) (search.Band, error) {
	compute := func() (search.Band, error) {
		return search.AStarBand(ctx, search.Problem{Start: start, Goal: goal}, h, search.Limits{MaxBytes: opts.MaxBandBytes})
	}
	if opts.Cache == nil {
		return compute()
	}
	return cached(ctx, &opts.Cache.bands, bandKey{start.String(), goal.Board().String(), h.Name(), opts.MaxBandBytes}, compute)
}
