package exact

import (
	"fmt"
	"math/bits"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// MaxCells is the largest board, in cells, that an exact table covers:
// 12 cells (2x6, 3x4, 4x3, 6x2) give 239,500,800 reachable states, one
// byte each. A 13-cell board does not exist (13 is prime) and 14 cells
// (2x7) would need 43.6 GB.
const MaxCells = 12

// StateCount is the number of states that can reach a goal on shape s,
// R*C!/2, which is also the number of bytes an exact table of s occupies.
// It is 0 for a shape larger than MaxCells or one that fails
// [puzzles.Shape.Validate].
func StateCount(s puzzles.Shape) int64 {
	n := s.Cells()
	if s.Validate() != nil || n > MaxCells {
		return 0
	}
	f := int64(1)
	for i := 3; i <= n; i++ {
		f *= int64(i)
	}
	return f // n!/2: the product skips the factor 2
}

// Ranker is a minimal perfect hash of the states that can reach one goal:
// it numbers them 0..Size()-1 without gaps, and maps every such number
// back to its state. It is immutable and safe for concurrent use.
//
// The rank is the Lehmer code of the tiles' positions (tile 0, the blank,
// first), in the mixed radix n, n-1, ..., 3; the positions of the last two
// tiles are left out, because exactly one of their two orders has the
// permutation parity that the goal and the blank's cell demand (two tiles
// swapped flip the parity, the blank staying put). So the blank's cell is
// the leading digit: the states with the blank on cell c fill the block
// of ranks [c*(n-1)!/2, (c+1)*(n-1)!/2). Rank and Unrank cost O(n) with
// bit tricks.
type Ranker struct {
	goal  puzzles.Goal
	shape puzzles.Shape
	n     int
	size  int
	// weight[i] is the place value of the Lehmer digit of tile i, for
	// i <= n-3: (n-1-i)!/2.
	weight [MaxCells]int
	// recip[i] is ceil(2^64 / weight[i]): for a rank r < 2^32 the high
	// word of r*recip[i] is r / weight[i] exactly (Lemire, Kaser and
	// Kurz, "Faster remainder by direct computation", 2019).
	recip [MaxCells]uint64
	// oddAt[c] is 1 when a reachable state with the blank on cell c has an
	// odd tile-position permutation.
	oddAt [MaxCells]uint8
	moves puzzles.MoveTable
}

// NewRanker makes the ranker of the states that can reach g. It fails for
// a board of more than MaxCells cells.
func NewRanker(g puzzles.Goal) (*Ranker, error) {
	if g.IsZero() {
		return nil, fmt.Errorf("exact table: no goal given")
	}
	s := g.Shape()
	n := s.Cells()
	if n > MaxCells {
		return nil, fmt.Errorf("exact table: %w: %s has %d cells; exact tables cover boards of at most %d cells", ErrTooLarge, s, n, MaxCells)
	}
	rk := &Ranker{goal: g, shape: s, n: n, size: int(StateCount(s)), moves: s.Moves()}
	w := 1
	for i := n - 3; i >= 0; i-- {
		rk.weight[i] = w
		rk.recip[i] = ^uint64(0)/uint64(w) + 1
		w *= n - i
	}
	// The permutation taking a board to the goal is pos_goal∘pos_board⁻¹,
	// so a board is solvable iff parity(pos_board) = parity(pos_goal) xor
	// the parity of the blank's distance to its goal cell.
	goalOdd := uint8(inversions(g.Positions()) & 1)
	for c := range n {
		rk.oddAt[c] = goalOdd ^ uint8(s.Distance(c, g.Pos(0))&1)
	}
	return rk, nil
}

func inversions(p []uint8) int {
	inv := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[j] < p[i] {
				inv++
			}
		}
	}
	return inv
}

// Goal is the goal whose reachable states the ranker numbers.
func (rk *Ranker) Goal() puzzles.Goal { return rk.goal }

// Shape is the board size.
func (rk *Ranker) Shape() puzzles.Shape { return rk.shape }

// Size is the number of reachable states, R*C!/2; ranks run 0..Size()-1.
func (rk *Ranker) Size() int { return rk.size }

