package search

import (
	"bytes"
	"context"
	"errors"
	"math"
	"sync"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
)

// shared is what the workers of one parallel IDA* share: what ends an
// iteration and the node budget (nil: no limit).
type shared struct {
	stop   split.Stop
	budget *split.Budget
}

// errHalted stops a worker whose iteration another worker has ended; it
// is never returned to a caller.
var errHalted = errors.New("iteration ended by another worker")

// checkShared is limiter.check in a worker of a parallel search.
func (l *limiter) checkShared(expanded int64) error {
	if l.par.stop.Abandon(l.node) {
		return errHalted
	}
	if err := l.ctx.Err(); err != nil {
		return err
	}
	if l.par.budget != nil && expanded >= l.allowed {
		got := l.par.budget.Take(ctxCheckMask + 1)
		if got == 0 {
			return ErrNodeLimit
		}
		l.allowed += got
	}
	return nil
}

// giveBack returns to the shared budget what the worker took and did not
// use by expanded expansions; the worker must check again before its next
// expansion.
func (l *limiter) giveBack(expanded int64) {
	if l.par.budget != nil && l.allowed > expanded {
		l.par.budget.Give(l.allowed - expanded)
		l.allowed = expanded
	}
}

// outcome gathers what the workers of one iteration report: the path
// through the least frontier node that holds the goal, and the first
// error other than errHalted.
type outcome struct {
	mu   sync.Mutex
	node int
	path []puzzles.Dir
	err  error
}

// report records that the search of node i (nd) found the path below
// (when found) or stopped with err, and says how it ended.
func (o *outcome) report(i int, nd *split.Node, found bool, below []puzzles.Dir, err error) split.Outcome {
	switch {
	case found:
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.path == nil || i < o.node {
			o.node, o.path = i, nd.Join(below)
		}
		return split.FoundGoal
	case err == nil || errors.Is(err, errHalted):
		return split.Searched
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err = err
	}
	return split.Failed
}

// topTree is the tree Expand walks for an IDA* with heuristic estimate
// h; the goal is tested on states whose estimate is 0, as the serial
// loops do.
func topTree(p Problem, h func([]uint8) int) split.Tree {
	goal := p.Goal.Board().Bytes()
	return split.Tree{
		Moves:  p.Start.Shape().Moves(),
		H:      h,
		IsGoal: func(c []uint8, h int) bool { return h == 0 && bytes.Equal(c, goal) },
	}
}

// addCounts adds b's counts to a's, growing a.
func addCounts(a, b []int64) []int64 {
	for len(a) < len(b) {
		a = append(a, 0)
	}
	for i, v := range b {
		a[i] += v
	}
	return a
}

// idaWorker is one goroutine of a parallel IDA*: a copy of the tile
// kernel or of the generic loop, with its own state and counts.
type idaWorker interface {
	// begin readies the worker for an iteration under bound.
	begin(bound int)
	// search searches below nd, the i-th frontier node, and reports
	// whether it reached the goal, the moves from nd to it, and why it
	// stopped early: a limit, the context, or errHalted.
	search(i int, nd *split.Node) (bool, []puzzles.Dir, error)
	// end closes the iteration (see limiter.giveBack) and returns the
	// least f above the bound the worker met in it.
	end() (next int)
	// counts are the worker's expansions and generations so far.
	counts() (expanded, generated int64)
}

// deepenParallel is the outer loop of a parallel IDA* from the start
// (estimate h0) over the workers ws: each iteration walks the top of the
// tree (onTop receives each walk, for the counts by depth) and hands its
// frontier to the workers. It fills st's expansions, generations and
// iterations and returns the path found (nil when the start is the
// goal), or why it stopped.
func deepenParallel(ctx context.Context, p Problem, tree split.Tree, h0 int, par *shared, ws []idaWorker, st *Stats, onTop func(split.Top)) ([]puzzles.Dir, error) {
	threads := len(ws)
	root, blank := p.Start.Bytes(), p.Start.Blank()
	bound := h0
	var prev int64 // expansions of the previous iteration
	if h0 == 0 && tree.IsGoal(root, 0) {
		st.Iterations = append(st.Iterations, Iteration{Bound: bound})
		return nil, nil
	}
	e0, g0 := make([]int64, threads), make([]int64, threads)
	for {
		top := split.Expand(tree, root, blank, h0, bound, split.Want(threads, prev), split.MaxDepth, par.budget.Left())
		par.budget.Take(top.Expanded)
		onTop(top)
		it := Iteration{Bound: bound, Expanded: top.Expanded, Generated: top.Generated}
		next := top.Next
		var out outcome
		switch {
		case top.Found:
			out.path = top.Path
		case top.Limited:
			out.err = ErrNodeLimit
		case ctx.Err() != nil:
			out.err = ctx.Err()
		default:
			for i, w := range ws {
				w.begin(bound)
				e0[i], g0[i] = w.counts()
			}
			split.Run(threads, len(top.Nodes), &par.stop, func(wi, i int) split.Outcome {
				found, below, err := ws[wi].search(i, &top.Nodes[i])
				return out.report(i, &top.Nodes[i], found, below, err)
			})
			for i, w := range ws {
				next = min(next, w.end())
				e, g := w.counts()
				it.Expanded += e - e0[i]
				it.Generated += g - g0[i]
			}
		}
		st.Iterations = append(st.Iterations, it)
		st.Expanded += it.Expanded
		st.Generated += it.Generated
		prev = it.Expanded
		switch {
		case out.path != nil:
			return out.path, nil
		case out.err != nil:
			return nil, out.err
		case next == math.MaxInt:
			return nil, ErrNotFound
		}
		bound = next
	}
}

