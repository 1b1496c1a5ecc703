package pdb

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
)

// Worker is one goroutine's share of a parallel incremental IDA*
// (DeepenParallel): a searcher of its own, on the heuristic's shared
// tables, counting with the Counter it was made with.
type Worker interface {
	// Search sets the worker on the state cells, with the blank on cell
	// blank, reached from the root by g moves after which the pruning
	// machine of Limits.Pruning is in state state, and searches below it
	// within the f bound bound. It reports whether it reached the goal,
	// the least f above the bound it met (when it did not), and the moves
	// from the state to the goal (when it did; valid until the next
	// Search).
	Search(cells []uint8, blank, g int, state int32, bound int) (found bool, next int, below []uint8)
	// Counts is the worker's counter.
	Counts() *Counter
}

// shared is what the workers of one parallel search share: what ends an
// iteration and the budgets of Limits.MaxNodes (generated) and
// Limits.MaxExpanded (nil: no limit).
type shared struct {
	stop     split.Stop
	gen, exp *split.Budget
}

// errHalted stops a worker whose iteration another worker has ended; it
// is never returned to a caller.
var errHalted = errors.New("iteration ended by another worker")

// stopShared is Stop in a worker of a parallel search.
func (c *Counter) stopShared() bool {
	c.checkAt = c.Generated + checkEvery
	if c.par.stop.Abandon(c.node) {
		c.err = errHalted
		return true
	}
	if err := c.ctx.Err(); err != nil {
		c.err = err
		return true
	}
	if c.par.gen != nil {
		if c.Generated >= c.allowGen {
			got := c.par.gen.Take(checkEvery)
			if got == 0 {
				c.err = fmt.Errorf("%w after %d generations by one worker", ErrLimit, c.Generated)
				return true
			}
			c.allowGen += got
		}
		c.checkAt = min(c.checkAt, c.allowGen)
	}
	if c.par.exp != nil {
		if c.Expanded >= c.allowExp {
			got := c.par.exp.Take(checkEvery)
			if got == 0 {
				c.err = fmt.Errorf("%w after %d expansions by one worker", ErrLimit, c.Expanded)
				return true
			}
			c.allowExp += got
		}
		c.checkAt = min(c.checkAt, c.Generated+max(1, c.allowExp-c.Expanded))
	}
	return false
}

// endIteration gives back to the shared budgets what the worker was
// granted and did not use, and makes it look at them before its next
// node.
func (c *Counter) endIteration() {
	if c.allowGen > c.Generated {
		c.par.gen.Give(c.allowGen - c.Generated)
		c.allowGen = c.Generated
	}
	if c.allowExp > c.Expanded {
		c.par.exp.Give(c.allowExp - c.Expanded)
		c.allowExp = c.Expanded
	}
	c.checkAt = c.Generated
	c.err = nil
}

// DeepenParallel is Deepen with each iteration spread over lim.Threads
// goroutines. The top of the tree below b (estimate h0; estimate gives
// the estimate of any state, equal to what the workers compute) is walked
// level by level, pruned as the serial search prunes it, until a level
// holds many more nodes than threads; newWorker makes each goroutine a
// Worker with the Counter it must count with, and the workers take those
// nodes' subtrees from a shared queue under the shared bound. A goal
// found below a frontier node ends the iteration for the nodes after it,
// while those before it are searched to the end, so the path returned,
// the node's path followed by the moves found below it, is exactly the
// serial search's, a shortest one (the databases are admissible, so every
// goal an iteration reaches lies at its bound, and the walk meets those
// in the serial order). The statistics add up the nodes of the walk and
// of every worker: a complete iteration counts exactly the serial
// search's nodes. The limits of lim bound all workers together.
func DeepenParallel(ctx context.Context, start time.Time, b puzzles.Board, h0 int, estimate func([]uint8) int, lim Limits, newWorker func(Counter) Worker) ([]puzzles.Dir, Stats, error) {
	threads := max(lim.Threads, 1)
	st := Stats{InitialH: h0}
	par := &shared{gen: split.NewBudget(lim.MaxNodes), exp: split.NewBudget(lim.MaxExpanded)}
	workers := make([]Worker, threads)
	for i := range workers {
		workers[i] = newWorker(Counter{ctx: ctx, lim: lim, par: par})
	}
	tree := split.Tree{
		Moves:  b.Shape().Moves(),
		H:      estimate,
		IsGoal: func(_ []uint8, h int) bool { return h == 0 },
		Prune:  lim.Pruning.Machine(b.Shape()),
	}
	done := func(path []puzzles.Dir, err error) ([]puzzles.Dir, Stats, error) {
		st.Seconds = time.Since(start).Seconds()
		return path, st, err
	}
	if h0 == 0 {
		st.Iterations = 1
		return done([]puzzles.Dir{}, nil)
	}
	root, blank := b.Bytes(), b.Blank()
	bound := h0
	var prev int64 // expansions of the previous iteration
	for {
		e0 := st.Expanded
		st.Iterations++
		st.Bound = bound
		// The walk may not pass either budget: a node it expands
		// generates at most four.
		most := par.exp.Left()
		if par.gen != nil {
			most = min(most, par.gen.Left()/4)
		}
		top := split.Expand(tree, root, blank, h0, bound, split.Want(threads, prev), split.MaxDepth, most)
		par.exp.Take(top.Expanded)
		par.gen.Take(top.Generated)
		st.Expanded += top.Expanded
		st.Generated += top.Generated
		next := top.Next
		var (
			mu    sync.Mutex
			path  []puzzles.Dir
			first error
		)
		switch {
		case top.Found:
			return done(top.Path, nil)
		case top.Limited:
			return done(nil, fmt.Errorf("%w after %d expansions", ErrLimit, st.Expanded))
		case ctx.Err() != nil:
			return done(nil, ctx.Err())
		}
		we0, g0 := make([]int64, threads), make([]int64, threads)
		for i, w := range workers {
			c := w.Counts()
			we0[i], g0[i] = c.Expanded, c.Generated
		}
		best := -1
		split.Run(threads, len(top.Nodes), &par.stop, func(wi, i int) split.Outcome {
			w, nd := workers[wi], &top.Nodes[i]
			c := w.Counts()
			c.node, c.err = i, nil
			found, wnext, below := w.Search(nd.Cells, nd.Blank, nd.G(), nd.State, bound)
			err := c.Err()
			mu.Lock()
			defer mu.Unlock()
			switch {
			case found:
				if path == nil || i < best {
					dirs := make([]puzzles.Dir, len(below))
					for j, d := range below {
						dirs[j] = puzzles.Dir(d)
					}
					path, best = nd.Join(dirs), i
				}
				return split.FoundGoal
			case err == nil:
				next = min(next, wnext)
				return split.Searched
			case errors.Is(err, errHalted):
				return split.Searched
			}
			if first == nil {
				first = err
			}
			return split.Failed
		})
		for i, w := range workers {
			c := w.Counts()
			st.Expanded += c.Expanded - we0[i]
			st.Generated += c.Generated - g0[i]
			c.endIteration()
		}
		prev = st.Expanded - e0
		switch {
		case path != nil:
			return done(path, nil)
		case first != nil:
			if errors.Is(first, ErrLimit) {
				first = fmt.Errorf("%w after %d expansions", ErrLimit, st.Expanded)
			}
			return done(nil, first)
		case next == math.MaxInt || next >= 1<<30:
			// Every board that passed CheckStart reaches the goal, so
			// some node always lies above the bound: this cannot happen.
			return done(nil, errors.New("pdb: the search space is exhausted without reaching the goal"))
		}
		bound = next
	}
}
