package bench

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Instance is one puzzle of the compared set.
type Instance struct {
	// Name identifies the instance in tables (a number or a file name).
	Name  string
	Board puzzles.Board
	Goal  puzzles.Goal
	// Optimal is the known optimal solution length (published, or the
	// set's answer key), or -1 when unknown.
	Optimal int
}

// Limits bound each run (one combination on one instance). Zero fields
// are unlimited.
type Limits struct {
	// MaxNodes stops a run after this many expansions.
	MaxNodes int64
	// MaxBytes stops a graph search whose stored states would exceed
	// this estimate (see search.Limits.MaxBytes); depth-first searches
	// ignore it.
	MaxBytes int64
	// Timeout stops a run after this much wall time.
	Timeout time.Duration
}

// Config describes a comparison.
type Config struct {
	Combos    []Combo
	Instances []Instance
	Limits    Limits
	// Prover resolves heuristic names and runs auto; nil means a Prover
	// over reference.BuiltinHeuristics. Give one over
	// reference.StandardHeuristics to compare pattern databases.
	Prover *reference.Prover
	// TieBreak orders best-first frontiers; the zero value is the
	// default tie-break.
	TieBreak search.TieBreak
	// Weight is weighted A*'s w (0: reference.DefaultWeight); DepthLimit
	// depth-limited search's limit (0: the shape's default).
	Weight     float64
	DepthLimit int
	// Jobs is the number of runs at once; 0 or 1 runs them one after the
	// other, which keeps each run's time free of the others' load.
	Jobs int
	// Threads is the number of goroutines each IDA* run spreads its
	// search over (search.Options.Threads; 0 and 1: the serial search);
	// the other algorithms run on one. Jobs runs at once use up to
	// Jobs x Threads goroutines.
	Threads int
	// InverseOnly makes IDA* with a pattern database leave out only the
	// move that undoes the last one, not every duplicate sequence its
	// pruning machine knows (search.Options.InverseOnly): the node counts
	// of the generic IDA*, node for node.
	InverseOnly bool
	// PickHeuristic, when not nil, chooses for each goal of the set the
	// heuristic of a combination that names none (an informed algorithm
	// other than auto with Heuristic ""), and may return a note saying
	// why (it is added to Report.Notes). Nil leaves such a combination
	// to reference.DefaultHeuristic. StrongestDatabase is the choice of
	// kpuzzle bench.
	PickHeuristic func(g puzzles.Goal) (name, note string, err error)
	// Progress, when not nil, is called from the goroutine that called
	// Run after every finished run.
	Progress func(Progress)
}

// Progress reports one finished run.
type Progress struct {
	// Done runs of Total are finished.
	Done, Total int
	Combo       Combo
	Instance    string
	Result      Result
}

// Status is how a run ended.
type Status string

// The statuses of a run.
const (
	// StatusSolved: a solution was found.
	StatusSolved Status = "solved"
	// StatusUnsolvable: the board cannot reach the goal (decided by the
	// parity rule, without search).
	StatusUnsolvable Status = "unsolvable"
	// StatusTimeout: Limits.Timeout ran out.
	StatusTimeout Status = "timeout"
	// StatusNodeLimit: Limits.MaxNodes expansions were made.
	StatusNodeLimit Status = "node-limit"
	// StatusMemoryLimit: the graph search would have exceeded
	// Limits.MaxBytes.
	StatusMemoryLimit Status = "memory-limit"
	// StatusNotFound: the algorithm's own bound (depth-limited search's
	// depth limit) holds no solution.
	StatusNotFound Status = "not-found"
)

// Finished reports whether the run ended by itself (solved or proved
// unsolvable) rather than by a limit.
func (s Status) Finished() bool { return s == StatusSolved || s == StatusUnsolvable }

// Result is one combination's run on one instance.
type Result struct {
	Status Status `json:"status"`
	// Length is the solution's number of moves, -1 without a solution.
	Length int `json:"length"`
	// Optimal reports that the solver guarantees the solution is a
	// shortest one (an optimal algorithm with an admissible heuristic that
	// ran to completion).
	Optimal bool `json:"optimal"`
	// Mismatch is set when a solution guaranteed optimal is not as long
	// as the instance's known optimal length, or an instance with a known
	// length was found unsolvable: a bug, or a wrong answer key.
	Mismatch    bool    `json:"mismatch,omitempty"`
	Expanded    int64   `json:"expanded"`
	Generated   int64   `json:"generated"`
	MaxFrontier int64   `json:"max_frontier"`
	Seconds     float64 `json:"seconds"`
	// Branching is the effective branching factor (see
	// EffectiveBranching) of a solved run, 0 when it is not defined.
	Branching float64 `json:"branching"`
	// Route says how the solver ran, e.g. "astar + manhattan".
	Route string `json:"route,omitempty"`
	// InitialH is the heuristic's estimate of the start, 0 for an
	// uninformed algorithm, auto, and an unsolvable board.
	InitialH int `json:"initial_h"`
	// Threads is the number of goroutines the search ran on.
	Threads int `json:"threads"`
}

