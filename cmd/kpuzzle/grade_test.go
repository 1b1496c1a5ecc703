package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// graderTestdata is the grader's test puzzles and hostile submissions;
// the well-behaved example submissions are kpuzzle demo's, in
// templates/demo/submissions.
var graderTestdata = filepath.Join("..", "..", "grader", "testdata")

// demoSubmission is the solver of the example submission called name,
// from the grader's testdata or, for the ones kpuzzle demo ships, from
// templates/demo/submissions.
func demoSubmission(name string) string {
	path := filepath.Join(graderTestdata, "submissions", name, "solver.py")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	return filepath.Join("..", "..", "templates", "demo", "submissions", name, "solver.py")
}

// gradeFixture makes a course folder: an assignment file over the small
// test set, and a folder of copies of the named test submissions.
func gradeFixture(t *testing.T, extra string, subs ...string) (config, submissions string) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python test submissions cannot run")
	}
	course := t.TempDir()
	set, err := filepath.Abs(filepath.Join(graderTestdata, "puzzles", "small"))
	if err != nil {
		t.Fatal(err)
	}
	config = writeFile(t, course, "assignment.yaml", fmt.Sprintf(`name: Project 1
puzzles:
  dir: %s
run:
  command: "python3 {submission}/solver.py {input} {output}"
  wall_time: 8s
  recheck: none   # each test once: grade's second run has tests of its own
rubric:
  solved: 6
  optimal: 4
%s`, set, extra))
	submissions = filepath.Join(course, "submissions")
	for _, s := range subs {
		data, err := os.ReadFile(demoSubmission(s))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, submissions, filepath.Join(s, "solver.py"), string(data))
	}
	return config, submissions
}

// readTree maps every file under root to its contents.
func readTree(t *testing.T, root string, skip ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, s := range skip {
			if rel == s {
				return nil
			}
		}
		data, err := os.ReadFile(p)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGradeEndToEnd(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal")
	out := filepath.Join(t.TempDir(), "results")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, "--jobs", "2", subs)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	for _, frag := range []string{"python-astar  50/50", "python-illegal  0/50", "line 1 (move 1), DOWN", "2 submissions x 5 tests: optimal 4, illegal 5, unsolvable-correct 1", "(10 tests run, 0 from the journal)"} {
		if !strings.Contains(r.stdout, frag) {
			t.Errorf("summary lacks %q:\n%s", frag, r.stdout)
		}
	}
	files := readTree(t, out)
	var names []string
	for name := range files {
		names = append(names, name)
	}
	want := []string{"class.csv", "class.json", "feedback/python-astar.md", "feedback/python-illegal.md", "gradebook.csv", "journal.jsonl", "junit.xml",
		"results/python-astar/results.json", "results/python-illegal/results.json", "summary.html"}
	for _, s := range []string{"python-astar", "python-illegal"} {
		for i := 1; i <= 5; i++ {
			want = append(want, fmt.Sprintf("answers/%s/p%d.txt", s, i), fmt.Sprintf("replays/%s/%d-p%d.txt.html", s, i, i))
		}
	}
	if diff := cmp.Diff(want, names, cmp.Transformer("sort", func(s []string) []string {
		c := append([]string(nil), s...)
		sortStringsForTest(c)
		return c
	})); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	wantCSV := "student,p1.txt,p2.txt,p3.txt,p4.txt,p5.txt,total,max\npython-astar,10,10,10,10,10,50,50\npython-illegal,0,0,0,0,0,0,50\n"
	if diff := cmp.Diff(wantCSV, files["gradebook.csv"]); diff != "" {
		t.Errorf("gradebook (-want +got):\n%s", diff)
	}
	var gs map[string]any
	if err := json.Unmarshal([]byte(files["results/python-astar/results.json"]), &gs); err != nil || gs["score"] != 50.0 {
		t.Errorf("results.json: %v %v", gs["score"], err)
	}

	// Without --resume an existing journal is refused; with it nothing runs
	// again and the files come out the same.
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--out", out, subs), "journal.jsonl", "--resume")
	r = kpuzzle(t, "", "grade", "--config", config, "--out", out, "--resume", "--json", subs)
	if r.code != 0 {
		t.Fatalf("resume: exit %d, %s", r.code, r.stderr)
	}
	var js gradeJSON
	if err := json.Unmarshal([]byte(r.stdout), &js); err != nil || js.Ran != 0 || js.Reused != 10 || len(js.Submissions) != 2 || js.Submissions[0].Score != 50 {
		t.Errorf("resume JSON %+v, %v", js, err)
	}
	// The class at a glance: per test, each verdict's count; the same as
	// class.json.
	if js.Class == nil || len(js.Class.Tests) != 5 || js.Class.Tests[0].Verdicts["optimal"] != 1 || js.Class.Tests[0].Verdicts["illegal"] != 1 {
		t.Errorf("grade --json class: %+v", js.Class)
	}
	var fromFile report.Class
	if err := json.Unmarshal([]byte(files["class.json"]), &fromFile); err != nil || !cmp.Equal(*js.Class, fromFile, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })) {
		t.Errorf("class.json differs from grade --json's class: %v", err)
	}
	if diff := cmp.Diff(files, readTree(t, out)); diff != "" {
		t.Errorf("files changed on resume (-before +after):\n%s", diff)
	}

	// The rubric may change between runs: the journal keeps verdicts.
	writeFile(t, filepath.Dir(config), "assignment.yaml", strings.Replace(readTree(t, filepath.Dir(config))["assignment.yaml"], "optimal: 4", "optimal: 14", 1))
	r = kpuzzle(t, "", "grade", "--config", config, "--out", out, "--resume", subs)
	if r.code != 0 || !strings.Contains(readTree(t, out)["gradebook.csv"], "python-astar,20,20,20,20,20,100,100") {
		t.Errorf("new rubric: exit %d\n%s", r.code, readTree(t, out)["gradebook.csv"])
	}
}

