package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kpuzzle/kpuzzle/internal/textstyle"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
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
	cmd.Flags().StringVar(&o.goal, "goal", "", "goal: default (1..k, blank last), blank-first (0 1 ... k), snail (clockwise spiral) or a goal FILE")
	cmd.Flags().StringVar(&o.shape, "shape", "", "board RxC for --patterns (shipped names imply their board)")
	cmd.Flags().StringVar(&o.patterns, "patterns", "", "a custom partition: tiles joined by - and patterns by /, e.g. 1-2-3-4/5-6-7-8")
	cmd.Flags().StringVar(&o.mode, "mode", "additive", "mode of --patterns: additive (patterns add up) or max (fringe style, every move counts)")
	cmd.Flags().BoolVar(&o.force, "force", false, "rebuild even when the cached tables are intact")
	return cmd
}

// pdbTableJSON describes one table of a built database.
type pdbTableJSON struct {
	Tiles    []int   `json:"tiles"`
	File     string  `json:"file"`
	Loaded   bool    `json:"loaded"`
	Rebuilt  string  `json:"rebuilt,omitempty"`
	Seconds  float64 `json:"seconds"`
	Entries  int64   `json:"entries"`
	Bytes    int64   `json:"bytes"`
	Encoding string  `json:"encoding"`
}

type pdbBuildJSON struct {
	Name       string         `json:"name"`
	Heuristic  string         `json:"heuristic"`
	Shape      string         `json:"shape"`
	Goal       string         `json:"goal"`
	Mode       string         `json:"mode"`
	Reflection bool           `json:"reflection"`
	Tables     []pdbTableJSON `json:"tables"`
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
		mode := pdb.Additive
		switch strings.ToLower(o.mode) {
		case "additive":
		case "max":
			mode = pdb.Max
		default:
			return usageErrorf("--mode %q: expected additive or max", o.mode)
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
			shape, ok := namedShape(name)
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
	var results []pdbBuildJSON
	for _, p := range parts {
		if o.force {
			files, _, err := pdb.Status(dir, p)
			if err != nil {
				return err
			}
			for _, f := range files {
				if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
					return fmt.Errorf("--force: %w", err)
				}
			}
		}
		h, err := openWithProgress(ctx, a, p, pdb.Options{Dir: dir, Workers: pf.workers})
		if err != nil {
			return err
		}
		results = append(results, buildResult(p, h))
	}
	if a.json {
		if len(results) == 1 {
			return writeJSON(a.out, results[0])
		}
		return writeJSON(a.out, map[string]any{"databases": results})
	}
	for _, r := range results {
		fmt.Fprintf(a.out, "%s for the %s %s goal (%s, reflection %s):\n", a.paint.bold(r.Heuristic), r.Shape, r.Goal, r.Mode, onOff(r.Reflection))
		for _, t := range r.Tables {
			how := a.paint.good("built")
			if t.Loaded {
				how = a.paint.dim("cached, verified")
			}
			fmt.Fprintf(a.out, "  tiles %-24s %13s entries  %9s  %-13s  %7.1fs  %s  %s\n", joinInts(t.Tiles), groupDigits(t.Entries), humanBytes(t.Bytes), t.Encoding, t.Seconds, how, t.File)
		}
	}
	return nil
}

func namedShape(name string) (puzzles.Shape, bool) {
	n := pdb.TrimName(name)
	for _, info := range pdb.Describe() {
		if info.Name == n {
			return info.Shape, true
		}
	}
	return puzzles.Shape{}, false
}

func buildResult(p pdb.Partition, h *pdb.Heuristic) pdbBuildJSON {
	r := pdbBuildJSON{Name: p.Name, Heuristic: h.Name(), Shape: p.Goal.Shape().String(), Goal: p.Goal.Name(), Mode: p.Mode.String(), Reflection: h.Reflects()}
	tables := h.Tables()
	for i, src := range h.Sources() {
		hdr := tables[i].Header()
		r.Tables = append(r.Tables, pdbTableJSON{Tiles: src.Tiles, File: src.File, Loaded: src.Loaded, Rebuilt: src.Rebuilt, Seconds: src.Seconds,
			Entries: hdr.Entries, Bytes: tables[i].Bytes(), Encoding: hdr.Encoding.String()})
	}
	return r
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
	a    *app
	term bool
	bar  *progressbar.ProgressBar
}

func newBuildProgress(a *app) *buildProgress {
	b := &buildProgress{a: a}
	if f, ok := a.errOut.(*os.File); ok {
		b.term = isTerminal(f)
	}
	return b
}

func (b *buildProgress) update(pr pdb.Progress) {
	switch pr.Phase {
	case pdb.PhaseRebuild:
		fmt.Fprintf(b.a.errOut, "kpuzzle: building pattern database %s table %d/%d (tiles %s, %s entries) for the %s %s goal: %s\n",
			pr.Partition, pr.Pattern, pr.Patterns, joinInts(pr.Tiles), textstyle.Digits(pr.Entries), pr.Goal.Shape(), pr.Goal.Name(), pr.Reason)
		if b.term {
			b.bar = newBuildBar(b.a.errOut, pr)
		}
	case pdb.PhaseBuild:
		if b.bar != nil {
			b.bar.Describe(fmt.Sprintf("table %d/%d, level %d", pr.Pattern, pr.Patterns, pr.Level))
			_ = b.bar.Set64(pr.Reached)
		}
	case pdb.PhaseSave, pdb.PhaseDone:
		b.finish()
	}
}

// finish ends the bar being drawn, if any.
func (b *buildProgress) finish() {
	if b.bar != nil {
		_ = b.bar.Finish()
		fmt.Fprintln(b.a.errOut)
		b.bar = nil
	}
}

