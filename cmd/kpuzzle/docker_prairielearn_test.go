package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/integrity"
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

	// Java: the image installs Debian's JDK; the correct BFS scores in
	// full, a program that does not compile is not gradable, and the
	// hostile Java program scores nothing on a solvable puzzle.
	jout, jtests, _ := plBundle(t, bin, "java")
	jimage := plImage(t, jout, "java")
	bfs, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "java-bfs", "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = grade(jimage, jtests, map[string]string{"Solver.java": string(bfs)})
	if res == nil || res["gradable"] != true || res["score"] != 1.0 {
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
