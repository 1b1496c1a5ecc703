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
	"time"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/templates"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// auditOptions are the flags of kpuzzle audit.
type auditOptions struct {
	shape     string
	goal      string
	cmd       string
	values    string
	heuristic string
	function  string
	method    string

	board     string
	blank     string
	separator string
	call      string
	python    string
	// separatorSet is true when --separator was given (even empty).
	separatorSet bool

	submission string

	expect    string
	dominates string
	ignore    []string

	exhaustive bool
	sample     bool
	samples    int
	seed       uint64
	lowerBound string
	solveTime  time.Duration
	solveAll   bool
	maxExample int

	cmdDir    string
	batch     int
	jobs      int
	timeout   time.Duration
	memory    int64
	isolation string

	pdb pdbFlags
}

func newAuditCmd(a *app) *cobra.Command {
	var opts auditOptions
	cmd := &cobra.Command{
		Use:   "audit --shape RxC (--cmd CMD | --function MODULE:FUNCTION | --method CLASS.METHOD | --values FILE | --heuristic NAME)",
		Short: "Check a heuristic: admissible? consistent? 0 at the goal? equal to or above another?",
		Long: `Audit a heuristic on the board --shape against exact distances, and show
with concrete states where it fails. The heuristic comes from one source:

  --cmd CMD        a program that reads states on standard input, one per line
                   (cells in row-major order, space-separated, 0 the blank), and
                   prints one number per line (an integer or a real), run in the
                   sandbox without network, once per batch of states, as
                   /bin/sh -c CMD in a copy of --cmd-dir (default: the current
                   folder); KPUZZLE_SHAPE and KPUZZLE_GOAL say the board.
                   Examples: kpuzzle audit template python|java
  --function MODULE:FUNCTION
                   a Python function of a module in --cmd-dir, called on each
                   state as the grader's function interface calls a solver, in
                   the sandbox: FUNCTION(board), the board as --board says
                   (auto: found by calling it: rows, flat, tuple, flat-tuple,
                   string, numpy), the blank as --blank (default 0; "_" for
                   "12345678_"); --call EXPR for anything else, such as
                   --call "h({'state': board})"
  --method CLASS.METHOD
                   a Java method of CLASS.java in --cmd-dir (compiled there):
                   static METHOD(board), METHOD(board) on new CLASS(), or
                   METHOD() on new CLASS(board) (Princeton's Board.manhattan);
                   a board is int[][], int[], String or a List
  --values FILE    a CSV or TSV table with a header state,h: each state as its
                   cells separated by spaces, and its value
  --heuristic NAME a reference heuristic (misplaced, manhattan, euclidean and
                   its variants euclidean-tile-floor ..., linear-conflict,
                   walking-distance, pdb:NAME, pdb:pairs, pdb:dynamic)

Checks: h(goal) = 0; h >= 0; admissibility h <= h*; consistency h(s) <= 1 + h(s')
across every move; --expect NAME: equal to a reference heuristic (grading an
implementation); --dominates NAME: never below another heuristic (counts of
states above, equal, below). The report shows the mean h and mean h/h*.

Coverage: boards of up to 10 cells (2x3, 2x4, 3x3, 2x5) are audited on every
state against an exact distance table; larger ones on a seeded sample of
--samples states (half uniform, half random walks from the goal) and their
neighbours, each proved admissible by a lower bound (a pattern database on
4x4) or solved optimally. The report says which states were proved how.

Exit code 0 when every check holds, 1 when one fails, 2 on bad input (an
unreadable values file, a program that crashes or prints anything but one
number per state).`,
		Example: `  kpuzzle audit --shape 3x3 --cmd "python3 heuristic.py"
  kpuzzle audit --shape 3x3 --cmd "python3 lc.py" --expect linear-conflict
  kpuzzle audit --shape 3x3 --function heuristics:manhattan --cmd-dir alice/ --submission alice
  kpuzzle audit --shape 3x3 --method Board.manhattan --cmd-dir bob/
  kpuzzle audit --shape 3x3 --function search:h --board string --blank _
  kpuzzle audit --shape 2x4 --values claims.csv
  kpuzzle audit --shape 3x3 --heuristic linear-conflict --dominates manhattan
  kpuzzle audit --shape 4x4 --heuristic walking-distance --samples 500 --seed 7
  kpuzzle audit stats claims.csv
  kpuzzle audit template python > heuristic.py`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			opts.separatorSet = cmd.Flags().Changed("separator")
			return runAudit(ctx, a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.shape, "shape", "", "board shape RxC, for example 3x3 (required, but for --values of a square board)")
	f.StringVar(&opts.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed())
	f.StringVar(&opts.cmd, "cmd", "", "heuristic program speaking the audit protocol, run as /bin/sh -c CMD")
	f.StringVar(&opts.values, "values", "", "CSV or TSV file of claimed values with a header state,h")
	f.StringVar(&opts.heuristic, "heuristic", "", "reference heuristic to audit")
	f.StringVar(&opts.function, "function", "", "Python heuristic function MODULE:FUNCTION of a module in --cmd-dir")
	f.StringVar(&opts.method, "method", "", "Java heuristic method CLASS.METHOD of CLASS.java in --cmd-dir")
	f.StringVar(&opts.board, "board", audit.BoardAuto, "how --function or --method gets the board: auto, rows, flat, tuple, flat-tuple, string or numpy")
	f.StringVar(&opts.blank, "blank", "", "how the blank is written in the board --function or --method gets: 0, _, x, *, b, None ... (default: 0, or the first of these on which h(goal) = 0)")
	f.StringVar(&opts.separator, "separator", "", "what joins the cells of a string board (default: nothing when every tile has one digit, a space otherwise)")
	f.StringVar(&opts.call, "call", "", "Python expression --function's module evaluates for each state, with board, goal, rows and cols bound (default FUNCTION(board))")
	f.StringVar(&opts.python, "python", "python3", "Python interpreter of --function")
	f.StringVar(&opts.submission, "submission", "", "name of the submission audited, written in the report (default: the --cmd-dir folder's name)")
	f.StringVar(&opts.expect, "expect", "", "reference heuristic the values must equal")
	f.StringVar(&opts.dominates, "dominates", "", "heuristic the values must never be below")
	f.StringSliceVar(&opts.ignore, "ignore", nil, "checks to report but leave out of the verdict: goal_zero, non_negative, admissible, consistent, expect, dominates")
	f.BoolVar(&opts.exhaustive, "exhaustive", false, "audit every state even on 11- and 12-cell boards (3x4, 2x6: 240 million states, about 4 GB of memory)")
	f.BoolVar(&opts.sample, "sample", false, "audit a sample even where every state could be audited")
	f.IntVar(&opts.samples, "samples", audit.DefaultSamples, "random states of a sampled audit (half uniform, half random walks)")
	f.Uint64Var(&opts.seed, "seed", 1, "seed of the sample; the same seed gives the same states")
	f.StringVar(&opts.lowerBound, "lower-bound", "", "admissible heuristic that settles sampled states without a solve (default: pdb:663 on 4x4, pdb:6666 on 5x5 when built, else linear conflict / walking distance)")
	f.DurationVar(&opts.solveTime, "solve-timeout", audit.DefaultSolveTimeout, "time limit of each optimal solve of a sampled audit")
	f.BoolVar(&opts.solveAll, "solve-all", false, "solve every sampled state, so that the mean h/h* covers them all")
	f.IntVar(&opts.maxExample, "max-counterexamples", audit.DefaultMaxCounterexamples, "counterexamples listed per kind in --json")
	f.StringVar(&opts.cmdDir, "cmd-dir", ".", "folder holding the --cmd program, copied into the program's throwaway working folder")
	f.IntVar(&opts.batch, "batch", audit.DefaultBatchSize, "largest number of states one run of the --cmd program receives")
	f.IntVar(&opts.jobs, "jobs", 0, "runs of the --cmd program at once (default: every core)")
	f.StringVar(&opts.isolation, "isolation", "auto", "sandbox isolation of the --cmd program: auto, namespaces or rlimits")
	f.DurationVar(&opts.timeout, "timeout", audit.DefaultCommandTimeout, "wall and CPU time limit of one run of the --cmd program")
	f.Int64Var(&opts.memory, "memory", 0, "address-space limit of the --cmd program in MiB (default 1024; a JVM needs more, or see kpuzzle audit template java)")
	registerPDBDir(f, &opts.pdb)
	cmd.AddCommand(newAuditStatsCmd(a), newAuditTemplateCmd(a))
	return cmd
}

// registerPDBDir registers --pdb-dir only (audits build no table large
// enough to need a worker count).
func registerPDBDir(f *pflag.FlagSet, p *pdbFlags) {
	f.StringVar(&p.dir, "pdb-dir", "", "pattern database cache folder (default: kpuzzle/pdb in the user cache folder)")
}

func runAudit(ctx context.Context, a *app, opts auditOptions) error {
	sources := 0
	for _, s := range []string{opts.cmd, opts.values, opts.heuristic, opts.function, opts.method} {
		if s != "" {
			sources++
		}
	}
	if sources != 1 {
		return usageErrorf("give exactly one heuristic source: --cmd CMD, --function MODULE:FUNCTION, --method CLASS.METHOD, --values FILE or --heuristic NAME")
	}
	program := opts.cmd != "" || opts.function != "" || opts.method != ""
	if opts.exhaustive && opts.sample {
		return usageErrorf("--exhaustive and --sample exclude each other")
	}
	var shape puzzles.Shape
	if opts.shape != "" {
		var err error
		if shape, err = puzzles.ParseShape(opts.shape); err != nil {
			return usageErrorf("--shape: %v", err)
		}
	} else if opts.values == "" {
		return usageErrorf("--shape RxC is required, for example --shape 3x3")
	}
	pdbOpts := pdb.Options{Dir: opts.pdb.dir}
	hs := solveHeuristics(opts.pdb.dir)

	var src audit.Source
	var command *audit.Command
	if opts.values != "" {
		claims, err := audit.ReadValuesFile(opts.values, shape)
		if err != nil {
			return inputError(err)
		}
		shape = claims.Shape
		src = claims
	}
	pf := puzzleFlags{goal: opts.goal}
	goal, err := pf.goalFor(shape)
	if err != nil {
		return err
	}
	build := func(flag, name string) (search.Heuristic, error) {
		if name == "" {
			return nil, nil
		}
		h, err := hs.Build(ctx, name, goal)
		if err != nil {
			return nil, usageErrorf("--%s: %v", flag, err)
		}
		return h, nil
	}
	switch {
	case opts.heuristic != "":
		h, err := build("heuristic", opts.heuristic)
		if err != nil {
			return err
		}
		src = audit.FromHeuristic(h)
	case program:
		if opts.memory < 0 || opts.batch < 0 || opts.jobs < 0 {
			return usageErrorf("--memory, --batch and --jobs must not be negative")
		}
		iso, err := sandbox.ParseChoice(opts.isolation)
		if err != nil {
			return usageErrorf("--isolation: %v", err)
		}
		conceal := batch.GraderFiles(nil)
		if opts.pdb.dir != "" {
			conceal = append(conceal, opts.pdb.dir)
		}
		co := audit.CommandOptions{
			Dir: opts.cmdDir, BatchSize: opts.batch, Jobs: opts.jobs, Timeout: opts.timeout, MemoryBytes: opts.memory << 20,
			Isolation: iso, Conceal: conceal,
		}
		if opts.cmd != "" {
			command, err = audit.NewCommand(opts.cmd, goal, co)
		} else {
			spec := audit.FunctionSpec{Target: opts.function, Language: audit.LanguagePython, Board: opts.board, Blank: opts.blank,
				Separator: opts.separator, SeparatorSet: opts.separatorSet, Call: opts.call, Interpreter: opts.python}
			if opts.method != "" {
				spec.Target, spec.Language = opts.method, audit.LanguageJava
			}
			command, err = audit.NewFunction(ctx, spec, goal, co)
			if err != nil && !errors.As(err, new(*audit.ProgramError)) && !errors.As(err, new(*audit.FolderTooLargeError)) && ctx.Err() == nil {
				return usageErrorf("--%s: %v", map[bool]string{true: "method", false: "function"}[opts.method != ""], err)
			}
		}
		var big *audit.FolderTooLargeError
		if errors.As(err, &big) {
			where := fmt.Sprintf("--cmd-dir %s", opts.cmdDir)
			if opts.cmdDir == "." {
				where = "the current folder (--cmd-dir's default)"
			}
			return usageErrorf("--cmd: %s holds %s, all copied into the program's working folder for every run; give --cmd-dir FOLDER, the folder that holds the program and its files", where, big.What)
		}
		if err != nil {
			return inputError(err)
		}
		defer command.Close()
		src = command
	}
	submission := opts.submission
	if submission == "" && program && opts.cmdDir != "." {
		if abs, err := filepath.Abs(opts.cmdDir); err == nil {
			submission = filepath.Base(abs)
		}
	}
	ao := audit.Options{Goal: goal, Samples: opts.samples, Seed: opts.seed, SolveTimeout: opts.solveTime,
		SolveAll: opts.solveAll, MaxCounterexamples: opts.maxExample, PDB: pdbOpts, Ignore: opts.ignore, Submission: submission}
	tables := newGenProgress(a)
	ao.Tables.Progress = tables.table
	defer tables.finish()
	switch {
	case opts.exhaustive:
		ao.Coverage = audit.Exhaustive
	case opts.sample:
		ao.Coverage = audit.Sampled
	}
	if ao.Expect, err = build("expect", opts.expect); err != nil {
		return err
	}
	if ao.Dominates, err = build("dominates", opts.dominates); err != nil {
		return err
	}
	if opts.lowerBound != "" {
		if ao.LowerBound, err = build("lower-bound", opts.lowerBound); err != nil {
			return err
		}
		ao.LowerBoundNote = "chosen with --lower-bound"
	}
	rep, err := audit.Run(ctx, src, ao)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return usageErrorf("audit interrupted")
		}
		return inputError(err)
	}
	if command != nil {
		if iso := command.Isolation(); iso.Degraded() {
			fmt.Fprintf(a.errOut, "kpuzzle: warning: the heuristic program ran with weaker isolation: %s\n", iso.Reason)
		}
	}
	if a.json {
		err = writeJSON(a.out, rep)
	} else {
		err = rep.WriteText(a.out, a.paint.style(), opts.maxExample)
	}
	if err != nil {
		return err
	}
	if !rep.Passed {
		return errFindings
	}
	return nil
}

