package pdb

import (
	"fmt"
	"math/bits"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// MaxCells is the largest board a pattern database covers: cell sets are
// 64-bit masks.
const MaxCells = 64

// geometry is a board shape as bit masks, for flood fills of the blank's
// region and for move tables.
type geometry struct {
	n, rows, cols int
	all           uint64 // every cell
	notCol0       uint64 // every cell outside column 0
	notColLast    uint64 // every cell outside the last column
	nbr           [][4]int8
}

func newGeometry(s puzzles.Shape) (*geometry, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n := s.Cells()
	if n > MaxCells {
		return nil, fmt.Errorf("board %s has %d cells; pattern databases cover at most %d", s, n, MaxCells)
	}
	g := &geometry{n: n, rows: s.Rows, cols: s.Cols}
	if n == 64 {
		g.all = ^uint64(0)
	} else {
		g.all = 1<<n - 1
	}
	for c := range n {
		if c%s.Cols != 0 {
			g.notCol0 |= 1 << c
		}
		if c%s.Cols != s.Cols-1 {
			g.notColLast |= 1 << c
		}
	}
	g.nbr = make([][4]int8, n)
	mt := s.Moves()
	for c := range n {
		for d := range 4 {
			g.nbr[c][d] = int8(mt[c][d])
		}
	}
	return g, nil
}

// dilate adds to m every cell next to a cell of m.
func (g *geometry) dilate(m uint64) uint64 {
	return (m | m<<1&g.notCol0 | m>>1&g.notColLast | m<<g.cols | m>>g.cols) & g.all
}

// flood is the connected component of the cells in free that contains
// cell from (which must be in free).
func (g *geometry) flood(free uint64, from int) uint64 {
	r := uint64(1) << from
	for {
		nr := g.dilate(r) & free
		if nr == r {
			return r
		}
		r = nr
	}
}

// placements is the number of ways to put k distinct items on n cells,
// n!/(n-k)!, and false if it exceeds limit.
func placements(n, k int, limit int64) (int64, bool) {
	p := int64(1)
	for i := range k {
		p *= int64(n - i)
		if p > limit {
			return 0, false
		}
	}
	return p, true
}

// rank is the perfect hash of k distinct cells: the mixed-radix number
// whose i-th digit is the rank of pos[i] among the cells not taken by
// pos[0..i-1], with radix n-i. Ranks run over 0..n!/(n-k)!-1.
func rank(n int, pos []uint8) int64 {
	var used uint64
	var idx int64
	for i, c := range pos {
		d := int64(c) - int64(bits.OnesCount64(used&(1<<c-1)))
		idx = idx*int64(n-i) + d
		used |= 1 << c
	}
	return idx
}

// unrank inverts rank, writing the k = len(pos) cells into pos, and
// returns the mask of the cells taken.
func unrank(n int, idx int64, pos []uint8) uint64 {
	var digits [MaxCells]uint8
	var before [MaxCells]uint64
	return unrankDigits(n, idx, pos, digits[:len(pos)], before[:len(pos)])
}

// unrankDigits is unrank that also writes each tile's digit of the rank
// and the cells taken by the tiles before it (for a successor's rank
// from its parent's).
func unrankDigits(n int, idx int64, pos, digits []uint8, before []uint64) uint64 {
	k := len(pos)
	for i := k - 1; i >= 0; i-- {
		r := int64(n - i)
		digits[i] = uint8(idx % r)
		idx /= r
	}
	var used uint64
	for i := range k {
		before[i] = used
		free := ^used
		for range digits[i] {
			free &= free - 1
		}
		c := uint8(bits.TrailingZeros64(free))
		pos[i] = c
		used |= 1 << c
	}
	return used
}

// placementIter unranks placements of k tiles on n cells in increasing
// order of their ranks: moveTo adds the difference to the mixed-radix
// digits of the last placement and finds the cells of the tiles whose
// digits changed, which for nearby ranks are the last few.
type placementIter struct {
	n, k  int
	idx   int64
	valid bool
	// pos holds the i-th tile's cell, digit its digit of the rank and
	// before the cells of the tiles before it; used every tile's cell.
	pos    [MaxCells]uint8
	digit  [MaxCells]uint8
	before [MaxCells]uint64
	used   uint64
}

func (p *placementIter) init(n, k int) {
	*p = placementIter{n: n, k: k}
}

// moveTo sets the iterator on the placement of rank idx.
func (p *placementIter) moveTo(idx int64) {
	if !p.valid || idx < p.idx {
		p.used = unrankDigits(p.n, idx, p.pos[:p.k], p.digit[:p.k], p.before[:p.k])
		p.idx, p.valid = idx, true
		return
	}
	carry := idx - p.idx
	p.idx = idx
	i := p.k - 1
	for ; ; i-- {
		r := int64(p.n - i)
		v := int64(p.digit[i]) + carry
		if v < r {
			p.digit[i] = uint8(v)
			break
		}
		p.digit[i] = uint8(v % r)
		carry = v / r
		if i == 0 {
			break
		}
	}
	used := p.before[i]
	for j := i; j < p.k; j++ {
		p.before[j] = used
		c := uint8(selectBit(^used, int(p.digit[j])))
		p.pos[j] = c
		used |= 1 << c
	}
	p.used = used
}
