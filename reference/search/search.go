package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Errors that stop a search without a solution. A search stopped by its
// context returns the context's error (context.Canceled or
// context.DeadlineExceeded), wrapped. A board that cannot reach its goal is
// reported at once, without searching, by an error wrapping
// puzzles.ErrUnsolvable.
var (
	// ErrNodeLimit: Limits.MaxNodes expansions were made without reaching
	// the goal.
	ErrNodeLimit = errors.New("node limit reached")
	// ErrMemoryLimit: the states a graph search holds would exceed
	// Limits.MaxBytes.
	ErrMemoryLimit = errors.New("memory limit reached")
	// ErrNotFound: the search space the algorithm was allowed (for
	// depth-limited search, the paths up to the depth limit) holds no
	// path to the goal.
	ErrNotFound = errors.New("no solution within the search bounds")
	// ErrBadHeuristic: the heuristic does not fit the problem (it is not 0
	// at the goal, so it was built for another goal or shape).
	ErrBadHeuristic = errors.New("heuristic does not fit the goal")
)

// Problem is one puzzle to solve: a start board and the goal it must
// reach. The two must have the same shape.
type Problem struct {
	Start puzzles.Board
	Goal  puzzles.Goal
}

// Limits bounds the work and memory of a search. Zero fields are
// unlimited. Time is bounded by the context's deadline.
type Limits struct {
	// MaxNodes stops the search with ErrNodeLimit after this many
	// expansions (for bidirectional search, expansions from both sides).
	MaxNodes int64
	// MaxBytes stops a graph search (BFS, UCS, greedy, A*, weighted A*,
	// bidirectional) with ErrMemoryLimit when the estimated memory of the
	// states it holds (visited set plus frontier, estimated from their
	// counts and the size of one entry, not measured) would exceed it.
	// Depth-first searches hold only their path and ignore it.
	MaxBytes int64
}

// Options configure a search. Every algorithm takes the same Options and
// ignores the fields that do not apply to it.
type Options struct {
	Limits Limits
	// TieBreak orders frontier states of equal priority in best-first
	// searches (UCS, greedy, A*, weighted A*). The zero value is the
	// default: lowest f, then highest g, then last in, first out.
	TieBreak TieBreak
	// Trace, when not nil, receives one line per expansion: depth, g, h,
	// f and the state (see docs/algorithms.md). With a nil Trace no
	// tracing code runs in the inner loops.
	Trace io.Writer
	// Threads is the number of goroutines IDA* spreads each iteration
	// over; 0 and 1 run the serial search, and so does any search with a
	// Trace. The other algorithms ignore it.
	Threads int
	// InverseOnly is for the incremental IDA* searches that package
	// reference runs for the pattern databases (pdb.Solve and
	// dynamic.Solve): they then leave out only the move that undoes the
	// last one, as this package's IDA* does, and count its nodes node for
	// node, rather than every duplicate sequence of moves their pruning
	// machine knows (pdb.PruneDuplicates). This package's searches
	// ignore it.
	InverseOnly bool
}

// Result is the outcome of a search.
type Result struct {
	// Solved reports whether a path to the goal was found.
	Solved bool
	// Path is the solution as moves of the blank; empty when the start is
	// the goal or nothing was found.
	Path []puzzles.Dir
	// Optimal reports that Path is guaranteed to be a shortest solution:
	// the algorithm is optimal, its heuristic (if any) is admissible, and
	// it ran to completion.
	Optimal bool
	// Algorithm is the canonical name of the algorithm that ran, e.g.
	// "astar".
	Algorithm string
	// Heuristic is the heuristic's Name, or "" for uninformed searches.
	Heuristic string
	// TieBreak is the frontier order of best-first searches; zero (and
	// not meaningful) for the others.
	TieBreak TieBreak
	// Threads is the number of goroutines IDA* ran on (1 for the serial
	// search); the other algorithms, which run on one, leave it 0.
	Threads int
	// Stats are the search's counts, filled in whether or not it solved.
	Stats Stats
}

// Len is the number of moves of the solution, or -1 when none was found.
func (r Result) Len() int {
	if !r.Solved {
		return -1
	}
	return len(r.Path)
}

