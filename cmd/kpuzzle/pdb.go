package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// pdbFlags are the flags of every command that opens pattern databases.
type pdbFlags struct {
	dir     string
	workers int
}

func (p *pdbFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&p.dir, "pdb-dir", "", "pattern database cache folder (default: kpuzzle/pdb in the user cache folder)")
	fs.IntVar(&p.workers, "workers", 0, "goroutines that build a pattern database (default: every core)")
}

// cacheDir is the folder the flags name.
func (p *pdbFlags) cacheDir() (string, error) {
	if p.dir != "" {
		return p.dir, nil
	}
	d, err := pdb.DefaultDir()
	if err != nil {
		return "", usageErrorf("%v", err)
	}
	return d, nil
}

func newPdbCmd(a *app) *cobra.Command {
	pf := &pdbFlags{}
	cmd := &cobra.Command{
		Use:   "pdb",
		Short: "Build, list and verify the cached pattern databases",
		Long: `Pattern databases are the heuristics behind fast optimal 15- and 24-puzzle
solving (heuristic names pdb:555, pdb:663, pdb:78, pdb:fringe for 4x4 and
pdb:6666 for 5x5). Each is built once per board and goal and cached on disk
under the user cache folder (or --pdb-dir, the pdb-dir configuration key or
KPUZZLE_PDB_DIR). Every file carries a header (format version, board, goal,
pattern, entry encoding, checksum) that is verified whenever it is loaded; a
corrupt or mismatched file is rebuilt, never trusted. See docs/pdb.md.`,
	}
	pf.register(cmd.PersistentFlags())
	cmd.AddCommand(newPdbBuildCmd(a, pf), newPdbListCmd(a, pf), newPdbVerifyCmd(a, pf))
	return cmd
}

// pdbBuildOptions are the options of kpuzzle pdb build.
type pdbBuildOptions struct {
	names    []string
	goal     string
	shape    string
	patterns string
	mode     string
	force    bool
}

func newPdbBuildCmd(a *app, pf *pdbFlags) *cobra.Command {
	o := &pdbBuildOptions{}
	cmd := &cobra.Command{
		Use:   "build [NAME...]",
		Short: "Build pattern databases into the cache (NAME: 555, 663, 78, fringe, 6666)",
		Long: `Build the named pattern databases for one goal and store them in the cache;
tables already cached and intact are only verified. Without a NAME, build the
patterns given by --patterns for the board --shape (a custom partition).
A progress bar is drawn on stderr when it is a terminal.

The 7-8 database (pdb:78) takes minutes and about 1.8 GB of memory to build
and 290 MB on disk; 6-6-3 and 5-5-5 take seconds.`,
		Example: `  kpuzzle pdb build 78 --goal blank-first     # for Korf's 100 instances
  kpuzzle pdb build 663 555                   # default goal
  kpuzzle pdb build --shape 3x4 --patterns 1-2-3-4-5-6/7-8-9-10-11`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.names = args
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runPdbBuild(ctx, a, pf, o)
		},
	}
	cmd.Flags().StringVar(&o.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed())
	cmd.Flags().StringVar(&o.shape, "shape", "", "board RxC for --patterns (shipped names imply their board)")
	cmd.Flags().StringVar(&o.patterns, "patterns", "", "a custom partition: tiles joined by - and patterns by /, e.g. 1-2-3-4/5-6-7-8")
	cmd.Flags().StringVar(&o.mode, "mode", "additive", "mode of --patterns: additive (patterns add up) or max (fringe style, every move counts)")
	cmd.Flags().BoolVar(&o.force, "force", false, "rebuild even when the cached tables are intact")
	return cmd
}

