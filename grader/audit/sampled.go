package audit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Statuses of a sampled state.
const (
	StatusSolved    = "solved"
	StatusBounded   = "bounded"
	StatusWalkBound = "walk-bound"
	StatusUndecided = "undecided"
	StatusMissing   = "missing"
)

// Origins of a sampled state.
const (
	OriginGoal    = "goal"
	OriginUniform = "uniform"
	OriginWalk    = "walk"
	OriginFile    = "file"
)

// sample is one state of a sampled audit.
type sample struct {
	q      int64 // index among the queried states
	origin string
	walk   int
	hstar  int
	lb     int
	status string
	// neighbours' query indices and the blank move reaching each.
	nbs  []int64
	dirs []puzzles.Dir
}

// oracle proves exact distances for a sampled audit.
type oracle struct {
	goal    puzzles.Goal
	table   *exact.Table
	lb      search.Heuristic
	pdb     *pdb.Heuristic
	name    string
	timeout time.Duration
}

func newOracle(ctx context.Context, opts Options) (*oracle, string, error) {
	o := &oracle{goal: opts.Goal, timeout: opts.SolveTimeout}
	if opts.Table != nil || opts.Goal.Shape().Cells() <= DefaultExhaustiveCells {
		t, err := table(ctx, opts)
		if err != nil {
			return nil, "", err
		}
		o.table, o.name = t, "exact table"
		return o, "", nil
	}
	lb, note := opts.LowerBound, opts.LowerBoundNote
	if lb == nil {
		var err error
		if lb, note, err = DefaultLowerBound(ctx, opts.Goal, opts.PDB); err != nil {
			return nil, "", fmt.Errorf("audit: lower bound: %w", err)
		}
	}
	o.lb = lb
	o.name = "IDA* + " + lb.Name()
	if p, ok := lb.(*pdb.Heuristic); ok {
		o.pdb = p
	}
	return o, note, nil
}

// distance is the exact distance of cells to the goal.
func (o *oracle) distance(ctx context.Context, cells []uint8) (int, error) {
	if o.table != nil {
		d, ok := o.table.Distance(cells)
		if !ok {
			return 0, fmt.Errorf("%w: %s", puzzles.ErrUnsolvable, stateString(cells))
		}
		return d, nil
	}
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	b := puzzles.FromBytes(o.goal.Shape(), cells)
	if o.pdb != nil {
		path, _, err := pdb.Solve(ctx, b, o.pdb, pdb.Limits{})
		if err != nil {
			return 0, err
		}
		return len(path), nil
	}
	res, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: o.goal}, o.lb, search.Options{})
	if err != nil {
		return 0, err
	}
	if !res.Optimal {
		return 0, errors.New("the lower bound is not admissible, so IDA* proves nothing")
	}
	return len(res.Path), nil
}

// lazySolveTimeout bounds the solves made only to show a counterexample's
// distance.
const lazySolveTimeout = 5 * time.Second

