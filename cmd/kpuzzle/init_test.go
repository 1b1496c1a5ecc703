package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"go.yaml.in/yaml/v3"
)

// TestInitThenGradeTheStarter scaffolds an assignment in every language
// whose toolchain is here and grades the scaffold's own starter code with
// its own assignment.yaml: the placeholder search solves every test (all
// shallow here) optimally. (Unsolvable tests are left to
// TestStarterCodeOnTrivialPuzzles and the Gradescope test, which grades
// the Python starter on unsolvable 3x3 and 4x4 tests too.)
func TestInitThenGradeTheStarter(t *testing.T) {
	for _, l := range scaffold.Languages("10s", scaffold.GoBinDir()) {
		t.Run(l.Name, func(t *testing.T) {
			if !l.Installed() {
				t.Skipf("%s is not installed, so the %s starter code cannot be built and run here (CI installs it)", l.Tool, l.Title)
			}
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "hw")
			r := kpuzzle(t, "", "init", dir, "--language", l.Name, "--shape", "3x3,4x4", "--depth", "2-12",
				"--public", "1", "--hidden", "1", "--unsolvable", "0", "--wall-time", "60s", "--seed", "3", "--baseline")
			if r.code != 0 {
				t.Fatalf("init: %+v", r)
			}
			out := filepath.Join(t.TempDir(), "results")
			r = kpuzzle(t, "", "grade", "--config", filepath.Join(dir, "assignment.yaml"), "--out", out, "--jobs", "2", "--json", filepath.Join(dir, "starter", l.Name))
			if r.code != 0 {
				t.Fatalf("grade: exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
			}
			var got gradeJSON
			if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, r.stdout)
			}
			if len(got.Submissions) != 1 || len(got.Submissions[0].Tests) != 4 {
				t.Fatalf("want 1 submission of 4 tests: %s", r.stdout)
			}
			verdicts := map[string]check.Verdict{}
			for _, tr := range got.Submissions[0].Tests {
				verdicts[tr.Test] = tr.Verdict
			}
			want := map[string]check.Verdict{
				"public/3x3/puzzle_1.txt": check.Optimal, "hidden/3x3/puzzle_1.txt": check.Optimal,
				"public/4x4/puzzle_1.txt": check.Optimal, "hidden/4x4/puzzle_1.txt": check.Optimal,
			}
			if diff := cmp.Diff(want, verdicts); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
			if s := got.Submissions[0]; s.Score != 40 || s.Max != 40 {
				t.Errorf("score %v/%v, want 40/40", s.Score, s.Max)
			}
			// The starter brings nothing to flag, and its runs execute
			// the course's interpreters and its own build only.
			if f := got.Submissions[0].Integrity; len(f) != 0 {
				t.Errorf("the starter is flagged: %+v", f)
			}
		})
	}
}

// TestInitBareStarterIsASkeleton: the starter of a bare kpuzzle init
// leaves the search to the student (it used to be a breadth-first search
// that solves every 3x3 test, 100/100), and the handout says so; a
// student who grades themselves as the handout says is not flagged for
// the course's own answer key in the repository.
func TestInitBareStarterIsASkeleton(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "3x3", "--depth", "2-10", "--public", "2", "--hidden", "1", "--unsolvable", "1", "--seed", "3"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	handout := readTree(t, dir)["handout.md"]
	if !strings.Contains(handout, "Its\nsearch is a stub that finds nothing") || strings.Contains(handout, "cannot solve the larger tests") {
		t.Errorf("the handout does not say the search is the student's:\n%s", handout)
	}
	repo := filepath.Join(dir, "classroom")
	r := kpuzzle(t, "", "grade", "--json", "--config", filepath.Join(repo, ".kpuzzle", "assignment.yaml"), "--layout", "single", "--out", t.TempDir(), repo)
	var got gradeJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil || len(got.Submissions) != 1 {
		t.Fatalf("self-grading: %+v (%v)", r, err)
	}
	s := got.Submissions[0]
	if s.Score != 0 || len(s.Integrity) != 0 {
		t.Errorf("the bare starter scores %v and is flagged %+v; want 0 and nothing flagged", s.Score, s.Integrity)
	}
	for _, tc := range s.Tests {
		if tc.Verdict != check.NoAnswer {
			t.Errorf("%s: %s, want no-answer from the skeleton", tc.Test, tc.Verdict)
		}
	}
}

