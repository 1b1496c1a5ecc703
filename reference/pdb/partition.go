package pdb

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Mode says how a pattern database counts moves and how the values of
// several patterns combine.
type Mode uint8

const (
	// Additive counts only the moves of the pattern's own tiles; the
	// blank's position is minimised over, so the table is indexed by the
	// pattern tiles alone. Values of disjoint patterns add up.
	Additive Mode = 1
	// Max counts every move, the blank's included, and indexes the table
	// by the pattern tiles and the blank (the fringe database of Culberson
	// and Schaeffer). Values combine by maximum, with Manhattan distance
	// among them.
	Max Mode = 2
)

// String is "additive" or "max".
func (m Mode) String() string {
	switch m {
	case Additive:
		return "additive"
	case Max:
		return "max"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// ParseMode reads a mode by its name as String writes it, "additive" or
// "max", in any case.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(s) {
	case "additive":
		return Additive, nil
	case "max":
		return Max, nil
	}
	return 0, fmt.Errorf("mode %q: expected additive or max", s)
}

// Partition is a set of disjoint patterns (sets of tiles) over one goal,
// with how their values combine. Tiles in no pattern are counted by their
// Manhattan distance (added under Additive, maxed in under Max), so a
// partition need not cover every tile.
type Partition struct {
	// Name is the shipped name ("78") or a description of a custom
	// partition ("1-2-3/4-5").
	Name string
	Goal puzzles.Goal
	Mode Mode
	// Patterns lists the tiles of each pattern, each in increasing order.
	Patterns [][]int
}

// Spec writes the patterns in the form ParsePatterns reads:
// tiles joined by "-" and patterns joined by "/", e.g. "1-2-3/4-5-6-7".
func (p Partition) Spec() string { return formatPatterns(p.Patterns) }

// namedPartition is a shipped partition, written in a canonical
// orientation whose blank goal cell is cell 0 (Korf's blank-first goal);
// its cell groups are carried onto any goal whose blank sits in a corner
// by the symmetry of the board that takes cell 0 there.
type namedPartition struct {
	name  string
	shape puzzles.Shape
	mode  Mode
	cells [][]int
	doc   string
}

var namedPartitions = []namedPartition{
	{"555", puzzles.Shape{Rows: 4, Cols: 4}, Additive,
		[][]int{{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}},
		"three additive 5-tile patterns (Korf & Felner 2002); 3 x 524,160 entries"},
	{"663", puzzles.Shape{Rows: 4, Cols: 4}, Additive,
		[][]int{{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}},
		"two additive 6-tile patterns and one 3-tile pattern (Korf & Felner 2002); 2 x 5,765,760 + 3,360 entries"},
	{"78", puzzles.Shape{Rows: 4, Cols: 4}, Additive,
		[][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}},
		"additive 7-tile and 8-tile patterns, the two halves of the board (Korf & Felner 2002); 57,657,600 + 518,918,400 entries"},
	{"fringe", puzzles.Shape{Rows: 4, Cols: 4}, Max,
		[][]int{{3, 7, 11, 12, 13, 14, 15}},
		"the fringe (far row and column) with the blank, every move counted, maxed with Manhattan (Culberson & Schaeffer 1998); 518,918,400 entries"},
	{"6666", puzzles.Shape{Rows: 5, Cols: 5}, Additive,
		[][]int{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}},
		"four additive 6-tile patterns for the 24-puzzle (Korf & Felner 2002); 4 x 127,512,000 entries"},
}

// NameInfo describes a shipped partition.
type NameInfo struct {
	Name        string        `json:"name"`
	Shape       puzzles.Shape `json:"-"`
	Mode        Mode          `json:"-"`
	Description string        `json:"description"`
}

// Names lists the shipped partitions in order of strength per board:
// "555", "663", "78", "fringe" (4x4) and "6666" (5x5).
func Names() []string {
	out := make([]string, len(namedPartitions))
	for i, np := range namedPartitions {
		out[i] = np.name
	}
	return out
}

// Describe returns the description of every shipped partition.
func Describe() []NameInfo {
	out := make([]NameInfo, len(namedPartitions))
	for i, np := range namedPartitions {
		out[i] = NameInfo{Name: np.name, Shape: np.shape, Mode: np.mode, Description: np.doc}
	}
	return out
}

// NamedShape is the board shape of the shipped partition called name (with
// or without the "pdb:" prefix, as TrimName reads it), and false when no
// shipped partition has that name.
func NamedShape(name string) (puzzles.Shape, bool) {
	n := TrimName(name)
	for _, np := range namedPartitions {
		if np.name == n {
			return np.shape, true
		}
	}
	return puzzles.Shape{}, false
}

