package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
)

// dockerImage is the Debian image the Docker test builds with debootstrap
// (no registry is needed).
const dockerImage = "kpuzzle-test-base:bookworm"

// TestGradescopeBundleInDocker runs the Gradescope bundle exactly as
// Gradescope does, in a real Docker container with Docker's default
// seccomp profile (which refuses user namespaces, so the sandbox falls
// back): the zip unpacked in /autograder/source, run_autograder copied to
// /autograder, setup.sh run as root when the image is built, then one
// container per submission with the files in /autograder/submission. It
// grades the starter, the sandbox probe and the hostile corpus. Opt-in
// (KPUZZLE_DOCKER=1, as .ci/run sets when it can start dockerd): it needs
// a Docker daemon, debootstrap and Debian's mirror, and takes minutes.
func TestGradescopeBundleInDocker(t *testing.T) {
	needDocker(t, "the Gradescope bundle")

	work := t.TempDir()
	bin := filepath.Join(work, "kpuzzle")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	hw := filepath.Join(work, "hw")
	if r := kpuzzle(t, "", "init", hw, "--shape", "3x3,4x4", "--depth", "4-16", "--public", "2", "--hidden", "2", "--unsolvable", "1", "--seed", "7", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	image := autograderImage(t, work, filepath.Join(hw, "assignment.yaml"), bin, "python")
	grade := func(files map[string]string) (map[string]any, string) {
		t.Helper()
		return gradeInDocker(t, image, files)
	}

	starter, err := os.ReadFile(filepath.Join(hw, "starter", "python", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs := grade(map[string]string{"solver.py": string(starter)})
	if res == nil || !strings.Contains(logs, "running with resource limits") {
		t.Fatalf("the starter in Docker: %v\n%s", res, logs)
	}
	t.Logf("starter: score %v, verdicts %v", res["score"], verdicts(res))
	// The same grading outside Docker, with namespaces: the container's
	// fallback must not change a single verdict.
	local := filepath.Join(t.TempDir(), "results.json")
	if r := kpuzzle(t, "", "grade", "--config", filepath.Join(hw, "assignment.yaml"), "--out", t.TempDir(), "--results-json", local,
		filepath.Join(hw, "starter", "python")); r.code != 0 {
		t.Fatalf("grade outside Docker: %+v", r)
	}
	data, _ := os.ReadFile(local)
	var outside map[string]any
	json.Unmarshal(data, &outside)
	if res["score"] != outside["score"] || fmt.Sprint(verdicts(res)) != fmt.Sprint(verdicts(outside)) || verdicts(res)["optimal"] == 0 {
		t.Errorf("starter in Docker: %v %v; outside: %v %v", res["score"], verdicts(res), outside["score"], verdicts(outside))
	}

	// A student's file named like the probe's marker is graded like any
	// other; the probe runs in the instructor's probe autograder alone.
	// (Its score is not compared: the starter's in Docker varies with the
	// machine's load; what matters is that it is graded, not probed.)
	tests := len(res["tests"].([]any))
	res, logs = grade(map[string]string{"solver.py": string(starter), scaffold.SandboxProbeFile: "KPUZZLE-SANDBOX-PROBE\n"})
	if res == nil || len(res["tests"].([]any)) != tests {
		t.Fatalf("the starter beside a file %s: %v, want the %d tests of a graded submission\n%s", scaffold.SandboxProbeFile, res, tests, logs)
	}
	if received := res["tests"].([]any)[0].(map[string]any); received["name"] != "Files received" || !strings.Contains(received["output"].(string), scaffold.SandboxProbeFile) {
		t.Errorf("the starter beside a file %s: first test %v, want Files received listing it", scaffold.SandboxProbeFile, received)
	}
	probeImage := autograderImage(t, work, filepath.Join(hw, "assignment.yaml"), bin, "python-probe", "--probe")
	res, logs = gradeInDocker(t, probeImage, map[string]string{"solver.py": string(starter)})
	if res == nil {
		t.Fatalf("the probe in Docker wrote no results:\n%s", logs)
	}
	for _, x := range res["tests"].([]any) {
		c := x.(map[string]any)
		t.Logf("probe %-6s %s: %s", c["status"], c["name"], c["output"])
		if c["status"] != "passed" {
			t.Errorf("probe check failed in Docker: %s: %s", c["name"], c["output"])
		}
	}

	// The hostile corpus, with the paths a student who knows Gradescope's
	// layout would try. None may score on a solvable test.
	extra := map[string]map[string]string{
		"python-cheat": {"targets.txt": "/autograder/source/puzzles/manifest.json\n/autograder/source/puzzles\n/autograder/source/assignment.yaml\n" +
			"/autograder/source/kpuzzle\n/autograder/run_autograder\n/autograder/submission_metadata.json\n/autograder/results\nport 22\n"},
		"python-toolthief":  {"tools.txt": "/autograder/source/kpuzzle\n"},
		"python-regenerate": {"places.txt": "/autograder\n"},
	}
	want := map[string]string{
		"python-toolthief": "", "python-regenerate": "", "python-writer": "", "python-cheat": "", "python-userns": "",
		"python-saboteur": "", "python-vandal": "", "python-bigfile": "output-limit", "python-flood": "output-limit", "python-forkbomb": "timeout",
		// A socket at the output path is the test's malformed verdict, so
		// that results.json is written (a grader error would leave none);
		// the disk filler stops at run.disk in the container's own /tmp
		// and working folder; the fork runner's lineages are killed.
		"python-specialout": "malformed", "python-diskfill": "output-limit", "python-forkrunner": "",
	}
	for name, only := range want {
		src, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", name, "solver.py"))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{"solver.py": string(src)}
		for f, c := range extra[name] {
			files[f] = c
		}
		res, logs := grade(files)
		if res == nil {
			t.Errorf("%s: no results.json:\n%s", name, logs)
			continue
		}
		v := verdicts(res)
		t.Logf("%s: score %v, verdicts %v", name, res["score"], v)
		for verdict, n := range v {
			bad := verdict == "optimal" || verdict == "suboptimal" || verdict == "valid"
			if only != "" {
				bad = verdict != only
			}
			if bad {
				t.Errorf("%s: %d tests %s in Docker", name, n, verdict)
			}
		}
	}

	// A submission that ships kpuzzle itself (the bundle's own build,
	// renamed helper) and trusts its answer: kpuzzle refuses inside the
	// run, no solvable test scores, and results.json flags it in a test
	// only staff see.
	shipper, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "python-kpuzzle-shipped", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	built, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	res, logs = grade(map[string]string{"solver.py": string(shipper), "helper": string(built)})
	if res == nil {
		t.Fatalf("the shipped kpuzzle in Docker: no results.json:\n%s", logs)
	}
	v := verdicts(res)
	t.Logf("python-kpuzzle-shipped: score %v, verdicts %v", res["score"], v)
	if v["optimal"]+v["suboptimal"]+v["valid"] != 0 {
		t.Errorf("the shipped kpuzzle scored in Docker: %v", v)
	}
	flagged := false
	for _, x := range res["tests"].([]any) {
		c := x.(map[string]any)
		if strings.HasPrefix(fmt.Sprint(c["name"]), "Integrity review") {
			flagged = c["visibility"] == "hidden" && strings.Contains(fmt.Sprint(c["output"]), "helper: a build of kpuzzle") &&
				strings.Contains(fmt.Sprint(c["output"]), "refused")
			t.Logf("integrity test (%v): %s", c["visibility"], c["output"])
		}
	}
	if !flagged {
		t.Errorf("the shipped kpuzzle is not flagged in results.json (a hidden test naming helper and the refusal):\n%s", logs)
	}
	gradeBlindInDocker(t, built, grade)

	// An assignment that reads the answer from a file in a folder of the
	// working folder (run.answer: out/answer.txt): python-answerlink makes
	// out a symbolic link to the course's folder, which the grader, root
	// in the container, must not follow (every test malformed, and
	// results.json written); a program that writes out/answer.txt in a
	// real folder scores as the starter does.
	hwf := filepath.Join(work, "hw-folder")
	if r := kpuzzle(t, "", "init", hwf, "--shape", "3x3", "--depth", "4-16", "--public", "2", "--hidden", "1", "--unsolvable", "1", "--seed", "7", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	yaml, err := os.ReadFile(filepath.Join(hwf, "assignment.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	folderRun := strings.Replace(string(yaml), `command: "python3 {submission}/solver.py {input} {output}"`,
		"command: \"python3 {submission}/solver.py {input}\"\n  answer: out/answer.txt", 1)
	if folderRun == string(yaml) {
		t.Fatalf("kpuzzle init's run.command changed; this test rewrites it:\n%s", yaml)
	}
	writeFile(t, hwf, "assignment.yaml", folderRun)
	fimage := autograderImage(t, work, filepath.Join(hwf, "assignment.yaml"), bin, "python-folder")
	linker, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "python-answerlink", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = gradeInDocker(t, fimage, map[string]string{"solver.py": string(linker), "target.txt": "/autograder/source\n"})
	if res == nil {
		t.Fatalf("python-answerlink in Docker wrote no results:\n%s", logs)
	}
	v = verdicts(res)
	t.Logf("python-answerlink: score %v, verdicts %v", res["score"], v)
	if len(v) != 1 || v["malformed"] == 0 {
		t.Errorf("python-answerlink in Docker: verdicts %v, want every test malformed", v)
	}
	writer := "import os, subprocess, sys\nos.makedirs('out')\n" +
		"subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'astar.py'), sys.argv[1], 'out/answer.txt'], check=True)\n"
	res, logs = gradeInDocker(t, fimage, map[string]string{"solver.py": writer, "astar.py": string(starter)})
	if res == nil {
		t.Fatalf("an answer in out/answer.txt in Docker wrote no results:\n%s", logs)
	}
	v = verdicts(res)
	t.Logf("answer in out/answer.txt: score %v, verdicts %v", res["score"], v)
	if v["optimal"] == 0 || v["malformed"]+v["no-answer"] != 0 {
		t.Errorf("an answer written to out/answer.txt in Docker: verdicts %v, want optimal ones and no malformed or missing answer", v)
	}

	// Java, as Princeton-style courses grade it on Gradescope: setup.sh
	// installs Debian's JDK when the image is built; the correct BFS must
	// score exactly as outside Docker, and the hostile Java program, which
	// knows Gradescope's layout, must score nothing.
	hwj := filepath.Join(work, "hw-java")
	if r := kpuzzle(t, "", "init", hwj, "--language", "java", "--shape", "3x3", "--depth", "4-16", "--public", "2", "--hidden", "1", "--unsolvable", "1", "--seed", "7", "--baseline"); r.code != 0 {
		t.Fatalf("init --language java: %+v", r)
	}
	jimage := autograderImage(t, work, filepath.Join(hwj, "assignment.yaml"), bin, "java")
	bfs, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "java-bfs", "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = gradeInDocker(t, jimage, map[string]string{"Solver.java": string(bfs)})
	if res == nil {
		t.Fatalf("java-bfs in Docker wrote no results:\n%s", logs)
	}
	t.Logf("java-bfs: score %v, verdicts %v", res["score"], verdicts(res))
	local = filepath.Join(t.TempDir(), "results.json")
	jsub := filepath.Join(t.TempDir(), "java-bfs")
	writeFile(t, jsub, "Solver.java", string(bfs))
	if r := kpuzzle(t, "", "grade", "--config", filepath.Join(hwj, "assignment.yaml"), "--out", t.TempDir(), "--results-json", local, jsub); r.code != 0 {
		t.Fatalf("java-bfs outside Docker: %+v", r)
	}
	data, _ = os.ReadFile(local)
	outside = nil
	json.Unmarshal(data, &outside)
	if v := verdicts(res); res["score"] != outside["score"] || fmt.Sprint(v) != fmt.Sprint(verdicts(outside)) || v["optimal"] != 3 || v["unsolvable-correct"] != 2 {
		t.Errorf("java-bfs in Docker: %v %v; outside: %v %v; want 3 optimal and 2 unsolvable-correct", res["score"], v, outside["score"], verdicts(outside))
	}
	hostile, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "java-hostile", "Solver.java"))
	if err != nil {
		t.Fatal(err)
	}
	res, logs = gradeInDocker(t, jimage, map[string]string{"Solver.java": string(hostile),
		"targets.txt": "/autograder/source/puzzles/manifest.json\n/autograder/source/puzzles\n/autograder/source/assignment.yaml\n" +
			"/autograder/submission_metadata.json\n/autograder/results\nport 22\n",
		"tools.txt": "/autograder/source/kpuzzle\n"})
	if res == nil {
		t.Fatalf("java-hostile in Docker wrote no results:\n%s", logs)
	}
	v = verdicts(res)
	t.Logf("java-hostile: score %v, verdicts %v", res["score"], v)
	if v["optimal"]+v["suboptimal"]+v["valid"] != 0 || v["unsolvable-wrong"] != 3 {
		t.Errorf("java-hostile in Docker: verdicts %v, want every solvable test unsolvable-wrong", v)
	}

}

// gradeBlindInDocker grades python-kpuzzle-blind, the attack of issue 31
// (a seccomp filter of its own to blind kpuzzle's guard, kpuzzle run from
// a memory file), in the Gradescope container: with kpuzzle as a plain
// copy; XOR-packed (29 MB, more than run.output's 1 MiB, which caps
// memory files too, so it cannot be unpacked); and with a small program
// XOR-packed in its place (the host's true(1)), which does start from a
// memory file. None may score on a solvable test, and each is named in
// the staff's integrity test: the build and its refusal and execution,
// the packed data, the memory file executed.
func gradeBlindInDocker(t *testing.T, kpuzzleBuild []byte, grade func(map[string]string) (map[string]any, string)) {
	t.Helper()
	solver, err := os.ReadFile(filepath.Join(graderTestdata, "submissions", "python-kpuzzle-blind", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	small, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		want  []string // in the staff's integrity test
	}{
		{"plain", map[string]string{"helper": string(kpuzzleBuild)},
			[]string{"helper: a build of kpuzzle", "refused", integrity.FindExecutedKpuzzle}},
		{"packed", map[string]string{"payload.bin": string(xorPacked(kpuzzleBuild))},
			[]string{"payload.bin: " + integrity.FindOpaque}},
		{"packed-small", map[string]string{"payload.bin": string(xorPacked(small))},
			[]string{integrity.FindExecutedMemory}},
	} {
		c.files["solver.py"] = string(solver)
		res, logs := grade(c.files)
		if res == nil {
			t.Errorf("python-kpuzzle-blind (%s): no results.json:\n%s", c.name, logs)
			continue
		}
		v := verdicts(res)
		t.Logf("python-kpuzzle-blind (%s): score %v, verdicts %v", c.name, res["score"], v)
		if v["optimal"]+v["suboptimal"]+v["valid"] != 0 {
			t.Errorf("python-kpuzzle-blind (%s) scored in Docker: %v", c.name, v)
		}
		review := ""
		for _, x := range res["tests"].([]any) {
			if tc := x.(map[string]any); strings.HasPrefix(fmt.Sprint(tc["name"]), "Integrity review") && tc["visibility"] == "hidden" {
				review = fmt.Sprint(tc["output"])
			}
		}
		t.Logf("integrity test: %s", review)
		for _, w := range c.want {
			if !strings.Contains(review, w) {
				t.Errorf("python-kpuzzle-blind (%s): the staff's integrity test does not name %q:\n%s\n%s", c.name, w, review, logs)
			}
		}
	}
}

// xorPacked is data XOR-ed with a 16-byte key that comes first, as
// python-kpuzzle-blind's payload.bin holds it.
func xorPacked(data []byte) []byte {
	key := []byte("kpuzzle-issue-31")
	out := append([]byte(nil), key...)
	for i, c := range data {
		out = append(out, c^key[i%16])
	}
	return out
}

// autograderImage builds the Gradescope image of an assignment as
// Gradescope does: the bundle unpacked in /autograder/source,
// run_autograder copied to /autograder, setup.sh run as root (it installs
// what the submissions' language needs from Debian's mirror). The image
// is removed when the test ends.
func autograderImage(t *testing.T, work, assignment, bin, tag string, bundleFlags ...string) string {
	t.Helper()
	zipPath := filepath.Join(work, tag+"-autograder.zip")
	if r := kpuzzle(t, "", append([]string{"bundle", "gradescope", assignment, "--out", zipPath, "--binary", bin}, bundleFlags...)...); r.code != 0 {
		t.Fatalf("bundle: %+v", r)
	}
	ctx := filepath.Join(work, tag+"-image")
	unzip(t, zipPath, filepath.Join(ctx, "ag"))
	dockerfile := "FROM " + dockerImage + "\nCOPY ag /autograder/source\n" +
		"RUN cp /autograder/source/run_autograder /autograder/run_autograder && cd /autograder/source && bash ./setup.sh\n" +
		"WORKDIR /autograder\n"
	if err := os.WriteFile(filepath.Join(ctx, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		t.Fatal(err)
	}
	image := fmt.Sprintf("kpuzzle-test-autograder-%s:%d", tag, os.Getpid())
	if out, err := exec.Command("docker", "build", "-q", "-t", image, ctx).CombinedOutput(); err != nil {
		t.Fatalf("docker build of the %s autograder: %v\n%s", tag, err, out)
	}
	t.Cleanup(func() { exec.Command("docker", "rmi", "-f", image).Run() })
	return image
}

// gradeInDocker runs one submission as Gradescope does, in a container of
// image with the files in /autograder/submission, and returns
// results.json (nil when run_autograder wrote none) and the log.
func gradeInDocker(t *testing.T, image string, files map[string]string) (map[string]any, string) {
	t.Helper()
	sub := t.TempDir()
	for name, content := range files {
		p := writeFile(t, sub, name, content)
		if strings.HasPrefix(content, "\x7fELF") {
			// A program the submission ships, executable as uploaded.
			os.Chmod(p, 0o755)
		}
	}
	out, err := exec.Command("docker", "create", image, "/autograder/run_autograder").CombinedOutput()
	if err != nil {
		t.Fatalf("docker create: %v\n%s", err, out)
	}
	id := strings.TrimSpace(string(out))
	defer exec.Command("docker", "rm", "-f", id).Run()
	if out, err := exec.Command("docker", "cp", sub+"/.", id+":/autograder/submission").CombinedOutput(); err != nil {
		t.Fatalf("docker cp: %v\n%s", err, out)
	}
	logs, _ := exec.Command("docker", "start", "-a", id).CombinedOutput()
	got := filepath.Join(t.TempDir(), "results.json")
	if exec.Command("docker", "cp", id+":/autograder/results/results.json", got).Run() != nil {
		return nil, string(logs)
	}
	data, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	var res map[string]any
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("results.json: %v\n%s", err, data)
	}
	return res, string(logs)
}

// verdicts counts the verdicts of a results.json's tests.
func verdicts(res map[string]any) map[string]int {
	n := map[string]int{}
	for _, x := range res["tests"].([]any) {
		if extra, ok := x.(map[string]any)["extra_data"].(map[string]any); ok {
			n[extra["verdict"].(string)]++
		}
	}
	return n
}

// needDocker skips t unless KPUZZLE_DOCKER is set, fails it without a
// Docker daemon, and builds dockerImage when it is missing: the opening of
// every real-container test (what names what runs in the container).
func needDocker(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("KPUZZLE_DOCKER") == "" {
		t.Skipf("set KPUZZLE_DOCKER=1 to run %s in a real Docker container", what)
	}
	if out, err := exec.Command("docker", "info", "--format", "{{.ServerVersion}}").CombinedOutput(); err != nil {
		t.Fatalf("no Docker daemon: %v\n%s", err, out)
	}
	if exec.Command("docker", "image", "inspect", dockerImage).Run() != nil {
		buildDockerBase(t)
	}
}

// buildDockerBase makes dockerImage from Debian's packages with
// debootstrap, as docs platforms describe: no registry is reachable.
func buildDockerBase(t *testing.T) {
	t.Helper()
	mirror := "http://deb.debian.org/debian"
	if data, err := os.ReadFile("/etc/apt/sources.list.d/debian.sources"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "URIs:"); ok {
				mirror = strings.Fields(v)[0]
				break
			}
		}
	}
	root := filepath.Join(t.TempDir(), "rootfs")
	if out, err := exec.Command("debootstrap", "--variant=minbase", "--include=python3,ca-certificates", "bookworm", root, mirror).CombinedOutput(); err != nil {
		t.Fatalf("debootstrap: %v\n%s", err, out)
	}
	tarCmd := exec.Command("tar", "-C", root, "-c", ".")
	imp := exec.Command("docker", "import", "-", dockerImage)
	pipe, err := tarCmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	imp.Stdin = pipe
	if err := tarCmd.Start(); err != nil {
		t.Fatal(err)
	}
	if out, err := imp.CombinedOutput(); err != nil {
		t.Fatalf("docker import: %v\n%s", err, out)
	}
	if err := tarCmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