func sortStringsForTest(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func TestGradeResultsJSONForGradescope(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-crash")
	dest := filepath.Join(t.TempDir(), "autograder", "results", "results.json")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", t.TempDir(), "--results-json", dest, filepath.Join(subs, "python-astar"))
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Score float64 `json:"score"`
		Tests []struct {
			Name  string  `json:"name"`
			Score float64 `json:"score"`
		} `json:"tests"`
	}
	// The first test lists what was received; then the puzzles.
	if err := json.Unmarshal(data, &doc); err != nil || doc.Score != 50 || len(doc.Tests) != 6 || doc.Tests[0].Name != "Files received" || doc.Tests[1].Name != "p1.txt" {
		t.Errorf("results.json %+v, %v", doc, err)
	}
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--results-json", dest, subs), "--results-json needs exactly one submission, but 2 were found")
}

func TestGradeBadAssignments(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar")
	dir := filepath.Dir(config)
	wantOneLineError(t, kpuzzle(t, "", "grade", subs), "grade needs an assignment")
	for _, tc := range []struct {
		yaml      string
		fragments []string
	}{
		{"puzzles:\n  dir: set\nrun:\n  command: x {input} {output}\nrubrics:\n  solved: 1\n", []string{"bad.yaml", "unknown key rubrics.solved", "did you mean rubric?"}},
		{"puzzles:\n  dir: set\nrun:\n  command: x {input} {output}\n  wall_time: soon\n", []string{"run.wall_time", "not a duration"}},
		{"puzzles:\n  dir: set\nrun:\n  command: x {input}\n", []string{"run.command", "{output}"}},
		{"puzzles:\n  dir: nowhere\n  glob: '*.txt'\nrun:\n  command: x {input} {output}\n", []string{"puzzles.glob", "matches no file"}},
		{"puzzles:\n  dir: set\nrun: [1, 2\n", []string{"bad.yaml"}},
		{"puzzles:\n  dir: set\nanswer:\n  format: morse\nrun:\n  command: x {input} {output}\n", []string{"answer.format", `"morse"`, "tiles"}},
	} {
		bad := writeFile(t, dir, "bad.yaml", tc.yaml)
		wantOneLineError(t, kpuzzle(t, "", "grade", "--config", bad, "--out", t.TempDir(), subs), tc.fragments...)
	}
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--jobs", "0", subs), "--jobs")
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--answer-format", "morse", subs), "--answer-format", `"morse"`)
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, filepath.Join(dir, "nobody")), "nobody", "no such file")
	// Settings of other commands may sit in the same file.
	writeFile(t, dir, "mixed.yaml", readTree(t, dir)["assignment.yaml"]+"gen:\n  count: 3\njobs: 1\n")
	if r := kpuzzle(t, "", "grade", "--config", filepath.Join(dir, "mixed.yaml"), "--out", t.TempDir(), subs); r.code != 0 {
		t.Errorf("other commands' settings: exit %d, %s", r.code, r.stderr)
	}
}

