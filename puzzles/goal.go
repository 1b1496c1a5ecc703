package puzzles

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// Goal names of the built-in goals.
const (
	GoalDefault    = "default"
	GoalBlankFirst = "blank-first"
	GoalSnail      = "snail"
)

// Goal is the target arrangement of a puzzle, with a table of where each
// tile belongs.
type Goal struct {
	name  string
	board Board
	pos   []uint8
}

// DefaultGoal is 1..k in row-major order with the blank last.
func DefaultGoal(s Shape) Goal {
	cells := make([]int, s.Cells())
	for i := range cells {
		cells[i] = (i + 1) % len(cells)
	}
	b, err := NewBoard(s, cells)
	if err != nil {
		panic("puzzles.DefaultGoal: " + err.Error())
	}
	return NewGoal(b, GoalDefault)
}

// BlankFirstGoal is 0 1 2 ... k (Korf's and Berkeley's convention).
func BlankFirstGoal(s Shape) Goal {
	cells := make([]int, s.Cells())
	for i := range cells {
		cells[i] = i
	}
	b, err := NewBoard(s, cells)
	if err != nil {
		panic("puzzles.BlankFirstGoal: " + err.Error())
	}
	return NewGoal(b, GoalBlankFirst)
}

// SnailGoal lays the tiles 1..k along a clockwise spiral from the top-left
// corner with the blank last, in the middle of an odd square: on 3x3 it is
// Nilsson's classic goal 1 2 3 / 8 _ 4 / 7 6 5.
func SnailGoal(s Shape) Goal {
	cells := make([]int, s.Cells())
	top, bottom, left, right := 0, s.Rows-1, 0, s.Cols-1
	next := 1
	put := func(r, c int) {
		cells[s.Index(r, c)] = next % len(cells)
		next++
	}
	for top <= bottom && left <= right {
		for c := left; c <= right; c++ {
			put(top, c)
		}
		for r := top + 1; r <= bottom; r++ {
			put(r, right)
		}
		if top < bottom {
			for c := right - 1; c >= left; c-- {
				put(bottom, c)
			}
		}
		if left < right {
			for r := bottom - 1; r > top; r-- {
				put(r, left)
			}
		}
		top, bottom, left, right = top+1, bottom-1, left+1, right-1
	}
	b, err := NewBoard(s, cells)
	if err != nil {
		panic("puzzles.SnailGoal: " + err.Error())
	}
	return NewGoal(b, GoalSnail)
}

// NewGoal makes a goal of any board; name describes it in reports (for
// example the goal file's name). A board equal to the default or
// blank-first goal takes that goal's name.
func NewGoal(b Board, name string) Goal {
	g := Goal{name: name, board: b, pos: make([]uint8, b.Len())}
	for i := range b.Len() {
		g.pos[b.At(i)] = uint8(i)
	}
	switch {
	case isDefault(b):
		g.name = GoalDefault
	case isBlankFirst(b):
		g.name = GoalBlankFirst
	case g.name == "":
		g.name = "custom"
	}
	return g
}

// IsBuiltin reports whether g is one of the goals GoalByName knows, so
// that its name alone describes it.
func (g Goal) IsBuiltin() bool {
	b, err := GoalByName(g.name, g.Shape())
	return err == nil && b.board.Equal(g.board)
}

// BuiltinGoal is a goal known by name: its name, the other names read as
// it, what it is in a few words, and how to make it on a shape.
type BuiltinGoal struct {
	Name        string
	Aliases     []string
	Description string
	Make        func(Shape) Goal
}

// BuiltinGoals lists the goals GoalByName knows, in the order help texts
// and error messages name them: the one list every command's help, the
// assignment's documentation and the messages are made from.
var BuiltinGoals = []BuiltinGoal{
	{Name: GoalDefault, Aliases: []string{"blank-last"}, Description: "1..k, blank last", Make: DefaultGoal},
	{Name: GoalBlankFirst, Aliases: []string{"korf"}, Description: "0 1 ... k", Make: BlankFirstGoal},
	{Name: GoalSnail, Aliases: []string{"spiral"}, Description: "clockwise spiral", Make: SnailGoal},
}

// GoalNames are the names of BuiltinGoals.
func GoalNames() []string {
	out := make([]string, len(BuiltinGoals))
	for i, g := range BuiltinGoals {
		out[i] = g.Name
	}
	return out
}

// GoalChoices says what a goal setting accepts, for messages and help:
// "default, blank-first, snail or a goal file".
func GoalChoices() string {
	return strings.Join(GoalNames(), ", ") + " or a goal file"
}

