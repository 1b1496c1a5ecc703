package exact_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

// TestOpenCachesLargeTables builds a table once with the cache's
// threshold lowered to 2x4 boards (the mechanism of the 3x4 cache, in a
// moment): the second Open loads the same table from the cache with no
// build, a corrupt cache file is rebuilt saying why, and a board under
// the threshold is never cached.
func TestOpenCachesLargeTables(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4})
	var phases []string
	opts := exact.CacheOptions{Dir: dir, MinCells: 8, Progress: func(p exact.CacheProgress) {
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
		if p.Phase == "build" && (p.Found > p.Total || p.Total != exact.StateCount(p.Shape)) {
			t.Errorf("build progress %+v", p)
		}
	}}
	built, src, err := exact.Open(ctx, g, opts)
	if err != nil {
		t.Fatal(err)
	}
	if src.Loaded || src.File != filepath.Join(dir, exact.FileName(g)) || len(phases) != 2 || phases[0] != "build" || phases[1] != "save" {
		t.Fatalf("first open: %+v, phases %v", src, phases)
	}
	phases = nil
	loaded, src, err := exact.Open(ctx, g, opts)
	if err != nil || !src.Loaded || len(phases) != 1 || phases[0] != "load" {
		t.Fatalf("second open: %+v, phases %v, %v", src, phases, err)
	}
	if loaded.MaxDepth() != built.MaxDepth() {
		t.Errorf("loaded max depth %d, built %d", loaded.MaxDepth(), built.MaxDepth())
	}
	b := puzzles.MustBoard(2, 4, 5, 1, 2, 3, 0, 6, 7, 4)
	d1, _ := built.DistanceBoard(b)
	d2, _ := loaded.DistanceBoard(b)
	if d1 != d2 || d1 <= 0 {
		t.Errorf("distance %d built, %d loaded", d1, d2)
	}
	// A truncated file is rebuilt.
	if err := os.Truncate(src.File, 100); err != nil {
		t.Fatal(err)
	}
	_, src, err = exact.Open(ctx, g, opts)
	if err != nil || src.Loaded || src.Rebuilt == "" {
		t.Errorf("corrupt cache: %+v, %v", src, err)
	}
	// A small board is not cached.
	small := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	if _, src, err := exact.Open(ctx, small, opts); err != nil || src.File != "" {
		t.Errorf("2x3: %+v, %v", src, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("cache holds %d files, want the 2x4 table only", len(entries))
	}
}

// TestOpenWithoutAWritableCache: a cache folder that cannot be made (a
// file stands in its way) is no error: the table is built and returned,
// and Source.File says nothing was written; NoSave writes nothing either.
func TestOpenWithoutAWritableCache(t *testing.T) {
	ctx := context.Background()
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 4})
	tab, src, err := exact.Open(ctx, g, exact.CacheOptions{Dir: filepath.Join(blocker, "exact"), MinCells: 8})
	if err != nil || tab == nil || src.File != "" || src.Loaded {
		t.Errorf("unwritable cache: %+v, %v", src, err)
	}
	dir := t.TempDir()
	if _, src, err := exact.Open(ctx, g, exact.CacheOptions{Dir: dir, MinCells: 8, NoSave: true}); err != nil || src.File != "" {
		t.Errorf("NoSave: %+v, %v", src, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("NoSave wrote %d files", len(entries))
	}
}
