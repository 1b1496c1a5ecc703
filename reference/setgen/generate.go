package setgen

import (
	"context"
	"runtime"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// MaxTableCells is the largest board, in cells, whose Depth-mode boards
// are drawn from an exact distance table. Tables of 3x3 boards build in
// milliseconds, of 2x5 in a fraction of a second; 2x6 and 3x4 take 240 MB
// and some seconds (see reference/exact).
const MaxTableCells = exact.MaxCells

// Options tune Generate. The zero Options is ready to use.
type Options struct {
	// Prover proves the keys; nil means a new Prover with the built-in
	// heuristics. Give one that holds pattern databases to prove 4x4 keys
	// fast.
	Prover *reference.Prover
	// Jobs is the number of puzzles worked on at once; 0 or less means
	// GOMAXPROCS. The set does not depend on it.
	Jobs int
	// Shard, when not zero, generates only that shard's puzzles.
	Shard Shard
	// Timeout bounds the work on one puzzle (drawing it at its depth and
	// proving its key); 0 means no bound. A puzzle that runs out of time
	// fails the whole generation with an error wrapping
	// context.DeadlineExceeded, so that a set never lacks a key it should
	// have.
	Timeout time.Duration
	// Progress, when not nil, is called from the goroutine that called
	// Generate after every finished puzzle.
	Progress func(Progress)
	// Tables say where the exact tables of Depth-mode groups on boards
	// of 11 and 12 cells (2x6, 3x4), a minute or more to build, are
	// cached, and receive the progress of loading or building them
	// (from the goroutine that called Generate). The zero value caches
	// them in exact.DefaultCacheDir().
	Tables exact.CacheOptions
}

// Progress reports how far a generation has come.
type Progress struct {
	// Done puzzles of Total (the shard's puzzles) are finished.
	Done, Total int
}

// Set is a generated puzzle set (or one shard of it), ready to be written.
type Set struct {
	// Manifest describes the set; its Puzzles are those of Puzzles and
	// its Goal and Format are filled in by Write.
	Manifest puzzles.Manifest
	// Goal is the goal of the set's first group; it names the manifest's
	// goal.
	Goal   puzzles.Goal
	Format puzzles.Format
	// Puzzles are the boards and their entries in set order.
	Puzzles []puzzles.SetPuzzle
}

// Write writes the set into dir: one file per puzzle, goal.txt for a
// custom goal, and manifest.json (see puzzles.WriteSetDir).
func (s Set) Write(dir string) error {
	return puzzles.WriteSetDir(dir, s.Manifest, s.Goal, s.Puzzles, s.Format)
}

// Generate draws the puzzles of spec (or of opts.Shard's part of it) and
// proves their keys. It returns an error wrapping ErrSpec when the spec
// asks for what cannot be had (more boards at a depth than exist, a depth
// beyond the board's largest), and ctx's error, wrapped, when it is
// cancelled.
func Generate(ctx context.Context, spec Spec, opts Options) (Set, error) {
	if err := runguard.Check("setgen.Generate"); err != nil {
		return Set{}, err
	}
	if err := spec.Validate(); err != nil {
		return Set{}, err
	}
	if err := opts.Shard.Validate(); err != nil {
		return Set{}, specErrorf("%v", err)
	}
	g := &generation{spec: spec, opts: opts, prover: opts.Prover, tables: map[int]*exact.Table{}}
	if g.prover == nil {
		g.prover = &reference.Prover{}
	}
	if g.opts.Jobs <= 0 {
		g.opts.Jobs = runtime.GOMAXPROCS(0)
	}

	// Tables and the per-depth split.
	counts := make([][]int, len(spec.Groups))
	for gi, grp := range spec.Groups {
		if grp.Mode != Depth {
			continue
		}
		var capacity func(int) int64
		if grp.Goal.Shape().Cells() <= MaxTableCells {
			t, err := g.table(ctx, grp.Goal)
			if err != nil {
				return Set{}, err
			}
			g.tables[gi] = t
			if grp.Depths.Max > t.MaxDepth() {
				return Set{}, specErrorf("%s has no board at depth %d for the %s goal: its largest depth is %d", grp.Goal.Shape(), grp.Depths.Max, grp.Goal.Name(), t.MaxDepth())
			}
			counts64 := t.Counts()
			capacity = func(d int) int64 { return counts64[d] }
		}
		c, err := perDepth(grp, capacity)
		if err != nil {
			return Set{}, err
		}
		counts[gi] = c
	}
	g.slots = plan(spec, counts)
	g.boards = make([]puzzles.Board, len(g.slots))
	if err := g.drawCheap(); err != nil {
		return Set{}, err
	}

	var mine []int
	for _, s := range g.slots {
		if opts.Shard.owns(s.pos) {
			mine = append(mine, s.pos)
		}
	}
	results, err := g.run(ctx, mine)
	if err != nil {
		return Set{}, err
	}

	set := Set{Goal: spec.Groups[0].Goal, Format: spec.Format}
	seed := spec.Seed
	set.Manifest = puzzles.Manifest{
		Shape:      commonShape(spec.Groups),
		Convention: spec.Convention.String(),
		Seed:       &seed,
		Generator:  shardGenerator(spec.Generator, opts.Shard),
	}
	// Boards drawn up front are distinct already; boards found by
	// proving candidates (Depth mode on large boards) are checked here.
	seen := map[string]string{}
	for i, pos := range mine {
		r := results[i]
		s := g.slots[pos]
		k := boardKey(r.board)
		if other, dup := seen[k]; dup {
			return Set{}, specErrorf("%s and %s are the same board %s; at small depths a large board has few boards (one at depth 0, two to four at depth 1), so ask for fewer there, or generate again with another seed", other, s.file, r.board)
		}
		seen[k] = s.file
		set.Puzzles = append(set.Puzzles, puzzles.SetPuzzle{Board: r.board, Entry: r.entry})
	}
	return set, nil
}
