package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// clusterCorpus is the class the shard tests grade: the demo submissions
// and the hostile corpus but for the programs whose verdict depends on the
// machine's speed (the endless loop and the fork bomb, which end by their
// limits, and the patient solver, which sleeps): one run and a merge of
// shards must agree byte for byte, however busy the machine. Every program
// here ends on its own, well within the generous time limit.
var clusterCorpus = []string{
	"python-astar", "python-greedy", "python-illegal", "python-crash",
	"python-cheat", "python-vandal", "python-chatty", "python-flood", "python-bigfile",
	"python-toolthief", "python-userns", "python-writer", "python-saboteur",
}

// TestGradeShardsMergeByteForByte grades the corpus in one run, then
// prepares the key once and grades it split into 1, 2, 3 and 7 shards and
// merges them: every file the merge writes (results.json of every
// student, JUnit XML, gradebook, feedback, replay pages, kept answers, the
// summary page, the class report class.json and class.csv, the Canvas
// and Moodle gradebooks and the list of students missing from them) must
// be the one run's, byte for byte.
func TestGradeShardsMergeByteForByte(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class in one run and in shards; go test without -short runs it")
	}
	config, subs := gradeFixture(t, "results:\n  gradebook: [canvas, moodle]\n", clusterCorpus...)
	data, _ := os.ReadFile(config)
	// Two tests, with room for a busy machine.
	text := strings.Replace(string(data), "  dir: ", "  glob: \"p[12].txt\"\n  dir: ", 1)
	text = strings.Replace(text, "wall_time: 8s", "wall_time: 60s\n  cpu_time: 30s\n  processes: 16\n  memory: 512MiB", 1)
	os.WriteFile(config, []byte(text), 0o644)

	whole := filepath.Join(t.TempDir(), "whole")
	if r := kpuzzle(t, "", "grade", "--config", config, "--out", whole, "--jobs", "2", subs); r.code != 0 {
		t.Fatalf("one run: %+v", r)
	}
	want := readTree(t, whole, "journal.jsonl")
	if len(want) < 3*len(clusterCorpus) {
		t.Fatalf("the one run wrote only %d files", len(want))
	}
	if !strings.Contains(want["class.json"], `"common_off_paths"`) || !strings.Contains(want["class.csv"], "p1.txt") {
		t.Fatalf("the one run's class report lacks the greedy solver's first moves off every optimal path:\n%s", want["class.json"])
	}
	if _, ok := want["gradebook-canvas.csv"]; !ok || !strings.Contains(want["gradebook-missing.txt"], "python-astar") {
		t.Fatalf("the one run wrote no Canvas gradebook, or did not list the students it has no ID for:\n%s", want["gradebook-missing.txt"])
	}

	shared := t.TempDir()
	if r := kpuzzle(t, "", "grade", "prepare", "--config", config, "--out", shared); r.code != 0 {
		t.Fatalf("prepare: %+v", r)
	}
	prepared := filepath.Join(shared, "prepared.json")
	for _, n := range []int{1, 2, 3, 7} {
		t.Run(fmt.Sprintf("%d shards", n), func(t *testing.T) {
			var dirs []string
			for i := 1; i <= n; i++ {
				dir := filepath.Join(t.TempDir(), fmt.Sprintf("shard-%d", i))
				r := kpuzzle(t, "", "grade", "--config", config, "--prepared", prepared, "--shard", fmt.Sprintf("%d/%d", i, n), "--out", dir, "--jobs", "2", subs)
				if r.code != 0 {
					t.Fatalf("shard %d/%d: %+v", i, n, r)
				}
				dirs = append(dirs, dir)
			}
			merged := filepath.Join(t.TempDir(), "merged")
			// Any order of the folders.
			args := []string{"grade", "merge", "--config", config, "--prepared", prepared, "--out", merged}
			for i := len(dirs) - 1; i >= 0; i-- {
				args = append(args, dirs[i])
			}
			if r := kpuzzle(t, "", args...); r.code != 0 {
				t.Fatalf("merge: %+v", r)
			}
			if diff := cmp.Diff(want, readTree(t, merged)); diff != "" {
				t.Errorf("the merge of %d shards differs from one run (-one +merged):\n%s", n, diff)
			}
		})
	}
}

