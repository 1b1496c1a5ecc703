package dynamic

import (
	"context"
	"math/bits"
	"slices"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// Solve finds a shortest path of blank moves from b to h's goal by
// iterative-deepening A* (IDA*) with the dynamic heuristic h, kept
// incrementally.
//
// The search keeps the board, the excess of every pair, the triples that
// count and the conflict graph in place. A move changes only the groups
// holding the moved tile, so it reads that tile's pair entries (14 on
// 4x4) and, for triples, one list for each other tile; when no group's
// excess changed, the best packing cannot have changed either and the
// estimate moves with Manhattan distance alone, otherwise the packing is
// solved again. Successors are tried in the order up, down, left, right
// of the blank and lim.Pruning leaves out moves as in pdb.Solve (with
// pdb.PruneInverse only the inverse of the last move, as in the generic
// IDA* of package search), and nodes are counted the same way, so all
// three are comparable node for node.
//
// With lim.Threads above 1 each iteration is split among that many
// goroutines (pdb.DeepenParallel).
//
// It returns puzzles.ErrUnsolvable for a board that cannot reach the goal,
// an error wrapping pdb.ErrLimit when a limit of lim is reached, and
// ctx.Err() when ctx is done; the statistics are filled in every case.
func Solve(ctx context.Context, b puzzles.Board, h *Heuristic, lim pdb.Limits) ([]puzzles.Dir, pdb.Stats, error) {
	start := time.Now()
	if err := pdb.CheckStart(b, h.Goal(), h.Name()); err != nil {
		return nil, pdb.Stats{}, err
	}
	s := newSearcher(ctx, b, h, lim)
	if lim.Threads > 1 {
		return pdb.DeepenParallel(ctx, start, b, s.md0+2*s.pack0, h.Estimate, lim, func(c pdb.Counter) pdb.Worker {
			w := newSearcher(ctx, b, h, lim)
			w.Counter = c
			return w
		})
	}
	return pdb.Deepen(start, &s.Counter, s.md0+2*s.pack0, func(bound int) (bool, int) {
		s.bound, s.next = bound, 1<<30
		blank := int(s.pos[0])
		return s.md0 == 0 || s.dfs(0, blank, s.start(blank), s.md0, s.pack0), s.next
	}, &s.path)
}

// pairUndo is the excess a pair of the moved tile and tile u had before
// the move.
type pairUndo struct {
	u, w uint8
}

type searcher struct {
	pdb.Counter
	h   *Heuristic
	n   int
	nbr [][4]int16
	// fsm is the pruning machine's transition table (Limits.Pruning).
	fsm   [][4]int32
	start func(blank int) int32

	cells [MaxPairCells]uint8
	pos   [MaxPairCells]uint8
	// w2[a*n+b] (= w2[b*n+a]) is the excess of pair a, b in the current
	// state; adj[a] has bit b set when it is positive.
	w2  [MaxPairCells * MaxPairCells]uint8
	adj [MaxPairCells]uint64
	// tri lists the triples whose excess beats every pair within them in
	// the current state (none to a dozen or so on 4x4).
	tri []edge
	// pairLog and triLog hold what setTile replaced, for unsetTile.
	pairLog []pairUndo
	triLog  []edge

	pairsOf [][]pairRef
	p       packer
	edges   []edge

	md0, pack0  int
	bound, next int
	path        []uint8
}

func newSearcher(ctx context.Context, b puzzles.Board, h *Heuristic, lim pdb.Limits) *searcher {
	n := h.n
	s := &searcher{Counter: pdb.NewCounter(ctx, lim), h: h, n: n, nbr: b.Shape().Moves(), pairsOf: h.pairsOf}
	m := lim.Pruning.Machine(b.Shape())
	s.fsm, s.start = m.Table(), m.Start
	s.reset(b.Bytes())
	return s
}

// reset puts the searcher on the state cells: the tiles' cells, the
// excess of every group, the conflict graph, md0 and pack0.
func (s *searcher) reset(cells []uint8) {
	n := s.n
	for c, t := range cells[:n] {
		s.cells[c] = t
		s.pos[t] = uint8(c)
	}
	clear(s.w2[:])
	clear(s.adj[:])
	s.tri = s.tri[:0]
	for tile := 1; tile < n; tile++ {
		s.setTile(tile)
	}
	s.pairLog, s.triLog = s.pairLog[:0], s.triLog[:0]
	s.md0 = s.h.manhattan(&s.pos)
	s.pack0 = s.pack()
}

// Search is the pdb.Worker form of the search: it searches below the
// state cells within bound.
func (s *searcher) Search(cells []uint8, blank, g int, state int32, bound int) (bool, int, []uint8) {
	s.reset(cells)
	s.bound, s.next = bound, 1<<30
	s.path = s.path[:0]
	found := s.dfs(g, blank, state, s.md0, s.pack0)
	return found, s.next, s.path
}

// Counts is the worker's counter.
func (s *searcher) Counts() *pdb.Counter { return &s.Counter }

// setTile reads the excess of every group holding tile t in the current
// state and updates the conflict graph. It logs what it replaces on
// s.pairLog and s.triLog, so that unsetTile can put it back, and reports
// whether the conflict graph changed.
func (s *searcher) setTile(tile int) bool {
	n := s.n
	pt := int32(s.pos[tile])
	pairs := s.h.t.pair
	pairMark := len(s.pairLog)
	for _, r := range s.pairsOf[tile] {
		w := pairs[r.base+pt*r.st+int32(s.pos[r.u])*r.su]
		i := tile*n + int(r.u)
		if w == s.w2[i] {
			continue
		}
		s.pairLog = append(s.pairLog, pairUndo{u: r.u, w: s.w2[i]})
		s.setPair(tile, int(r.u), w)
	}
	changed := len(s.pairLog) > pairMark
	if !s.h.t.triples {
		return changed
	}
	// Keep a copy of the list for unsetTile, take out the triples
	// holding the tile, then put in those it forms now: for every other
	// tile u, the kept placements listed for the tile's cell and u's cell
	// whose third tile v > u stands on its cell.
	bit := uint64(1) << tile
	mark := len(s.triLog)
	s.triLog = append(s.triLog, s.tri...)
	keep := s.tri[:0]
	removed, added := 0, 0
	for _, e := range s.tri {
		if e.mask&bit != 0 {
			removed++
		} else {
			keep = append(keep, e)
		}
	}
	s.tri = keep
	t := s.h.t
	base := (tile*n + int(pt)) * n
	for u := 1; u < n; u++ {
		if u == tile {
			continue
		}
		key := (base+u)*n + int(s.pos[u])
		for _, e := range t.trip[t.tripIdx[key]:t.tripIdx[key+1]] {
			if s.pos[e.v] == e.cell {
				s.tri = append(s.tri, edge{mask: bit | 1<<u | 1<<e.v, w: int32(e.w)})
				added++
			}
		}
	}
	if changed || removed != added {
		return true
	}
	// The same number out as in: changed unless each one out came back.
	news := s.tri[len(s.tri)-added:]
	for _, e := range s.triLog[mark:] {
		if e.mask&bit != 0 && !slices.Contains(news, e) {
			return true
		}
	}
	return false
}

// setPair sets the excess of pair a, b to w.
func (s *searcher) setPair(a, b int, w uint8) {
	s.w2[a*s.n+b], s.w2[b*s.n+a] = w, w
	if w > 0 {
		s.adj[a] |= 1 << b
		s.adj[b] |= 1 << a
	} else {
		s.adj[a] &^= 1 << b
		s.adj[b] &^= 1 << a
	}
}

// unsetTile undoes the setTile of tile that logged from pairMark and
// triMark on.
func (s *searcher) unsetTile(tile, pairMark, triMark int) {
	for i := len(s.pairLog) - 1; i >= pairMark; i-- {
		s.setPair(tile, int(s.pairLog[i].u), s.pairLog[i].w)
	}
	s.pairLog = s.pairLog[:pairMark]
	s.tri = append(s.tri[:0], s.triLog[triMark:]...)
	s.triLog = s.triLog[:triMark]
}

// pack solves the packing of the current conflict graph.
func (s *searcher) pack() int {
	e := s.edges[:0]
	for a := 1; a < s.n; a++ {
		for m := s.adj[a] &^ (1<<(a+1) - 1); m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			e = append(e, edge{mask: 1<<a | 1<<b, w: int32(s.w2[a*s.n+b])})
		}
	}
	e = append(e, s.tri...)
	s.edges = e
	return s.p.pack(e)
}

