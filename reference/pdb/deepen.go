package pdb

import (
	"context"
	"fmt"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// checkEvery is how many generated nodes an incremental search goes
// between looks at its context: often enough to stop within milliseconds,
// rarely enough to cost nothing per node.
const checkEvery = 1 << 14

// Counter counts the nodes of an incremental IDA* search (Solve here, and
// dynamic.Solve) and says when the search must stop: its Limits are
// reached or its context is done. Searches embed it and increment
// Expanded and Generated in their inner loop; Stop is cheap there, since
// it looks at the context only every few thousand nodes and at the limits
// exactly when they can be reached.
type Counter struct {
	// Expanded counts the nodes whose successors were generated,
	// Generated the successors created, over all iterations.
	Expanded, Generated int64

	ctx     context.Context
	lim     Limits
	checkAt int64
	err     error

	// par is set in the workers of a parallel search (DeepenParallel):
	// the limits are then budgets they share, of which this worker was
	// granted allowGen generations and allowExp expansions so far; node
	// is the index of the frontier node it searches.
	par                *shared
	allowGen, allowExp int64
	node               int
}

// NewCounter returns a counter for a search under ctx and lim.
func NewCounter(ctx context.Context, lim Limits) Counter {
	return Counter{ctx: ctx, lim: lim}
}

// Stop reports whether the search must stop. Call it once a node is
// counted as expanded; once it has said true it says true for good.
func (c *Counter) Stop() bool {
	// checkAt is never above Generated once err is set (stop), so this
	// one comparison is all a search pays at most nodes.
	if c.Generated < c.checkAt {
		return false
	}
	return c.stop()
}

// stop is Stop beyond its fast path. Once the search must stop it keeps
// checkAt at or below Generated, so that every later Stop comes here.
// It is kept out of line so that Stop is inlined into the searches.
//
//go:noinline
func (c *Counter) stop() bool {
	if c.err == nil && !c.check() {
		return false
	}
	c.checkAt = c.Generated
	return true
}

// check looks at the context and the limits, and sets err when the
// search must stop.
func (c *Counter) check() bool {
	if c.par != nil {
		return c.stopShared()
	}
	c.checkAt = c.Generated + checkEvery
	if c.lim.MaxNodes > 0 {
		c.checkAt = min(c.checkAt, c.lim.MaxNodes)
	}
	if c.lim.MaxExpanded > 0 {
		// Every expansion but the first follows a generation, so the
		// expansions cannot pass the budget before this next check.
		c.checkAt = min(c.checkAt, c.Generated+max(1, c.lim.MaxExpanded-c.Expanded))
	}
	if err := c.ctx.Err(); err != nil {
		c.err = err
		return true
	}
	if (c.lim.MaxNodes > 0 && c.Generated >= c.lim.MaxNodes) || (c.lim.MaxExpanded > 0 && c.Expanded >= c.lim.MaxExpanded) {
		c.err = fmt.Errorf("%w after %d expansions", ErrLimit, c.Expanded)
		return true
	}
	return false
}

// Err is why the search stopped: ctx.Err(), or an error wrapping ErrLimit;
// nil while it may go on.
func (c *Counter) Err() error { return c.err }

// CheckStart is what an IDA* search towards goal g with the heuristic
// named name checks before it starts: the board fits the goal, and can
// reach it (puzzles.ErrUnsolvable otherwise).
func CheckStart(b puzzles.Board, g puzzles.Goal, name string) error {
	if b.Shape() != g.Shape() {
		return fmt.Errorf("board %s does not fit the %s goal of %s", b.Shape(), g.Shape(), name)
	}
	if !puzzles.Solvable(b, g) {
		return puzzles.ErrUnsolvable
	}
	return nil
}

// Deepen runs the outer loop of IDA* from the start's estimate h0: pass
// searches depth-first within bound and reports whether it reached the
// goal and, if not, the least estimate f = g + h above the bound, which
// is the next bound. When pass has found the goal, *path holds the blank
// moves that reach it. Deepen returns them, the statistics (Seconds
// counted from start) and c.Err() when c stopped the search.
func Deepen(start time.Time, c *Counter, h0 int, pass func(bound int) (found bool, next int), path *[]uint8) ([]puzzles.Dir, Stats, error) {
	st := Stats{InitialH: h0}
	bound := h0
	for {
		st.Iterations++
		found, next := pass(bound)
		st.Expanded, st.Generated, st.Bound = c.Expanded, c.Generated, bound
		switch {
		case found:
			st.Seconds = time.Since(start).Seconds()
			dirs := make([]puzzles.Dir, len(*path))
			for i, d := range *path {
				dirs[i] = puzzles.Dir(d)
			}
			return dirs, st, nil
		case c.err != nil:
			st.Seconds = time.Since(start).Seconds()
			return nil, st, c.err
		}
		bound = next
	}
}
