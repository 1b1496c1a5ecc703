package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/spf13/cobra"
)

func newSetsCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sets",
		Short: "List the puzzle sets shipped in the binary",
		Long: `List the puzzle sets shipped in the binary: published benchmark instances
with their optimal lengths, the hardest positions of small boards, and a real
course's public tests. Any instance can be used wherever a puzzle file is
expected as set:NAME/ID, for example kpuzzle solve set:korf100/1.`,
		Example: `  kpuzzle sets
  kpuzzle sets show 8puzzle-hardest
  kpuzzle sets export korf100 --out korf100
  kpuzzle sets prove 5x5-deep --threads 2`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error { return runSetsList(a) },
	}
	cmd.AddCommand(newSetsShowCmd(a), newSetsExportCmd(a), newSetsProveCmd(a))
	return cmd
}

type setJSON struct {
	puzzles.SetInfo
	Count int `json:"count"`
}

func runSetsList(a *app) error {
	var list []setJSON
	for _, info := range puzzles.Sets() {
		set, err := puzzles.LoadSet(info.Name)
		if err != nil {
			return err
		}
		list = append(list, setJSON{SetInfo: info, Count: len(set.Instances)})
	}
	if a.json {
		return writeJSON(a.out, map[string]any{"sets": list})
	}
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, a.paint.bold("NAME")+"\t"+a.paint.bold("PUZZLES")+"\t"+a.paint.bold("GOAL")+"\t"+a.paint.bold("DESCRIPTION"))
	for _, s := range list {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", s.Name, s.Count, s.Goal, s.Description)
	}
	return tw.Flush()
}

func newSetsShowCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "List the instances of a shipped set",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			set, err := puzzles.LoadSet(args[0])
			if err != nil {
				return usageErrorf("%v", err)
			}
			type instJSON struct {
				ID      string `json:"id"`
				Shape   string `json:"shape"`
				Board   []int  `json:"board"`
				Optimal *int   `json:"optimal_length"`
			}
			out := make([]instJSON, len(set.Instances))
			for i, inst := range set.Instances {
				out[i] = instJSON{ID: inst.Name, Shape: inst.Board.Shape().String(), Board: inst.Board.Cells(), Optimal: knownLength(inst.Optimal)}
			}
			if a.json {
				return writeJSON(a.out, map[string]any{"name": set.Name, "goal": set.GoalName, "instances": out})
			}
			fmt.Fprintf(a.out, "%s (%s goal): %s\n", set.Name, set.GoalName, set.Description)
			tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
			for _, inst := range out {
				length := "?"
				if inst.Optimal != nil {
					length = fmt.Sprint(*inst.Optimal)
				}
				fmt.Fprintf(tw, "set:%s/%s\t%s\t%s\t%s\n", set.Name, inst.ID, inst.Shape, length, strings.Trim(fmt.Sprint(inst.Board), "[]"))
			}
			return tw.Flush()
		},
	}
}

func knownLength(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

func newSetsExportCmd(a *app) *cobra.Command {
	var out, format string
	cmd := &cobra.Command{
		Use:   "export NAME --out DIR",
		Short: "Write a shipped set as puzzle files with a manifest.json",
		Long: `Write the shipped set NAME into DIR: one puzzle file per instance and a
manifest.json carrying each instance's solvability and its published optimal
length, ready for kpuzzle check and kpuzzle grade.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if out == "" {
				return usageErrorf("--out DIR is required")
			}
			f, err := puzzles.ParseFormat(format)
			if err != nil {
				return usageErrorf("--format: %v", err)
			}
			return runSetsExport(a, args[0], out, f)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "output folder (required)")
	cmd.Flags().StringVar(&format, "format", "rows", "puzzle file format: rows (CS3243), princeton, 42 (n-puzzle, # comments and a size line) or json")
	return cmd
}

func runSetsExport(a *app, name, out string, f puzzles.Format) error {
	set, err := puzzles.LoadSet(name)
	if err != nil {
		return usageErrorf("%v", err)
	}
	n, err := puzzles.ExportSet(set, out, f, "kpuzzle sets export "+name)
	if err != nil {
		return fmt.Errorf("export %s: %w", name, err)
	}
	if a.json {
		return writeJSON(a.out, map[string]any{"out": out, "name": name, "count": n})
	}
	fmt.Fprintf(a.out, "wrote %d puzzles of %s to %s, listed in %s\n", n, name, out, filepath.Join(out, puzzles.ManifestFile))
	return nil
}

func newSetsProveCmd(a *app) *cobra.Command {
	o := &benchOptions{algos: "idastar", maxMemory: defaultBenchMemoryMiB, jobs: 1, tieBreak: search.DefaultTieBreak.String(), prove: true, cheapNodes: bench.DefaultCheapNodes}
	cmd := &cobra.Command{
		Use:   "prove NAME|DIR",
		Short: "Prove the optimal length of every instance of a set and compare it with the recorded one",
		Long: `Prove the optimal length of every instance of a set again — a shipped set
(kpuzzle sets lists them) or a folder of puzzle files with the manifest.json of
kpuzzle gen — with IDA*: first with linear conflicts within --cheap-nodes
nodes an instance (a second or two; most keys of kpuzzle init's sets are
proved so in hundredths of a second), then, for the instances left, with the
strongest pattern database available for each board (built into the cache
first when missing, with progress on stderr, unless --no-build), and print
one row per instance: the length proved, the recorded (published or key)
length, nodes generated and seconds. It is kpuzzle bench's per-instance
table, named for what an instructor checks before trusting a key.

--threads spreads each search over that many goroutines (default: every
core); the lengths do not depend on it, and --threads 1 gives the serial
search's exact node counts. Exit status 1 when a proved length differs from
the recorded one or an instance was stopped by --timeout, 2 for a bad
invocation or input.`,
		Example: `  kpuzzle sets prove 5x5-deep
  kpuzzle sets prove korf24 --only 1 --threads 2 --json
  kpuzzle sets prove my-set/ --timeout 10m`,
		Args: cobra.ExactArgs(1),
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []string
			for _, n := range setNames() {
				if strings.HasPrefix(n, toComplete) {
					out = append(out, n)
				}
			}
			return out, cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.set = args[0]
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runBench(ctx, a, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.only, "only", "", "prove only the instances named, comma-separated (e.g. 9,47)")
	f.IntVar(&o.limit, "limit", 0, "prove only the first N instances (0: all)")
	f.DurationVar(&o.timeout, "timeout", 0, "stop a proof after this long, e.g. 10m (0: no limit)")
	f.StringVar(&o.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed()+" (default: the set's own goal)")
	f.IntVar(&o.jobs, "jobs", 1, "proofs at once")
	registerThreads(f, &o.threads, "goroutines of each proof's IDA* search (0: every core, divided among --jobs; 1: the serial search, whose node counts are exact)")
	f.BoolVar(&o.noBuild, "no-build", false, "never build a pattern database; fail when one is missing")
	f.Int64Var(&o.cheapNodes, "cheap-nodes", bench.DefaultCheapNodes, "first try each instance with IDA* and linear conflicts within this many nodes, before any pattern database (0: go to the databases at once)")
	o.pdb.register(f)
	return cmd
}
