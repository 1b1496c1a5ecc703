package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/internal/suggest"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/bench/chart"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/pdb/dynamic"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// benchOptions are the options of kpuzzle bench; the flags write into
// them.
type benchOptions struct {
	set          string
	algos        string
	heuristics   string
	runs         string
	limit        int
	only         string
	timeout      time.Duration
	maxNodes     int64
	maxMemory    int64
	goal         string
	noBuild      bool
	noReflection bool
	pdb          pdbFlags
	plots        string
	plotFormat   string
	csv          bool
	jobs         int
	tieBreak     string
	// algosGiven and heuristicsGiven record that --algo or --heuristic
	// was on the command line, which --run replaces.
	algosGiven, heuristicsGiven bool
}

func newBenchCmd(a *app) *cobra.Command {
	o := &benchOptions{}
	cmd := &cobra.Command{
		Use:   "bench [SET]",
		Short: "Compare algorithms and heuristics over a puzzle set, with tables and plots",
		Long: `Run algorithms x heuristics over a puzzle set and print the table instructors
expect: per combination, instances solved, how many with the optimal length,
mean and maximum nodes expanded, mean nodes generated, mean and maximum
largest frontier, mean effective branching factor b*, and time; with --csv
or --json instead, and plots with --plots DIR.

The set (SET or --set) is a shipped set (korf100, hard80, 8puzzle-hardest,
cs3243-public, ...; see kpuzzle sets), a folder of puzzle files (with the
manifest.json of kpuzzle gen, when present, for the known lengths), or a set
generated on the fly: gen:SHAPE:DEPTHS:COUNT[:SEED], for example
gen:3x3:20-30:50 (50 boards of the 3x3 puzzle with optimal lengths 20 to 30
spread evenly, seed 1; the same spec always gives the same boards).

Combinations: --algo a,b and --heuristic x,y run each uninformed algorithm
(bfs, ids, ucs, dfs, bidirectional) once and each informed one (astar,
idastar, greedy, wastar, rbfs, auto) once per heuristic; --run takes explicit
pairs instead, ALGORITHM or ALGORITHM:HEURISTIC, e.g.
--run bfs,ids,astar:manhattan,idastar:pdb:663.

Limits apply to each run: --max-nodes (expansions), --timeout, --max-memory
(graph searches). A run stopped by one is reported as not finished, with
its counts left out of the means. On boards of more than 12 cells a
combination without a pattern database needs --timeout or --max-nodes.
Means and maxima are over the solved runs; b* solves N+1 = 1 + b* + ... +
b*^d for the N nodes generated and the solution depth d.

--plots DIR writes nodes.svg (mean nodes expanded against optimal length,
log scale), frontier.svg (largest frontier, log scale) and branching.svg
(b*), one series per combination; --plot-format png for PNG.

With only IDA* (or auto) and pattern databases (the default: --algo idastar
and the strongest database available), bench prints one row per instance
instead — length found, published length, nodes generated, seconds — as for
Korf's 100 instances; databases are loaded or built first and their time
is reported apart. Exit status 1 when a solution the solver guarantees
optimal differs from the known length (and, in the pattern-database table,
when an instance was stopped by a limit), 2 for a bad invocation or input.
See docs/bench.md.`,
		Example: `  kpuzzle bench --set gen:3x3:10-30:50 --run bfs,ids,astar:misplaced,astar:manhattan,astar:linear-conflict,astar:euclidean,idastar:manhattan --max-nodes 1000000 --plots plots
  kpuzzle bench --set 8puzzle-hardest --algo bfs,astar --heuristic misplaced,manhattan --csv
  kpuzzle bench --set korf100 --run idastar:manhattan,idastar:pdb:663 --limit 10 --timeout 30s
  kpuzzle bench korf100 --heuristic pdb:78
  kpuzzle bench --set hard80 --heuristic pdb:78 --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				if o.set != "" && o.set != args[0] {
					return usageErrorf("set given twice: %q and --set %q", args[0], o.set)
				}
				o.set = args[0]
			}
			o.algosGiven, o.heuristicsGiven = cmd.Flags().Changed("algo"), cmd.Flags().Changed("heuristic")
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runBench(ctx, a, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.set, "set", "", "shipped set NAME, a folder of puzzle files, or gen:SHAPE:DEPTHS:COUNT[:SEED]")
	f.StringVar(&o.algos, "algo", "idastar", "algorithms, comma-separated: "+strings.Join(reference.AlgorithmNames(), ", "))
	f.StringVar(&o.heuristics, "heuristic", "", "heuristics, comma-separated: misplaced, manhattan, euclidean, linear-conflict, walking-distance, pdb:NAME, pdb:pairs, pdb:dynamic (default: for idastar the strongest pattern database available, else manhattan)")
	f.StringVar(&o.runs, "run", "", "explicit combinations instead of --algo x --heuristic, comma-separated: ALGORITHM or ALGORITHM:HEURISTIC")
	f.IntVar(&o.limit, "limit", 0, "solve only the first N instances (0: all)")
	f.StringVar(&o.only, "only", "", "solve only the instances named, comma-separated (e.g. 9,47)")
	f.DurationVar(&o.timeout, "timeout", 0, "stop a run after this long, e.g. 10s (0: no limit)")
	f.Int64Var(&o.maxNodes, "max-nodes", 0, "stop a run after this many expansions (0: no limit)")
	f.Int64Var(&o.maxMemory, "max-memory", defaultBenchMemoryMiB, "stop a graph search whose stored states would exceed this many MiB (0: no limit)")
	f.StringVar(&o.goal, "goal", "", "goal: default, blank-first or a goal FILE (default: the set's own goal)")
	f.StringVar(&o.plots, "plots", "", "write nodes, frontier and branching plots into DIR")
	f.StringVar(&o.plotFormat, "plot-format", "svg", "plot format: svg or png")
	f.BoolVar(&o.csv, "csv", false, "print the comparison table as CSV")
	f.IntVar(&o.jobs, "jobs", 1, "runs at once (more than 1 shortens the wall time but each run's time then shares the cores)")
	f.StringVar(&o.tieBreak, "tie-break", search.DefaultTieBreak.String(), "best-first tie-break: high-g-lifo, high-g-fifo, low-g-lifo, low-g-fifo, f-lifo or f-fifo")
	f.BoolVar(&o.noBuild, "no-build", false, "never build a pattern database; fail when one is missing")
	f.BoolVar(&o.noReflection, "no-reflection", false, "turn off the diagonal reflection lookups of pattern databases")
	o.pdb.register(f)
	return cmd
}

// benchInstance is one instance's result.
type benchInstance struct {
	Name            string  `json:"name"`
	Shape           string  `json:"shape"`
	Length          *int    `json:"length"`
	PublishedLength *int    `json:"published_length"`
	Nodes           int64   `json:"nodes"`
	Expanded        int64   `json:"expanded"`
	InitialH        int     `json:"initial_h"`
	Seconds         float64 `json:"seconds"`
	// Status is optimal (equals the published length), solved (optimal;
	// nothing published), mismatch, unsolvable, timeout or node-limit.
	Status string `json:"status"`
}

// benchRun is one algorithm and heuristic over the set.
type benchRun struct {
	Algorithm  string   `json:"algorithm"`
	Heuristic  string   `json:"heuristic"`
	Heuristics []string `json:"heuristics_used"`
	Reflection bool     `json:"reflection"`
	// SetupSeconds is the time spent loading or building databases, not
	// counted in TotalSeconds.
	SetupSeconds float64         `json:"setup_seconds"`
	TableBytes   int64           `json:"table_bytes"`
	Instances    []benchInstance `json:"instances"`
	Solved       int             `json:"solved"`
	Mismatches   int             `json:"mismatches"`
	Unfinished   int             `json:"unfinished"`
	TotalNodes   int64           `json:"total_nodes"`
	TotalSeconds float64         `json:"total_seconds"`
	MeanNodes    float64         `json:"mean_nodes"`
	MeanSeconds  float64         `json:"mean_seconds"`
	AllOptimal   bool            `json:"all_optimal"`
	// MemoryBytes is the memory the process had obtained from the
	// operating system after the run (Go runtime Sys), an upper bound of
	// its peak heap.
	MemoryBytes uint64 `json:"memory_bytes"`
}

type benchJSON struct {
	Set   string `json:"set"`
	Goal  string `json:"goal"`
	Count int    `json:"count"`
	benchRun
	Runs []benchRun `json:"runs,omitempty"`
}

// benchPuzzle is an instance to solve.
type benchPuzzle struct {
	name      string
	board     puzzles.Board
	goal      puzzles.Goal
	published int // -1 when unknown
}

func runBench(ctx context.Context, a *app, o *benchOptions) error {
	if o.set == "" {
		return usageErrorf("name a set: kpuzzle bench korf100, or --set NAME|DIR (kpuzzle sets lists them)")
	}
	if o.limit < 0 || o.maxNodes < 0 || o.timeout < 0 || o.maxMemory < 0 {
		return usageErrorf("--limit, --max-nodes, --max-memory and --timeout must not be negative")
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs must be at least 1")
	}
	if o.runs != "" && (o.algosGiven || o.heuristicsGiven) {
		return usageErrorf("--run names the combinations itself: give either --run or --algo and --heuristic")
	}
	var combos []bench.Combo
	matrix := !patternDatabaseTable(o)
	if matrix {
		var err error
		if combos, err = benchCombos(o); err != nil {
			return err
		}
	}
	dir, err := o.pdb.cacheDir()
	if err != nil {
		return err
	}
	hs := reference.StandardHeuristics(pdb.Options{Dir: dir, Workers: o.pdb.workers, NoReflection: o.noReflection, NoBuild: o.noBuild})
	prover := &reference.Prover{Heuristics: hs}
	setName, goalName, list, err := loadBenchSet(ctx, o, prover)
	if err != nil {
		return err
	}
	if o.only != "" {
		keep := map[string]bool{}
		for _, n := range splitList(o.only) {
			keep[n] = true
		}
		var sel []benchPuzzle
		for _, p := range list {
			if keep[p.name] {
				sel = append(sel, p)
				delete(keep, p.name)
			}
		}
		if len(keep) > 0 {
			var missing []string
			for n := range keep {
				missing = append(missing, n)
			}
			sort.Strings(missing)
			return usageErrorf("--only: set %s has no instance %s", o.set, strings.Join(missing, ", "))
		}
		list = sel
	}
	if o.limit > 0 && o.limit < len(list) {
		list = list[:o.limit]
	}
	if len(list) == 0 {
		return usageErrorf("set %s has no puzzles", o.set)
	}
	if matrix {
		return runBenchMatrix(ctx, a, o, prover, benchSetInfo{name: setName, goal: goalName}, list, combos)
	}
	heurs := splitList(o.heuristics)
	if len(heurs) == 0 {
		heurs = []string{""}
	}
	var runs []benchRun
	for _, name := range heurs {
		r, err := benchOne(ctx, a, o, dir, name, list)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	out := benchJSON{Set: setName, Goal: goalName, Count: len(list), benchRun: runs[0]}
	if len(runs) > 1 {
		out.Runs = runs
	}
	if a.json {
		if err := writeJSON(a.out, out); err != nil {
			return err
		}
	} else {
		for _, r := range runs {
			printBench(a, setName, goalName, r)
		}
	}
	for _, r := range runs {
		if !r.AllOptimal {
			return errFindings
		}
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// loadBenchSet reads the set: a shipped name, a folder, or a set
// generated on the fly (gen:...), whose keys prover proves.
func loadBenchSet(ctx context.Context, o *benchOptions, prover *reference.Prover) (name, goalName string, list []benchPuzzle, err error) {
	if strings.HasPrefix(o.set, genSetPrefix) {
		return generateBenchSet(ctx, o, prover)
	}
	if set, lerr := puzzles.LoadSet(o.set); lerr == nil {
		goalName = set.GoalName
		if o.goal != "" {
			goalName = o.goal
		}
		for _, inst := range set.Instances {
			g, err := (&puzzleFlags{goal: goalName}).goalFor(inst.Board.Shape())
			if err != nil {
				return "", "", nil, err
			}
			published := inst.Optimal
			if g.Board().String() != set.Goal(inst).Board().String() {
				published = -1 // the published lengths are for the set's own goal
			}
			list = append(list, benchPuzzle{name: inst.Name, board: inst.Board, goal: g, published: published})
		}
		return set.Name, goalName, list, nil
	}
	info, statErr := os.Stat(o.set)
	if statErr != nil || !info.IsDir() {
		names := make([]string, 0)
		for _, s := range puzzles.Sets() {
			names = append(names, s.Name)
		}
		return "", "", nil, usageErrorf("--set %q: no shipped set or folder of that name (sets: %s; or gen:SHAPE:DEPTHS:COUNT[:SEED])%s", o.set, strings.Join(names, ", "), suggest.Phrase(o.set, names))
	}
	list, goalName, err = loadBenchDir(o)
	return o.set, goalName, list, err
}

// loadBenchDir reads a folder: the puzzles its manifest.json lists (with
// their known lengths), or else every file in it.
func loadBenchDir(o *benchOptions) ([]benchPuzzle, string, error) {
	dir := o.set
	manifestPath := filepath.Join(dir, puzzles.ManifestFile)
	var list []benchPuzzle
	if _, err := os.Stat(manifestPath); err == nil {
		m, err := puzzles.ReadManifest(manifestPath)
		if err != nil {
			return nil, "", inputError(err)
		}
		goalName := m.Goal
		if o.goal != "" {
			goalName = o.goal
		}
		for _, e := range m.Puzzles {
			b, err := puzzles.ReadBoardFile(filepath.Join(dir, e.File))
			if err != nil {
				return nil, "", inputError(err)
			}
			var g puzzles.Goal
			if o.goal != "" {
				g, err = (&puzzleFlags{goal: o.goal}).goalFor(b.Shape())
			} else if g, err = puzzles.ManifestGoal(m, dir, b.Shape()); err != nil {
				err = inputError(err)
			}
			if err != nil {
				return nil, "", err
			}
			published := -1
			if e.OptimalLength != nil && o.goal == "" {
				published = *e.OptimalLength
			}
			list = append(list, benchPuzzle{name: e.File, board: b, goal: g, published: published})
		}
		return list, goalName, nil
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasPrefix(d.Name(), ".") && !strings.HasSuffix(d.Name(), ".json") && !strings.EqualFold(d.Name(), "README.txt") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, "", inputError(err)
	}
	sort.Strings(files)
	goalName := o.goal
	if goalName == "" {
		goalName = puzzles.GoalDefault
	}
	for _, f := range files {
		b, err := puzzles.ReadBoardFile(f)
		if err != nil {
			return nil, "", inputError(err)
		}
		g, err := (&puzzleFlags{goal: goalName}).goalFor(b.Shape())
		if err != nil {
			return nil, "", err
		}
		rel, _ := filepath.Rel(dir, f)
		list = append(list, benchPuzzle{name: rel, board: b, goal: g, published: -1})
	}
	return list, goalName, nil
}

// benchOne solves the list with one heuristic name ("" picks one per
// board).
func benchOne(ctx context.Context, a *app, o *benchOptions, dir, name string, list []benchPuzzle) (benchRun, error) {
	r := benchRun{Algorithm: "idastar", Heuristic: name}
	heur := map[string]benchSolver{}
	used := map[string]bool{}
	setupStart := time.Now()
	for _, p := range list {
		key := p.goal.Board().String()
		if _, ok := heur[key]; ok {
			continue
		}
		h, err := openBenchSolver(ctx, a, o, dir, name, p.goal)
		if err != nil {
			return r, err
		}
		heur[key] = h
		r.TableBytes += h.bytes
		r.Reflection = h.reflects
		if !used[h.name] {
			used[h.name] = true
			r.Heuristics = append(r.Heuristics, h.name)
		}
	}
	r.SetupSeconds = time.Since(setupStart).Seconds()
	if r.Heuristic == "" {
		r.Heuristic = strings.Join(r.Heuristics, ",")
	}
	r.AllOptimal = true
	for _, p := range list {
		res, err := benchSolve(ctx, o, p, heur[p.goal.Board().String()])
		if err != nil {
			return r, err
		}
		r.Instances = append(r.Instances, res)
		r.TotalNodes += res.Nodes
		r.TotalSeconds += res.Seconds
		switch res.Status {
		case "optimal", "solved", "unsolvable":
			r.Solved++
		case "mismatch":
			r.Solved++
			r.Mismatches++
			r.AllOptimal = false
		default:
			r.Unfinished++
			r.AllOptimal = false
		}
	}
	n := float64(len(r.Instances))
	r.MeanNodes, r.MeanSeconds = float64(r.TotalNodes)/n, r.TotalSeconds/n
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.MemoryBytes = ms.Sys
	return r, nil
}

// benchSolver is IDA* with one heuristic for one goal, as the
// per-instance table runs it: a static pattern database through
// pdb.Solve, or a dynamically partitioned one through dynamic.Solve.
type benchSolver struct {
	name     string
	bytes    int64
	reflects bool
	solve    func(ctx context.Context, b puzzles.Board, lim pdb.Limits) ([]puzzles.Dir, pdb.Stats, error)
}

// openBenchSolver opens the heuristic name ("" picks one) for goal g: the
// dynamically partitioned databases are built in memory, the static ones
// opened from the cache, built with a progress bar when missing.
func openBenchSolver(ctx context.Context, a *app, o *benchOptions, dir, name string, g puzzles.Goal) (benchSolver, error) {
	switch strings.ToLower(name) {
	case dynamic.NamePairs, dynamic.NameDynamic:
		do := dynamic.Options{Triples: strings.EqualFold(name, dynamic.NameDynamic)}
		if err := dynamic.Fits(g.Shape(), do); err != nil {
			return benchSolver{}, usageErrorf("--heuristic %s: %v", name, err)
		}
		h, err := dynamic.New(ctx, g, do)
		if err != nil {
			return benchSolver{}, err
		}
		return benchSolver{name: h.Name(), bytes: h.Bytes(), solve: func(ctx context.Context, b puzzles.Board, lim pdb.Limits) ([]puzzles.Dir, pdb.Stats, error) {
			return dynamic.Solve(ctx, b, h, lim)
		}}, nil
	}
	part, err := benchPartition(a, dir, name, g)
	if err != nil {
		return benchSolver{}, err
	}
	opts := pdb.Options{Dir: dir, Workers: o.pdb.workers, NoReflection: o.noReflection, NoBuild: o.noBuild}
	h, err := openWithProgress(ctx, a, part, opts)
	if errors.Is(err, pdb.ErrNotBuilt) {
		return benchSolver{}, usageErrorf("%v (build it with: kpuzzle pdb build %s --goal %s)", err, part.Name, g.Name())
	}
	if err != nil {
		return benchSolver{}, err
	}
	return benchSolver{name: h.Name(), bytes: h.Bytes(), reflects: h.Reflects(), solve: func(ctx context.Context, b puzzles.Board, lim pdb.Limits) ([]puzzles.Dir, pdb.Stats, error) {
		return pdb.Solve(ctx, b, h, lim)
	}}, nil
}

// benchPartition resolves a heuristic name for goal g; "" picks the
// strongest database already built for the board, else one that builds
// in seconds (saying so on stderr).
func benchPartition(a *app, dir, name string, g puzzles.Goal) (pdb.Partition, error) {
	if name != "" {
		if !strings.HasPrefix(strings.ToLower(name), "pdb:") {
			return pdb.Partition{}, usageErrorf("--heuristic %q: bench runs pattern databases (pdb:555, pdb:663, pdb:78, pdb:fringe, pdb:6666, pdb:auto, pdb:PATTERNS, pdb:pairs or pdb:dynamic)", name)
		}
		p, err := pdb.Resolve(name, g)
		if err != nil {
			return pdb.Partition{}, usageErrorf("--heuristic: %v", err)
		}
		return p, nil
	}
	var fallback string
	for _, info := range pdb.Describe() {
		if info.Shape != g.Shape() || info.Mode != pdb.Additive {
			continue
		}
		if fallback == "" || info.Name == "663" {
			fallback = info.Name
		}
	}
	if strongest, ok := pdb.Strongest(g.Shape()); ok {
		p, err := pdb.Named(strongest, g)
		if err != nil {
			return pdb.Partition{}, err
		}
		if _, built, _ := pdb.Status(dir, p); built || strongest == fallback {
			return p, nil
		}
		fmt.Fprintf(a.errOut, "kpuzzle: pdb:%s is not built for the %s %s goal (kpuzzle pdb build %s --goal %s takes minutes, once); using the weaker pdb:%s\n",
			strongest, g.Shape(), g.Name(), strongest, g.Name(), fallback)
		return pdb.Named(fallback, g)
	}
	return pdb.Auto(g)
}

// benchSolve solves one instance within the limits.
func benchSolve(ctx context.Context, o *benchOptions, p benchPuzzle, h benchSolver) (benchInstance, error) {
	res := benchInstance{Name: p.name, Shape: p.board.Shape().String(), PublishedLength: knownLength(p.published)}
	sctx := ctx
	if o.timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	path, st, err := h.solve(sctx, p.board, pdb.Limits{MaxExpanded: o.maxNodes})
	res.Nodes, res.Expanded, res.InitialH, res.Seconds = st.Generated, st.Expanded, st.InitialH, st.Seconds
	switch {
	case errors.Is(err, puzzles.ErrUnsolvable):
		res.Status = "unsolvable"
		if p.published >= 0 {
			res.Status = "mismatch"
		}
	case ctx.Err() != nil:
		return res, usageErrorf("interrupted at instance %s", p.name)
	case errors.Is(err, context.DeadlineExceeded):
		res.Status = "timeout"
	case errors.Is(err, pdb.ErrLimit):
		res.Status = "node-limit"
	case err != nil:
		return res, err
	default:
		n := len(path)
		res.Length = &n
		switch {
		case p.published < 0:
			res.Status = "solved"
		case n == p.published:
			res.Status = "optimal"
		default:
			res.Status = "mismatch"
		}
	}
	return res, nil
}

func printBench(a *app, set, goal string, r benchRun) {
	refl := "off"
	if r.Reflection {
		refl = "on"
	}
	fmt.Fprintf(a.out, "%s: %d instances, %s goal; %s + %s (reflection %s); databases ready in %.2fs (%s)\n",
		a.paint.bold(set), len(r.Instances), goal, r.Algorithm, r.Heuristic, refl, r.SetupSeconds, humanBytes(r.TableBytes))
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "instance\tlength\tpublished\tnodes\tseconds\tstatus\t")
	for _, in := range r.Instances {
		length, pub := "-", "-"
		if in.Length != nil {
			length = fmt.Sprint(*in.Length)
		}
		if in.PublishedLength != nil {
			pub = fmt.Sprint(*in.PublishedLength)
		}
		status := in.Status
		switch in.Status {
		case "optimal", "solved":
			status = a.paint.good(status)
		case "mismatch":
			status = a.paint.bad(status)
		case "unsolvable":
		default:
			status = a.paint.warn(status)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.4f\t%s\t\n", in.Name, length, pub, groupDigits(in.Nodes), in.Seconds, status)
	}
	_ = tw.Flush()
	verdict := a.paint.good("all optimal")
	if !r.AllOptimal {
		verdict = a.paint.bad(fmt.Sprintf("%d mismatched, %d unfinished", r.Mismatches, r.Unfinished))
	}
	fmt.Fprintf(a.out, "total: %d/%d solved, %s; %s nodes, %.3fs search\n", r.Solved, len(r.Instances), verdict, groupDigits(r.TotalNodes), r.TotalSeconds)
	fmt.Fprintf(a.out, "mean per instance: %s nodes, %.4fs; memory %s\n", groupDigits(int64(r.MeanNodes+0.5)), r.MeanSeconds, humanBytes(int64(r.MemoryBytes)))
}

// defaultBenchMemoryMiB bounds the stored states of each graph search a
// comparison runs, so that breadth-first search on a large board stops
// with "memory-limit" instead of exhausting the machine.
const defaultBenchMemoryMiB = 4096

// patternDatabaseTable reports whether the options ask for the
// per-instance table of IDA* with pattern databases (the benchmark of
// Korf's instances) rather than a comparison of combinations.
func patternDatabaseTable(o *benchOptions) bool {
	if o.runs != "" || o.plots != "" || o.csv {
		return false
	}
	for _, a := range splitList(o.algos) {
		switch strings.ToLower(a) {
		case "idastar", "ida*", "ida-star", "auto":
		default:
			return false
		}
	}
	for _, h := range splitList(o.heuristics) {
		if !strings.HasPrefix(strings.ToLower(h), "pdb:") {
			return false
		}
	}
	return true
}

// benchCombos are the combinations the options name.
func benchCombos(o *benchOptions) ([]bench.Combo, error) {
	if o.runs != "" {
		var out []bench.Combo
		seen := map[bench.Combo]bool{}
		for _, r := range splitList(o.runs) {
			c, err := bench.ParseCombo(r)
			if err != nil {
				return nil, usageErrorf("--run: %v", err)
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return nil, usageErrorf("--run names no combination; expected e.g. bfs,astar:manhattan")
		}
		return out, nil
	}
	combos, err := bench.Combos(splitList(o.algos), splitList(o.heuristics))
	if err != nil {
		return nil, usageErrorf("--algo: %v", err)
	}
	return combos, nil
}

// genSetPrefix starts a set generated on the fly.
const genSetPrefix = "gen:"

// maxGenCount bounds the puzzles of a generated set.
const maxGenCount = 10000

// genSet is a set generated on the fly, written
// gen:SHAPE:DEPTHS:COUNT[:SEED]: COUNT boards of SHAPE whose optimal
// lengths are spread evenly over DEPTHS, drawn with SEED (default 1).
type genSet struct {
	shape  puzzles.Shape
	depths setgen.Range
	count  int
	seed   uint64
}

// parseGenSet reads gen:SHAPE:DEPTHS:COUNT[:SEED].
func parseGenSet(s string) (genSet, error) {
	bad := func(why string, args ...any) (genSet, error) {
		return genSet{}, fmt.Errorf("set %q: %s; expected gen:SHAPE:DEPTHS:COUNT[:SEED] such as gen:3x3:20-30:50", s, fmt.Sprintf(why, args...))
	}
	rest, ok := strings.CutPrefix(s, genSetPrefix)
	if !ok {
		return bad("no gen: prefix")
	}
	parts := strings.Split(rest, ":")
	if len(parts) != 3 && len(parts) != 4 {
		return bad("%d fields after gen:", len(parts))
	}
	var g genSet
	var err error
	if g.shape, err = puzzles.ParseShape(parts[0]); err != nil {
		return bad("%v", err)
	}
	if g.depths, err = setgen.ParseRange(parts[1]); err != nil {
		return bad("%v", err)
	}
	if g.count, err = strconv.Atoi(strings.TrimSpace(parts[2])); err != nil || g.count < 1 || g.count > maxGenCount {
		return bad("count %q is not a number from 1 to %d", parts[2], maxGenCount)
	}
	g.seed = 1
	if len(parts) == 4 {
		if g.seed, err = strconv.ParseUint(strings.TrimSpace(parts[3]), 10, 64); err != nil {
			return bad("seed %q is not a whole number", parts[3])
		}
	}
	return g, nil
}

// String writes the spec in full, seed included.
func (g genSet) String() string {
	return fmt.Sprintf("%s%s:%s:%d:%d", genSetPrefix, g.shape, g.depths, g.count, g.seed)
}

// generateBenchSet generates the set a gen: spec names, with keys.
func generateBenchSet(ctx context.Context, o *benchOptions, prover *reference.Prover) (string, string, []benchPuzzle, error) {
	spec, err := parseGenSet(o.set)
	if err != nil {
		return "", "", nil, usageErrorf("--set: %v", err)
	}
	g, err := (&puzzleFlags{goal: o.goal}).goalFor(spec.shape)
	if err != nil {
		return "", "", nil, err
	}
	set, err := setgen.Generate(ctx, setgen.Spec{
		Groups:    []setgen.Group{{Goal: g, Mode: setgen.Depth, Depths: spec.depths, Count: spec.count}},
		Seed:      spec.seed,
		Moves:     puzzles.TileMoves,
		Generator: "kpuzzle bench --set " + spec.String(),
	}, setgen.Options{Prover: prover})
	switch {
	case errors.Is(err, setgen.ErrSpec):
		return "", "", nil, usageErrorf("--set %s: %v", o.set, err)
	case ctx.Err() != nil:
		return "", "", nil, usageErrorf("interrupted while generating %s", o.set)
	case err != nil:
		return "", "", nil, err
	}
	var list []benchPuzzle
	for _, p := range set.Puzzles {
		published := -1
		if p.Entry.OptimalLength != nil {
			published = *p.Entry.OptimalLength
		}
		list = append(list, benchPuzzle{name: p.Entry.File, board: p.Board, goal: g, published: published})
	}
	return o.set, g.Name(), list, nil
}

// benchSetInfo names the set of a comparison.
type benchSetInfo struct {
	name, goal string
}

// benchLimitJSON are a comparison's limits per run.
type benchLimitJSON struct {
	MaxNodes       int64   `json:"max_nodes"`
	MaxMemoryMiB   int64   `json:"max_memory_mib"`
	TimeoutSeconds float64 `json:"timeout_seconds"`
}

// benchComboJSON is one combination's summary.
type benchComboJSON struct {
	Name      string `json:"name"`
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic"`
	bench.Summary
}

// benchRunJSON is one combination's run on one instance.
type benchRunJSON struct {
	Combination string `json:"combination"`
	// Nodes is the nodes generated, as in the pattern-database table.
	Nodes int64 `json:"nodes"`
	bench.Result
}

// benchInstanceJSON is one instance of a comparison with every
// combination's run on it.
type benchInstanceJSON struct {
	Name            string         `json:"name"`
	Shape           string         `json:"shape"`
	PublishedLength *int           `json:"published_length"`
	Depth           *int           `json:"depth"`
	Runs            []benchRunJSON `json:"runs"`
}

// benchMatrixJSON is the --json output of a comparison.
type benchMatrixJSON struct {
	Set          string              `json:"set"`
	Goal         string              `json:"goal"`
	Count        int                 `json:"count"`
	Limits       benchLimitJSON      `json:"limits"`
	TieBreak     string              `json:"tie_break"`
	Jobs         int                 `json:"jobs"`
	Combinations []benchComboJSON    `json:"combinations"`
	Instances    []benchInstanceJSON `json:"instances"`
	TotalSeconds float64             `json:"total_seconds"`
	AllOptimal   bool                `json:"all_optimal"`
	Plots        []string            `json:"plots"`
}

// largeBoardCells is the largest board a comparison runs without limits:
// beyond it (4x4 and up) uninformed searches and weak heuristics run for
// hours or exhaust memory.
const largeBoardCells = 12

// runBenchMatrix runs every combination on every instance and reports
// the comparison.
func runBenchMatrix(ctx context.Context, a *app, o *benchOptions, prover *reference.Prover, info benchSetInfo, list []benchPuzzle, combos []bench.Combo) error {
	tb, err := search.ParseTieBreak(o.tieBreak)
	if err != nil {
		return usageErrorf("--tie-break: %v", err)
	}
	format, err := chart.ParseFormat(o.plotFormat)
	if err != nil {
		return usageErrorf("--plot-format: %v", err)
	}
	if a.json && o.csv {
		return usageErrorf("give --json or --csv, not both")
	}
	if o.timeout == 0 && o.maxNodes == 0 {
		large := ""
		for _, p := range list {
			if p.board.Shape().Cells() > largeBoardCells {
				large = p.board.Shape().String()
				break
			}
		}
		for _, c := range combos {
			if large == "" || strings.HasPrefix(c.Heuristic, "pdb:") || (c.Algorithm == reference.Auto && c.Heuristic == "") {
				continue
			}
			flags := "--algo " + c.Algorithm
			switch {
			case o.runs != "":
				flags = "--run " + c.String()
			case c.Heuristic != "":
				flags += " --heuristic " + c.Heuristic
			}
			return usageErrorf("%s on the %s boards of %s has no limit and may run for hours or exhaust the memory: give --timeout or --max-nodes, so that a run that cannot finish is reported as not finished (%s)",
				c, large, info.name, flags)
		}
	}
	instances := make([]bench.Instance, len(list))
	for i, p := range list {
		instances[i] = bench.Instance{Name: p.name, Board: p.board, Goal: p.goal, Optimal: p.published}
	}
	cfg := bench.Config{
		Combos:    combos,
		Instances: instances,
		Limits:    bench.Limits{MaxNodes: o.maxNodes, MaxBytes: o.maxMemory << 20, Timeout: o.timeout},
		Prover:    prover,
		TieBreak:  tb,
		Jobs:      o.jobs,
	}
	progress := newBenchProgress(a)
	cfg.Progress = progress.update
	rep, err := bench.Run(ctx, cfg)
	progress.finish()
	switch {
	case ctx.Err() != nil:
		return usageErrorf("interrupted")
	case err != nil:
		if errors.Is(err, pdb.ErrNotBuilt) {
			return usageErrorf("%v (build it with kpuzzle pdb build, or drop --no-build)", err)
		}
		return usageErrorf("%v", err)
	}

	var plots []string
	if o.plots != "" {
		if plots, err = writeBenchPlots(o.plots, format, rep, info.name); err != nil {
			return err
		}
	}
	out := benchMatrixOutput(o, info, rep, tb, plots)
	switch {
	case a.json:
		err = writeJSON(a.out, out)
	case o.csv:
		err = writeBenchCSV(a.out, out)
	default:
		printBenchMatrix(a, o, out)
	}
	if err != nil {
		return err
	}
	if !out.AllOptimal {
		return errFindings
	}
	return nil
}

func benchMatrixOutput(o *benchOptions, info benchSetInfo, rep bench.Report, tb search.TieBreak, plots []string) benchMatrixJSON {
	out := benchMatrixJSON{
		Set: info.name, Goal: info.goal, Count: len(rep.Instances),
		Limits:   benchLimitJSON{MaxNodes: o.maxNodes, MaxMemoryMiB: o.maxMemory, TimeoutSeconds: o.timeout.Seconds()},
		TieBreak: tb.String(), Jobs: o.jobs, AllOptimal: rep.AllOptimal(), Plots: plots,
	}
	if out.Plots == nil {
		out.Plots = []string{}
	}
	for _, c := range rep.Combos {
		out.Combinations = append(out.Combinations, benchComboJSON{Name: c.Combo.String(), Algorithm: c.Combo.Algorithm, Heuristic: c.Combo.Heuristic, Summary: c.Summary})
		out.TotalSeconds += c.Summary.Seconds
	}
	for i, in := range rep.Instances {
		ij := benchInstanceJSON{Name: in.Name, Shape: in.Board.Shape().String(), PublishedLength: knownLength(in.Optimal), Depth: knownLength(rep.Depths[i])}
		for _, c := range rep.Combos {
			r := c.Results[i]
			ij.Runs = append(ij.Runs, benchRunJSON{Combination: c.Combo.String(), Nodes: r.Generated, Result: r})
		}
		out.Instances = append(out.Instances, ij)
	}
	return out
}

// writeBenchPlots writes every plot into dir, each through a temporary
// file renamed into place, and returns their paths.
func writeBenchPlots(dir string, f chart.Format, rep bench.Report, setName string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, inputError(fmt.Errorf("--plots %s: %w", dir, unwrapPathError(err)))
	}
	var paths []string
	for _, k := range chart.Kinds() {
		var buf bytes.Buffer
		if err := chart.Write(&buf, rep, k, f, chart.Options{Subtitle: setName}); err != nil {
			return nil, fmt.Errorf("plot %s: %w", k, err)
		}
		path := filepath.Join(dir, chart.FileName(k, f))
		if err := writeReplayFile(nil, path, buf.Bytes()); err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// benchColumns are the columns of the comparison table (human and CSV).
var benchColumns = []string{"combination", "solved", "optimal", "unfinished", "mean expanded", "max expanded", "mean generated", "mean frontier", "max frontier", "b*", "seconds"}

// benchRow is one combination's row: the raw figures for CSV and their
// human spelling.
func benchRow(c benchComboJSON, human bool) []string {
	s := c.Summary
	num := func(v int64) string {
		if human {
			return groupDigits(v)
		}
		return strconv.FormatInt(v, 10)
	}
	mean := func(v float64) string {
		if s.Solved == 0 {
			return "-"
		}
		if human {
			return groupDigits(int64(math.Round(v)))
		}
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	branching := "-"
	if s.MeanBranching > 0 {
		branching = strconv.FormatFloat(s.MeanBranching, 'f', 3, 64)
	}
	solved := fmt.Sprintf("%d/%d", s.Solved, s.Solvable)
	if !human {
		solved = strconv.Itoa(s.Solved)
	}
	maxOrDash := func(v int64) string {
		if s.Solved == 0 {
			return "-"
		}
		return num(v)
	}
	return []string{c.Name, solved, strconv.Itoa(s.Optimal), strconv.Itoa(s.Unfinished),
		mean(s.MeanExpanded), maxOrDash(s.MaxExpanded), mean(s.MeanGenerated), mean(s.MeanFrontier), maxOrDash(s.MaxFrontier),
		branching, strconv.FormatFloat(s.Seconds, 'f', 3, 64)}
}

// writeBenchCSV writes the comparison table as CSV, one row per
// combination, with the solvable count as a column of its own.
func writeBenchCSV(w io.Writer, out benchMatrixJSON) error {
	cw := csv.NewWriter(w)
	header := append([]string{}, benchColumns[:2]...)
	header = append(header, "solvable")
	header = append(header, benchColumns[2:]...)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, c := range out.Combinations {
		row := benchRow(c, false)
		row = append(row[:2], append([]string{strconv.Itoa(c.Solvable)}, row[2:]...)...)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func printBenchMatrix(a *app, o *benchOptions, out benchMatrixJSON) {
	shapes := map[string]bool{}
	var shapeList []string
	for _, in := range out.Instances {
		if !shapes[in.Shape] {
			shapes[in.Shape] = true
			shapeList = append(shapeList, in.Shape)
		}
	}
	var limits []string
	if o.maxNodes > 0 {
		limits = append(limits, groupDigits(o.maxNodes)+" expansions")
	}
	if o.timeout > 0 {
		limits = append(limits, o.timeout.String())
	}
	if o.maxMemory > 0 {
		limits = append(limits, fmt.Sprintf("%d MiB (graph searches)", o.maxMemory))
	}
	if len(limits) == 0 {
		limits = []string{"none"}
	}
	fmt.Fprintf(a.out, "%s: %d puzzles, %s, %s goal; limits per run: %s; tie-break %s\n",
		a.paint.bold(out.Set), out.Count, strings.Join(shapeList, ", "), out.Goal, strings.Join(limits, ", "), out.TieBreak)
	// Names read best aligned left, figures right: pad the names to one
	// width, and let the writer align the rest right.
	width := len(benchColumns[0])
	for _, c := range out.Combinations {
		width = max(width, len(c.Name))
	}
	header := append([]string{fmt.Sprintf("%-*s", width, benchColumns[0])}, benchColumns[1:]...)
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, c := range out.Combinations {
		row := benchRow(c, true)
		row[0] = fmt.Sprintf("%-*s", width, row[0])
		switch {
		case c.Mismatches > 0:
			row[0] = a.paint.bad(row[0])
		case c.Unfinished > 0:
			row[1] = a.paint.warn(row[1])
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	_ = tw.Flush()
	fmt.Fprintln(a.out, a.paint.dim("optimal: solved in the optimal number of moves; unfinished: stopped by a limit; means and maxima over the solved runs; b*: mean effective branching factor"))
	if !out.AllOptimal {
		for _, c := range out.Combinations {
			if c.Mismatches > 0 {
				fmt.Fprintf(a.out, "%s: %d solutions guaranteed optimal differ from the known optimal length\n", a.paint.bad(c.Name), c.Mismatches)
			}
		}
	}
	fmt.Fprintf(a.out, "total: %.3fs of search\n", out.TotalSeconds)
	if len(out.Plots) > 0 {
		fmt.Fprintf(a.out, "plots: %s\n", strings.Join(out.Plots, ", "))
	}
}

// benchProgress draws a progress bar on stderr when it is a terminal.
type benchProgress struct {
	a   *app
	bar *progressbar.ProgressBar
}

func newBenchProgress(a *app) *benchProgress { return &benchProgress{a: a} }

func (p *benchProgress) update(pr bench.Progress) {
	f, ok := p.a.errOut.(*os.File)
	if !ok || !isTerminal(f) || p.a.json {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions(pr.Total,
			progressbar.OptionSetWriter(f),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	p.bar.Describe(pr.Combo.String())
	_ = p.bar.Set(pr.Done)
}

func (p *benchProgress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}
