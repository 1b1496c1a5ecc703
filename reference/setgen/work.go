package setgen

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// Bounds on the search for a board.
const (
	// maxDraws is how often a slot drawn up front may redraw to find a
	// board no earlier slot has.
	maxDraws = 10_000
	// walkCandidates is how many random walks, each longer than the last,
	// a Depth-mode slot on a large board tries before it turns to
	// uniformly drawn boards; maxCandidates is how many candidates it
	// tries in all.
	walkCandidates = 8
	maxCandidates  = 40
)

// generation is the state of one Generate call.
type generation struct {
	spec   Spec
	opts   Options
	prover *reference.Prover
	// tables holds the exact table of every Depth-mode group on a board
	// of at most MaxTableCells cells, by group index.
	tables map[int]*exact.Table
	// built caches the tables too large for the prover's, by goal.
	built map[string]*exact.Table
	slots []slot
	// boards holds every board drawn up front, by slot position; boards
	// of Depth-mode slots on large boards are found later.
	boards []puzzles.Board
}

// result is a finished slot.
type result struct {
	board puzzles.Board
	entry puzzles.ManifestEntry
}

// table returns the exact table of goal g: the prover's (which keeps it
// for the keys of other groups) or one built here.
func (g *generation) table(ctx context.Context, goal puzzles.Goal) (*exact.Table, error) {
	t, ok, err := g.prover.Table(ctx, goal)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if ok {
		return t, nil
	}
	key := boardKey(goal.Board())
	if g.built == nil {
		g.built = map[string]*exact.Table{}
	}
	if t := g.built[key]; t != nil {
		return t, nil
	}
	topts := g.opts.Tables
	if topts.Workers == 0 {
		topts.Workers = g.opts.Jobs
	}
	t, _, err = exact.Open(ctx, goal, topts)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	g.built[key] = t
	return t, nil
}

// boardKey identifies a board across shapes.
func boardKey(b puzzles.Board) string { return b.Shape().String() + ":" + b.String() }

