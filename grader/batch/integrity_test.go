package batch_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
)

// What the inspection finds is journaled: a resumed grading and a merge
// of shards report it as the first grading did, and integrity: zero
// applies to merged results too.
func TestIntegrityKeptByResumeAndMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("grades two shards twice (seconds); go test without -short runs it")
	}
	needTool(t, "python3")
	root := t.TempDir()
	copyInto(t, submissionDir("python-astar"), filepath.Join(root, "a-honest"))
	copyInto(t, submissionDir("python-astar"), filepath.Join(root, "b-tables"))
	writePatternDatabase(t, filepath.Join(root, "b-tables", "cache", "h.bin"))
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{
		"puzzles": {"dir": %q, "glob": "p1.txt"},
		"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "60s"}
	}`, mustAbs(t, smallSet)))
	tests, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]grader.IntegrityFinding{"b-tables": {{File: "cache/h.bin", Finding: integrity.FindPatternDB}}}

	var dirs []string
	for i := 1; i <= 2; i++ {
		shardSubs, shard := batch.SelectShard(subs, batch.Shard{Index: i, Count: 2})
		out := t.TempDir()
		dirs = append(dirs, out)
		opts := batch.Options{Assignment: a, Tests: tests, Submissions: shardSubs, Shard: &shard, JournalPath: filepath.Join(out, batch.JournalFile)}
		if _, err := batch.Grade(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		// Resumed: nothing runs again, the findings are the same.
		opts.Resume = true
		o, err := batch.Grade(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if o.Ran != 0 {
			t.Errorf("shard %d resumed ran %d tests", i, o.Ran)
		}
		for name, f := range o.Integrity {
			if diff := cmp.Diff(want[name], f); diff != "" {
				t.Errorf("resumed shard %d, %s (-want +got):\n%s", i, name, diff)
			}
		}
	}
	m, err := batch.Merge(dirs, a, tests, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, m.Integrity); diff != "" {
		t.Errorf("merged (-want +got):\n%s", diff)
	}
	if r := m.Results["b-tables"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("under flag the flagged submission is graded normally: %s", resultText(r))
	}

	a.Integrity.Action = grader.IntegrityZero
	m, err = batch.Merge(dirs, a, tests, "")
	if err != nil {
		t.Fatal(err)
	}
	if r := m.Results["b-tables"]["p1.txt"]; r.Score(a.Rubric) != 0 || r.Summary != "scored 0 (integrity: zero): cache/h.bin: "+integrity.FindPatternDB {
		t.Errorf("merged under zero: %s", resultText(r))
	}
	if r := m.Results["a-honest"]["p1.txt"]; r.Verdict != check.Optimal {
		t.Errorf("the honest submission under zero: %s", resultText(r))
	}
}
