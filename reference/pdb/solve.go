package pdb

import (
	"context"
	"errors"
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
	data   []byte
	nibble bool
}

// at is entry idx.
func (t *patternTable) at(idx int64) int {
	if t.nibble {
		return int(t.data[idx>>1]>>(uint(idx&1)<<2)) & 0xF
	}
	return int(t.data[idx])
}

// addr is the byte that holds entry idx.
func (t *patternTable) addr(idx int64) *byte {
	if t.nibble {
		idx >>= 1
	}
	return &t.data[idx]
}

// patternState is what the search carries for one pattern in the state
// it stands on: the pattern's entry and what its entry adds to the
// estimate (twice the entry for an excess encoding, whose Manhattan part
// the search counts tile by tile; the entry itself otherwise).
type patternState struct {
	idx int64
	val int
}

// The directions of the blank's moves, as puzzles.Dirs numbers them; the
// reflection about the diagonal turns each into d^2 (up into left, down
// into right).
const (
	up = iota
	down
	left
	right
)

type searcher struct {
	Counter
	h     *Heuristic
	n     int
	cols  int
	nbr   [MaxCells][4]int8
	fsm   [][4]int32 // the pruning machine's transitions (movefsm)
	start func(blank int) int32
	// cells holds the tile on each cell, rcells the same for the state
	// reflected about the diagonal; rcell and rtile reflect a cell and a
	// tile.
	cells, rcells [MaxCells]uint8
	rcell, rtile  [MaxCells]uint8
	tabs          [MaxCells]patternTable
	patOf         [MaxCells]int8
	// valShift[p] is 1 when pattern p's table holds excesses (the
	// estimate counts twice the entry, beside the tiles' Manhattan
	// distance), 0 when it holds values.
	valShift [MaxCells]uint8
	// weight[t] is the place value of tile t's digit in its pattern's
	// index, pass[t][u] what a tile u between t's cells adds to that
	// index when t slides down one row (see slideDown).
	weight [MaxCells]int64
	pass   [MaxCells][MaxCells]int64
	// manhattan[t][b][d] is the change of the Manhattan part of the
	// estimate when the blank on cell b moves in direction d and tile t
	// slides into b (0 for tiles whose pattern's table holds values).
	manhattan [MaxCells][MaxCells][4]int8
	// Each pattern's state, and the same in the reflected state.
	pstN, pstR [MaxCells]patternState
	reflec     bool
	max        bool // Max mode: every table is recomputed at every node

	h0          int
	sumN, sumR  int
	bound, next int
	path        []uint8
}

func newSearcher(ctx context.Context, b puzzles.Board, h *Heuristic, lim Limits) *searcher {
	s := &searcher{Counter: NewCounter(ctx, lim), h: h, n: h.n, cols: b.Shape().Cols, reflec: h.reflect, max: h.part.Mode == Max}
	geo, _ := newGeometry(b.Shape())
	copy(s.nbr[:], geo.nbr)
	m := lim.Pruning.Machine(b.Shape())
	s.fsm, s.start = m.Table(), m.Start
	for i := range s.patOf {
		s.patOf[i] = -1
	}
	for t := range s.n {
		s.patOf[t] = h.patOf[t]
	}
	for p, tab := range h.tables {
		s.tabs[p] = patternTable{data: tab.data, nibble: tab.hdr.Encoding.Bits == 4}
		if tab.hdr.Encoding.Excess {
			s.valShift[p] = 1
		}
		tiles := tab.hdr.Tiles
		w := int64(1)
		for i := len(tiles) - 1; i >= 0; i-- {
			s.weight[tiles[i]] = w
			w *= int64(s.n - i)
		}
		for i, t := range tiles {
			for j, u := range tiles {
				switch {
				case j < i:
					s.pass[t][u] = -s.weight[t]
				case j > i:
					s.pass[t][u] = s.weight[u]
				}
			}
		}
	}
	for t := 1; t < s.n; t++ {
		if p := s.patOf[t]; p >= 0 && s.valShift[p] == 0 {
			continue
		}
		for c := range s.n {
			for d := range 4 {
				if q := s.nbr[c][d]; q >= 0 {
					s.manhattan[t][c][d] = int8(int(h.mdTab[t][c]) - int(h.mdTab[t][q]))
				}
			}
		}
	}
	if s.reflec {
		for c := range s.n {
			s.rcell[c] = h.refl.cell[c]
			s.rtile[c] = h.refl.tile[c]
		}
	}
	// Room for the longest path without growing it.
	s.path = make([]uint8, 0, 512)
	s.reset(b.Bytes())
	return s
}