func TestGradeHelpAndDocsListEveryKey(t *testing.T) {
	help := kpuzzle(t, "", "grade", "--help").stdout
	docs, err := os.ReadFile(filepath.Join("..", "..", "docs", "grading.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range grader.AssignmentKeys {
		if !strings.Contains(help, "  "+k.Key+" (") {
			t.Errorf("kpuzzle grade --help does not document %s", k.Key)
		}
		if !strings.Contains(string(docs), "`"+k.Key+"`") {
			t.Errorf("docs/grading.md does not document %s", k.Key)
		}
	}
	if !strings.Contains(string(docs), exampleAssignment) {
		t.Error("docs/grading.md does not show the example assignment of kpuzzle grade --help")
	}
}

// kpuzzleBinary builds the kpuzzle command into a folder of the test (go
// build's cache makes the second build quick).
func kpuzzleBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kpuzzle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestGradeSurvivesKill9 kills kpuzzle grade with SIGKILL at random
// moments, resumes it each time, and checks that the final results are
// byte for byte those of a run that was never interrupted.
func TestGradeSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a grading run and resumes it; go test without -short runs it")
	}
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal", "python-crash", "python-chatty", "python-vandal")
	bin := kpuzzleBinary(t)
	// A killed grader leaves its working folders behind; keep them where
	// the test cleans up. (Outside the test's own temporary folders, whose
	// parents the sandbox's unprivileged user could not search.)
	scratch, err := os.MkdirTemp("", "kpuzzle-kill-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(scratch) })
	os.Chmod(scratch, 0o711)
	grade := func(out string, resume bool) *exec.Cmd {
		args := []string{"grade", "--config", config, "--out", out, "--jobs", "2", "--scratch", scratch, subs}
		if resume {
			args = append(args, "--resume")
		}
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = &bytes.Buffer{}
		return cmd
	}

	whole := filepath.Join(t.TempDir(), "whole")
	start := time.Now()
	if cmd := grade(whole, false); cmd.Run() != nil {
		t.Fatalf("uninterrupted run failed: %s", cmd.Stderr)
	}
	full := time.Since(start)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	t.Logf("uninterrupted run took %v; kill times drawn with seed %d", full.Round(time.Millisecond), seed)
	killed := filepath.Join(t.TempDir(), "killed")
	resume := false
	kills := 0
	for attempt := 0; ; attempt++ {
		if attempt > 20 {
			t.Fatal("no resumed run finished after 20 attempts")
		}
		cmd := grade(killed, resume)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		if kills < 3 {
			// The first run is killed within the first half of the work,
			// resumed runs within the first quarter of the whole.
			window := full / 2
			if resume {
				window = full / 4
			}
			select {
			case err = <-done:
			case <-time.After(time.Duration(rng.Int64N(int64(window)))):
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				kills++
				t.Logf("killed attempt %d", attempt)
				resume = true
				continue
			}
		} else {
			err = <-done
		}
		if err != nil {
			t.Fatalf("attempt %d: %v\n%s", attempt, err, cmd.Stderr)
		}
		break
	}
	if kills == 0 {
		t.Fatal("the run was never killed")
	}
	// Everything but the journal (whose lines come in the order tests
	// finished), the summary page included: it shows no run time without
	// results.times.
	a, b := readTree(t, whole, "journal.jsonl"), readTree(t, killed, "journal.jsonl")
	reports := 0
	for name := range a {
		if !strings.HasPrefix(name, "answers/") && !strings.HasPrefix(name, "replays/") {
			reports++
		}
	}
	if reports != 5*2+5 {
		t.Errorf("%d result files, want 15 (results.json and feedback of 5 students, the gradebook, JUnit XML, summary, class.json, class.csv)", reports)
	}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("results after %d kills differ from the uninterrupted run (-whole +killed):\n%s", kills, diff)
	}
}

