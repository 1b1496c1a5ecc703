package bench

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// Set is the puzzle set of a comparison: its instances, each posed
// against its goal with its known optimal length where there is one.
type Set struct {
	// Name is how the set was named: a shipped set's name, a folder, or
	// a generated set's spec as given.
	Name string
	// GoalName names the goal the instances are posed against
	// ("default", "blank-first", a goal file).
	GoalName  string
	Instances []Instance
}

// SetOptions say how LoadSet poses a set.
type SetOptions struct {
	// Goal, when not nil, returns the goal of an instance of shape s
	// instead of the set's own goal, and GoalName names it. Known lengths
	// are kept only for instances whose set goal is that same goal: they
	// are lengths to the set's own goal.
	Goal     func(s puzzles.Shape) (puzzles.Goal, error)
	GoalName string
	// Prover proves the optimal lengths of a generated set; nil means a
	// Prover over reference.BuiltinHeuristics.
	Prover *reference.Prover
}

// LoadSet reads the set name gives:
//
//   - a set shipped in the binary (korf100, hard80 ...; see puzzles.Sets),
//     with its published lengths;
//   - a folder: the puzzles its manifest.json lists (kpuzzle gen writes
//     one), with their keys, or else every file in it and below but
//     dot-files, .json files and README.txt, with no known lengths;
//   - a set generated on the fly, gen:SHAPE:DEPTHS:COUNT[:SEED] (see
//     ParseGenSpec), with proved keys.
//
// A file that is not a puzzle is an error naming the file, line and
// column (a *puzzles.ParseError); a generated set that cannot be had (a
// depth beyond the board's largest) wraps setgen.ErrSpec, and a cancelled
// ctx stops the generation with ctx's error, wrapped.
func LoadSet(ctx context.Context, name string, o SetOptions) (Set, error) {
	if strings.HasPrefix(name, GenPrefix) {
		return generateSet(ctx, name, o)
	}
	if set, err := puzzles.LoadSet(name); err == nil {
		return shippedSet(set, o)
	}
	info, err := os.Stat(name)
	if err != nil || !info.IsDir() {
		var names []string
		for _, s := range puzzles.Sets() {
			names = append(names, s.Name)
		}
		return Set{}, fmt.Errorf("set %q: no shipped set or folder of that name (sets: %s; or gen:SHAPE:DEPTHS:COUNT[:SEED])%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
	}
	if _, err := os.Stat(filepath.Join(name, puzzles.ManifestFile)); err == nil {
		return manifestSet(name, o)
	}
	return folderSet(name, o)
}

// goalFor is the goal of an instance of shape s whose set goal is own
// (zero when the set's own goal is not known yet), and whether the
// instance's known length still holds for it.
func (o SetOptions) goalFor(s puzzles.Shape, own puzzles.Goal) (puzzles.Goal, bool, error) {
	if o.Goal == nil {
		return own, true, nil
	}
	g, err := o.Goal(s)
	if err != nil {
		return puzzles.Goal{}, false, err
	}
	return g, !own.IsZero() && g.Board().Equal(own.Board()), nil
}

func (o SetOptions) goalName(own string) string {
	if o.Goal != nil {
		return o.GoalName
	}
	return own
}

func shippedSet(set puzzles.Set, o SetOptions) (Set, error) {
	out := Set{Name: set.Name, GoalName: o.goalName(set.GoalName)}
	for _, inst := range set.Instances {
		g, keep, err := o.goalFor(inst.Board.Shape(), set.Goal(inst))
		if err != nil {
			return Set{}, err
		}
		out.Instances = append(out.Instances, Instance{Name: inst.Name, Board: inst.Board, Goal: g, Optimal: known(inst.Optimal, keep)})
	}
	return out, nil
}

// manifestSet reads the puzzles a folder's manifest lists, with their
// keys.
func manifestSet(dir string, o SetOptions) (Set, error) {
	m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
	if err != nil {
		return Set{}, err
	}
	out := Set{Name: dir, GoalName: o.goalName(m.Goal)}
	for _, e := range m.Puzzles {
		b, err := puzzles.ReadBoardFile(filepath.Join(dir, e.File))
		if err != nil {
			return Set{}, err
		}
		// With SetOptions.Goal the set's own goal only decides whether
		// the keys hold; one that cannot be read keeps none.
		own, err := puzzles.ManifestGoal(m, dir, b.Shape())
		if err != nil && o.Goal == nil {
			return Set{}, err
		}
		g, keep, err := o.goalFor(b.Shape(), own)
		if err != nil {
			return Set{}, err
		}
		optimal := -1
		if e.OptimalLength != nil {
			optimal = known(*e.OptimalLength, keep)
		}
		out.Instances = append(out.Instances, Instance{Name: e.File, Board: b, Goal: g, Optimal: optimal})
	}
	return out, nil
}

// folderSet reads every puzzle file in a folder without a manifest.
func folderSet(dir string, o SetOptions) (Set, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasPrefix(d.Name(), ".") && !strings.HasSuffix(d.Name(), ".json") && !strings.EqualFold(d.Name(), "README.txt") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return Set{}, err
	}
	sort.Strings(files)
	out := Set{Name: dir, GoalName: o.goalName(puzzles.GoalDefault)}
	for _, f := range files {
		b, err := puzzles.ReadBoardFile(f)
		if err != nil {
			return Set{}, err
		}
		g, _, err := o.goalFor(b.Shape(), puzzles.DefaultGoal(b.Shape()))
		if err != nil {
			return Set{}, err
		}
		rel, _ := filepath.Rel(dir, f)
		out.Instances = append(out.Instances, Instance{Name: rel, Board: b, Goal: g, Optimal: -1})
	}
	return out, nil
}

