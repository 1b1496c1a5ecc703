package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
	"github.com/spf13/cobra"
)

type initOptions struct {
	puzzle     puzzleFlags
	iface      string
	language   string
	name       string
	shapes     string
	depth      string
	public     int
	hidden     int
	unsolvable int
	seed       uint64
	format     string
	wallTime   time.Duration
	force      bool
	baseline   bool
	jobs       int
	timeout    time.Duration
	pdb        pdbFlags
}

func newInitCmd(a *app) *cobra.Command {
	var opts initOptions
	cmd := &cobra.Command{
		Use:   "init DIR",
		Short: "Scaffold an assignment: puzzle set with keys, starter code, handout, autograder bundles",
		Long: `Make DIR a ready-to-grade assignment:

  assignment.yaml       the assignment for kpuzzle grade, commented
  puzzles/              the puzzle set with proven-optimal keys: public/
                        and hidden/ tests for every --shape (hidden ones
                        are marked so in manifest.json)
  starter/LANG/         student starter code in Python, Java, C++ and Go
                        (for --interface file): reads both puzzle formats,
                        writes the answer in the assignment's convention,
                        and leaves the search to the student (a stub that
                        finds nothing); with --baseline, a working
                        baseline search (breadth-first, capped at 200,000
                        expansions) instead
  handout.md            the student handout: formats, what to implement,
                        how to check an answer
  gradescope/           setup.sh and run_autograder for a Gradescope
                        autograder (zip them with kpuzzle bundle gradescope)
  cluster/              grading a large class in shards: a Slurm array
                        job (slurm.sh), a Kubernetes Indexed Job
                        (k8s-job.yaml), a GitHub Actions matrix
                        (github-grade.yml); see docs/cluster.md
  classroom/            a GitHub Classroom template repository: the
                        starter code, the public tests, the handout and a
                        GitHub Actions workflow that grades and reports
                        the points
  README.md             what is where, and the next commands

` + interfacesHelp() + `

Solvable tests are stratified by exact optimal length over --depth (by
default a range suited to each shape); each shape gets --public and
--hidden solvable tests and --unsolvable unsolvable ones in each half. See docs/instructors.md.`,
		Example: `  kpuzzle init cs101-kpuzzle
  kpuzzle init hw2 --language java --shape 3x3,4x4 --public 4 --hidden 8 --moves blank
  kpuzzle init hw3 --interface stdin --shape 3x3,4x4
  kpuzzle grade --config hw2/assignment.yaml hw2/starter/java`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				seed, err := randomSeed()
				if err != nil {
					return err
				}
				opts.seed = seed
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runInit(ctx, a, args[0], opts)
		},
	}
	f := cmd.Flags()
	opts.puzzle.register(f)
	f.Lookup("goal").Usage = "goal: default (1..k, blank last) or blank-first (0 1 ... k)"
	f.StringVar(&opts.iface, "interface", scaffold.KindNames()[0], "how the program gets a puzzle and answers: "+strings.Join(scaffold.KindNames(), ", "))
	f.StringVar(&opts.language, "language", "", "language the assignment builds and runs: "+suggest.List(scaffold.LanguageNames(), "or")+" (default: the interface's first, "+defaultLanguages()+")")
	f.StringVar(&opts.name, "name", "The k-puzzle", "name of the assignment, in the reports and the handout: one line of any text, quoted in every file for its language")
	f.StringVar(&opts.shapes, "shape", "3x3,4x4,5x5", "board shapes of the tests, separated by commas")
	f.StringVar(&opts.depth, "depth", "", "optimal lengths of the solvable tests, A-B (default: a range suited to each shape)")
	f.IntVar(&opts.public, "public", 3, "public solvable tests per shape")
	f.IntVar(&opts.hidden, "hidden", 5, "hidden solvable tests per shape")
	f.IntVar(&opts.unsolvable, "unsolvable", 1, "unsolvable tests per shape, in each of the public and hidden tests")
	f.Uint64Var(&opts.seed, "seed", 0, "random seed of the puzzle set (default: a random seed, recorded in the private puzzles/manifest.json only)")
	f.StringVar(&opts.format, "format", "rows", "puzzle file format: rows (CS3243) or princeton (the formats the starter code reads)")
	f.DurationVar(&opts.wallTime, "wall-time", 10*time.Second, "time limit of one test (run.wall_time)")
	f.BoolVar(&opts.force, "force", false, "write into DIR even if it is not empty (files of the same names are replaced)")
	f.BoolVar(&opts.baseline, "baseline", false, "write starter code with a working baseline search (breadth-first, capped at 200,000 expansions; uniform-cost for the interactive interface) instead of a skeleton whose search is the students' to write")
	f.IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "puzzles generated at once")
	f.DurationVar(&opts.timeout, "timeout", 10*time.Minute, "time allowed to find and prove one puzzle")
	registerPDBDir(f, &opts.pdb)
	return cmd
}

type initJSON struct {
	Dir       string   `json:"dir"`
	Interface string   `json:"interface"`
	Language  string   `json:"language"`
	Public    int      `json:"public"`
	Hidden    int      `json:"hidden"`
	Files     []string `json:"files"`
}