func TestInitWritesTheScaffold(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hw")
	r := kpuzzle(t, "", "init", dir, "--shape", "3x3,4x4", "--public", "2", "--hidden", "3", "--moves", "blank", "--goal", "blank-first", "--name", "Project 1", "--json")
	if r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	var got initJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if got.Public != 6 || got.Hidden != 8 || got.Language != "python" {
		t.Errorf("init JSON %+v, want 6 public and 8 hidden tests, python", got)
	}
	for _, f := range []string{"README.md", "assignment.yaml", "handout.md", "gradescope/setup.sh", "gradescope/run_autograder",
		"starter/python/solver.py", "starter/java/Solver.java", "starter/cpp/solver.cpp", "starter/go/go.mod", "starter/go/solver.go",
		"puzzles/manifest.json", "puzzles/public/3x3/puzzle_1.txt", "puzzles/hidden/4x4/puzzle_4.txt",
		"classroom/README.md", "classroom/solver.py", "classroom/puzzles/manifest.json", "classroom/puzzles/4x4/puzzle_3.txt",
		"classroom/.kpuzzle/assignment.yaml", "classroom/.github/workflows/classroom.yml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	// The instructors' guide lists every top-level entry init writes.
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "instructors.md"))
	if err != nil {
		t.Fatal(err)
	}
	top, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range top {
		name := e.Name()
		if e.IsDir() {
			name += "/"
		}
		if !strings.Contains(string(guide), "| `"+name) {
			t.Errorf("init writes %s, which the table of docs/instructors.md does not list", name)
		}
	}
	for _, f := range []string{"gradescope/setup.sh", "gradescope/run_autograder"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Mode().Perm() != 0o755 {
			t.Errorf("%s is not executable: %v", f, err)
		}
		if out, err := exec.Command("bash", "-n", filepath.Join(dir, f)).CombinedOutput(); err != nil {
			t.Errorf("%s: bash -n: %v\n%s", f, err, out)
		}
	}

	// Every key of the whole set and of the students' copy checks out,
	// and the students' copy holds exactly the public tests.
	whole := verifySetDir(t, filepath.Join(dir, "puzzles"))
	public := verifySetDir(t, filepath.Join(dir, "classroom", "puzzles"))
	if whole.Goal != "blank-first" || whole.Convention != "blank" || public.Goal != "blank-first" {
		t.Errorf("goal %q, moves %q", whole.Goal, whole.Convention)
	}
	var wantPublic []string
	for _, e := range whole.Puzzles {
		if !e.Hidden {
			wantPublic = append(wantPublic, strings.TrimPrefix(e.File, "public/"))
		} else if !strings.HasPrefix(e.File, "hidden/") {
			t.Errorf("%s is hidden but not in hidden/", e.File)
		}
	}
	var gotPublic []string
	for _, e := range public.Puzzles {
		gotPublic = append(gotPublic, e.File)
		if e.Hidden {
			t.Errorf("the students' copy marks %s hidden", e.File)
		}
	}
	if diff := cmp.Diff(wantPublic, gotPublic); diff != "" {
		t.Errorf("the students' tests (-want +got):\n%s", diff)
	}

	// Both assignment files are accepted by the grader.
	for _, f := range []string{"assignment.yaml", "classroom/.kpuzzle/assignment.yaml"} {
		asg := parseAssignmentFile(t, filepath.Join(dir, f))
		tests, err := asg.LoadTests()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if want := map[string]int{"assignment.yaml": 14, "classroom/.kpuzzle/assignment.yaml": 6}[f]; len(tests) != want {
			t.Errorf("%s: %d tests, want %d", f, len(tests), want)
		}
		if asg.ConventionName != "blank" || asg.Goal != "blank-first" || asg.Name == "" {
			t.Errorf("%s: moves %q, goal %q, name %q", f, asg.ConventionName, asg.Goal, asg.Name)
		}
	}

	handout, _ := os.ReadFile(filepath.Join(dir, "handout.md"))
	for _, frag := range []string{"# Project 1", "the direction the **blank** travels", "0 1 2\n3 4 5\n6 7 8", "UNSOLVABLE", "kpuzzle check puzzles/3x3/puzzle_1.txt answer.txt", "3x3 and 4x4"} {
		if !strings.Contains(string(handout), frag) {
			t.Errorf("handout lacks %q", frag)
		}
	}
	checkWorkflow(t, filepath.Join(dir, "classroom", ".github", "workflows", "classroom.yml"))

	wantOneLineError(t, kpuzzle(t, "", "init", dir), "not empty", "--force")
	if r := kpuzzle(t, "", "init", dir, "--force", "--shape", "2x3", "--public", "1", "--hidden", "0", "--unsolvable", "0"); r.code != 0 {
		t.Errorf("init --force: %+v", r)
	}
	fresh := filepath.Join(t.TempDir(), "x")
	wantOneLineError(t, kpuzzle(t, "", "init", fresh, "--language", "cobol"), "--language", "python, java, cpp, go")
	wantOneLineError(t, kpuzzle(t, "", "init", fresh, "--goal", writeFile(t, t.TempDir(), "g.txt", "1 2\n3 0\n")), "--goal", "default and blank-first")
	wantOneLineError(t, kpuzzle(t, "", "init", fresh, "--public", "0", "--unsolvable", "0"), "at least one public test")
	wantOneLineError(t, kpuzzle(t, "", "init", fresh, "--shape", "3x3", "--depth", "30-33"), "largest depth is 31")
}

