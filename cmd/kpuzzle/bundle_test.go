package main

import (
	"archive/zip"
	"bytes"
	"debug/elf"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
)

// unzip extracts the zip at path into dir, keeping the files' modes, and
// returns the entries' names and modes.
func unzip(t *testing.T, path, dir string) map[string]os.FileMode {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	modes := map[string]os.FileMode{}
	for _, f := range zr.File {
		modes[f.Name] = f.Mode().Perm()
		if !f.Modified.Equal(scaffold.ZipTime) {
			t.Errorf("%s: modified %v, want the fixed bundle time", f.Name, f.Modified)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, f.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return modes
}

// TestBundleGradescopeRunsTheAutograder zips a scaffolded assignment,
// unpacks it into a fake /autograder, puts the starter code in as the
// submission, and runs run_autograder as Gradescope would.
func TestBundleGradescopeRunsTheAutograder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Gradescope bundle end to end; go test without -short runs it")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	bin := kpuzzleBinary(t)
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "3x3,4x4", "--depth", "2-12", "--public", "1", "--hidden", "1", "--unsolvable", "1", "--wall-time", "60s", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	// The same files make the same zip (checked with a small stand-in
	// binary, which is quicker to compress).
	zipPath := filepath.Join(t.TempDir(), "autograder.zip")
	var zips [][]byte
	for range 2 {
		if r := kpuzzle(t, "", "bundle", "gradescope", filepath.Join(dir, "assignment.yaml"), "--out", zipPath, "--binary", smallELF(t)); r.code != 0 || !strings.Contains(r.stdout, "8 tests") {
			t.Fatalf("bundle: %+v", r)
		}
		data, err := os.ReadFile(zipPath)
		if err != nil {
			t.Fatal(err)
		}
		zips = append(zips, data)
	}
	if !bytes.Equal(zips[0], zips[1]) {
		t.Error("the same assignment gave two different zips")
	}
	r := kpuzzle(t, "", "bundle", "gradescope", filepath.Join(dir, "assignment.yaml"), "--out", zipPath, "--binary", bin, "--json")
	if r.code != 0 {
		t.Fatalf("bundle: %+v", r)
	}
	var got bundleJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || got.Tests != 8 || got.Binary != bin {
		t.Fatalf("bundle JSON %+v (%v): want 8 tests and the binary %s", got, err, bin)
	}

	// The sandbox-probe autograder: the same files and the marker.
	probeZip := filepath.Join(t.TempDir(), "probe-autograder.zip")
	r = kpuzzle(t, "", "bundle", "gradescope", filepath.Join(dir, "assignment.yaml"), "--probe", "--out", probeZip, "--binary", bin, "--json")
	var probe bundleJSON
	if err := json.Unmarshal([]byte(r.stdout), &probe); r.code != 0 || err != nil || !probe.Probe {
		t.Fatalf("bundle --probe: %+v (%v)", r, err)
	}
	wantFiles := append([]string{scaffold.SandboxProbeFile}, got.Files...)
	sort.Strings(wantFiles)
	if diff := cmp.Diff(wantFiles, probe.Files); diff != "" {
		t.Errorf("the probe autograder's files (-want +got):\n%s", diff)
	}

	// The autograder's folder is laid out as Gradescope lays it out:
	// readable by anyone until run_autograder closes it.
	root, err := os.MkdirTemp("", "kpuzzle-autograder-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	modes := unzip(t, zipPath, filepath.Join(root, "source"))
	for name, want := range map[string]os.FileMode{"setup.sh": 0o755, "run_autograder": 0o755, "kpuzzle": 0o755, "assignment.yaml": 0o644, "puzzles/manifest.json": 0o644, "puzzles/hidden/4x4/puzzle_2.txt": 0o644} {
		if modes[name] != want {
			t.Errorf("%s: mode %v in the zip, want %v (all: %v)", name, modes[name], want, modes)
		}
	}
	if len(modes) != 13 {
		t.Errorf("%d files in the zip, want 13: %v", len(modes), modes)
	}
	setup, err := os.ReadFile(filepath.Join(root, "source", "setup.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", filepath.Join(root, "source", "setup.sh")).CombinedOutput(); err != nil {
		t.Errorf("setup.sh: %v\n%s", err, out)
	}
	// The reference solver must never be where a submission finds it.
	if strings.Contains(string(setup), "/usr/local/bin") || strings.Contains(string(setup), "ln -s") {
		t.Errorf("setup.sh puts kpuzzle on the PATH:\n%s", setup)
	}
	solver, err := os.ReadFile(filepath.Join(dir, "starter", "python", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	submission := filepath.Join(root, "submission")
	writeFile(t, submission, "solver.py", string(solver))
	// A student's file named like the probe's marker is graded like any
	// other: only the autograder's own files choose the probe.
	writeFile(t, submission, scaffold.SandboxProbeFile, "KPUZZLE-SANDBOX-PROBE\n")
	os.Chmod(submission, 0o755)

	// runAutograder runs run_autograder as Gradescope does, directly or
	// (container) in a simulated Docker container, where the kernel
	// refuses user namespaces and grading falls back to rlimits.
	runAutograder := func(container bool, path string) (map[string]any, string, error) {
		t.Helper()
		os.RemoveAll(filepath.Join(root, "results"))
		script := filepath.Join(root, "source", "run_autograder")
		cmd := exec.Command(script)
		if container {
			cmd = sandboxtest.Container(script)
		}
		cmd.Dir = root
		cmd.Env = append(cmd.Environ(), "AUTOGRADER_ROOT="+root, "PATH="+path)
		out, err := cmd.CombinedOutput()
		data, rerr := os.ReadFile(filepath.Join(root, "results", "results.json"))
		if rerr != nil {
			return nil, string(out), err
		}
		var res map[string]any
		if err := json.Unmarshal(data, &res); err != nil {
			t.Fatalf("results.json: %v\n%s", err, data)
		}
		return res, string(out), err
	}
	// The control: in a container, on Gradescope's layout as it comes
	// (readable by anyone), kpuzzle refuses to grade, naming what a
	// submission could read; run_autograder's chmods are what make the
	// runs below possible.
	refuse := sandboxtest.Container(filepath.Join(root, "source", "kpuzzle"), "grade", "--config", filepath.Join(root, "source", "assignment.yaml"),
		"--out", filepath.Join(t.TempDir(), "out"), "--layout", "single", submission)
	if out, err := refuse.CombinedOutput(); err == nil || !strings.Contains(string(out), "could reach") ||
		!strings.Contains(string(out), "source/puzzles") || !strings.Contains(string(out), "read+run "+filepath.Join(root, "source", "kpuzzle")) {
		t.Errorf("grading the open layout in a container: %v\n%s\nwant a refusal naming the puzzle set and kpuzzle", err, out)
	}
	for _, container := range []bool{false, true} {
		t.Run(fmt.Sprintf("container=%v", container), func(t *testing.T) {
			res, out, err := runAutograder(container, os.Getenv("PATH"))
			if err != nil || res == nil {
				t.Fatalf("run_autograder: %v\n%s", err, out)
			}
			if got := strings.Contains(out, "running with resource limits"); got != container {
				t.Errorf("the output says the sandbox fell back: %v, want %v:\n%s", got, container, out)
			}
			tests, _ := res["tests"].([]any)
			if res["score"] != 60.0 || len(tests) != 9 {
				t.Fatalf("results.json: score %v, %d tests; want 60 and 9 (files received and 8 puzzles):\n%v\n%s", res["score"], len(tests), res, out)
			}
			if received := tests[0].(map[string]any)["output"].(string); !strings.Contains(received, "2 files received") || !strings.Contains(received, scaffold.SandboxProbeFile) {
				t.Errorf("Files received does not list the student's %s:\n%s", scaffold.SandboxProbeFile, received)
			}
			visibility := map[string]string{}
			for _, x := range tests {
				tc := x.(map[string]any)
				visibility[tc["name"].(string)] = tc["visibility"].(string)
			}
			if visibility["hidden/4x4/puzzle_1.txt"] != "after_published" || visibility["public/3x3/puzzle_1.txt"] != "visible" {
				t.Errorf("visibility %v", visibility)
			}
			// run_autograder closed what a submission must not read.
			for _, p := range []string{"source", "results", "submission"} {
				if fi, err := os.Stat(filepath.Join(root, p)); err != nil || fi.Mode().Perm() != 0o700 {
					t.Errorf("%s: mode %v (%v), want 0700", p, fi.Mode().Perm(), err)
				}
			}

			// The probe autograder (uploaded by the instructor) shows the
			// sandbox's checks instead, for the same submission.
			unzip(t, probeZip, filepath.Join(root, "source"))
			defer os.Remove(filepath.Join(root, "source", scaffold.SandboxProbeFile))
			res, out, err = runAutograder(container, os.Getenv("PATH"))
			if err != nil || res == nil {
				t.Fatalf("run_autograder on the probe: %v\n%s", err, out)
			}
			tests, _ = res["tests"].([]any)
			if len(tests) < 10 || !strings.Contains(res["output"].(string), "all") {
				t.Errorf("probe results.json: %v", res)
			}
			for _, x := range tests {
				if tc := x.(map[string]any); tc["status"] != "passed" {
					t.Errorf("probe check failed in Gradescope's layout: %v", tc)
				}
			}
		})
	}

	// The feedback budget (gradescope.feedback_budget): with one earlier
	// submission in the last 24 hours and a budget of 1, the visible
	// tests keep their points and lose their output; the score stays.
	config := filepath.Join(root, "source", "assignment.yaml")
	plain, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(config, append(plain, "\ngradescope:\n  feedback_budget: 1\n"...), 0o644)
	writeFile(t, root, "submission_metadata.json", `{"id": 2, "created_at": "2026-03-02T12:00:00.000000-08:00", "users": [{"email": "s@example.edu", "id": 1, "name": "S"}],
		"previous_submissions": [{"submission_time": "2026-03-02T11:00:00.000000-08:00", "score": 60.0, "results": {}}]}`)
	res, out, err := runAutograder(false, os.Getenv("PATH"))
	if err != nil || res == nil || res["score"] != 60.0 || !strings.Contains(res["output"].(string), "Feedback budget: this is submission 2 in 24 hours") {
		t.Fatalf("past the budget: %v, %v\n%s", err, res, out)
	}
	for _, x := range res["tests"].([]any) {
		tc := x.(map[string]any)
		if withheld := strings.Contains(tc["output"].(string), "details withheld"); withheld != (tc["visibility"] == "visible" && tc["name"] != "Files received") {
			t.Errorf("%s (%s): %q", tc["name"], tc["visibility"], tc["output"])
		}
	}
	os.Remove(filepath.Join(root, "submission_metadata.json"))
	os.WriteFile(config, plain, 0o644)

	// A broken autograder is a failed run, never a stored score: no
	// results.json and a non-zero exit.
	os.Rename(filepath.Join(root, "source", "puzzles"), filepath.Join(root, "source", "puzzles-moved"))
	if res, out, err := runAutograder(false, os.Getenv("PATH")); err == nil || res != nil {
		t.Errorf("with the puzzle set missing: err %v, results %v; want a failure and no results.json\n%s", err, res, out)
	}
	os.Rename(filepath.Join(root, "source", "puzzles-moved"), filepath.Join(root, "source", "puzzles"))
	os.Remove(filepath.Join(root, "source", "kpuzzle"))
	if res, out, err := runAutograder(false, "/usr/bin:/bin"); err == nil || res != nil || !strings.Contains(out, "broken") {
		t.Errorf("without kpuzzle: err %v, results %v; want a failure and no results.json\n%s", err, res, out)
	}
}

// smallELF is a small Linux x86-64 executable to ship in bundles that a
// test does not run.
func smallELF(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/bin/true", "/usr/bin/true"} {
		if f, err := elf.Open(p); err == nil {
			ok := f.Machine == elf.EM_X86_64
			f.Close()
			if ok {
				return p
			}
		}
	}
	t.Skip("no x86-64 /bin/true to stand in for the kpuzzle binary")
	return ""
}

func TestBundleWithoutGradescopeFiles(t *testing.T) {
	bin := smallELF(t)
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--language", "cpp", "--shape", "2x3", "--public", "1", "--hidden", "0"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	if err := os.RemoveAll(filepath.Join(dir, "gradescope")); err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	t.Chdir(dir)
	if r := kpuzzle(t, "", "bundle", "gradescope", "--out", zipPath, "--binary", bin); r.code != 0 {
		t.Fatalf("bundle ./assignment.yaml: %+v", r)
	}
	out := t.TempDir()
	unzip(t, zipPath, out)
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "apt-get install -y -qq --no-install-recommends g++") {
		t.Errorf("the built-in setup.sh for a g++ build does not install g++:\n%s", setup)
	}
	var files []string
	for name := range dirFiles(t, out) {
		files = append(files, name)
	}
	sort.Strings(files)
	want := []string{"assignment.yaml", "kpuzzle", "puzzles/hidden/2x3/puzzle_1.txt", "puzzles/manifest.json",
		"puzzles/public/2x3/puzzle_1.txt", "puzzles/public/2x3/puzzle_2.txt", "run_autograder", "setup.sh"}
	if diff := cmp.Diff(want, files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestBundleRefuses(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "2x3", "--public", "1", "--hidden", "0"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	config := filepath.Join(dir, "assignment.yaml")
	notELF := writeFile(t, t.TempDir(), "kpuzzle", "#!/bin/sh\necho hello\n")
	wantOneLineError(t, kpuzzle(t, "", "bundle", "gradescope", config, "--binary", notELF, "--out", filepath.Join(t.TempDir(), "a.zip")), notELF, "not a Linux executable")
	wantOneLineError(t, kpuzzle(t, "", "bundle", "gradescope", filepath.Join(dir, "nope.yaml")), "nope.yaml", "no such file")

	// A puzzle set outside the assignment's folder cannot keep its place.
	other := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(filepath.Join(dir, "puzzles"), other); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(config)
	moved := strings.Replace(string(data), "dir: puzzles", "dir: "+other, 1)
	if err := os.WriteFile(config, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	wantOneLineError(t, kpuzzle(t, "", "bundle", "gradescope", config, "--out", filepath.Join(t.TempDir(), "a.zip")), "puzzles.dir", "outside the assignment's folder")
}

// TestBundleOldProbeAutograder: a run_autograder of the assignment's own
// that an older kpuzzle init wrote runs the probe for a submission
// holding the marker. Bundling it warns, naming the file, and --probe
// refuses it, since the probe would never run; the built-in one has
// neither problem.
func TestBundleOldProbeAutograder(t *testing.T) {
	bin := smallELF(t)
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "2x3", "--public", "1", "--hidden", "0"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	config := filepath.Join(dir, "assignment.yaml")
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	for _, args := range [][]string{nil, {"--probe"}} {
		r := kpuzzle(t, "", append([]string{"bundle", "gradescope", config, "--out", zipPath, "--binary", bin}, args...)...)
		if r.code != 0 || strings.Contains(r.stderr, "warning") {
			t.Errorf("bundle %v with kpuzzle init's run_autograder: %+v", args, r)
		}
	}
	script := filepath.Join(dir, "gradescope", "run_autograder")
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(data), `"$source_dir/KPUZZLE-SANDBOX-PROBE"`, `"$submission/KPUZZLE-SANDBOX-PROBE"`, 1)
	if old == string(data) {
		t.Fatal("run_autograder does not look for the probe's marker in its own folder")
	}
	if err := os.WriteFile(script, []byte(old), 0o755); err != nil {
		t.Fatal(err)
	}
	r := kpuzzle(t, "", "bundle", "gradescope", config, "--out", zipPath, "--binary", bin)
	if r.code != 0 || !strings.Contains(r.stderr, "warning: "+script) || !strings.Contains(r.stderr, "a student can skip grading") {
		t.Errorf("bundle with an old run_autograder: %+v; want a warning naming it", r)
	}
	wantOneLineError(t, kpuzzle(t, "", "bundle", "gradescope", config, "--probe", "--out", zipPath, "--binary", bin), config, "does not run the sandbox probe")
}
