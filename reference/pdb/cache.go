package pdb

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// Options say where pattern databases are cached and how they are built.
type Options struct {
	// Dir is the cache directory; "" means DefaultDir().
	Dir string
	// Workers is the number of goroutines a build uses; 0 means
	// GOMAXPROCS.
	Workers int
	// Progress, when not nil, receives reports while tables load and
	// build, from one goroutine at a time.
	Progress func(Progress)
	// NoReflection turns off the diagonal reflection lookups.
	NoReflection bool
	// NoBuild makes Open fail with ErrNotBuilt rather than build a table
	// that is missing from the cache (or corrupt there).
	NoBuild bool
	// NoSave keeps built tables in memory without writing the cache.
	NoSave bool
}

// ErrNotBuilt reports a table missing from the cache when Options.NoBuild
// forbids building it.
var ErrNotBuilt = errors.New("pattern database not built")

// DefaultDir is the cache directory used when Options.Dir is empty:
// "kpuzzle/pdb" under the user cache directory (on Linux
// $XDG_CACHE_HOME or ~/.cache).
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pattern database cache: %w (set a directory with --pdb-dir)", err)
	}
	return filepath.Join(d, "kpuzzle", "pdb"), nil
}

func (o Options) dir() (string, error) {
	if o.Dir != "" {
		return o.Dir, nil
	}
	return DefaultDir()
}

// TableSource says where one table of an opened heuristic came from.
type TableSource struct {
	Tiles []int  `json:"tiles"`
	File  string `json:"file,omitempty"`
	// Loaded is true when the table was read from the cache.
	Loaded bool `json:"loaded"`
	// Rebuilt says why the cached file was not used, when it was not:
	// "not built yet", or what was wrong with it.
	Rebuilt string `json:"rebuilt,omitempty"`
	// Seconds is the time taken to load or build (and save) the table.
	Seconds float64 `json:"seconds"`
	Bytes   int64   `json:"bytes"`
}

// Open returns the heuristic of the shipped partition name ("78" or
// "pdb:78") for goal g, loading its tables from the cache or building
// (and caching) those that are missing, corrupt or stale.
func Open(ctx context.Context, name string, g puzzles.Goal, opts Options) (*Heuristic, error) {
	p, err := Named(name, g)
	if err != nil {
		return nil, err
	}
	return OpenPartition(ctx, p, opts)
}

// OpenPartition is Open for any partition.
func OpenPartition(ctx context.Context, p Partition, opts Options) (*Heuristic, error) {
	if err := runguard.Check("pdb.OpenPartition"); err != nil {
		return nil, err
	}
	tables := make([]*Table, len(p.Patterns))
	sources := make([]TableSource, len(p.Patterns))
	for i := range p.Patterns {
		t, src, err := loadOrBuild(ctx, p, i, opts)
		if err != nil {
			return nil, fmt.Errorf("pattern database %s: %w", p.Name, err)
		}
		tables[i], sources[i] = t, src
	}
	h, err := New(p, tables, opts.NoReflection)
	if err != nil {
		return nil, err
	}
	h.sources = sources
	return h, nil
}

// FileName is the cache file name of the table a header describes, for
// example "4x4-blank-first-additive-1-2-3-4-5-6-7.pdb".
func FileName(h Header) string {
	var sb strings.Builder
	sb.WriteString(h.Shape.String())
	sb.WriteByte('-')
	sb.WriteString(goalLabel(h.Shape, h.Goal))
	sb.WriteByte('-')
	sb.WriteString(h.Mode.String())
	for _, t := range h.Tiles {
		sb.WriteByte('-')
		sb.WriteString(strconv.Itoa(int(t)))
	}
	sb.WriteString(".pdb")
	return sb.String()
}

func goalLabel(s puzzles.Shape, goal []uint8) string {
	switch {
	case slices.Equal(goal, puzzles.DefaultGoal(s).Board().Bytes()):
		return puzzles.GoalDefault
	case slices.Equal(goal, puzzles.BlankFirstGoal(s).Board().Bytes()):
		return puzzles.GoalBlankFirst
	}
	return fmt.Sprintf("goal%08x", crc32.Checksum(goal, castagnoli))
}

