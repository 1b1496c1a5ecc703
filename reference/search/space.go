package search

import (
	"bytes"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// space is what every search needs to know about the puzzle graph: the
// move table and the goal's cells.
type space struct {
	n     int
	moves puzzles.MoveTable
	goal  []uint8
}

func newSpace(p Problem) space {
	return space{
		n:     p.Start.Len(),
		moves: p.Start.Shape().Moves(),
		goal:  p.Goal.Board().Bytes(),
	}
}

func (s space) isGoal(cells []uint8) bool { return bytes.Equal(cells, s.goal) }

// neighbor is the cell the blank reaches from cell blank in direction d,
// or -1.
func (s space) neighbor(blank int, d puzzles.Dir) int { return int(s.moves[blank][d]) }

// slide moves the blank from cell blank to cell to.
func slide(cells []uint8, blank, to int) {
	cells[blank], cells[to] = cells[to], 0
}

func findBlank(cells []uint8) int {
	return bytes.IndexByte(cells, 0)
}

// reverse reverses a path in place and returns it.
func reverse(path []puzzles.Dir) []puzzles.Dir {
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// walkBack rebuilds the path that ends in cells by following, from the
// end, the move that led into each state (into reports it, and false at
// the start). cells is overwritten.
func walkBack[K comparable](kc keyer[K], sp space, cells []uint8, into func(K) (puzzles.Dir, bool)) []puzzles.Dir {
	var path []puzzles.Dir
	blank := findBlank(cells)
	for {
		d, ok := into(kc.encode(cells))
		if !ok {
			return reverse(path)
		}
		path = append(path, d)
		prev := sp.neighbor(blank, d.Opposite())
		slide(cells, blank, prev)
		blank = prev
	}
}