// generateSet generates the set a gen: spec names, with proved keys.
func generateSet(ctx context.Context, name string, o SetOptions) (Set, error) {
	spec, err := ParseGenSpec(name)
	if err != nil {
		return Set{}, err
	}
	g, _, err := o.goalFor(spec.Shape, puzzles.DefaultGoal(spec.Shape))
	if err != nil {
		return Set{}, err
	}
	gen, err := setgen.Generate(ctx, setgen.Spec{
		Groups:     []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: spec.Depths, Count: spec.Count}},
		Seed:       spec.Seed,
		Convention: puzzles.TileMoves,
		Generator:  "kpuzzle bench --set " + spec.String(),
	}, setgen.Options{Prover: o.Prover})
	if errors.Is(err, setgen.ErrSpec) {
		return Set{}, fmt.Errorf("set %s: %w", name, err)
	}
	if err != nil {
		return Set{}, err
	}
	out := Set{Name: name, GoalName: g.Name()}
	for _, p := range gen.Puzzles {
		optimal := -1
		if p.Entry.OptimalLength != nil {
			optimal = *p.Entry.OptimalLength
		}
		out.Instances = append(out.Instances, Instance{Name: p.Entry.File, Board: p.Board, Goal: g, Optimal: optimal})
	}
	return out, nil
}

// known is n when keep is set, else -1 (unknown).
func known(n int, keep bool) int {
	if !keep {
		return -1
	}
	return n
}

// Unrecorded names the instances whose optimal length is unknown (a
// folder without a manifest.json, a manifest that gives no length, or a
// goal other than the set's own), in the set's order.
func (s Set) Unrecorded() []string {
	var names []string
	for _, in := range s.Instances {
		if in.Optimal < 0 {
			names = append(names, in.Name)
		}
	}
	return names
}

// Select keeps the instances named in only (every one when only is
// empty), in the set's order, then the first limit of them (every one
// when limit is 0). A name the set does not have is an error, and so is
// a selection that keeps nothing.
func (s Set) Select(only []string, limit int) (Set, error) {
	if limit < 0 {
		return Set{}, fmt.Errorf("a limit of %d instances: expected 0 (all) or more", limit)
	}
	if len(only) > 0 {
		keep := map[string]bool{}
		for _, n := range only {
			keep[n] = true
		}
		var sel []Instance
		for _, in := range s.Instances {
			if keep[in.Name] {
				sel = append(sel, in)
				delete(keep, in.Name)
			}
		}
		if len(keep) > 0 {
			var missing []string
			for n := range keep {
				missing = append(missing, n)
			}
			sort.Strings(missing)
			return Set{}, fmt.Errorf("set %s has no instance %s", s.Name, strings.Join(missing, ", "))
		}
		s.Instances = sel
	}
	if limit > 0 && limit < len(s.Instances) {
		s.Instances = s.Instances[:limit]
	}
	if len(s.Instances) == 0 {
		return Set{}, fmt.Errorf("set %s has no puzzles", s.Name)
	}
	return s, nil
}

// GenPrefix starts the name of a set generated on the fly.
const GenPrefix = "gen:"

// MaxGenCount bounds the puzzles of a generated set.
const MaxGenCount = 10000

// GenSpec is a set generated on the fly, written
// gen:SHAPE:DEPTHS:COUNT[:SEED]: Count boards of Shape whose optimal
// lengths are spread evenly over Depths, drawn with Seed (default 1).
// The same spec always gives the same boards.
type GenSpec struct {
	Shape  puzzles.Shape
	Depths setgen.Range
	Count  int
	Seed   uint64
}

// ParseGenSpec reads gen:SHAPE:DEPTHS:COUNT[:SEED], for example
// gen:3x3:20-30:50.
func ParseGenSpec(s string) (GenSpec, error) {
	bad := func(why string, args ...any) (GenSpec, error) {
		return GenSpec{}, fmt.Errorf("set %q: %s; expected gen:SHAPE:DEPTHS:COUNT[:SEED] such as gen:3x3:20-30:50", s, fmt.Sprintf(why, args...))
	}
	rest, ok := strings.CutPrefix(s, GenPrefix)
	if !ok {
		return bad("no gen: prefix")
	}
	parts := strings.Split(rest, ":")
	if len(parts) != 3 && len(parts) != 4 {
		return bad("%d fields after gen:", len(parts))
	}
	var g GenSpec
	var err error
	if g.Shape, err = puzzles.ParseShape(parts[0]); err != nil {
		return bad("%v", err)
	}
	if g.Depths, err = setgen.ParseRange(parts[1]); err != nil {
		return bad("%v", err)
	}
	if g.Count, err = strconv.Atoi(strings.TrimSpace(parts[2])); err != nil || g.Count < 1 || g.Count > MaxGenCount {
		return bad("count %q is not a number from 1 to %d", parts[2], MaxGenCount)
	}
	g.Seed = 1
	if len(parts) == 4 {
		if g.Seed, err = strconv.ParseUint(strings.TrimSpace(parts[3]), 10, 64); err != nil {
			return bad("seed %q is not a whole number", parts[3])
		}
	}
	return g, nil
}

// String writes the spec in full, seed included.
func (g GenSpec) String() string {
	return fmt.Sprintf("%s%s:%s:%d:%d", GenPrefix, g.Shape, g.Depths, g.Count, g.Seed)
}
