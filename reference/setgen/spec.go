package setgen

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Mode says how a group draws its solvable boards.
type Mode uint8

const (
	// Uniform draws boards uniformly from every board that can reach the
	// goal.
	Uniform Mode = iota
	// Walk makes each board by a random walk of Group.WalkLength moves
	// from the goal that never undoes its previous move.
	Walk
	// Depth stratifies the boards by exact optimal solution length over
	// Group.Depths.
	Depth
)

// String is "uniform", "walk" or "depth".
func (m Mode) String() string {
	switch m {
	case Walk:
		return "walk"
	case Depth:
		return "depth"
	}
	return "uniform"
}

// Range is an inclusive range of optimal solution lengths.
type Range struct {
	Min, Max int
}

// ParseRange reads "A-B" (for example "20-25") or a single depth "A".
func ParseRange(s string) (Range, error) {
	t := strings.TrimSpace(s)
	lo, hi, found := strings.Cut(t, "-")
	if !found {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil {
		return Range{}, fmt.Errorf("depth %q: expected A-B such as 20-25, or one depth", s)
	}
	r := Range{a, b}
	if err := r.Validate(); err != nil {
		return Range{}, fmt.Errorf("depth %q: %w", s, err)
	}
	return r, nil
}

// MaxDepth bounds the depths a Range may ask for; no board of up to
// 16x16 cells that anyone could prove needs more.
const MaxDepth = 1000

// Validate reports whether 0 <= Min <= Max <= MaxDepth.
func (r Range) Validate() error {
	switch {
	case r.Min < 0:
		return fmt.Errorf("depth %d is negative", r.Min)
	case r.Min > r.Max:
		return fmt.Errorf("the range %d-%d is empty; write the smaller depth first", r.Min, r.Max)
	case r.Max > MaxDepth:
		return fmt.Errorf("depth %d is beyond %d", r.Max, MaxDepth)
	}
	return nil
}

// Len is the number of depths in the range.
func (r Range) Len() int { return r.Max - r.Min + 1 }

// String writes "A-B", or "A" when the range holds one depth.
func (r Range) String() string {
	if r.Min == r.Max {
		return strconv.Itoa(r.Min)
	}
	return fmt.Sprintf("%d-%d", r.Min, r.Max)
}

// Shard is one part of a generation split n ways: shard Index of Count,
// 1-based. It takes the slots whose position in the set, counted from 0,
// is Index-1 modulo Count. The zero Shard is the whole set.
type Shard struct {
	Index, Count int
}

// MaxShards bounds Shard.Count.
const MaxShards = 1 << 20

// ParseShard reads "i/n" (for example "3/8"), 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	i, n, found := strings.Cut(strings.TrimSpace(s), "/")
	if !found {
		return Shard{}, fmt.Errorf("shard %q: expected i/n such as 3/8", s)
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(i))
	b, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: expected i/n such as 3/8", s)
	}
	sh := Shard{a, b}
	if err := sh.validate(); err != nil {
		return Shard{}, fmt.Errorf("shard %q: %w", s, err)
	}
	return sh, nil
}

// Validate reports whether the shard is the zero Shard or has
// 1 <= Index <= Count <= MaxShards.
func (s Shard) Validate() error {
	if s.IsZero() {
		return nil
	}
	return s.validate()
}

func (s Shard) validate() error {
	switch {
	case s.Count < 1 || s.Count > MaxShards:
		return fmt.Errorf("the number of shards must be from 1 to %d, not %d", MaxShards, s.Count)
	case s.Index < 1 || s.Index > s.Count:
		return fmt.Errorf("shard %d does not exist: the shards are numbered 1 to %d", s.Index, s.Count)
	}
	return nil
}

// IsZero reports whether s is the zero Shard (the whole set).
func (s Shard) IsZero() bool { return s == Shard{} }