// drawCheap draws, in set order, every board that costs nothing to draw:
// uniform, walk and unsolvable boards, and Depth-mode boards from exact
// tables. Each is drawn until it differs from every board before it, so
// the set has no repeats. Every shard runs this whole, so that a slot's
// board does not depend on the shard.
func (g *generation) drawCheap() error {
	seen := map[string]bool{}
	take := func(s slot, draw func() puzzles.Board) error {
		for range maxDraws {
			b := draw()
			if k := boardKey(b); !seen[k] {
				seen[k] = true
				g.boards[s.pos] = b
				return nil
			}
		}
		return specErrorf("%s: no board found in %d draws that differs from every earlier one; the set asks for more distinct boards of this kind than the board has", s.file, maxDraws)
	}
	// used counts the boards taken at each depth of each goal, to say
	// clearly when groups sharing a goal ask for more than a depth has.
	used := map[string]int{}
	byDepth := map[[2]int][]int{} // (group, depth) -> slot positions
	for _, s := range g.slots {
		if s.kind == solvableSlot && g.spec.Groups[s.group].Mode == Depth {
			k := [2]int{s.group, s.depth}
			byDepth[k] = append(byDepth[k], s.pos)
		}
	}
	for _, s := range g.slots {
		grp := g.spec.Groups[s.group]
		goal := grp.Goal
		switch {
		case s.kind == unsolvableSlot:
			rng := puzzles.NewRand(s.seed(g.spec))
			if err := take(s, func() puzzles.Board { return puzzles.RandomUnsolvable(rng, goal) }); err != nil {
				return err
			}
		case grp.Mode == Depth:
			t := g.tables[s.group]
			if t == nil || s.index > 0 {
				continue // found by proof later, or drawn with its depth's first slot
			}
			// One sample of distinct boards for all the slots at this
			// depth, from a source of the depth's own.
			positions := byDepth[[2]int{s.group, s.depth}]
			key := fmt.Sprintf("%s@%d", boardKey(goal.Board()), s.depth)
			if have := t.Counts()[s.depth]; int64(used[key]+len(positions)) > have {
				return specErrorf("%s has %d boards at depth %d for the %s goal; the set's groups ask for %d", goal.Shape(), have, s.depth, goal.Name(), used[key]+len(positions))
			}
			used[key] += len(positions)
			rng := puzzles.NewRand(slotSeed(g.spec.Seed, grp.Dir, "depth", s.depth, -1))
			sample := t.SampleAt(rng, s.depth, len(positions))
			for i, pos := range positions {
				first := true
				err := take(g.slots[pos], func() puzzles.Board {
					if first && i < len(sample) {
						first = false
						return sample[i]
					}
					b, _ := t.RandomAt(rng, s.depth)
					return b
				})
				if err != nil {
					return err
				}
			}
		case grp.Mode == Walk:
			rng := puzzles.NewRand(s.seed(g.spec))
			if err := take(s, func() puzzles.Board { b, _ := puzzles.RandomWalk(rng, goal, grp.WalkLength); return b }); err != nil {
				return err
			}
		default:
			rng := puzzles.NewRand(s.seed(g.spec))
			if err := take(s, func() puzzles.Board { return puzzles.RandomSolvable(rng, goal) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// run finishes the slots at positions mine on opts.Jobs goroutines and
// returns their results in the same order. The first failure (in set
// order) cancels the rest and is returned.
func (g *generation) run(ctx context.Context, mine []int) ([]result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]result, len(mine))
	errs := make([]error, len(mine))
	work := make(chan int)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range min(g.opts.Jobs, max(1, len(mine))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i], errs[i] = g.solve(ctx, g.slots[mine[i]])
				if errs[i] != nil {
					cancel()
				}
				done <- struct{}{}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range mine {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	finished := 0
	for range done {
		finished++
		if g.opts.Progress != nil {
			g.opts.Progress(Progress{Done: finished, Total: len(mine)})
		}
	}
	// The first failure that is not merely the cancellation it caused.
	var first error
	for _, err := range errs {
		if err == nil {
			continue
		}
		if first == nil {
			first = err
		}
		if !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	if first != nil {
		return nil, first
	}
	if err := ctx.Err(); err != nil && finished < len(mine) {
		return nil, fmt.Errorf("generate: %w", err)
	}
	return results, nil
}

// solve finishes one slot: finds its board if it has none yet, proves its
// key, and checks the key by replaying it.
func (g *generation) solve(ctx context.Context, s slot) (result, error) {
	grp := g.spec.Groups[s.group]
	goal := grp.Goal
	if g.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.opts.Timeout)
		defer cancel()
	}
	e := puzzles.ManifestEntry{File: s.file, Hidden: grp.Hidden}
	b := g.boards[s.pos]
	var (
		sol    []puzzles.Dir
		proved bool
	)
	switch {
	case s.kind == unsolvableSlot:
		e.Seed = "unsolvable"
		e.Proof = "solvability rule " + puzzles.CheckSolvable(b, goal).Rule
		return result{board: b, entry: e}, nil
	case grp.Mode == Depth && g.tables[s.group] != nil:
		t := g.tables[s.group]
		path, err := t.Path(b)
		if err != nil {
			return result{}, fmt.Errorf("generate: %s: %w", s.file, err)
		}
		sol, proved = path, true
		e.Seed = fmt.Sprintf("uniform at depth %d", s.depth)
		e.Proof = "exact table " + goal.Shape().String()
	case grp.Mode == Depth:
		var err error
		b, sol, e.Proof, e.Seed, err = g.deep(ctx, goal, s)
		if err != nil {
			return result{}, g.failure(s, err)
		}
		proved = true
	default:
		e.Seed = "uniform"
		if grp.Mode == Walk {
			e.Seed = fmt.Sprintf("walk %d", grp.WalkLength)
		}
		if !g.spec.NoKeys {
			p, err := g.prover.Prove(ctx, b, goal)
			if err != nil {
				return result{}, g.failure(s, err)
			}
			sol, proved, e.Proof = p.Path, true, p.Method
		}
	}
	e.Solvable = true
	if proved {
		end, err := b.Apply(sol)
		if err != nil || !goal.Reached(end) || (grp.Mode == Depth && len(sol) != s.depth) {
			return result{}, fmt.Errorf("generate: %s: the proved solution of %s does not check out (%d moves, error %v); this is a bug in the reference solver", s.file, b, len(sol), err)
		}
		n := len(sol)
		e.OptimalLength = &n
		e.Solution = g.spec.Convention.Tokens(sol)
	}
	return result{board: b, entry: e}, nil
}

// failure wraps an error of slot s.
func (g *generation) failure(s slot, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && g.opts.Timeout > 0 {
		return fmt.Errorf("generate: %s: no key proved within %s: %w", s.file, g.opts.Timeout, err)
	}
	return fmt.Errorf("generate: %s: %w", s.file, err)
}

// deep finds a board exactly s.depth moves from the goal on a board too
// large for an exact table: it proves an optimal solution of a random
// candidate (a random walk from the goal, each try longer, then uniform
// boards) until one needs at least s.depth moves, and returns the board
// s.depth moves before the goal on that solution, with the rest of the
// solution as its own, optimal, solution.
func (g *generation) deep(ctx context.Context, goal puzzles.Goal, s slot) (puzzles.Board, []puzzles.Dir, string, string, error) {
	rng := puzzles.NewRand(s.seed(g.spec))
	d := s.depth
	// A walk of n moves ends at depth n on small n and well short of it
	// on large n, so the walks start at d moves and grow by a quarter
	// each time one falls short.
	walk := float64(max(2, d))
	longest := 0
	for a := range maxCandidates {
		var cand puzzles.Board
		how := "uniform"
		if a < walkCandidates {
			n := int(walk)
			walk *= 1.25
			cand, _ = puzzles.RandomWalk(rng, goal, n)
			how, longest = fmt.Sprintf("walk %d", n), n
		} else {
			cand = puzzles.RandomSolvable(rng, goal)
		}
		p, err := g.prover.Prove(ctx, cand, goal)
		if err != nil {
			return puzzles.Board{}, nil, "", "", err
		}
		if p.Length < d {
			continue
		}
		cut := p.Length - d
		b, err := cand.Apply(p.Path[:cut])
		if err != nil {
			return puzzles.Board{}, nil, "", "", err
		}
		method := p.Method
		if cut > 0 {
			method += fmt.Sprintf(", for a board %d moves farther along the same optimal solution", cut)
			how += fmt.Sprintf(", cut to depth %d", d)
		}
		return b, p.Path[cut:], method, how, nil
	}
	return puzzles.Board{}, nil, "", "", specErrorf("no board at depth %d found among %d candidates (random walks of up to %d moves, then uniform boards): boards that deep are rare on %s", d, maxCandidates, longest, goal.Shape())
}

// commonShape is the shape of every group, or "" when they differ.
func commonShape(groups []Group) string {
	s := groups[0].Goal.Shape()
	for _, g := range groups[1:] {
		if g.Goal.Shape() != s {
			return ""
		}
	}
	return s.String()
}

// shardFlag marks a shard's manifest: its generator ends with it.
const shardFlag = " --shard "

// shardGenerator is the generator line of a shard's manifest.
func shardGenerator(gen string, s Shard) string {
	if s.IsZero() {
		return gen
	}
	return gen + shardFlag + s.String()
}

// splitGenerator undoes shardGenerator.
func splitGenerator(gen string) (string, Shard, bool) {
	i := strings.LastIndex(gen, shardFlag)
	if i < 0 {
		return gen, Shard{}, false
	}
	sh, err := ParseShard(gen[i+len(shardFlag):])
	if err != nil {
		return gen, Shard{}, false
	}
	return gen[:i], sh, true
}
