package batch_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
)

// TestConcealedPathsCoverKpuzzlesCaches: the folder of kpuzzle's caches
// (pattern databases, and the exact tables of 3x4 and 2x6 boards, from
// which a program could read optimal moves) is hidden by every command
// that runs a program, through ConcealedPaths and GraderFiles.
func TestConcealedPathsCoverKpuzzlesCaches(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	want := filepath.Join(cache, "kpuzzle")
	if got := batch.GraderFiles(nil); !slices.Contains(got, want) {
		t.Errorf("GraderFiles() = %v, lacks the cache folder %s", got, want)
	}
	if got := batch.ConcealedPaths(grader.Assignment{}, nil); !slices.Contains(got, want) {
		t.Errorf("ConcealedPaths() = %v, lacks the cache folder %s", got, want)
	}
}

// TestOperatorPaths: the command line's own paths (the assignment file,
// the output folder, the results file's folder, --hide) are concealed,
// and with no assignment at all the grader's own files still are, as
// kpuzzle sandbox probe checks them.
func TestOperatorPaths(t *testing.T) {
	got := batch.OperatorPaths("/course/a.yaml", "/course/out", "/course/res/results.json", []string{"/keys", ""})
	want := []string{"/course/a.yaml", "/course/out", "/course/res", "/keys"}
	if !slices.Equal(got, want) {
		t.Errorf("OperatorPaths = %q, want %q", got, want)
	}
	if got := batch.OperatorPaths("", "", "", nil); len(got) != 0 {
		t.Errorf("OperatorPaths of nothing = %q", got)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	all := batch.ConcealedPaths(grader.Assignment{}, nil, got...)
	if !slices.Contains(all, filepath.Join(cache, "kpuzzle")) {
		t.Errorf("with no assignment, ConcealedPaths = %q, lacks kpuzzle's cache", all)
	}
}
