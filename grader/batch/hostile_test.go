package batch_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// hostileLevel is set in the test binary TestHostileCorpus starts inside a
// simulated container.
const hostileLevel = "KPUZZLE_BATCH_TEST_HOSTILE_LEVEL"

// The hostile corpus: each program attacks one defence (see its doc
// comment in grader/testdata/submissions).
var hostile = []string{
	"python-toolthief",  // runs any kpuzzle it can find
	"python-regenerate", // looks for the seed and generator of the set
	"python-writer",     // leaves files in every writable folder
	"python-cheat",      // reads keys by absolute path, connects to 127.0.0.1
	"python-userns",     // user namespace, mount, ptrace, keyctl, io_uring, sockets
	"python-bigfile",    // an endless answer file
	"python-forkrunner", // lineages that fork and exit in a loop
	"python-diskfill",   // fills /tmp and its working folder
	"python-specialout", // a Unix socket at the output path
	"python-astar",      // a correct solver graded beside them
	// python-listener (a visible test listening for the hidden tests'
	// boards on an abstract socket) is graded on its own on two workers:
	// gradeListener.
	// java-hostile (every attack above from Java: keys, kpuzzle, network,
	// files left in /tmp, signals) is graded on its own beside java-bfs,
	// with a Java build and run: gradeJavaHostile.
	// python-answerlink (a symbolic link out of the working folder on the
	// way to run.answer: out/answer.txt) is graded under that assignment:
	// gradeAnswerLink.
}

// TestHostileCorpus grades the hostile corpus at every isolation level:
// with namespaces, on a course folder anyone may read (the mounts alone
// must hold); with the fallback forced (isolation: rlimits); and in a
// simulated Docker container, where the kernel refuses user namespaces
// and the sandbox falls back on its own, as on Gradescope. In the
// fallback the course folder is private to root, as docs/security.md
// and the Gradescope bundle require. Every attack must fail, the correct
// solver must score, and nothing may outlive the runs.
func TestHostileCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("grades the whole hostile corpus at three isolation levels (minutes); go test without -short runs it")
	}
	needTool(t, "python3")
	if level := os.Getenv(hostileLevel); level != "" {
		gradeHostile(t, sandbox.ChooseAuto, false, sandbox.LevelRlimits)
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("the fallback gives runs uids of their own only when the grader is root")
	}
	// The integrity submissions bring builds of kpuzzle, made once here
	// and handed to the run inside the container.
	_, _ = kpuzzleBuilds(t)
	defer removeKpuzzleBuilds()
	t.Run("namespaces", func(t *testing.T) {
		if sandbox.Probe().Level != sandbox.LevelNamespaces {
			t.Skipf("namespaces unavailable: %s", sandbox.Probe().Reason)
		}
		gradeHostile(t, sandbox.ChooseNamespaces, true, sandbox.LevelNamespaces)
	})
	t.Run("rlimits", func(t *testing.T) {
		gradeHostile(t, sandbox.ChooseRlimits, false, sandbox.LevelRlimits)
	})
	t.Run("container", func(t *testing.T) {
		cmd := sandboxtest.Container(os.Args[0], "-test.run=^TestHostileCorpus$", "-test.v", "-test.count=1")
		cmd.Env = append(cmd.Env, hostileLevel+"=container", kpuzzleBuildEnv+"="+buildsDir)
		out, err := cmd.CombinedOutput()
		t.Logf("inside the simulated container:\n%s", out)
		if err != nil {
			t.Errorf("the hostile corpus failed inside the container: %v", err)
		}
	})
}

// hostDir makes a folder every uid may read, where runs see the host's
// file system at every isolation level, and removes it when the test
// ends: in this package's folder, unless that lies in a folder a run with
// namespaces gets a private copy of (/tmp, /var/tmp, /dev/shm: a
// checkout under /tmp), where runs would see nothing of it, and then in
// /var/lib. What lies there is as a course folder, or a kpuzzle installed
// on the host, would be: hidden from runs only by what the grader does.
func hostDir(t *testing.T, pattern string) string {
	t.Helper()
	base := "."
	if wd, err := os.Getwd(); err == nil && inPrivateFolder(wd) {
		base = "/var/lib"
	}
	dir, err := os.MkdirTemp(base, pattern)
	if err != nil && base != "." {
		t.Logf("cannot use %s (%v): the folder is under a private one", base, err)
		dir, err = os.MkdirTemp(".", pattern)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	dir = mustAbs(t, dir)
	os.Chmod(dir, 0o755)
	return dir
}

// inPrivateFolder reports whether path lies in a folder a run with
// namespaces gets a private copy of.
func inPrivateFolder(path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		real = path
	}
	for _, p := range []string{"/tmp", "/var/tmp", "/dev/shm"} {
		if real == p || strings.HasPrefix(real, p+"/") {
			return true
		}
	}
	return false
}

