package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/bench/chart"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
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
	threads      int
	pruning      string
	tieBreak     string
	// prove is set by kpuzzle sets prove, which says so when some of the
	// lengths it proves are compared with nothing.
	prove bool
	// cheapNodes is sets prove's budget for the first pass with linear
	// conflicts (bench.CheapFirst); 0 goes to the databases at once.
	cheapNodes int64
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
largest frontier, mean effective branching factor b*, and the mean time of
a solved run beside the total time of all the runs; with --csv
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

IDA* runs spread each search over --threads goroutines (default: every core,
divided among the --jobs runs at once); node counts are then the sums over
the threads, and --threads 1 gives the serial search's exact counts.

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
is reported apart. Both tables are views of the same runs. Exit status 1
when a solution the solver guarantees optimal differs from the known
length (and, in the pattern-database table, when an instance was stopped
by a limit), 2 for a bad invocation or input. See docs/bench.md.`,
		Example: `  kpuzzle bench --set gen:3x3:10-30:50 --run bfs,ids,astar:misplaced,astar:manhattan,astar:linear-conflict,astar:euclidean,idastar:manhattan --max-nodes 1000000 --plots plots
  kpuzzle bench --set 8puzzle-hardest --algo bfs,astar --heuristic misplaced,manhattan --csv
  kpuzzle bench --set korf100 --run idastar:manhattan,idastar:pdb:663 --limit 10 --timeout 30s
  kpuzzle bench korf100 --heuristic pdb:78
  kpuzzle bench --set hard80 --heuristic pdb:78 --json
  kpuzzle bench korf24 --only 1,2 --threads 2`,
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
	f.StringVar(&o.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed()+" (default: the set's own goal)")
	f.StringVar(&o.plots, "plots", "", "write nodes, frontier and branching plots into DIR")
	f.StringVar(&o.plotFormat, "plot-format", "svg", "plot format: svg or png")
	f.BoolVar(&o.csv, "csv", false, "print the comparison table as CSV")
	f.IntVar(&o.jobs, "jobs", 1, "runs at once (more than 1 shortens the wall time but each run's time then shares the cores)")
	registerThreads(f, &o.threads, "goroutines of each IDA* run (0: every core, divided among --jobs; 1: the serial search, whose node counts are exact)")
	registerPruning(f, &o.pruning)
	f.StringVar(&o.tieBreak, "tie-break", search.DefaultTieBreak.String(), "best-first tie-break: high-g-lifo, high-g-fifo, low-g-lifo, low-g-fifo, f-lifo or f-fifo")
	f.BoolVar(&o.noBuild, "no-build", false, "never build a pattern database; fail when one is missing")
	f.BoolVar(&o.noReflection, "no-reflection", false, "turn off the diagonal reflection lookups of pattern databases")
	o.pdb.register(f)
	return cmd
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
	threads, err := resolveThreads(o.threads, o.jobs)
	if err != nil {
		return err
	}
	if o.runs != "" && (o.algosGiven || o.heuristicsGiven) {
		return usageErrorf("--run names the combinations itself: give either --run or --algo and --heuristic")
	}
	if a.json && o.csv {
		return usageErrorf("give --json or --csv, not both")
	}
	tb, err := search.ParseTieBreak(o.tieBreak)
	if err != nil {
		return usageErrorf("--tie-break: %v", err)
	}
	format, err := chart.ParseFormat(o.plotFormat)
	if err != nil {
		return usageErrorf("--plot-format: %v", err)
	}
	combos, table, err := benchCombos(o)
	if err != nil {
		return err
	}
	dir, err := o.pdb.cacheDir()
	if err != nil {
		return err
	}
	builds := newBuildProgress(a)
	defer builds.finish()
	prover := &reference.Prover{Heuristics: reference.StandardHeuristics(pdb.Options{
		Dir: dir, Workers: o.pdb.workers, NoReflection: o.noReflection, NoBuild: o.noBuild, Progress: builds.update})}
	so := bench.SetOptions{Prover: prover}
	if o.goal != "" {
		so.Goal, so.GoalName = (&puzzleFlags{goal: o.goal}).goalFor, o.goal
	}
	set, err := bench.LoadSet(ctx, o.set, so)
	switch {
	case ctx.Err() != nil:
		return usageErrorf("interrupted while loading %s", o.set)
	case err != nil:
		return inputError(err)
	}
	if set, err = set.Select(splitList(o.only), o.limit); err != nil {
		return usageErrorf("--only and --limit: %v", err)
	}
	if missing := set.Unrecorded(); o.prove && len(missing) > 0 {
		fmt.Fprintf(a.errOut, "kpuzzle: %s records no optimal length for %d of the %d instances (%s); their proved lengths are printed but compared with nothing (a folder needs the manifest.json of kpuzzle gen)\n",
			set.Name, len(missing), len(set.Instances), abbreviateList(missing, 5))
	}
	cfg := bench.Config{
		Combos:    combos,
		Instances: set.Instances,
		Limits:    bench.Limits{MaxNodes: o.maxNodes, MaxBytes: o.maxMemory << 20, Timeout: o.timeout},
		Prover:    prover,
		TieBreak:  tb,
		Jobs:      o.jobs,
		Threads:   threads,
	}
	if cfg.InverseOnly, err = inverseOnly(o.pruning); err != nil {
		return err
	}
	if table {
		cfg.PickHeuristic = bench.StrongestDatabase(dir)
	}
	runs := newBenchProgress(a)
	cfg.Progress = runs.update
	var rep bench.Report
	if o.prove && table && len(combos) == 1 && combos[0].Heuristic == "" && o.cheapNodes > 0 {
		// The keys a cheap heuristic proves need no pattern database:
		// the databases are built only for the instances it leaves.
		rep, err = bench.ProveCheapFirst(ctx, cfg, bench.CheapFirst{MaxNodes: o.cheapNodes})
	} else {
		rep, err = bench.Run(ctx, cfg)
	}
	runs.finish()
	builds.finish()
	if err != nil {
		return benchError(ctx, o, set, err)
	}
	for _, note := range rep.Notes {
		fmt.Fprintf(a.errOut, "kpuzzle: %s\n", note)
	}
	if table {
		t := rep.InstanceTable(set)
		if a.json {
			err = writeJSON(a.out, t)
		} else {
			err = t.WriteText(a.out, a.paint.style())
		}
		if err != nil {
			return err
		}
		if !t.EveryRunOptimal() {
			return errFindings
		}
		return nil
	}
	var plots []string
	if o.plots != "" {
		if plots, err = chart.WriteFiles(o.plots, rep, format, chart.Options{Subtitle: set.Name}); err != nil {
			return inputError(fmt.Errorf("--plots %s: %w", o.plots, unwrapPathError(err)))
		}
	}
	c := rep.Comparison(set, cfg, plots)
	switch {
	case a.json:
		err = writeJSON(a.out, c)
	case o.csv:
		err = c.WriteCSV(a.out)
	default:
		err = c.WriteText(a.out, a.paint.style())
	}
	if err != nil {
		return err
	}
	if !c.AllOptimal {
		return errFindings
	}
	return nil
}

// benchError says why a comparison could not run, naming the flags that
// fix it.
func benchError(ctx context.Context, o *benchOptions, set bench.Set, err error) error {
	var ue *bench.UnboundedError
	var he *bench.HeuristicError
	switch {
	case ctx.Err() != nil:
		return usageErrorf("interrupted")
	case errors.As(err, &ue):
		flags := "--algo " + ue.Combo.Algorithm
		switch {
		case o.runs != "":
			flags = "--run " + ue.Combo.String()
		case ue.Combo.Heuristic != "":
			flags += " --heuristic " + ue.Combo.Heuristic
		}
		return usageErrorf("%s on the %s boards of %s has no limit and may run for hours or exhaust the memory: give --timeout or --max-nodes, so that a run that cannot finish is reported as not finished (%s)",
			ue.Combo, ue.Shape, set.Name, flags)
	case errors.As(err, &he) && errors.Is(err, pdb.ErrNotBuilt):
		hint := "kpuzzle pdb build --shape " + he.Goal.Shape().String() + " --patterns PATTERNS"
		if _, nerr := pdb.Named(he.Heuristic, he.Goal); nerr == nil {
			hint = "kpuzzle pdb build " + pdb.TrimName(he.Heuristic)
		}
		return usageErrorf("%v (build it with: %s --goal %s; or drop --no-build)", err, hint, he.Goal.Name())
	}
	return usageErrorf("%v", err)
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

// defaultBenchMemoryMiB bounds the stored states of each graph search a
// comparison runs, so that breadth-first search on a large board stops
// with "memory-limit" instead of exhausting the machine.
const defaultBenchMemoryMiB = 4096

// benchCombos are the combinations the options name, and whether they
// ask for the per-instance table of IDA* with pattern databases (the
// benchmark of Korf's instances, bench.TableCombos) rather than a
// comparison: --run's pairs or --algo x --heuristic.
func benchCombos(o *benchOptions) (combos []bench.Combo, table bool, err error) {
	if o.runs == "" && o.plots == "" && !o.csv {
		if combos, ok := bench.TableCombos(splitList(o.algos), splitList(o.heuristics)); ok {
			return combos, true, nil
		}
	}
	if o.runs != "" {
		var out []bench.Combo
		for _, r := range splitList(o.runs) {
			c, err := bench.ParseCombo(r)
			if err != nil {
				return nil, false, usageErrorf("--run: %v", err)
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return nil, false, usageErrorf("--run names no combination; expected e.g. bfs,astar:manhattan")
		}
		return out, false, nil
	}
	if combos, err = bench.Combos(splitList(o.algos), splitList(o.heuristics)); err != nil {
		return nil, false, usageErrorf("--algo: %v", err)
	}
	return combos, false, nil
}

// benchProgress draws a progress bar on stderr when it is a terminal.
type benchProgress struct{ bar *progressBar }

func newBenchProgress(a *app) *benchProgress {
	return &benchProgress{newProgressBar(a, progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())}
}

func (p *benchProgress) update(pr bench.Progress) {
	p.bar.set(pr.Combo.String(), int64(pr.Done), int64(pr.Total))
}

func (p *benchProgress) finish() { p.bar.finish() }

// abbreviateList joins names with commas, the first max of them and then
// how many more there are.
func abbreviateList(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:max], ", "), len(names)-max)
}
