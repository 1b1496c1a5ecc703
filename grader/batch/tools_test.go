package batch_test

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// needNamespaces skips a test of what only the namespaces level shows.
func needNamespaces(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("runs get uids of their own only when the grader is root")
	}
	if p := sandbox.Probe(); p.Level != sandbox.LevelNamespaces {
		t.Skipf("namespaces unavailable: %s", p.Reason)
	}
}

// moduleCache makes a course's module cache holding example.com/tiles
// v1.0.0 (grader/testdata/goproxy-src/tiles), as an instructor would
// with go mod download, through a file proxy: no network.
func moduleCache(t *testing.T, goBin string) string {
	t.Helper()
	dir := t.TempDir()
	// Readable by the runs' uids at the rlimits level too, as a course's
	// tools must be there.
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Dir(dir), 0o755)
	proxy := filepath.Join(dir, "proxy", "example.com", "tiles", "@v")
	if err := os.MkdirAll(proxy, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(testdata, "goproxy-src", "tiles")
	f, err := os.Create(filepath.Join(proxy, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, name := range []string{"go.mod", "tiles.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create("example.com/tiles@v1.0.0/" + name)
		w.Write(data)
		if name == "go.mod" {
			os.WriteFile(filepath.Join(proxy, "v1.0.0.mod"), data, 0o644)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	os.WriteFile(filepath.Join(proxy, "list"), []byte("v1.0.0\n"), 0o644)
	os.WriteFile(filepath.Join(proxy, "v1.0.0.info"), []byte(`{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}`), 0o644)
	cache := filepath.Join(dir, "modcache")
	cmd := exec.Command(goBin, "mod", "download", "example.com/tiles@v1.0.0")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=file://"+filepath.Join(dir, "proxy"), "GOMODCACHE="+cache, "GOSUMDB=off", "GOFLAGS=-modcacherw", "GO111MODULE=on", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	return cache
}

// A 42-shaped Go submission is built by go build inside the sandbox with
// the course's toolchain (tools.path) and module cache (tools.read_only),
// without a network, and says "Unsolvable" on stderr (run.read_stderr).
// Without the tools the build cannot find go. The module cache, left
// writable by anyone on the host, is read-only to the build and the runs.
func TestCourseGoToolchain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go's runtime three times in the sandbox; minutes")
	}
	needNamespaces(t)
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not installed")
	}
	goroot, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := strings.TrimSpace(string(goroot))
	cache := moduleCache(t, goBin)
	// Anyone may write to it on the host: only the sandbox's read-only
	// view protects it.
	filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chmod(p, 0o777)
		}
		return nil
	})
	subs := copySubmissions(t, "go-npuzzle")
	// A build that tries to change the course's cache.
	vandal := filepath.Join(subs, "go-vandal")
	copyInto(t, filepath.Join(subs, "go-npuzzle"), vandal)
	os.WriteFile(filepath.Join(vandal, "vandal.go"), []byte(fmt.Sprintf(`package main

import "os"

func init() {
	if os.WriteFile(%q, []byte("x"), 0o644) == nil || os.Remove(%q) == nil {
		os.Stdout.WriteString("Unsolvable\n")
		os.Exit(0)
	}
}
`, filepath.Join(cache, "planted"), filepath.Join(cache, "cache", "download", "example.com", "tiles", "@v", "list"))), 0o644)
	asg := func(tools string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[14].txt"},
	"build": {"command": "go build -o npuzzle .", "wall_time": "10m", "output": "512MiB", "env": ["GOMODCACHE=%s", "GOPROXY=off", "GOSUMDB=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"]},
	"run": {"command": "{submission}/npuzzle {input}", "answer": "stdout", "read_stderr": true, "wall_time": "60s",
		"extract": {"moves": "(?m)^(UP|DOWN|LEFT|RIGHT)$", "unsolvable": "(?m)^Unsolvable$"}}%s
}`, mustAbs(t, smallSet), cache, tools))
	}
	a := asg(fmt.Sprintf(`, "tools": {"path": [%q], "read_only": [%q, %q]}`, filepath.Join(root, "bin"), root, cache))
	o := grade(t, batch.Options{Assignment: a, Isolation: sandbox.ChooseNamespaces}, subs)
	for _, tc := range o.Tests {
		r := o.Results["go-npuzzle"][tc.Name]
		t.Logf("go-npuzzle %s:\n%s", tc.Name, resultText(r))
		if want := map[string]check.Verdict{"p1.txt": check.Optimal, "p4.txt": check.UnsolvableCorrect}[tc.Name]; r.Verdict != want {
			t.Errorf("go-npuzzle %s: want %s:\n%s", tc.Name, want, resultText(r))
		}
		t.Logf("go-vandal %s:\n%s", tc.Name, resultText(o.Results["go-vandal"][tc.Name]))
	}
	// The vandal's init ran in every test (it is the program) and found
	// the cache read-only, so it solved p1 as the others do.
	if r := o.Results["go-vandal"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("go-vandal changed the course's module cache:\n%s", resultText(r))
	}
	if _, err := os.Stat(filepath.Join(cache, "planted")); err == nil {
		t.Error("a file was planted in the course's module cache")
	}
	// The uncontained control: without namespaces only the host's
	// permissions protect the cache, and these let anyone write.
	o = grade(t, batch.Options{Assignment: a, Isolation: sandbox.ChooseRlimits, AllowExposed: true}, copyOnly(t, subs, "go-vandal"))
	if r := o.Results["go-vandal"]["p1.txt"]; r.Verdict != check.UnsolvableWrong {
		t.Errorf("go-vandal at the rlimits level, where tools must be unwritable on the host:\n%s", resultText(r))
	}
	os.Remove(filepath.Join(cache, "planted"))
	// Without the tools, go is not on the sandbox's PATH.
	o = grade(t, batch.Options{Assignment: asg(""), Isolation: sandbox.ChooseNamespaces}, copySubmissions(t, "go-npuzzle"))
	if r := o.Results["go-npuzzle"]["p1.txt"]; r.Verdict != check.BuildFailed {
		t.Errorf("without tools: %s", resultText(r))
	}
}

// copyOnly copies the submission called name from root into a folder of
// its own.
func copyOnly(t *testing.T, root, name string) string {
	dst := t.TempDir()
	copyInto(t, filepath.Join(root, name), filepath.Join(dst, name))
	return dst
}

// A Python submission importing a package only the course's Python has
// runs with that Python when the instructor names it (tools.path, its
// folders in tools.read_only), even where the interpreter lives under a
// folder the runs could not enter; without it, the sandbox's python3
// lacks the package and the program crashes.
func TestCoursePython(t *testing.T) {
	needNamespaces(t)
	needTool(t, "python3")
	base, err := exec.Command("python3", "-c", "import sys; print(sys.base_prefix)").Output()
	if err != nil {
		t.Fatal(err)
	}
	venv := filepath.Join(t.TempDir(), "course-python")
	if out, err := exec.Command("python3", "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v\n%s", err, out)
	}
	sites, _ := filepath.Glob(filepath.Join(venv, "lib", "python3*", "site-packages"))
	if len(sites) != 1 {
		t.Fatalf("site-packages of the course's Python: %v", sites)
	}
	copyInto(t, filepath.Join(testdata, "coursepkg"), sites[0])
	asg := func(tools string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p1.txt"},
	"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "60s"}%s
}`, mustAbs(t, smallSet), tools))
	}
	a := asg(fmt.Sprintf(`, "tools": {"path": [%q], "read_only": [%q, %q]}`, filepath.Join(venv, "bin"), venv, strings.TrimSpace(string(base))))
	o := grade(t, batch.Options{Assignment: a, Isolation: sandbox.ChooseNamespaces}, copySubmissions(t, "python-coursepkg"))
	if r := o.Results["python-coursepkg"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("with the course's Python:\n%s", resultText(r))
	}
	o = grade(t, batch.Options{Assignment: asg(""), Isolation: sandbox.ChooseNamespaces}, copySubmissions(t, "python-coursepkg"))
	if r := o.Results["python-coursepkg"]["p1.txt"]; r.Verdict != check.Crashed || !strings.Contains(r.Summary, "No module named 'coursepkg'") {
		t.Errorf("with the sandbox's python3:\n%s", resultText(r))
	}
}