// Run runs every combination on every instance within the limits and
// returns the report: the one path of every comparison, whatever the
// algorithm and heuristic (IDA* with a pattern database runs the
// databases' own fast search through reference.Solve).
//
// It first builds every heuristic the combinations name (or
// Config.PickHeuristic picks) for every goal of the set, timing it apart
// (ComboResult.SetupSeconds; pattern databases may take long, ctx bounds
// that), so a bad name or a heuristic that does not fit the boards is a
// *HeuristicError before anything runs; a combination that would run
// without any limit on a large board is an *UnboundedError. A run
// stopped by a limit is a result, not an error; a cancelled ctx stops
// the comparison with ctx's error.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if err := runguard.Check("bench.Run"); err != nil {
		return Report{}, err
	}
	if len(cfg.Combos) == 0 {
		return Report{}, errors.New("bench: no combination to run")
	}
	if len(cfg.Instances) == 0 {
		return Report{}, errors.New("bench: no instance to run on")
	}
	if cfg.Limits.MaxNodes < 0 || cfg.Limits.MaxBytes < 0 || cfg.Limits.Timeout < 0 {
		return Report{}, errors.New("bench: limits must not be negative")
	}
	prover := cfg.Prover
	if prover == nil {
		prover = &reference.Prover{}
	}
	for i, in := range cfg.Instances {
		if in.Board.IsZero() || in.Goal.IsZero() || in.Board.Shape() != in.Goal.Shape() {
			return Report{}, fmt.Errorf("bench: instance %d (%s) needs a board and a goal of the same shape", i+1, in.Name)
		}
	}
	plan, err := prepare(ctx, prover, cfg)
	if err != nil {
		return Report{}, err
	}

	type job struct{ combo, inst int }
	type done struct {
		job
		res Result
		err error
	}
	jobs := make([]job, 0, len(cfg.Combos)*len(cfg.Instances))
	for c := range cfg.Combos {
		for i := range cfg.Instances {
			jobs = append(jobs, job{c, i})
		}
	}
	workers := min(max(cfg.Jobs, 1), len(jobs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	queue := make(chan job)
	results := make(chan done)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				in := cfg.Instances[j.inst]
				res, err := runOne(ctx, prover, cfg, cfg.Combos[j.combo], plan.heuristic(j.combo, in.Goal), in)
				select {
				case results <- done{j, res, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(queue)
		for _, j := range jobs {
			select {
			case queue <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	rep := Report{Instances: cfg.Instances, Combos: make([]ComboResult, len(cfg.Combos)), Notes: plan.notes, Threads: max(cfg.Threads, 1)}
	for c, combo := range cfg.Combos {
		rep.Combos[c] = ComboResult{Combo: combo, Results: make([]Result, len(cfg.Instances)),
			Heuristics: plan.uses[c], SetupSeconds: plan.seconds[c]}
	}
	var firstErr error
	n := 0
	for d := range results {
		if d.err != nil {
			if firstErr == nil {
				firstErr = d.err
				cancel()
			}
			continue
		}
		rep.Combos[d.combo].Results[d.inst] = d.res
		n++
		if cfg.Progress != nil && firstErr == nil {
			cfg.Progress(Progress{Done: n, Total: len(jobs), Combo: cfg.Combos[d.combo], Instance: cfg.Instances[d.inst].Name, Result: d.res})
		}
	}
	if firstErr != nil {
		return Report{}, firstErr
	}
	if n < len(jobs) {
		return Report{}, fmt.Errorf("bench: %w", context.Cause(ctx))
	}
	rep.finish()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.MemoryBytes = ms.Sys
	return rep, nil
}

// plan is what prepare settles before any run: the heuristic each
// combination runs with on each goal, and what building them took.
type plan struct {
	// names[c][goal key] is combination c's heuristic on that goal.
	names   []map[string]string
	uses    [][]HeuristicUse
	seconds []float64
	notes   []string
}

func (p plan) heuristic(c int, g puzzles.Goal) string { return p.names[c][goalKey(g)] }

func goalKey(g puzzles.Goal) string { return g.Shape().String() + ":" + g.Board().String() }

// prepare resolves and builds every heuristic of every combination for
// every goal once, so that a bad name fails before any run and no run
// pays for a build; it refuses a combination that could run unbounded
// on a large board (see UnboundedError).
func prepare(ctx context.Context, prover *reference.Prover, cfg Config) (plan, error) {
	goals := map[string]puzzles.Goal{}
	var order []string
	for _, in := range cfg.Instances {
		k := goalKey(in.Goal)
		if _, ok := goals[k]; !ok {
			goals[k] = in.Goal
			order = append(order, k)
		}
	}
	p := plan{names: make([]map[string]string, len(cfg.Combos)), uses: make([][]HeuristicUse, len(cfg.Combos)), seconds: make([]float64, len(cfg.Combos))}
	for i, c := range cfg.Combos {
		a, err := reference.LookupAlgorithm(c.Algorithm)
		if err != nil {
			return plan{}, fmt.Errorf("bench: %w", err)
		}
		if !a.Informed && c.Heuristic != "" {
			return plan{}, fmt.Errorf("bench: %s is uninformed and takes no heuristic", c)
		}
		p.names[i] = map[string]string{}
		for _, k := range order {
			name := c.Heuristic
			if name == "" && a.Informed && a.Name != reference.Auto && cfg.PickHeuristic != nil {
				var note string
				if name, note, err = cfg.PickHeuristic(goals[k]); err != nil {
					return plan{}, fmt.Errorf("bench: %s on %s boards: %w", c, goals[k].Shape(), err)
				}
				if note != "" && !slices.Contains(p.notes, note) {
					p.notes = append(p.notes, note)
				}
			}
			p.names[i][k] = name
		}
	}
	if err := checkBounded(cfg, p, goals); err != nil {
		return plan{}, err
	}
	for i, c := range cfg.Combos {
		start := time.Now()
		seen := map[string]bool{}
		for _, k := range order {
			name := p.names[i][k]
			if name == "" {
				continue
			}
			h, err := prover.Heuristic(ctx, name, goals[k])
			if err != nil {
				return plan{}, &HeuristicError{Combo: c, Heuristic: name, Goal: goals[k], Err: err}
			}
			if seen[h.Name()+"|"+k] {
				continue
			}
			seen[h.Name()+"|"+k] = true
			p.uses[i] = append(p.uses[i], heuristicUse(h, goals[k]))
		}
		p.seconds[i] = time.Since(start).Seconds()
	}
	return p, nil
}

// HeuristicUse describes a heuristic a combination ran with on one goal.
type HeuristicUse struct {
	// Name is the heuristic's own name, e.g. "pdb:663".
	Name string `json:"name"`
	// Shape and Goal name the boards it was built for.
	Shape string `json:"shape"`
	Goal  string `json:"goal"`
	// Bytes is the memory of its tables (pattern databases), 0 for a
	// heuristic without any.
	Bytes int64 `json:"bytes"`
	// Reflects reports that a pattern database also looks the board up
	// reflected about the diagonal.
	Reflects bool `json:"reflects"`
}

func heuristicUse(h search.Heuristic, g puzzles.Goal) HeuristicUse {
	u := HeuristicUse{Name: h.Name(), Shape: g.Shape().String(), Goal: g.Name()}
	if t, ok := h.(interface{ Bytes() int64 }); ok {
		u.Bytes = t.Bytes()
	}
	if r, ok := h.(interface{ Reflects() bool }); ok {
		u.Reflects = r.Reflects()
	}
	return u
}

// HeuristicError is a heuristic that could not be had for a combination
// on a goal: an unknown name, one that does not fit the board, or a
// pattern database missing from the cache when building is off (Err then
// wraps pdb.ErrNotBuilt).
type HeuristicError struct {
	Combo     Combo
	Heuristic string
	Goal      puzzles.Goal
	Err       error
}

func (e *HeuristicError) Error() string {
	return fmt.Sprintf("bench: %s on %s boards: %v", e.Combo.Algorithm+":"+e.Heuristic, e.Goal.Shape(), e.Err)
}

func (e *HeuristicError) Unwrap() error { return e.Err }

// LargeBoardCells is the largest board a comparison runs without limits:
// beyond it (4x4 and up) uninformed searches and weak heuristics run for
// hours or exhaust memory.
const LargeBoardCells = 12

// UnboundedError is returned by Run, before anything runs, for a
// combination that has neither a pattern database nor the auto route
// and would run without a node or time limit on boards of more than
// LargeBoardCells cells: such a run may take hours or exhaust the
// memory, where a limit reports it as not finished.
type UnboundedError struct {
	Combo Combo
	Shape puzzles.Shape
}

func (e *UnboundedError) Error() string {
	return fmt.Sprintf("bench: %s on %s boards has no limit and may run for hours or exhaust the memory: give a node or time limit", e.Combo, e.Shape)
}

func checkBounded(cfg Config, p plan, goals map[string]puzzles.Goal) error {
	if cfg.Limits.Timeout > 0 || cfg.Limits.MaxNodes > 0 {
		return nil
	}
	for i, c := range cfg.Combos {
		for k, g := range goals {
			if g.Shape().Cells() <= LargeBoardCells {
				continue
			}
			name := p.names[i][k]
			if strings.HasPrefix(strings.ToLower(name), "pdb:") || (c.Algorithm == reference.Auto && name == "") {
				continue
			}
			return &UnboundedError{Combo: c, Shape: g.Shape()}
		}
	}
	return nil
}

// runOne solves one instance with one combination within the limits. Its
// error is for what no limit explains: a cancelled comparison, a broken
// configuration.
func runOne(ctx context.Context, prover *reference.Prover, cfg Config, c Combo, heuristic string, in Instance) (Result, error) {
	rctx := ctx
	if cfg.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, cfg.Limits.Timeout)
		defer cancel()
	}
	limits := search.Limits{MaxNodes: cfg.Limits.MaxNodes}
	if reference.GraphSearch(c.Algorithm) {
		// Depth-first searches ignore a memory budget, and IDA* takes its
		// fast pattern-database loop only without one.
		limits.MaxBytes = cfg.Limits.MaxBytes
	}
	sol, err := reference.Solve(rctx, reference.Request{
		Board: in.Board, Goal: in.Goal, Algorithm: c.Algorithm, Heuristic: heuristic,
		Weight: cfg.Weight, DepthLimit: cfg.DepthLimit, Prover: prover,
		Options: search.Options{Limits: limits, TieBreak: cfg.TieBreak, Threads: cfg.Threads, InverseOnly: cfg.InverseOnly},
	})
	st := sol.Stats
	r := Result{Length: -1, Expanded: st.Expanded, Generated: st.Generated, MaxFrontier: st.MaxFrontier,
		Seconds: st.Elapsed.Seconds(), Route: sol.Route, Threads: max(sol.Result.Threads, 1)}
	switch {
	case ctx.Err() != nil:
		return r, fmt.Errorf("bench: %w", context.Cause(ctx))
	case err == nil && !sol.Solvable:
		r.Status = StatusUnsolvable
		r.Mismatch = in.Optimal >= 0
		return r, nil
	}
	if heuristic != "" {
		// Built by prepare: this is a lookup in the prover's cache.
		h, herr := prover.Heuristic(ctx, heuristic, in.Goal)
		if herr != nil {
			return r, fmt.Errorf("bench: %s on %s: %w", c, in.Name, herr)
		}
		r.InitialH = h.Estimate(in.Board.Bytes())
	}
	switch {
	case err == nil:
		r.Status, r.Length, r.Optimal = StatusSolved, len(sol.Path), sol.Optimal
		if end, aerr := in.Board.Apply(sol.Path); aerr != nil || !in.Goal.Reached(end) {
			return r, fmt.Errorf("bench: %s on %s: the solver's path does not reach the goal", c, in.Name)
		}
		r.Mismatch = r.Optimal && in.Optimal >= 0 && r.Length != in.Optimal
		if b, ok := EffectiveBranching(r.Generated, r.Length); ok {
			r.Branching = b
		}
	case errors.Is(err, context.DeadlineExceeded):
		r.Status = StatusTimeout
	case errors.Is(err, search.ErrNodeLimit):
		r.Status = StatusNodeLimit
	case errors.Is(err, search.ErrMemoryLimit):
		r.Status = StatusMemoryLimit
	case errors.Is(err, search.ErrNotFound):
		r.Status = StatusNotFound
	default:
		return r, fmt.Errorf("bench: %s on %s: %w", c, in.Name, err)
	}
	return r, nil
}
