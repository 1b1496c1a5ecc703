package integrity_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

func inspect(t *testing.T, dir string, lang integrity.Language) []grader.IntegrityFinding {
	t.Helper()
	return integrity.Inspect(context.Background(), dir, lang, integrity.DefaultBudget, integrity.DefaultThresholds)
}

// A build of kpuzzle is found whatever its name, stripped or not, in any
// language, and inside an archive.
func TestKpuzzleBuildFound(t *testing.T) {
	plain, stripped := kpuzzleBuilds(t)
	dir := t.TempDir()
	copyFile(t, plain, filepath.Join(dir, "helper"))
	copyFile(t, stripped, filepath.Join(dir, "lib", "libfast.so"))
	zipped := filepath.Join(dir, "tools.zip")
	writeZip(t, zipped, map[string][]byte{"bin/solver": mustRead(t, stripped)})
	for _, lang := range []integrity.Language{integrity.Python, integrity.Java, integrity.Native, integrity.Unknown} {
		want := []grader.IntegrityFinding{
			{File: "helper", Finding: integrity.FindKpuzzleBuild},
			{File: "lib/libfast.so", Finding: integrity.FindKpuzzleBuild},
			{File: "tools.zip", Finding: integrity.FindKpuzzleBuild + " (bin/solver in the archive)"},
		}
		if diff := cmp.Diff(want, inspect(t, dir, lang)); diff != "" {
			t.Errorf("language %q (-want +got):\n%s", lang, diff)
		}
	}
}

// Another Go program is an executable out of place in a Python or Java
// assignment only.
func TestOtherExecutables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	src := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() { println(\"hi\") }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "a.out"), src)
	cmd.Env = append(os.Environ(), "GO111MODULE=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// A Java class (major version 61) and a jar.
	class := []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61, 0, 0}
	if err := os.WriteFile(filepath.Join(dir, "Solver.class"), class, 0o644); err != nil {
		t.Fatal(err)
	}
	writeZip(t, filepath.Join(dir, "solver.jar"), map[string][]byte{"META-INF/MANIFEST.MF": []byte("Manifest-Version: 1.0\n"), "Solver.class": class})
	for lang, want := range map[integrity.Language][]grader.IntegrityFinding{
		integrity.Python: {
			{File: "Solver.class", Finding: "a Java class file in a Python assignment"},
			{File: "a.out", Finding: "an executable (ELF) in a Python assignment"},
			{File: "solver.jar", Finding: "a Java archive in a Python assignment"},
		},
		integrity.Java: {
			{File: "a.out", Finding: "an executable (ELF) in a Java assignment"},
		},
		integrity.Native:  nil,
		integrity.Unknown: nil,
	} {
		if diff := cmp.Diff(want, inspect(t, dir, lang)); diff != "" {
			t.Errorf("language %q (-want +got):\n%s", lang, diff)
		}
	}
}

// kpuzzle's tables and keys are found by their contents, under any name.
func TestTablesAndKeysFound(t *testing.T) {
	dir := t.TempDir()
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	tab, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tab.Save(&buf); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "data", "cache.bin"), buf.Bytes())
	pt, err := pdb.BuildTable(context.Background(), g, pdb.Additive, []int{1, 2, 3}, pdb.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := pdb.WriteTable(&buf, pt); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "weights.npy"), buf.Bytes())
	seven := 7
	m := puzzles.Manifest{Goal: "default", Convention: "tile", Puzzles: []puzzles.ManifestEntry{{File: "p1.txt", Solvable: true, OptimalLength: &seven}}}
	buf.Reset()
	if err := puzzles.WriteManifest(&buf, m); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "notes.json"), buf.Bytes())
	// A manifest without answers is a list of puzzles, nothing more.
	m.Puzzles[0].OptimalLength = nil
	buf.Reset()
	if err := puzzles.WriteManifest(&buf, m); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "tests.json"), buf.Bytes())
	write(t, filepath.Join(dir, "go.mod"), []byte("module github.com/kpuzzle/kpuzzle\n\ngo 1.22\n"))
	write(t, filepath.Join(dir, "solve", "astar.go"), []byte("package search\n\nimport \"github.com/kpuzzle/kpuzzle/puzzles\"\n\nvar _ puzzles.Board\n"))
	write(t, filepath.Join(dir, "mine", "main.go"), []byte("package main\n\nimport \"github.com/kpuzzle/kpuzzle/reference\"\n\nvar _ = reference.Solve\n"))
	write(t, filepath.Join(dir, "README.md"), []byte("I read github.com/kpuzzle/kpuzzle for the file formats.\n"))
	want := []grader.IntegrityFinding{
		{File: "data/cache.bin", Finding: integrity.FindExactTable},
		{File: "go.mod", Finding: integrity.FindKpuzzleSource},
		{File: "mine/main.go", Finding: integrity.FindKpuzzleImports},
		{File: "notes.json", Finding: integrity.FindAnswerKey},
		{File: "solve/astar.go", Finding: integrity.FindKpuzzleSource},
		{File: "weights.npy", Finding: integrity.FindPatternDB},
	}
	if diff := cmp.Diff(want, inspect(t, dir, integrity.Python)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// What the budget leaves out is a notice, and the rest is still
// inspected.
func TestBudgetNotices(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "big.bin"), bytes.Repeat([]byte("x"), 2048))
	write(t, filepath.Join(dir, "table"), []byte("KPUZPDB\nrest"))
	got := integrity.Inspect(context.Background(), dir, integrity.Python, integrity.Budget{FileBytes: 1024, TotalBytes: 1 << 20, Files: 10, Time: 10e9}, integrity.DefaultThresholds)
	want := []grader.IntegrityFinding{
		{File: "big.bin", Finding: "not inspected: larger than 1024 bytes", Notice: true},
		{File: "table", Finding: integrity.FindPatternDB},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	got = integrity.Inspect(context.Background(), dir, integrity.Python, integrity.Budget{FileBytes: 1 << 20, TotalBytes: 1 << 20, Files: 1, Time: 10e9}, integrity.DefaultThresholds)
	if len(got) != 1 || !got[0].Notice || got[0].File != "table" || !strings.Contains(got[0].Finding, "more than 1 files") {
		t.Errorf("file budget: %+v", got)
	}
}

