package reference

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Proof is an optimal solution with the route that proved it optimal.
type Proof struct {
	// Length is the optimal number of moves.
	Length int
	// Path is an optimal solution as blank moves.
	Path []puzzles.Dir
	// Method says how optimality was proved, e.g. "exact table 3x3" or
	// "IDA* + linear-conflict".
	Method string
	// Stats are the search's counts (zero for an exact-table lookup but
	// for Elapsed).
	Stats search.Stats
}

// DefaultMaxTableCells is the largest board, in cells, that a Prover
// proves with an exact distance table by default: a 3x3 table builds in
// about 15 ms and takes 181 KB, while the next size up (2x5) takes 1.8 MB
// and a third of a second (docs/performance.md), too much to pay on the
// first board of a one-off proof.
const DefaultMaxTableCells = 9

// Prover proves optimal solution lengths by the fastest route it has: an
// exact distance table, built once per goal and kept, for boards of at
// most MaxTableCells cells; otherwise IDA* with the strongest available
// heuristic of Heuristics that fits the board (see
// HeuristicInfo.AutoBuild), built once per goal and kept. A Prover
// is safe for concurrent use; its zero value is ready to use.
type Prover struct {
	// Heuristics supplies IDA*'s heuristic; nil means BuiltinHeuristics()
	// (AutoHeuristics() when Prove chooses one: the same candidates,
	// without linking the variants only a name asks for).
	Heuristics *Heuristics
	// MaxTableCells bounds the boards proved by an exact table; 0 means
	// DefaultMaxTableCells and a negative value disables tables.
	MaxTableCells int
	// Threads is the number of goroutines Prove's IDA* spreads each
	// iteration over (search.Options.Threads); 0 and 1 mean one.
	Threads int

	once, autoOnce sync.Once
	builtin, auto  *Heuristics
	mu             sync.Mutex
	tables         map[string]*cached[*exact.Table]
	heuristics     map[string]*cached[search.Heuristic]
}

// cached is a value built once; concurrent callers wait for the builder.
// A build that fails is not kept, so a later call tries again.
type cached[T any] struct {
	mu    sync.Mutex
	value T
	ok    bool
}

