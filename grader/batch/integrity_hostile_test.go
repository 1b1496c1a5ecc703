package batch_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// kpuzzleBuildEnv hands the builds of kpuzzle made by TestHostileCorpus
// to its run inside the simulated container.
const kpuzzleBuildEnv = "KPUZZLE_BATCH_TEST_KPUZZLE_BUILDS"

var (
	buildsOnce sync.Once
	buildsDir  string
	buildsErr  error
)

// kpuzzleBuilds builds kpuzzle once per test binary into a folder anyone
// may read (beside the course folders, so that runs at every isolation
// level can reach it): plain, and stripped of its symbols (-s -w, then
// strip(1) when the machine has it). The binaries are never committed.
func kpuzzleBuilds(t *testing.T) (plain, stripped string) {
	t.Helper()
	if dir := os.Getenv(kpuzzleBuildEnv); dir != "" {
		return filepath.Join(dir, "kpuzzle"), filepath.Join(dir, "kpuzzle-stripped")
	}
	buildsOnce.Do(func() {
		dir, err := os.MkdirTemp(".", ".kpuzzle-builds-")
		if err != nil {
			buildsErr = err
			return
		}
		buildsDir = mustAbs(t, dir)
		os.Chmod(buildsDir, 0o755)
		for _, b := range []struct{ out, flags string }{{"kpuzzle", ""}, {"kpuzzle-stripped", "-s -w"}} {
			out, err := exec.Command("go", "build", "-ldflags="+b.flags, "-o", filepath.Join(buildsDir, b.out), "github.com/kpuzzle/kpuzzle/cmd/kpuzzle").CombinedOutput()
			if err != nil {
				buildsErr = fmt.Errorf("go build: %v\n%s", err, out)
				return
			}
		}
		if strip, err := exec.LookPath("strip"); err == nil {
			_ = exec.Command(strip, filepath.Join(buildsDir, "kpuzzle-stripped")).Run()
		}
	})
	if buildsErr != nil {
		t.Fatal(buildsErr)
	}
	return filepath.Join(buildsDir, "kpuzzle"), filepath.Join(buildsDir, "kpuzzle-stripped")
}

// removeKpuzzleBuilds removes what kpuzzleBuilds made in this process;
// a later test builds again.
func removeKpuzzleBuilds() {
	if buildsDir != "" {
		os.RemoveAll(buildsDir)
	}
	buildsOnce, buildsDir, buildsErr = sync.Once{}, "", nil
}

func copyFileMode(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, mode); err != nil {
		t.Fatal(err)
	}
	os.Chmod(to, mode)
}

// The integrity submissions: python-kpuzzle-shipped's solver, which runs
// whatever kpuzzle it brings or is told of and trusts its answer, with
// kpuzzle renamed, kpuzzle stripped as a shared object, a kpuzzle
// installed elsewhere on the host (outside the PATH), and a pattern
// database; and python-kpuzzle-blind's, which first installs a seccomp
// filter of its own to blind kpuzzle's guard (the attack of issue 31),
// with a plain copy of kpuzzle, and with kpuzzle XOR-packed, unpacked
// into a memory file and started from there.
var integrityCorpus = []string{"python-kpuzzle-renamed", "python-kpuzzle-so", "python-kpuzzle-host", "python-kpuzzle-pdb",
	"python-kpuzzle-blind-plain", "python-kpuzzle-blind-packed"}

