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

// runParallel is runTileKernel's loop over threads workers, each a copy
// of k.
func (k *tileKernel) runParallel(ctx context.Context, p Problem, h0, threads int, res *Result) error {
	n := k.n
	tree := topTree(p, func(c []uint8) int {
		s := 0
		for i, t := range c {
			s += int(k.cost[int(t)<<8|i])
		}
		return s
	})
	par := &shared{budget: split.NewBudget(k.lim.maxNodes)}
	workers := make([]*tileKernel, threads)
	for i := range workers {
		w := new(tileKernel)
		*w = *k
		w.lim = limiter{ctx: ctx, par: par}
		w.byDepth, w.path = nil, nil
		workers[i] = w
	}
	st := &res.Stats
	root, blank := p.Start.Bytes(), p.Start.Blank()
	var topDepth []int64
	var prev int64
	bound := h0
	finish := func() {
		byDepth := topDepth
		for _, w := range workers {
			byDepth = addCounts(byDepth, w.byDepth)
		}
		st.ExpandedByDepth = trimZeros(byDepth)
		st.MaxFrontier = int64(len(st.ExpandedByDepth))
		st.MaxDepth = len(st.ExpandedByDepth)
	}
	defer finish()
	for {
		if h0 == 0 && tree.IsGoal(root, 0) {
			st.Iterations = append(st.Iterations, Iteration{Bound: bound})
			res.Solved, res.Path = true, nil
			return nil
		}
		top := split.Expand(tree, root, blank, h0, bound, split.Want(threads, prev), split.MaxDepth, par.budget.Left())
		par.budget.Take(top.Expanded)
		topDepth = addCounts(topDepth, top.ByDepth)
		it := Iteration{Bound: bound, Expanded: top.Expanded, Generated: top.Generated}
		next := top.Next
		var out outcome
		if top.Found {
			out.path = top.Path
		} else if top.Limited {
			out.err = ErrNodeLimit
		} else if err := ctx.Err(); err != nil {
			out.err = err
		} else {
			e0 := make([]int64, threads)
			g0 := make([]int64, threads)
			for i, w := range workers {
				w.bound, w.next, w.err = bound, math.MaxInt, nil
				e0[i], g0[i] = w.expanded, w.generated
				if need := bound + 2; len(w.byDepth) < need {
					w.byDepth = append(w.byDepth, make([]int64, need-len(w.byDepth))...)
				}
			}
			split.Run(threads, len(top.Nodes), &par.stop, func(wi, i int) split.Outcome {
				w, nd := workers[wi], &top.Nodes[i]
				copy(w.cells[:n], nd.Cells)
				w.path, w.err, w.lim.node = w.path[:0], nil, i
				found := w.dfs(uint8(nd.Blank), nd.G(), nd.H, uint8(nd.Back()))
				return out.report(i, nd, found, reverse(w.path), w.err)
			})
			for i, w := range workers {
				w.lim.giveBack(w.expanded)
				w.nextCheck = w.expanded
				it.Expanded += w.expanded - e0[i]
				it.Generated += w.generated - g0[i]
				next = min(next, w.next)
			}
		}
		st.Iterations = append(st.Iterations, it)
		prev = it.Expanded
		st.Expanded += it.Expanded
		st.Generated += it.Generated
		switch {
		case out.path != nil || top.Found:
			res.Solved, res.Path = true, out.path
			return nil
		case out.err != nil:
			return out.err
		case next == math.MaxInt:
			return ErrNotFound
		}
		bound = next
	}
}

// runIDAGenericParallel is runIDAGeneric over threads workers.
func runIDAGenericParallel(ctx context.Context, p Problem, h Heuristic, lim Limits, threads int, res *Result) error {
	tree := topTree(p, h.Estimate)
	par := &shared{budget: split.NewBudget(lim.MaxNodes)}
	incr, _ := h.(Incremental)
	workers := make([]*idaGeneric, threads)
	for i := range workers {
		workers[i] = &idaGeneric{
			sp:    newSpace(p),
			h:     h,
			incr:  incr,
			cells: p.Start.Bytes(),
			st:    &Stats{},
			lim:   limiter{ctx: ctx, par: par},
		}
	}
	st := &res.Stats
	root, blank := p.Start.Bytes(), p.Start.Blank()
	h0 := h.Estimate(root)
	bound := h0
	var prev int64
	defer func() {
		for _, w := range workers {
			st.ExpandedByDepth = addCounts(st.ExpandedByDepth, w.st.ExpandedByDepth)
			st.MaxFrontier = max(st.MaxFrontier, w.st.MaxFrontier)
			st.MaxDepth = max(st.MaxDepth, w.st.MaxDepth)
		}
	}()
	for {
		if h0 == 0 && tree.IsGoal(root, 0) {
			st.Iterations = append(st.Iterations, Iteration{Bound: bound})
			res.Solved, res.Path = true, nil
			return nil
		}
		top := split.Expand(tree, root, blank, h0, bound, split.Want(threads, prev), split.MaxDepth, par.budget.Left())
		par.budget.Take(top.Expanded)
		st.ExpandedByDepth = addCounts(st.ExpandedByDepth, top.ByDepth)
		st.MaxFrontier = max(st.MaxFrontier, int64(len(top.ByDepth)))
		st.MaxDepth = max(st.MaxDepth, top.MaxDepth)
		it := Iteration{Bound: bound, Expanded: top.Expanded, Generated: top.Generated}
		next := top.Next
		var out outcome
		if top.Found {
			out.path = top.Path
		} else if top.Limited {
			out.err = ErrNodeLimit
		} else if err := ctx.Err(); err != nil {
			out.err = err
		} else {
			e0 := make([]int64, threads)
			g0 := make([]int64, threads)
			for i, w := range workers {
				w.bound, w.next, w.err = bound, math.MaxInt, nil
				e0[i], g0[i] = w.st.Expanded, w.st.Generated
			}
			split.Run(threads, len(top.Nodes), &par.stop, func(wi, i int) split.Outcome {
				w, nd := workers[wi], &top.Nodes[i]
				copy(w.cells, nd.Cells)
				w.path, w.err, w.lim.node = w.path[:0], nil, i
				found := w.dfs(nd.Blank, nd.G(), nd.H, puzzles.Dir(nd.Back()))
				return out.report(i, nd, found, reverse(w.path), w.err)
			})
			for i, w := range workers {
				w.lim.giveBack(w.st.Expanded)
				w.nextCheck = w.st.Expanded
				it.Expanded += w.st.Expanded - e0[i]
				it.Generated += w.st.Generated - g0[i]
				next = min(next, w.next)
			}
		}
		st.Iterations = append(st.Iterations, it)
		prev = it.Expanded
		st.Expanded += it.Expanded
		st.Generated += it.Generated
		switch {
		case out.path != nil || top.Found:
			res.Solved, res.Path = true, out.path
			return nil
		case out.err != nil:
			return out.err
		case next == math.MaxInt:
			return ErrNotFound
		}
		bound = next
	}
}