func loadOrBuild(ctx context.Context, p Partition, i int, opts Options) (*Table, TableSource, error) {
	want, err := newHeader(p.Goal, p.Mode, p.Patterns[i])
	if err != nil {
		return nil, TableSource{}, err
	}
	src := TableSource{Tiles: slices.Clone(p.Patterns[i])}
	report := func(pr Progress) {
		if opts.Progress != nil {
			pr.Partition, pr.Goal = p.Name, p.Goal
			pr.Pattern, pr.Patterns = i+1, len(p.Patterns)
			pr.Tiles = src.Tiles
			opts.Progress(pr)
		}
	}
	start := time.Now()
	dir, err := opts.dir()
	if err != nil && !opts.NoSave {
		return nil, src, err
	}
	if dir != "" {
		src.File = filepath.Join(dir, FileName(want))
		report(Progress{Phase: PhaseLoad, File: src.File, Entries: want.Entries})
		t, err := loadTable(src.File, want)
		if err == nil {
			src.Loaded, src.Seconds, src.Bytes = true, time.Since(start).Seconds(), t.Bytes()
			report(Progress{Phase: PhaseDone, File: src.File, Reached: want.Entries, Entries: want.Entries})
			return t, src, nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			src.Rebuilt = "not built yet"
		} else {
			src.Rebuilt = err.Error()
		}
	} else {
		src.Rebuilt = "no cache"
	}
	if opts.NoBuild {
		return nil, src, fmt.Errorf("%w: tiles %v (%s): %s", ErrNotBuilt, p.Patterns[i], src.File, src.Rebuilt)
	}
	report(Progress{Phase: PhaseRebuild, File: src.File, Reason: src.Rebuilt, Entries: want.Entries})
	t, err := BuildTable(ctx, p.Goal, p.Mode, p.Patterns[i], BuildOptions{Workers: opts.Workers, Progress: func(pr Progress) {
		pr.File = src.File
		report(pr)
	}})
	if err != nil {
		return nil, src, err
	}
	if !opts.NoSave && src.File != "" {
		report(Progress{Phase: PhaseSave, File: src.File, Reached: want.Entries, Entries: want.Entries})
		if err := saveTable(src.File, t); err != nil {
			return nil, src, err
		}
	}
	src.Seconds, src.Bytes = time.Since(start).Seconds(), t.Bytes()
	report(Progress{Phase: PhaseDone, File: src.File, Reached: want.Entries, Entries: want.Entries})
	return t, src, nil
}

// loadTable reads the table at path and checks that it is the table
// want describes and that its data is intact.
func loadTable(path string, want Header) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hdr, err := ReadHeader(f)
	if err != nil {
		return nil, err
	}
	if !hdr.sameTable(want) {
		return nil, corruptf("header describes tiles %v on %s (goal %v, %s), expected tiles %v on %s (goal %v, %s)",
			hdr.Tiles, hdr.Shape, hdr.Goal, hdr.Mode, want.Tiles, want.Shape, want.Goal, want.Mode)
	}
	return readData(f, hdr)
}

// saveTable writes t to path through a temporary file and a rename, so a
// reader never sees a half-written table.
func saveTable(path string, t *Table) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("save pattern database: %w", err)
	}
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error { return WriteTable(w, t) })
	if err != nil {
		return fmt.Errorf("save pattern database %s: %w", path, err)
	}
	return nil
}

// Save writes t into directory dir under its FileName and returns the
// path.
func Save(dir string, t *Table) (string, error) {
	path := filepath.Join(dir, FileName(t.hdr))
	return path, saveTable(path, t)
}

// FileStatus is the state of one cached table file.
type FileStatus struct {
	File   string `json:"file"`
	Header Header `json:"-"`
	Bytes  int64  `json:"bytes"`
	// Err is nil for a good file; otherwise it says what is wrong.
	Err error `json:"-"`
}

// Verify checks every table file (*.pdb) in dir: header, sizes and data
// checksum. A missing directory holds no files.
func Verify(dir string) ([]FileStatus, error) {
	return scan(dir, true)
}

// Cached lists the table files in dir, checking only their headers.
func Cached(dir string) ([]FileStatus, error) {
	return scan(dir, false)
}

func scan(dir string, full bool) ([]FileStatus, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []FileStatus
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".pdb") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		st := FileStatus{File: path}
		if info, err := e.Info(); err == nil {
			st.Bytes = info.Size()
		}
		st.Header, st.Err = checkFile(path, full)
		if st.Err == nil && FileName(st.Header) != e.Name() {
			st.Err = corruptf("header describes %s, not %s", FileName(st.Header), e.Name())
		}
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
}

func checkFile(path string, full bool) (Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return Header{}, err
	}
	defer f.Close()
	hdr, err := ReadHeader(f)
	if err != nil || !full {
		return hdr, err
	}
	_, err = readData(f, hdr)
	return hdr, err
}

// Status says, without reading table data, whether every table of
// partition p is in the cache directory dir with a matching header.
func Status(dir string, p Partition) (files []string, built bool, err error) {
	built = true
	for _, pat := range p.Patterns {
		want, err := newHeader(p.Goal, p.Mode, pat)
		if err != nil {
			return nil, false, err
		}
		path := filepath.Join(dir, FileName(want))
		files = append(files, path)
		hdr, err := checkFile(path, false)
		if err != nil || !hdr.sameTable(want) {
			built = false
		}
	}
	return files, built, nil
}
