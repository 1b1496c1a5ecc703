package puzzles

import (
	"fmt"
	"strconv"
	"strings"
)

// Board size limits. A side is at least MinSide and at most MaxSide, so the
// largest board has 256 cells and every tile fits in a byte.
const (
	MinSide = 2
	MaxSide = 16
)

// Shape is the size of a board: Rows x Cols.
type Shape struct {
	Rows, Cols int
}

// ParseShape reads a shape written as "RxC" (for example "3x3" or "2x5";
// "X" and "×" are accepted too) or as a single side "N" meaning NxN.
func ParseShape(s string) (Shape, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	t = strings.ReplaceAll(t, "×", "x")
	var sh Shape
	if r, c, ok := strings.Cut(t, "x"); ok {
		rows, err1 := strconv.Atoi(strings.TrimSpace(r))
		cols, err2 := strconv.Atoi(strings.TrimSpace(c))
		if err1 != nil || err2 != nil {
			return Shape{}, fmt.Errorf("shape %q: expected RxC such as 3x3 or 2x5", s)
		}
		sh = Shape{rows, cols}
	} else {
		n, err := strconv.Atoi(t)
		if err != nil {
			return Shape{}, fmt.Errorf("shape %q: expected RxC such as 3x3 or 2x5", s)
		}
		sh = Shape{n, n}
	}
	if err := sh.Validate(); err != nil {
		return Shape{}, err
	}
	return sh, nil
}

// Validate reports whether both sides lie in [MinSide, MaxSide].
func (s Shape) Validate() error {
	if s.Rows < MinSide || s.Cols < MinSide {
		return fmt.Errorf("board %s is too small: each side must be at least %d", s, MinSide)
	}
	if s.Rows > MaxSide || s.Cols > MaxSide {
		return fmt.Errorf("board %s is too large: each side must be at most %d", s, MaxSide)
	}
	return nil
}

// Cells is the number of cells, R*C.
func (s Shape) Cells() int { return s.Rows * s.Cols }

// String writes the shape as "RxC".
func (s Shape) String() string { return fmt.Sprintf("%dx%d", s.Rows, s.Cols) }

// Index is the row-major cell index of (row, col).
func (s Shape) Index(row, col int) int { return row*s.Cols + col }

// RowCol splits a cell index into its row and column.
func (s Shape) RowCol(i int) (row, col int) { return i / s.Cols, i % s.Cols }

// Neighbor is the cell reached from cell i by one step in direction d, and
// whether that cell is on the board.
func (s Shape) Neighbor(i int, d Dir) (int, bool) {
	r, c := s.RowCol(i)
	switch d {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	default:
		return 0, false
	}
	if r < 0 || r >= s.Rows || c < 0 || c >= s.Cols {
		return 0, false
	}
	return s.Index(r, c), true
}

// Distance is the Manhattan distance between cells i and j.
func (s Shape) Distance(i, j int) int {
	ri, ci := s.RowCol(i)
	rj, cj := s.RowCol(j)
	return abs(ri-rj) + abs(ci-cj)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
