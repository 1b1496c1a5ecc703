package search

import (
	"context"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// BFS is breadth-first graph search. It expands the frontier one depth
// layer at a time and tests each successor for the goal when it is
// generated (so the goal's layer is never expanded); the first path found
// is a shortest one. States are remembered in a visited set keyed by
// puzzles.Code (up to 16 cells), puzzles.WideCode (up to 36) or a string.
func BFS(ctx context.Context, p Problem, o Options) (Result, error) {
	if err := p.check(); err != nil {
		return Result{}, err
	}
	switch keyKindFor(p.Start.Len()) {
	case codeKind:
		return bfs(ctx, p, o, codeKeys{})
	case wideKind:
		return bfs(ctx, p, o, wideKeys{})
	}
	return bfs(ctx, p, o, stringKeys{})
}

func bfs[K comparable](ctx context.Context, p Problem, o Options, kc keyer[K]) (Result, error) {
	const algo = "bfs"
	m := startMeter()
	sp := newSpace(p)
	res := Result{Algorithm: algo, Optimal: true}
	st := &res.Stats
	tr := newTracer(o.Trace, algo, "")
	finish := func(err error) (Result, error) {
		if err = endGraphSearch(algo, m, st, tr, err); err != nil {
			res.Optimal = false
		}
		return res, err
	}

	cells := p.Start.Bytes()
	if sp.isGoal(cells) {
		res.Solved = true
		return finish(nil)
	}
	// into[k] is 1 + the blank move that first reached k, 0 for the start.
	into := map[K]uint8{kc.encode(cells): 0}
	entry := mapEntryBytes(kc.bytes(), 1)
	layer := []K{kc.encode(cells)}
	var next []K
	held := func() int64 { return int64(len(into))*entry + int64(len(layer)+len(next))*kc.bytes() }
	for depth := 0; len(layer) > 0; depth++ {
		for i, k := range layer {
			if err := o.Limits.check(ctx, st.Expanded, held); err != nil {
				return finish(err)
			}
			kc.decode(k, cells)
			blank := findBlank(cells)
			st.Expanded++
			st.ExpandedByDepth = countAt(st.ExpandedByDepth, depth)
			if tr != nil {
				tr.expand(depth, depth, -1, cells)
			}
			for _, d := range puzzles.Dirs {
				to := sp.neighbor(blank, d)
				if to < 0 {
					continue
				}
				st.Generated++
				st.MaxDepth = max(st.MaxDepth, depth+1)
				slide(cells, blank, to)
				ck := kc.encode(cells)
				if _, seen := into[ck]; seen {
					st.Duplicates++
				} else {
					into[ck] = uint8(d) + 1
					if sp.isGoal(cells) {
						res.Solved = true
						res.Path = walkBack(kc, sp, cells, func(k K) (puzzles.Dir, bool) {
							v := into[k]
							return puzzles.Dir(v - 1), v != 0
						})
						st.Stored = int64(len(into))
						return finish(nil)
					}
					next = append(next, ck)
				}
				slide(cells, to, blank)
			}
			st.MaxFrontier = max(st.MaxFrontier, int64(len(layer)-i-1+len(next)))
		}
		layer, next = next, layer[:0]
	}
	// Unreachable for a solvable problem; reported rather than assumed.
	st.Stored = int64(len(into))
	return finish(ErrNotFound)
}
