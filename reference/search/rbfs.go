package search

import (
	"context"
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// RBFS is recursive best-first search (Korf 1993): a depth-first search
// that always continues with the best successor by f and backs up, when
// that successor's f exceeds the best alternative elsewhere, the smallest f
// found below it, so that a later visit resumes where it left off. Like
// IDA* it holds only the current path and its siblings (linear memory),
// never generates the move that undoes the previous one, and with an
// admissible heuristic returns an optimal path; unlike IDA* it expands
// new nodes in best-first order, at the price of re-expanding subtrees it
// backed out of. Successors inherit their parent's backed-up f when it is
// larger than their own (f(s) = max(g(s) + h(s), F(parent))), as in
// Russell and Norvig's formulation.
func RBFS(ctx context.Context, p Problem, h Heuristic, o Options) (Result, error) {
	const algo = "rbfs"
	if err := checkInformed(p, h); err != nil {
		return Result{}, err
	}
	m := startMeter()
	res := Result{Algorithm: algo, Heuristic: h.Name()}
	s := &rbfs{
		sp:    newSpace(p),
		h:     h,
		cells: p.Start.Bytes(),
		st:    &res.Stats,
		lim:   limiter{ctx: ctx, maxNodes: o.Limits.MaxNodes},
		tr:    newTracer(o.Trace, algo, h.Name()),
	}
	s.incr, _ = h.(Incremental)
	h0 := h.Estimate(s.cells)
	found, _ := s.search(p.Start.Blank(), 0, h0, h0, math.MaxInt, noDir)
	err := s.err
	if terr := s.tr.close(); err == nil {
		err = terr
	}
	switch {
	case err == nil && !found:
		err = ErrNotFound
	case err == nil:
		res.Solved = true
		res.Path = reverse(s.path)
		res.Optimal = admissible(h)
	}
	m.stop(&res.Stats)
	if err != nil {
		return res, stopped(algo, err)
	}
	return res, nil
}

type rbfsChild struct {
	d    puzzles.Dir
	to   int
	h, f int
}

type rbfs struct {
	sp        space
	h         Heuristic
	incr      Incremental
	cells     []uint8
	path      []puzzles.Dir
	kids      [][]rbfsChild // successor buffers, one per depth
	st        *Stats
	lim       limiter
	tr        *tracer
	err       error
	nextCheck int64
}

// search explores below the node with the blank on cell blank, at depth
// g, with heuristic h and backed-up value F, without going past bound. It
// reports whether it found the goal and, if not, the node's new backed-up
// value (the smallest f beyond bound among its descendants).
func (s *rbfs) search(blank, g, h, F, bound int, back puzzles.Dir) (bool, int) {
	if h == 0 && s.sp.isGoal(s.cells) {
		return true, F
	}
	if s.st.Expanded >= s.nextCheck {
		if s.err = s.lim.check(s.st.Expanded); s.err != nil {
			return false, math.MaxInt
		}
		s.nextCheck = s.lim.next(s.st.Expanded)
	}
	s.st.Expanded++
	s.st.ExpandedByDepth = countAt(s.st.ExpandedByDepth, g)
	s.st.MaxFrontier = max(s.st.MaxFrontier, int64(g+1))
	if s.tr != nil {
		s.tr.expand(g, g, h, s.cells)
	}
	for len(s.kids) <= g {
		s.kids = append(s.kids, make([]rbfsChild, 0, 4))
	}
	kids := s.kids[g][:0]
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
		slide(s.cells, to, blank)
		s.st.Generated++
		s.st.MaxDepth = max(s.st.MaxDepth, g+1)
		kids = append(kids, rbfsChild{d: d, to: to, h: nh, f: max(g+1+nh, F)})
	}
	s.kids[g] = kids
	if len(kids) == 0 {
		return false, math.MaxInt
	}
	for {
		best, alt := 0, math.MaxInt
		for i := 1; i < len(kids); i++ {
			if kids[i].f < kids[best].f {
				best = i
			}
		}
		for i := range kids {
			if i != best && kids[i].f < alt {
				alt = kids[i].f
			}
		}
		if kids[best].f > bound || kids[best].f == math.MaxInt {
			return false, kids[best].f
		}
		k := kids[best]
		slide(s.cells, blank, k.to)
		found, f := s.search(k.to, g+1, k.h, k.f, min(bound, alt), k.d.Opposite())
		if found {
			s.path = append(s.path, k.d)
			return true, f
		}
		slide(s.cells, k.to, blank)
		kids[best].f = f
		if s.err != nil {
			return false, math.MaxInt
		}
	}
}
