package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

const pythonAssignment = `{
	"puzzles": {"dir": %q},
	"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "8s", "memory": "512MiB", "processes": 16, "output": "64KiB"}
}`

func TestPythonSubmissions(t *testing.T) {
	needTool(t, "python3")
	a := assignment(t, t.TempDir(), fmt.Sprintf(pythonAssignment, mustAbs(t, smallSet)))
	root := copySubmissions(t, "python-astar", "python-greedy", "python-illegal", "python-crash")
	o := grade(t, batch.Options{Assignment: a}, root)
	// Tests in manifest order: p1 (3x3), p2 (3x3), p3 (2x3), p4 (3x3,
	// unsolvable), p5 (2x4).
	want := map[string][]check.Verdict{
		"python-astar": {check.Optimal, check.Optimal, check.Optimal, check.UnsolvableCorrect, check.Optimal},
		// Greedy search is not optimal, and without an unsolvability
		// check it crashes once it has exhausted the reachable states.
		"python-greedy":  {check.Suboptimal, check.Suboptimal, check.Suboptimal, check.Crashed, check.Suboptimal},
		"python-illegal": {check.Illegal, check.Illegal, check.Illegal, check.Illegal, check.Illegal},
		"python-crash":   {check.Crashed, check.Crashed, check.Crashed, check.Crashed, check.Crashed},
	}
	for sub, w := range want {
		if diff := cmp.Diff(w, verdicts(o, sub)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", sub, diff)
			for _, tc := range o.Tests {
				t.Logf("%s %s: %s", sub, tc.Name, resultText(o.Results[sub][tc.Name]))
			}
		}
	}
	crash := o.Results["python-crash"]["p1.txt"]
	if !strings.Contains(crash.Summary, "exited with status 1") || !strings.Contains(strings.Join(crash.Details, "\n"), "SyntaxError") {
		t.Errorf("the crash does not show its reason:\n%s", resultText(crash))
	}
	if strings.Contains(strings.Join(crash.Details, "\n"), "kpuzzle-grade-") {
		t.Errorf("the crash report shows the grader's random folder names:\n%s", resultText(crash))
	}
	sub := o.Results["python-greedy"]["p1.txt"]
	if sub.Length <= *sub.OptimalLength || *sub.OptimalLength != 12 {
		t.Errorf("greedy on p1: %d moves against optimal %v", sub.Length, sub.OptimalLength)
	}
	ill := o.Results["python-illegal"]["p1.txt"] // blank on the middle row
	if !strings.Contains(ill.Summary, "line 2 (move 2), DOWN: the blank is at row 1") || !strings.Contains(strings.Join(ill.Details, "\n"), "board before the move") {
		t.Errorf("illegal answer not explained:\n%s", resultText(ill))
	}
	if o.Ran != 20 || o.Reused != 0 || o.GraderErrors != 0 || o.Interrupted {
		t.Errorf("ran %d reused %d grader errors %d interrupted %t", o.Ran, o.Reused, o.GraderErrors, o.Interrupted)
	}
}

func TestCompiledSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++, Java and Go submissions; go test without -short runs it")
	}
	t.Run("C++", func(t *testing.T) {
		needTool(t, "g++")
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
			"puzzles": {"dir": %q},
			"build": {"command": "g++ -O2 -o solver solver.cpp", "wall_time": "2m"},
			"run": {"command": "{submission}/solver {input} {output}", "wall_time": "10s"}
		}`, mustAbs(t, smallSet)))
		o := grade(t, batch.Options{Assignment: a}, copySubmissions(t, "cpp-bfs"))
		want := []check.Verdict{check.Optimal, check.Optimal, check.Optimal, check.UnsolvableCorrect, check.Optimal}
		if diff := cmp.Diff(want, verdicts(o, "cpp-bfs")); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
			for _, tc := range o.Tests {
				t.Log(resultText(o.Results["cpp-bfs"][tc.Name]))
			}
		}
	})
	t.Run("Java", func(t *testing.T) {
		needTool(t, "javac", "java")
		// The JVM reserves address space up front; see limits.Limits.Memory.
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
			"puzzles": {"dir": %q},
			"build": {"command": "javac -J-Xmx256m Solver.java", "wall_time": "2m", "memory": "4GiB", "processes": 512},
			"run": {"command": "java -Xmx256m -Xss8m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -cp {submission} Solver {input} {output}",
			        "wall_time": "20s", "memory": "2GiB", "processes": 256}
		}`, mustAbs(t, smallSet)))
		o := grade(t, batch.Options{Assignment: a}, copySubmissions(t, "java-bfs"))
		want := []check.Verdict{check.Optimal, check.Optimal, check.Optimal, check.UnsolvableCorrect, check.Optimal}
		if diff := cmp.Diff(want, verdicts(o, "java-bfs")); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
			for _, tc := range o.Tests {
				t.Log(resultText(o.Results["java-bfs"][tc.Name]))
			}
		}
	})
	t.Run("build failure", func(t *testing.T) {
		needTool(t, "g++")
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
			"puzzles": {"dir": %q, "glob": "p1.txt"},
			"build": {"command": "g++ -o solver no-such-file.cpp"},
			"run": {"command": "{submission}/solver {input} {output}"}
		}`, mustAbs(t, smallSet)))
		o := grade(t, batch.Options{Assignment: a}, copySubmissions(t, "cpp-bfs"))
		r := o.Results["cpp-bfs"]["p1.txt"]
		if r.Verdict != check.BuildFailed || !strings.Contains(resultText(r), "no-such-file.cpp") {
			t.Errorf("build failure:\n%s", resultText(r))
		}
	})
}

// course makes a course folder that the sandbox's unprivileged user could
// read if nothing hid it: outside /tmp (which the sandbox replaces by a
// private one anyway), world-readable, inside this package's folder (or
// elsewhere when the checkout is under /tmp: hostDir). It holds a copy of
// the small puzzle set with its answer key, a reference solution, an
// assignment file and an output folder.
func course(t *testing.T) (dir, set, reference, config, out string) {
	t.Helper()
	dir = hostDir(t, ".course-")
	set = filepath.Join(dir, "puzzles")
	reference = filepath.Join(dir, "reference")
	out = filepath.Join(dir, "results")
	for _, d := range []string{set, reference, out} {
		os.Mkdir(d, 0o755)
	}
	entries, _ := os.ReadDir(smallSet)
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(smallSet, e.Name()))
		os.WriteFile(filepath.Join(set, e.Name()), data, 0o644)
	}
	os.WriteFile(filepath.Join(reference, "solution.py"), []byte("# the instructor's solver\n"), 0o644)
	config = filepath.Join(dir, "assignment.yaml")
	os.WriteFile(config, []byte("secret settings\n"), 0o644)
	return dir, set, reference, config, out
}

// cheaterTargets tells the cheating submission where the course keeps its
// secrets, as a student who knows the layout would know.
func cheaterTargets(t *testing.T, root string, port int, paths ...string) {
	t.Helper()
	lines := append(paths, fmt.Sprintf("port %d", port))
	if err := os.WriteFile(filepath.Join(root, "python-cheat", "targets.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMisbehavingSubmissions grades programs that loop, flood, fork,
// chatter, vandalise and cheat, on one puzzle each, with tight limits,
// beside a correct solver.
func TestMisbehavingSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs submissions that loop, flood and fork until their limits; go test without -short runs it")
	}
	needTool(t, "python3")
	port, connections := countConnections(t)

	dir, set, reference, config, out := course(t)
	root := filepath.Join(dir, "submissions")
	os.Mkdir(root, 0o755)
	for _, name := range []string{"python-loop", "python-flood", "python-forkbomb", "python-chatty", "python-vandal", "python-cheat", "python-astar"} {
		os.Mkdir(filepath.Join(root, name), 0o755)
		data, _ := os.ReadFile(filepath.Join(submissionDir(name), "solver.py"))
		os.WriteFile(filepath.Join(root, name, "solver.py"), data, 0o644)
	}
	secrets := []string{filepath.Join(set, "manifest.json"), set, filepath.Join(reference, "solution.py"), reference,
		filepath.Join(root, "python-astar", "solver.py"), filepath.Join(root, "python-astar"), root,
		filepath.Join(out, "journal.jsonl"), out, config}
	cheaterTargets(t, root, port, secrets...)
	before := snapshot(t, root)

	scratch := t.TempDir()
	a := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"hide": ["reference"],
		"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "10s", "cpu_time": "5s", "memory": "256MiB", "processes": 16, "output": "1MiB"}
	}`, set))
	start := time.Now()
	o := grade(t, batch.Options{Assignment: a, JournalPath: filepath.Join(out, "journal.jsonl"), ScratchDir: scratch, Conceal: []string{config}}, root)
	t.Logf("graded 7 submissions in %v", time.Since(start).Round(time.Millisecond))

	get := func(sub string) grader.Result { return o.Results[sub]["p1.txt"] }
	// A timeout says how far the program got and what it was after.
	if r := get("python-loop"); r.Verdict != check.Timeout || !strings.Contains(strings.Join(r.Details, "\n"), "to its answer file when it was stopped") ||
		!strings.Contains(strings.Join(r.Details, "\n"), "optimal length is") {
		t.Errorf("endless loop:\n%s", resultText(r))
	}
	if r := get("python-flood"); r.Verdict != check.OutputLimit || !strings.Contains(r.Summary, "stdout") {
		t.Errorf("1 GB of output:\n%s", resultText(r))
	}
	if r := get("python-forkbomb"); r.Verdict != check.Timeout && r.Verdict != check.Crashed {
		t.Errorf("fork bomb:\n%s", resultText(r))
	}
	if r := get("python-chatty"); r.Verdict != check.NoAnswer || !strings.Contains(strings.Join(r.Details, "\n"), "printed") {
		t.Errorf("chatty harness:\n%s", resultText(r))
	}
	if r := get("python-vandal"); r.Verdict != check.UnsolvableWrong {
		t.Errorf("vandal:\n%s", resultText(r))
	}
	if r := get("python-astar"); r.Verdict != check.Optimal {
		t.Errorf("a correct solver graded beside the others:\n%s", resultText(r))
	}
	// Nothing the programs did may outlive the run or touch the
	// originals.
	if leftovers := processesUnder(scratch); len(leftovers) > 0 {
		t.Errorf("processes survived the run: %v", leftovers)
	}
	if after := snapshot(t, root); !cmp.Equal(before, after) {
		t.Errorf("the submissions changed:\n%s", cmp.Diff(before, after))
	}
	if entries, _ := os.ReadDir(scratch); len(entries) != 0 {
		t.Errorf("scratch folder not cleaned: %v", entries)
	}

	iso := sandbox.Probe()
	if iso.Level < sandbox.LevelNamespaces {
		t.Logf("isolation is %s, so the cheater's result is not checked: %s", iso.Level, iso.Reason)
		return
	}
	if r := get("python-cheat"); r.Verdict != check.UnsolvableWrong {
		t.Errorf("the cheater found something:\n%s", resultText(r))
	}
	if n := connections.Load(); n != 0 {
		t.Errorf("%d network connections reached the test's listener", n)
	}

	// The control experiment: the same cheater with the sandbox's
	// fallback isolation (no hiding, no network namespace) does find the
	// secrets, so its failure above is the isolation's doing and not the
	// file permissions'.
	t.Run("control without namespaces", func(t *testing.T) {
		fallbackScratch, err := os.MkdirTemp("", "kpuzzle-batch-test-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(fallbackScratch) })
		os.Chmod(fallbackScratch, 0o711) // nobody must reach its folder
		only := filepath.Join(dir, "only-cheat")
		os.Mkdir(only, 0o755)
		os.Rename(filepath.Join(root, "python-cheat"), filepath.Join(only, "python-cheat"))
		o := grade(t, batch.Options{Assignment: a, Isolation: sandbox.ChooseRlimits, AllowExposed: true, ScratchDir: fallbackScratch}, only)
		if len(o.Inspection.Failed()) == 0 {
			t.Errorf("the check before grading missed the readable secrets: %+v", o.Inspection.Checks)
		}
		r := o.Results["python-cheat"]["p1.txt"]
		text := resultText(r)
		if r.Verdict != check.Malformed || !strings.Contains(text, `"LEAKED-files"`) {
			t.Errorf("without namespaces the cheater should find the secrets the permissions let it read:\n%s", text)
		}
		// The fallback's seccomp filter still keeps the network out.
		if n := connections.Load(); n != 0 {
			t.Errorf("without a network namespace %d connections reached the listener; the seccomp filter should refuse the socket", n)
		}
	})
}

func mustAbs(t testing.TB, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// snapshot maps every file under root to its contents.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			data, _ := os.ReadFile(path)
			out[path] = string(data)
		}
		return nil
	})
	return out
}

// processesUnder lists live processes whose command line mentions dir.
func processesUnder(dir string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := fmt.Sscanf(e.Name(), "%d", new(int)); err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(cmdline), dir) {
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(cmdline), "\x00", " "))
		}
	}
	return out
}