// ErrUnknownName reports a partition name that is not shipped.
var ErrUnknownName = errors.New("unknown pattern database")

// TrimName removes the "pdb:" prefix that heuristic names carry.
func TrimName(name string) string {
	name = strings.TrimSpace(name)
	if rest, ok := strings.CutPrefix(strings.ToLower(name), "pdb:"); ok {
		return rest
	}
	return name
}

// Strongest is the name of the strongest shipped additive partition for
// shape s ("78" for 4x4, "6666" for 5x5), and false if none is shipped.
func Strongest(s puzzles.Shape) (string, bool) {
	best := ""
	for _, np := range namedPartitions {
		if np.shape == s && np.mode == Additive {
			best = np.name
		}
	}
	return best, best != ""
}

// Named resolves a shipped partition name ("78" or "pdb:78") for goal g.
// The shipped cell groups are written for a blank-first goal; for a goal
// whose blank goal cell is another corner they are carried there by the
// board symmetry taking cell 0 to it (for the default goal: a half turn),
// so the partition is equally strong; for any other goal the blank's goal
// cell swaps places with cell 0 in the groups, which stays admissible.
func Named(name string, g puzzles.Goal) (Partition, error) {
	n := TrimName(name)
	for _, np := range namedPartitions {
		if np.name != n {
			continue
		}
		if g.Shape() != np.shape {
			return Partition{}, fmt.Errorf("pattern database %s is for %s boards, not %s", np.name, np.shape, g.Shape())
		}
		sym := cornerSymmetry(np.shape, g.Pos(0))
		p := Partition{Name: np.name, Goal: g, Mode: np.mode}
		blank := g.Pos(0)
		for _, group := range np.cells {
			tiles := make([]int, len(group))
			for i, c := range group {
				cell := sym(c)
				if cell == blank { // only when the blank is not in a corner
					cell = 0
				}
				tiles[i] = g.Board().At(cell)
			}
			slices.Sort(tiles)
			p.Patterns = append(p.Patterns, tiles)
		}
		return p, nil
	}
	return Partition{}, fmt.Errorf("%w %q: the shipped ones are %s", ErrUnknownName, name, strings.Join(Names(), ", "))
}

// cornerSymmetry returns the symmetry of the shape that takes cell 0 to
// cell blank, preferring a half turn for the opposite corner; when blank is
// not a corner it returns the identity.
func cornerSymmetry(s puzzles.Shape, blank int) func(int) int {
	last := s.Cells() - 1
	switch blank {
	case last: // half turn
		return func(c int) int { return last - c }
	case s.Cols - 1: // mirror left-right
		return func(c int) int { r, col := s.RowCol(c); return s.Index(r, s.Cols-1-col) }
	case last - (s.Cols - 1): // mirror top-bottom
		return func(c int) int { r, col := s.RowCol(c); return s.Index(s.Rows-1-r, col) }
	}
	return func(c int) int { return c }
}

// Custom makes a partition of the given tile patterns for goal g,
// checking that the patterns are non-empty, disjoint and hold only tiles
// of the board (never the blank).
func Custom(g puzzles.Goal, mode Mode, patterns [][]int) (Partition, error) {
	if g.IsZero() {
		return Partition{}, errors.New("partition: no goal")
	}
	if mode != Additive && mode != Max {
		return Partition{}, fmt.Errorf("partition: unknown mode %d", mode)
	}
	if len(patterns) == 0 {
		return Partition{}, errors.New("partition: no patterns")
	}
	n := g.Shape().Cells()
	seen := make([]bool, n)
	p := Partition{Goal: g, Mode: mode}
	for i, pat := range patterns {
		if len(pat) == 0 {
			return Partition{}, fmt.Errorf("partition: pattern %d is empty", i+1)
		}
		tiles := slices.Clone(pat)
		slices.Sort(tiles)
		for _, t := range tiles {
			if t <= 0 || t >= n {
				return Partition{}, fmt.Errorf("partition: tile %d in pattern %d is not a tile of a %s board (1..%d)", t, i+1, g.Shape(), n-1)
			}
			if seen[t] {
				return Partition{}, fmt.Errorf("partition: tile %d appears in two patterns", t)
			}
			seen[t] = true
		}
		p.Patterns = append(p.Patterns, tiles)
	}
	p.Name = formatPatterns(p.Patterns)
	return p, nil
}