// gradeHostile sets up a course (readable by anyone when open), grades
// the corpus and checks every defence.
func gradeHostile(t *testing.T, iso sandbox.Choice, open bool, want sandbox.Level) {
	dir, set, reference, config, out := course(t)
	if !open {
		if err := os.Chmod(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	// The set's manifest records how it was made, as kpuzzle gen writes
	// it, so that a leaked manifest would leak the seed.
	manifest := filepath.Join(set, "manifest.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	// A seed of this run's own, so that a course left in /tmp by another
	// run (or another grader on a shared machine) is not mistaken for a
	// leak of this one.
	seed := fmt.Sprint(100000000 + rand.Int64N(900000000))
	data = []byte(strings.Replace(string(data), "{", `{"seed": `+seed+`, "generator": "kpuzzle gen --shape 3x3 --seed `+seed+`",`, 1))
	if err := os.WriteFile(manifest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// A stand-in for the reference solver, on the programs' PATH: it
	// answers p1.txt optimally, so a program that runs it scores.
	tools := filepath.Join(dir, "bin")
	os.Mkdir(tools, 0o755)
	key := "#!/bin/sh\nprintf 'RIGHT\\nUP\\nLEFT\\nLEFT\\nDOWN\\nDOWN\\nRIGHT\\nRIGHT\\nUP\\nUP\\nLEFT\\nLEFT\\n'\n"
	fake := filepath.Join(tools, "kpuzzle")
	if err := os.WriteFile(fake, []byte(key), 0o755); err != nil {
		t.Fatal(err)
	}

	root := filepath.Join(dir, "submissions")
	os.Mkdir(root, 0o755)
	for _, name := range hostile {
		copyInto(t, submissionDir(name), filepath.Join(root, name))
	}
	port, connections := countConnections(t)
	// A private set of hidden tests graded beside the course's
	// (puzzles.extra) is as secret as the main set.
	private := filepath.Join(dir, "private")
	copyInto(t, set, private)
	exe, _ := os.Executable()
	secrets := []string{manifest, set, filepath.Join(reference, "solution.py"), reference, config, out,
		filepath.Join(root, "python-astar", "solver.py"), root, fake, exe, private, filepath.Join(private, "manifest.json")}
	cheaterTargets(t, root, port, secrets...)
	writeLines(t, filepath.Join(root, "python-toolthief", "tools.txt"), fake, exe)
	writeLines(t, filepath.Join(root, "python-regenerate", "places.txt"), dir)

	a := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt", "extra": [{"dir": %q, "glob": "p1.txt", "hidden": true}]},
		"hide": ["reference"],
		"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "20s", "cpu_time": "10s",
			"memory": "512MiB", "processes": 32, "output": "1MiB", "env": ["PATH=%s:%s"]}
	}`, set, private, tools, sandbox.DefaultPath))
	// The scratch folder is where anyone may pass, as the system's
	// temporary folder is: the programs reach their files by path.
	scratch, err := os.MkdirTemp("", "kpuzzle-hostile-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(scratch)
	os.Chmod(scratch, 0o711)
	answers := filepath.Join(out, "answers")
	o := grade(t, batch.Options{Assignment: a, Isolation: iso, JournalPath: filepath.Join(out, "journal.jsonl"),
		ScratchDir: scratch, Conceal: []string{config}, AnswerDir: answers}, root)
	if o.Isolation.Level != want {
		t.Fatalf("isolation %v, want %v", o.Isolation, want)
	}
	if failed := o.Inspection.Failed(); len(failed) > 0 {
		t.Errorf("the check before grading found exposures it let pass: %+v", failed)
	}
	// The corpus brings nothing of kpuzzle's and no executable.
	if len(o.Integrity) > 0 {
		t.Errorf("integrity findings in submissions that bring nothing: %+v", o.Integrity)
	}
	get := func(sub string) grader.Result { return o.Results[sub]["p1.txt"] }
	for _, sub := range []string{"python-toolthief", "python-writer", "python-cheat", "python-userns"} {
		for _, test := range []string{"p1.txt", "private/p1.txt"} {
			if r := o.Results[sub][test]; r.Verdict != check.UnsolvableWrong {
				t.Errorf("%s got through on %s:\n%s", sub, test, resultText(r))
			}
		}
	}
	// Without namespaces the host's world-readable files are in view, and
	// some hold seeds of other sets; what must not be found is this set's.
	regen, _ := os.ReadFile(filepath.Join(answers, "python-regenerate", "p1.txt"))
	if strings.Contains(string(regen), seed) {
		t.Errorf("python-regenerate found the set's seed:\n%s", regen)
	}
	if r := get("python-regenerate"); r.Verdict != check.UnsolvableWrong && (r.Verdict != check.Malformed || len(regen) == 0) {
		t.Errorf("python-regenerate:\n%s", resultText(r))
	}
	if r := get("python-bigfile"); r.Verdict != check.OutputLimit {
		t.Errorf("endless answer file:\n%s", resultText(r))
	}
	for _, test := range []string{"p1.txt", "private/p1.txt"} {
		if r := o.Results["python-forkrunner"][test]; r.Verdict != check.UnsolvableWrong {
			t.Errorf("fork runner on %s:\n%s", test, resultText(r))
		}
		if r := o.Results["python-diskfill"][test]; r.Verdict != check.OutputLimit || !strings.Contains(r.Summary, "run.disk") {
			t.Errorf("disk filler on %s, want output-limit naming run.disk:\n%s", test, resultText(r))
		}
		if r := o.Results["python-specialout"][test]; r.Verdict != check.Malformed || !strings.Contains(r.Summary, "socket") {
			t.Errorf("socket at the output path on %s, want malformed:\n%s", test, resultText(r))
		}
	}
	if o.GraderErrors != 0 {
		t.Errorf("%d grader errors grading the hostile corpus: the corpus is at fault, not the grader", o.GraderErrors)
	}
	if r := get("python-astar"); r.Verdict != check.Optimal {
		t.Errorf("the correct solver beside them:\n%s", resultText(r))
	}
	if n := connections.Load(); n != 0 {
		t.Errorf("%d connections reached 127.0.0.1", n)
	}
	if left := markersLeft(); len(left) > 0 {
		t.Errorf("files the runs left outside their folders: %v", left)
	}
	// /tmp was writable during the runs (privately with namespaces; for
	// real without them, and then scrubbed), so the writer did write and
	// the check above means something.
	wantTmp := "written; removed when the run ended"
	if want == sandbox.LevelNamespaces {
		wantTmp = "written to a private copy that vanished with the run"
	}
	if c := findCheck(o.Inspection, "writable /tmp"); c.Detail != wantTmp {
		t.Errorf("check of /tmp: %+v, want %q", c, wantTmp)
	}
	if left := processesUnder(scratch); len(left) > 0 {
		t.Errorf("processes of the runs survived: %v", left)
	}
	if entries, _ := os.ReadDir(scratch); len(entries) != 0 {
		t.Errorf("scratch folder not cleaned: %v", entries)
	}

	// Submissions that bring kpuzzle, or call one installed on the host.
	gradeIntegrity(t, iso, dir, set, scratch, []string{config})

	// The same attacks through the other ways a program is run: the
	// puzzle on standard input and the answer on standard output
	// (run.stdin), and from inside kpuzzle's Python harnesses: the
	// function harness (run.function) and the Berkeley search harness
	// (run.problem: berkeley). Each runs the student's code in the same
	// sandbox, so every defence must hold there too; a wrapper copied in
	// as fn.py runs the corpus program from inside the function the
	// harness calls, and stdin_main.py (hostile_stdin.py) runs it as a
	// program of standard input and output.
	wrapper, err := os.ReadFile(filepath.Join(testdata, "harness", "hostile_function.py"))
	if err != nil {
		t.Fatal(err)
	}
	stdinMain, err := os.ReadFile(filepath.Join(testdata, "harness", "hostile_stdin.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"python-toolthief", "python-writer", "python-cheat", "python-userns", "python-astar"} {
		if err := os.WriteFile(filepath.Join(root, name, "fn.py"), wrapper, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name, "stdin_main.py"), stdinMain, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []struct{ name, run string }{
		{"run.stdin", `"command": "python3 {submission}/stdin_main.py", "stdin": "{rows}\n", "answer": "stdout"`},
		{"run.function", `"function": "fn:solve"`},
		{"run.problem berkeley", `"problem": "berkeley", "function": "fn:breadthFirstSearch"`},
	} {
		fa := assignment(t, dir, fmt.Sprintf(`{
			"puzzles": {"dir": %q, "glob": "p1.txt", "extra": [{"dir": %q, "glob": "p1.txt", "hidden": true}]},
			"hide": ["reference"],
			"run": {%s, "wall_time": "20s", "cpu_time": "10s",
				"memory": "512MiB", "processes": 32, "output": "1MiB", "env": ["PATH=%s:%s"]}
		}`, set, private, h.run, tools, sandbox.DefaultPath))
		tag := strings.ReplaceAll(h.name, " ", "-")
		fanswers := filepath.Join(out, tag+"-answers")
		fo := grade(t, batch.Options{Assignment: fa, Isolation: iso, JournalPath: filepath.Join(out, tag+"-journal.jsonl"),
			ScratchDir: scratch, Conceal: []string{config}, AnswerDir: fanswers}, root)
		for _, sub := range []string{"python-toolthief", "python-writer", "python-cheat", "python-userns"} {
			for _, test := range []string{"p1.txt", "private/p1.txt"} {
				if r := fo.Results[sub][test]; r.Verdict != check.UnsolvableWrong {
					leaked, _ := os.ReadFile(filepath.Join(fanswers, sub, test))
					t.Errorf("%s through %s got through on %s:\n%s\n%s", sub, h.name, test, resultText(r), leaked)
				}
			}
		}
		if r := fo.Results["python-astar"]["p1.txt"]; r.Verdict != check.Optimal {
			t.Errorf("the correct solver through %s:\n%s", h.name, resultText(r))
		}
		if n := connections.Load(); n != 0 {
			t.Errorf("%d connections reached 127.0.0.1 through %s", n, h.name)
		}
		if left := markersLeft(); len(left) > 0 {
			t.Errorf("files the runs through %s left outside their folders: %v", h.name, left)
		}
		if left := processesUnder(scratch); len(left) > 0 {
			t.Errorf("processes of the runs through %s survived: %v", h.name, left)
		}
	}

	// The same attacks from a Java program (java-hostile, graded through
	// the file interface after javac), beside a correct Java solver that
	// must score, so that a JVM that cannot start here is not mistaken
	// for a defence.
	gradeJavaHostile(t, iso, dir, set, tools, fake, exe, []string{config, root, private}, secrets, port, connections, scratch)

	// Runs at the same time cannot reach each other: a saboteur that
	// overwrites the answers of every process it sees and kills them, and
	// a fork bomb, each beside a patient solver that starts a child and
	// keeps its answer file open for a second.
	for _, pair := range [][]string{{"python-patient", "python-saboteur"}, {"python-forkbomb", "python-patient"}} {
		proot := t.TempDir()
		for _, name := range pair {
			copyInto(t, submissionDir(name), filepath.Join(proot, name))
		}
		b := assignment(t, dir, fmt.Sprintf(`{
			"puzzles": {"dir": %q, "glob": "p1.txt"},
			"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "20s", "cpu_time": "10s", "memory": "512MiB", "processes": 16}
		}`, set))
		o := grade(t, batch.Options{Assignment: b, Isolation: iso, Jobs: 2, ScratchDir: scratch}, proot)
		if r := o.Results["python-patient"]["p1.txt"]; r.Verdict != check.Optimal {
			t.Errorf("the patient solver beside %v:\n%s", pair, resultText(r))
		}
	}
	if left := processesUnder(scratch); len(left) > 0 {
		t.Errorf("processes of the runs survived: %v", left)
	}

	gradeListener(t, iso, dir, set, scratch)
	gradeAnswerLink(t, iso, dir, set, scratch)
}

// gradeAnswerLink grades python-answerlink under run.answer:
// out/answer.txt: the program makes out a symbolic link to a concealed
// folder of the course that holds p1's optimal answer as answer.txt. The
// grader must not follow it out of the working folder: the answer is
// malformed, the course's file is never read as the program's.
func gradeAnswerLink(t *testing.T, iso sandbox.Choice, dir, set, scratch string) {
	t.Helper()
	keys := filepath.Join(dir, "reference", "answers")
	if err := os.MkdirAll(keys, 0o755); err != nil {
		t.Fatal(err)
	}
	writeLines(t, filepath.Join(keys, "answer.txt"), "RIGHT", "UP", "LEFT", "LEFT", "DOWN", "DOWN", "RIGHT", "RIGHT", "UP", "UP", "LEFT", "LEFT")
	lroot := t.TempDir()
	sub := filepath.Join(lroot, "python-answerlink")
	copyInto(t, submissionDir("python-answerlink"), sub)
	writeLines(t, filepath.Join(sub, "target.txt"), keys)
	a := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"hide": ["reference"],
		"run": {"command": "python3 {submission}/solver.py {input}", "answer": "out/answer.txt", "wall_time": "20s", "memory": "512MiB", "processes": 16}
	}`, set))
	o := grade(t, batch.Options{Assignment: a, Isolation: iso, ScratchDir: scratch}, lroot)
	r := o.Results["python-answerlink"]["p1.txt"]
	if r.Verdict != check.Malformed || !strings.Contains(r.Summary, "out/answer.txt") {
		t.Errorf("an answer path through a symbolic link out of the working folder, want malformed naming out/answer.txt:\n%s", resultText(r))
	}
}

