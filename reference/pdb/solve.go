package pdb

import (
	"context"
	"errors"
	"math/bits"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Limits bound a search. The zero Limits sets no bound; deadlines and
// cancellation come from the context.
type Limits struct {
	// MaxNodes stops the search after this many generated nodes (0: no
	// limit).
	MaxNodes int64
	// MaxExpanded stops the search after this many expanded nodes (0: no
	// limit), the budget reference/search counts.
	MaxExpanded int64
	// Threads is the number of goroutines each iteration is spread over
	// (see DeepenParallel); 0 and 1 run the serial search. With several,
	// the limits bound the workers' nodes together, and the search may
	// stop a little below them.
	Threads int
	// Pruning chooses the move sequences the search leaves out; the zero
	// value prunes duplicates (PruneDuplicates).
	Pruning Pruning
}

// Stats describe a search. Expanded counts the nodes whose successors
// were generated; Generated the successors created (the inverse of the
// last move is never generated). Both add up over all iterations.
type Stats struct {
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	// Iterations is the number of depth-first passes (thresholds tried).
	Iterations int `json:"iterations"`
	// InitialH is the heuristic value of the start; Bound the last
	// threshold.
	InitialH int     `json:"initial_h"`
	Bound    int     `json:"bound"`
	Seconds  float64 `json:"seconds"`
}

// ErrLimit reports a search stopped by Limits.MaxNodes or
// Limits.MaxExpanded.
var ErrLimit = errors.New("node limit reached")

// Solve finds a shortest path of blank moves from b to h's goal by
// iterative-deepening A* (IDA*) with the pattern database h.
//
// The search keeps the board in place and updates the heuristic
// incrementally: a move changes only the moved tile's pattern (and, with
// reflection, the reflected tile's), so each node costs one or two table
// lookups; it never generates the inverse of the last move, and allocates
// nothing per node. Successors are tried in the fixed order up, down,
// left, right of the blank.
//
// With lim.Threads above 1 each iteration is split among that many
// goroutines (DeepenParallel); the path is still a shortest one, and the
// counts are the sums of the nodes every worker searched.
//
// It returns puzzles.ErrUnsolvable for a board that cannot reach the goal,
// an error wrapping ErrLimit when a limit of lim is reached and ctx.Err()
// when ctx is done;
// the statistics are filled in every case.
func Solve(ctx context.Context, b puzzles.Board, h *Heuristic, lim Limits) ([]puzzles.Dir, Stats, error) {
	start := time.Now()
	if err := CheckStart(b, h.Goal(), h.Name()); err != nil {
		return nil, Stats{}, err
	}
	s := newSearcher(ctx, b, h, lim)
	if lim.Threads > 1 {
		return DeepenParallel(ctx, start, b, s.h0, h.Estimate, lim, func(c Counter) Worker {
			w := newSearcher(ctx, b, h, lim)
			w.Counter = c
			return w
		})
	}
	return Deepen(start, &s.Counter, s.h0, func(bound int) (bool, int) {
		s.bound, s.next = bound, 1<<30
		return s.dfsStart(), s.next
	}, &s.path)
}

// patternTable is a table as the search reads it.
type patternTable struct {
	tiles  []uint8
	data   []byte
	nibble bool
	excess bool
}

// index is the rank of the tiles' cells in pos: the entry's index.
func (t *patternTable) index(n int, pos *[MaxCells]uint8) int64 {
	var used uint64
	var idx int64
	for i, tile := range t.tiles {
		c := pos[tile]
		idx = idx*int64(n-i) + int64(c) - int64(bits.OnesCount64(used&(1<<c-1)))
		used |= 1 << c
	}
	return idx
}

// at is entry idx.
func (t *patternTable) at(idx int64) int {
	if t.nibble {
		return int(t.data[idx>>1]>>(uint(idx&1)<<2)) & 0xF
	}
	return int(t.data[idx])
}

// fetch starts bringing entry idx into the cache (see prefetch).
func (t *patternTable) fetch(idx int64) {
	if t.nibble {
		idx >>= 1
	}
	prefetch(&t.data[idx])
}

type searcher struct {
	Counter
	h      *Heuristic
	n      int
	nbr    [][4]int8
	fsm    [][4]int32 // the pruning machine's transitions (movefsm)
	start  func(blank int) int32
	cells  [MaxCells]uint8
	pos    [MaxCells]uint8 // cell of each tile
	rpos   [MaxCells]uint8 // cell of each tile in the reflected state
	tabs   []patternTable
	patOf  [MaxCells]int8
	md     [MaxCells][MaxCells]uint8 // tile, cell -> Manhattan distance
	rcell  [MaxCells]uint8
	rtile  [MaxCells]uint8
	mdN    []int // Manhattan distance of each pattern's tiles
	valN   []int // value of each pattern
	mdR    []int // the same in the reflected state
	valR   []int
	reflec bool
	max    bool // Max mode: every table is recomputed at every node

	h0          int
	sumN, sumR  int
	bound, next int
	path        []uint8
}

func newSearcher(ctx context.Context, b puzzles.Board, h *Heuristic, lim Limits) *searcher {
	s := &searcher{Counter: NewCounter(ctx, lim), h: h, n: h.n, reflec: h.reflect, max: h.part.Mode == Max}
	geo, _ := newGeometry(b.Shape())
	s.nbr = geo.nbr
	m := lim.Pruning.Machine(b.Shape())
	s.fsm, s.start = m.Table(), m.Start
	for c := range s.n {
		for c2 := range s.n {
			s.md[c][c2] = h.mdTab[c][c2]
		}
	}
	for i := range s.patOf {
		s.patOf[i] = -1
	}
	for t := range s.n {
		s.patOf[t] = h.patOf[t]
	}
	for _, t := range h.tables {
		s.tabs = append(s.tabs, patternTable{tiles: t.hdr.Tiles, data: t.data, nibble: t.hdr.Encoding.Bits == 4, excess: t.hdr.Encoding.Excess})
	}
	if s.reflec {
		for c := range s.n {
			s.rcell[c] = h.refl.cell[c]
			s.rtile[c] = h.refl.tile[c]
		}
	}
	k := len(s.tabs)
	s.mdN, s.valN, s.mdR, s.valR = lineSlice(k), lineSlice(k), lineSlice(k), lineSlice(k)
	// Room for the longest path without growing it, in whole cache
	// lines too.
	s.path = make([]uint8, 0, 512)
	s.reset(b.Bytes())
	return s
}

// lineSlice makes a slice of k ints whose memory fills whole 64-byte cache
// lines (an allocation of a multiple of 64 bytes is aligned to 64 and
// shares no line with another). The workers of a parallel search each
// write their own at every node; allocated small, they sat side by side
// in one line and the cores kept taking it from each other (false
// sharing): a third more CPU per node with two threads.
func lineSlice(k int) []int {
	const perLine = 64 / 8
	return make([]int, k, (k+perLine-1)/perLine*perLine)
}

// reset puts the searcher on the state cells: the tiles' cells, each
// pattern's Manhattan distance and value, the sums and h0.
func (s *searcher) reset(cells []uint8) {
	for c, t := range cells[:s.n] {
		s.cells[c] = t
		s.pos[t] = uint8(c)
	}
	if s.reflec {
		for t := range s.n {
			s.rpos[s.rtile[t]] = s.rcell[s.pos[t]]
		}
	}
	clear(s.mdN)
	clear(s.valN)
	clear(s.mdR)
	clear(s.valR)
	s.sumN = s.initSums(&s.pos, s.mdN, s.valN)
	s.h0 = s.sumN
	if s.reflec {
		s.sumR = s.initSums(&s.rpos, s.mdR, s.valR)
		s.h0 = max(s.h0, s.sumR)
	}
	if s.max {
		s.h0 = s.maxValue()
	}
}

// Search is the Worker form of the search: it searches below the state
// cells within bound.
func (s *searcher) Search(cells []uint8, blank, g int, state int32, bound int) (bool, int, []uint8) {
	s.reset(cells)
	s.bound, s.next = bound, 1<<30
	s.path = s.path[:0]
	var found bool
	if s.max {
		found = s.dfsMax(g, blank, state)
	} else {
		found = s.dfs(g, blank, state, s.sumN, s.sumR)
	}
	return found, s.next, s.path
}

// Counts is the worker's counter.
func (s *searcher) Counts() *Counter { return &s.Counter }

// initSums fills each pattern's Manhattan distance and value for the
// state pos and returns the additive estimate.
func (s *searcher) initSums(pos *[MaxCells]uint8, md, val []int) int {
	sum := 0
	for t := 1; t < s.n; t++ {
		if p := s.patOf[t]; p >= 0 {
			md[p] += int(s.md[t][pos[t]])
		} else {
			sum += int(s.md[t][pos[t]])
		}
	}
	for p := range s.tabs {
		val[p] = s.value(p, pos, md[p])
		sum += val[p]
	}
	return sum
}

// value is pattern p's value in state pos given its tiles' Manhattan
// distance md.
func (s *searcher) value(p int, pos *[MaxCells]uint8, md int) int {
	return s.valueAt(p, s.tabs[p].index(s.n, pos), md)
}

// valueAt is pattern p's value for its entry idx given its tiles'
// Manhattan distance md.
func (s *searcher) valueAt(p int, idx int64, md int) int {
	t := &s.tabs[p]
	e := t.at(idx)
	if t.excess {
		return md + 2*e
	}
	return e
}

// maxValue is the Max-mode estimate of the current state.
func (s *searcher) maxValue() int {
	return s.h.Estimate(s.cells[:s.n])
}

func (s *searcher) dfsStart() bool {
	s.path = s.path[:0]
	blank := int(s.pos[0])
	if s.h0 == 0 {
		return true
	}
	if s.max {
		return s.dfsMax(0, blank, s.start(blank))
	}
	return s.dfs(0, blank, s.start(blank), s.sumN, s.sumR)
}

// dfs searches below the state with the blank on blank, reached by g
// moves after which the pruning machine is in state state; sumN and sumR
// are the additive estimates of the state and its reflection.
func (s *searcher) dfs(g, blank int, state int32, sumN, sumR int) bool {
	s.Expanded++
	if s.Stop() {
		return false
	}
	moves := &s.fsm[state]
	// The entries of the children's direct lookups, asked for before the
	// first child is searched, so that their cache misses overlap.
	var idx [4]int64
	for d := range 4 {
		if moves[d] < 0 {
			continue
		}
		q := int(s.nbr[blank][d])
		t := s.cells[q]
		if p := s.patOf[t]; p >= 0 {
			s.pos[t] = uint8(blank)
			idx[d] = s.tabs[p].index(s.n, &s.pos)
			s.pos[t] = uint8(q)
			s.tabs[p].fetch(idx[d])
		}
	}
	for d := range 4 {
		ns := moves[d]
		if ns < 0 {
			continue // off the board, or pruned
		}
		q := int(s.nbr[blank][d])
		s.Generated++
		t := s.cells[q]
		s.cells[blank], s.cells[q] = t, 0
		s.pos[t], s.pos[0] = uint8(blank), uint8(q)

		nsN := sumN
		p := s.patOf[t]
		var oldMd, oldVal int
		if p >= 0 {
			oldMd, oldVal = s.mdN[p], s.valN[p]
			md := oldMd + int(s.md[t][blank]) - int(s.md[t][q])
			v := s.valueAt(int(p), idx[d], md)
			s.mdN[p], s.valN[p] = md, v
			nsN += v - oldVal
		} else {
			nsN += int(s.md[t][blank]) - int(s.md[t][q])
		}
		h := nsN
		nsR := sumR
		var rt uint8
		var rp int8
		var oldMdR, oldValR int
		// The reflected lookup is skipped when the direct estimate
		// alone prunes the child and could not lower the next bound:
		// the reflection could only raise f, so the search (its nodes,
		// its next bound) is exactly the same, for one random memory
		// access less.
		reflected := s.reflec
		if f := g + 1 + nsN; reflected && f > s.bound && f >= s.next {
			reflected = false
		}
		if reflected {
			rt = s.rtile[t]
			rfrom, rto := s.rcell[q], s.rcell[blank]
			s.rpos[rt], s.rpos[0] = rto, rfrom
			rp = s.patOf[rt]
			if rp >= 0 {
				oldMdR, oldValR = s.mdR[rp], s.valR[rp]
				md := oldMdR + int(s.md[rt][rto]) - int(s.md[rt][rfrom])
				v := s.value(int(rp), &s.rpos, md)
				s.mdR[rp], s.valR[rp] = md, v
				nsR += v - oldValR
			} else {
				nsR += int(s.md[rt][rto]) - int(s.md[rt][rfrom])
			}
			h = max(h, nsR)
		}

		found := false
		if f := g + 1 + h; f > s.bound {
			if f < s.next {
				s.next = f
			}
		} else {
			s.path = append(s.path, uint8(d))
			if h == 0 || s.dfs(g+1, q, ns, nsN, nsR) {
				found = true
			} else {
				s.path = s.path[:len(s.path)-1]
			}
		}

		// Undo the move.
		if p >= 0 {
			s.mdN[p], s.valN[p] = oldMd, oldVal
		}
		if reflected {
			s.rpos[rt], s.rpos[0] = s.rcell[q], s.rcell[blank]
			if rp >= 0 {
				s.mdR[rp], s.valR[rp] = oldMdR, oldValR
			}
		}
		s.cells[blank], s.cells[q] = 0, t
		s.pos[t], s.pos[0] = uint8(q), uint8(blank)
		if found {
			return true
		}
		if s.Err() != nil {
			return false
		}
	}
	return false
}

// dfsMax is dfs for Max-mode databases, which depend on the blank and so
// are looked up afresh at every node.
func (s *searcher) dfsMax(g, blank int, state int32) bool {
	s.Expanded++
	if s.Stop() {
		return false
	}
	for d := range 4 {
		ns := s.fsm[state][d]
		if ns < 0 {
			continue
		}
		q := int(s.nbr[blank][d])
		s.Generated++
		t := s.cells[q]
		s.cells[blank], s.cells[q] = t, 0
		h := s.maxValue()
		found := false
		if f := g + 1 + h; f > s.bound {
			if f < s.next {
				s.next = f
			}
		} else {
			s.path = append(s.path, uint8(d))
			if h == 0 || s.dfsMax(g+1, q, ns) {
				found = true
			} else {
				s.path = s.path[:len(s.path)-1]
			}
		}
		s.cells[blank], s.cells[q] = 0, t
		if found {
			return true
		}
		if s.Err() != nil {
			return false
		}
	}
	return false
}
