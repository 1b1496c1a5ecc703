package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/internal/suggest"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"text/template"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
	"github.com/kpuzzle/kpuzzle/templates"
	"github.com/spf13/cobra"
)

// starterLang is one language of the student starter code: its files in
// templates/starter, how the grader builds and runs it, and what the
// autograder images must install for it.
type starterLang struct {
	// Name is how --language spells it; the folder in templates/starter.
	Name  string
	Title string
	// Files are the starter's files: template name in
	// templates/starter/NAME (without .tmpl) and file name are the same.
	Files []string
	// Tool is the program whose presence means the toolchain is there.
	Tool string
	// Build and Run are the assignment's build and run sections (YAML,
	// without the section names' indentation).
	Build, Run []string
	// Apt lists the Debian/Ubuntu packages the Gradescope image needs.
	Apt string
	// Usage is how the program is run, for the handout; Local builds and
	// runs it on one public test.
	Usage, Local string
	// WorkflowSetup is the shell line the GitHub Actions workflow runs to
	// make sure the toolchain is there.
	WorkflowSetup string
}

// goBinDir is the folder of the go command found on this machine, or ""
// when there is none.
func goBinDir() string {
	p, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return filepath.Dir(p)
}

// goPath is the PATH of the Go starter's build step: goDir (the folder of
// the go found when the scaffold is made), then where setup.sh installs
// Go, then the sandbox's usual PATH.
func goPath(goDir string) string {
	var dirs []string
	for _, d := range []string{goDir, "/usr/local/go/bin", "/usr/local/bin", "/usr/bin", "/bin"} {
		if d != "" && (len(dirs) == 0 || dirs[0] != d) {
			dirs = append(dirs, d)
		}
	}
	return strings.Join(dirs, ":")
}

// starterLangs lists the starter languages; wallTime is each test's time
// limit and goDir the folder of the go command for the Go build step.
func starterLangs(wallTime, goDir string) []starterLang {
	run := func(cmd string, extra ...string) []string {
		return append([]string{fmt.Sprintf("command: %q", cmd), "wall_time: " + wallTime}, extra...)
	}
	return []starterLang{
		{
			Name: "python", Title: "Python 3", Files: []string{"solver.py"}, Tool: "python3",
			Run:   run("python3 {submission}/solver.py {input} {output}", "memory: 1GiB"),
			Apt:   "python3",
			Usage: "python3 solver.py PUZZLE ANSWER", Local: "python3 solver.py puzzles/%s answer.txt",
			WorkflowSetup: "python3 --version",
		},
		{
			Name: "java", Title: "Java", Files: []string{"Solver.java"}, Tool: "javac",
			Build: []string{`command: "javac -J-Xmx256m Solver.java"`, "memory: 4GiB", "processes: 512"},
			Run: run("java -Xmx512m -Xss8m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -cp {submission} Solver {input} {output}",
				"memory: 2GiB", "processes: 256"),
			Apt:   "default-jdk-headless",
			Usage: "java Solver PUZZLE ANSWER", Local: "javac Solver.java && java Solver puzzles/%s answer.txt",
			WorkflowSetup: "javac -version",
		},
		{
			Name: "cpp", Title: "C++", Files: []string{"solver.cpp"}, Tool: "g++",
			Build: []string{`command: "g++ -O2 -std=c++17 -o solver solver.cpp"`},
			Run:   run("{submission}/solver {input} {output}", "memory: 1GiB"),
			Apt:   "g++",
			Usage: "./solver PUZZLE ANSWER", Local: "g++ -O2 -std=c++17 -o solver solver.cpp && ./solver puzzles/%s answer.txt",
			WorkflowSetup: "g++ --version",
		},
		{
			Name: "go", Title: "Go", Files: []string{"go.mod", "solver.go"}, Tool: "go",
			// The build compiles the standard library too (about 40 MB of
			// cache and 15 s the first time): the cache goes to the
			// sandbox's private /tmp, so that it is not copied into every
			// test, and files up to 64 MiB may be written.
			Build: []string{`command: "go build -o solver ."`,
				fmt.Sprintf("env: [%q, \"GOCACHE=/tmp/go-cache\", \"GOTMPDIR=/var/tmp\", \"GOTOOLCHAIN=local\", \"GOPROXY=off\", \"GOFLAGS=-mod=mod\", \"CGO_ENABLED=0\"]", "PATH="+goPath(goDir)),
				"output: 64MiB", "memory: 4GiB", "processes: 512"},
			Run:   run("{submission}/solver {input} {output}", "memory: 1GiB"),
			Apt:   "ca-certificates curl",
			Usage: "./solver PUZZLE ANSWER", Local: "go build -o solver . && ./solver puzzles/%s answer.txt",
			WorkflowSetup: "go version",
		},
	}
}