// ParsePatterns reads patterns written as tiles separated by "-" or ","
// and patterns separated by "/", e.g. "1-2-3-4/5-6-7". It checks the
// syntax only; Custom checks the tiles against a board.
func ParsePatterns(spec string) ([][]int, error) {
	s := strings.TrimSpace(spec)
	if s == "" {
		return nil, errors.New("patterns: empty; expected tiles like 1-2-3/4-5-6")
	}
	var out [][]int
	for i, part := range strings.Split(s, "/") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("patterns %q: pattern %d is empty; expected tiles like 1-2-3/4-5-6", spec, i+1)
		}
		fields := strings.FieldsFunc(part, func(r rune) bool { return r == '-' || r == ',' || r == ' ' })
		if len(fields) == 0 {
			return nil, fmt.Errorf("patterns %q: pattern %d is empty; expected tiles like 1-2-3/4-5-6", spec, i+1)
		}
		pat := make([]int, len(fields))
		for j, f := range fields {
			t, err := strconv.Atoi(f)
			if err != nil || t < 0 || t >= MaxCells {
				return nil, fmt.Errorf("patterns %q: %q is not a tile number; expected tiles like 1-2-3/4-5-6", spec, f)
			}
			pat[j] = t
		}
		out = append(out, pat)
	}
	return out, nil
}

func formatPatterns(patterns [][]int) string {
	parts := make([]string, len(patterns))
	for i, pat := range patterns {
		s := make([]string, len(pat))
		for j, t := range pat {
			s[j] = strconv.Itoa(t)
		}
		parts[i] = strings.Join(s, "-")
	}
	return strings.Join(parts, "/")
}

// reflection is the map of the board onto itself by its main diagonal,
// with the tile relabelling that keeps the goal fixed: a state s and its
// reflection (cell T(c) holds Sigma[s[c]]) are equally far from the goal.
// It exists only on square boards whose blank goal cell lies on the
// diagonal (both built-in goals qualify).
type reflection struct {
	cell  []uint8 // T: cell -> transposed cell
	tile  []uint8 // Sigma: tile -> relabelled tile
	valid bool
}

func newReflection(g puzzles.Goal) reflection {
	s := g.Shape()
	if s.Rows != s.Cols {
		return reflection{}
	}
	n := s.Cells()
	r := reflection{cell: make([]uint8, n), tile: make([]uint8, n)}
	for c := range n {
		row, col := s.RowCol(c)
		r.cell[c] = uint8(s.Index(col, row))
	}
	for t := range n {
		r.tile[t] = uint8(g.Board().At(int(r.cell[g.Pos(t)])))
	}
	r.valid = r.tile[0] == 0
	return r
}

// AutoName is the name of the partition Auto makes.
const AutoName = "auto"

// Auto partitions the tiles of any board into additive patterns of
// consecutive goal cells (row-major), as equal in size as possible and
// each of at most 6 tiles with at most 150 million entries: 4-4 on 3x3,
// 6-5 on 3x4, 5-5-5 on 4x4. It serves boards with no shipped partition.
func Auto(g puzzles.Goal) (Partition, error) {
	if g.IsZero() {
		return Partition{}, errors.New("partition: no goal")
	}
	n := g.Shape().Cells()
	if n > MaxCells {
		return Partition{}, fmt.Errorf("board %s has %d cells; pattern databases cover at most %d", g.Shape(), n, MaxCells)
	}
	size := 6
	for size > 1 {
		if _, ok := placements(n, size, 150_000_000); ok {
			break
		}
		size--
	}
	var tiles []int
	for c := range n {
		if t := g.Board().At(c); t != 0 {
			tiles = append(tiles, t)
		}
	}
	groups := (len(tiles) + size - 1) / size
	p := Partition{Name: AutoName, Goal: g, Mode: Additive}
	for i := range groups {
		lo, hi := i*len(tiles)/groups, (i+1)*len(tiles)/groups
		pat := slices.Clone(tiles[lo:hi])
		slices.Sort(pat)
		p.Patterns = append(p.Patterns, pat)
	}
	return p, nil
}

// Resolve turns a heuristic name into a partition for goal g: a shipped
// name ("78", "pdb:78"), "auto" (see Auto), or additive patterns written
// as ParsePatterns reads them ("pdb:1-2-3-4/5-6-7-8").
func Resolve(name string, g puzzles.Goal) (Partition, error) {
	n := TrimName(name)
	if n == AutoName {
		return Auto(g)
	}
	for _, np := range namedPartitions {
		if np.name == n {
			return Named(n, g)
		}
	}
	if n != "" && (n[0] < '0' || n[0] > '9' || !strings.ContainsAny(n, "-,/")) {
		return Partition{}, fmt.Errorf("%w %q: expected one of %s, auto, or patterns like pdb:1-2-3-4/5-6-7-8", ErrUnknownName, name, strings.Join(Names(), ", "))
	}
	pats, err := ParsePatterns(n)
	if err != nil {
		return Partition{}, err
	}
	return Custom(g, Additive, pats)
}
