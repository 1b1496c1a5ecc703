package batch_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
)

// TestTakeShard: every submission lands in exactly one shard, and a
// shard dealt nothing is an *EmptyShardError giving the class's size.
func TestTakeShard(t *testing.T) {
	subs := []batch.Submission{{Name: "c"}, {Name: "a"}, {Name: "b"}}
	seen := map[string]int{}
	for i := 1; i <= 2; i++ {
		got, sh, err := batch.TakeShard(subs, batch.Shard{Index: i, Count: 2})
		if err != nil {
			t.Fatalf("shard %d/2: %v", i, err)
		}
		if sh.Class != batch.ClassDigest(subs) {
			t.Errorf("shard %d/2: class %q, want the class's digest", i, sh.Class)
		}
		for _, s := range got {
			seen[s.Name]++
		}
	}
	if diff := cmp.Diff(map[string]int{"a": 1, "b": 1, "c": 1}, seen); diff != "" {
		t.Errorf("submissions per shard (-want +got):\n%s", diff)
	}
	_, sh, err := batch.TakeShard(subs, batch.Shard{Index: 4, Count: 4})
	var empty *batch.EmptyShardError
	if !errors.As(err, &empty) || empty.Class != 3 || sh.String() != "4/4" {
		t.Fatalf("shard 4/4 of 3: %v (%s), want an *EmptyShardError", err, sh)
	}
	if want := "this shard has no submission (the class has 3); use fewer shards"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestExportFolders: the folders of submissions, once each; a submission
// named on its own brings none.
func TestExportFolders(t *testing.T) {
	class := t.TempDir()
	for _, name := range []string{"s1", "s2"} {
		if err := os.MkdirAll(filepath.Join(class, name), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(class, name, "solver.py"), []byte("print()\n"), 0o644)
	}
	alone := t.TempDir()
	os.WriteFile(filepath.Join(alone, "solver.py"), []byte("print()\n"), 0o644)
	found, err := batch.Find([]string{class, alone}, batch.LayoutAuto, []string{"solver.py"})
	if err != nil {
		t.Fatal(err)
	}
	if len(found.Submissions) != 3 {
		t.Fatalf("found %+v, want 3 submissions", found.Submissions)
	}
	if diff := cmp.Diff([]string{class}, batch.ExportFolders(found.Submissions)); diff != "" {
		t.Errorf("export folders (-want +got):\n%s", diff)
	}
}

// TestOutcomeRecorded counts every result of every submission.
func TestOutcomeRecorded(t *testing.T) {
	o := batch.Outcome{Results: map[string]map[string]grader.Result{
		"a": {"p1": {}, "p2": {}}, "b": {"p1": {}}, "c": {}}}
	if got := o.Recorded(); got != 3 {
		t.Errorf("Recorded() = %d, want 3", got)
	}
}