// The starters and the corpus's honest submissions bring nothing to
// report.
func TestHonestSubmissionsNotFlagged(t *testing.T) {
	root := filepath.Join("..", "testdata", "submissions")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		lang := integrity.Python
		switch {
		case strings.HasPrefix(e.Name(), "java"):
			lang = integrity.Java
		case strings.HasPrefix(e.Name(), "cpp"):
			lang = integrity.Native
		}
		if got := inspect(t, filepath.Join(root, e.Name()), lang); len(got) > 0 {
			t.Errorf("%s: %+v", e.Name(), got)
		}
	}
	starters := filepath.Join("..", "..", "templates", "starter")
	for _, lang := range []integrity.Language{integrity.Python, integrity.Java, integrity.Native} {
		var got []grader.IntegrityFinding
		for _, f := range inspect(t, starters, lang) {
			// Each starter is checked in its own language.
			if lang == integrity.Python && strings.Contains(f.File, "java") {
				continue
			}
			got = append(got, f)
		}
		if len(got) > 0 {
			t.Errorf("starters, %s: %+v", lang, got)
		}
	}
}

func TestLanguageOf(t *testing.T) {
	for _, c := range []struct {
		run, build, function, javaAPI string
		want                          integrity.Language
	}{
		{run: "python3 {submission}/solver.py {input} {output}", want: integrity.Python},
		{run: "python3", function: "solver:solve", want: integrity.Python},
		{run: "java -cp {submission} Solver {input} {output}", build: "javac -d . {submission}/Solver.java", want: integrity.Java},
		{javaAPI: "princeton", want: integrity.Java},
		{run: "./solver {input} {output}", build: "g++ -O2 -o solver {submission}/solver.cpp", want: integrity.Native},
		{run: "{submission}/solver {input}", want: integrity.Unknown},
		{run: "python3 setup.py", build: "sh build.sh", want: integrity.Unknown},
	} {
		var a grader.Assignment
		a.Run.Command, a.Build.Command, a.Run.Function, a.Run.JavaAPI = c.run, c.build, c.function, c.javaAPI
		if got := integrity.LanguageOf(a); got != c.want {
			t.Errorf("%+v: %q, want %q", c, got, c.want)
		}
	}
}

func write(t testing.TB, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeZip(t *testing.T, p string, files map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for name, data := range files {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	write(t, p, buf.Bytes())
}

// Many findings are capped, the last saying how many more there were.
func TestFindingsCapped(t *testing.T) {
	dir := t.TempDir()
	for i := range integrity.MaxFindings + 10 {
		write(t, filepath.Join(dir, fmt.Sprintf("venv/lib/m%03d.so", i)), []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"))
	}
	got := inspect(t, dir, integrity.Python)
	if len(got) != integrity.MaxFindings {
		t.Fatalf("%d findings, want %d", len(got), integrity.MaxFindings)
	}
	if last := got[len(got)-1]; !last.Notice || last.Finding != "and 11 more files with findings" {
		t.Errorf("last finding %+v", last)
	}
	if first := got[0]; first.File != "venv/lib/m000.so" || first.Finding != "a shared object or executable (ELF) in a Python assignment" {
		t.Errorf("first finding %+v", first)
	}
}

type failingReader struct{}

func (failingReader) ReadAt([]byte, int64) (int, error) { return 0, errors.New("input/output error") }

// A file that cannot be read is an error for Classify (Inspect reports
// it as not inspected), never a panic.
func TestUnreadableFile(t *testing.T) {
	if _, err := integrity.Classify(context.Background(), "x", failingReader{}, 100, integrity.Python); err == nil {
		t.Error("no error from a reader that fails")
	}
	if os.Geteuid() == 0 {
		return // root reads anything; the permission case needs another user
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "secret.bin"), []byte("x"))
	os.Chmod(filepath.Join(dir, "secret.bin"), 0)
	got := inspect(t, dir, integrity.Python)
	if len(got) != 1 || !got[0].Notice || !strings.HasPrefix(got[0].Finding, "not inspected: unreadable") {
		t.Errorf("%+v", got)
	}
}
