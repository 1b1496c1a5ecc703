package exact

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// MinCachedCells is the smallest board, in cells, whose table Open keeps
// on disk: a table of up to 10 cells builds in under a second (2x5:
// 1.8 MB, a third of a second), while one of 11 or 12 cells (2x6, 3x4)
// takes a minute or more and 240 MB (docs/performance.md).
const MinCachedCells = 11

// CacheOptions say where Open keeps exact tables and how it builds them.
type CacheOptions struct {
	// Dir is the cache directory; "" means DefaultCacheDir().
	Dir string
	// NoSave keeps a built table in memory without writing the cache.
	NoSave bool
	// Workers is Options.Workers of a build.
	Workers int
	// Progress, when not nil, is told what Open does: loading, building
	// (once per depth), saving. It is called from Open's goroutine.
	Progress func(CacheProgress)
	// MinCells is the smallest board cached; 0 means MinCachedCells.
	MinCells int
}

// CacheProgress is one report of Open.
type CacheProgress struct {
	// Phase is "load", "build" or "save".
	Phase string
	Shape puzzles.Shape
	// File is the cache file.
	File string
	// Depth and States are the depth a build has reached and the states
	// found at it, Found those found at every depth so far (Phase
	// "build").
	Depth         int
	States, Found int64
	// Total is the number of states of the table.
	Total int64
	// Elapsed is the time since Open started.
	Elapsed time.Duration
}

// Source says where Open's table came from.
type Source struct {
	// File is the cache file ("" when the board is too small to cache, no
	// cache directory is known, or a built table was not written).
	File string
	// Loaded is set when the table was read from File.
	Loaded bool
	// Rebuilt says why File was not used when it existed: what was wrong
	// with it.
	Rebuilt string
	// Seconds is the time taken to load or build (and save) the table.
	Seconds float64
}

// DefaultCacheDir is where Open keeps tables when CacheOptions.Dir is
// empty: "kpuzzle/exact" under the user cache directory (on Linux
// $XDG_CACHE_HOME or ~/.cache), beside the pattern databases.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("exact table cache: %w", err)
	}
	return filepath.Join(d, "kpuzzle", "exact"), nil
}

// FileName is the cache file name of goal g's table: its shape and a
// checksum of the goal's cells, such as "3x4-5f2c1d9a.exact".
func FileName(g puzzles.Goal) string {
	sum := crc32.Checksum(g.Board().Bytes(), castagnoli)
	return fmt.Sprintf("%s-%08x.exact", g.Shape(), sum)
}

// Open returns goal g's exact table. On boards of at least MinCachedCells
// cells (CacheOptions.MinCells) it reads the table from the cache when a valid one is there, and
// otherwise builds it and saves it (atomically, so that a reader never
// sees half a file); a cache file that is corrupt or for another goal is
// rebuilt, and a cache that cannot be written is not an error (the table
// is returned, Source.File empty). Smaller boards are built: that is
// faster than reading.
func Open(ctx context.Context, g puzzles.Goal, opts CacheOptions) (*Table, Source, error) {
	start := time.Now()
	s := g.Shape()
	total := StateCount(s)
	report := func(p CacheProgress) {
		if opts.Progress != nil {
			p.Shape, p.Total, p.Elapsed = s, total, time.Since(start)
			opts.Progress(p)
		}
	}
	build := func(file string) (*Table, error) {
		var found int64
		return Build(ctx, g, Options{Workers: opts.Workers, Progress: func(depth int, states int64) {
			found += states
			report(CacheProgress{Phase: "build", File: file, Depth: depth, States: states, Found: found})
		}})
	}
	minCells := opts.MinCells
	if minCells <= 0 {
		minCells = MinCachedCells
	}
	if s.Cells() < minCells {
		t, err := build("")
		return t, Source{Seconds: time.Since(start).Seconds()}, err
	}
	dir := opts.Dir
	if dir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			t, err := build("")
			return t, Source{Seconds: time.Since(start).Seconds()}, err
		}
		dir = d
	}
	path := filepath.Join(dir, FileName(g))
	src := Source{File: path}
	switch f, err := os.Open(path); {
	case err == nil:
		report(CacheProgress{Phase: "load", File: path})
		t, lerr := Load(f, g)
		f.Close()
		if lerr == nil {
			src.Loaded, src.Seconds = true, time.Since(start).Seconds()
			return t, src, nil
		}
		if ctx.Err() != nil {
			return nil, src, ctx.Err()
		}
		src.Rebuilt = lerr.Error()
	case !errors.Is(err, fs.ErrNotExist):
		src.Rebuilt = err.Error()
	}
	t, err := build(path)
	if err != nil {
		return nil, src, err
	}
	src.File = "" // until it is written
	if !opts.NoSave {
		report(CacheProgress{Phase: "save", File: path})
		werr := os.MkdirAll(dir, 0o755)
		if werr == nil {
			werr = atomicfile.Write(path, 0o644, func(w io.Writer) error { return t.Save(w) })
		}
		if werr == nil {
			src.File = path
		}
	}
	src.Seconds = time.Since(start).Seconds()
	return t, src, nil
}