// TestGradeStopsCleanlyOnInterrupt sends SIGINT (Ctrl-C) to kpuzzle grade
// in the middle of a run: it must stop promptly with exit code 1, say how
// to resume, and write no result files (resuming is TestGradeSurvivesKill9's
// subject). On a busy machine the signal may come while the sandbox is
// still being inspected, which must be the same clean interruption.
func TestGradeStopsCleanlyOnInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("interrupts a grading run and waits for it to stop; go test without -short runs it")
	}
	config, subs := gradeFixture(t, "", "python-astar", "python-loop", "python-illegal")
	bin := kpuzzleBinary(t)
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "grade", "--config", config, "--out", out, "--jobs", "1", subs)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// python-loop runs into its 8 s time limit on every test; interrupt
	// while it does.
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	start := time.Now()
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("interrupted run: %v, want exit status 1\n%s", err, stderr.String())
	}
	// Finishing the remaining runs would take over 40 s (python-loop
	// alone runs into 8 s on each of its 5 tests); a prompt stop takes
	// well under a second on a quiet machine, and the bound leaves room
	// for a busy one.
	if waited := time.Since(start); waited > 30*time.Second {
		t.Errorf("the run took %v to stop after Ctrl-C", waited)
	}
	if !strings.Contains(stderr.String(), "interrupted:") || !strings.Contains(stderr.String(), "--resume") {
		t.Errorf("stderr %q does not say how to resume", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "gradebook.csv")); err == nil {
		t.Error("an interrupted run wrote results")
	}
}

// TestGradeSummaryPage checks the instructor's summary page that grade
// writes: self-contained, every link leads to a file grade wrote (a
// replay page per answer, the feedback), a run that left no answer has no
// replay; and results.replays: false writes neither answers nor replays.
func TestGradeSummaryPage(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal", "python-crash")
	out := filepath.Join(t.TempDir(), "results")
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs)
	if r.code != 0 || !strings.Contains(r.stdout, "summary page "+filepath.Join(out, "summary.html")) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	files := readTree(t, out)
	page := files["summary.html"]
	for _, bad := range []string{"http:", "https:", "<script", "<link", "<img", "src="} {
		if strings.Contains(page, bad) {
			t.Errorf("summary.html contains %q", bad)
		}
	}
	// Without results.times the page shows no run time (it is the same
	// from run to run); TestGradeShardsMergeByteForByte checks that.
	for _, want := range []string{"<h1>Project 1</h1>", "3 submissions × 5 tests", "Score histogram", `href="feedback/python-crash.md"`} {
		if !strings.Contains(page, want) {
			t.Errorf("summary.html lacks %q", want)
		}
	}
	links := regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(page, -1)
	replays := 0
	for _, l := range links {
		if _, ok := files[filepath.FromSlash(l[1])]; !ok {
			t.Errorf("summary.html links to %s, which grade did not write", l[1])
		}
		if strings.HasPrefix(l[1], "replays/") {
			replays++
		}
		if strings.HasPrefix(l[1], "replays/python-crash/") {
			t.Errorf("a crashed run has a replay page: %s", l[1])
		}
	}
	if replays != 10 {
		t.Errorf("%d replay links, want 10 (5 tests x python-astar and python-illegal)", replays)
	}
	illegal := files[filepath.Join("replays", "python-illegal", "1-p1.txt.html")]
	if !strings.Contains(illegal, `id="verdict">illegal<`) || !strings.Contains(illegal, "python-illegal — test 1: p1.txt") {
		t.Errorf("python-illegal's replay of p1.txt does not show the verdict:\n%.2000s", illegal)
	}

	// Without replays.
	config, subs = gradeFixture(t, "results:\n  replays: false\n", "python-astar")
	out = filepath.Join(t.TempDir(), "results")
	if r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	files = readTree(t, out)
	for name := range files {
		if strings.HasPrefix(name, "answers") || strings.HasPrefix(name, "replays") {
			t.Errorf("results.replays: false wrote %s", name)
		}
	}
	if page := files["summary.html"]; page == "" || strings.Contains(page, `href="replays/`) {
		t.Errorf("summary.html without replays: %d bytes, links to replays: %v", len(page), strings.Contains(page, `href="replays/`))
	}
}

