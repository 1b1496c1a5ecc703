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
