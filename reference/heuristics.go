package reference

import (
	"context"
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"slices"
	"sort"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// HeuristicBuilder builds a heuristic for goal g. Builders that take long
// (pattern databases) must honour ctx.
type HeuristicBuilder func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error)

// HeuristicInfo describes a heuristic that a [Heuristics] value can build.
type HeuristicInfo struct {
	// Name is how the command line spells it, e.g. "manhattan" or
	// "pdb:663".
	Name string
	// Aliases are other accepted spellings, e.g. "md".
	Aliases []string
	// Description is one line for listings.
	Description string
	// Strength orders heuristics for the auto route, which takes the
	// strongest one that fits the board: higher means IDA* proves optimal
	// lengths faster with it. The built-ins range from 10 (misplaced) to
	// 30 (linear-conflict); pattern databases should rank above 100.
	Strength int
	// Fits reports whether the heuristic can be built for shape s; nil
	// means every shape.
	Fits func(s puzzles.Shape) bool
	// Build makes the heuristic for a goal.
	Build HeuristicBuilder
	// AutoBuild, when not nil, is used instead of Build when the auto
	// route picks the heuristic on its own (the user did not name it). It
	// returns an error wrapping ErrUnavailable when the heuristic cannot be
	// had cheaply now — a pattern database not yet in the cache, say — and
	// the auto route then tries the next strongest.
	AutoBuild HeuristicBuilder
	// NamedOnly keeps the heuristic out of the auto route: it is built
	// when named, and the auto route never chooses it on its own,
	// whatever its Strength (a database built in memory on every use,
	// say, or a variant named for a course).
	NamedOnly bool
}

// ErrUnavailable is wrapped by an AutoBuild that declines to build its
// heuristic now.
var ErrUnavailable = errors.New("heuristic not available without building it")

func (hi HeuristicInfo) fits(s puzzles.Shape) bool { return hi.Fits == nil || hi.Fits(s) }

// prefixEntry is a family of heuristics whose names share a prefix.
type prefixEntry struct {
	prefix string
	info   HeuristicInfo
	build  func(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error)
}

// Heuristics is a set of named heuristics. [BuiltinHeuristics] returns one
// holding the heuristics of package reference/heuristics; other packages
// add theirs with Register or RegisterPrefix. A Heuristics value is not
// safe for concurrent modification; register everything before sharing
// it, after which Build and Lookup are safe for concurrent use.
type Heuristics struct {
	entries  []HeuristicInfo
	prefixes []prefixEntry
}

// AutoHeuristics returns a new set holding misplaced, manhattan,
// euclidean, linear-conflict and walking-distance: the built-in
// heuristics but the Euclidean variants, which the auto route never
// chooses. A prover never asked for a heuristic by name (the browser
// checker's) needs no more, and its program links less.
func AutoHeuristics() *Heuristics {
	h := &Heuristics{}
	for _, info := range []HeuristicInfo{
		{
			Name: heuristics.NameMisplaced, Aliases: []string{"h1", "hamming"}, Strength: 10,
			Description: "tiles not on their goal cell (admissible, consistent)",
			Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewMisplaced(g), nil
			},
		},
		{
			Name: heuristics.NameEuclidean, Strength: 15,
			Description: "ceiling of the summed straight-line distances (admissible, consistent)",
			Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewEuclidean(g), nil
			},
		},
		{
			Name: heuristics.NameManhattan, Aliases: []string{"h2", "md"}, Strength: 20,
			Description: "summed row and column distances (admissible, consistent)",
			Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewManhattan(g), nil
			},
		},
		{
			Name: heuristics.NameWalkingDistance, Aliases: []string{"wd"}, Strength: 25,
			Description: "Takahashi's walking distance (admissible, consistent; boards up to 4 lines of 4)",
			Fits:        func(s puzzles.Shape) bool { return s.Rows <= 4 && s.Cols <= 4 },
			Build: func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewWalkingDistance(ctx, g)
			},
		},
		{
			Name: heuristics.NameLinearConflict, Aliases: []string{"lc"}, Strength: 30,
			Description: "Manhattan plus 2 for every tile that must leave its row or column (admissible, consistent)",
			Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewLinearConflict(g), nil
			},
		},
	} {
		if err := h.Register(info); err != nil {
			panic("reference: built-in heuristic: " + err.Error())
		}
	}
	return h
}

// BuiltinHeuristics returns AutoHeuristics' set and the variants of
// Euclidean distance student code computes (euclidean-tile-floor ...;
// heuristics.EuclideanVariants), which a course names.
func BuiltinHeuristics() *Heuristics {
	h := AutoHeuristics()
	for _, v := range heuristics.EuclideanVariants() {
		err := h.Register(HeuristicInfo{
			Name: v.Name, Strength: euclideanVariantStrength, NamedOnly: true,
			Description: v.Meaning + " (admissible, consistent)",
			Build: func(_ context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return heuristics.NewEuclideanVariant(g, v), nil
			},
		})
		if err != nil {
			panic("reference: built-in heuristic: " + err.Error())
		}
	}
	return h
}

