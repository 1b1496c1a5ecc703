package dynamic

import (
	"context"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// groupBuilder computes the table of one group of tiles (a pair or a
// triple) by breadth-first search backwards from the goal, over states
// made of the group tiles' cells and the region of empty cells that holds
// the blank. The blank moves freely inside its region, so those moves
// cost nothing; a group tile sliding into a cell of the region costs one
// move, leaves the blank on the cell it came from, and may split or join
// regions. The search starts from the group's tiles on their goal cells
// with the region that holds the blank's goal cell. The first level at
// which a placement is reached, with any region, is the fewest moves of
// the group's tiles that bring them home from that placement (the blank
// ending on its goal cell), minimised over where the blank is: exactly the
// additive pattern database value of Korf and Felner, which package pdb
// builds the same way for big patterns (the tests compare the two).
//
// A groupBuilder holds scratch space sized for one board and is reused
// for every group of a worker.
type groupBuilder struct {
	g       puzzles.Goal
	n, cols int
	all     uint64 // every cell
	notCol0 uint64 // cells outside the first column
	notLast uint64 // cells outside the last column
	nbr     [][4]int16
	// seen[idx] holds the cells of every region with which the placement
	// of dense index idx has been reached (a region is marked whole, so
	// one of its cells tells whether it was); level[idx] is the level at
	// which the placement was first reached (0xFF: not yet).
	seen  []uint64
	level []uint8
	queue []bstate
	buf   []uint8
}

// scratch is a buffer of n bytes owned by the builder.
func (b *groupBuilder) scratch(n int) []uint8 {
	if cap(b.buf) < n {
		b.buf = make([]uint8, n)
	}
	return b.buf[:n]
}

// bstate is a search state: the group tiles' cells and one cell of the
// blank's region.
type bstate struct {
	pos   [3]uint8
	blank uint8
}

func newGroupBuilder(g puzzles.Goal, k int) *groupBuilder {
	s := g.Shape()
	n := s.Cells()
	b := &groupBuilder{g: g, n: n, cols: s.Cols, all: 1<<n - 1, nbr: s.Moves()}
	for c := range n {
		if c%s.Cols != 0 {
			b.notCol0 |= 1 << c
		}
		if c%s.Cols != s.Cols-1 {
			b.notLast |= 1 << c
		}
	}
	size := 1
	for range k {
		size *= n
	}
	b.seen = make([]uint64, size)
	b.level = make([]uint8, size)
	return b
}

// flood is the region of the cells in free connected to cell from.
func (b *groupBuilder) flood(free uint64, from int) uint64 {
	r := uint64(1) << from
	for {
		nr := (r | r<<1&b.notCol0 | r>>1&b.notLast | r<<b.cols | r>>b.cols) & free
		if nr == r {
			return r
		}
		r = nr
	}
}

// build fills dst (n^k entries, indexed densely by the tiles' cells in
// the order of tiles) with each placement's excess over the tiles'
// Manhattan distance, in units of two moves. Placements that no state of
// the puzzle has (two tiles on one cell) keep 0.
func (b *groupBuilder) build(ctx context.Context, tiles []int, dst []uint8) error {
	k, n := len(tiles), b.n
	clear(b.seen)
	for i := range b.level {
		b.level[i] = 0xFF
	}
	index := func(pos *[3]uint8) int {
		idx := 0
		for i := range k {
			idx = idx*n + int(pos[i])
		}
		return idx
	}
	var start bstate
	var used uint64
	for i, t := range tiles {
		start.pos[i] = uint8(b.g.Pos(t))
		used |= 1 << start.pos[i]
	}
	start.blank = uint8(b.g.Pos(0))
	idx := index(&start.pos)
	b.seen[idx] = b.flood(b.all&^used, int(start.blank))
	b.level[idx] = 0
	queue := append(b.queue[:0], start)
	for head, lv := 0, uint8(0); head < len(queue); lv++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := len(queue)
		for ; head < end; head++ {
			st := queue[head]
			var used uint64
			for i := range k {
				used |= 1 << st.pos[i]
			}
			empty := b.all &^ used
			region := b.flood(empty, int(st.blank))
			for i := range k {
				from := st.pos[i]
				for _, q := range b.nbr[from] {
					if q < 0 || region&(1<<q) == 0 {
						continue
					}
					next := st
					next.pos[i], next.blank = uint8(q), from
					j := index(&next.pos)
					if b.seen[j]&(1<<from) != 0 {
						continue
					}
					b.seen[j] |= b.flood(empty^(1<<q)|1<<from, int(from))
					if b.level[j] == 0xFF {
						b.level[j] = lv + 1
					}
					queue = append(queue, next)
				}
			}
		}
	}
	b.queue = queue
	s := b.g.Shape()
	var pos [3]int
	for idx := range dst {
		dst[idx] = 0
		lv := b.level[idx]
		if lv == 0xFF {
			continue
		}
		x := idx
		for i := k - 1; i >= 0; i-- {
			pos[i] = x % n
			x /= n
		}
		m := 0
		for i, t := range tiles {
			m += s.Distance(pos[i], b.g.Pos(t))
		}
		dst[idx] = uint8((int(lv) - m) / 2)
	}
	return nil
}