// Rank numbers the state whose cells (row-major, 0 the blank) are given.
// It reports false when cells is not a permutation of 0..n-1 for the
// ranker's shape or when the state cannot reach the goal.
func (rk *Ranker) Rank(cells []uint8) (int, bool) {
	n := rk.n
	if len(cells) != n {
		return 0, false
	}
	var pos [MaxCells]uint8
	var seen uint32
	for i, t := range cells {
		if int(t) >= n {
			return 0, false
		}
		seen |= 1 << t
		pos[t] = uint8(i)
	}
	if seen != 1<<n-1 {
		return 0, false // a tile repeated, so another is missing
	}
	r, odd := rk.rankPos(&pos)
	if odd != rk.oddAt[pos[0]] {
		return 0, false
	}
	return r, true
}

// rankPos ranks tile positions and returns the parity of the permutation
// pos, which the caller compares with oddAt to tell reachable states.
func (rk *Ranker) rankPos(pos *[MaxCells]uint8) (rank int, odd uint8) {
	var used uint32
	n := rk.n
	for i := 0; i < n-2; i++ {
		p := pos[i]
		d := int(p) - bits.OnesCount32(used&(1<<p-1))
		rank += d * rk.weight[i]
		odd ^= uint8(d)
		used |= 1 << p
	}
	if pos[n-2] > pos[n-1] {
		odd ^= 1
	}
	return rank, odd & 1
}

// Unrank writes the state numbered r into dst (grown to n cells if it is
// shorter) and returns it. It panics if r is outside 0..Size()-1.
func (rk *Ranker) Unrank(r int, dst []uint8) []uint8 {
	if r < 0 || r >= rk.size {
		panic(fmt.Sprintf("exact: rank %d outside 0..%d", r, rk.size-1))
	}
	var pos [MaxCells]uint8
	rk.unrankPos(r, &pos)
	if cap(dst) < rk.n {
		dst = make([]uint8, rk.n)
	}
	dst = dst[:rk.n]
	for t := range rk.n {
		dst[pos[t]] = uint8(t)
	}
	return dst
}

// unrankPos fills pos with the tile positions of the state numbered r.
// The digits come from multiplications by precomputed reciprocals instead
// of divisions, and the free cells sit in a list of 4-bit entries in
// increasing order, so taking the d-th one is a shift and a mask.
func (rk *Ranker) unrankPos(r int, pos *[MaxCells]uint8) {
	n := rk.n
	free := uint64(0xBA9876543210) // cells 0..11, one a nibble
	var odd int
	take := func(i, d int) {
		shift := 4 * uint(d)
		pos[i] = uint8(free >> shift & 0xF)
		free = free&(1<<shift-1) | free>>(shift+4)<<shift
		odd ^= d
	}
	for i := 0; i < n-3; i++ {
		d, _ := bits.Mul64(uint64(r), rk.recip[i])
		r -= int(d) * rk.weight[i]
		take(i, int(d))
	}
	take(n-3, r) // weight 1
	lo, hi := uint8(free&0xF), uint8(free>>4&0xF)
	if uint8(odd&1)^rk.oddAt[pos[0]] == 1 {
		pos[n-2], pos[n-1] = hi, lo
	} else {
		pos[n-2], pos[n-1] = lo, hi
	}
}

// neighborRank is the rank of the state reached when the blank, on cell
// a, trades places with tile t on cell b, given the rank r and cells of
// the current state. A horizontal move changes only the blank's digit; a
// vertical one also changes the digits of the tiles on the cells it
// jumps over, so the cost is O(columns) instead of a full re-rank.
func (rk *Ranker) neighborRank(r int, cells []uint8, a, b int) int {
	q := r + (b-a)*rk.weight[0]
	lo, hi, sign := a, b, 1
	if b < a {
		lo, hi, sign = b, a, -1
	}
	if hi-lo == 1 {
		return q
	}
	t := int(cells[b])
	last := rk.n - 3 // tiles above this have no digit
	for c := lo + 1; c < hi; c++ {
		u := int(cells[c])
		if u < t {
			// pos[t] jumps over pos[u]: tile u's digit counts tile t
			// (blank moving down) or stops counting it (moving up).
			if u <= last {
				q += sign * rk.weight[u]
			}
		} else if t <= last {
			q -= sign * rk.weight[t]
		}
	}
	return q
}