// xorPack writes the file at from to to, XOR-ed with a random 16-byte key
// that comes first: kpuzzle as python-kpuzzle-blind carries it, so that
// no byte of the build is in the submission as it is.
func xorPack(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 16)
	for i := range key {
		key[i] = byte(rand.Uint32())
	}
	out := append([]byte(nil), key...)
	for i, c := range data {
		out = append(out, c^key[i%16])
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// gradeIntegrity grades the integrity submissions beside python-astar:
// none may score a solvable test, each must be flagged (by what it
// brings, what its run executed, or both), and the correct solver must
// score unflagged.
func gradeIntegrity(t *testing.T, iso sandbox.Choice, dir, set, scratch string, conceal []string) {
	t.Helper()
	plain, stripped := kpuzzleBuilds(t)
	root := filepath.Join(dir, "integrity-submissions")
	os.Mkdir(root, 0o755)
	for _, name := range integrityCorpus {
		from := "python-kpuzzle-shipped"
		if strings.HasPrefix(name, "python-kpuzzle-blind") {
			from = "python-kpuzzle-blind"
		}
		copyInto(t, submissionDir(from), filepath.Join(root, name))
	}
	copyFileMode(t, plain, filepath.Join(root, "python-kpuzzle-blind-plain", "helper"), 0o755)
	xorPack(t, plain, filepath.Join(root, "python-kpuzzle-blind-packed", "payload.bin"))
	copyInto(t, submissionDir("python-astar"), filepath.Join(root, "python-astar"))
	copyFileMode(t, plain, filepath.Join(root, "python-kpuzzle-renamed", "helper"), 0o755)
	// Shared objects are commonly installed executable (0755).
	copyFileMode(t, stripped, filepath.Join(root, "python-kpuzzle-so", "lib", "libfast.so"), 0o755)
	// An instructor's copy, readable by anyone, in a folder that is not on
	// the programs' PATH, nor in /tmp, which runs with namespaces do not
	// share (where the checkout is, unless it is itself under /tmp).
	installed := filepath.Join(hostDir(t, ".kpuzzle-host-"), "opt", "kpuzzle")
	copyFileMode(t, plain, installed, 0o755)
	writeLines(t, filepath.Join(root, "python-kpuzzle-host", "tools.txt"), installed)
	writePatternDatabase(t, filepath.Join(root, "python-kpuzzle-pdb", "data", "weights.bin"))

	// Files of 64 MiB, so that the packed kpuzzle fits in its memory
	// file: at the default 1 MiB the file-size limit caps memory files
	// too, and the unpacked build would not even start.
	a := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"hide": ["reference"],
		"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "60s", "cpu_time": "30s",
			"memory": "2GiB", "processes": 64, "output": "64MiB"}
	}`, set))
	o := grade(t, batch.Options{Assignment: a, Isolation: iso, JournalPath: filepath.Join(dir, "results", "integrity-journal.jsonl"),
		ScratchDir: scratch, Conceal: conceal}, root)

	// The packed kpuzzle is data the inspection cannot look into.
	packed := o.Integrity["python-kpuzzle-blind-packed"]
	if len(packed) == 1 && packed[0].File == "payload.bin" && strings.HasPrefix(packed[0].Finding, integrity.FindOpaque+": ") &&
		strings.Contains(packed[0].Finding, "binary data of no known kind") {
		delete(o.Integrity, "python-kpuzzle-blind-packed")
	}
	wantFiles := map[string][]grader.IntegrityFinding{
		"python-kpuzzle-renamed":     {{File: "helper", Finding: integrity.FindKpuzzleBuild}},
		"python-kpuzzle-so":          {{File: "lib/libfast.so", Finding: integrity.FindKpuzzleBuild}},
		"python-kpuzzle-pdb":         {{File: "data/weights.bin", Finding: integrity.FindPatternDB}},
		"python-kpuzzle-blind-plain": {{File: "helper", Finding: integrity.FindKpuzzleBuild}},
	}
	if diff := cmp.Diff(wantFiles, o.Integrity); diff != "" {
		t.Errorf("what the inspection found (-want +got, the packed kpuzzle as opaque data taken out):\n%s", diff)
	}
	for _, sub := range integrityCorpus {
		r := o.Results[sub]["p1.txt"]
		t.Logf("%s: %s; integrity %v", sub, resultText(r), r.Integrity)
		if r.Score(a.Rubric) > 0 || r.Verdict.Solved() {
			t.Errorf("%s scored on a solvable test:\n%s", sub, resultText(r))
		}
		var refused, ranKpuzzle, ranMemory, ranWritten bool
		for _, f := range r.Integrity {
			refused = refused || strings.Contains(f.Finding, "refused")
			ranKpuzzle = ranKpuzzle || strings.Contains(f.Finding, integrity.FindExecutedKpuzzle)
			ranMemory = ranMemory || strings.Contains(f.Finding, integrity.FindExecutedMemory)
			ranWritten = ranWritten || strings.Contains(f.Finding, integrity.FindExecutedWritten)
		}
		if sub == "python-kpuzzle-pdb" {
			// It tries to execute its copy of the pattern database.
			if refused || ranKpuzzle || !ranWritten {
				t.Errorf("%s ran no kpuzzle but tried its copy of the table: %v", sub, r.Integrity)
			}
			continue
		}
		// kpuzzle refused and said so, whether or not the program tried
		// to blind it first, and the run is named for executing kpuzzle,
		// from a memory file for the packed one.
		if !refused || !ranKpuzzle {
			t.Errorf("%s executed kpuzzle, which must refuse and be named: refused %v, named %v: %v", sub, refused, ranKpuzzle, r.Integrity)
			continue
		}
		if (sub == "python-kpuzzle-blind-packed") != ranMemory || ranWritten {
			t.Errorf("%s: memory file %v, written file %v: %v", sub, ranMemory, ranWritten, r.Integrity)
		}
		if f := r.Integrity[0]; !strings.Contains(f.Finding, "refused") || (sub == "python-kpuzzle-host" && f.File != installed) {
			t.Errorf("%s: finding %+v", sub, f)
		}
	}
	if r := o.Results["python-astar"]["p1.txt"]; r.Verdict != check.Optimal || len(r.Integrity) > 0 || len(o.Integrity["python-astar"]) > 0 {
		t.Errorf("the correct solver beside them: %s; integrity %v %v", resultText(r), r.Integrity, o.Integrity["python-astar"])
	}

	// Under integrity: zero every flagged submission scores 0, with the
	// reason; the correct solver keeps its points.
	zero := a
	zero.Integrity.Action = grader.IntegrityZero
	zo := batch.Outcome{Results: map[string]map[string]grader.Result{}, Integrity: o.Integrity}
	for sub, rs := range o.Results {
		zo.Results[sub] = map[string]grader.Result{}
		for k, r := range rs {
			zo.Results[sub][k] = r
		}
	}
	batch.ApplyIntegrity(zero, &zo)
	for _, sub := range integrityCorpus {
		if r := zo.Results[sub]["p1.txt"]; r.Score(zero.Rubric) != 0 || !strings.Contains(r.Summary, "integrity: zero") {
			t.Errorf("%s under integrity: zero: %s", sub, resultText(r))
		}
	}
	if r := zo.Results["python-astar"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("the correct solver under integrity: zero: %s", resultText(r))
	}
}

// writePatternDatabase writes a small pattern database as kpuzzle does.
func writePatternDatabase(t *testing.T, path string) {
	t.Helper()
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	tab, err := pdb.BuildTable(context.Background(), g, pdb.Additive, []int{1, 2, 3}, pdb.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := pdb.WriteTable(&buf, tab); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestKpuzzleShippedCheatsUncontained is the control of the integrity
// submissions: outside any sandbox the shipped kpuzzle, renamed or as a
// shared object, answers, so a refusal in TestHostileCorpus is the
// guard's doing and not a broken solver.
func TestKpuzzleShippedCheatsUncontained(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kpuzzle and runs it outside the sandbox; go test without -short runs it")
	}
	needTool(t, "python3")
	plain, stripped := kpuzzleBuilds(t)
	defer removeKpuzzleBuilds()
	for name, place := range map[string]func(sub string){
		"renamed": func(sub string) { copyFileMode(t, plain, filepath.Join(sub, "helper"), 0o755) },
		"so":      func(sub string) { copyFileMode(t, stripped, filepath.Join(sub, "lib", "libfast.so"), 0o644) },
	} {
		sub := filepath.Join(t.TempDir(), name)
		copyInto(t, submissionDir("python-kpuzzle-shipped"), sub)
		place(sub)
		answer := filepath.Join(t.TempDir(), "answer.txt")
		out, err := exec.Command("python3", filepath.Join(sub, "solver.py"), filepath.Join(smallSet, "p2.txt"), answer).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		got, _ := os.ReadFile(answer)
		if strings.Contains(string(got), "UNSOLVABLE") || len(strings.TrimSpace(string(got))) == 0 {
			t.Errorf("%s: outside a run the shipped kpuzzle should answer; got %q (%s)", name, got, out)
		}
	}
}

// TestKpuzzleBlindCheatsUncontained is the control of
// python-kpuzzle-blind, outside any sandbox. Without its filter (a file
// noblind in the submission), kpuzzle answers, plain and XOR-packed and
// started from a memory file: the attack's machinery works, so its
// failure in TestHostileCorpus is not a broken attack. With its filter,
// the filter goes in (outside the sandbox nothing denies it) and kpuzzle
// refuses even here, where it is not in a run: the guard fails closed on
// a getresuid that fails (before it did, it read uid 0 and answered,
// which inside a run was the attack of issue 31).
func TestKpuzzleBlindCheatsUncontained(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kpuzzle and runs it outside the sandbox; go test without -short runs it")
	}
	needTool(t, "python3")
	plain, _ := kpuzzleBuilds(t)
	defer removeKpuzzleBuilds()
	for name, place := range map[string]func(sub string){
		"plain":  func(sub string) { copyFileMode(t, plain, filepath.Join(sub, "helper"), 0o755) },
		"packed": func(sub string) { xorPack(t, plain, filepath.Join(sub, "payload.bin")) },
	} {
		sub := filepath.Join(t.TempDir(), name)
		copyInto(t, submissionDir("python-kpuzzle-blind"), sub)
		place(sub)
		run := func() (answer, out string) {
			t.Helper()
			answerFile := filepath.Join(t.TempDir(), "answer.txt")
			b, err := exec.Command("python3", filepath.Join(sub, "solver.py"), filepath.Join(smallSet, "p2.txt"), answerFile).CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, b)
			}
			got, _ := os.ReadFile(answerFile)
			return string(got), string(b)
		}
		writeLines(t, filepath.Join(sub, "noblind"), "the control: no filter")
		got, out := run()
		if strings.Contains(got, "UNSOLVABLE") || strings.TrimSpace(got) == "" || (name == "packed" && !strings.Contains(out, "ran /proc/self/fd/")) {
			t.Errorf("%s, no filter: outside a run kpuzzle should answer (from the memory file when packed); got %q (%s)", name, got, out)
		}
		os.Remove(filepath.Join(sub, "noblind"))
		got, out = run()
		if !strings.Contains(out, "seccomp(2): filter installed") || !strings.Contains(got, "UNSOLVABLE") || !strings.Contains(out, "does not work inside a grading run") {
			t.Errorf("%s, blinded: the filter should go in and kpuzzle refuse; got %q (%s)", name, got, out)
		}
	}
}