// gradeListener grades python-listener on two workers: its visible test
// listens on an abstract Unix socket for 12 seconds and prints every
// board it receives, its hidden tests send it their boards. No hidden
// board may appear in a visible result, at any level (the barrier
// between the visible and the hidden phase, not the timing, must stop
// it), and the listener must have listened (it says how many boards it
// received).
func gradeListener(t *testing.T, iso sandbox.Choice, dir, set, scratch string) {
	t.Helper()
	lroot := t.TempDir()
	sub := filepath.Join(lroot, "python-listener")
	copyInto(t, submissionDir("python-listener"), sub)
	// A socket name of this grading's own, so that another grading on
	// the machine cannot answer or listen in its place.
	writeLines(t, filepath.Join(sub, "socket.txt"), fmt.Sprintf("kpuzzle-listener-%d", rand.Int64()))
	// It knows the public board, as a student whose feedback shows it.
	p1, err := os.ReadFile(filepath.Join(set, "p1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	writeLines(t, filepath.Join(sub, "known.txt"), flatBoard(string(p1)))
	hiddenSet := filepath.Join(dir, "listener-hidden")
	os.Mkdir(hiddenSet, 0o755)
	var boards []string
	for _, name := range []string{"p2.txt", "p3.txt", "p5.txt"} {
		data, err := os.ReadFile(filepath.Join(set, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(hiddenSet, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		boards = append(boards, flatBoard(string(data)))
	}
	a := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt", "extra": [{"dir": %q, "glob": "p*.txt", "hidden": true}]},
		"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "60s", "memory": "512MiB", "processes": 16}
	}`, set, hiddenSet))
	o := grade(t, batch.Options{Assignment: a, Isolation: iso, Jobs: 2, ScratchDir: scratch}, lroot)
	listened := false
	for _, tc := range o.Tests {
		r := o.Results["python-listener"][tc.Name]
		text := resultText(r)
		if tc.Hidden {
			continue
		}
		if strings.Contains(text, "listener: received") {
			listened = true
		}
		for _, b := range boards {
			if strings.Contains(text, b) {
				t.Errorf("the hidden board %q reached the visible test %s:\n%s", b, tc.Name, text)
			}
		}
	}
	if !listened {
		t.Errorf("python-listener's visible test did not listen: %v", o.Results["python-listener"])
	}
	if left := processesUnder(scratch); len(left) > 0 {
		t.Errorf("processes of the listener's runs survived: %v", left)
	}
}

// flatBoard writes a puzzle file's board on one line as python-listener
// prints it: rows separated by " / ".
func flatBoard(data string) string {
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(data), "\n") {
		rows = append(rows, strings.TrimSpace(line))
	}
	return strings.Join(rows, " / ")
}

// TestListenerLeaksUncontained is the control of python-listener: two of
// its runs at once outside any sandbox, one listening and one given
// another board, and the listener prints that board; so the absence of
// hidden boards in TestHostileCorpus means the grading kept them apart.
func TestListenerLeaksUncontained(t *testing.T) {
	needTool(t, "python3")
	dir := t.TempDir()
	copyInto(t, submissionDir("python-listener"), dir)
	name := fmt.Sprintf("kpuzzle-listener-%d", rand.Int64())
	writeLines(t, filepath.Join(dir, "socket.txt"), name)
	// The listener waits until a board came, or for five minutes.
	writeLines(t, filepath.Join(dir, "wait.txt"), "300 1")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	listener := exec.CommandContext(ctx, "python3", filepath.Join(dir, "solver.py"), filepath.Join(smallSet, "p1.txt"), filepath.Join(dir, "a1.txt"))
	var out strings.Builder
	listener.Stderr = &out
	if err := listener.Start(); err != nil {
		t.Fatal(err)
	}
	// Once the socket is bound (it shows in /proc/net/unix), a second
	// run sends its board.
	for {
		table, _ := os.ReadFile("/proc/net/unix")
		if strings.Contains(string(table), "@"+name) {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the listener never bound its socket")
		}
		time.Sleep(50 * time.Millisecond)
	}
	sender := exec.CommandContext(ctx, "python3", filepath.Join(dir, "solver.py"), filepath.Join(smallSet, "p2.txt"), filepath.Join(dir, "a2.txt"))
	if got, err := sender.CombinedOutput(); err != nil || !strings.Contains(string(got), "sent my board") {
		t.Fatalf("sender: %v\n%s", err, got)
	}
	listener.Wait()
	if want := "received board: 7 4 1 / 3 6 2 / 5 0 8"; !strings.Contains(out.String(), want) {
		t.Errorf("uncontained, the listener did not print p2's board %q:\n%s", want, out.String())
	}
}

// javaHostileAssignment grades Java programs through the file interface,
// with the limits a JVM needs (see limits.Limits.Memory) and extra PATH
// entries.
func javaHostileAssignment(t *testing.T, dir, set, path string) grader.Assignment {
	return assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"hide": ["reference"],
		"build": {"command": "javac -J-Xmx256m Solver.java", "wall_time": "5m", "memory": "4GiB", "processes": 512},
		"run": {"command": "java -Xmx256m -Xss8m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -cp {submission} Solver {input} {output}",
			"wall_time": "60s", "memory": "2GiB", "processes": 256, "output": "1MiB", "env": ["PATH=%s"]}
	}`, set, path))
}

// gradeJavaHostile grades java-hostile beside java-bfs: every attack of
// the Java program must fail (it then answers UNSOLVABLE to a solvable
// puzzle and scores nothing), java-bfs must score, and nothing may be
// left behind. hide are the course's files to hide besides the set and
// these submissions: its configuration, the folder of the other
// submissions and the private set the Python gradings name in
// puzzles.extra, which this grading does not otherwise know of (with
// namespaces on an open course folder, a folder nobody names stays in
// view).
func gradeJavaHostile(t *testing.T, iso sandbox.Choice, dir, set, tools, fake, exe string, conceal, secrets []string, port int, connections *atomic.Int32, scratch string) {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Log("javac is not installed, so java-hostile is not graded here (CI installs it)")
		return
	}
	jroot := filepath.Join(dir, "java-submissions")
	os.Mkdir(jroot, 0o755)
	for _, name := range []string{"java-hostile", "java-bfs"} {
		copyInto(t, submissionDir(name), filepath.Join(jroot, name))
	}
	// Besides the course's secrets: a test this grading does not run
	// (as a hidden one would be), the other Java submission, the port.
	targets := append(append([]string(nil), secrets...), filepath.Join(set, "p2.txt"),
		filepath.Join(jroot, "java-bfs", "Solver.java"), jroot, fmt.Sprintf("port %d", port))
	writeLines(t, filepath.Join(jroot, "java-hostile", "targets.txt"), targets...)
	writeLines(t, filepath.Join(jroot, "java-hostile", "tools.txt"), fake, exe)
	a := javaHostileAssignment(t, dir, set, tools+":"+sandbox.DefaultPath)
	janswers := filepath.Join(dir, "results", "java-answers")
	o := grade(t, batch.Options{Assignment: a, Isolation: iso, JournalPath: filepath.Join(dir, "results", "java-journal.jsonl"),
		ScratchDir: scratch, Conceal: conceal, AnswerDir: janswers}, jroot)
	r := o.Results["java-hostile"]["p1.txt"]
	t.Logf("java-hostile: %s", resultText(r))
	if r.Verdict != check.UnsolvableWrong || r.Score(a.Rubric) != 0 {
		leaked, _ := os.ReadFile(filepath.Join(janswers, "java-hostile", "p1.txt"))
		t.Errorf("java-hostile got through (score %v):\n%s\n%s", r.Score(a.Rubric), resultText(r), leaked)
	}
	if r := o.Results["java-bfs"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("the correct Java solver beside it:\n%s", resultText(r))
	}
	if n := connections.Load(); n != 0 {
		t.Errorf("%d connections reached 127.0.0.1 from Java", n)
	}
	if left := markersLeft(); len(left) > 0 {
		t.Errorf("files the Java runs left outside their folders: %v", left)
	}
	if left := processesUnder(scratch); len(left) > 0 {
		t.Errorf("processes of the Java runs survived: %v", left)
	}

	// The same attacks from inside the Princeton API harness
	// (run.java_api): java-hostile, renamed Hostile, behind a Solver that
	// runs it from its constructor (testdata/harness/
	// hostile_api_solver.java.txt), with java-princeton's Board; and
	// java-princeton itself beside it, which must score.
	aroot := filepath.Join(dir, "java-api-submissions")
	copyInto(t, submissionDir("java-princeton"), filepath.Join(aroot, "java-princeton"))
	api := filepath.Join(aroot, "java-api-hostile")
	writeJavaAPIHostile(t, api)
	writeLines(t, filepath.Join(api, "targets.txt"), append(targets, filepath.Join(aroot, "java-princeton", "Solver.java"), aroot)...)
	writeLines(t, filepath.Join(api, "tools.txt"), fake, exe)
	aa := assignment(t, dir, fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"hide": ["reference"],
		"build": {"wall_time": "5m"},
		"run": {"java_api": "princeton", "wall_time": "60s", "output": "1MiB", "env": ["PATH=%s:%s"]}
	}`, set, tools, sandbox.DefaultPath))
	aanswers := filepath.Join(dir, "results", "java-api-answers")
	ao := grade(t, batch.Options{Assignment: aa, Isolation: iso, JournalPath: filepath.Join(dir, "results", "java-api-journal.jsonl"),
		ScratchDir: scratch, Conceal: append(conceal, jroot), AnswerDir: aanswers}, aroot)
	r = ao.Results["java-api-hostile"]["p1.txt"]
	t.Logf("java-hostile through run.java_api: %s", resultText(r))
	if r.Verdict != check.UnsolvableWrong || r.Score(aa.Rubric) != 0 {
		leaked, _ := os.ReadFile(filepath.Join(aanswers, "java-api-hostile", "p1.txt"))
		t.Errorf("java-hostile through run.java_api got through (score %v):\n%s\n%s", r.Score(aa.Rubric), resultText(r), leaked)
	}
	if r := ao.Results["java-princeton"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("the correct Board/Solver beside it:\n%s", resultText(r))
	}
	if n := connections.Load(); n != 0 {
		t.Errorf("%d connections reached 127.0.0.1 from the Java API harness", n)
	}
	if left := markersLeft(); len(left) > 0 {
		t.Errorf("files the Java API runs left outside their folders: %v", left)
	}
	if left := processesUnder(scratch); len(left) > 0 {
		t.Errorf("processes of the Java API runs survived: %v", left)
	}
}

// writeJavaAPIHostile writes java-hostile for the Princeton API harness
// into dst: its Solver.java renamed Hostile, followed by a Solver that
// runs it from its constructor (testdata/harness/
// hostile_api_solver.java.txt), and java-princeton's Board.java.
func writeJavaAPIHostile(t *testing.T, dst string) {
	t.Helper()
	copyInto(t, submissionDir("java-hostile"), dst)
	hostile, err := os.ReadFile(filepath.Join(dst, "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	wrapper, err := os.ReadFile(filepath.Join(testdata, "harness", "hostile_api_solver.java.txt"))
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.NewReplacer("public class Solver {", "class Hostile {", "Solver.class", "Hostile.class").Replace(string(hostile))
	if strings.Contains(renamed, "class Solver") || !strings.Contains(renamed, "Hostile.class") {
		t.Fatal("java-hostile's Solver.java no longer has the class the API test renames")
	}
	if err := os.WriteFile(filepath.Join(dst, "Solver.java"), []byte(renamed+string(wrapper)), 0o644); err != nil {
		t.Fatal(err)
	}
	board, err := os.ReadFile(filepath.Join(submissionDir("java-princeton"), "Board.java"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dst, "Board.java"), board, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestJavaAPIHostileCheatsUncontained is the control of java-hostile
// through the Princeton API harness: compiled with the harness and run as
// run.java_api runs it, but outside any sandbox, its attacks work and its
// Solver calls the board solvable; so its UNSOLVABLE in TestHostileCorpus
// means the sandbox stopped them, not that the wrapper never ran.
func TestJavaAPIHostileCheatsUncontained(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the Java attacks outside the sandbox; go test without -short runs it")
	}
	needTool(t, "javac", "java")
	dir, set, _, _, _ := course(t)
	build := filepath.Join(dir, "java-api-hostile")
	writeJavaAPIHostile(t, build)
	harness, err := os.ReadFile(filepath.Join(testdata, "..", "..", "templates", "harness", grader.JavaHarnessFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(build, grader.JavaHarnessFile), harness, 0o644); err != nil {
		t.Fatal(err)
	}
	writeLines(t, filepath.Join(build, "targets.txt"), filepath.Join(set, "manifest.json"))
	before := markersLeft()
	defer func() {
		for _, m := range markersLeft() {
			if !slices.Contains(before, m) {
				os.Remove(m)
			}
		}
	}()
	javac := exec.Command("javac", "-J-Xmx256m", "-encoding", "UTF-8", "-d", build,
		filepath.Join(build, grader.JavaHarnessFile), filepath.Join(build, "Board.java"), filepath.Join(build, "Solver.java"))
	if out, err := javac.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	answer := filepath.Join(dir, "answer.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "java", "-Xmx256m", "-cp", build, "KpuzzleHarness", filepath.Join(set, "p1.txt"), answer)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the harness: %v\n%s", err, out)
	}
	got, err := os.ReadFile(answer)
	if err != nil || strings.HasPrefix(string(got), "UNSOLVABLE") || !strings.Contains(string(out), "found: [") || strings.Contains(string(out), "found: []") {
		t.Errorf("uncontained, java-hostile through the API harness found nothing (answer %q, %v):\n%s", got, err, out)
	}
}

// TestJavaHostileCheatsUncontained is the control of java-hostile: run
// outside any sandbox, as a careless grader would run it, its attacks
// work (it reads the key and answers optimally, reaches the network,
// leaves its files in /tmp and may signal other processes), so that its
// UNSOLVABLE in TestHostileCorpus means the sandbox stopped them.
func TestJavaHostileCheatsUncontained(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the Java attacks outside the sandbox; go test without -short runs it")
	}
	needTool(t, "javac", "java")
	dir, set, _, _, _ := course(t)
	build := filepath.Join(dir, "java-hostile")
	copyInto(t, submissionDir("java-hostile"), build)
	port, connections := countConnections(t)
	writeLines(t, filepath.Join(build, "targets.txt"), filepath.Join(set, "manifest.json"), fmt.Sprintf("port %d", port))
	before := markersLeft()
	if out, err := exec.Command("javac", "-J-Xmx256m", "-d", build, filepath.Join(build, "Solver.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	answer := filepath.Join(dir, "answer.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "java", "-Xmx256m", "-cp", build, "Solver", filepath.Join(set, "p1.txt"), answer)
	out, err := cmd.CombinedOutput()
	// Its files in /tmp, /var/tmp and /dev/shm: removed, after counting.
	var left []string
	for _, m := range markersLeft() {
		if !slices.Contains(before, m) {
			left = append(left, m)
			os.Remove(m)
		}
	}
	if err != nil {
		t.Fatalf("java-hostile: %v\n%s", err, out)
	}
	got, _ := os.ReadFile(answer)
	want := "RIGHT\nUP\nLEFT\nLEFT\nDOWN\nDOWN\nRIGHT\nRIGHT\nUP\nUP\nLEFT\nLEFT\n" // p1.txt's solution in the manifest
	if string(got) != want {
		t.Errorf("uncontained, java-hostile answered %q, want the key's solution\n%s", got, out)
	}
	if connections.Load() == 0 {
		t.Errorf("uncontained, java-hostile did not reach 127.0.0.1\n%s", out)
	}
	if len(left) == 0 {
		t.Errorf("uncontained, java-hostile left no file in /tmp, /var/tmp or /dev/shm\n%s", out)
	}
	if os.Geteuid() == 0 && !strings.Contains(string(out), "may signal process") {
		t.Errorf("uncontained and root, java-hostile could signal no process\n%s", out)
	}
}

// countConnections listens on a port of 127.0.0.1 until the test ends and
// counts the connections that reach it.
func countConnections(t *testing.T) (port int, connections *atomic.Int32) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	connections = new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, connections
}

// copyInto copies a submission folder.
func copyInto(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeLines(t *testing.T, path string, lines ...string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// markersLeft finds the files python-writer leaves, in every folder
// anyone may write to.
func markersLeft() []string {
	var left []string
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		if depth > 6 || dir == "/proc" || dir == "/sys" {
			return
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if strings.HasPrefix(e.Name(), "kpuzzle-hostile-marker-") {
				left = append(left, p)
			}
			if e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
				walk(p, depth+1)
			}
		}
	}
	for _, d := range []string{"/tmp", "/var/tmp", "/dev/shm", "/run", "/var/lock", "/dev/mqueue"} {
		walk(d, 0)
	}
	return left
}

// TestFallbackRefusesAnOpenCourse grades without namespaces a course whose
// answer key anyone may read: the check before the first run must refuse,
// naming what is exposed, and no program may run; with --allow-exposed it
// grades and says what it found.
func TestFallbackRefusesAnOpenCourse(t *testing.T) {
	needTool(t, "python3")
	if os.Geteuid() != 0 {
		t.Skip("the fallback gives runs uids of their own only when the grader is root")
	}
	dir, set, _, _, _ := course(t) // 0755: readable by anyone
	root := copySubmissions(t, "python-astar")
	a := assignment(t, dir, fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`, set))
	subs, _ := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	tests, _ := a.LoadTests()
	results := 0
	opts := batch.Options{Assignment: a, Tests: tests, Submissions: subs, Isolation: sandbox.ChooseRlimits,
		Events: func(e batch.Event) {
			if e.Kind == batch.EventResult {
				results++
			}
		}}
	_, err := batch.Grade(context.Background(), opts)
	if !errors.Is(err, batch.ErrExposed) || !strings.Contains(err.Error(), "secret "+set) || strings.Contains(err.Error(), "\n") {
		t.Errorf("err %v, want one line refusing because %s is readable", err, set)
	}
	if results != 0 {
		t.Errorf("%d tests ran before the refusal", results)
	}
	opts.AllowExposed = true
	o, err := batch.Grade(context.Background(), opts)
	if err != nil || len(o.Inspection.Failed()) == 0 || o.Results["python-astar"]["p1.txt"].Verdict != check.Optimal {
		t.Errorf("with AllowExposed: %v, findings %+v, %v", err, o.Inspection.Failed(), o.Results)
	}
}

