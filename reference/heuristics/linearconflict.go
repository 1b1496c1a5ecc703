package heuristics

import (
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// LinearConflict is Manhattan distance plus two moves for every tile that
// must leave its line (Hansson, Mayer and Yung 1992), computed right:
//
// In each row, take the tiles (blank excluded) whose goal cell is in that
// row, in the order they stand, and their goal columns. The tiles that can
// stay in the row form an increasing subsequence of those columns, so at
// least (number of such tiles − length of the longest increasing
// subsequence) of them must step out of the row and back, each costing 2
// moves beyond its Manhattan distance. The same holds for columns, with
// goal rows. The estimate is Manhattan + 2 × (sum of those counts over all
// rows and columns). A tile leaving its row to clear a row conflict moves
// vertically, which Manhattan and the column conflicts do not count, so
// the terms add up: the heuristic is admissible, and consistent.
//
// The popular variant that adds 2 for every conflicting pair of tiles is
// not admissible (three tiles in reverse order in one row form three pairs
// but need only two to leave); it is not offered.
type LinearConflict struct {
	md    *Manhattan
	shape puzzles.Shape
	n     int
	// goalRow[t], goalCol[t] locate tile t's goal cell.
	goalRow, goalCol []uint8
	// A line's state is summarised by a key: the sum over its cells of
	// the tile's contribution, (goal position along the line + 1) ×
	// (L+1)^(position along the line) when the tile belongs to the line,
	// 0 otherwise (and for the blank). rowKey[t*n+c] and colKey[t*n+c] are
	// those contributions; rowLeavers[key] and colLeavers[key] the number
	// of tiles that must leave a line with that key. The tables exist for
	// lines of up to maxTabledLine cells; longer lines are computed
	// directly.
	rowKey, colKey         []uint32
	rowLeavers, colLeavers []uint8
}

// maxTabledLine is the longest line whose leaver counts are tabled:
// (6+1)^6 = 117,649 entries.
const maxTabledLine = 6

// NewLinearConflict builds linear conflict for goal g.
func NewLinearConflict(g puzzles.Goal) *LinearConflict {
	s := g.Shape()
	n := s.Cells()
	lc := &LinearConflict{md: NewManhattan(g), shape: s, n: n, goalRow: make([]uint8, n), goalCol: make([]uint8, n)}
	for t := range n {
		r, c := s.RowCol(g.Pos(t))
		lc.goalRow[t], lc.goalCol[t] = uint8(r), uint8(c)
	}
	if s.Cols <= maxTabledLine && s.Rows <= maxTabledLine {
		lc.rowKey, lc.colKey = make([]uint32, n*n), make([]uint32, n*n)
		for t := 1; t < n; t++ {
			for c := range n {
				r, col := s.RowCol(c)
				if int(lc.goalRow[t]) == r {
					lc.rowKey[t*n+c] = (uint32(lc.goalCol[t]) + 1) * pow(s.Cols+1, col)
				}
				if int(lc.goalCol[t]) == col {
					lc.colKey[t*n+c] = (uint32(lc.goalRow[t]) + 1) * pow(s.Rows+1, r)
				}
			}
		}
		lc.rowLeavers = leaverTable(s.Cols)
		lc.colLeavers = lc.rowLeavers
		if s.Rows != s.Cols {
			lc.colLeavers = leaverTable(s.Rows)
		}
	}
	return lc
}

func pow(b, e int) uint32 {
	p := uint32(1)
	for range e {
		p *= uint32(b)
	}
	return p
}

// leaverTable gives, for every key of a line of L cells, the number of
// tiles that must leave it: the count of nonzero digits minus the longest
// increasing subsequence of those digits.
func leaverTable(L int) []uint8 {
	size := int(pow(L+1, L))
	t := make([]uint8, size)
	var keys [maxTabledLine]uint8
	for key := range size {
		k, x := 0, key
		for range L {
			if d := x % (L + 1); d != 0 {
				keys[k] = uint8(d)
				k++
			}
			x /= L + 1
		}
		t[key] = uint8(k - lis(keys[:k]))
	}
	return t
}

// Name is "linear-conflict".
func (lc *LinearConflict) Name() string { return NameLinearConflict }

// Admissible reports true.
func (lc *LinearConflict) Admissible() bool { return true }

// Estimate is Manhattan distance plus 2 for every tile that must leave its
// row or column.
func (lc *LinearConflict) Estimate(cells []uint8) int {
	rows, cols := lc.Conflicts(cells)
	return lc.md.Estimate(cells) + 2*(rows+cols)
}

// Conflicts returns the number of tiles that must leave their row and the
// number that must leave their column: Estimate is Manhattan plus twice
// their sum.
func (lc *LinearConflict) Conflicts(cells []uint8) (rows, cols int) {
	if lc.rowLeavers != nil {
		for r := range lc.shape.Rows {
			rows += int(lc.rowLeavers[lc.rowKeyOf(cells, r)])
		}
		for c := range lc.shape.Cols {
			cols += int(lc.colLeavers[lc.colKeyOf(cells, c)])
		}
		return rows, cols
	}
	for r := range lc.shape.Rows {
		rows += lc.rowLeaversDirect(cells, r, -1, 0)
	}
	for c := range lc.shape.Cols {
		cols += lc.colLeaversDirect(cells, c, -1, 0)
	}
	return rows, cols
}

func (lc *LinearConflict) rowKeyOf(cells []uint8, r int) uint32 {
	var k uint32
	n, cols := lc.n, lc.shape.Cols
	for i := r * cols; i < (r+1)*cols; i++ {
		k += lc.rowKey[int(cells[i])*n+i]
	}
	return k
}

func (lc *LinearConflict) colKeyOf(cells []uint8, c int) uint32 {
	var k uint32
	n, cols := lc.n, lc.shape.Cols
	for i := c; i < n; i += cols {
		k += lc.colKey[int(cells[i])*n+i]
	}
	return k
}

// Update is the estimate after the tile now on cell to came from cell
// from, given h before the move. Only the tile's Manhattan term and the
// two lines it crossed between can change: a horizontal move changes two
// columns, a vertical move two rows. With tabled lines this costs two line
// keys and four table reads.
func (lc *LinearConflict) Update(cells []uint8, h int, from, to int) int {
	t := int(cells[to])
	h += lc.md.Distance(t, to) - lc.md.Distance(t, from)
	cols := lc.shape.Cols
	rf, cf := from/cols, from%cols
	rt, ct := to/cols, to%cols
	if lc.rowLeavers == nil {
		if rf == rt {
			before := lc.colLeaversDirect(cells, cf, from, uint8(t)) + lc.colLeaversDirect(cells, ct, to, 0)
			after := lc.colLeaversDirect(cells, cf, -1, 0) + lc.colLeaversDirect(cells, ct, -1, 0)
			return h + 2*(after-before)
		}
		before := lc.rowLeaversDirect(cells, rf, from, uint8(t)) + lc.rowLeaversDirect(cells, rt, to, 0)
		after := lc.rowLeaversDirect(cells, rf, -1, 0) + lc.rowLeaversDirect(cells, rt, -1, 0)
		return h + 2*(after-before)
	}
	n := lc.n
	if rf == rt {
		// Horizontal: the tile left column cf for column ct.
		kf, kt := lc.colKeyOf(cells, cf), lc.colKeyOf(cells, ct)
		bf, bt := kf+lc.colKey[t*n+from], kt-lc.colKey[t*n+to]
		tab := lc.colLeavers
		return h + 2*(int(tab[kf])+int(tab[kt])-int(tab[bf])-int(tab[bt]))
	}
	kf, kt := lc.rowKeyOf(cells, rf), lc.rowKeyOf(cells, rt)
	bf, bt := kf+lc.rowKey[t*n+from], kt-lc.rowKey[t*n+to]
	tab := lc.rowLeavers
	return h + 2*(int(tab[kf])+int(tab[kt])-int(tab[bf])-int(tab[bt]))
}

// rowLeaversDirect counts the tiles that must leave row r; cell sub, when
// ≥ 0, is read as holding tile subTile instead of what cells says.
func (lc *LinearConflict) rowLeaversDirect(cells []uint8, r, sub int, subTile uint8) int {
	var keys [puzzles.MaxSide]uint8
	k := 0
	cols := lc.shape.Cols
	for c := range cols {
		i := r*cols + c
		t := cells[i]
		if i == sub {
			t = subTile
		}
		if t != 0 && int(lc.goalRow[t]) == r {
			keys[k] = lc.goalCol[t]
			k++
		}
	}
	return k - lis(keys[:k])
}

// colLeaversDirect counts the tiles that must leave column c; see
// rowLeaversDirect.
func (lc *LinearConflict) colLeaversDirect(cells []uint8, c, sub int, subTile uint8) int {
	var keys [puzzles.MaxSide]uint8
	k := 0
	cols := lc.shape.Cols
	for r := range lc.shape.Rows {
		i := r*cols + c
		t := cells[i]
		if i == sub {
			t = subTile
		}
		if t != 0 && int(lc.goalCol[t]) == c {
			keys[k] = lc.goalRow[t]
			k++
		}
	}
	return k - lis(keys[:k])
}

// lis is the length of the longest strictly increasing subsequence of
// keys (patience sorting; at most 16 keys).
func lis(keys []uint8) int {
	if len(keys) < 2 {
		return len(keys)
	}
	var tails [puzzles.MaxSide]uint8
	n := 0
	for _, x := range keys {
		i := 0
		for i < n && tails[i] < x {
			i++
		}
		tails[i] = x
		if i == n {
			n++
		}
	}
	return n
}