// GoalChoicesDescribed is GoalChoices with what each goal is, for help
// texts: "default (1..k, blank last), blank-first (0 1 ... k), snail
// (clockwise spiral) or a goal FILE".
func GoalChoicesDescribed() string {
	parts := make([]string, len(BuiltinGoals))
	for i, g := range BuiltinGoals {
		parts[i] = g.Name + " (" + g.Description + ")"
	}
	return strings.Join(parts, ", ") + " or a goal FILE"
}

// GoalByName is the built-in goal called name (one of BuiltinGoals, by
// its name or an alias, in any case; "" is the default) on shape s.
func GoalByName(name string, s Shape) (Goal, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		return DefaultGoal(s), nil
	}
	for _, g := range BuiltinGoals {
		if n == g.Name || slices.Contains(g.Aliases, n) {
			return g.Make(s), nil
		}
	}
	return Goal{}, fmt.Errorf("goal %q: expected %s", name, GoalChoices())
}

// Errors of ResolveGoal: a goal that is neither a built-in name nor a
// goal file that exists, and a goal file of another shape than the
// puzzle.
var (
	ErrUnknownGoal = errors.New("unknown goal")
	ErrGoalShape   = errors.New("goal of another shape")
)

// goalError is a ResolveGoal error: its own message, and the sentinel it
// is.
type goalError struct {
	msg  string
	kind error
}

func (e *goalError) Error() string { return e.msg }
func (e *goalError) Unwrap() error { return e.kind }

// ResolveGoal is the goal spec names on shape s: a built-in name
// (GoalByName), or a goal file, a relative path taken from dir. It is the
// one reading of a goal setting: the --goal flag, an assignment's goal
// and a set manifest's. A spec that is neither a name nor a file that
// exists is an error wrapping ErrUnknownGoal, with a suggestion; a goal
// file of another shape than s is an error naming both.
func ResolveGoal(spec, dir string, s Shape) (Goal, error) {
	if g, err := GoalByName(spec, s); err == nil {
		return g, nil
	}
	file := spec
	if !filepath.IsAbs(file) && dir != "" {
		file = filepath.Join(dir, file)
	}
	b, err := ReadBoardFile(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Goal{}, &goalError{fmt.Sprintf("goal %q: expected %s%s", spec, GoalChoices(),
				suggest.Phrase(spec, GoalNames())), ErrUnknownGoal}
		}
		return Goal{}, err
	}
	if b.Shape() != s {
		return Goal{}, &goalError{fmt.Sprintf("goal file %s is %s but the puzzle is %s", file, b.Shape(), s), ErrGoalShape}
	}
	return NewGoal(b, spec), nil
}

// Name is "default", "blank-first", "snail" or the name given to
// NewGoal.
func (g Goal) Name() string { return g.name }

// Board is the goal arrangement.
func (g Goal) Board() Board { return g.board }

// Shape is the goal's board size.
func (g Goal) Shape() Shape { return g.board.shape }

// Pos is the cell where tile t belongs (t = 0 for the blank).
func (g Goal) Pos(t int) int { return int(g.pos[t]) }

// Positions returns a copy of the goal cell of every tile, indexed by
// tile.
func (g Goal) Positions() []uint8 { return append([]uint8(nil), g.pos...) }

// IsDefault reports whether g is the default goal.
func (g Goal) IsDefault() bool { return isDefault(g.board) }

// Reached reports whether b is the goal arrangement.
func (g Goal) Reached(b Board) bool { return g.board.Equal(b) }

// Manhattan is the sum of b's tiles' Manhattan distances to their cells
// in g, the blank not counted: the textbook heuristic, as courses define
// it (reference/heuristics has the fast incremental form the solvers
// use).
func (g Goal) Manhattan(b Board) int {
	s := b.Shape()
	d := 0
	for i := range b.Len() {
		if t := b.At(i); t != 0 {
			d += s.Distance(i, g.Pos(t))
		}
	}
	return d
}

// Misplaced is the number of b's tiles not on their cells in g, the blank
// not counted (the Hamming distance of the textbooks).
func (g Goal) Misplaced(b Board) int {
	n := 0
	for i := range b.Len() {
		if t := b.At(i); t != 0 && g.Pos(t) != i {
			n++
		}
	}
	return n
}

// IsZero reports whether g is the zero Goal.
func (g Goal) IsZero() bool { return g.board.IsZero() }

func isDefault(b Board) bool {
	n := b.Len()
	for i := range n {
		if b.At(i) != (i+1)%n {
			return false
		}
	}
	return n > 0
}

func isBlankFirst(b Board) bool {
	for i := range b.Len() {
		if b.At(i) != i {
			return false
		}
	}
	return b.Len() > 0
}