func runInit(ctx context.Context, a *app, dir string, opts initOptions) error {
	if opts.jobs < 1 {
		return usageErrorf("--jobs must be at least 1")
	}
	so := scaffold.Options{
		Name: opts.name, Interface: opts.iface, Language: opts.language, Public: opts.public, Hidden: opts.hidden, Unsolvable: opts.unsolvable,
		Seed: opts.seed, Goal: opts.puzzle.goal, WallTime: opts.wallTime, Baseline: opts.baseline,
		GoDir: scaffold.GoBinDir(), KpuzzleVersion: buildVersion(), GoVersion: runtime.Version(),
	}
	var err error
	if so.Convention, err = opts.puzzle.convention(); err != nil {
		return err
	}
	if so.Format, err = puzzles.ParseFormat(opts.format); err != nil {
		return usageErrorf("--format: %v", err)
	}
	for _, s := range strings.Split(opts.shapes, ",") {
		shape, err := puzzles.ParseShape(s)
		if err != nil {
			return usageErrorf("--shape: %v", err)
		}
		so.Shapes = append(so.Shapes, shape)
	}
	if opts.depth != "" {
		r, err := setgen.ParseRange(opts.depth)
		if err != nil {
			return usageErrorf("--depth: %v", err)
		}
		so.Depth = &r
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 && !opts.force {
		return usageErrorf("%s is not empty; choose a new folder or give --force", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return inputError(err)
	}
	bar := newGenProgress(a)
	// The cores not used by --jobs go to each proof's IDA*, as in gen.
	threads, _ := resolveThreads(0, opts.jobs)
	so.Generate = setgen.Options{Prover: &reference.Prover{Heuristics: solveHeuristics(opts.pdb.dir), Threads: threads}, Jobs: opts.jobs, Timeout: opts.timeout, Progress: bar.update,
		Tables: exact.CacheOptions{Progress: bar.table}}
	sc, err := scaffold.New(ctx, so)
	bar.finish()
	var oe *scaffold.OptionError
	switch {
	case errors.As(err, &oe) && oe.Option != "":
		return usageErrorf("--%s: %v", oe.Option, oe.Err)
	case errors.As(err, &oe):
		return usageErrorf("%v", oe.Err)
	case err != nil:
		return genError(err)
	}
	if err := scaffold.Write(dir, sc); err != nil {
		return inputError(err)
	}
	files, err := scaffold.Files(dir)
	if err != nil {
		return inputError(err)
	}
	public, hidden := len(sc.Public.Puzzles), len(sc.Set.Puzzles)-len(sc.Public.Puzzles)
	if a.json {
		return writeJSON(a.out, initJSON{Dir: dir, Interface: sc.Data.Kind.Name, Language: sc.Data.Language.Name, Public: public, Hidden: hidden, Files: files})
	}
	fmt.Fprintf(a.out, "made the assignment %q in %s: %d public and %d hidden tests with proven keys, %s starter code (and the other languages' in starter/)\n",
		opts.name, dir, public, hidden, sc.Data.Language.Title)
	fmt.Fprintf(a.out, "next:\n  %s grade --config %s --out /tmp/kpuzzle-try %s\n  %s bundle gradescope %s --out autograder.zip\n  (and see %s)\n",
		invocation, filepath.Join(dir, "assignment.yaml"), filepath.Join(dir, "starter", sc.Data.Language.Name),
		invocation, filepath.Join(dir, "assignment.yaml"), filepath.Join(dir, "README.md"))
	return nil
}

// randomSeed draws a seed from the system's cryptographic source.
func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("draw a random seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// interfacesHelp describes --interface and --language from the
// interfaces' table (grader.Kinds, through scaffold.Interfaces): each
// one's name, what it is and its starter languages.
func interfacesHelp() string {
	var sb strings.Builder
	sb.WriteString("--interface picks how the graded program talks to the grader:\n")
	var graderNames []string
	for i, iface := range scaffold.Kinds() {
		var titles []string
		for _, name := range iface.Languages {
			if l, _, err := scaffold.LookupLanguage(name, "", ""); err == nil {
				titles = append(titles, strings.TrimSuffix(l.Title, " 3"))
			}
		}
		text := iface.Help()
		if i == 0 {
			text += " (the default)"
		}
		text += "; starter code in " + suggest.List(titles, "and")
		sb.WriteString(hangingIndent(fmt.Sprintf("  %-16s ", iface.Name), text, 19, 72))
		if iface.GraderName != iface.Name {
			graderNames = append(graderNames, iface.GraderName)
		}
	}
	if len(graderNames) > 0 {
		fmt.Fprintf(&sb, "(%s, the assignment file's names, are taken too)\n", suggest.List(graderNames, "and"))
	}
	sb.WriteString(hangingIndent("", "--language picks the language the assignment builds and runs (default: "+defaultLanguages()+
		"); the interface's other starters are written too, and their settings are in assignment.yaml, commented out.", 0, 72))
	return strings.TrimSuffix(sb.String(), "\n")
}

// defaultLanguages says which language each interface's starter is in
// by default: the first interface's, then each other's that differs
// ("python; java for NAME").
func defaultLanguages() string {
	ifaces := scaffold.Kinds()
	first := ifaces[0].Languages[0]
	out := first
	for _, i := range ifaces[1:] {
		if i.Languages[0] != first {
			out += "; " + i.Languages[0] + " for " + i.Name
		}
	}
	return out
}

// hangingIndent writes head then text, wrapped at width columns, the
// lines after the first indented by indent spaces, and ends it with a
// newline.
func hangingIndent(head, text string, indent, width int) string {
	var sb strings.Builder
	line := head
	for _, w := range strings.Fields(text) {
		if line != head && len(line)+1+len(w) > width {
			sb.WriteString(line + "\n")
			line = strings.Repeat(" ", indent) + w
			continue
		}
		if line != "" && !strings.HasSuffix(line, " ") {
			line += " "
		}
		line += w
	}
	sb.WriteString(line + "\n")
	return sb.String()
}