// Config is the language's build and run sections as YAML.
func (l starterLang) Config() string {
	var sb strings.Builder
	for _, sec := range []struct {
		name  string
		lines []string
	}{{"build", l.Build}, {"run", l.Run}} {
		if len(sec.lines) == 0 {
			continue
		}
		sb.WriteString(sec.name + ":\n")
		for _, line := range sec.lines {
			sb.WriteString("  " + line + "\n")
		}
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// Commented is Config with every line commented out.
func (l starterLang) Commented() string {
	return "# " + strings.ReplaceAll(l.Config(), "\n", "\n# ")
}

// FileList joins the starter's file names for the handout.
func (l starterLang) FileList() string { return strings.Join(l.Files, ", ") }

func lookupLang(name, wallTime, goDir string) (starterLang, []starterLang, error) {
	all := starterLangs(wallTime, goDir)
	var names []string
	for i, l := range all {
		names = append(names, l.Name)
		if l.Name == strings.ToLower(strings.TrimSpace(name)) {
			others := append(append([]starterLang(nil), all[:i]...), all[i+1:]...)
			return l, others, nil
		}
	}
	return starterLang{}, nil, fmt.Errorf("language %q: expected one of %s%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
}

// scaffoldData fills the templates of templates/starter and
// templates/assignment.
type scaffoldData struct {
	Name       string
	Generator  string
	Moves      string
	BlankFirst bool
	// PuzzlesDir is puzzles.dir of the assignment file.
	PuzzlesDir string
	Language   starterLang
	Others     []starterLang
	// Shapes lists the boards of the tests, for the handout.
	Shapes   string
	WallTime string
	// Example is a public test, relative to the students' puzzles folder.
	Example string
	// KpuzzleVersion is this binary's version; KpuzzleModuleVersion what
	// go install asks for; GoVersion the Go release ("go1.26.8") and
	// GoSetupVersion its number, for setup.sh and the workflow.
	KpuzzleVersion       string
	KpuzzleModuleVersion string
	GoVersion            string
	GoSetupVersion       string
}

// ExampleRows is the handout's example puzzle: two moves from the goal.
func (d scaffoldData) ExampleRows() string {
	if d.BlankFirst {
		return "1 4 2\n3 0 5\n6 7 8"
	}
	return "1 2 3\n4 0 6\n7 5 8"
}

// ExampleMoves says in words how the example puzzle is solved, in the
// assignment's convention.
func (d scaffoldData) ExampleMoves() string {
	switch {
	case d.BlankFirst && d.Moves == "blank":
		return "the blank moves up, then left"
	case d.BlankFirst:
		return "the 4 slides down, then the 1 slides right"
	case d.Moves == "blank":
		return "the blank moves down, then right"
	}
	return "the 5 slides up, then the 8 slides left"
}

// ExampleAnswer is the answer file of the example puzzle.
func (d scaffoldData) ExampleAnswer() string {
	if d.BlankFirst == (d.Moves == "blank") {
		return "UP\nLEFT"
	}
	return "DOWN\nRIGHT"
}

// renderTemplate executes the embedded template name (a path in
// templates.FS). Workflow templates (.yml.tmpl) use [[ ]] as delimiters,
// since GitHub's expressions are ${{ }}.
func renderTemplate(name string, data any) ([]byte, error) {
	text, err := templates.Read(name)
	if err != nil {
		return nil, err
	}
	t := template.New(path.Base(name)).Option("missingkey=error")
	if strings.HasSuffix(name, ".yml.tmpl") {
		t = t.Delims("[[", "]]")
	}
	if t, err = t.Parse(text); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// writeScaffoldFile renders template name into dir/file with mode perm.
func writeScaffoldFile(dir, file, name string, data any, perm os.FileMode) error {
	out, err := renderTemplate(name, data)
	if err != nil {
		return err
	}
	p := filepath.Join(dir, filepath.FromSlash(file))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, out, perm); err != nil {
		return err
	}
	return os.Chmod(p, perm)
}

// writeStarter renders the starter code of language l into dir.
func writeStarter(dir string, l starterLang, data scaffoldData) error {
	for _, f := range l.Files {
		if err := writeScaffoldFile(dir, f, "starter/"+l.Name+"/"+f+".tmpl", data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

type initOptions struct {
	puzzle     puzzleFlags
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
  starter/LANG/         student starter code in Python, Java, C++ and Go:
                        reads both puzzle formats, writes the answer in the
                        assignment's convention, with a placeholder search
                        (breadth-first, capped) the student replaces
  handout.md            the student handout: formats, what to implement,
                        how to check an answer
  gradescope/           setup.sh and run_autograder for a Gradescope
                        autograder (zip them with kpuzzle bundle gradescope)
  cluster/              grading a large class in shards: a Slurm array
                        job (slurm.sh), a Kubernetes Indexed Job
                        (k8s-job.yaml), a GitHub Actions matrix
                        (github-grade.yml); see docs/cluster.md
  sandbox-probe/        a submission to upload to Gradescope once: its
                        results show what a submission can see and do
                        there (kpuzzle sandbox probe)
  classroom/            a GitHub Classroom template repository: the
                        starter code, the public tests, the handout and a
                        GitHub Actions workflow that grades and reports
                        the points
  README.md             what is where, and the next commands

--language picks the language the assignment builds and runs (the
other starters are written too, and their settings are in
assignment.yaml, commented out). Solvable tests are stratified by exact
optimal length over --depth (by default a range suited to each shape);
each shape gets --public and --hidden solvable tests and --unsolvable
unsolvable ones in each half. See docs/instructors.md.`,
		Example: `  kpuzzle init cs101-kpuzzle
  kpuzzle init hw2 --language java --shape 3x3,4x4 --public 4 --hidden 8 --moves blank
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
	f.StringVar(&opts.language, "language", "python", "language the assignment builds and runs: python, java, cpp or go")
	f.StringVar(&opts.name, "name", "The k-puzzle", "name of the assignment, in the reports and the handout")
	f.StringVar(&opts.shapes, "shape", "3x3,4x4,5x5", "board shapes of the tests, separated by commas")
	f.StringVar(&opts.depth, "depth", "", "optimal lengths of the solvable tests, A-B (default: a range suited to each shape)")
	f.IntVar(&opts.public, "public", 3, "public solvable tests per shape")
	f.IntVar(&opts.hidden, "hidden", 5, "hidden solvable tests per shape")
	f.IntVar(&opts.unsolvable, "unsolvable", 1, "unsolvable tests per shape, in each of the public and hidden tests")
	f.Uint64Var(&opts.seed, "seed", 0, "random seed of the puzzle set (default: a random seed, recorded in the private puzzles/manifest.json only)")
	f.StringVar(&opts.format, "format", "rows", "puzzle file format: rows (CS3243) or princeton")
	f.DurationVar(&opts.wallTime, "wall-time", 10*time.Second, "time limit of one test (run.wall_time)")
	f.BoolVar(&opts.force, "force", false, "write into DIR even if it is not empty (files of the same names are replaced)")
	f.IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "puzzles generated at once")
	f.DurationVar(&opts.timeout, "timeout", 10*time.Minute, "time allowed to find and prove one puzzle")
	registerPDBDir(f, &opts.pdb)
	return cmd
}

// defaultDepths is the range of optimal lengths init asks for on shape s:
// from easy to about as hard as an uninformed search can still do on
// small boards, and as an A* with a good heuristic does on large ones.
func defaultDepths(s puzzles.Shape) setgen.Range {
	switch {
	case s == puzzles.Shape{Rows: 3, Cols: 3}:
		return setgen.Range{Min: 4, Max: 24}
	case s == puzzles.Shape{Rows: 4, Cols: 4}:
		return setgen.Range{Min: 8, Max: 36}
	case s.Cells() >= 25:
		return setgen.Range{Min: 8, Max: 28}
	}
	largest := 0
	if t, ok := puzzles.PublishedDepths(s); ok {
		largest = t.MaxDepth()
	} else if s.Cells() <= 10 {
		// Small enough to count in a moment (2x2, 2x5 and their transposes).
		if t, err := exact.Build(context.Background(), puzzles.DefaultGoal(s), exact.Options{}); err == nil {
			largest = t.MaxDepth()
		}
	}
	if largest > 0 {
		return setgen.Range{Min: min(4, max(1, largest/4)), Max: largest * 3 / 4}
	}
	return setgen.Range{Min: 4, Max: 24}
}

type initJSON struct {
	Dir      string   `json:"dir"`
	Language string   `json:"language"`
	Public   int      `json:"public"`
	Hidden   int      `json:"hidden"`
	Files    []string `json:"files"`
}

func runInit(ctx context.Context, a *app, dir string, opts initOptions) error {
	lang, others, err := lookupLang(opts.language, opts.wallTime.String(), goBinDir())
	if err != nil {
		return usageErrorf("--language: %v", err)
	}
	if opts.public < 0 || opts.hidden < 0 || opts.unsolvable < 0 {
		return usageErrorf("--public, --hidden and --unsolvable must not be negative")
	}
	if opts.public+opts.unsolvable == 0 {
		return usageErrorf("the students need at least one public test: --public or --unsolvable")
	}
	if opts.wallTime < 10*time.Millisecond {
		return usageErrorf("--wall-time %s is too short", opts.wallTime)
	}
	if opts.jobs < 1 {
		return usageErrorf("--jobs must be at least 1")
	}
	conv, err := opts.puzzle.convention()
	if err != nil {
		return err
	}
	format, err := puzzles.ParseFormat(opts.format)
	if err != nil {
		return usageErrorf("--format: %v", err)
	}
	blankFirst := false
	switch strings.ToLower(strings.TrimSpace(opts.puzzle.goal)) {
	case "", puzzles.GoalDefault:
	case puzzles.GoalBlankFirst:
		blankFirst = true
	default:
		return usageErrorf("--goal %q: the starter code knows the default and blank-first goals only", opts.puzzle.goal)
	}
	var depth *setgen.Range
	if opts.depth != "" {
		r, err := setgen.ParseRange(opts.depth)
		if err != nil {
			return usageErrorf("--depth: %v", err)
		}
		depth = &r
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 && !opts.force {
		return usageErrorf("%s is not empty; choose a new folder or give --force", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return inputError(err)
	}

	// The puzzle set: for every shape a public and a hidden group.
	var spec setgen.Spec
	var shapeNames []string
	for _, s := range strings.Split(opts.shapes, ",") {
		shape, err := puzzles.ParseShape(s)
		if err != nil {
			return usageErrorf("--shape: %v", err)
		}
		if format == puzzles.FormatPrinceton && shape.Rows != shape.Cols {
			return usageErrorf("--format princeton describes square boards only; %s is not square", shape)
		}
		goal, err := puzzles.GoalByName(opts.puzzle.goal, shape)
		if err != nil {
			return usageErrorf("--goal: %v", err)
		}
		r := defaultDepths(shape)
		if depth != nil {
			r = *depth
		}
		shapeNames = append(shapeNames, shape.String())
		spec.Groups = append(spec.Groups,
			setgen.Group{Dir: "public/" + shape.String(), Goal: goal, Mode: setgen.Depth, Depths: r, Count: opts.public, Unsolvable: opts.unsolvable},
			setgen.Group{Dir: "hidden/" + shape.String(), Goal: goal, Mode: setgen.Depth, Depths: r, Count: opts.hidden, Unsolvable: opts.unsolvable, Hidden: true})
	}
	if opts.hidden+opts.unsolvable == 0 {
		var public []setgen.Group
		for _, g := range spec.Groups {
			if !g.Hidden {
				public = append(public, g)
			}
		}
		spec.Groups = public
	}
	spec.Seed, spec.Moves, spec.Format = opts.seed, conv, format
	spec.Generator = initCommandLine(opts, shapeNames, depth)
	if err := spec.Validate(); err != nil {
		return usageErrorf("%v", err)
	}
	bar := newGenProgress(a)
	prover := &reference.Prover{Heuristics: solveHeuristics(opts.pdb.dir)}
	set, err := setgen.Generate(ctx, spec, setgen.Options{Prover: prover, Jobs: opts.jobs, Timeout: opts.timeout, Progress: bar.update})
	bar.finish()
	if err != nil {
		return genError(err)
	}

	// The students' copy of the public tests. It says nothing of how the
	// set was made: with the seed and the options, anyone could
	// regenerate the hidden tests and their keys.
	public := set
	public.Manifest.Seed = nil
	public.Manifest.Generator = publicGenerator
	public.Puzzles = nil
	for _, p := range set.Puzzles {
		if !p.Entry.Hidden {
			p.Entry.File = strings.TrimPrefix(p.Entry.File, "public/")
			public.Puzzles = append(public.Puzzles, p)
		}
	}
	example := public.Puzzles[0].Entry.File
	for _, p := range public.Puzzles {
		if p.Entry.Solvable {
			example = p.Entry.File
			break
		}
	}
	goVersion := runtime.Version()
	data := scaffoldData{
		Name: opts.name, Generator: spec.Generator, Moves: conv.String(), BlankFirst: blankFirst,
		PuzzlesDir: "puzzles", Language: lang, Others: others,
		Shapes: humanList(shapeNames), WallTime: opts.wallTime.String(), Example: example,
		KpuzzleVersion: buildVersion(), KpuzzleModuleVersion: moduleVersion(buildVersion()),
		GoVersion: goVersion, GoSetupVersion: strings.TrimPrefix(goVersion, "go"),
	}
	lang.Local = fmt.Sprintf(lang.Local, example)
	data.Language = lang

	if err := writeScaffold(dir, data, set, public); err != nil {
		return inputError(err)
	}
	files, err := listFiles(dir)
	if err != nil {
		return inputError(err)
	}
	if a.json {
		return writeJSON(a.out, initJSON{Dir: dir, Language: lang.Name, Public: len(public.Puzzles), Hidden: len(set.Puzzles) - len(public.Puzzles), Files: files})
	}
	fmt.Fprintf(a.out, "made the assignment %q in %s: %d public and %d hidden tests with proven keys, %s starter code (and the other languages' in starter/)\n",
		opts.name, dir, len(public.Puzzles), len(set.Puzzles)-len(public.Puzzles), lang.Title)
	fmt.Fprintf(a.out, "next:\n  kpuzzle grade --config %s --out /tmp/kpuzzle-try %s\n  kpuzzle bundle gradescope %s --out autograder.zip\n  (and see %s)\n",
		filepath.Join(dir, "assignment.yaml"), filepath.Join(dir, "starter", lang.Name),
		filepath.Join(dir, "assignment.yaml"), filepath.Join(dir, "README.md"))
	return nil
}

// writeScaffold writes every file of the scaffold into dir.
func writeScaffold(dir string, data scaffoldData, set, public setgen.Set) error {
	if err := set.Write(filepath.Join(dir, "puzzles")); err != nil {
		return fmt.Errorf("write the puzzle set: %w", err)
	}
	if err := writeScaffoldFile(dir, "assignment.yaml", "assignment/assignment.yaml.tmpl", data, 0o644); err != nil {
		return err
	}
	for _, l := range append([]starterLang{data.Language}, data.Others...) {
		if err := writeStarter(filepath.Join(dir, "starter", l.Name), l, data); err != nil {
			return err
		}
	}
	for file, name := range map[string]string{
		"handout.md": "assignment/handout.md.tmpl",
		"README.md":  "assignment/README.md.tmpl",
	} {
		if err := writeScaffoldFile(dir, file, name, data, 0o644); err != nil {
			return err
		}
	}
	for _, f := range []string{"setup.sh", "run_autograder"} {
		if err := writeScaffoldFile(dir, "gradescope/"+f, "assignment/gradescope/"+f+".tmpl", data, 0o755); err != nil {
			return err
		}
	}
	// Grading a large class on a cluster: a Slurm array job, a Kubernetes
	// Indexed Job and a GitHub Actions matrix (docs/cluster.md).
	for file, mode := range map[string]fs.FileMode{"slurm.sh": 0o755, "k8s-job.yaml": 0o644, "github-grade.yml": 0o644} {
		if err := writeScaffoldFile(dir, "cluster/"+file, "assignment/cluster/"+file+".tmpl", data, mode); err != nil {
			return err
		}
	}
	// The submission an instructor uploads once to see the sandbox from
	// inside Gradescope (run_autograder runs kpuzzle sandbox probe for it).
	if err := writeScaffoldFile(dir, "sandbox-probe/KPUZZLE-SANDBOX-PROBE", "assignment/sandbox-probe.tmpl", data, 0o644); err != nil {
		return err
	}

	// The GitHub Classroom template repository: the chosen language's
	// starter, the public tests, the handout, an assignment over the
	// public tests and the workflow.
	repo := filepath.Join(dir, "classroom")
	if err := writeStarter(repo, data.Language, data); err != nil {
		return err
	}
	if err := public.Write(filepath.Join(repo, "puzzles")); err != nil {
		return fmt.Errorf("write the public tests: %w", err)
	}
	if err := writeScaffoldFile(repo, "README.md", "assignment/handout.md.tmpl", data, 0o644); err != nil {
		return err
	}
	repoData := data
	repoData.Generator = publicGenerator
	repoData.PuzzlesDir = "../puzzles"
	repoData.Name = data.Name + " (public tests)"
	if err := writeScaffoldFile(repo, ".kpuzzle/assignment.yaml", "assignment/assignment.yaml.tmpl", repoData, 0o644); err != nil {
		return err
	}
	return writeScaffoldFile(repo, ".github/workflows/classroom.yml", "assignment/classroom.yml.tmpl", data, 0o644)
}

// moduleVersion is what go install asks for: this binary's release, or
// the latest one for a development build.
func moduleVersion(v string) string {
	if strings.HasPrefix(v, "v") {
		return v
	}
	return "latest"
}

// humanList writes "a", "a and b" or "a, b and c".
func humanList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// listFiles lists the files under dir, slash-separated and relative.
func listFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	return out, err
}

// publicGenerator stands for the generator line in what students get.
const publicGenerator = "kpuzzle init; the public tests of a set whose generator is kept private"

// randomSeed draws a seed from the system's cryptographic source.
func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("draw a random seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// initCommandLine records how the scaffold's puzzle set was made.
func initCommandLine(opts initOptions, shapes []string, depth *setgen.Range) string {
	parts := []string{"kpuzzle init", "--shape " + strings.Join(shapes, ",")}
	if depth != nil {
		parts = append(parts, "--depth "+depth.String())
	}
	parts = append(parts, fmt.Sprintf("--public %d --hidden %d --unsolvable %d --seed %d", opts.public, opts.hidden, opts.unsolvable, opts.seed))
	if opts.puzzle.goal != "" {
		parts = append(parts, "--goal "+opts.puzzle.goal)
	}
	if c, err := puzzles.ParseConvention(opts.puzzle.moves); err == nil && c != puzzles.TileMoves {
		parts = append(parts, "--moves "+c.String())
	}
	if f, err := puzzles.ParseFormat(opts.format); err == nil && f != puzzles.FormatRows {
		parts = append(parts, "--format "+f.String())
	}
	return strings.Join(parts, " ")
}