// euclideanVariantStrength ranks the Euclidean variants below
// Manhattan distance, which dominates them all and fits every board, in
// the listings; the auto route never picks one (NamedOnly). They are
// there to be named, for a course whose programs compute Euclidean
// distance one of these ways (docs/heuristics.md).
const euclideanVariantStrength = 15

// Register adds a heuristic. It fails when the name or an alias is
// already taken, or when info has no Name or Build.
func (h *Heuristics) Register(info HeuristicInfo) error {
	if info.Name == "" || info.Build == nil {
		return fmt.Errorf("register heuristic: a heuristic needs a name and a builder")
	}
	for _, n := range append([]string{info.Name}, info.Aliases...) {
		if _, ok := h.lookup(n); ok {
			return fmt.Errorf("register heuristic: the name %q is taken", n)
		}
	}
	h.entries = append(h.entries, info)
	return nil
}

// RegisterPrefix adds a family of heuristics whose names start with
// prefix (for example "pdb:"), built from the full name. A name
// registered exactly takes precedence over a prefix. info describes the
// family: its Name is shown in listings (e.g. "pdb:FILE"), and its
// Strength and Fits apply to every member; info.Build is ignored.
func (h *Heuristics) RegisterPrefix(prefix string, info HeuristicInfo, build func(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error)) error {
	if prefix == "" || build == nil {
		return fmt.Errorf("register heuristic family: a family needs a prefix and a builder")
	}
	for _, p := range h.prefixes {
		if p.prefix == prefix {
			return fmt.Errorf("register heuristic family: the prefix %q is taken", prefix)
		}
	}
	if info.Name == "" {
		info.Name = prefix + "*"
	}
	h.prefixes = append(h.prefixes, prefixEntry{prefix, info, build})
	return nil
}

func (h *Heuristics) lookup(name string) (HeuristicInfo, bool) {
	for _, e := range h.entries {
		if e.Name == name || slices.Contains(e.Aliases, name) {
			return e, true
		}
	}
	return HeuristicInfo{}, false
}

// Lookup returns the description of the heuristic called name (or one of
// its aliases), case-insensitively; for a name in a registered family it
// returns the family's description with Name set to the name asked for.
func (h *Heuristics) Lookup(name string) (HeuristicInfo, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if e, ok := h.lookup(name); ok {
		return e, true
	}
	for _, p := range h.prefixes {
		if strings.HasPrefix(name, p.prefix) {
			info := p.info
			info.Name = name
			info.Build = func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
				return p.build(ctx, name, g)
			}
			return info, true
		}
	}
	return HeuristicInfo{}, false
}

// Build makes the heuristic called name for goal g.
func (h *Heuristics) Build(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error) {
	info, ok := h.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("heuristic %q: expected one of %s%s", name, strings.Join(h.Names(), ", "), suggest.Phrase(name, h.Names()))
	}
	if !info.fits(g.Shape()) {
		return nil, fmt.Errorf("heuristic %s does not support %s boards", info.Name, g.Shape())
	}
	hv, err := info.Build(ctx, g)
	if err != nil {
		return nil, fmt.Errorf("build heuristic %s: %w", info.Name, err)
	}
	return hv, nil
}

// Names lists the registered names (families as their listing name),
// weakest first.
func (h *Heuristics) Names() []string {
	var names []string
	for _, e := range h.List() {
		names = append(names, e.Name)
	}
	return names
}

// List returns every registered heuristic and family, weakest first.
func (h *Heuristics) List() []HeuristicInfo {
	out := slices.Clone(h.entries)
	for _, p := range h.prefixes {
		out = append(out, p.info)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Strength < out[j].Strength })
	return out
}

// Strongest returns the strongest exactly-registered heuristic that fits
// shape s and that the auto route may choose (families are not
// considered: their members are named by the user).
func (h *Heuristics) Strongest(s puzzles.Shape) (HeuristicInfo, bool) {
	c := h.Candidates(s)
	if len(c) == 0 {
		return HeuristicInfo{}, false
	}
	return c[0], true
}

// Candidates returns the exactly-registered heuristics that fit shape s
// and that the auto route may choose (not NamedOnly), strongest first:
// the order in which the auto route tries them. The choice is the
// heuristics' own: their Strength, Fits, AutoBuild and NamedOnly, as
// each was registered.
func (h *Heuristics) Candidates(s puzzles.Shape) []HeuristicInfo {
	var out []HeuristicInfo
	for _, e := range h.entries {
		if e.fits(s) && !e.NamedOnly {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Strength > out[j].Strength })
	return out
}