// slideDown is how much the index of tile t's pattern changes when t
// slides down a row from cell from on board b. An index is a mixed-radix
// number whose digit for each tile is the tile's cell less the cells of
// earlier tiles of the pattern below it (rank). Sliding down, t's digit
// grows by the width of the board less the earlier tiles of the pattern
// it passes, and the digit of each later tile it passes grows by one (t
// is no longer below it); pass holds both contributions. Sliding up
// undoes sliding down, and sliding sideways passes no cell: t's digit
// moves by one, and the index by t's weight.
func (s *searcher) slideDown(b *[MaxCells]uint8, t uint8, from int) int64 {
	row := &s.pass[t&(MaxCells-1)]
	d := int64(s.cols) * s.weight[t&(MaxCells-1)]
	for c := from + 1; c < from+s.cols; c++ {
		d += row[b[c&(MaxCells-1)]&(MaxCells-1)]
	}
	return d
}

// reset puts the searcher on the state cells: the reflected state, each
// pattern's entry and value, the sums and h0.
func (s *searcher) reset(cells []uint8) {
	var pos, rpos [MaxCells]uint8
	for c, t := range cells[:s.n] {
		s.cells[c] = t
		pos[t] = uint8(c)
	}
	if s.reflec {
		for c, t := range cells[:s.n] {
			s.rcells[s.rcell[c]] = s.rtile[t]
		}
		for t := range s.n {
			rpos[s.rtile[t]] = s.rcell[pos[t]]
		}
	}
	s.sumN = s.initSums(&pos, &s.pstN)
	s.h0 = s.sumN
	if s.reflec {
		s.sumR = s.initSums(&rpos, &s.pstR)
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

// initSums fills each pattern's state for the state where tile t stands
// on pos[t] and returns the additive estimate: the Manhattan distance of
// the tiles counted tile by tile, plus each pattern's value.
func (s *searcher) initSums(pos *[MaxCells]uint8, pst *[MaxCells]patternState) int {
	*pst = [MaxCells]patternState{}
	sum := 0
	for t := 1; t < s.n; t++ {
		if p := s.patOf[t]; p < 0 || s.valShift[p] == 1 {
			sum += int(s.h.mdTab[t][pos[t]])
		}
	}
	var cells [MaxCells]uint8
	for p, tab := range s.h.tables {
		for i, tile := range tab.hdr.Tiles {
			cells[i] = pos[tile]
		}
		idx := rank(s.n, cells[:len(tab.hdr.Tiles)])
		pst[p] = patternState{idx: idx, val: s.tabs[p&(MaxCells-1)].at(idx) << s.valShift[p]}
		sum += pst[p].val
	}
	return sum
}

// maxValue is the Max-mode estimate of the current state.
func (s *searcher) maxValue() int {
	return s.h.Estimate(s.cells[:s.n])
}

func (s *searcher) dfsStart() bool {
	s.path = s.path[:0]
	if s.h0 == 0 {
		return true
	}
	blank := 0
	for s.cells[blank] != 0 {
		blank++
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
	nbr := &s.nbr[blank&(MaxCells-1)]
	// The children's entries, direct and reflected, asked for before the
	// first child is searched, so that their cache misses overlap. A
	// tile that slides up or down slides sideways in the reflection, and
	// the other way round (slideDown).
	var idx, ridx [4]int64
	rblank := int(s.rcell[blank&(MaxCells-1)])
	for d := up; d <= down; d++ {
		if moves[d] < 0 {
			continue
		}
		t := s.cells[nbr[d]&(MaxCells-1)]
		a, b := &s.cells[0], &s.cells[0] // nothing to fetch
		if p := s.patOf[t&(MaxCells-1)]; p >= 0 {
			from := blank
			if d == up {
				from -= s.cols
			}
			i := s.slideDown(&s.cells, t, from)
			if d == down {
				i = -i
			}
			i += s.pstN[p&(MaxCells-1)].idx
			idx[d] = i
			a = s.tabs[p&(MaxCells-1)].addr(i)
		}
		if s.reflec {
			rt := s.rtile[t&(MaxCells-1)]
			if rp := s.patOf[rt&(MaxCells-1)]; rp >= 0 {
				i := s.weight[rt&(MaxCells-1)] // up reflects to left: rt slides right
				if d == down {
					i = -i
				}
				i += s.pstR[rp&(MaxCells-1)].idx
				ridx[d] = i
				b = s.tabs[rp&(MaxCells-1)].addr(i)
			}
		}
		prefetch2(a, b)
	}
	for d := left; d <= right; d++ {
		if moves[d] < 0 {
			continue
		}
		t := s.cells[nbr[d]&(MaxCells-1)]
		a, b := &s.cells[0], &s.cells[0] // nothing to fetch
		if p := s.patOf[t&(MaxCells-1)]; p >= 0 {
			i := s.weight[t&(MaxCells-1)] // left: t slides right
			if d == right {
				i = -i
			}
			i += s.pstN[p&(MaxCells-1)].idx
			idx[d] = i
			a = s.tabs[p&(MaxCells-1)].addr(i)
		}
		if s.reflec {
			rt := s.rtile[t&(MaxCells-1)]
			if rp := s.patOf[rt&(MaxCells-1)]; rp >= 0 {
				from := rblank // left reflects to up: rt slides down
				if d == left {
					from -= s.cols
				}
				i := s.slideDown(&s.rcells, rt, from)
				if d == right {
					i = -i
				}
				i += s.pstR[rp&(MaxCells-1)].idx
				ridx[d] = i
				b = s.tabs[rp&(MaxCells-1)].addr(i)
			}
		}
		prefetch2(a, b)
	}
	for d := range 4 {
		ns := moves[d]
		if ns < 0 {
			continue // off the board, or pruned
		}
		s.Generated++
		q := int(nbr[d])
		t := s.cells[q&(MaxCells-1)]
		nsN := sumN + int(s.manhattan[t&(MaxCells-1)][blank&(MaxCells-1)][d])
		p := s.patOf[t&(MaxCells-1)]
		var val int
		if p >= 0 {
			val = s.tabs[p&(MaxCells-1)].at(idx[d]) << (s.valShift[p&(MaxCells-1)] & 63)
			nsN += val - s.pstN[p&(MaxCells-1)].val
		}
		h := nsN
		nsR := sumR
		var rt uint8
		var rp int8 = -1
		var rval int
		// The reflected lookup is skipped when the direct estimate
		// alone prunes the child and could not lower the next bound:
		// the reflection could only raise f, so the search (its nodes,
		// its next bound) is exactly the same, for one random memory
		// access less.
		if f := g + 1 + nsN; s.reflec && (f <= s.bound || f < s.next) {
			rt = s.rtile[t&(MaxCells-1)]
			nsR += int(s.manhattan[rt&(MaxCells-1)][rblank&(MaxCells-1)][d^2])
			rp = s.patOf[rt&(MaxCells-1)]
			if rp >= 0 {
				rval = s.tabs[rp&(MaxCells-1)].at(ridx[d]) << (s.valShift[rp&(MaxCells-1)] & 63)
				nsR += rval - s.pstR[rp&(MaxCells-1)].val
			}
			h = max(h, nsR)
		}
		if f := g + 1 + h; f > s.bound {
			if f < s.next {
				s.next = f
			}
			continue
		}
		s.path = append(s.path, uint8(d))
		if h == 0 {
			return true
		}
		var oldN, oldR patternState
		if p >= 0 {
			oldN = s.pstN[p&(MaxCells-1)]
			s.pstN[p&(MaxCells-1)] = patternState{idx: idx[d], val: val}
		}
		if rp >= 0 {
			oldR = s.pstR[rp&(MaxCells-1)]
			s.pstR[rp&(MaxCells-1)] = patternState{idx: ridx[d], val: rval}
		}
		rq := int(s.rcell[q&(MaxCells-1)])
		s.cells[blank&(MaxCells-1)], s.cells[q&(MaxCells-1)] = t, 0
		s.rcells[rblank&(MaxCells-1)], s.rcells[rq&(MaxCells-1)] = rt, 0
		found := s.dfs(g+1, q, ns, nsN, nsR)
		s.cells[blank&(MaxCells-1)], s.cells[q&(MaxCells-1)] = 0, t
		s.rcells[rblank&(MaxCells-1)], s.rcells[rq&(MaxCells-1)] = 0, rt
		if p >= 0 {
			s.pstN[p&(MaxCells-1)] = oldN
		}
		if rp >= 0 {
			s.pstR[rp&(MaxCells-1)] = oldR
		}
		if found {
			return true
		}
		s.path = s.path[:len(s.path)-1]
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
