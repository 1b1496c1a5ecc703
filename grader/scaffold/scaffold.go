package scaffold

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// Options say what assignment New makes; kpuzzle init's flags fill them.
type Options struct {
	// Name is the assignment's name, in the reports and the handout.
	Name string
	// Interface is how the graded program receives a puzzle and gives
	// its answer (one of KindNames; "" is the file interface).
	Interface string
	// Language is the language the assignment builds and runs (one of
	// the interface's Languages; "" is its first); the interface's other
	// starters are written too.
	Language string
	// Shapes are the boards of the tests.
	Shapes []puzzles.Shape
	// Depth is the range of optimal lengths of the solvable tests; nil
	// means DefaultDepths of each shape.
	Depth *setgen.Range
	// Public and Hidden are the solvable tests per shape of each half,
	// Unsolvable the unsolvable ones in each half.
	Public, Hidden, Unsolvable int
	// Seed draws the set (kept in the private manifest only).
	Seed uint64
	// Goal is "", "default" or "blank-first": the goals the starter code
	// knows.
	Goal       string
	Convention puzzles.Convention
	Format     puzzles.Format
	// WallTime is the time limit of one test (run.wall_time).
	WallTime time.Duration
	// Baseline writes starter code with a working baseline search (a
	// capped breadth-first search, the interactive one a uniform-cost
	// A*); without it the starter is a skeleton whose search is the
	// student's to write.
	Baseline bool
	// GoDir is the folder of the go command for the Go starter's build
	// step (GoBinDir).
	GoDir string
	// KpuzzleVersion is the version of kpuzzle the files name ("dev" or
	// "v1.2.3"); GoVersion the Go release setup.sh installs ("go1.26.8").
	KpuzzleVersion, GoVersion string
	// Generate are the options of the set's generation: the prover of
	// its keys, jobs, time limit per puzzle, progress.
	Generate setgen.Options
}

// OptionError is an option New cannot make an assignment from.
type OptionError struct {
	// Option is the option at fault, spelled as kpuzzle init's flag
	// without dashes ("language", "goal"), or "" for several.
	Option string
	Err    error
}

func (e *OptionError) Error() string {
	if e.Option == "" {
		return e.Err.Error()
	}
	return e.Option + ": " + e.Err.Error()
}

func (e *OptionError) Unwrap() error { return e.Err }

func optionErrorf(option, format string, args ...any) error {
	return &OptionError{Option: option, Err: fmt.Errorf(format, args...)}
}

// Scaffold is everything an assignment folder is made from.
type Scaffold struct {
	// Data fills the templates.
	Data Data
	// Set is the whole puzzle set: public/ and hidden/ tests of every
	// shape, with the private manifest (seed and generator).
	Set setgen.Set
	// Public is what students get: the public tests alone, their files
	// relative to public/, with neither the seed nor the generator line
	// (with them anyone could regenerate the hidden tests and their
	// keys).
	Public setgen.Set
}

// PublicGenerator stands for the generator line in what students get.
const PublicGenerator = "kpuzzle init; the public tests of a set whose generator is kept private"

