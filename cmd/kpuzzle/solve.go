package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// solveOptions are the flags of kpuzzle solve.
type solveOptions struct {
	puzzle    puzzleFlags
	pdb       pdbFlags
	algo      string
	heuristic string
	tieBreak  string
	weight    float64
	depth     int
	maxNodes  int64
	maxMemory int64
	timeout   time.Duration
	trace     string
	band      bool
	threads   int
	pruning   string
}

func newSolveCmd(a *app) *cobra.Command {
	var opts solveOptions
	cmd := &cobra.Command{
		Use:   "solve PUZZLE",
		Short: "Solve a puzzle with the reference solver and show its statistics",
		Long: `Solve PUZZLE with any algorithm and heuristic of the reference solver and
report the solution and the search statistics, counted as docs/algorithms.md
defines them (expanded = nodes whose successors were generated; generated =
successors created before duplicate detection; max frontier = largest
frontier).

Algorithms (--algo): bfs, dfs (depth-limited, --depth), ids, ucs, greedy,
astar, wastar (--weight), idastar, rbfs, bidirectional, and auto (default):
the fastest route to a proven-optimal answer — an exact distance table for
boards of at most 9 cells, otherwise IDA* with the strongest heuristic
available (a pattern database already in the cache, else linear conflict).
Heuristics (--heuristic): misplaced, manhattan (default), euclidean (and
its variants euclidean-tile-floor, euclidean-ceil, ...: docs/heuristics.md),
linear-conflict, walking-distance, pdb:555, pdb:663, pdb:78, pdb:fringe,
pdb:6666, pdb:auto, pdb:pairs, pdb:dynamic (pairs and triples chosen per state). The A* tie-break (--tie-break; default high-g-lifo:
lowest f, then highest g, then last in, first out) is printed with every
best-first result, since expansion counts depend on it; --band prints the
range every A* run with the heuristic must fall in, whatever its tie-break.

IDA* (also as auto's route) spreads one search over every core; --threads N
sets the number of goroutines. The path is the same whatever N; the counts
are the sums over the threads and differ from the serial search's in the
last iteration only, so --threads 1 gives the counts to compare with a
textbook or a student's serial IDA* (docs/algorithms.md, "Parallel IDA*").

An unsolvable puzzle is reported at once, without search (exit 0). Exit code
0 when solved, 1 when a limit (--max-nodes, --max-memory, --timeout, the
depth limit) stopped the search without a solution, 2 on bad input.
PUZZLE is a file, - for standard input, or set:NAME/ID (see kpuzzle sets).`,
		Example: `  kpuzzle solve puzzle.txt
  kpuzzle solve --algo astar --heuristic manhattan --band puzzle.txt
  kpuzzle solve --algo astar --tie-break low-g-fifo --json puzzle.txt
  kpuzzle solve --algo bfs --max-nodes 1000000 --trace trace.tsv puzzle.txt
  kpuzzle solve --goal blank-first --moves blank set:korf100/9
  kpuzzle solve --algo idastar --heuristic manhattan --threads 1 set:korf100/9`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runSolve(ctx, a, opts, args[0])
		},
	}
	f := cmd.Flags()
	opts.puzzle.register(f)
	opts.puzzle.registerReading(f)
	registerPDBDir(f, &opts.pdb)
	f.StringVar(&opts.algo, "algo", reference.Auto, "algorithm: "+strings.Join(reference.AlgorithmNames(), ", "))
	f.StringVar(&opts.heuristic, "heuristic", "", "heuristic of an informed algorithm (default manhattan; for auto the strongest available)")
	f.StringVar(&opts.tieBreak, "tie-break", search.DefaultTieBreak.String(), "best-first tie-break: high-g-lifo, high-g-fifo, low-g-lifo, low-g-fifo, f-lifo or f-fifo")
	f.Float64Var(&opts.weight, "weight", reference.DefaultWeight, "weighted A*'s w (at least 1)")
	f.IntVar(&opts.depth, "depth", 0, "depth limit of dfs (default: the largest optimal length of the board size where published, else 50)")
	f.Int64Var(&opts.maxNodes, "max-nodes", 0, "stop after this many expansions (0: no limit)")
	f.Int64Var(&opts.maxMemory, "max-memory", 0, "stop a graph search whose stored states would exceed this many MiB (0: no limit)")
	f.DurationVar(&opts.timeout, "timeout", 0, "stop the search after this long, e.g. 10s (0: no limit)")
	f.StringVar(&opts.trace, "trace", "", "write one line per expansion (depth, g, h, state) to FILE")
	f.BoolVar(&opts.band, "band", false, "also compute the A* band of the heuristic (boards of at most 12 cells)")
	registerThreads(f, &opts.threads, "goroutines IDA* spreads its search over (0: every core; 1: the serial search, whose node counts are exact; the other algorithms run on one)")
	registerPruning(f, &opts.pruning)
	return cmd
}

