package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestPrairieLearnBundleInDocker builds the grading image from the
// bundle's own Dockerfile (FROM debian:bookworm-slim, here the Debian
// image debootstrap makes, tagged with that name) and runs jobs exactly as
// PrairieLearn's external grader does: the question's tests/ in
// /grade/tests, the student's files in /grade/student, data/data.json,
// networking off, the entrypoint as root in a container whose default
// seccomp profile refuses user namespaces. It grades the Python starter
// (as outside Docker), a missing file, the Java BFS, a Java program that
// does not compile, and the hostile corpus with PrairieLearn's paths;
// every results.json is checked against PrairieLearn's format, and no
// hostile program earns a point on a solvable puzzle. Opt-in
// (KPUZZLE_DOCKER=1), like TestGradescopeBundleInDocker.
func TestPrairieLearnBundleInDocker(t *testing.T) {
	needDocker(t, "the PrairieLearn bundle")
	// The Dockerfile's FROM: no registry is reachable, so the debootstrap
	// image stands in for it unless one is already here.
	if exec.Command("docker", "image", "inspect", "debian:bookworm-slim").Run() != nil {
		if out, err := exec.Command("docker", "tag", dockerImage, "debian:bookworm-slim").CombinedOutput(); err != nil {
			t.Fatalf("docker tag: %v\n%s", err, out)
		}
	}
	work := t.TempDir()
	bin := filepath.Join(work, "kpuzzle")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	built, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}

	// grade runs one job in image and returns results.json (nil when the
	// entrypoint wrote none) and the log.
	grade := func(image, tests string, files map[string]string) (map[string]any, string) {
		t.Helper()
		job := plJob(t, tests, files)
		logs, _ := exec.Command("docker", "run", "--rm", "--network", "none", "-v", job+":/grade", image, "/grade/tests/run.sh").CombinedOutput()
		data, err := os.ReadFile(filepath.Join(job, "results", "results.json"))
		if err != nil {
			return nil, string(logs)
		}
		return checkPLResults(t, image, data), string(logs)
	}

	// Python.
	out, tests, hw := plBundle(t, bin, "python")
	image := plImage(t, out, "python")
	starter, err := os.ReadFile(filepath.Join(hw, "starter", "python", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs := grade(image, tests, map[string]string{"solver.py": string(starter)})
	if res == nil || !strings.Contains(logs, "running with resource limits") {
		t.Fatalf("the starter in Docker: %v\n%s", res, logs)
	}
	t.Logf("python starter: score %v", res["score"])
	// The same grading outside Docker, with namespaces.
	local := filepath.Join(t.TempDir(), "results.json")
	if r := kpuzzle(t, "", "grade", "--config", filepath.Join(hw, "assignment.yaml"), "--out", t.TempDir(), "--results-json", local,
		"--results-format", "prairielearn", filepath.Join(hw, "starter", "python")); r.code != 0 {
		t.Fatalf("grade outside Docker: %+v", r)
	}
	data, _ := os.ReadFile(local)
	outside := checkPLResults(t, "outside", data)
	if res["gradable"] != true || res["score"] != outside["score"] || res["score"].(float64) <= 0 {
		t.Errorf("starter in Docker: score %v; outside: %v", res["score"], outside["score"])
	}
	res, logs = grade(image, tests, nil)
	if res == nil || res["gradable"] != false {
		t.Errorf("an empty submission in Docker: %v\n%s", res, logs)
	}

	// The padded-answer attack (31.3): a program that solves the public
	// boards it was handed optimally and pads its legal answer to any
	// other board by a number of moves that encodes two of its cells.
	// Graded in full, the hidden tests' points tell the cells (two
	// variants, encoding other cells, score differently there); in the
	// job (prairielearn.hidden: release) they are never run, and the two
	// variants get the same results.json, byte for byte in substance.
	padded := map[string]map[string]any{}
	for _, cells := range [][2]int{{0, 1}, {2, 3}} {
		files := map[string]string{"solver.py": paddingSolver(t, hw, cells)}
		res, logs := grade(image, tests, files)
		if res == nil || res["gradable"] != true {
			t.Fatalf("the padding solver %v in Docker: %v\n%s", cells, res, logs)
		}
		padded[fmt.Sprint(cells)] = res
		dir := t.TempDir()
		writeFile(t, dir, "solver.py", files["solver.py"])
		r := kpuzzle(t, "", "grade", "--config", filepath.Join(hw, "assignment.yaml"), "--out", t.TempDir(), "--json", dir)
		if r.code != 0 {
			t.Fatalf("grade the padding solver %v in full: %+v", cells, r)
		}
		var full gradeJSON
		if err := json.Unmarshal([]byte(r.stdout), &full); err != nil {
			t.Fatal(err)
		}
		var hidden []string
		for _, tj := range full.Submissions[0].Tests {
			if strings.HasPrefix(tj.Test, "hidden/") {
				hidden = append(hidden, fmt.Sprintf("%s %d moves %v points", tj.Verdict, tj.Length, tj.Score))
			}
		}
		t.Logf("padding %v: the job's score %v; graded in full, the hidden tests: %v", cells, res["score"], hidden)
		padded["full "+fmt.Sprint(cells)] = map[string]any{"hidden": hidden}
	}
	if fmt.Sprint(padded["full [0 1]"]) == fmt.Sprint(padded["full [2 3]"]) {
		t.Errorf("the two paddings score the same on the hidden tests graded in full, so the attack shows nothing: %v", padded)
	}
	if !reflect.DeepEqual(padded["[0 1]"], padded["[2 3]"]) {
		t.Errorf("the job's results.json moves with the hidden answers:\n%v\n%v", padded["[0 1]"], padded["[2 3]"])
	}
	if padded["[0 1]"]["score"] != outside["score"] {
		t.Errorf("the padding solver's job score %v, the starter's %v: both solve every public test", padded["[0 1]"]["score"], outside["score"])
	}

	// The ceiling of a program that cannot solve: UNSOLVABLE everywhere.
	ceiling, _ := grade(image, tests, map[string]string{"solver.py": "import sys\nopen(sys.argv[2], 'w').write('UNSOLVABLE\\n')\n"})
	if ceiling == nil || ceiling["gradable"] != true {
		t.Fatalf("the UNSOLVABLE stub: %v", ceiling)
	}
	t.Logf("UNSOLVABLE everywhere: score %v", ceiling["score"])

	// The hostile corpus, with the paths a student who knows
	// PrairieLearn's layout would try.
	pl := "/grade/tests/puzzles/manifest.json\n/grade/tests/puzzles\n/grade/tests/assignment.yaml\n/grade/tests/prepared.json\n" +
		"/grade/tests/kpuzzle\n/grade/tests/run.sh\n/grade/data/data.json\n/grade/results\nport 22\n"
	extra := map[string]map[string]string{
		"python-cheat":      {"targets.txt": pl},
		"python-toolthief":  {"tools.txt": "/grade/tests/kpuzzle\n"},
		"python-regenerate": {"places.txt": "/grade\n"},
	}
	for _, name := range []string{"python-toolthief", "python-regenerate", "python-writer", "python-cheat", "python-userns",
		"python-saboteur", "python-vandal", "python-bigfile", "python-flood", "python-forkbomb"} {
		src, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", name, "solver.py"))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{"solver.py": string(src)}
		for f, c := range extra[name] {
			files[f] = c
		}
		res, logs := grade(image, tests, files)
		if res == nil {
			t.Errorf("%s: no results.json:\n%s", name, logs)
			continue
		}
		t.Logf("%s: gradable %v, score %v", name, res["gradable"], res["score"])
		if p := plSolvedPoints(res); p > 0 {
			t.Errorf("%s: %v points on solvable public tests in Docker", name, p)
		}
		if strings.Contains(fmt.Sprint(res), "LEAKED") {
			t.Errorf("%s reached a secret in Docker: %v", name, res)
		}
		if s, ok := res["score"].(float64); ok && s > ceiling["score"].(float64) {
			t.Errorf("%s: score %v, more than answering UNSOLVABLE everywhere (%v)", name, s, ceiling["score"])
		}
	}

	// python-kpuzzle-blind, the attack of issue 31 (see gradeBlindInDocker):
	// no point on a solvable test, and the entry "Flagged for review"
	// names what it brought and what its runs started from memory
	// (PrairieLearn's files are not executable, so the plain copy is
	// tried from a memory file too, which run.output caps at 1 MiB).
	blind, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "python-kpuzzle-blind", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	small, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ file, data, want string }{
		"plain":        {"helper", string(built), "helper: a build of kpuzzle"},
		"packed":       {"payload.bin", string(xorPacked(built)), "payload.bin: " + integrity.FindOpaque},
		"packed-small": {"payload.bin", string(xorPacked(small)), integrity.FindExecutedMemory},
	} {
		res, logs := grade(image, tests, map[string]string{"solver.py": string(blind), c.file: c.data})
		if res == nil {
			t.Errorf("python-kpuzzle-blind (%s): no results.json:\n%s", name, logs)
			continue
		}
		flagged := ""
		for _, x := range asAnyList(res["tests"]) {
			if tc := x.(map[string]any); tc["name"] == "Flagged for review" {
				flagged = fmt.Sprint(tc["output"])
			}
		}
		t.Logf("python-kpuzzle-blind (%s): score %v, flagged: %s", name, res["score"], flagged)
		if p := plSolvedPoints(res); p > 0 {
			t.Errorf("python-kpuzzle-blind (%s): %v points on solvable public tests in Docker", name, p)
		}
		if !strings.Contains(flagged, c.want) {
			t.Errorf("python-kpuzzle-blind (%s): \"Flagged for review\" does not name %q:\n%s\n%s", name, c.want, flagged, logs)
		}
	}

	// Java: the image installs Debian's JDK; the correct BFS scores every
	// public point (the score counts the public tests alone: half of the
	// points, with as many hidden tests), a program that does not
	// compile is not gradable, and the hostile Java program scores
	// nothing on a solvable puzzle.
	jout, jtests, _ := plBundle(t, bin, "java")
	jimage := plImage(t, jout, "java")
	bfs, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "java-bfs", "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = grade(jimage, jtests, map[string]string{"Solver.java": string(bfs)})
	if res == nil || res["gradable"] != true || res["score"] != 0.5 || !strings.Contains(fmt.Sprint(res["message"]), "3 of 3 public tests solved") {
		t.Errorf("java-bfs in Docker: %v\n%s", res, logs)
	}
	res, logs = grade(jimage, jtests, map[string]string{"Solver.java": "public class Solver { public static void main(String[] a) { int x = } }\n"})
	if res == nil || res["gradable"] != false || !strings.Contains(fmt.Sprint(res["format_errors"]), "error") {
		t.Errorf("a Java program that does not compile, in Docker: %v\n%s", res, logs)
	}
	hostile, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "java-hostile", "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = grade(jimage, jtests, map[string]string{"Solver.java": string(hostile), "targets.txt": pl, "tools.txt": "/grade/tests/kpuzzle\n"})
	if res == nil {
		t.Fatalf("java-hostile in Docker wrote no results:\n%s", logs)
	}
	t.Logf("java-hostile: gradable %v, score %v", res["gradable"], res["score"])
	if p := plSolvedPoints(res); p > 0 || strings.Contains(fmt.Sprint(res), "LEAKED") {
		t.Errorf("java-hostile in Docker: %v points on solvable public tests: %v", p, res)
	}
}