// String writes "i/n", or "" for the zero Shard.
func (s Shard) String() string {
	if s.IsZero() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// owns reports whether the shard takes the slot at position k.
func (s Shard) owns(k int) bool {
	return s.IsZero() || k%s.Count == s.Index-1
}

// Group is one kind of puzzle in a set: boards for one goal, drawn one
// way, written into one folder.
type Group struct {
	// Dir is the folder of the group's files inside the set, "" for the
	// set's own folder; for example "3x3" or "hidden/4x4".
	Dir string
	// Goal is the goal every board is posed against; its board gives the
	// shape.
	Goal puzzles.Goal
	// Mode says how the solvable boards are drawn.
	Mode Mode
	// Count is the number of solvable boards. In Depth mode without
	// PerDepth they are spread over the depths as evenly as the depths
	// allow: when they do not divide evenly, the depths that get one more
	// are spaced evenly over the range, and a depth with fewer boards
	// than its share (on small boards, whose depths are known) gives all
	// it has.
	Count int
	// Depths are the optimal lengths of Depth mode.
	Depths Range
	// PerDepth, in Depth mode, asks for this many boards at every depth
	// instead of Count in all.
	PerDepth int
	// WalkLength is the number of moves of Walk mode.
	WalkLength int
	// Unsolvable is the number of boards that cannot reach the goal.
	Unsolvable int
	// Hidden marks every puzzle of the group hidden from students.
	Hidden bool
}

// Spec describes a puzzle set.
type Spec struct {
	Groups []Group
	// Seed seeds every random choice; the same Spec gives the same set.
	Seed uint64
	// Convention is the convention the solutions are written in.
	Convention puzzles.Convention
	// Format is the format of the puzzle files.
	Format puzzles.Format
	// NoKeys skips the proofs of Uniform and Walk boards (their entries
	// get no optimal length). Depth mode always proves.
	NoKeys bool
	// Generator is recorded in the manifest: how the set was made, for
	// reproduction (a command line).
	Generator string
}

// MaxPuzzles bounds the number of puzzles of a set.
const MaxPuzzles = 1_000_000

// ErrSpec is wrapped by every error about a Spec that cannot be
// generated as given.
var ErrSpec = errors.New("bad puzzle-set spec")

func specErrorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrSpec}, args...)...)
}

// Validate checks the spec without generating anything: goals present
// and compatible with one manifest, counts in range, folders inside the
// set, modes with what they need. Counts a depth's boards cannot meet are
// found by Generate, which knows the depths.
func (s Spec) Validate() error {
	if len(s.Groups) == 0 {
		return specErrorf("no groups of puzzles")
	}
	total := 0
	dirs := map[string]bool{}
	for i, g := range s.Groups {
		name := g.Dir
		if name == "" {
			name = fmt.Sprintf("group %d", i+1)
		}
		if g.Goal.IsZero() {
			return specErrorf("%s has no goal", name)
		}
		if g.Dir != "" && !localDir(g.Dir) {
			return specErrorf("folder %q must be a clean relative path inside the set, such as 3x3 or hidden/4x4", g.Dir)
		}
		if dirs[g.Dir] {
			return specErrorf("two groups write into the folder %q", g.Dir)
		}
		dirs[g.Dir] = true
		if g.Count < 0 || g.PerDepth < 0 || g.Unsolvable < 0 || g.WalkLength < 0 {
			return specErrorf("%s: counts and lengths must not be negative", name)
		}
		switch g.Mode {
		case Uniform:
		case Walk:
			if g.WalkLength == 0 && g.Count > 0 {
				return specErrorf("%s: walk mode needs a walk length", name)
			}
		case Depth:
			if err := g.Depths.Validate(); err != nil {
				return specErrorf("%s: %v", name, err)
			}
			if g.PerDepth > 0 && g.Count > 0 {
				return specErrorf("%s: give either a count or a number per depth, not both", name)
			}
		default:
			return specErrorf("%s: unknown mode %d", name, g.Mode)
		}
		n := g.solvableCount() + g.Unsolvable
		if n > MaxPuzzles || total+n > MaxPuzzles {
			return specErrorf("more than %d puzzles", MaxPuzzles)
		}
		total += n
		if err := compatibleGoals(s.Groups[0].Goal, g.Goal); err != nil {
			return specErrorf("%s: %v", name, err)
		}
	}
	if total == 0 {
		return specErrorf("the set would hold no puzzles")
	}
	return nil
}

// localDir reports whether d is a clean, slash-separated relative path
// that stays inside the set's folder.
func localDir(d string) bool {
	return !strings.Contains(d, `\`) && path.Clean(d) == d && filepath.IsLocal(filepath.FromSlash(d))
}

// solvableCount is the number of solvable boards the group asks for.
func (g Group) solvableCount() int {
	if g.Mode == Depth && g.PerDepth > 0 {
		return g.PerDepth * g.Depths.Len()
	}
	return g.Count
}

// compatibleGoals reports whether two groups' goals can share one
// manifest, whose goal is a name: both built-in goals of the same name,
// or one custom goal board.
func compatibleGoals(a, b puzzles.Goal) error {
	switch {
	case a.IsBuiltin() && b.IsBuiltin() && a.Name() == b.Name():
		return nil
	case !a.IsBuiltin() && !b.IsBuiltin() && a.Board().Equal(b.Board()):
		return nil
	}
	return fmt.Errorf("goal %s cannot share a manifest with goal %s: one set has one goal (a built-in goal such as default for every shape, or one goal board)", b.Name(), a.Name())
}