// registerThreads adds --threads, the goroutines of one IDA* search; its
// default 0 means every core, shared among the searches that run at once
// (see resolveThreads).
func registerThreads(f *pflag.FlagSet, n *int, usage string) {
	f.IntVar(n, "threads", 0, usage)
}

// registerPruning adds --pruning, the move sequences IDA* with a pattern
// database leaves out (see inverseOnly).
func registerPruning(f *pflag.FlagSet, p *string) {
	f.StringVar(p, "pruning", pdb.PruneDuplicates.String(), "move sequences IDA* with a pattern database leaves out: duplicates (every sequence of moves that reaches a state an earlier one reaches; fewer nodes) or inverse (only the move undoing the last, as the other IDA* heuristics; the node counts of kpuzzle before duplicate pruning)")
}

// inverseOnly reads --pruning: whether IDA* with a pattern database
// prunes only the inverse of the last move (search.Options.InverseOnly).
// Commands without the flag (sets prove runs bench's code) leave it
// empty: the default.
func inverseOnly(pruning string) (bool, error) {
	if pruning == "" {
		return false, nil
	}
	p, err := pdb.ParsePruning(pruning)
	if err != nil {
		return false, usageErrorf("--pruning: %v", err)
	}
	return p == pdb.PruneInverse, nil
}

// resolveThreads is the number of goroutines of each IDA* search for
// --threads n when jobs searches run at once: n itself, or for 0 the
// cores (GOMAXPROCS) divided among the jobs, at least 1.
func resolveThreads(n, jobs int) (int, error) {
	switch {
	case n < 0:
		return 0, usageErrorf("--threads %d: expected a number of goroutines per search, or 0 for every core", n)
	case n > 0:
		return n, nil
	}
	return max(1, runtime.GOMAXPROCS(0)/max(jobs, 1)), nil
}

// solveStatsJSON are the statistics in JSON.
type solveStatsJSON struct {
	Expanded        int64           `json:"expanded"`
	Generated       int64           `json:"generated"`
	Duplicates      int64           `json:"duplicates"`
	Reopened        int64           `json:"reopened"`
	MaxFrontier     int64           `json:"max_frontier"`
	MaxDepth        int             `json:"max_depth"`
	Stored          int64           `json:"stored"`
	Seconds         float64         `json:"seconds"`
	AllocBytes      uint64          `json:"alloc_bytes"`
	ExpandedByDepth []int64         `json:"expanded_by_depth"`
	ExpandedByF     []int64         `json:"expanded_by_f,omitempty"`
	Iterations      []iterationJSON `json:"iterations,omitempty"`
}

type iterationJSON struct {
	Bound     int   `json:"bound"`
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
}

type bandJSON struct {
	Heuristic  string `json:"heuristic"`
	Cost       int    `json:"cost"`
	MustExpand int64  `json:"must_expand"`
	MayExpand  int64  `json:"may_expand"`
}

// solveJSON is kpuzzle solve's JSON output.
type solveJSON struct {
	File       string `json:"file"`
	Shape      string `json:"shape"`
	Goal       string `json:"goal"`
	Convention string `json:"convention"`
	Solvable   bool   `json:"solvable"`
	Solved     bool   `json:"solved"`
	// Length is null when there is no solution.
	Length  *int     `json:"length"`
	Moves   []string `json:"moves"`
	Optimal bool     `json:"optimal"`
	// Algorithm is what ran ("exact" for an exact-table lookup);
	// RequestedAlgorithm what was asked for.
	Algorithm          string  `json:"algorithm"`
	RequestedAlgorithm string  `json:"requested_algorithm"`
	Heuristic          string  `json:"heuristic"`
	Route              string  `json:"route"`
	TieBreak           string  `json:"tie_break,omitempty"`
	TieBreakRule       string  `json:"tie_break_rule,omitempty"`
	Weight             float64 `json:"weight,omitempty"`
	DepthLimit         int     `json:"depth_limit,omitempty"`
	Stopped            string  `json:"stopped,omitempty"`
	// Threads is the number of goroutines the search ran on (--threads
	// for IDA*, 1 for the other algorithms and with --trace).
	Threads   int            `json:"threads"`
	Stats     solveStatsJSON `json:"stats"`
	Band      *bandJSON      `json:"band,omitempty"`
	BandError string         `json:"band_error,omitempty"`
}