// plImage builds the grading image from the bundle's Dockerfile, with
// the classic builder (which reaches Debian's mirror with no registry),
// and removes it when the test ends.
func plImage(t *testing.T, dir, tag string) string {
	t.Helper()
	image := fmt.Sprintf("kpuzzle-test-prairielearn-%s:%d", tag, os.Getpid())
	cmd := exec.Command("docker", "build", "-q", "-t", image, dir)
	cmd.Env = append(os.Environ(), "DOCKER_BUILDKIT=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("docker build of the %s grading image: %v\n%s", tag, err, out)
	}
	t.Cleanup(func() { exec.Command("docker", "rmi", "-f", image).Run() })
	return image
}

// paddingSolver is the source of a hostile Python solver for the 3x3
// assignment in hw: a breadth-first search that answers the public
// boards (as the students have them) optimally and pads its answer to
// any other board with DOWN UP pairs at the goal, 9*a+b of them, where
// a and b are the board's cells at the two places given.
func paddingSolver(t *testing.T, hw string, cells [2]int) string {
	t.Helper()
	var public []string
	files, _ := filepath.Glob(filepath.Join(hw, "puzzles", "public", "3x3", "*.txt"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := puzzles.ParseBoard(strings.NewReader(string(data)), f)
		if err != nil {
			t.Fatal(err)
		}
		var cs []string
		for i := range b.Shape().Cells() {
			cs = append(cs, fmt.Sprint(b.At(i)))
		}
		public = append(public, "("+strings.Join(cs, ",")+")")
	}
	if len(public) == 0 {
		t.Fatal("no public 3x3 tests in " + hw)
	}
	return fmt.Sprintf(`import sys
from collections import deque
PUBLIC = {%s}
A, B = %d, %d
nums = [int(x) for x in open(sys.argv[1]).read().split()]
if len(nums) == 10:
    nums = nums[1:]
start, goal = tuple(nums), (1, 2, 3, 4, 5, 6, 7, 8, 0)
parent = {start: None}
queue = deque([start])
while queue:
    s = queue.popleft()
    if s == goal:
        break
    b = s.index(0)
    for d, ok, tile in ((-3, b >= 3, "DOWN"), (3, b < 6, "UP"), (-1, b %% 3 > 0, "RIGHT"), (1, b %% 3 < 2, "LEFT")):
        if ok:
            n = list(s)
            n[b], n[b + d] = n[b + d], 0
            n = tuple(n)
            if n not in parent:
                parent[n] = (s, tile)
                queue.append(n)
out = open(sys.argv[2], "w")
if goal not in parent:
    out.write("UNSOLVABLE\n")
    sys.exit(0)
moves, s = [], goal
while parent[s] is not None:
    s, tile = parent[s]
    moves.append(tile)
moves.reverse()
if start not in PUBLIC:
    moves += ["DOWN", "UP"] * (9 * start[A] + start[B])
out.write("\n".join(moves) + "\n")
`, strings.Join(public, ", "), cells[0], cells[1])
}