// DefaultDepths is the range of optimal lengths New asks for on shape s
// when Options.Depth is nil: from easy to about as hard as an uninformed
// search can still do on small boards, and as an A* with a good
// heuristic does on large ones.
func DefaultDepths(s puzzles.Shape) setgen.Range {
	switch {
	case s == puzzles.Shape{Rows: 3, Cols: 3}:
		return setgen.Range{Min: 4, Max: 24}
	case s == puzzles.Shape{Rows: 4, Cols: 4}:
		return setgen.Range{Min: 8, Max: 36}
	case s.Cells() >= 25:
		// Deep enough that the heuristic decides who finishes: measured
		// in Python (docs/instructors.md), A* with misplaced tiles runs
		// out of 10 s beyond depth 30 while A* with the Manhattan
		// distance solves most boards of depth 30 to 40 in seconds; keys
		// are proved with linear conflicts in seconds a board.
		return setgen.Range{Min: 30, Max: 40}
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

// New generates the assignment's puzzle set (public and hidden tests of
// every shape, with proved keys) and the data of its files. An option it
// cannot use is an *OptionError; a set that cannot be had wraps
// setgen.ErrSpec; a cancelled ctx stops it with ctx's error, wrapped.
func New(ctx context.Context, o Options) (Scaffold, error) {
	iface, err := LookupKind(o.Interface)
	if err != nil {
		return Scaffold{}, &OptionError{Option: "interface", Err: err}
	}
	lang, others, err := iface.lookup(o.Language, o.WallTime.String(), o.GoDir)
	if err != nil {
		return Scaffold{}, err
	}
	switch {
	case o.Public < 0 || o.Hidden < 0 || o.Unsolvable < 0:
		return Scaffold{}, optionErrorf("", "the numbers of public, hidden and unsolvable tests must not be negative")
	case o.Public+o.Unsolvable == 0:
		return Scaffold{}, optionErrorf("", "the students need at least one public test: a public or an unsolvable one")
	case o.WallTime < 10*time.Millisecond:
		return Scaffold{}, optionErrorf("wall-time", "%s is too short", o.WallTime)
	case len(o.Shapes) == 0:
		return Scaffold{}, optionErrorf("shape", "no board shape")
	case strings.ContainsFunc(o.Name, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) || !utf8.ValidString(o.Name):
		// Every file quotes the name for its language; a line break or
		// an invisible character would still be shown as <U+000A>.
		return Scaffold{}, optionErrorf("name", "%q holds a line break, a tab or another character that is not printable; expected one line of text", grader.Printable(o.Name))
	}
	blankFirst := false
	switch strings.ToLower(strings.TrimSpace(o.Goal)) {
	case "", puzzles.GoalDefault:
	case puzzles.GoalBlankFirst:
		blankFirst = true
	default:
		return Scaffold{}, optionErrorf("goal", "%q: the starter code knows the default and blank-first goals only", o.Goal)
	}

	// The puzzle set: for every shape a public and a hidden group.
	var spec setgen.Spec
	var shapeNames, depthNames []string
	large := false
	if o.Format == puzzles.FormatNPuzzle || o.Format == puzzles.FormatJSON {
		return Scaffold{}, optionErrorf("format", "%s: the starter code reads rows and princeton files only; write a set in %s with kpuzzle gen --format %s", o.Format, o.Format, o.Format)
	}
	for _, shape := range o.Shapes {
		if o.Format.SquareOnly() && shape.Rows != shape.Cols {
			return Scaffold{}, optionErrorf("format", "%s describes square boards only; %s is not square", o.Format, shape)
		}
		if err := iface.checkShape(shape); err != nil {
			return Scaffold{}, err
		}
		goal, err := puzzles.GoalByName(o.Goal, shape)
		if err != nil {
			return Scaffold{}, &OptionError{Option: "goal", Err: err}
		}
		r := DefaultDepths(shape)
		if o.Depth != nil {
			r = *o.Depth
		}
		shapeNames = append(shapeNames, shape.String())
		depthNames = append(depthNames, fmt.Sprintf("%d to %d moves (%s)", r.Min, r.Max, shape))
		large = large || shape.Cells() >= 25
		spec.Groups = append(spec.Groups,
			setgen.Group{Dir: "public/" + shape.String(), Goal: goal, Mode: setgen.Depth, Depths: r, Count: o.Public, Unsolvable: o.Unsolvable},
			setgen.Group{Dir: "hidden/" + shape.String(), Goal: goal, Mode: setgen.Depth, Depths: r, Count: o.Hidden, Unsolvable: o.Unsolvable, Hidden: true})
	}
	if o.Hidden+o.Unsolvable == 0 {
		var public []setgen.Group
		for _, g := range spec.Groups {
			if !g.Hidden {
				public = append(public, g)
			}
		}
		spec.Groups = public
	}
	spec.Seed, spec.Convention, spec.Format = o.Seed, o.Convention, o.Format
	spec.Generator = o.commandLine(shapeNames)
	set, err := setgen.Generate(ctx, spec, o.Generate)
	if err != nil {
		return Scaffold{}, err
	}

	public := set
	public.Manifest.Seed = nil
	public.Manifest.Generator = PublicGenerator
	public.Puzzles = nil
	for _, p := range set.Puzzles {
		if !p.Entry.Hidden {
			p.Entry.File = strings.TrimPrefix(p.Entry.File, "public/")
			public.Puzzles = append(public.Puzzles, p)
		}
	}
	if len(public.Puzzles) == 0 {
		return Scaffold{}, errors.New("the set has no public test")
	}
	example := public.Puzzles[0].Entry.File
	for _, p := range public.Puzzles {
		if p.Entry.Solvable {
			example = p.Entry.File
			break
		}
	}
	if strings.Contains(lang.Local, "%s") {
		lang.Local = fmt.Sprintf(lang.Local, example)
	}
	data := Data{
		Name: o.Name, Generator: spec.Generator, Convention: o.Convention.String(), BlankFirst: blankFirst,
		PuzzlesDir: "puzzles", Kind: iface, Language: lang, Others: others,
		Shapes: humanList(shapeNames), Depths: humanList(depthNames), Large: large, WallTime: o.WallTime.String(), Example: example,
		Baseline: o.Baseline, BaselineSolvesAll: baselineSolvesAll(o.Shapes),
		KpuzzleVersion: o.KpuzzleVersion, KpuzzleModuleVersion: moduleVersion(o.KpuzzleVersion),
		GoVersion: o.GoVersion, GoSetupVersion: strings.TrimPrefix(o.GoVersion, "go"),
	}
	return Scaffold{Data: data, Set: set, Public: public}, nil
}

// baselineSolvesAll reports whether the baseline search (breadth-first,
// capped at 200,000 expansions) reaches every board of every shape: it
// does on boards of at most 9 cells (181,440 boards of a 3x3 board are
// reachable), so there it solves every test, optimally.
func baselineSolvesAll(shapes []puzzles.Shape) bool {
	for _, s := range shapes {
		if s.Cells() > 9 {
			return false
		}
	}
	return true
}

// commandLine records how the scaffold's puzzle set was made.
func (o Options) commandLine(shapes []string) string {
	parts := []string{"kpuzzle init"}
	if i, err := LookupKind(o.Interface); err == nil && !i.IsFile() {
		parts = append(parts, "--interface "+i.Name)
	}
	parts = append(parts, "--shape "+strings.Join(shapes, ","))
	if o.Depth != nil {
		parts = append(parts, "--depth "+o.Depth.String())
	}
	parts = append(parts, fmt.Sprintf("--public %d --hidden %d --unsolvable %d --seed %d", o.Public, o.Hidden, o.Unsolvable, o.Seed))
	if o.Goal != "" {
		parts = append(parts, "--goal "+o.Goal)
	}
	if o.Convention != puzzles.TileMoves {
		parts = append(parts, "--moves "+o.Convention.String())
	}
	if o.Format != puzzles.FormatRows {
		parts = append(parts, "--format "+o.Format.String())
	}
	return strings.Join(parts, " ")
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

// A Part is one file or folder of an assignment folder. Write writes
// every part Parts lists, in order: to add a file or folder to every
// scaffold, add a Part there (Template for a file rendered from an
// embedded template), and a line to kpuzzle init's help and the
// scaffold's README template saying what it is.
type Part struct {
	// Path is the file or folder, slash-separated, relative to the
	// assignment folder.
	Path string
	// Write writes the part into the assignment folder dir.
	Write func(dir string, sc Scaffold) error
}

// Template is the file at path rendered from the embedded template name
// (a path in templates.FS) with the scaffold's Data, with mode perm.
func Template(path, name string, perm fs.FileMode) Part {
	return TemplateWith(path, name, perm, func(d Data) Data { return d })
}

// TemplateWith is Template with the data changed by data first.
func TemplateWith(path, name string, perm fs.FileMode, data func(Data) Data) Part {
	return Part{Path: path, Write: func(dir string, sc Scaffold) error {
		return renderFile(dir, path, name, data(sc.Data), perm)
	}}
}

// Parts lists the files and folders of an assignment folder, in the
// order Write writes them.
func Parts() []Part {
	return []Part{
		{Path: "puzzles", Write: func(dir string, sc Scaffold) error {
			return sc.Set.Write(filepath.Join(dir, "puzzles"))
		}},
		Template("assignment.yaml", "assignment/assignment.yaml.tmpl", 0o644),
		{Path: "starter", Write: func(dir string, sc Scaffold) error {
			for _, l := range append([]Language{sc.Data.Language}, sc.Data.Others...) {
				if err := WriteStarter(filepath.Join(dir, "starter", l.Name), l, sc.Data); err != nil {
					return err
				}
			}
			return nil
		}},
		Template("handout.md", "assignment/handout.md.tmpl", 0o644),
		Template("README.md", "assignment/README.md.tmpl", 0o644),
		Template("gradescope/setup.sh", "assignment/gradescope/setup.sh.tmpl", 0o755),
		Template("gradescope/run_autograder", "assignment/gradescope/run_autograder.tmpl", 0o755),
		// Grading a large class on a cluster: a Slurm array job, a
		// Kubernetes Indexed Job and a GitHub Actions matrix
		// (docs/cluster.md).
		Template("cluster/slurm.sh", "assignment/cluster/slurm.sh.tmpl", 0o755),
		Template("cluster/k8s-job.yaml", "assignment/cluster/k8s-job.yaml.tmpl", 0o644),
		Template("cluster/github-grade.yml", "assignment/cluster/github-grade.yml.tmpl", 0o644),

		// The GitHub Classroom template repository: the chosen
		// language's starter, the public tests, the handout, an
		// assignment over the public tests and the workflow.
		{Path: "classroom", Write: func(dir string, sc Scaffold) error {
			return WriteStarter(filepath.Join(dir, "classroom"), sc.Data.Language, sc.Data)
		}},
		{Path: "classroom/puzzles", Write: func(dir string, sc Scaffold) error {
			return sc.Public.Write(filepath.Join(dir, "classroom", "puzzles"))
		}},
		// The browser checker (kpuzzle page) with the public tests and
		// their key, for students without kpuzzle.
		{Path: "classroom/checker.html", Write: writeChecker},
		Template("classroom/README.md", "assignment/handout.md.tmpl", 0o644),
		TemplateWith("classroom/.kpuzzle/assignment.yaml", "assignment/assignment.yaml.tmpl", 0o644, func(d Data) Data {
			d.Generator = PublicGenerator
			d.PuzzlesDir = "../puzzles"
			d.Name += " (public tests)"
			return d
		}),
		Template("classroom/.github/workflows/classroom.yml", "assignment/classroom.yml.tmpl", 0o644),
	}
}

// writeChecker writes classroom/checker.html over the public tests
// already in classroom/puzzles.
func writeChecker(dir string, sc Scaffold) error {
	goal := puzzles.GoalDefault
	if sc.Data.BlankFirst {
		goal = puzzles.GoalBlankFirst
	}
	var buf bytes.Buffer
	_, err := checkpage.WriteCourse(&buf, checkpage.Course{
		Title: sc.Data.Name + ": answer checker", Convention: sc.Data.Convention, Goal: goal,
		SetDir: filepath.Join(dir, "classroom", "puzzles"), SetName: "the public tests",
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "classroom", "checker.html"), buf.Bytes(), 0o644)
}

// Write writes every part of the scaffold into the assignment folder
// dir, replacing files of the same names.
func Write(dir string, sc Scaffold) error {
	for _, p := range Parts() {
		if err := p.Write(dir, sc); err != nil {
			return fmt.Errorf("write %s: %w", p.Path, err)
		}
	}
	return nil
}

// Files lists the files under dir, slash-separated and relative to it.
func Files(dir string) ([]string, error) {
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
