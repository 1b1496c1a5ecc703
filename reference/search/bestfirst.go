package search

import (
	"context"
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// priority is what a best-first search orders its frontier by.
type priority uint8

const (
	byF        priority = iota // f = g + h (A*)
	byWeighted                 // g + w·h (weighted A*)
	byG                        // g (uniform-cost search)
	byH                        // h (greedy best-first)
)

// bestFirstConfig describes one member of the best-first family; the
// exported functions in astar.go, wastar.go, ucs.go and greedy.go fill it.
type bestFirstConfig struct {
	algo    string
	h       Heuristic // nil for UCS
	prio    priority
	weight  float64
	reopen  bool // put closed states back on the frontier when a shorter path appears
	optimal bool // the algorithm is optimal given an admissible heuristic
}

func bestFirst(ctx context.Context, p Problem, o Options, cfg bestFirstConfig) (Result, error) {
	var err error
	if cfg.prio == byG { // UCS takes no heuristic
		err = p.check()
	} else {
		err = checkInformed(p, cfg.h)
	}
	if err != nil {
		return Result{}, err
	}
	switch keyKindFor(p.Start.Len()) {
	case codeKind:
		return runBestFirst(ctx, p, o, cfg, codeKeys{})
	case wideKind:
		return runBestFirst(ctx, p, o, cfg, wideKeys{})
	}
	return runBestFirst(ctx, p, o, cfg, stringKeys{})
}

// bfRecord is what a best-first search remembers of a state, packed in 32
// bits: bits 0-1 the blank move that reached it, bit 2 set for the start,
// bit 3 set once expanded (closed), bits 4-31 its g.
type bfRecord uint32

const (
	recStart  bfRecord = 1 << 2
	recClosed bfRecord = 1 << 3
)

func newRecord(g int, d puzzles.Dir) bfRecord { return bfRecord(g)<<4 | bfRecord(d) }
func (r bfRecord) g() int                     { return int(r >> 4) }
func (r bfRecord) dir() puzzles.Dir           { return puzzles.Dir(r & 3) }

// bfEntry is one frontier entry. Entries are never removed early: when a
// state's g improves, a new entry is pushed and the old one is skipped
// when it comes off (lazy deletion).
type bfEntry[K comparable] struct {
	pri  uint64 // priority (fixed-point, 16 fraction bits) << 20 | g order
	seq  uint32 // insertion order, complemented for LIFO
	g, h uint16
	key  K
}

// heapOf is a binary min-heap of frontier entries by (pri, seq).
type heapOf[K comparable] []bfEntry[K]

func (h heapOf[K]) less(i, j int) bool {
	if h[i].pri != h[j].pri {
		return h[i].pri < h[j].pri
	}
	return h[i].seq < h[j].seq
}

func (h *heapOf[K]) push(e bfEntry[K]) {
	*h = append(*h, e)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if !s.less(i, parent) {
			break
		}
		s[i], s[parent] = s[parent], s[i]
		i = parent
	}
}

