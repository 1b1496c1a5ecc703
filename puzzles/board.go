package puzzles

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Board is one arrangement of tiles on a Shape. The zero Board is empty
// and invalid. Boards are values: every method that changes the
// arrangement returns a new Board and leaves the receiver untouched.
type Board struct {
	shape Shape
	cells []uint8
	blank int
}

// NewBoard makes a board from its cells in row-major order, checking that
// the cells are exactly the tiles 0..R*C-1.
func NewBoard(shape Shape, cells []int) (Board, error) {
	if err := shape.Validate(); err != nil {
		return Board{}, err
	}
	if len(cells) != shape.Cells() {
		return Board{}, fmt.Errorf("%w: a %s board has %d cells, got %d", ErrSize, shape, shape.Cells(), len(cells))
	}
	b := Board{shape: shape, cells: make([]uint8, len(cells)), blank: -1}
	seen := make([]bool, len(cells))
	for i, t := range cells {
		if t < 0 || t >= len(cells) {
			return Board{}, fmt.Errorf("%w: tile %d at cell %d; a %s board holds 0..%d", ErrRange, t, i, shape, len(cells)-1)
		}
		if seen[t] {
			return Board{}, fmt.Errorf("%w: tile %d appears twice", ErrDuplicate, t)
		}
		seen[t] = true
		b.cells[i] = uint8(t)
		if t == 0 {
			b.blank = i
		}
	}
	return b, nil
}

// MustBoard is NewBoard for boards known to be valid (tests, examples and
// the embedded sets); it panics on an invalid board.
func MustBoard(rows, cols int, cells ...int) Board {
	b, err := NewBoard(Shape{rows, cols}, cells)
	if err != nil {
		panic("puzzles.MustBoard: " + err.Error())
	}
	return b
}

// FromBytes makes a board from cells already known to be a permutation of
// 0..len-1, without checking. The slice is copied.
func FromBytes(shape Shape, cells []uint8) Board {
	b := Board{shape: shape, cells: append([]uint8(nil), cells...)}
	for i, t := range cells {
		if t == 0 {
			b.blank = i
		}
	}
	return b
}

// Shape is the board's size.
func (b Board) Shape() Shape { return b.shape }

// Len is the number of cells.
func (b Board) Len() int { return len(b.cells) }

// IsZero reports whether b is the zero Board.
func (b Board) IsZero() bool { return b.cells == nil }

// At is the tile on cell i (0 for the blank).
func (b Board) At(i int) int { return int(b.cells[i]) }

// Blank is the cell holding the blank.
func (b Board) Blank() int { return b.blank }

// Cells returns a copy of the tiles in row-major order.
func (b Board) Cells() []int {
	out := make([]int, len(b.cells))
	for i, t := range b.cells {
		out[i] = int(t)
	}
	return out
}

// Rows returns a copy of the tiles, one slice a row (the form of a
// board in kpuzzle's JSON: show --json, check --json's off_path).
func (b Board) Rows() [][]int {
	cells := b.Cells()
	out := make([][]int, b.shape.Rows)
	for r := range b.shape.Rows {
		out[r] = cells[r*b.shape.Cols : (r+1)*b.shape.Cols]
	}
	return out
}

// FromRows is the board whose rows are rows (the form Rows returns): an
// error when there are none, when they differ in length, or when the
// cells are not a board (NewBoard).
func FromRows(rows [][]int) (Board, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return Board{}, errors.New("board: no rows")
	}
	shape := Shape{Rows: len(rows), Cols: len(rows[0])}
	cells := make([]int, 0, shape.Cells())
	for _, row := range rows {
		if len(row) != shape.Cols {
			return Board{}, errors.New("board: rows of different lengths")
		}
		cells = append(cells, row...)
	}
	return NewBoard(shape, cells)
}

// Bytes returns a copy of the tiles in row-major order, one byte a tile.
func (b Board) Bytes() []uint8 { return append([]uint8(nil), b.cells...) }

// AppendBytes appends the tiles to dst, for callers that reuse a buffer.
func (b Board) AppendBytes(dst []uint8) []uint8 { return append(dst, b.cells...) }

// Equal reports whether two boards have the same shape and tiles.
func (b Board) Equal(o Board) bool {
	if b.shape != o.shape || len(b.cells) != len(o.cells) {
		return false
	}
	for i := range b.cells {
		if b.cells[i] != o.cells[i] {
			return false
		}
	}
	return true
}

// CanMove reports whether the blank can travel one step in direction d.
func (b Board) CanMove(d Dir) bool {
	_, ok := b.shape.Neighbor(b.blank, d)
	return ok
}

// Move returns the board after the blank travels one step in direction d,
// and false if that would leave the board.
func (b Board) Move(d Dir) (Board, bool) {
	j, ok := b.shape.Neighbor(b.blank, d)
	if !ok {
		return b, false
	}
	nb := Board{shape: b.shape, cells: append([]uint8(nil), b.cells...), blank: j}
	nb.cells[b.blank], nb.cells[j] = nb.cells[j], 0
	return nb, true
}

// Apply plays a path of blank moves and returns the final board. The first
// move that would take the blank off the board stops the replay with a
// *IllegalMoveError (its Line is 0 and its Token is written under
// BlankMoves); use [Replay] to report answer-file lines and tokens.
func (b Board) Apply(path []Dir) (Board, error) {
	cur := Board{shape: b.shape, cells: append([]uint8(nil), b.cells...), blank: b.blank}
	for i, d := range path {
		j, ok := cur.shape.Neighbor(cur.blank, d)
		if !ok {
			return cur, newIllegalMove(cur, i, 0, d, BlankMoves)
		}
		cur.cells[cur.blank], cur.cells[j] = cur.cells[j], 0
		cur.blank = j
	}
	return cur, nil
}

// Neighbors returns every board one move away with the blank direction
// that reaches it, in the order of [Dirs].
func (b Board) Neighbors() []Step {
	var out []Step
	for _, d := range Dirs {
		if nb, ok := b.Move(d); ok {
			out = append(out, Step{Dir: d, Board: nb})
		}
	}
	return out
}

// Step is one successor of a board: the blank's direction and the board
// it leads to.
type Step struct {
	Dir   Dir
	Board Board
}

// String writes the cells on one line separated by spaces, row-major.
func (b Board) String() string {
	var sb strings.Builder
	for i, t := range b.cells {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(t)))
	}
	return sb.String()
}

// Grid draws the board as aligned rows, the blank shown as blank.
func (b Board) Grid() []string {
	width := len(strconv.Itoa(b.Len() - 1))
	rows := make([]string, b.shape.Rows)
	for r := range b.shape.Rows {
		var sb strings.Builder
		for c := range b.shape.Cols {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.cells[b.shape.Index(r, c)]
			if t == 0 {
				sb.WriteString(strings.Repeat(" ", width-1) + "_")
			} else {
				fmt.Fprintf(&sb, "%*d", width, t)
			}
		}
		rows[r] = sb.String()
	}
	return rows
}