// runSampled audits a seeded sample of states (or a values file's
// states) with exact distances from the oracle.
func runSampled(ctx context.Context, src Source, opts Options) (*Report, error) {
	g := opts.Goal
	s := g.Shape()
	n := s.Cells()
	or, note, err := newOracle(ctx, opts)
	if err != nil {
		return nil, err
	}
	samp := &Sampling{Seed: opts.Seed, Solver: or.name, Note: note}
	if or.lb != nil {
		samp.LowerBound = or.lb.Name()
	}

	// The states to query: the samples and every neighbour of each.
	var flat []uint8
	index := map[string]int64{}
	query := func(cells []uint8) int64 {
		if q, ok := index[string(cells)]; ok {
			return q
		}
		q := int64(len(index))
		index[string(cells)] = q
		flat = append(flat, cells...)
		return q
	}
	var samples []*sample
	seen := map[int64]bool{}
	addSample := func(b puzzles.Board, origin string, walk int) {
		cells := b.Bytes()
		q := query(cells)
		if seen[q] {
			return
		}
		seen[q] = true
		samples = append(samples, &sample{q: q, origin: origin, walk: walk, hstar: -1, lb: -1})
		switch origin {
		case OriginUniform:
			samp.Uniform++
		case OriginWalk:
			samp.Walks++
		case OriginFile:
			samp.FromFile++
		}
	}
	addSample(g.Board(), OriginGoal, 0)
	rng := puzzles.NewRand(opts.Seed)
	if lister, ok := src.(StateLister); ok {
		var listed []puzzles.Board
		for _, c := range lister.States() {
			if len(c) != n {
				continue
			}
			if b := puzzles.FromBytes(s, c); puzzles.Solvable(b, g) {
				listed = append(listed, b)
			}
		}
		if len(listed) > opts.Samples {
			for i := range opts.Samples { // a seeded partial shuffle
				j := i + rng.IntN(len(listed)-i)
				listed[i], listed[j] = listed[j], listed[i]
			}
			listed = listed[:opts.Samples]
		}
		for _, b := range listed {
			addSample(b, OriginFile, 0)
		}
	} else {
		uniform := (opts.Samples + 1) / 2
		walks := opts.Samples - uniform
		for range uniform {
			addSample(puzzles.RandomSolvable(rng, g), OriginUniform, 0)
		}
		maxWalk := 4 * n
		for i := range walks {
			length := 1
			if walks > 1 {
				length = 1 + i*(maxWalk-1)/(walks-1)
			}
			b, _ := puzzles.RandomWalk(rng, g, length)
			addSample(b, OriginWalk, length)
		}
	}
	moves := s.Moves()
	cells := make([]uint8, n)
	for _, sm := range samples {
		copy(cells, flat[sm.q*int64(n):])
		blank := blankOf(cells)
		for _, d := range puzzles.Dirs {
			nb := int(moves[blank][d])
			if nb < 0 {
				continue
			}
			cells[blank], cells[nb] = cells[nb], 0
			sm.nbs = append(sm.nbs, query(cells))
			sm.dirs = append(sm.dirs, d)
			cells[nb], cells[blank] = cells[blank], 0
		}
	}
	stateOf := func(q int64) []uint8 { return flat[q*int64(n) : (q+1)*int64(n)] }

	// Ask the source.
	total := len(index)
	values := make([]float64, total)
	bs := batchSize(src, total, opts.Workers)
	err = parallel(ctx, opts.Workers, (total+bs-1)/bs, func(ctx context.Context, _, i int) error {
		lo := i * bs
		hi := min(lo+bs, total)
		states := make([][]uint8, hi-lo)
		for q := lo; q < hi; q++ {
			states[q-lo] = stateOf(int64(q))
		}
		return src.Values(ctx, states, values[lo:hi])
	})
	if err != nil {
		return nil, err
	}

	// Decide each sample: lower bound, then a solve if needed.
	err = parallel(ctx, opts.Workers, len(samples), func(ctx context.Context, _, i int) error {
		sm := samples[i]
		h := values[sm.q]
		c := stateOf(sm.q)
		switch {
		case missing(h):
			sm.status = StatusMissing
			return nil
		case sm.origin == OriginGoal:
			sm.hstar, sm.status = 0, StatusSolved
			return nil
		}
		if or.lb != nil {
			sm.lb = or.lb.Estimate(c)
			if h <= float64(sm.lb)+eps && !opts.SolveAll {
				sm.status = StatusBounded
				return nil
			}
		}
		d, err := or.distance(ctx, c)
		switch {
		case err == nil:
			sm.hstar, sm.status = d, StatusSolved
		case ctx.Err() != nil:
			return ctx.Err()
		case sm.walk > 0 && h > float64(sm.walk)+eps:
			sm.status = StatusWalkBound
		default:
			sm.status = StatusUndecided
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Tally.
	expect := newComparison(opts.Expect, opts.Tolerance)
	dom := newComparison(opts.Dominates, 0)
	tl := newTally(opts.MaxCounterexamples)
	known := map[int64]int{}
	type edge struct{ a, b int64 }
	edges := map[edge]bool{}
	for _, sm := range samples {
		h := values[sm.q]
		upper := sm.hstar
		if sm.status == StatusWalkBound {
			upper = sm.walk
		}
		if sm.hstar >= 0 {
			known[sm.q] = sm.hstar
		}
		tl.addState(sm.q, stateOf(sm.q), h, sm.hstar, upper, expect, dom)
		switch sm.status {
		case StatusSolved:
			samp.Solved++
		case StatusBounded:
			samp.Bounded++
		case StatusWalkBound:
			samp.WalkBound++
		case StatusUndecided:
			samp.Undecided++
		}
		st := SampledState{State: stateString(stateOf(sm.q)), Origin: sm.origin, Walk: sm.walk, HStar: sm.hstar, LowerBound: sm.lb, Status: sm.status}
		if !missing(h) {
			v := h
			st.H = &v
		}
		samp.States = append(samp.States, st)
	}
	for _, sm := range samples {
		h := values[sm.q]
		if missing(h) {
			continue
		}
		for k, nb := range sm.nbs {
			e := edge{min(sm.q, nb), max(sm.q, nb)}
			if edges[e] || missing(values[nb]) {
				continue
			}
			edges[e] = true
			dn := -1
			if d, ok := known[nb]; ok {
				dn = d
			}
			tl.addEdge(sm.q, nb, h, values[nb], sm.dirs[k], sm.hstar, dn)
		}
	}

	// Distances of the other states the report shows (neighbours, states
	// the lower bound settled), solved on demand for display only: each
	// within min(SolveTimeout, lazySolveTimeout), and none after the first
	// that does not finish.
	var mu sync.Mutex
	solved := map[int64]int{}
	lazy := *or
	lazy.timeout = min(or.timeout, lazySolveTimeout)
	gaveUp := false
	hstar := func(q int64) (int, string) {
		if d, ok := known[q]; ok {
			if d == 0 {
				return 0, "the goal"
			}
			return d, or.name
		}
		mu.Lock()
		defer mu.Unlock()
		if d, ok := solved[q]; ok {
			if d < 0 {
				return -1, "not solved within the time limit"
			}
			return d, or.name
		}
		if gaveUp {
			return -1, "not solved"
		}
		d, err := lazy.distance(ctx, stateOf(q))
		if err != nil {
			solved[q], gaveUp = -1, true
			return -1, "not solved within the time limit"
		}
		solved[q] = d
		return d, or.name
	}
	r := &Report{Sampling: samp}
	tl.fill(r, lookup{
		goal:  g.Board().Bytes(),
		state: func(q int64) []uint8 { return append([]uint8(nil), stateOf(q)...) },
		hstar: hstar,
	}, expect, dom)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}