// TestGradeMergeRefusesBadShards: missing, repeated and foreign shards,
// an unfinished shard, a whole-class run and another assignment are each
// refused with one line naming the problem.
func TestGradeMergeRefusesBadShards(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal", "python-crash")
	data, _ := os.ReadFile(config)
	os.WriteFile(config, []byte(strings.Replace(string(data), "  dir: ", "  glob: \"p1.txt\"\n  dir: ", 1)), 0o644)
	shard := func(spec, subs string) string {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "shard")
		if r := kpuzzle(t, "", "grade", "--config", config, "--shard", spec, "--out", dir, subs); r.code != 0 {
			t.Fatalf("shard %s: %+v", spec, r)
		}
		return dir
	}
	s1, s2, s3 := shard("1/3", subs), shard("2/3", subs), shard("3/3", subs)
	whole := filepath.Join(t.TempDir(), "whole")
	if r := kpuzzle(t, "", "grade", "--config", config, "--out", whole, subs); r.code != 0 {
		t.Fatalf("whole: %+v", r)
	}
	// Another class: greedy instead of illegal.
	other := filepath.Join(t.TempDir(), "other")
	for _, name := range []string{"python-astar", "python-crash", "python-greedy"} {
		writeFile(t, filepath.Join(other, name), "solver.py", string(mustRead(t, demoSubmission(name))))
	}
	foreign := shard("3/3", other)
	// An unfinished shard: its journal lost its last result.
	cut := filepath.Join(t.TempDir(), "cut")
	os.MkdirAll(cut, 0o755)
	journal, _ := os.ReadFile(filepath.Join(s3, "journal.jsonl"))
	lines := strings.SplitAfter(strings.TrimSuffix(string(journal), "\n"), "\n")
	os.WriteFile(filepath.Join(cut, "journal.jsonl"), []byte(strings.Join(lines[:len(lines)-1], "")), 0o644)
	// Another assignment: a different rubric is fine (the journal keeps
	// verdicts), a different run command is not.
	otherConfig := writeFile(t, filepath.Dir(config), "other.yaml", strings.Replace(string(mustRead(t, config)), "python3 {submission}", "python3 -B {submission}", 1))

	merge := func(cfg string, dirs ...string) result {
		return kpuzzle(t, "", append([]string{"grade", "merge", "--config", cfg, "--out", t.TempDir()}, dirs...)...)
	}
	if r := merge(config, s1, s2, s3); r.code != 0 {
		t.Fatalf("the three shards: %+v", r)
	}
	for _, tc := range []struct {
		dirs []string
		cfg  string
		want string
	}{
		{[]string{s1, s2}, config, "shard 3/3 missing"},
		{[]string{s1, s2, s3, s3}, config, "shard 3/3 is given twice"},
		{[]string{s1, s2, foreign}, config, "graded different classes"},
		{[]string{s1, s2, cut}, config, "shard 3/3 is incomplete"},
		{[]string{s1, s2, whole}, config, "graded as a whole class, not as a shard"},
		{[]string{s1, s2, s3}, otherConfig, "graded with another assignment or puzzle set"},
		{[]string{s1, s2, t.TempDir()}, config, "no journal.jsonl"},
	} {
		wantOneLineError(t, merge(tc.cfg, tc.dirs...), tc.want)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestGradeShardResumes: a shard's folder resumes like any grading (a
// second run with --resume runs nothing), and refuses another shard.
func TestGradeShardResumes(t *testing.T) {
	config, subs := gradeFixture(t, "", "python-astar", "python-illegal", "python-crash")
	data, _ := os.ReadFile(config)
	os.WriteFile(config, []byte(strings.Replace(string(data), "  dir: ", "  glob: \"p1.txt\"\n  dir: ", 1)), 0o644)
	dir := filepath.Join(t.TempDir(), "shard")
	run := func(spec string) result {
		return kpuzzle(t, "", "grade", "--json", "--config", config, "--shard", spec, "--resume", "--out", dir, subs)
	}
	if r := run("1/2"); r.code != 0 || !strings.Contains(r.stdout, `"ran": 2`) {
		t.Fatalf("first run: %+v", r)
	}
	if r := run("1/2"); r.code != 0 || !strings.Contains(r.stdout, `"ran": 0`) || !strings.Contains(r.stdout, `"reused": 2`) {
		t.Errorf("resumed: %+v", r)
	}
	wantOneLineError(t, run("2/2"), "journal belongs to another assignment", `shard "1/2"`)
}
