package heuristics

import (
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Names of the heuristics, as the command line spells them.
const (
	NameMisplaced       = "misplaced"
	NameManhattan       = "manhattan"
	NameEuclidean       = "euclidean"
	NameLinearConflict  = "linear-conflict"
	NameWalkingDistance = "walking-distance"
)

// tileTable is a heuristic that sums a per-tile cost: costs[t*n+c] is the
// cost of tile t on cell c (0 for the blank).
type tileTable struct {
	name  string
	n     int
	costs []uint8
}

func newTileTable(name string, g puzzles.Goal, cost func(tile, cell int) int) tileTable {
	n := g.Shape().Cells()
	tt := tileTable{name: name, n: n, costs: make([]uint8, n*n)}
	for t := 1; t < n; t++ {
		for c := range n {
			tt.costs[t*n+c] = uint8(cost(t, c))
		}
	}
	return tt
}

func (tt *tileTable) estimate(cells []uint8) int {
	h := 0
	n := tt.n
	for c, t := range cells {
		h += int(tt.costs[int(t)*n+c])
	}
	return h
}

func (tt *tileTable) update(cells []uint8, h int, from, to int) int {
	t := int(cells[to]) * tt.n
	return h - int(tt.costs[t+from]) + int(tt.costs[t+to])
}

// Manhattan is the sum over tiles (blank excluded) of the number of rows
// plus the number of columns between the tile's cell and its goal cell.
// Every move changes one tile's distance by exactly 1, so it is
// admissible and consistent.
type Manhattan struct {
	tt tileTable
}

// NewManhattan builds Manhattan distance to goal g.
func NewManhattan(g puzzles.Goal) *Manhattan {
	s := g.Shape()
	return &Manhattan{newTileTable(NameManhattan, g, func(t, c int) int { return s.Distance(c, g.Pos(t)) })}
}

// Name is "manhattan".
func (m *Manhattan) Name() string { return m.tt.name }

// Estimate is the Manhattan distance of cells.
func (m *Manhattan) Estimate(cells []uint8) int { return m.tt.estimate(cells) }

// Update is the Manhattan distance after the tile now on cell to came
// from cell from, given h before the move: one table difference.
func (m *Manhattan) Update(cells []uint8, h int, from, to int) int {
	return m.tt.update(cells, h, from, to)
}

// TileCosts returns the table: entry t*n+c is the distance from cell c to
// tile t's goal cell. The caller must not modify it.
func (m *Manhattan) TileCosts() []uint8 { return m.tt.costs }

// Admissible reports true.
func (m *Manhattan) Admissible() bool { return true }

// Distance is tile t's distance from cell c to its goal cell.
func (m *Manhattan) Distance(t, c int) int { return int(m.tt.costs[t*m.tt.n+c]) }

// Misplaced counts the tiles (blank excluded) that are not on their goal
// cell. Every misplaced tile needs at least one move and a move changes
// the count by at most 1, so it is admissible and consistent — and weak.
type Misplaced struct {
	tt tileTable
}

// NewMisplaced builds the misplaced-tiles count for goal g.
func NewMisplaced(g puzzles.Goal) *Misplaced {
	return &Misplaced{newTileTable(NameMisplaced, g, func(t, c int) int {
		if c == g.Pos(t) {
			return 0
		}
		return 1
	})}
}

// Name is "misplaced".
func (m *Misplaced) Name() string { return m.tt.name }

// Estimate is the number of misplaced tiles.
func (m *Misplaced) Estimate(cells []uint8) int { return m.tt.estimate(cells) }

// Update is the count after the tile now on cell to came from cell from,
// given h before the move.
func (m *Misplaced) Update(cells []uint8, h int, from, to int) int {
	return m.tt.update(cells, h, from, to)
}

// TileCosts returns the table: entry t*n+c is 1 when cell c is not tile
// t's goal cell. The caller must not modify it.
func (m *Misplaced) TileCosts() []uint8 { return m.tt.costs }

// Admissible reports true.
func (m *Misplaced) Admissible() bool { return true }