func findCheck(in sandbox.Inspection, name string) sandbox.Check {
	for _, c := range in.Checks {
		if c.Name == name {
			return c
		}
	}
	return sandbox.Check{}
}

// TestHostDirSeenByRuns: from a checkout under /tmp (here, a working
// folder there), hostDir still makes a folder that runs with namespaces
// see, so that the hostile corpus's course and "kpuzzle installed on the
// host" are in the runs' view wherever the checkout lives (issue 34: from
// a clone under /tmp, python-kpuzzle-host found no kpuzzle to run, and
// the test no refusal).
func TestHostDirSeenByRuns(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("makes a folder in /var/lib; run as root")
	}
	if sandbox.Probe().Level != sandbox.LevelNamespaces {
		t.Skip("namespaces unavailable")
	}
	checkout, err := os.MkdirTemp("", "kpuzzle-checkout-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(checkout)
	t.Chdir(checkout)
	dir := hostDir(t, ".host-")
	if inPrivateFolder(dir) {
		t.Fatalf("hostDir made %s, in a folder runs do not share", dir)
	}
	writeLines(t, filepath.Join(dir, "installed.txt"), "seen")
	work := t.TempDir()
	os.Chmod(work, 0o755)
	// The path inside a shell's script, as python-kpuzzle-host reads
	// its tools.txt: not a path of the command line, which the sandbox
	// keeps visible wherever it lies.
	res, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"/bin/sh", "-c", "cat " + filepath.Join(dir, "installed.txt")}, Dir: work,
		Isolation: sandbox.ChooseNamespaces})
	if err != nil || string(res.Stdout) != "seen\n" {
		t.Errorf("a run reading %s: %v, %q %q", dir, err, res.Stdout, res.Stderr)
	}
}
