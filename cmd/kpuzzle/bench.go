package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/spf13/cobra"
)

// benchOptions are the options of kpuzzle bench; the flags write into
// them.
type benchOptions struct {
	set          string
	algos        string
	heuristics   string
	limit        int
	only         string
	timeout      time.Duration
	maxNodes     int64
	goal         string
	noBuild      bool
	noReflection bool
	pdb          pdbFlags
}

func newBenchCmd(a *app) *cobra.Command {
	o := &benchOptions{}
	cmd := &cobra.Command{
		Use:   "bench [SET]",
		Short: "Solve a benchmark set optimally and compare with the published lengths",
		Long: `Solve every instance of a set — a shipped set (korf100, korf100-blank-last,
korf24, hard80, ...; see kpuzzle sets) or a folder of puzzle files (with the
manifest.json of kpuzzle gen, when present, for the known lengths) — and
print a table: instance, optimal length found, published length, nodes
generated, seconds; then totals and per-instance means.

The search is IDA* with a pattern database (--heuristic pdb:NAME; default the
strongest one already built for the board, else one that builds in seconds).
Seconds count search only; loading or building the databases is reported
apart. Exit status 1 when any length differs from the published one or any
instance was stopped by --timeout or --max-nodes.`,
		Example: `  kpuzzle bench korf100 --heuristic pdb:78
  kpuzzle bench --set hard80 --heuristic pdb:78 --json
  kpuzzle bench --set korf24 --heuristic pdb:6666 --limit 1
  kpuzzle bench --set ./my-puzzles --timeout 10s`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				if o.set != "" && o.set != args[0] {
					return usageErrorf("set given twice: %q and --set %q", args[0], o.set)
				}
				o.set = args[0]
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runBench(ctx, a, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.set, "set", "", "shipped set NAME or a folder of puzzle files")
	f.StringVar(&o.algos, "algo", "idastar", "search algorithm: idastar (auto is the same here)")
	f.StringVar(&o.heuristics, "heuristic", "", "heuristics, comma-separated: pdb:555, pdb:663, pdb:78, pdb:fringe, pdb:6666, pdb:auto or pdb:PATTERNS (default: strongest available)")
	f.IntVar(&o.limit, "limit", 0, "solve only the first N instances (0: all)")
	f.StringVar(&o.only, "only", "", "solve only the instances named, comma-separated (e.g. 9,47)")
	f.DurationVar(&o.timeout, "timeout", 0, "stop an instance after this long (0: no limit)")
	f.Int64Var(&o.maxNodes, "max-nodes", 0, "stop an instance after this many generated nodes (0: no limit)")
	f.StringVar(&o.goal, "goal", "", "goal: default, blank-first or a goal FILE (default: the set's own goal)")
	f.BoolVar(&o.noBuild, "no-build", false, "never build a pattern database; fail when one is missing")
	f.BoolVar(&o.noReflection, "no-reflection", false, "turn off the diagonal reflection lookups")
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
	if o.limit < 0 || o.maxNodes < 0 || o.timeout < 0 {
		return usageErrorf("--limit, --max-nodes and --timeout must not be negative")
	}
	for _, algo := range splitList(o.algos) {
		switch strings.ToLower(algo) {
		case "idastar", "ida*", "auto":
		default:
			return usageErrorf("--algo %q: bench runs idastar (or auto) with pattern databases", algo)
		}
	}
	setName, goalName, list, err := loadBenchSet(o)
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
	heurs := splitList(o.heuristics)
	if len(heurs) == 0 {
		heurs = []string{""}
	}
	dir, err := o.pdb.cacheDir()
	if err != nil {
		return err
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

// loadBenchSet reads the set: a shipped name or a folder.
func loadBenchSet(o *benchOptions) (name, goalName string, list []benchPuzzle, err error) {
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
		return "", "", nil, usageErrorf("--set %q: no shipped set or folder of that name (sets: %s)", o.set, strings.Join(names, ", "))
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
	heur := map[string]*pdb.Heuristic{}
	used := map[string]bool{}
	opts := pdb.Options{Dir: dir, Workers: o.pdb.workers, NoReflection: o.noReflection, NoBuild: o.noBuild}
	setupStart := time.Now()
	for _, p := range list {
		key := p.goal.Board().String()
		if heur[key] != nil {
			continue
		}
		part, err := benchPartition(a, dir, name, p.goal)
		if err != nil {
			return r, err
		}
		h, err := openWithProgress(ctx, a, part, opts)
		if err != nil {
			if errors.Is(err, pdb.ErrNotBuilt) {
				return r, usageErrorf("%v (build it with: kpuzzle pdb build %s --goal %s)", err, part.Name, p.goal.Name())
			}
			return r, err
		}
		heur[key] = h
		r.TableBytes += h.Bytes()
		r.Reflection = h.Reflects()
		if !used[h.Name()] {
			used[h.Name()] = true
			r.Heuristics = append(r.Heuristics, h.Name())
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

// benchPartition resolves a heuristic name for goal g; "" picks the
// strongest database already built for the board, else one that builds
// in seconds (saying so on stderr).
func benchPartition(a *app, dir, name string, g puzzles.Goal) (pdb.Partition, error) {
	if name != "" {
		if !strings.HasPrefix(strings.ToLower(name), "pdb:") {
			return pdb.Partition{}, usageErrorf("--heuristic %q: bench runs pattern databases (pdb:555, pdb:663, pdb:78, pdb:fringe, pdb:6666, pdb:auto or pdb:PATTERNS)", name)
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
func benchSolve(ctx context.Context, o *benchOptions, p benchPuzzle, h *pdb.Heuristic) (benchInstance, error) {
	res := benchInstance{Name: p.name, Shape: p.board.Shape().String(), PublishedLength: knownLength(p.published)}
	sctx := ctx
	if o.timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	path, st, err := pdb.Solve(sctx, p.board, h, pdb.Limits{MaxNodes: o.maxNodes})
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
