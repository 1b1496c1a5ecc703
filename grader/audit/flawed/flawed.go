package flawed

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Heuristic is a flawed heuristic for one goal.
type Heuristic struct {
	// Name says what the heuristic computes, e.g. "linear-conflict-pairs".
	Name string
	// H is its value on a state (cells in row-major order, 0 the blank).
	// It is safe for concurrent use.
	H func(cells []uint8) float64
}

// Source returns the heuristic as an audit source.
func (h Heuristic) Source() audit.Source { return audit.Func(h.Name, h.H) }

// All returns every flawed heuristic for goal g.
func All(g puzzles.Goal) []Heuristic {
	return []Heuristic{LinearConflictPairs(g), GreedyEdges(g), ScaledManhattan(g, 1.5), MisplacedWithBlank(g)}
}

// geometry is where every tile belongs.
type geometry struct {
	shape            puzzles.Shape
	goalRow, goalCol []int
}

func newGeometry(g puzzles.Goal) geometry {
	s := g.Shape()
	geo := geometry{shape: s, goalRow: make([]int, s.Cells()), goalCol: make([]int, s.Cells())}
	for t := range s.Cells() {
		geo.goalRow[t], geo.goalCol[t] = s.RowCol(g.Pos(t))
	}
	return geo
}

func (geo geometry) manhattan(cells []uint8) int {
	h := 0
	for i, t := range cells {
		if t == 0 {
			continue
		}
		r, c := geo.shape.RowCol(i)
		h += abs(r-geo.goalRow[t]) + abs(c-geo.goalCol[t])
	}
	return h
}

// lines returns, for every row and then every column, the goal positions
// along the line (goal column for a row, goal row for a column) of the
// tiles that stand in the line and belong in it, in the order they stand.
func (geo geometry) lines(cells []uint8) [][]int {
	s := geo.shape
	var out [][]int
	for r := range s.Rows {
		var keys []int
		for c := range s.Cols {
			if t := cells[s.Index(r, c)]; t != 0 && geo.goalRow[t] == r {
				keys = append(keys, geo.goalCol[t])
			}
		}
		out = append(out, keys)
	}
	for c := range s.Cols {
		var keys []int
		for r := range s.Rows {
			if t := cells[s.Index(r, c)]; t != 0 && geo.goalCol[t] == c {
				keys = append(keys, geo.goalRow[t])
			}
		}
		out = append(out, keys)
	}
	return out
}

// LinearConflictPairs is Manhattan distance plus 2 for every pair of
// tiles in conflict — two tiles in their goal line in reversed order.
// Three tiles in reverse order form three pairs but only two of them
// need to leave the line, so it overestimates.
func LinearConflictPairs(g puzzles.Goal) Heuristic {
	geo := newGeometry(g)
	return Heuristic{Name: "linear-conflict-pairs", H: func(cells []uint8) float64 {
		h := geo.manhattan(cells)
		for _, keys := range geo.lines(cells) {
			for i := range keys {
				for j := i + 1; j < len(keys); j++ {
					if keys[i] > keys[j] {
						h += 2
					}
				}
			}
		}
		return float64(h)
	}}
}

// GreedyEdges computes linear conflict with the greedy removal loop of
// many textbooks — while a line has conflicts, take out the tile in the
// most conflicts — but adds 2 for every conflict edge removed with it
// instead of 2 for the tile. Every edge is removed exactly once, so the
// sum is the number of conflicting pairs: the values are those of
// LinearConflictPairs, reached by a different route.
func GreedyEdges(g puzzles.Goal) Heuristic {
	geo := newGeometry(g)
	return Heuristic{Name: "linear-conflict-greedy-edges", H: func(cells []uint8) float64 {
		h := geo.manhattan(cells)
		for _, keys := range geo.lines(cells) {
			alive := make([]bool, len(keys))
			for i := range alive {
				alive[i] = true
			}
			conflicts := func(i int) int {
				n := 0
				for j := range keys {
					if j != i && alive[j] && (j < i) != (keys[j] < keys[i]) {
						n++
					}
				}
				return n
			}
			for {
				best, most := -1, 0
				for i := range keys {
					if alive[i] {
						if c := conflicts(i); c > most {
							best, most = i, c
						}
					}
				}
				if best < 0 {
					break
				}
				h += 2 * most // the flaw: every edge removed, not the tile
				alive[best] = false
			}
		}
		return float64(h)
	}}
}

// ScaledManhattan is Manhattan distance times factor, a real value. Any
// factor above 1 overestimates one move from the goal.
func ScaledManhattan(g puzzles.Goal, factor float64) Heuristic {
	geo := newGeometry(g)
	return Heuristic{Name: fmt.Sprintf("manhattan-x%g", factor), H: func(cells []uint8) float64 {
		return factor * float64(geo.manhattan(cells))
	}}
}

// MisplacedWithBlank counts the cells whose content differs from the
// goal's, the blank included. One move from the goal both the blank and
// a tile are out of place, so it says 2 where 1 move suffices.
func MisplacedWithBlank(g puzzles.Goal) Heuristic {
	goal := g.Board().Bytes()
	return Heuristic{Name: "misplaced-with-blank", H: func(cells []uint8) float64 {
		h := 0
		for i, t := range cells {
			if t != goal[i] {
				h++
			}
		}
		return float64(h)
	}}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