func runPdbBuild(ctx context.Context, a *app, pf *pdbFlags, o *pdbBuildOptions) error {
	var parts []pdb.Partition
	switch {
	case o.patterns != "" && len(o.names) > 0:
		return usageErrorf("give either NAMEs or --patterns, not both")
	case o.patterns != "":
		if o.shape == "" {
			return usageErrorf("--patterns needs --shape RxC")
		}
		s, err := puzzles.ParseShape(o.shape)
		if err != nil {
			return usageErrorf("--shape: %v", err)
		}
		g, err := (&puzzleFlags{goal: o.goal}).goalFor(s)
		if err != nil {
			return err
		}
		mode, err := pdb.ParseMode(o.mode)
		if err != nil {
			return usageErrorf("--%v", err)
		}
		pats, err := pdb.ParsePatterns(o.patterns)
		if err != nil {
			return usageErrorf("--patterns: %v", err)
		}
		p, err := pdb.Custom(g, mode, pats)
		if err != nil {
			return usageErrorf("--patterns: %v", err)
		}
		parts = append(parts, p)
	case len(o.names) == 0:
		return usageErrorf("name a pattern database to build (%s) or give --patterns", strings.Join(pdb.Names(), ", "))
	default:
		for _, name := range o.names {
			shape, ok := pdb.NamedShape(name)
			if !ok {
				return usageErrorf("unknown pattern database %q: the shipped ones are %s (or use --patterns)", name, strings.Join(pdb.Names(), ", "))
			}
			g, err := (&puzzleFlags{goal: o.goal}).goalFor(shape)
			if err != nil {
				return err
			}
			p, err := pdb.Named(name, g)
			if err != nil {
				return usageErrorf("%v", err)
			}
			parts = append(parts, p)
		}
	}
	dir, err := pf.cacheDir()
	if err != nil {
		return err
	}
	var results []pdb.DatabaseReport
	for _, p := range parts {
		if o.force {
			if err := pdb.Forget(dir, p); err != nil {
				return inputError(fmt.Errorf("--force: %w", err))
			}
		}
		h, err := openWithProgress(ctx, a, p, pdb.Options{Dir: dir, Workers: pf.workers})
		if err != nil {
			return err
		}
		results = append(results, h.Report())
	}
	if a.json {
		if len(results) == 1 {
			return writeJSON(a.out, results[0])
		}
		return writeJSON(a.out, struct {
			Databases []pdb.DatabaseReport `json:"databases"`
		}{results})
	}
	for _, r := range results {
		if err := r.WriteText(a.out, a.paint.style()); err != nil {
			return err
		}
	}
	return nil
}

// openWithProgress opens a partition's heuristic, saying on stderr which
// tables it builds and why, with a progress bar when stderr is a
// terminal.
func openWithProgress(ctx context.Context, a *app, p pdb.Partition, opts pdb.Options) (*pdb.Heuristic, error) {
	builds := newBuildProgress(a)
	opts.Progress = builds.update
	h, err := pdb.OpenPartition(ctx, p, opts)
	builds.finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, usageErrorf("interrupted while building pattern database %s", p.Name)
		}
		return nil, err
	}
	return h, nil
}

// buildProgress says on stderr which pattern-database tables are built
// and why, with a progress bar while each builds when stderr is a
// terminal. Its update is a pdb.Options.Progress.
type buildProgress struct {
	a   *app
	bar *progressBar
}

func newBuildProgress(a *app) *buildProgress {
	bar := newProgressBar(a, progressbar.OptionSetWidth(30), progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(), progressbar.OptionSetPredictTime(false))
	bar.newline = true
	return &buildProgress{a: a, bar: bar}
}

func (b *buildProgress) update(pr pdb.Progress) {
	switch pr.Phase {
	case pdb.PhaseRebuild:
		fmt.Fprintf(b.a.errOut, "kpuzzle: building pattern database %s table %d/%d (tiles %s, %s entries) for the %s %s goal: %s\n",
			pr.Partition, pr.Pattern, pr.Patterns, joinInts(pr.Tiles), textstyle.Digits(pr.Entries), pr.Goal.Shape(), pr.Goal.Name(), pr.Reason)
		b.bar.restart()
		b.bar.set(fmt.Sprintf("table %d/%d", pr.Pattern, pr.Patterns), 0, pr.Entries)
	case pdb.PhaseBuild:
		b.bar.set(fmt.Sprintf("table %d/%d, level %d", pr.Pattern, pr.Patterns, pr.Level), pr.Reached, pr.Entries)
	case pdb.PhaseSave, pdb.PhaseDone:
		b.finish()
	}
}

// finish ends the bar being drawn, if any.
func (b *buildProgress) finish() { b.bar.finish() }

func newPdbListCmd(a *app, pf *pdbFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the shipped pattern databases and what the cache holds",
		Args:  cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return runPdbList(a, pf)
		},
	}
}

func runPdbList(a *app, pf *pdbFlags) error {
	dir, err := pf.cacheDir()
	if err != nil {
		return err
	}
	l, err := pdb.List(dir)
	if err != nil {
		return inputError(err)
	}
	if a.json {
		return writeJSON(a.out, l)
	}
	return l.WriteText(a.out, a.paint.style())
}

func newPdbVerifyCmd(a *app, pf *pdbFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "verify",
		Short: "Check every cached pattern database: header, size and checksum",
		Long: `Read every table in the cache folder and check its header, size and CRC-32C
checksum. Exit status 1 when any file is damaged; the next build or solve
that needs it rebuilds it.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return runPdbVerify(a, pf)
		},
	}
}

func runPdbVerify(a *app, pf *pdbFlags) error {
	dir, err := pf.cacheDir()
	if err != nil {
		return err
	}
	r, err := pdb.VerifyCache(dir)
	if err != nil {
		return inputError(err)
	}
	if a.json {
		err = writeJSON(a.out, r)
	} else {
		err = r.WriteText(a.out, a.paint.style())
	}
	if err != nil {
		return err
	}
	if !r.AllOK {
		return errFindings
	}
	return nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, "-")
}
