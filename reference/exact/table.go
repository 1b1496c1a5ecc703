package exact

import (
	"fmt"
	"iter"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Table holds the exact distance to one goal of every state that can
// reach it, one byte a state, indexed by a [Ranker]. A Table is immutable
// once built or loaded and safe for concurrent use.
type Table struct {
	rk *Ranker
	// words holds the distances, eight states a word: the distance of
	// rank r is byte r%8 (little-endian) of words[r/8].
	words  []uint64
	counts []int64
}

// get is the stored byte of rank r.
func (t *Table) get(r int) uint8 {
	return uint8(t.words[r>>3] >> (8 * uint(r&7)))
}

// set stores d for rank r; only for a table no other goroutine sees.
func (t *Table) set(r int, d uint8) {
	shift := 8 * uint(r&7)
	t.words[r>>3] = t.words[r>>3]&^(0xFF<<shift) | uint64(d)<<shift
}

// Goal is the goal the distances are measured to.
func (t *Table) Goal() puzzles.Goal { return t.rk.goal }

// Shape is the board size.
func (t *Table) Shape() puzzles.Shape { return t.rk.shape }

// Ranker is the perfect hash that indexes the table.
func (t *Table) Ranker() *Ranker { return t.rk }

// Len is the number of states in the table: every state that can reach
// the goal, R*C!/2.
func (t *Table) Len() int { return t.rk.size }

// Bytes is the memory the distances occupy: one byte a state, rounded up
// to a multiple of 8.
func (t *Table) Bytes() int64 { return int64(len(t.words)) * 8 }

// Counts returns a copy of the number of states at each depth: Counts()[d]
// states are exactly d moves from the goal.
func (t *Table) Counts() []int64 { return append([]int64(nil), t.counts...) }

// MaxDepth is the largest distance of any state from the goal.
func (t *Table) MaxDepth() int { return len(t.counts) - 1 }

// Distance is the number of moves an optimal solution of the state takes,
// given its cells in row-major order (0 the blank), read as a board of the
// table's shape. It reports false when the state cannot reach the goal or
// cells is not a permutation of 0..R*C-1. It costs one rank (O(n)) and
// one memory read.
func (t *Table) Distance(cells []uint8) (int, bool) {
	r, ok := t.rk.Rank(cells)
	if !ok {
		return 0, false
	}
	return int(t.get(r)), true
}

// DistanceBoard is Distance for a Board; it reports false for a board of
// another shape.
func (t *Table) DistanceBoard(b puzzles.Board) (int, bool) {
	if b.Shape() != t.rk.shape {
		return 0, false
	}
	var buf [MaxCells]uint8
	return t.Distance(b.AppendBytes(buf[:0]))
}

// DistanceRank is the distance of the state numbered r by the table's
// Ranker. It panics if r is outside 0..Len()-1.
func (t *Table) DistanceRank(r int) int {
	if r < 0 || r >= t.rk.size {
		panic(fmt.Sprintf("exact: rank %d outside 0..%d", r, t.rk.size-1))
	}
	return int(t.get(r))
}

// All yields every state in the table with its distance, in rank order.
// The cells slice is reused from one state to the next: copy it to keep
// it. Enumerating costs one unrank (O(n)) a state.
func (t *Table) All() iter.Seq2[[]uint8, int] {
	return func(yield func([]uint8, int) bool) {
		cells := make([]uint8, t.rk.n)
		for r := range t.rk.size {
			if !yield(t.rk.Unrank(r, cells), int(t.get(r))) {
				return
			}
		}
	}
}

// AtDepth yields every state exactly depth moves from the goal, in rank
// order; the cells slice is reused as in All. It scans the whole table,
// eight states a step, and unranks only the matches.
func (t *Table) AtDepth(depth int) iter.Seq[[]uint8] {
	return func(yield func([]uint8) bool) {
		if depth < 0 || depth > t.MaxDepth() {
			return
		}
		cells := make([]uint8, t.rk.n)
		for r := range t.ranksAt(depth) {
			if !yield(t.rk.Unrank(r, cells)) {
				return
			}
		}
	}
}

// ranksAt yields the ranks of the states at depth, in order.
func (t *Table) ranksAt(depth int) iter.Seq[int] {
	return func(yield func(int) bool) {
		pattern := uint64(depth) * ones
		for wi, w := range t.words {
			x := w ^ pattern
			if (x-ones)&^x&highs == 0 {
				continue
			}
			for k := range 8 {
				r := wi*8 + k
				if byte(x>>(8*k)) == 0 && r < t.rk.size && !yield(r) {
					return
				}
			}
		}
	}
}

// Path returns an optimal solution of b as blank moves, found by stepping
// each time to a neighbour one move nearer the goal (the first in
// [puzzles.Dirs] order). It fails for a board of another shape and, with
// an error wrapping [puzzles.ErrUnsolvable], for a board that cannot reach
// the goal.
func (t *Table) Path(b puzzles.Board) ([]puzzles.Dir, error) {
	if b.Shape() != t.rk.shape {
		return nil, fmt.Errorf("exact table path: board is %s, table is %s", b.Shape(), t.rk.shape)
	}
	cells := b.Bytes()
	r, ok := t.rk.Rank(cells)
	if !ok {
		return nil, fmt.Errorf("exact table path: %w: the board cannot reach the %s goal", puzzles.ErrUnsolvable, t.rk.goal.Name())
	}
	d := int(t.get(r))
	path := make([]puzzles.Dir, 0, d)
	a := b.Blank()
	for d > 0 {
		moved := false
		for _, dir := range puzzles.Dirs {
			nb := int(t.rk.moves[a][dir])
			if nb < 0 {
				continue
			}
			q := t.rk.neighborRank(r, cells, a, nb)
			if int(t.get(q)) != d-1 {
				continue
			}
			cells[a], cells[nb] = cells[nb], 0
			path = append(path, dir)
			a, r, d = nb, q, d-1
			moved = true
			break
		}
		if !moved {
			return nil, fmt.Errorf("exact table path: no neighbour at depth %d: table is inconsistent", d-1)
		}
	}
	return path, nil
}
