package reference

import (
	"context"
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"math"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// DefaultWeight is weighted A*'s w when a Request does not give one.
const DefaultWeight = 2.0

// DefaultHeuristic is the heuristic of an informed algorithm other than
// auto when a Request names none.
const DefaultHeuristic = heuristics.NameManhattan

// Request asks the reference solver to solve one board.
type Request struct {
	Board puzzles.Board
	Goal  puzzles.Goal
	// Algorithm is a name or alias from Algorithms; "" means auto.
	Algorithm string
	// Heuristic names the heuristic of an informed algorithm; "" means
	// DefaultHeuristic, or for auto the strongest that fits the board.
	// Uninformed algorithms reject a heuristic.
	Heuristic string
	// Weight is weighted A*'s w (≥ 1); 0 means DefaultWeight.
	Weight float64
	// DepthLimit is depth-limited search's limit; 0 means
	// DefaultDepthLimit of the board's shape.
	DepthLimit int
	// Options are the search's limits, tie-break and trace.
	Options search.Options
	// Heuristics resolves heuristic names; nil means BuiltinHeuristics().
	// It is ignored when Prover is set (the Prover's own set is used).
	Heuristics *Heuristics
	// Prover runs the auto route and caches its tables and heuristics;
	// nil means a new Prover over Heuristics.
	Prover *Prover
}

// Solution is the reference solver's answer to a Request.
type Solution struct {
	// Solvable is false when the board cannot reach the goal; nothing
	// else is then filled in but Algorithm and Route.
	Solvable bool
	// Result is the search's result; Result.Algorithm is the algorithm
	// that ran ("exact" when auto read an exact table).
	search.Result
	// Algorithm is the canonical name of the algorithm asked for (so
	// "auto" when auto was asked for, whatever ran).
	Algorithm string
	// Route says how the answer was found, e.g. "exact table 3x3",
	// "IDA* + linear-conflict" or "A* + manhattan".
	Route string
	// Weight is weighted A*'s w, DepthLimit depth-limited search's limit;
	// 0 for the other algorithms.
	Weight     float64
	DepthLimit int
}

// DefaultDepthLimit is the depth limit of depth-limited search on shape s
// when none is given: the largest optimal solution length of the shape
// where it is published (21 for 2x3, 36 for 2x4, 31 for 3x3, 53 for 3x4,
// 80 for 4x4), else 50.
func DefaultDepthLimit(s puzzles.Shape) int {
	if t, ok := puzzles.PublishedDepths(s); ok {
		return t.MaxDepth()
	}
	if s.Rows == 4 && s.Cols == 4 {
		return 80
	}
	return 50
}

// Solve runs the algorithm a Request names. An unsolvable board is
// reported at once (Solvable false, nil error), without search. The error
// of a search stopped by a limit or by ctx wraps search.ErrNodeLimit,
// search.ErrMemoryLimit, search.ErrNotFound or ctx's error, and the
// Solution still carries the search's statistics.
func Solve(ctx context.Context, req Request) (Solution, error) {
	if err := runguard.Check("reference.Solve"); err != nil {
		return Solution{}, err
	}
	algo, err := LookupAlgorithm(req.Algorithm)
	if err != nil {
		return Solution{}, err
	}
	sol := Solution{Algorithm: algo.Name}
	if req.Board.IsZero() || req.Goal.IsZero() {
		return sol, errors.New("solve: a request needs a board and a goal")
	}
	if req.Board.Shape() != req.Goal.Shape() {
		return sol, fmt.Errorf("solve: the board is %s but the goal is %s", req.Board.Shape(), req.Goal.Shape())
	}
	if !algo.Informed && req.Heuristic != "" {
		return sol, fmt.Errorf("solve: %s is uninformed and takes no heuristic (got %q)", algo.Name, req.Heuristic)
	}
	prover := req.Prover
	if prover == nil {
		prover = &Prover{Heuristics: req.Heuristics}
	}
	// Resolve every name before deciding solvability, so that a bad
	// name is reported as such on any board.
	hname := req.Heuristic
	if algo.Informed && algo.Name != Auto && hname == "" {
		hname = DefaultHeuristic
	}
	if hname != "" {
		if _, ok := prover.heuristicSet().Lookup(hname); !ok {
			return sol, fmt.Errorf("heuristic %q: expected one of %s%s", hname, strings.Join(prover.heuristicSet().Names(), ", "), suggest.Phrase(hname, prover.heuristicSet().Names()))
		}
	}
	if algo.Name == "wastar" {
		sol.Weight = req.Weight
		if sol.Weight == 0 {
			sol.Weight = DefaultWeight
		}
		if math.IsNaN(sol.Weight) || sol.Weight < 1 || sol.Weight > 1000 {
			return sol, fmt.Errorf("solve: weight %v: expected a number from 1 to 1000", sol.Weight)
		}
	}
	if algo.Name == "dfs" {
		sol.DepthLimit = req.DepthLimit
		if sol.DepthLimit == 0 {
			sol.DepthLimit = DefaultDepthLimit(req.Board.Shape())
		}
		if sol.DepthLimit < 0 {
			return sol, fmt.Errorf("solve: depth limit %d: expected a positive number", sol.DepthLimit)
		}
	}
	if !puzzles.Solvable(req.Board, req.Goal) {
		sol.Route = "solvability rule (no search)"
		return sol, nil
	}
	sol.Solvable = true

	if algo.Name == Auto {
		return solveAuto(ctx, prover, req, sol)
	}
	spec := runSpec{p: search.Problem{Start: req.Board, Goal: req.Goal}, weight: sol.Weight, depth: sol.DepthLimit, o: req.Options}
	sol.Route = algo.Name
	if algo.Informed {
		if spec.h, err = prover.Heuristic(ctx, hname, req.Goal); err != nil {
			return sol, fmt.Errorf("solve: %w", err)
		}
		sol.Route = algo.Name + " + " + spec.h.Name()
	}
	sol.Result, err = algo.run(ctx, spec)
	if err != nil {
		return sol, fmt.Errorf("solve: %w", err)
	}
	return sol, nil
}

// solveAuto proves an optimal solution through the prover and reports it
// as a Result.
func solveAuto(ctx context.Context, prover *Prover, req Request, sol Solution) (Solution, error) {
	start := time.Now()
	choose := prover.autoHeuristic
	if req.Heuristic != "" {
		choose = func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
			return prover.Heuristic(ctx, req.Heuristic, g)
		}
	}
	proof, rt, err := prover.prove(ctx, req.Board, req.Goal, choose, req.Options)
	sol.Route = proof.Method
	sol.Result.Algorithm, sol.Result.Heuristic = rt.algorithm, rt.heuristic
	sol.Result.Threads = 1
	if rt.algorithm == "idastar" && req.Options.Trace == nil {
		sol.Result.Threads = max(req.Options.Threads, 1)
	}
	sol.Stats = proof.Stats
	if sol.Stats.Elapsed == 0 {
		sol.Stats.Elapsed = time.Since(start)
	}
	if err != nil {
		return sol, err
	}
	sol.Solved, sol.Optimal, sol.Path = true, true, proof.Path
	return sol, nil
}
