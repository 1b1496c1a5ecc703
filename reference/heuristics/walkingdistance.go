package heuristics

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// MaxWalkingStates caps the size of one walking-distance table. The 4x4
// table has 24,964 states and the tables of 3x5 have 525 and 352,560;
// 4x5 and 5x5 boards need tables beyond the cap, and NewWalkingDistance
// refuses them (after about a second of building).
const MaxWalkingStates = 1_000_000

// WalkingDistance is Takahashi's walking distance. Vertically, a state is
// summarised by how many tiles of each goal row stand in each row, and
// where the blank is; a move of the blank up or down carries one tile
// into the blank's row. The vertical walking distance is the fewest such
// moves that bring every tile to its goal row, read from a table built by
// breadth-first search over these summaries. The horizontal distance is
// the same with columns, and the estimate is their sum. Vertical and
// horizontal moves are counted apart and each table distance is a lower
// bound on its kind of move, so the heuristic is admissible; one move
// changes one summary by one step of its table, so it is consistent.
//
// A table depends only on the number of lines, their length and the line
// holding the blank in the goal; one table serves both directions when
// they agree (a square board with the blank's goal on the diagonal, as in
// the default and blank-first goals).
type WalkingDistance struct {
	shape            puzzles.Shape
	goalRow, goalCol []uint8
	rows, cols       *wdTable
}

// wdTable holds the walking distances of one direction: lines lines of
// per cells each, keyed by the count matrix (line × goal line, one byte
// each) followed by the blank's line.
type wdTable struct {
	lines int
	dist  map[string]uint8
}

// NewWalkingDistance builds walking distance for goal g. It fails when a
// table would exceed MaxWalkingStates states, or when ctx ends.
func NewWalkingDistance(ctx context.Context, g puzzles.Goal) (*WalkingDistance, error) {
	s := g.Shape()
	n := s.Cells()
	wd := &WalkingDistance{shape: s, goalRow: make([]uint8, n), goalCol: make([]uint8, n)}
	for t := range n {
		r, c := s.RowCol(g.Pos(t))
		wd.goalRow[t], wd.goalCol[t] = uint8(r), uint8(c)
	}
	var err error
	if wd.rows, err = buildWDTable(ctx, s.Rows, s.Cols, int(wd.goalRow[0])); err != nil {
		return nil, err
	}
	if s.Rows == s.Cols && wd.goalRow[0] == wd.goalCol[0] {
		wd.cols = wd.rows
	} else if wd.cols, err = buildWDTable(ctx, s.Cols, s.Rows, int(wd.goalCol[0])); err != nil {
		return nil, err
	}
	return wd, nil
}

// Name is "walking-distance".
func (wd *WalkingDistance) Name() string { return NameWalkingDistance }

// Admissible reports true.
func (wd *WalkingDistance) Admissible() bool { return true }

// TableSizes returns the number of states of the vertical and horizontal
// tables.
func (wd *WalkingDistance) TableSizes() (vertical, horizontal int) {
	return len(wd.rows.dist), len(wd.cols.dist)
}

// Estimate is the vertical plus the horizontal walking distance.
func (wd *WalkingDistance) Estimate(cells []uint8) int {
	return wd.Vertical(cells) + wd.Horizontal(cells)
}

// Vertical is the walking distance counting only up and down moves.
func (wd *WalkingDistance) Vertical(cells []uint8) int {
	var key [puzzles.MaxSide*puzzles.MaxSide + 1]uint8
	L := wd.shape.Rows
	cols := wd.shape.Cols
	for i, t := range cells {
		r := i / cols
		if t == 0 {
			key[L*L] = uint8(r)
			continue
		}
		key[r*L+int(wd.goalRow[t])]++
	}
	return int(wd.rows.dist[string(key[:L*L+1])])
}

// Horizontal is the walking distance counting only left and right moves.
func (wd *WalkingDistance) Horizontal(cells []uint8) int {
	var key [puzzles.MaxSide*puzzles.MaxSide + 1]uint8
	L := wd.shape.Cols
	cols := wd.shape.Cols
	for i, t := range cells {
		c := i % cols
		if t == 0 {
			key[L*L] = uint8(c)
			continue
		}
		key[c*L+int(wd.goalCol[t])]++
	}
	return int(wd.cols.dist[string(key[:L*L+1])])
}

// buildWDTable runs the breadth-first search over count matrices for
// lines lines of per cells, the blank's goal on line blankLine.
func buildWDTable(ctx context.Context, lines, per, blankLine int) (*wdTable, error) {
	L := lines
	size := L*L + 1
	goal := make([]uint8, size)
	for i := range L {
		goal[i*L+i] = uint8(per)
	}
	goal[blankLine*L+blankLine]--
	goal[L*L] = uint8(blankLine)
	t := &wdTable{lines: L, dist: map[string]uint8{string(goal): 0}}
	layer := []string{string(goal)}
	buf := make([]uint8, size)
	for depth := 1; len(layer) > 0; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if depth > 255 {
			return nil, fmt.Errorf("walking distance: %dx%d table deeper than 255", lines, per)
		}
		var next []string
		for _, s := range layer {
			b := int(s[L*L])
			for _, nb := range [2]int{b - 1, b + 1} {
				if nb < 0 || nb >= L {
					continue
				}
				// A tile of goal line k on line nb moves into line b.
				for k := range L {
					if s[nb*L+k] == 0 {
						continue
					}
					copy(buf, s)
					buf[nb*L+k]--
					buf[b*L+k]++
					buf[L*L] = uint8(nb)
					if _, ok := t.dist[string(buf)]; ok {
						continue
					}
					key := string(buf)
					t.dist[key] = uint8(depth)
					next = append(next, key)
					if len(t.dist) > MaxWalkingStates {
						return nil, fmt.Errorf("walking distance: the table for %d lines of %d cells exceeds %d states", lines, per, MaxWalkingStates)
					}
				}
			}
		}
		layer = next
	}
	return t, nil
}
