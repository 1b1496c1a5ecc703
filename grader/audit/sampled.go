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
// states) with exact distances from the oracle: it picks the samples and
// their neighbours, asks the source for every one, decides each sample's
// distance (a lower bound, a solve, or its random walk's length), and
// tallies states and moves as the exhaustive audit does.
func runSampled(ctx context.Context, src Source, opts Options) (*Report, error) {
	or, note, err := newOracle(ctx, opts)
	if err != nil {
		return nil, err
	}
	sp := &sampling{opts: opts, n: opts.Goal.Shape().Cells(), or: or, index: map[string]int64{}, seen: map[int64]bool{},
		summary: &Sampling{Seed: opts.Seed, Solver: or.name, Note: note}}
	if or.lb != nil {
		sp.summary.LowerBound = or.lb.Name()
	}
	sp.pick(src)
	sp.addNeighbours()
	if err := sp.ask(ctx, src); err != nil {
		return nil, err
	}
	if err := sp.decide(ctx); err != nil {
		return nil, err
	}
	expect := newComparison(opts.Expect, opts.Tolerance)
	dom := newComparison(opts.Dominates, 0)
	tl, known := sp.tally(expect, dom)
	r := &Report{Sampling: sp.summary}
	tl.fill(r, lookup{
		goal:  opts.Goal.Board().Bytes(),
		state: func(q int64) []uint8 { return append([]uint8(nil), sp.state(q)...) },
		hstar: sp.shownDistances(ctx, known),
	}, expect, dom)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// sampling is one sampled audit under way: the states it asks the source
// about (the samples and every neighbour of each, each state once) and
// what it has learned of them.
type sampling struct {
	opts Options
	n    int // cells per state
	or   *oracle
	// flat holds the queried states, n cells each, in query order; index
	// finds a state's query number.
	flat  []uint8
	index map[string]int64
	// samples are the sampled states, seen their query numbers.
	samples []*sample
	seen    map[int64]bool
	// values are the source's values, by query number.
	values  []float64
	summary *Sampling
}

// query is the query number of cells, added to the states asked about
// when new.
func (sp *sampling) query(cells []uint8) int64 {
	if q, ok := sp.index[string(cells)]; ok {
		return q
	}
	q := int64(len(sp.index))
	sp.index[string(cells)] = q
	sp.flat = append(sp.flat, cells...)
	return q
}

// state is the cells of query q.
func (sp *sampling) state(q int64) []uint8 {
	n := int64(sp.n)
	return sp.flat[q*n : (q+1)*n]
}

// add makes b a sample, counted by its origin; it reports false, and
// adds nothing, when b is a sample already.
func (sp *sampling) add(b puzzles.Board, origin string, walk int) bool {
	q := sp.query(b.Bytes())
	if sp.seen[q] {
		return false
	}
	sp.seen[q] = true
	sp.samples = append(sp.samples, &sample{q: q, origin: origin, walk: walk, hstar: -1, lb: -1})
	switch origin {
	case OriginUniform:
		sp.summary.Uniform++
	case OriginWalk:
		sp.summary.Walks++
	case OriginFile:
		sp.summary.FromFile++
	}
	return true
}

// drawTries bounds the draws of one random sample that land on a state
// sampled already; a walk that keeps doing so is made one move longer
// every drawTries/8 draws. Only a board with fewer states than samples
// runs out, and then the sample is smaller than asked, as the report's
// counts say.
const drawTries = 64

// pick chooses the samples: the goal, then the source's own solvable
// states when it lists them (a seeded choice of opts.Samples of them),
// else half uniform random states and half random walks of lengths
// spread from 1 to 4 × the cells.
func (sp *sampling) pick(src Source) {
	g, s, opts := sp.opts.Goal, sp.opts.Goal.Shape(), sp.opts
	sp.add(g.Board(), OriginGoal, 0)
	rng := puzzles.NewRand(opts.Seed)
	if lister, ok := src.(StateLister); ok {
		var listed []puzzles.Board
		for _, c := range lister.States() {
			if len(c) != sp.n {
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
			sp.add(b, OriginFile, 0)
		}
		return
	}
	// Exactly opts.Samples distinct states besides the goal: a draw that
	// lands on a state sampled already (the goal, or a short walk's end)
	// is drawn again.
	uniform := (opts.Samples + 1) / 2
	walks := opts.Samples - uniform
	for range uniform {
		for range drawTries {
			if sp.add(puzzles.RandomSolvable(rng, g), OriginUniform, 0) {
				break
			}
		}
	}
	maxWalk := 4 * sp.n
	for i := range walks {
		length := 1
		if walks > 1 {
			length = 1 + i*(maxWalk-1)/(walks-1)
		}
		for try := range drawTries {
			l := length + try/(drawTries/8)
			b, _ := puzzles.RandomWalk(rng, g, l)
			if sp.add(b, OriginWalk, l) {
				break
			}
		}
	}
}

// addNeighbours queries every neighbour of every sample, noting the
// blank's move to it.
func (sp *sampling) addNeighbours() {
	moves := sp.opts.Goal.Shape().Moves()
	cells := make([]uint8, sp.n)
	for _, sm := range sp.samples {
		copy(cells, sp.state(sm.q))
		blank := blankOf(cells)
		for _, d := range puzzles.Dirs {
			nb := int(moves[blank][d])
			if nb < 0 {
				continue
			}
			cells[blank], cells[nb] = cells[nb], 0
			sm.nbs = append(sm.nbs, sp.query(cells))
			sm.dirs = append(sm.dirs, d)
			cells[nb], cells[blank] = cells[blank], 0
		}
	}
}

// ask gets the source's value of every queried state, in batches over
// the workers.
func (sp *sampling) ask(ctx context.Context, src Source) error {
	total := len(sp.index)
	sp.values = make([]float64, total)
	bs := batchSize(src, total, sp.opts.Workers)
	return parallel(ctx, sp.opts.Workers, (total+bs-1)/bs, func(ctx context.Context, _, i int) error {
		lo := i * bs
		hi := min(lo+bs, total)
		states := make([][]uint8, hi-lo)
		for q := lo; q < hi; q++ {
			states[q-lo] = sp.state(int64(q))
		}
		return src.Values(ctx, states, sp.values[lo:hi])
	})
}

// decide settles each sample: a value at most the oracle's lower bound
// needs no solve (unless opts.SolveAll); otherwise the oracle solves it,
// and a solve that does not finish leaves a random walk's length as an
// upper bound, or the sample undecided.
func (sp *sampling) decide(ctx context.Context) error {
	return parallel(ctx, sp.opts.Workers, len(sp.samples), func(ctx context.Context, _, i int) error {
		sm := sp.samples[i]
		h := sp.values[sm.q]
		c := sp.state(sm.q)
		switch {
		case missing(h):
			sm.status = StatusMissing
			return nil
		case sm.origin == OriginGoal:
			sm.hstar, sm.status = 0, StatusSolved
			return nil
		}
		if sp.or.lb != nil {
			sm.lb = sp.or.lb.Estimate(c)
			if h <= float64(sm.lb)+eps && !sp.opts.SolveAll {
				sm.status = StatusBounded
				return nil
			}
		}
		d, err := sp.or.distance(ctx, c)
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
}

// tally counts every sample as a state and every move from a sample as
// an edge (each once), and lists the samples in the summary; known are
// the exact distances the samples have.
func (sp *sampling) tally(expect, dom *comparison) (tl *tally, known map[int64]int) {
	tl = newTally(sp.opts.MaxCounterexamples)
	known = map[int64]int{}
	for _, sm := range sp.samples {
		h := sp.values[sm.q]
		upper := sm.hstar
		if sm.status == StatusWalkBound {
			upper = sm.walk
		}
		if sm.hstar >= 0 {
			known[sm.q] = sm.hstar
		}
		tl.addState(sm.q, sp.state(sm.q), h, sm.hstar, upper, expect, dom)
		switch sm.status {
		case StatusSolved:
			sp.summary.Solved++
		case StatusBounded:
			sp.summary.Bounded++
		case StatusWalkBound:
			sp.summary.WalkBound++
		case StatusUndecided:
			sp.summary.Undecided++
		}
		st := SampledState{State: stateString(sp.state(sm.q)), Origin: sm.origin, Walk: sm.walk, HStar: sm.hstar, LowerBound: sm.lb, Status: sm.status}
		if !missing(h) {
			v := h
			st.H = &v
		}
		sp.summary.States = append(sp.summary.States, st)
	}
	type edge struct{ a, b int64 }
	edges := map[edge]bool{}
	for _, sm := range sp.samples {
		h := sp.values[sm.q]
		if missing(h) {
			continue
		}
		for k, nb := range sm.nbs {
			e := edge{min(sm.q, nb), max(sm.q, nb)}
			if edges[e] || missing(sp.values[nb]) {
				continue
			}
			edges[e] = true
			dn := -1
			if d, ok := known[nb]; ok {
				dn = d
			}
			tl.addEdge(sm.q, nb, h, sp.values[nb], sm.dirs[k], sm.hstar, dn)
		}
	}
	return tl, known
}

// shownDistances gives the distances of the other states the report
// shows (neighbours, states the lower bound settled), solved on demand
// for display only: each within min(SolveTimeout, lazySolveTimeout), and
// none after the first that does not finish.
func (sp *sampling) shownDistances(ctx context.Context, known map[int64]int) func(q int64) (int, string) {
	var mu sync.Mutex
	solved := map[int64]int{}
	lazy := *sp.or
	lazy.timeout = min(sp.or.timeout, lazySolveTimeout)
	gaveUp := false
	name := sp.or.name
	return func(q int64) (int, string) {
		if d, ok := known[q]; ok {
			if d == 0 {
				return 0, "the goal"
			}
			return d, name
		}
		mu.Lock()
		defer mu.Unlock()
		if d, ok := solved[q]; ok {
			if d < 0 {
				return -1, "not solved within the time limit"
			}
			return d, name
		}
		if gaveUp {
			return -1, "not solved"
		}
		d, err := lazy.distance(ctx, sp.state(q))
		if err != nil {
			solved[q], gaveUp = -1, true
			return -1, "not solved within the time limit"
		}
		solved[q] = d
		return d, name
	}
}