func (h *heapOf[K]) pop() bfEntry[K] {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(s) {
			break
		}
		m := l
		if r := l + 1; r < len(s) && s.less(r, l) {
			m = r
		}
		if !s.less(m, i) {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}

const gOrderBits = 20

// priorityOf computes an entry's heap priority.
func (cfg *bestFirstConfig) priorityOf(tb TieBreak, g, h int) uint64 {
	var fixed uint64
	switch cfg.prio {
	case byF:
		fixed = uint64(g+h) << 16
	case byWeighted:
		fixed = uint64(math.Round((float64(g) + cfg.weight*float64(h)) * 65536))
	case byG:
		fixed = uint64(g) << 16
	case byH:
		fixed = uint64(h) << 16
	}
	var gk uint64
	switch tb.G {
	case HighG:
		gk = 1<<gOrderBits - 1 - uint64(g)
	case LowG:
		gk = uint64(g)
	}
	return fixed<<gOrderBits | gk
}

func runBestFirst[K comparable](ctx context.Context, p Problem, o Options, cfg bestFirstConfig, kc keyer[K]) (Result, error) {
	m := startMeter()
	sp := newSpace(p)
	res := Result{Algorithm: cfg.algo, TieBreak: o.TieBreak}
	if cfg.h != nil {
		res.Heuristic = cfg.h.Name()
	}
	st := &res.Stats
	tr := newTracer(o.Trace, cfg.algo, res.Heuristic)
	seen := make(map[K]bfRecord)
	var open heapOf[K]
	var openStates int64
	var seq uint32
	entryBytes := mapEntryBytes(kc.bytes(), 4)
	heapEntryBytes := int64(16) + kc.bytes()
	held := func() int64 { return int64(len(seen))*entryBytes + int64(cap(open))*heapEntryBytes }
	finish := func(err error) (Result, error) {
		st.Stored = int64(len(seen))
		return res, endGraphSearch(cfg.algo, m, st, tr, err)
	}
	incr, _ := cfg.h.(Incremental)
	estimate := func(cells []uint8, parentH, from, to int) int {
		switch {
		case cfg.h == nil:
			return 0
		case incr != nil && from >= 0:
			return incr.Update(cells, parentH, from, to)
		}
		return cfg.h.Estimate(cells)
	}
	push := func(k K, g, h int) {
		seq++
		s := seq
		if o.TieBreak.Order == LIFO {
			s = ^seq
		}
		open.push(bfEntry[K]{pri: cfg.priorityOf(o.TieBreak, g, h), seq: s, g: uint16(g), h: uint16(h), key: k})
	}

	cells := p.Start.Bytes()
	start := kc.encode(cells)
	seen[start] = recStart
	push(start, 0, estimate(cells, 0, -1, -1))
	openStates = 1
	st.MaxFrontier = 1
	for len(open) > 0 {
		e := open.pop()
		rec := seen[e.key]
		if rec&recClosed != 0 || rec.g() != int(e.g) {
			continue // stale entry
		}
		kc.decode(e.key, cells)
		g, h := int(e.g), int(e.h)
		if sp.isGoal(cells) {
			res.Solved = true
			res.Optimal = cfg.optimal && (cfg.h == nil || admissible(cfg.h))
			res.Path = walkBack(kc, sp, cells, func(k K) (puzzles.Dir, bool) {
				r := seen[k]
				return r.dir(), r&recStart == 0
			})
			return finish(nil)
		}
		if err := o.Limits.check(ctx, st.Expanded, held); err != nil {
			return finish(err)
		}
		seen[e.key] = rec | recClosed
		openStates--
		st.Expanded++
		st.ExpandedByDepth = countAt(st.ExpandedByDepth, g)
		if cfg.prio == byF {
			st.ExpandedByF = countAt(st.ExpandedByF, g+h)
		}
		if tr != nil {
			hv := h
			if cfg.h == nil {
				hv = -1
			}
			tr.expand(g, g, hv, cells)
		}
		blank := findBlank(cells)
		g2 := g + 1
		for _, d := range puzzles.Dirs {
			to := sp.neighbor(blank, d)
			if to < 0 {
				continue
			}
			st.Generated++
			st.MaxDepth = max(st.MaxDepth, g2)
			slide(cells, blank, to)
			ck := kc.encode(cells)
			old, known := seen[ck]
			switch {
			case !known:
				openStates++
			case old.g() <= g2:
				st.Duplicates++
				slide(cells, to, blank)
				continue
			case old&recClosed != 0:
				if !cfg.reopen {
					st.Duplicates++
					slide(cells, to, blank)
					continue
				}
				st.Reopened++
				openStates++
			}
			seen[ck] = newRecord(g2, d)
			push(ck, g2, estimate(cells, h, to, blank))
			slide(cells, to, blank)
		}
		st.MaxFrontier = max(st.MaxFrontier, openStates)
	}
	return finish(ErrNotFound)
}