// parseAssignmentFile reads an assignment YAML file as kpuzzle grade
// does.
func parseAssignmentFile(t *testing.T, path string) grader.Assignment {
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

// checkWorkflow parses the GitHub Actions workflow and checks what
// GitHub Classroom relies on: the job run-autograding-tests, the
// permission to write checks, only well-known actions, and shell steps
// that bash can parse.
func checkWorkflow(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Name        string            `yaml:"name"`
		On          map[string]any    `yaml:"on"`
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			RunsOn string `yaml:"runs-on"`
			Steps  []struct {
				Name string            `yaml:"name"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("%s is not valid YAML: %v", path, err)
	}
	job, ok := wf.Jobs["run-autograding-tests"]
	if !ok || len(wf.Jobs) != 1 || job.RunsOn != "ubuntu-latest" {
		t.Fatalf("jobs %v: want the one job run-autograding-tests on ubuntu-latest", wf.Jobs)
	}
	if _, ok := wf.On["push"]; !ok || wf.Permissions["checks"] != "write" {
		t.Errorf("on %v, permissions %v: want push and checks: write", wf.On, wf.Permissions)
	}
	var uses []string
	for _, s := range job.Steps {
		if s.Uses != "" {
			uses = append(uses, s.Uses)
		}
		if s.Run != "" {
			if out, err := exec.Command("bash", "-n", "-c", s.Run).CombinedOutput(); err != nil {
				t.Errorf("step %q: bash -n: %v\n%s", s.Name, err, out)
			}
			if strings.Contains(s.Run, "${{") {
				t.Errorf("step %q puts an expression into its script; pass it through env", s.Name)
			}
		}
	}
	if diff := cmp.Diff([]string{"actions/checkout@v4", "actions/setup-go@v5"}, uses); diff != "" {
		t.Errorf("actions used (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(data), "Points $SCORE/$MAX") || !strings.Contains(string(data), "${{ github.token }}") {
		t.Error("the workflow does not report Points X/Y with the job's token")
	}
}

// TestWorkflowGradingStep runs the workflow's grading script as the
// runner would, on the scaffold's template repository, with the kpuzzle
// binary: it must write the points to the step's outputs and the
// feedback to the job summary.
func TestWorkflowGradingStep(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Classroom workflow grading step; go test without -short runs it")
	}
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("jq is not installed (GitHub's runners have it), so the workflow's script cannot run here")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	bin := kpuzzleBinary(t)
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "3x3", "--depth", "2-10", "--public", "2", "--hidden", "1", "--unsolvable", "1", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	repo := filepath.Join(dir, "classroom")
	data, err := os.ReadFile(filepath.Join(repo, ".github", "workflows", "classroom.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				ID  string `yaml:"id"`
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	script := ""
	for _, s := range wf.Jobs["run-autograding-tests"].Steps {
		if s.ID == "grade" {
			script = s.Run
		}
	}
	if script == "" {
		t.Fatal("no step with id grade")
	}
	runner := t.TempDir()
	summary, output := filepath.Join(runner, "summary.md"), filepath.Join(runner, "output")
	binDir := filepath.Join(runner, "bin")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bin, filepath.Join(binDir, "kpuzzle")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-c", script)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"RUNNER_TEMP="+runner, "GITHUB_STEP_SUMMARY="+summary, "GITHUB_OUTPUT="+output)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the grading step failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Points 30/30") {
		t.Errorf("log lacks Points 30/30:\n%s", out)
	}
	gotOutput, _ := os.ReadFile(output)
	if diff := cmp.Diff("score=30\nmax=30\n", string(gotOutput)); diff != "" {
		t.Errorf("step outputs (-want +got):\n%s", diff)
	}
	gotSummary, _ := os.ReadFile(summary)
	if !strings.Contains(string(gotSummary), "# Autograding: 30 / 30 points") || !strings.Contains(string(gotSummary), `3x3/puzzle\_1.txt`) {
		t.Errorf("summary:\n%s", gotSummary)
	}
}

// TestPublicFilesCannotRegenerateTheHiddenTests plays the student who has
// the Classroom copy: it looks in every file students receive for the
// seed, a generator line or any number that could be a seed, regenerates
// the assignment with each candidate (and with small seeds people
// default to), and fails if any hidden board comes back.
func TestPublicFilesCannotRegenerateTheHiddenTests(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates sets from every public file; go test without -short runs it")
	}
	dir := filepath.Join(t.TempDir(), "hw")
	// 4x4 boards at depth 20-24 number in the millions, so no other seed
	// brings one back by chance.
	args := []string{"--shape", "4x4", "--depth", "20-24", "--public", "2", "--hidden", "4", "--unsolvable", "1"}
	if r := kpuzzle(t, "", append([]string{"init", dir}, args...)...); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	private, err := puzzles.ReadManifest(filepath.Join(dir, "puzzles", puzzles.ManifestFile))
	if err != nil || private.Seed == nil {
		t.Fatalf("the private manifest must record the seed: %v %+v", err, private.Seed)
	}
	seed := strconv.FormatUint(*private.Seed, 10)
	hidden := map[string]bool{}
	for _, e := range private.Puzzles {
		if e.Hidden && e.Solvable {
			hidden[cellsOf(t, filepath.Join(dir, "puzzles", e.File))] = true
		}
	}
	if len(hidden) != 4 {
		t.Fatalf("%d hidden solvable boards, want 4", len(hidden))
	}

	candidates := map[uint64]bool{}
	for s := range uint64(11) {
		candidates[s] = true
	}
	candidates[42] = true
	number := regexp.MustCompile(`\d{1,20}`)
	err = filepath.WalkDir(filepath.Join(dir, "classroom"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		text := string(data)
		if strings.Contains(text, seed) || strings.Contains(text, "--seed") || strings.Contains(text, "--hidden") {
			t.Errorf("%s, which students receive, tells how the set was made:\n%s", p, text)
		}
		for _, m := range number.FindAllString(text, -1) {
			if v, err := strconv.ParseUint(m, 10, 64); err == nil {
				candidates[v] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if candidates[*private.Seed] {
		t.Fatalf("the seed %s is among the numbers students can see", seed)
	}
	tried := 0
	for c := range candidates {
		if tried == 40 {
			break
		}
		tried++
		again := filepath.Join(t.TempDir(), "again")
		if r := kpuzzle(t, "", append([]string{"init", again, "--seed", strconv.FormatUint(c, 10)}, args...)...); r.code != 0 {
			t.Fatalf("init --seed %d: %+v", c, r)
		}
		m, err := puzzles.ReadManifest(filepath.Join(again, "puzzles", puzzles.ManifestFile))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range m.Puzzles {
			if b := cellsOf(t, filepath.Join(again, "puzzles", e.File)); e.Hidden && hidden[b] {
				t.Errorf("seed %d regenerates the hidden board %s", c, b)
			}
		}
	}
	// The control: the private seed does regenerate them, so the search
	// above would have found a leaked seed.
	again := filepath.Join(t.TempDir(), "control")
	if r := kpuzzle(t, "", append([]string{"init", again, "--seed", seed}, args...)...); r.code != 0 {
		t.Fatalf("init --seed %s: %+v", seed, r)
	}
	m, _ := puzzles.ReadManifest(filepath.Join(again, "puzzles", puzzles.ManifestFile))
	found := 0
	for _, e := range m.Puzzles {
		if e.Hidden && hidden[cellsOf(t, filepath.Join(again, "puzzles", e.File))] {
			found++
		}
	}
	if found != len(hidden) {
		t.Errorf("the private seed regenerated %d of %d hidden boards", found, len(hidden))
	}
}

// cellsOf reads a puzzle file's cells as one line.
func cellsOf(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

// TestClusterExamplesAreValid: the cluster examples init writes parse (the
// YAML ones as YAML, the Slurm script with bash -n), and each one
// prepares, grades the shards and merges.
func TestClusterExamplesAreValid(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "3x3", "--public", "1", "--hidden", "1", "--unsolvable", "0"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	for _, name := range []string{"k8s-job.yaml", "github-grade.yml"} {
		data := mustRead(t, filepath.Join(dir, "cluster", name))
		dec := yaml.NewDecoder(bytes.NewReader(data))
		docs := 0
		for {
			var v map[string]any
			if err := dec.Decode(&v); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			docs++
		}
		if docs == 0 {
			t.Errorf("%s holds no document", name)
		}
	}
	script := filepath.Join(dir, "cluster", "slurm.sh")
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Errorf("slurm.sh: %v\n%s", err, out)
	}
	for _, name := range []string{"slurm.sh", "k8s-job.yaml", "github-grade.yml"} {
		text := string(mustRead(t, filepath.Join(dir, "cluster", name)))
		for _, step := range []string{"prepare", "--shard", "merge", "--prepared"} {
			if !strings.Contains(text, step) {
				t.Errorf("%s does not run %q", name, step)
			}
		}
	}
}

// TestInitInterfaces scaffolds an assignment for every interface other
// than file (each of its languages whose toolchain is here) and grades the
// scaffold's own starter code with its own assignment.yaml: what the
// handout promises, every shallow test solved optimally and every
// unsolvable one called so (the placeholder search exhausts the 3x3
// boards), with the interactive report's statistics read as claims.
func TestInitInterfaces(t *testing.T) {
	for _, iface := range scaffold.Kinds() {
		if iface.IsFile() {
			continue // TestInitThenGradeTheStarter
		}
		for _, lang := range iface.Languages {
			l, _, err := scaffold.LookupLanguage(lang, "60s", "")
			if err != nil {
				t.Fatal(err)
			}
			t.Run(iface.Name+"/"+lang, func(t *testing.T) {
				if !l.Installed() {
					t.Skipf("%s is not installed, so the %s starter code of the %s interface cannot be built and run here (CI installs it)", l.Tool, l.Title, iface.Name)
				}
				t.Parallel()
				dir := filepath.Join(t.TempDir(), "hw")
				args := []string{"init", dir, "--interface", iface.Name, "--shape", "3x3", "--depth", "2-12",
					"--public", "1", "--hidden", "1", "--unsolvable", "1", "--wall-time", "60s", "--seed", "3", "--json", "--baseline"}
				if lang != iface.Languages[0] {
					args = append(args, "--language", lang)
				}
				r := kpuzzle(t, "", args...)
				if r.code != 0 {
					t.Fatalf("init: %+v", r)
				}
				var made initJSON
				if err := json.Unmarshal([]byte(r.stdout), &made); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, r.stdout)
				}
				if made.Interface != iface.Name || made.Language != lang {
					t.Errorf("init made interface %q, language %q; want %q, %q", made.Interface, made.Language, iface.Name, lang)
				}
				// starter/ holds the interface's languages only.
				entries, err := os.ReadDir(filepath.Join(dir, "starter"))
				if err != nil {
					t.Fatal(err)
				}
				var starters []string
				for _, e := range entries {
					starters = append(starters, e.Name())
				}
				want := append([]string(nil), iface.Languages...)
				slices.Sort(want)
				if diff := cmp.Diff(want, starters); diff != "" {
					t.Errorf("starter/ (-want +got):\n%s", diff)
				}

				out := filepath.Join(t.TempDir(), "results")
				r = kpuzzle(t, "", "grade", "--config", filepath.Join(dir, "assignment.yaml"), "--out", out, "--jobs", "2", "--json", filepath.Join(dir, "starter", lang))
				if r.code != 0 {
					t.Fatalf("grade: exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
				}
				var got gradeJSON
				if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, r.stdout)
				}
				m, err := puzzles.ReadManifest(filepath.Join(dir, "puzzles", puzzles.ManifestFile))
				if err != nil {
					t.Fatal(err)
				}
				wantVerdicts := map[string]check.Verdict{}
				for _, e := range m.Puzzles {
					wantVerdicts[e.File] = check.UnsolvableCorrect
					if e.Solvable {
						wantVerdicts[e.File] = check.Optimal
					}
				}
				if len(got.Submissions) != 1 || len(wantVerdicts) != 4 {
					t.Fatalf("want 1 submission of 4 tests: %s", r.stdout)
				}
				verdicts := map[string]check.Verdict{}
				for _, tr := range got.Submissions[0].Tests {
					verdicts[tr.Test] = tr.Verdict
				}
				if iface.Is(grader.KindInteractive) {
					results := string(mustRead(t, filepath.Join(out, "results", lang, "results.json")))
					if strings.Count(results, "moves, as its answer has") != 2 || strings.Count(results, "nodes expanded") < 2 {
						t.Errorf("the reports' depths and nodes expanded are not read as claims:\n%s", results)
					}
				}
				if diff := cmp.Diff(wantVerdicts, verdicts); diff != "" {
					t.Errorf("verdicts (-want +got):\n%s", diff)
				}
				if s := got.Submissions[0]; s.Score != 40 || s.Max != 40 {
					t.Errorf("score %v/%v, want 40/40", s.Score, s.Max)
				}
				if f := got.Submissions[0].Integrity; len(f) != 0 {
					t.Errorf("the starter is flagged: %+v", f)
				}

				// The handout tells the students this interface, and both
				// assignment files are the grader's.
				handout := string(mustRead(t, filepath.Join(dir, "handout.md")))
				for _, frag := range interfaceHandout[iface.Name] {
					if !strings.Contains(handout, frag) {
						t.Errorf("handout lacks %q", frag)
					}
				}
				for _, f := range []string{"assignment.yaml", "classroom/.kpuzzle/assignment.yaml"} {
					if _, err := parseAssignmentFile(t, filepath.Join(dir, f)).LoadTests(); err != nil {
						t.Errorf("%s: %v", f, err)
					}
				}
				// The Gradescope bundle takes the assignment as it is.
				bin := filepath.Join(t.TempDir(), "kpuzzle")
				if err := os.WriteFile(bin, []byte("not run"), 0o755); err != nil {
					t.Fatal(err)
				}
				b, err := scaffold.GradescopeBundle(filepath.Join(dir, "assignment.yaml"), parseAssignmentFile(t, filepath.Join(dir, "assignment.yaml")), bin, "dev", "go1.26.8")
				if err != nil || b.Tests != 4 {
					t.Errorf("bundle: %v, %d tests", err, b.Tests)
				}
				for _, f := range b.Files {
					if f.Name == "setup.sh" && !strings.Contains(string(f.Data), l.Apt) {
						t.Errorf("setup.sh does not install %s:\n%s", l.Apt, f.Data)
					}
				}
			})
		}
	}
}

// interfaceHandout are what each interface's handout must tell students.
var interfaceHandout = map[string][]string{
	grader.KindStdin:       {"from standard input and prints its answer on\nstandard output", "UNSOLVABLE", "< puzzles/"},
	grader.KindInteractive: {"Type 1 for the default puzzle, 2 to enter your own: 2", "Row 2: 4 0 6", "Move 1: UP\nMove 2: LEFT", "No solution exists."},
	"python-function":      {"def solve(board):", "solve([[1, 2, 3], [4, 0, 6], [7, 5, 8]])", `["UP", "LEFT"]`, "`None`"},
	"java-api":             {"public Board(int[][] tiles)", "public Iterable<Board> solution()", "`moves()` is 2"},
}

// TestInitInterfaceMismatch: an interface without starter code in the
// language asked for, an interface that does not exist and a Java API on a
// board that is not square are usage errors naming what is wrong.
func TestInitInterfaceMismatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	wantOneLineError(t, kpuzzle(t, "", "init", dir, "--interface", "java-api", "--language", "python"), "--interface java-api", "--language python", "java only")
	wantOneLineError(t, kpuzzle(t, "", "init", dir, "--interface", "python-function", "--language", "java"), "--interface python-function", "--language java", "python only")
	wantOneLineError(t, kpuzzle(t, "", "init", dir, "--interface", "python-function", "--language", "go"), "--interface python-function", "--language go", "python only")
	wantOneLineError(t, kpuzzle(t, "", "init", dir, "--interface", "stdn"), "--interface", "file, stdin, interactive, python-function, java-api", "stdin")
	wantOneLineError(t, kpuzzle(t, "", "init", dir, "--interface", "java-api", "--shape", "3x3,2x4"), "--shape", "2x4 is not square")
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a refused init made %s", dir)
	}
}

// TestInitCompletesInterfaces: shell completion offers --interface's
// values.
func TestInitCompletesInterfaces(t *testing.T) {
	r := kpuzzle(t, "", "__complete", "init", "x", "--interface", "")
	for _, name := range scaffold.KindNames() {
		if !strings.Contains(r.stdout, name+"\n") {
			t.Errorf("completion of --interface lacks %s:\n%s", name, r.stdout)
		}
	}
	if r := kpuzzle(t, "", "__complete", "init", "x", "--interface", "java"); !strings.HasPrefix(r.stdout, "java-api\n") {
		t.Errorf("completion of --interface java: %q", r.stdout)
	}
}

// TestClassroomRegradeIgnoresTheStudentsFiles plays the staff-side
// re-grading that docs/instructors.md shows: every student repository
// cloned into one folder and graded with the instructor's assignment. A
// student decides everything in their repository — the workflow that
// reports the Classroom points, the assignment and the key it reads — so
// one repository here rewrites all three (the workflow reports full
// points, the rubric is raised, the key is replaced). Its grade must be
// exactly that of the same code in an untouched repository, on the
// instructor's tests, hidden ones included.
func TestClassroomRegradeIgnoresTheStudentsFiles(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	dir := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", dir, "--shape", "3x3", "--depth", "2-8", "--public", "1", "--hidden", "1", "--unsolvable", "1", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	clones := filepath.Join(t.TempDir(), "hw-submissions")
	for _, repo := range []string{"hw-honest", "hw-tampered"} {
		if err := os.CopyFS(filepath.Join(clones, repo), os.DirFS(filepath.Join(dir, "classroom"))); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(clones, repo, ".git"), "HEAD", "ref: refs/heads/main\n")
	}
	tampered := filepath.Join(clones, "hw-tampered")
	writeFile(t, filepath.Join(tampered, ".github", "workflows"), "classroom.yml",
		"name: Autograding Tests\non: push\njobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo 'Points 1000/1000'\n")
	asg, err := os.ReadFile(filepath.Join(tampered, ".kpuzzle", "assignment.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(tampered, ".kpuzzle"), "assignment.yaml", string(asg)+"\n# raised by the student\nrubric:\n  solved: 1000\n")
	writeFile(t, filepath.Join(tampered, "puzzles"), "manifest.json", `{"puzzles": []}`+"\n")

	r := kpuzzle(t, "", "grade", "--json", "--config", filepath.Join(dir, "assignment.yaml"), "--layout", "folders", "--out", t.TempDir(), clones)
	var got gradeJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil || len(got.Submissions) != 2 {
		t.Fatalf("grade the clones: %+v (%v)", r, err)
	}
	honest, cheat := got.Submissions[0], got.Submissions[1]
	if honest.Name != "hw-honest" || cheat.Name != "hw-tampered" {
		t.Fatalf("submissions %q and %q", honest.Name, cheat.Name)
	}
	var hidden bool
	for _, tc := range honest.Tests {
		hidden = hidden || strings.HasPrefix(tc.Test, "hidden/")
	}
	// The instructor's set: a solvable and an unsolvable board, public
	// and hidden; the students' copy holds the public two.
	if !hidden || len(honest.Tests) != 4 {
		t.Errorf("the re-grade ran %d tests (a hidden one: %v), want the instructor's 4, hidden ones included", len(honest.Tests), hidden)
	}
	// The public tests' key in every clone is the course's own: no
	// integrity finding.
	if len(honest.Integrity) != 0 {
		t.Errorf("the untouched repository is flagged: %+v", honest.Integrity)
	}
	if honest.Score == 0 || cheat.Score != honest.Score || cheat.Max != honest.Max {
		t.Errorf("the tampered repository scores %v/%v, the untouched one %v/%v: want the same, and above 0", cheat.Score, cheat.Max, honest.Score, honest.Max)
	}
}