func newBuildBar(w io.Writer, pr pdb.Progress) *progressbar.ProgressBar {
	return progressbar.NewOptions64(pr.Entries,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(fmt.Sprintf("table %d/%d", pr.Pattern, pr.Patterns)),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionSetPredictTime(false),
	)
}

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

type pdbListEntry struct {
	Name        string   `json:"name"`
	Heuristic   string   `json:"heuristic"`
	Shape       string   `json:"shape"`
	Goal        string   `json:"goal"`
	Built       bool     `json:"built"`
	Files       []string `json:"files"`
	Bytes       int64    `json:"bytes"`
	Description string   `json:"description"`
}

type pdbFileJSON struct {
	File     string `json:"file"`
	Bytes    int64  `json:"bytes"`
	OK       bool   `json:"ok"`
	Error    string `json:"error,omitempty"`
	Shape    string `json:"shape,omitempty"`
	Goal     []int  `json:"goal,omitempty"`
	Mode     string `json:"mode,omitempty"`
	Tiles    []int  `json:"tiles,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Entries  int64  `json:"entries,omitempty"`
	// MaxEntry is the largest stored entry (the largest excess over
	// Manhattan distance, halved, for additive tables).
	MaxEntry int `json:"max_entry,omitempty"`
}

func fileJSON(st pdb.FileStatus) pdbFileJSON {
	f := pdbFileJSON{File: st.File, Bytes: st.Bytes, OK: st.Err == nil}
	if st.Err != nil {
		f.Error = st.Err.Error()
	}
	if st.Header.Version != 0 {
		h := st.Header
		f.Shape, f.Mode, f.Encoding, f.Entries, f.MaxEntry = h.Shape.String(), h.Mode.String(), h.Encoding.String(), h.Entries, int(h.MaxValue)
		for _, t := range h.Goal {
			f.Goal = append(f.Goal, int(t))
		}
		for _, t := range h.Tiles {
			f.Tiles = append(f.Tiles, int(t))
		}
	}
	return f
}

func runPdbList(a *app, pf *pdbFlags) error {
	dir, err := pf.cacheDir()
	if err != nil {
		return err
	}
	var list []pdbListEntry
	known := map[string]bool{}
	for _, info := range pdb.Describe() {
		for _, gname := range []string{puzzles.GoalDefault, puzzles.GoalBlankFirst} {
			g, _ := puzzles.GoalByName(gname, info.Shape)
			p, err := pdb.Named(info.Name, g)
			if err != nil {
				return err
			}
			files, built, err := pdb.Status(dir, p)
			if err != nil {
				return err
			}
			e := pdbListEntry{Name: info.Name, Heuristic: "pdb:" + info.Name, Shape: info.Shape.String(), Goal: gname, Built: built, Files: files, Description: info.Description}
			for _, f := range files {
				known[f] = true
				if fi, err := os.Stat(f); err == nil {
					e.Bytes += fi.Size()
				}
			}
			list = append(list, e)
		}
	}
	cached, err := pdb.Cached(dir)
	if err != nil {
		return inputError(err)
	}
	var others []pdbFileJSON
	for _, st := range cached {
		if !known[st.File] {
			others = append(others, fileJSON(st))
		}
	}
	if a.json {
		return writeJSON(a.out, map[string]any{"dir": dir, "databases": list, "other_files": others})
	}
	fmt.Fprintf(a.out, "cache folder: %s\n", dir)
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, a.paint.bold("HEURISTIC")+"\t"+a.paint.bold("BOARD")+"\t"+a.paint.bold("GOAL")+"\t"+a.paint.bold("STATUS")+"\t"+a.paint.bold("SIZE")+"\t"+a.paint.bold("DESCRIPTION"))
	for _, e := range list {
		status, size := a.paint.dim("not built"), "-"
		if e.Built {
			status, size = a.paint.good("built"), humanBytes(e.Bytes)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Heuristic, e.Shape, e.Goal, status, size, e.Description)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(others) > 0 {
		fmt.Fprintln(a.out, "other tables in the cache:")
		for _, f := range others {
			state := ""
			if !f.OK {
				state = "  " + a.paint.bad("unreadable: "+f.Error)
			}
			fmt.Fprintf(a.out, "  %s  %s%s\n", filepath.Base(f.File), humanBytes(f.Bytes), state)
		}
	}
	return nil
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
	sts, err := pdb.Verify(dir)
	if err != nil {
		return inputError(err)
	}
	files := make([]pdbFileJSON, len(sts))
	bad := 0
	for i, st := range sts {
		files[i] = fileJSON(st)
		if st.Err != nil {
			bad++
		}
	}
	if a.json {
		if err := writeJSON(a.out, map[string]any{"dir": dir, "files": files, "all_ok": bad == 0}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(a.out, "cache folder: %s\n", dir)
		for _, f := range files {
			if f.OK {
				fmt.Fprintf(a.out, "  %s  %s  %s\n", a.paint.good("ok     "), filepath.Base(f.File), humanBytes(f.Bytes))
			} else {
				fmt.Fprintf(a.out, "  %s  %s  %s\n", a.paint.bad("CORRUPT"), filepath.Base(f.File), f.Error)
			}
		}
		switch {
		case len(files) == 0:
			fmt.Fprintln(a.out, "no pattern databases cached")
		case bad == 0:
			fmt.Fprintf(a.out, "%d files verified\n", len(files))
		default:
			fmt.Fprintf(a.out, "%d of %d files are damaged; they are rebuilt when next needed\n", bad, len(files))
		}
	}
	if bad > 0 {
		return errFindings
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, "-")
}

// groupDigits writes n with thousands separators: 518,918,400.
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + groupDigits(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// humanBytes writes a size in B, KB, MB or GB (powers of 1000).
func humanBytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