// TestGradeConfigErrorsNameTheirSource gives bad limits in the assignment
// file and in the environment (which overrides the file): each error is
// one line naming the key and where the value came from, and a limit of
// zero is an error, not the default.
func TestGradeConfigErrorsNameTheirSource(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar")
	t.Run("environment", func(t *testing.T) {
		t.Setenv("KPUZZLE_RUN_MEMORY", "-5GiB")
		wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--out", t.TempDir(), subs),
			"KPUZZLE_RUN_MEMORY (run.memory, from the environment)", `"-5GiB" is negative`)
	})
	t.Run("environment beats the file", func(t *testing.T) {
		// The file says wall_time: 8s; a bad value in the environment
		// must be the one reported.
		t.Setenv("KPUZZLE_RUN_WALL_TIME", "forever")
		wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--out", t.TempDir(), subs),
			"KPUZZLE_RUN_WALL_TIME (run.wall_time", "forever")
	})
	for _, line := range []string{"processes: 0", "memory: 0MiB", "wall_time: 0s"} {
		zero, _ := gradeFixture(t, "", "python-astar")
		data, _ := os.ReadFile(zero)
		os.WriteFile(zero, []byte(strings.Replace(string(data), "  wall_time: 8s", "  wall_time: 8s\n  "+line, 1)), 0o644)
		if line == "wall_time: 0s" {
			os.WriteFile(zero, []byte(strings.Replace(string(data), "  wall_time: 8s", "  "+line, 1)), 0o644)
		}
		key := "run." + strings.Split(line, ":")[0]
		wantOneLineError(t, kpuzzle(t, "", "grade", "--config", zero, "--out", t.TempDir(), subs), zero, key, "expected more than 0")
	}
}

// TestGradeOddNamesAndOutput grades submissions whose folder names are
// 255 bytes long or hold a right-to-left override and an escape, and one
// whose program prints terminal escapes and bidirectional controls on
// stderr: every report must be written whole, and no raw control or
// formatting character may reach the terminal, results.json, JUnit, the
// gradebook, the feedback or the summary page.
func TestGradeOddNamesAndOutput(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar")
	solver, err := os.ReadFile(filepath.Join(subs, "python-astar", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("n", 255)
	spoof := "mallory\u202etxt.exe\x1b[31m"
	for _, name := range []string{long, spoof} {
		writeFile(t, filepath.Join(subs, name), "solver.py", string(solver))
	}
	writeFile(t, filepath.Join(subs, "noisy"), "solver.py",
		"import sys\nsys.stderr.write('\\x1b[2J\\x1b[31mYOU SCORED 100\\u202e%\\n')\nsys.exit(1)\n")
	// File names reach "Files received" (results.json), and through its
	// summary the feedback, the summaries, CSV and JUnit of a submission
	// that is not run: an escape, an override and a newline that would
	// forge a line of their own.
	forged := "FORGED: all tests passed"
	for _, name := range []string{"colour\x1b[31m.txt", "mallory\u202etxt.py", "notes.txt\n" + forged} {
		writeFile(t, filepath.Join(subs, "noisy"), name, "x\n")
		writeFile(t, filepath.Join(subs, "lost", "odd\u202e"), name, "x\n")
	}
	writeFile(t, filepath.Join(subs, "lost", "odd\u202e"), "solver.py", string(solver))
	out := t.TempDir()
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs)
	if r.code != 0 {
		t.Fatalf("grade: %+v", r)
	}
	bad := func(where, text string) {
		t.Helper()
		for _, c := range []string{"\x1b", "\u202e"} {
			if strings.Contains(text, c) {
				t.Errorf("%s holds a raw %q", where, c)
			}
		}
	}
	bad("stdout", r.stdout)
	bad("stderr", r.stderr)
	files := 0
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".jsonl") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		// JSON escapes what it must; decode it so that an escaped raw
		// character would show.
		text := string(data)
		if strings.HasSuffix(p, ".json") {
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Errorf("%s: %v", p, err)
			}
			b, _ := json.Marshal(v)
			text, _ = strconv.Unquote(strings.ReplaceAll(strconv.Quote(string(b)), `\\u`, `\u`))
		}
		bad(p, text)
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), forged) {
				t.Errorf("%s: a file name forged the line %q", p, line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"noisy": "notes.txt<U+000A>" + forged,
		"lost":  "found odd<U+202E>/solver.py: submit the files themselves",
	} {
		data, err := os.ReadFile(filepath.Join(out, "results", name, "results.json"))
		if err != nil {
			t.Fatal(err)
		}
		var res struct {
			Tests []struct{ Name, Output string }
		}
		if err := json.Unmarshal(data, &res); err != nil || len(res.Tests) == 0 || res.Tests[0].Name != "Files received" {
			t.Fatalf("%s: results.json %s (%v)", name, data, err)
		}
		if !strings.Contains(res.Tests[0].Output, want) {
			t.Errorf("%s: Files received says\n%s\nwant it to show %q", name, res.Tests[0].Output, want)
		}
	}
	for _, name := range []string{long, spoof, "noisy", "python-astar"} {
		base := grader.FileName(name)
		for _, f := range []string{filepath.Join("results", base, "results.json"), filepath.Join("feedback", base+".md")} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	junit, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
	if err := xml.Unmarshal(junit, new(struct{})); err != nil {
		t.Errorf("junit.xml is not well-formed XML: %v", err)
	}
}

// TestGradeChecksTheFeedbackTemplateFirst gives a template that parses but
// fails when it runs: grading must stop before any test runs, naming the
// key, instead of failing after the whole class was graded.
func TestGradeChecksTheFeedbackTemplateFirst(t *testing.T) {
	config, subs := gradeFixture(t, "feedback:\n  template: broken.tmpl\n", "python-astar")
	writeFile(t, filepath.Dir(config), "broken.tmpl", "{{range .Tests}}{{.NoSuchField}}{{end}}\n")
	out := t.TempDir()
	r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs)
	wantOneLineError(t, r, "feedback.template", "NoSuchField")
	if _, err := os.Stat(filepath.Join(out, "journal.jsonl")); err == nil {
		t.Error("tests ran before the template was checked")
	}
}