func runSolve(ctx context.Context, a *app, opts solveOptions, path string) error {
	b, g, err := a.readPuzzle(path, &opts.puzzle)
	if err != nil {
		return err
	}
	conv, err := opts.puzzle.convention()
	if err != nil {
		return err
	}
	algo, err := reference.LookupAlgorithm(opts.algo)
	if err != nil {
		return usageErrorf("--algo: %v", err)
	}
	tb, err := search.ParseTieBreak(opts.tieBreak)
	if err != nil {
		return usageErrorf("--tie-break: %v", err)
	}
	if opts.maxNodes < 0 || opts.maxMemory < 0 || opts.timeout < 0 || opts.depth < 0 {
		return usageErrorf("--max-nodes, --max-memory, --timeout and --depth must not be negative")
	}
	inverse, err := inverseOnly(opts.pruning)
	if err != nil {
		return err
	}
	threads, err := resolveThreads(opts.threads, 1)
	if err != nil {
		return err
	}
	if opts.band && algo.Name != "astar" {
		return usageErrorf("--band describes A* runs: use it with --algo astar")
	}
	prover := &reference.Prover{Heuristics: solveHeuristics(opts.pdb.dir)}
	req := reference.Request{
		Board: b, Goal: g, Algorithm: algo.Name, Heuristic: opts.heuristic,
		Weight: opts.weight, DepthLimit: opts.depth, Prover: prover,
		Options: search.Options{TieBreak: tb, Limits: search.Limits{MaxNodes: opts.maxNodes, MaxBytes: opts.maxMemory << 20}, Threads: threads, InverseOnly: inverse},
	}
	if opts.trace != "" {
		f, err := os.Create(opts.trace)
		if err != nil {
			return inputError(err)
		}
		defer f.Close()
		req.Options.Trace = f
	}
	sctx := ctx
	if opts.timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, opts.timeout)
		defer cancel()
	}
	sol, err := reference.Solve(sctx, req)
	stopped := ""
	switch {
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded):
		stopped = fmt.Sprintf("timeout: no solution within %s", opts.timeout)
	case errors.Is(err, context.Canceled):
		stopped = "interrupted"
	case errors.Is(err, search.ErrNodeLimit):
		stopped = fmt.Sprintf("node limit: no solution within %s expansions", textstyle.Digits(opts.maxNodes))
	case errors.Is(err, search.ErrMemoryLimit):
		stopped = fmt.Sprintf("memory limit: the stored states would exceed %d MiB", opts.maxMemory)
	case errors.Is(err, search.ErrNotFound):
		stopped = fmt.Sprintf("no solution within the depth limit %d", sol.DepthLimit)
	default:
		return usageErrorf("%s: %v", path, err)
	}

	out := solveJSON{
		File: path, Shape: b.Shape().String(), Goal: g.Name(), Convention: conv.String(),
		Solvable: sol.Solvable, Solved: sol.Solved, Moves: []string{},
		Optimal: sol.Optimal, Algorithm: sol.Result.Algorithm, RequestedAlgorithm: sol.Algorithm,
		Heuristic: sol.Result.Heuristic, Route: sol.Route, Weight: sol.Weight, DepthLimit: sol.DepthLimit,
		Stopped: stopped, Threads: max(sol.Result.Threads, 1), Stats: statsJSON(sol.Stats),
	}
	if out.Algorithm == "" {
		out.Algorithm = sol.Algorithm
	}
	if sol.Solved {
		n := len(sol.Path)
		out.Length = &n
		out.Moves = conv.Tokens(sol.Path)
	}
	if reference.TieBreakApplies(out.Algorithm) {
		out.TieBreak, out.TieBreakRule = tb.String(), tb.Describe()
	}
	if opts.band && sol.Solvable {
		band, hname, err := solveBand(sctx, prover, req, sol)
		if err != nil {
			out.BandError = err.Error()
		} else {
			out.Band = &bandJSON{Heuristic: hname, Cost: band.Cost, MustExpand: band.MustExpand, MayExpand: band.MayExpand}
		}
	}
	if a.json {
		if err := writeJSON(a.out, out); err != nil {
			return err
		}
	} else {
		printSolve(a, out)
	}
	if stopped != "" {
		return errFindings
	}
	return nil
}