// dfs searches below the state with the blank on blank, reached by g
// moves after which the pruning machine is in state state; md is the
// state's Manhattan distance and pack its best packing.
func (s *searcher) dfs(g, blank int, state int32, md, pack int) bool {
	s.Expanded++
	if s.Stop() {
		return false
	}
	n := s.n
	for d := range 4 {
		ns := s.fsm[state][d]
		if ns < 0 {
			continue // off the board, or pruned
		}
		q := int(s.nbr[blank][d])
		s.Generated++
		t := int(s.cells[q])
		s.cells[blank], s.cells[q] = uint8(t), 0
		s.pos[t], s.pos[0] = uint8(blank), uint8(q)
		nmd := md + int(s.h.md[t*n+blank]) - int(s.h.md[t*n+q])
		npack := pack
		pairMark, triMark := len(s.pairLog), len(s.triLog)
		changed := s.setTile(t)
		if changed {
			npack = s.pack()
		}
		found := false
		if f := g + 1 + nmd + 2*npack; f > s.bound {
			if f < s.next {
				s.next = f
			}
		} else {
			s.path = append(s.path, uint8(d))
			if nmd == 0 || s.dfs(g+1, q, ns, nmd, npack) {
				found = true
			} else {
				s.path = s.path[:len(s.path)-1]
			}
		}
		s.cells[blank], s.cells[q] = 0, uint8(t)
		s.pos[t], s.pos[0] = uint8(q), uint8(blank)
		s.unsetTile(t, pairMark, triMark)
		if found {
			return true
		}
		if s.Err() != nil {
			return false
		}
	}
	return false
}
