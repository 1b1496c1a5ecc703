package search

import (
	"context"
	"fmt"
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// IDAStar is iterative-deepening A* (Korf 1985): depth-first searches
// bounded by f = g + h, the bound raised each iteration to the smallest f
// that exceeded it, until the goal is found. It never generates the move
// that undoes the previous one (inverse-move pruning) and holds only the
// current path, so its memory is linear in the solution length. With an
// admissible heuristic the path is optimal.
//
// Nodes are counted as in Korf's paper: a node is expanded when its
// successors are generated; a successor whose f exceeds the bound is
// generated but not expanded; the goal is tested when a node is entered.
// Stats.Iterations lists every bound with the work done under it.
//
// When h is a [TileCoster] (Manhattan distance, misplaced tiles) and no
// trace is requested, IDA* runs a specialised inner loop on the per-tile
// table: the state lives in a fixed array, the heuristic is updated from
// the table, and nothing is allocated or called through an interface per
// node. Otherwise it uses h's [Incremental] form when it has one, else
// Estimate. Both loops count nodes identically.
//
// With Options.Threads above 1 (and no trace) each iteration is split
// among that many goroutines (docs/algorithms.md, "Parallel IDA*"): the
// top of the tree is expanded level by level until it holds many more
// nodes than threads, and the workers take those nodes' subtrees from a
// shared queue under the shared bound. A goal found below a frontier
// node ends the iteration for the nodes after it, while those before it
// are searched to the end, so with an admissible h (whose goals all lie
// at the iteration's bound) the path returned is exactly the serial
// search's. The counts are the sums of what every worker did: a complete
// iteration counts exactly the serial search's nodes, the last one may
// count more or fewer. Limits.MaxNodes bounds the workers' expansions
// together (they may stop a little below it). Threads of 0 or 1 run the
// serial search.
func IDAStar(ctx context.Context, p Problem, h Heuristic, o Options) (Result, error) {
	const algo = "idastar"
	if err := checkInformed(p, h); err != nil {
		return Result{}, err
	}
	m := startMeter()
	res := Result{Algorithm: algo, Heuristic: h.Name()}
	var err error
	threads := 1
	if o.Trace == nil {
		threads = max(o.Threads, 1)
	}
	res.Threads = threads
	if tc, ok := h.(TileCoster); ok && o.Trace == nil && p.Start.Len() <= puzzles.MaxSide*puzzles.MaxSide {
		err = runTileKernel(ctx, p, tc, o.Limits, threads, &res)
	} else if threads > 1 {
		err = runIDAGenericParallel(ctx, p, h, o.Limits, threads, &res)
	} else {
		err = runIDAGeneric(ctx, p, h, o, &res)
	}
	m.stop(&res.Stats)
	if err != nil {
		return res, stopped(algo, err)
	}
	res.Optimal = admissible(h)
	return res, nil
}

// limiter decides, every ctxCheckMask+1 expansions, whether a
// depth-first search must stop.
type limiter struct {
	ctx      context.Context
	maxNodes int64
	// par is set in the workers of a parallel IDA*: it is shared by them
	// and replaces maxNodes by a budget they draw on. allowed is the
	// count of this worker's expansions the budget has granted so far,
	// node the index of the frontier node it searches.
	par     *shared
	allowed int64
	node    int
}

func (l *limiter) check(expanded int64) error {
	if l.par != nil {
		return l.checkShared(expanded)
	}
	if l.maxNodes > 0 && expanded >= l.maxNodes {
		return ErrNodeLimit
	}
	return l.ctx.Err()
}

// next is the expansion count at which to check again: ctxCheckMask+1
// expansions on, or at the node limit (a worker's granted budget) if that
// comes first.
func (l *limiter) next(expanded int64) int64 {
	n := expanded + ctxCheckMask + 1
	if l.par != nil {
		if l.par.budget != nil {
			n = min(n, l.allowed)
		}
		return n
	}
	if l.maxNodes > 0 && l.maxNodes < n {
		n = l.maxNodes
	}
	return n
}

// noDir marks "no previous move" for inverse-move pruning.
const noDir = 4

// idaGeneric is IDA* for any Heuristic.
type idaGeneric struct {
	sp    space
	h     Heuristic
	incr  Incremental
	cells []uint8
	path  []puzzles.Dir // reversed while unwinding after success
	bound int
	next  int
	st    *Stats
	lim   limiter
	tr    *tracer
	err   error
	// nextCheck is the expansion count at which the limits are looked at.
	nextCheck int64
}

func runIDAGeneric(ctx context.Context, p Problem, h Heuristic, o Options, res *Result) error {
	s := &idaGeneric{
		sp:    newSpace(p),
		h:     h,
		cells: p.Start.Bytes(),
		st:    &res.Stats,
		lim:   limiter{ctx: ctx, maxNodes: o.Limits.MaxNodes},
		tr:    newTracer(o.Trace, "idastar", h.Name()),
	}
	s.incr, _ = h.(Incremental)
	blank := p.Start.Blank()
	h0 := h.Estimate(s.cells)
	s.bound = h0
	for {
		if s.tr != nil {
			s.tr.note(fmt.Sprintf("iteration with f bound %d", s.bound))
		}
		e0, g0 := s.st.Expanded, s.st.Generated
		s.next = math.MaxInt
		found := s.dfs(blank, 0, h0, noDir)
		s.st.Iterations = append(s.st.Iterations, Iteration{Bound: s.bound, Expanded: s.st.Expanded - e0, Generated: s.st.Generated - g0})
		switch {
		case found:
			res.Solved = true
			res.Path = reverse(s.path)
			return s.tr.close()
		case s.err != nil:
			s.tr.close()
			return s.err
		case s.next == math.MaxInt:
			s.tr.close()
			return ErrNotFound
		}
		s.bound = s.next
	}
}

func (s *idaGeneric) dfs(blank, g, h int, back puzzles.Dir) bool {
	if h == 0 && s.sp.isGoal(s.cells) {
		return true
	}
	if s.st.Expanded >= s.nextCheck {
		if s.err = s.lim.check(s.st.Expanded); s.err != nil {
			return false
		}
		s.nextCheck = s.lim.next(s.st.Expanded)
	}
	s.st.Expanded++
	s.st.ExpandedByDepth = countAt(s.st.ExpandedByDepth, g)
	s.st.MaxFrontier = max(s.st.MaxFrontier, int64(g+1))
	if s.tr != nil {
		s.tr.expand(g, g, h, s.cells)
	}
	for _, d := range puzzles.Dirs {
		if d == back {
			continue
		}
		to := s.sp.neighbor(blank, d)
		if to < 0 {
			continue
		}
		slide(s.cells, blank, to)
		var nh int
		if s.incr != nil {
			nh = s.incr.Update(s.cells, h, to, blank)
		} else {
			nh = s.h.Estimate(s.cells)
		}
		s.st.Generated++
		s.st.MaxDepth = max(s.st.MaxDepth, g+1)
		if f := g + 1 + nh; f > s.bound {
			s.next = min(s.next, f)
		} else if s.dfs(to, g+1, nh, d.Opposite()) {
			s.path = append(s.path, d)
			return true
		}
		slide(s.cells, to, blank)
		if s.err != nil {
			return false
		}
	}
	return false
}

// tileKernel is IDA* specialised for heuristics that sum a per-tile
// table. Every array is indexed by a byte or a 16-bit value so that the
// compiler drops the bounds checks.
type tileKernel struct {
	cells [256]uint8
	// succ[c][back] lists the moves of a blank on cell c that do not undo
	// the move back (4 for none): bits 0-7 the cell reached, bits 8-9 the
	// direction; nsucc[c][back] is their number.
	succ  [256][5][4]uint16
	nsucc [256][5]uint8
	// cost[t<<8|c] is tile t's cost on cell c; cost of the blank is 0.
	cost      [1 << 16]uint8
	goal      []uint8
	n         int
	bound     int
	next      int
	expanded  int64
	generated int64
	byDepth   []int64
	path      []puzzles.Dir
	lim       limiter
	nextCheck int64
	err       error
}

func runTileKernel(ctx context.Context, p Problem, h TileCoster, lim Limits, threads int, res *Result) error {
	k, h0, err := newTileKernel(ctx, p, h, lim)
	if err != nil {
		return err
	}
	if threads > 1 {
		return k.runParallel(ctx, p, h0, threads, res)
	}
	blank := uint8(p.Start.Blank())
	st := &res.Stats
	k.bound = h0
	for {
		e0, g0 := k.expanded, k.generated
		k.next = math.MaxInt
		if need := k.bound + 2; len(k.byDepth) < need {
			k.byDepth = append(k.byDepth, make([]int64, need-len(k.byDepth))...)
		}
		found := k.dfs(blank, 0, h0, noDir)
		st.Iterations = append(st.Iterations, Iteration{Bound: k.bound, Expanded: k.expanded - e0, Generated: k.generated - g0})
		st.Expanded, st.Generated = k.expanded, k.generated
		st.ExpandedByDepth = trimZeros(k.byDepth)
		// Every expanded node generates at least one successor (each cell
		// has two neighbours, one of which may be pruned), so the deepest
		// generated node lies one below the deepest expanded one.
		st.MaxFrontier = int64(len(st.ExpandedByDepth))
		st.MaxDepth = len(st.ExpandedByDepth)
		switch {
		case found:
			res.Solved = true
			res.Path = reverse(k.path)
			return nil
		case k.err != nil:
			return k.err
		case k.next == math.MaxInt:
			return ErrNotFound
		}
		k.bound = k.next
	}
}

// newTileKernel builds the kernel of p with h's tile costs and returns it
// with the start's estimate.
func newTileKernel(ctx context.Context, p Problem, h TileCoster, lim Limits) (*tileKernel, int, error) {
	n := p.Start.Len()
	k := &tileKernel{n: n, goal: p.Goal.Board().Bytes(), lim: limiter{ctx: ctx, maxNodes: lim.MaxNodes}}
	costs := h.TileCosts()
	if len(costs) != n*n {
		return nil, 0, fmt.Errorf("%w: %s has %d tile costs, expected %d", ErrBadHeuristic, h.Name(), len(costs), n*n)
	}
	for t := 1; t < n; t++ {
		for c := range n {
			k.cost[t<<8|c] = costs[t*n+c]
		}
	}
	for c, mv := range p.Start.Shape().Moves() {
		for back := range 5 {
			for d, to := range mv {
				if to >= 0 && d != back {
					k.succ[c][back][k.nsucc[c][back]] = uint16(to) | uint16(d)<<8
					k.nsucc[c][back]++
				}
			}
		}
	}
	copy(k.cells[:], p.Start.Bytes())
	h0 := 0
	for c := range n {
		h0 += int(k.cost[int(k.cells[c])<<8|c])
	}
	if want := h.Estimate(p.Start.Bytes()); h0 != want {
		return nil, 0, fmt.Errorf("%w: %s's tile costs give %d but Estimate gives %d", ErrBadHeuristic, h.Name(), h0, want)
	}
	return k, h0, nil
}

func (k *tileKernel) isGoal() bool {
	for i, t := range k.goal {
		if k.cells[uint8(i)] != t {
			return false
		}
	}
	return true
}

func (k *tileKernel) dfs(blank uint8, g, h int, back uint8) bool {
	if h == 0 && k.isGoal() {
		return true
	}
	if k.expanded >= k.nextCheck {
		if k.err = k.lim.check(k.expanded); k.err != nil {
			return false
		}
		k.nextCheck = k.lim.next(k.expanded)
	}
	k.expanded++
	k.byDepth[g]++
	g1 := g + 1
	bound := k.bound
	succ := &k.succ[blank][back]
	for i := range k.nsucc[blank][back] {
		mv := succ[i&3]
		to, d := uint8(mv), uint8(mv>>8)
		tile := k.cells[to]
		row := uint16(tile) << 8
		nh := h - int(k.cost[row|uint16(to)]) + int(k.cost[row|uint16(blank)])
		k.generated++
		if f := g1 + nh; f > bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		k.cells[blank] = tile
		k.cells[to] = 0
		if k.dfs(to, g1, nh, d^1) {
			k.path = append(k.path, puzzles.Dir(d))
			return true
		}
		k.cells[to] = tile
		k.cells[blank] = 0
		if k.err != nil {
			return false
		}
	}
	return false
}

// trimZeros returns counts without its trailing zeros, copied.
func trimZeros(counts []int64) []int64 {
	n := len(counts)
	for n > 0 && counts[n-1] == 0 {
		n--
	}
	return append([]int64(nil), counts[:n]...)
}
