package search

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Band is the range every A* run with one heuristic must fall in on one
// problem, whatever its tie-break. Let C* be the optimal solution length
// and f*(s) = g*(s) + h(s), where g*(s) is the true distance from the start
// to s. With a consistent heuristic, A* expands every state with f*(s) <
// C* (it cannot reach the goal's f before them) and no state with f*(s) >
// C*; the states with f*(s) = C* are expanded or not depending on the
// tie-break. So a reported expansion count outside [MustExpand, MayExpand]
// cannot come from A* with that heuristic, counting as kpuzzle does
// (Stats.Expanded: the goal, taken off the frontier, is not expanded).
type Band struct {
	// Cost is C*, the optimal solution length.
	Cost int
	// MustExpand counts the states with g*(s) + h(s) < C*.
	MustExpand int64
	// MayExpand counts the states other than the goal with g*(s) + h(s) ≤
	// C*.
	MayExpand int64
}

// AStarBand computes the A* expansion band of h on p by breadth-first
// search from the start through every state at most C* moves away, so it
// is practical only where that search is (boards of up to 12 cells, or
// easy instances); lim bounds it like BFS. The band describes A* runs only
// when h is consistent (every heuristic of reference/heuristics is).
func AStarBand(ctx context.Context, p Problem, h Heuristic, lim Limits) (Band, error) {
	if err := checkInformed(p, h); err != nil {
		return Band{}, err
	}
	switch keyKindFor(p.Start.Len()) {
	case codeKind:
		return aStarBand(ctx, p, h, lim, codeKeys{})
	case wideKind:
		return aStarBand(ctx, p, h, lim, wideKeys{})
	}
	return aStarBand(ctx, p, h, lim, stringKeys{})
}

func aStarBand[K comparable](ctx context.Context, p Problem, h Heuristic, lim Limits, kc keyer[K]) (Band, error) {
	sp := newSpace(p)
	cells := p.Start.Bytes()
	seen := map[K]struct{}{kc.encode(cells): {}}
	layer := []K{kc.encode(cells)}
	var next []K
	// byF[d] collects the f values of the states at depth d until C* is
	// known. For a real-valued heuristic f is g + the exact ceiling of h,
	// and frac marks states whose h is not whole: f = C* then means
	// g + h < C*, a state A* must expand.
	var byF [][]int32
	var frac []map[int]bool
	real, _ := h.(RealValued)
	cost := -1
	var expanded int64
	entry := mapEntryBytes(kc.bytes(), 0)
	held := func() int64 { return int64(len(seen))*entry + int64(len(layer)+len(next))*kc.bytes() }
	for depth := 0; len(layer) > 0 && (cost < 0 || depth <= cost); depth++ {
		fs := make([]int32, 0, len(layer))
		var fr map[int]bool
		for i, k := range layer {
			kc.decode(k, cells)
			if sp.isGoal(cells) && cost < 0 {
				cost = depth
			}
			if real == nil {
				fs = append(fs, int32(depth+h.Estimate(cells)))
				continue
			}
			fs = append(fs, int32(depth+real.Ceil(cells)))
			if !real.Integral(cells) {
				if fr == nil {
					fr = map[int]bool{}
				}
				fr[i] = true
			}
		}
		byF = append(byF, fs)
		frac = append(frac, fr)
		if cost >= 0 {
			// Only the layer C* itself is still needed, and it is in.
			if depth == cost {
				break
			}
		}
		for _, k := range layer {
			if err := lim.check(ctx, expanded, held); err != nil {
				return Band{}, fmt.Errorf("astar band: %w", err)
			}
			expanded++
			kc.decode(k, cells)
			blank := findBlank(cells)
			for _, d := range puzzles.Dirs {
				to := sp.neighbor(blank, d)
				if to < 0 {
					continue
				}
				slide(cells, blank, to)
				ck := kc.encode(cells)
				if _, ok := seen[ck]; !ok {
					seen[ck] = struct{}{}
					next = append(next, ck)
				}
				slide(cells, to, blank)
			}
		}
		layer, next = next, layer[:0]
	}
	if cost < 0 {
		return Band{}, fmt.Errorf("astar band: %w", ErrNotFound)
	}
	b := Band{Cost: cost}
	for d, fs := range byF {
		for i, f := range fs {
			if int(f) < cost || (int(f) == cost && frac[d][i]) {
				b.MustExpand++
			}
			if int(f) <= cost {
				b.MayExpand++
			}
		}
	}
	b.MayExpand-- // the goal: f = C*, taken off the frontier but not expanded
	return b, nil
}