// auditStatsOptions are the flags of kpuzzle audit stats.
type auditStatsOptions struct {
	shape     string
	goal      string
	solveTime time.Duration
	pdb       pdbFlags
}

func newAuditStatsCmd(a *app) *cobra.Command {
	var opts auditStatsOptions
	cmd := &cobra.Command{
		Use:   "stats FILE",
		Short: "Check a table of claimed search statistics: is each figure possible?",
		Long: `Check FILE, a CSV or TSV table of claimed search statistics with a header
naming algorithm, puzzle and at least one of expanded, max_frontier, generated
(heuristic optional; "nodes expanded" and "max frontier" are accepted), and
say for each figure whether any correct run could produce it:

  - graph searches (bfs, ucs, astar, greedy, wastar, bidirectional) expand
    each reachable state at most once and keep distinct states on the
    frontier, so no figure exceeds the number of reachable states;
  - A* with a consistent heuristic expands every state with g*+h < C* and
    none with g*+h > C* (the must-expand / may-expand band); BFS and UCS
    likewise within the states at most C* moves away;
  - IDS, IDA* and RBFS keep at most branching factor x depth nodes; IDS and
    IDA* expand at least the states of their complete iterations and at most
    the move sequences their iterations can try;
  - generated lies between expanded and branching factor x expanded.

A puzzle is written as its cells separated by spaces, set:NAME/ID, or a
puzzle file (relative to FILE's folder). Counts may be written 181440,
"181,440", 6e12 or 6·10^12. Exit code 0 when every figure is possible, 1
when one is impossible, 2 on bad input.`,
		Example: `  kpuzzle audit stats claims.csv
  kpuzzle audit stats --json report-table.tsv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runAuditStats(ctx, a, opts, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.shape, "shape", "", "board shape of puzzles written as cells (default: square, from the number of cells)")
	f.StringVar(&opts.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed()+" (default: default, or a set's own goal)")
	f.DurationVar(&opts.solveTime, "solve-timeout", audit.DefaultSolveTimeout, "time limit for finding each puzzle's optimal length")
	registerPDBDir(f, &opts.pdb)
	return cmd
}

func runAuditStats(ctx context.Context, a *app, opts auditStatsOptions, file string) error {
	so := audit.StatsOptions{SolveTimeout: opts.solveTime, PDB: pdb.Options{Dir: opts.pdb.dir}}
	if opts.shape != "" {
		s, err := puzzles.ParseShape(opts.shape)
		if err != nil {
			return usageErrorf("--shape: %v", err)
		}
		so.Shape = s
	}
	so.Heuristics = reference.StandardHeuristics(so.PDB)
	pf := puzzleFlags{goal: opts.goal}
	so.Goal = func(s puzzles.Shape) (puzzles.Goal, error) { return pf.goalFor(s) }
	so.Resolve = func(text string) (puzzles.Board, puzzles.Goal, error) {
		if ref, ok := strings.CutPrefix(text, puzzles.SetRefPrefix); ok {
			set, b, err := puzzles.LookupInstance(ref)
			if err != nil || opts.goal != "" {
				return b, puzzles.Goal{}, err
			}
			// A set instance is posed against its set's goal, as
			// everywhere, unless --goal says otherwise.
			g, err := puzzles.GoalByName(set.GoalName, b.Shape())
			return b, g, err
		}
		path := text
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(file), path)
		}
		b, err := puzzles.ReadBoardFile(path)
		return b, puzzles.Goal{}, err
	}
	claims, err := audit.ReadStatsFile(file, so)
	if err != nil {
		return inputError(err)
	}
	rep, err := audit.JudgeStats(ctx, claims, so)
	if err != nil {
		return inputError(err)
	}
	return finishStats(a, rep, file)
}

func finishStats(a *app, rep *audit.StatsReport, file string) error {
	var err error
	if a.json {
		err = writeJSON(a.out, rep)
	} else {
		err = rep.WriteText(a.out, a.paint.style(), file)
	}
	if err != nil {
		return err
	}
	if !rep.AllPossible {
		return errFindings
	}
	return nil
}

func newAuditTemplateCmd(a *app) *cobra.Command {
	files := map[string]string{"python": "audit/heuristic.py", "java": "audit/Heuristic.java"}
	return &cobra.Command{
		Use:   "template python|java",
		Short: "Print an example heuristic program that speaks the audit protocol",
		Long: `Print an example heuristic program (Manhattan distance) that speaks the
audit protocol, to start a heuristic of your own from:

  kpuzzle audit template python > heuristic.py
  kpuzzle audit --shape 3x3 --cmd "python3 heuristic.py"

  kpuzzle audit template java > Heuristic.java && javac Heuristic.java
  kpuzzle audit --shape 3x3 --cmd "` + audit.JavaCommand("Heuristic") + `"

(A JVM reserves more address space than the sandbox's default 1 GiB limit
allows; the flags above shrink its reservations. --memory 4096 also works.)`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			name, ok := files[strings.ToLower(args[0])]
			if !ok {
				return usageErrorf("template %q: expected python or java", args[0])
			}
			text, err := templates.Read(name)
			if err != nil {
				return err
			}
			_, err = io.WriteString(a.out, text)
			return err
		},
	}
}