// TestGradeGradebookNamesStudents grades a Gradescope export (folders
// submission_ID and submission_metadata.yml beside them): the gradebook
// gives each row the student's name, ID and email.
func TestGradeGradebookNamesStudents(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar")
	os.Rename(filepath.Join(subs, "python-astar"), filepath.Join(subs, "submission_111"))
	writeFile(t, subs, "submission_metadata.yml", "submission_111:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '1815'\n    :email: ada@example.edu\n")
	out := t.TempDir()
	if r := kpuzzle(t, "", "grade", "--config", config, "--out", out, subs); r.code != 0 {
		t.Fatalf("grade: %+v", r)
	}
	data, _ := os.ReadFile(filepath.Join(out, "gradebook.csv"))
	lines := strings.Split(string(data), "\n")
	if !strings.HasPrefix(lines[0], "student,name,sid,email,") || !strings.HasPrefix(lines[1], "submission_111,Ada Lovelace,1815,ada@example.edu,") {
		t.Errorf("gradebook.csv:\n%s", data)
	}
}

// A refused grading (here an answer key the grader proves wrong before
// any program runs) leaves nothing that blocks the next one: no journal,
// no output folder, so the corrected run needs no --resume.
func TestGradeRefusedLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("grades three times, one of them whole")
	}
	config, subs := gradeFixture(t, "", "python-astar")
	course := filepath.Dir(config)
	set := filepath.Join(course, "set")
	writeFile(t, set, "p.txt", "1 2 3\n4 5 6\n0 7 8\n") // two moves from the goal
	writeFile(t, set, "manifest.json", `{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 1}]}`)
	asg := writeFile(t, course, "wrong-key.yaml", "puzzles:\n  dir: set\nrun:\n  command: \"python3 {submission}/solver.py {input} {output}\"\n")
	out := filepath.Join(t.TempDir(), "results")
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", asg, "--out", out, subs), "test p.txt", "optimal length is 1")
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the refused grading left %s behind: %v", out, err)
	}
	writeFile(t, set, "manifest.json", `{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 2}]}`)
	if r := kpuzzle(t, "", "grade", "--config", asg, "--out", out, subs); r.code != 0 {
		t.Fatalf("the corrected grading: exit %d\n%s", r.code, r.stderr)
	}
	// An output folder that was there before stays.
	keep := t.TempDir()
	writeFile(t, set, "manifest.json", `{"goal": "default", "puzzles": [{"file": "p.txt", "solvable": true, "optimal_length": 1}]}`)
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", asg, "--out", keep, subs), "test p.txt")
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the refused grading removed a folder it did not make: %v", err)
	}
	if _, err := os.Stat(filepath.Join(keep, "journal.jsonl")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused grading left its journal: %v", err)
	}
}