// solveBand computes the A* band of the run's heuristic on the board,
// within the same limits.
func solveBand(ctx context.Context, prover *reference.Prover, req reference.Request, sol reference.Solution) (search.Band, string, error) {
	h, err := prover.Heuristic(ctx, sol.Result.Heuristic, req.Goal)
	if err != nil {
		return search.Band{}, "", err
	}
	band, err := search.AStarBand(ctx, search.Problem{Start: req.Board, Goal: req.Goal}, h, req.Options.Limits)
	return band, h.Name(), err
}

func statsJSON(st search.Stats) solveStatsJSON {
	out := solveStatsJSON{
		Expanded: st.Expanded, Generated: st.Generated, Duplicates: st.Duplicates, Reopened: st.Reopened,
		MaxFrontier: st.MaxFrontier, MaxDepth: st.MaxDepth, Stored: st.Stored,
		Seconds: st.Elapsed.Seconds(), AllocBytes: st.AllocBytes,
		ExpandedByDepth: st.ExpandedByDepth, ExpandedByF: st.ExpandedByF,
	}
	if out.ExpandedByDepth == nil {
		out.ExpandedByDepth = []int64{}
	}
	for _, it := range st.Iterations {
		out.Iterations = append(out.Iterations, iterationJSON(it))
	}
	return out
}

func printSolve(a *app, s solveJSON) {
	w := a.out
	p := a.paint
	if !s.Solvable {
		fmt.Fprintf(w, "%s: %s — the solvability rule decides it without search (see kpuzzle solvable)\n", s.File, p.bad("unsolvable"))
		return
	}
	who := s.Route
	switch {
	case s.Stopped != "":
		fmt.Fprintf(w, "%s: %s (%s)\n", s.File, p.warn("not solved: "+s.Stopped), who)
	default:
		quality := p.good("optimal")
		if !s.Optimal {
			quality = p.warn("not guaranteed optimal")
		}
		fmt.Fprintf(w, "%s: solved in %d moves, %s (%s)\n", s.File, *s.Length, quality, who)
		if len(s.Moves) > 0 {
			fmt.Fprintf(w, "  moves (%s convention): %s\n", s.Convention, strings.Join(s.Moves, " "))
		}
	}
	if s.TieBreak != "" {
		fmt.Fprintf(w, "  tie-break: %s (%s)\n", s.TieBreak, s.TieBreakRule)
	}
	if s.Weight != 0 {
		fmt.Fprintf(w, "  weight: %g (the path is at most %g times the optimum)\n", s.Weight, s.Weight)
	}
	if s.DepthLimit != 0 {
		fmt.Fprintf(w, "  depth limit: %d\n", s.DepthLimit)
	}
	st := s.Stats
	if s.Algorithm == "exact" {
		fmt.Fprintf(w, "  no search: the distance was read from the exact table (%.3fs including building it)\n", st.Seconds)
		return
	}
	fmt.Fprintf(w, "  %s expanded, %s generated, %s duplicates, max frontier %s, max depth %d, %.3fs, %s allocated\n",
		textstyle.Digits(st.Expanded), textstyle.Digits(st.Generated), textstyle.Digits(st.Duplicates),
		textstyle.Digits(st.MaxFrontier), st.MaxDepth, st.Seconds, textstyle.Bytes(int64(st.AllocBytes)))
	if s.Threads > 1 {
		fmt.Fprintf(w, "  on %d threads: the counts add up every thread's nodes\n", s.Threads)
	}
	if st.Reopened > 0 {
		fmt.Fprintf(w, "  %s states reopened (the heuristic is inconsistent)\n", textstyle.Digits(st.Reopened))
	}
	switch {
	case s.Band != nil:
		fmt.Fprintf(w, "  A* band for %s: every A* run expands at least %s and at most %s states (C* = %d)\n",
			s.Band.Heuristic, textstyle.Digits(s.Band.MustExpand), textstyle.Digits(s.Band.MayExpand), s.Band.Cost)
	case s.BandError != "":
		fmt.Fprintf(w, "  A* band: %s\n", s.BandError)
	}
}

// solveHeuristics is the heuristic set of every command that solves or
// names heuristics: the built-ins and pattern databases from the cache in
// dir ("" for the user cache folder).
func solveHeuristics(dir string) *reference.Heuristics {
	return reference.StandardHeuristics(pdb.Options{Dir: dir})
}
