package search

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// DepthLimited is depth-limited depth-first tree search: it follows paths
// of at most limit moves, never undoing the previous move and never
// entering a state already on the current path (path checking), and tests
// for the goal when a node is entered; nodes at depth limit are tested but
// not expanded. It returns the first path it meets, which need not be the
// shortest, so the result is never marked optimal. When no path of at most
// limit moves exists it fails with ErrNotFound.
func DepthLimited(ctx context.Context, p Problem, limit int, o Options) (Result, error) {
	const algo = "dfs"
	if err := p.check(); err != nil {
		return Result{}, err
	}
	if limit < 0 {
		return Result{}, fmt.Errorf("%s: depth limit %d: expected 0 or more", algo, limit)
	}
	res := Result{Algorithm: algo}
	err := runDepthFirst(ctx, p, o, &res, func(d depthFirst) error {
		found, err := d.run(limit)
		switch {
		case err != nil:
			return err
		case !found:
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return res, stopped(algo, err)
	}
	return res, nil
}

// depthFirst runs one depth-limited pass and reports whether it found the
// goal; the path goes into the Result it was made for.
type depthFirst interface {
	run(limit int) (bool, error)
}

func runDepthFirst(ctx context.Context, p Problem, o Options, res *Result, body func(depthFirst) error) error {
	m := startMeter()
	defer m.stop(&res.Stats)
	switch keyKindFor(p.Start.Len()) {
	case codeKind:
		return runDLS(ctx, p, o, res, codeKeys{}, body)
	case wideKind:
		return runDLS(ctx, p, o, res, wideKeys{}, body)
	}
	return runDLS(ctx, p, o, res, stringKeys{}, body)
}

func runDLS[K comparable](ctx context.Context, p Problem, o Options, res *Result, kc keyer[K], body func(depthFirst) error) error {
	s := &dls[K]{
		kc:     kc,
		sp:     newSpace(p),
		start:  p.Start.Bytes(),
		onPath: make(map[K]struct{}),
		res:    res,
		lim:    limiter{ctx: ctx, maxNodes: o.Limits.MaxNodes},
		tr:     newTracer(o.Trace, res.Algorithm, ""),
	}
	err := body(s)
	if terr := s.tr.close(); err == nil {
		err = terr
	}
	return err
}

type dls[K comparable] struct {
	kc        keyer[K]
	sp        space
	start     []uint8
	cells     []uint8
	onPath    map[K]struct{}
	limit     int
	res       *Result
	lim       limiter
	tr        *tracer
	err       error
	nextCheck int64
}

func (s *dls[K]) run(limit int) (bool, error) {
	s.limit = limit
	s.cells = append(s.cells[:0], s.start...)
	clear(s.onPath)
	s.onPath[s.kc.encode(s.cells)] = struct{}{}
	if s.tr != nil {
		s.tr.note(fmt.Sprintf("depth limit %d", limit))
	}
	found := s.dfs(findBlank(s.cells), 0, noDir)
	if found {
		s.res.Solved = true
		s.res.Path = reverse(s.res.Path)
		return true, nil
	}
	return false, s.err
}

func (s *dls[K]) dfs(blank, depth int, back puzzles.Dir) bool {
	if s.sp.isGoal(s.cells) {
		return true
	}
	if depth == s.limit {
		return false
	}
	st := &s.res.Stats
	if st.Expanded >= s.nextCheck {
		if s.err = s.lim.check(st.Expanded); s.err != nil {
			return false
		}
		s.nextCheck = s.lim.next(st.Expanded)
	}
	st.Expanded++
	st.ExpandedByDepth = countAt(st.ExpandedByDepth, depth)
	st.MaxFrontier = max(st.MaxFrontier, int64(depth+1))
	if s.tr != nil {
		s.tr.expand(depth, depth, -1, s.cells)
	}
	for _, d := range puzzles.Dirs {
		if d == back {
			continue
		}
		to := s.sp.neighbor(blank, d)
		if to < 0 {
			continue
		}
		st.Generated++
		st.MaxDepth = max(st.MaxDepth, depth+1)
		slide(s.cells, blank, to)
		k := s.kc.encode(s.cells)
		if _, cycle := s.onPath[k]; cycle {
			st.Duplicates++
		} else {
			s.onPath[k] = struct{}{}
			if s.dfs(to, depth+1, d.Opposite()) {
				s.res.Path = append(s.res.Path, d)
				return true
			}
			delete(s.onPath, k)
		}
		slide(s.cells, to, blank)
		if s.err != nil {
			return false
		}
	}
	return false
}