func (c *cached[T]) get(build func() (T, error)) (T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ok {
		return c.value, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	c.value, c.ok = v, true
	return v, nil
}

func (p *Prover) heuristicSet() *Heuristics {
	if p.Heuristics != nil {
		return p.Heuristics
	}
	p.once.Do(func() { p.builtin = BuiltinHeuristics() })
	return p.builtin
}

// candidateSet is the set the auto route chooses from: Heuristics, or
// AutoHeuristics(), whose candidates are BuiltinHeuristics()' (the
// others are NamedOnly).
func (p *Prover) candidateSet() *Heuristics {
	if p.Heuristics != nil {
		return p.Heuristics
	}
	p.autoOnce.Do(func() { p.auto = AutoHeuristics() })
	return p.auto
}

func (p *Prover) maxTableCells() int {
	switch {
	case p.MaxTableCells == 0:
		return DefaultMaxTableCells
	case p.MaxTableCells < 0:
		return 0
	}
	return min(p.MaxTableCells, exact.MaxCells)
}

// goalKey identifies a goal: its shape and its cells.
func goalKey(g puzzles.Goal) string {
	return g.Shape().String() + ":" + g.Board().String()
}

// Table returns the exact distance table of goal g, building it on first
// use, or false when g's board is larger than MaxTableCells.
func (p *Prover) Table(ctx context.Context, g puzzles.Goal) (*exact.Table, bool, error) {
	if g.Shape().Cells() > p.maxTableCells() {
		return nil, false, nil
	}
	p.mu.Lock()
	if p.tables == nil {
		p.tables = make(map[string]*cached[*exact.Table])
	}
	key := goalKey(g)
	c := p.tables[key]
	if c == nil {
		c = &cached[*exact.Table]{}
		p.tables[key] = c
	}
	p.mu.Unlock()
	t, err := c.get(func() (*exact.Table, error) { return exact.Build(ctx, g, exact.Options{}) })
	if err != nil {
		return nil, false, fmt.Errorf("exact table %s: %w", g.Shape(), err)
	}
	return t, true, nil
}

// Heuristic returns the heuristic called name for goal g, building it on
// first use.
func (p *Prover) Heuristic(ctx context.Context, name string, g puzzles.Goal) (search.Heuristic, error) {
	return p.cachedHeuristic(ctx, strings.ToLower(strings.TrimSpace(name)), g, func() (search.Heuristic, error) {
		return p.heuristicSet().Build(ctx, name, g)
	})
}

func (p *Prover) cachedHeuristic(_ context.Context, name string, g puzzles.Goal, build func() (search.Heuristic, error)) (search.Heuristic, error) {
	p.mu.Lock()
	if p.heuristics == nil {
		p.heuristics = make(map[string]*cached[search.Heuristic])
	}
	key := name + "|" + goalKey(g)
	c := p.heuristics[key]
	if c == nil {
		c = &cached[search.Heuristic]{}
		p.heuristics[key] = c
	}
	p.mu.Unlock()
	return c.get(build)
}

// autoHeuristic is the strongest heuristic for g that is available: the
// candidates are tried strongest first, and one whose AutoBuild reports
// ErrUnavailable is passed over.
func (p *Prover) autoHeuristic(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
	cands := p.candidateSet().Candidates(g.Shape())
	for _, info := range cands {
		if info.AutoBuild == nil {
			// Cached as Heuristic caches it by name.
			return p.cachedHeuristic(ctx, info.Name, g, func() (search.Heuristic, error) { return info.Build(ctx, g) })
		}
		h, err := p.cachedHeuristic(ctx, "auto|"+info.Name, g, func() (search.Heuristic, error) { return info.AutoBuild(ctx, g) })
		if errors.Is(err, ErrUnavailable) {
			continue
		}
		return h, err
	}
	return nil, fmt.Errorf("no heuristic fits %s boards", g.Shape())
}

// Prove returns an optimal solution of b for goal g, or an error wrapping
// puzzles.ErrUnsolvable (reported at once, without search), or an error
// wrapping ctx's error if it cannot finish in time.
func (p *Prover) Prove(ctx context.Context, b puzzles.Board, g puzzles.Goal) (Proof, error) {
	if err := runguard.Check("reference.Prover.Prove"); err != nil {
		return Proof{}, err
	}
	proof, _, err := p.prove(ctx, b, g, p.autoHeuristic, search.Options{Threads: p.Threads})
	return proof, err
}

// ProveWithin is Prove within a budget of work: an IDA* proof stops
// after lim.MaxNodes expansions with an error wrapping
// search.ErrNodeLimit (an exact table needs none). A budget of work, not
// of time, gives the same answer on every machine.
func (p *Prover) ProveWithin(ctx context.Context, b puzzles.Board, g puzzles.Goal, lim search.Limits) (Proof, error) {
	if err := runguard.Check("reference.Prover.ProveWithin"); err != nil {
		return Proof{}, err
	}
	proof, _, err := p.prove(ctx, b, g, p.autoHeuristic, search.Options{Limits: lim})
	return proof, err
}

// route says which algorithm and heuristic a proof used.
type route struct {
	algorithm string // "exact" or "idastar"
	heuristic string
}

// prove is Prove with the heuristic of the IDA* route chosen by choose
// (p.autoHeuristic, or one by name) and search options (limits, trace).
// Prove does not name a heuristic, so a program that only proves links
// none of the heuristics a name alone asks for.
func (p *Prover) prove(ctx context.Context, b puzzles.Board, g puzzles.Goal, choose func(context.Context, puzzles.Goal) (search.Heuristic, error), o search.Options) (Proof, route, error) {
	if b.IsZero() || g.IsZero() {
		return Proof{}, route{}, errors.New("prove optimal: needs a board and a goal")
	}
	if b.Shape() != g.Shape() {
		return Proof{}, route{}, fmt.Errorf("prove optimal: board is %s but goal is %s", b.Shape(), g.Shape())
	}
	if !puzzles.Solvable(b, g) {
		return Proof{}, route{}, fmt.Errorf("prove optimal: %w: %s cannot reach the %s goal", puzzles.ErrUnsolvable, b, g.Name())
	}
	start := time.Now()
	t, ok, err := p.Table(ctx, g)
	if err != nil {
		return Proof{}, route{}, fmt.Errorf("prove optimal: %w", err)
	}
	if ok {
		path, err := t.Path(b)
		if err != nil {
			return Proof{}, route{}, fmt.Errorf("prove optimal: %w", err)
		}
		return Proof{Length: len(path), Path: path, Method: "exact table " + g.Shape().String(),
			Stats: search.Stats{Elapsed: time.Since(start)}}, route{algorithm: "exact"}, nil
	}
	h, err := choose(ctx, g)
	if err != nil {
		return Proof{}, route{}, fmt.Errorf("prove optimal: %w", err)
	}
	rt := route{algorithm: "idastar", heuristic: h.Name()}
	method := "IDA* + " + h.Name()
	res, err := idaStar(ctx, b, g, h, o)
	if err != nil {
		return Proof{Method: method, Stats: res.Stats}, rt, fmt.Errorf("prove optimal: %w", err)
	}
	if !res.Optimal {
		return Proof{Method: method, Stats: res.Stats}, rt, errors.New("prove optimal: " + h.Name() + " is not admissible, so IDA* proves nothing")
	}
	return Proof{Length: len(res.Path), Path: res.Path, Method: method, Stats: res.Stats}, rt, nil
}

var defaultProver = sync.OnceValue(func() *Prover { return &Prover{} })

// ProveOptimal returns an optimal solution of b for goal g, or an error
// wrapping puzzles.ErrUnsolvable, or ctx's error if it cannot finish in
// time.
//
// It uses one process-wide Prover with the built-in heuristics: exact
// tables for boards of at most 9 cells (built on first use and kept, 181
// KB for 3x3), IDA* with linear conflict otherwise. Callers with pattern
// databases make their own Prover with a Heuristics value that holds
// them.
func ProveOptimal(ctx context.Context, b puzzles.Board, g puzzles.Goal) (Proof, error) {
	return defaultProver().Prove(ctx, b, g)
}