// Stats are the counts of one search; docs/algorithms.md defines each
// once for every algorithm.
type Stats struct {
	// Expanded counts nodes taken off the frontier whose successors were
	// generated. The goal, once taken off, is not expanded.
	Expanded int64
	// Generated counts successors created, before duplicate detection.
	// Depth-first searches never generate the move that undoes the
	// previous one (inverse-move pruning); it is not counted.
	Generated int64
	// Duplicates counts generated successors discarded because their
	// state was already reached at no greater cost (graph searches) or is
	// already on the current path (depth-limited search).
	Duplicates int64
	// Reopened counts closed states put back on the frontier because a
	// shorter path to them was found (A* with an inconsistent heuristic).
	Reopened int64
	// MaxFrontier is the largest number of states waiting on the
	// frontier at once. For depth-first searches (DFS, IDS, IDA*, RBFS),
	// which generate successors along one path, it is the deepest stack:
	// the length of the longest path held.
	MaxFrontier int64
	// Stored is the number of distinct states held in memory at the end
	// (graph searches; 0 for depth-first ones).
	Stored int64
	// MaxDepth is the largest g of any generated node.
	MaxDepth int
	// ExpandedByDepth[d] counts the expansions of nodes at depth (g) d.
	ExpandedByDepth []int64
	// ExpandedByF[f] counts the expansions of nodes with f = g + h equal
	// to f: the f layers of A*; nil for the other algorithms (IDA*'s
	// layers are its Iterations).
	ExpandedByF []int64
	// Iterations lists the iterations of iterative searches (IDS, IDA*):
	// the bound of each and the work done within it.
	Iterations []Iteration
	// Elapsed is the wall time of the search.
	Elapsed time.Duration
	// AllocBytes is the heap allocated during the search, read from the
	// runtime's process-wide count, so concurrent goroutines add to it.
	AllocBytes uint64
}

// Iteration is one pass of an iterative-deepening search.
type Iteration struct {
	// Bound is the depth limit (IDS) or f bound (IDA*) of the pass.
	Bound     int
	Expanded  int64
	Generated int64
}

// check verifies that the problem is complete, that start and goal have
// the same shape, and that the start can reach the goal.
func (p Problem) check() error {
	if p.Start.IsZero() || p.Goal.IsZero() {
		return errors.New("search: problem needs a start board and a goal")
	}
	if p.Start.Shape() != p.Goal.Shape() {
		return fmt.Errorf("search: start is %s but goal is %s", p.Start.Shape(), p.Goal.Shape())
	}
	if !puzzles.Solvable(p.Start, p.Goal) {
		return fmt.Errorf("search: %w: %s cannot reach the %s goal", puzzles.ErrUnsolvable, p.Start, p.Goal.Name())
	}
	return nil
}

// checkInformed checks the problem of an informed search (see
// Problem.check) and that its heuristic h is given and 0 at the goal.
func checkInformed(p Problem, h Heuristic) error {
	if err := p.check(); err != nil {
		return err
	}
	if h == nil {
		return fmt.Errorf("search: %w: no heuristic given", ErrBadHeuristic)
	}
	if v := h.Estimate(p.Goal.Board().Bytes()); v != 0 {
		return fmt.Errorf("search: %w: %s is %d at the %s goal, not 0", ErrBadHeuristic, h.Name(), v, p.Goal.Name())
	}
	return nil
}

// stopped wraps the reason a search stopped.
func stopped(algo string, err error) error {
	return fmt.Errorf("%s: %w", algo, err)
}

// endGraphSearch ends a run of a graph search: it fills st's time and
// allocation figures, closes the trace, and returns why the run stopped
// (err, else the trace's own error) wrapped with the algorithm's name, or
// nil.
func endGraphSearch(algo string, m meter, st *Stats, tr *tracer, err error) error {
	m.stop(st)
	if terr := tr.close(); err == nil && terr != nil {
		err = terr
	}
	if err != nil {
		return stopped(algo, err)
	}
	return nil
}

// ctxCheckMask sets how often inner loops look at the context and the
// clock: every ctxCheckMask+1 expansions.
const ctxCheckMask = 1<<14 - 1

// check is what a graph search asks before each expansion, with expanded
// nodes so far: is the context done (looked at every ctxCheckMask+1
// expansions), is the node budget spent, would the states it holds (held
// computes their estimated bytes, only when there is a memory budget)
// pass the memory budget? It returns the reason to stop, or nil.
func (l Limits) check(ctx context.Context, expanded int64, held func() int64) error {
	if expanded&ctxCheckMask == 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if l.MaxNodes > 0 && expanded >= l.MaxNodes {
		return ErrNodeLimit
	}
	if l.MaxBytes > 0 && held() > l.MaxBytes {
		return ErrMemoryLimit
	}
	return nil
}