// runParallel is runTileKernel's loop over threads workers, each a copy
// of k.
func (k *tileKernel) runParallel(ctx context.Context, p Problem, h0, threads int, res *Result) error {
	tree := topTree(p, func(c []uint8) int {
		s := 0
		for i, t := range c {
			s += int(k.cost[int(t)<<8|i])
		}
		return s
	})
	par := &shared{budget: split.NewBudget(k.lim.maxNodes)}
	ws := make([]idaWorker, threads)
	workers := make([]*tileKernel, threads)
	for i := range workers {
		w := new(tileKernel)
		*w = *k
		w.lim = limiter{ctx: ctx, par: par}
		w.byDepth, w.path = nil, nil
		workers[i], ws[i] = w, w
	}
	var byDepth []int64
	path, err := deepenParallel(ctx, p, tree, h0, par, ws, &res.Stats, func(top split.Top) { byDepth = addCounts(byDepth, top.ByDepth) })
	for _, w := range workers {
		byDepth = addCounts(byDepth, w.byDepth)
	}
	st := &res.Stats
	st.ExpandedByDepth = trimZeros(byDepth)
	st.MaxFrontier = int64(len(st.ExpandedByDepth))
	st.MaxDepth = len(st.ExpandedByDepth)
	if err != nil {
		return err
	}
	res.Solved, res.Path = true, path
	return nil
}

func (k *tileKernel) begin(bound int) {
	k.bound, k.next = bound, math.MaxInt
	if need := bound + 2; len(k.byDepth) < need {
		k.byDepth = append(k.byDepth, make([]int64, need-len(k.byDepth))...)
	}
}

func (k *tileKernel) search(i int, nd *split.Node) (bool, []puzzles.Dir, error) {
	copy(k.cells[:k.n], nd.Cells)
	k.path, k.err, k.lim.node = k.path[:0], nil, i
	found := k.dfs(uint8(nd.Blank), nd.G(), nd.H, uint8(nd.Back()))
	return found, reverse(k.path), k.err
}

func (k *tileKernel) end() int {
	k.lim.giveBack(k.expanded)
	k.nextCheck = k.expanded
	return k.next
}

func (k *tileKernel) counts() (int64, int64) { return k.expanded, k.generated }

// runIDAGenericParallel is runIDAGeneric over threads workers.
func runIDAGenericParallel(ctx context.Context, p Problem, h Heuristic, lim Limits, threads int, res *Result) error {
	par := &shared{budget: split.NewBudget(lim.MaxNodes)}
	incr, _ := h.(Incremental)
	ws := make([]idaWorker, threads)
	workers := make([]*idaGeneric, threads)
	for i := range workers {
		w := &idaGeneric{
			sp:    newSpace(p),
			h:     h,
			incr:  incr,
			cells: p.Start.Bytes(),
			st:    &Stats{},
			lim:   limiter{ctx: ctx, par: par},
		}
		workers[i], ws[i] = w, w
	}
	st := &res.Stats
	path, err := deepenParallel(ctx, p, topTree(p, h.Estimate), h.Estimate(p.Start.Bytes()), par, ws, st, func(top split.Top) {
		st.ExpandedByDepth = addCounts(st.ExpandedByDepth, top.ByDepth)
		st.MaxFrontier = max(st.MaxFrontier, int64(len(top.ByDepth)))
		st.MaxDepth = max(st.MaxDepth, top.MaxDepth)
	})
	for _, w := range workers {
		st.ExpandedByDepth = addCounts(st.ExpandedByDepth, w.st.ExpandedByDepth)
		st.MaxFrontier = max(st.MaxFrontier, w.st.MaxFrontier)
		st.MaxDepth = max(st.MaxDepth, w.st.MaxDepth)
	}
	if err != nil {
		return err
	}
	res.Solved, res.Path = true, path
	return nil
}

func (s *idaGeneric) begin(bound int) { s.bound, s.next = bound, math.MaxInt }

func (s *idaGeneric) search(i int, nd *split.Node) (bool, []puzzles.Dir, error) {
	copy(s.cells, nd.Cells)
	s.path, s.err, s.lim.node = s.path[:0], nil, i
	found := s.dfs(nd.Blank, nd.G(), nd.H, puzzles.Dir(nd.Back()))
	return found, reverse(s.path), s.err
}

func (s *idaGeneric) end() int {
	s.lim.giveBack(s.st.Expanded)
	s.nextCheck = s.st.Expanded
	return s.next
}

func (s *idaGeneric) counts() (int64, int64) { return s.st.Expanded, s.st.Generated }
