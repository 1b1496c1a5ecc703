package pdb

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// MaxEntries caps the size of one pattern table (the 8-tile pattern of the
// 15-puzzle has 518,918,400 entries).
const MaxEntries = 1 << 32

// Phase says what a Progress report is about.
type Phase uint8

// The phases of opening a pattern database.
const (
	PhaseLoad    Phase = iota + 1 // reading a cached table
	PhaseRebuild                  // a cached table was missing, corrupt or stale; Reason says which
	PhaseBuild                    // building a table; Level and Reached advance
	PhaseSave                     // writing a built table to the cache
	PhaseDone                     // a table is ready
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseLoad:
		return "load"
	case PhaseRebuild:
		return "rebuild"
	case PhaseBuild:
		return "build"
	case PhaseSave:
		return "save"
	case PhaseDone:
		return "done"
	}
	return "phase?"
}

// Progress reports on opening or building one pattern table. Reports come
// from a single goroutine, in order.
type Progress struct {
	Phase Phase
	// Partition and Goal name the database the table belongs to, when
	// it is opened through a partition (Open, OpenPartition, OpenSpec).
	Partition string
	Goal      puzzles.Goal
	// Pattern is the 1-based number of the table within its partition,
	// of Patterns.
	Pattern, Patterns int
	Tiles             []int
	// Level is the breadth-first level being expanded (PhaseBuild).
	Level int
	// Reached counts the entries that have their value so far, of
	// Entries.
	Reached, Entries int64
	// File is the cache file concerned, if any.
	File string
	// Reason says why a table is rebuilt (PhaseRebuild).
	Reason string
}

// BuildOptions tune a build.
type BuildOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Progress, when not nil, receives reports about four times a second
	// while building. It must not block for long.
	Progress func(Progress)
}

func (o BuildOptions) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// BuildTable computes the pattern database of tiles for goal g by
// breadth-first search backwards from the goal.
//
// Under Additive the search runs over the pattern tiles' placements and
// the connected region of empty cells holding the blank: moving the blank
// within its region is free and a pattern tile sliding into the region
// costs 1, so every value counts pattern-tile moves exactly as Korf and
// Felner's additive databases do, minimised over the blank's position.
// One bit per (placement, empty cell) marks the regions reached and two
// bitmaps of placements the frontier, so the search needs about
// n!/(n-k)! * (n-k+2) bits plus four bits per entry (a byte when an
// excess passes 14).
//
// Under Max the search runs over the placements of the tiles and the blank
// with every move costing 1, and one byte per entry.
//
// Both use opts.Workers goroutines and stop early when ctx is done.
func BuildTable(ctx context.Context, g puzzles.Goal, mode Mode, tiles []int, opts BuildOptions) (*Table, error) {
	if err := runguard.Check("pdb.BuildTable"); err != nil {
		return nil, err
	}
	hdr, err := newHeader(g, mode, tiles)
	if err != nil {
		return nil, err
	}
	geo, err := newGeometry(hdr.Shape)
	if err != nil {
		return nil, err
	}
	report := func(Progress) {}
	if opts.Progress != nil {
		report = opts.Progress
	}
	b := &builder{geo: geo, hdr: hdr, workers: opts.workers(), report: func(level int, reached int64) {
		report(Progress{Phase: PhaseBuild, Pattern: 1, Patterns: 1, Tiles: intTiles(hdr.Tiles), Level: level, Reached: reached, Entries: hdr.Entries})
	}}
	var data []byte
	if mode == Additive {
		hdr.Encoding, data, hdr.MaxValue, err = b.additiveTable(ctx)
		if err != nil {
			return nil, err
		}
	} else {
		vals, err := b.maxSearch(ctx)
		if err != nil {
			return nil, err
		}
		// The search state is garbage now; collect it before encoding
		// allocates, so that the build's peak memory is the search's and
		// not the sum of both.
		runtime.GC()
		for _, v := range vals {
			hdr.MaxValue = max(hdr.MaxValue, v)
		}
		hdr.Encoding, data = encode(vals, false)
	}
	// The search state (to 0.8 GB for the 8-tile pattern of the
	// 15-puzzle) is garbage now: give it back before the next table.
	runtime.GC()
	hdr.Checksum = crc32.Checksum(data, castagnoli)
	return newTable(hdr, data), nil
}

func intTiles(t []uint8) []int {
	out := make([]int, len(t))
	for i, x := range t {
		out[i] = int(x)
	}
	return out
}

// newHeader checks a pattern and describes its table.
func newHeader(g puzzles.Goal, mode Mode, tiles []int) (Header, error) {
	if g.IsZero() {
		return Header{}, errors.New("pattern table: no goal")
	}
	s := g.Shape()
	n := s.Cells()
	if n > MaxCells {
		return Header{}, fmt.Errorf("pattern table: board %s has %d cells; at most %d are supported", s, n, MaxCells)
	}
	if mode != Additive && mode != Max {
		return Header{}, fmt.Errorf("pattern table: unknown mode %d", mode)
	}
	if len(tiles) == 0 {
		return Header{}, errors.New("pattern table: no tiles")
	}
	ts := slices.Clone(tiles)
	slices.Sort(ts)
	h := Header{Version: FormatVersion, Shape: s, Goal: g.Board().Bytes(), Mode: mode}
	for i, t := range ts {
		if t <= 0 || t >= n {
			return Header{}, fmt.Errorf("pattern table: tile %d is not a tile of a %s board (1..%d)", t, s, n-1)
		}
		if i > 0 && ts[i-1] == t {
			return Header{}, fmt.Errorf("pattern table: tile %d given twice", t)
		}
		h.Tiles = append(h.Tiles, uint8(t))
	}
	entries, ok := placements(n, h.ranked(), MaxEntries)
	if !ok {
		return Header{}, fmt.Errorf("pattern table: %d tiles on a %s board need more than %d entries", len(ts), s, int64(MaxEntries))
	}
	if mode == Additive && 2*(n-len(ts)) > 64 {
		return Header{}, fmt.Errorf("pattern table: %d tiles on a %s board leave more than 32 empty cells", len(ts), s)
	}
	h.Entries = entries
	return h, nil
}

type builder struct {
	geo     *geometry
	hdr     Header
	workers int
	report  func(level int, reached int64)
}

// chunkWords is how many state words a worker claims at a time.
const chunkWords = 1 << 12

// parallel runs work over [0, words) in chunks on every worker, calling
// tick about four times a second until they finish. newWork makes each
// worker's function, so that scratch buffers are allocated once per
// worker rather than once per chunk (per-chunk garbage would let the heap
// grow by the size of the live tables before the collector ran).
func (b *builder) parallel(ctx context.Context, words int64, newWork func() func(lo, hi int64), tick func()) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range b.workers {
		wg.Add(1)
		work := newWork()
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunkWords) - chunkWords
				if lo >= words {
					return
				}
				work(lo, min(lo+chunkWords, words))
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return ctx.Err()
		case <-t.C:
			tick()
		}
	}
}

// succ is a successor waiting in a batch: a placement, its empty cells
// and the blank's cell.
type succ struct {
	idx   int64
	empty uint64
	blank uint8
}

// batchSize is how many successors a worker gathers before marking them.
const batchSize = 256

// selectBit is the cell of the i-th (0-based) set bit of m.
func selectBit(m uint64, i int) int {
	for range i {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

// maxSearch runs the search over tiles and blank with every move costing 1 and
// returns each entry's distance.
func (b *builder) maxSearch(ctx context.Context) ([]uint8, error) {
	geo, n := b.geo, b.geo.n
	k := len(b.hdr.Tiles)
	r := k + 1
	entries := b.hdr.Entries
	words := (entries + 3) / 4
	state := make([]uint32, words)
	for i := range state {
		state[i] = 0xFFFFFFFF
	}
	goalPos := make([]uint8, n)
	for c, t := range b.hdr.Goal {
		goalPos[t] = uint8(c)
	}
	set := func(idx int64, v uint8) bool {
		w := &state[idx>>2]
		sh := uint(idx&3) * 8
		for {
			old := atomic.LoadUint32(w)
			if old>>sh&0xFF != 0xFF {
				return false
			}
			if atomic.CompareAndSwapUint32(w, old, old&^(0xFF<<sh)|uint32(v)<<sh) {
				return true
			}
		}
	}
	var start [MaxCells]uint8
	for i, t := range b.hdr.Tiles {
		start[i] = goalPos[t]
	}
	start[k] = goalPos[0]
	set(rank(n, start[:r]), 0)
	reached := atomic.Int64{}
	reached.Store(1)
	for level := 0; ; level++ {
		if level >= 254 {
			return nil, errors.New("pattern table: distances exceed 254")
		}
		var added atomic.Int64
		lv := uint32(level) * 0x01010101
		flush := func(batch []int64, seen []uint32) int64 {
			for i, idx := range batch {
				seen[i] = atomic.LoadUint32(&state[idx>>2])
			}
			var found int64
			for i, idx := range batch {
				if seen[i]>>(uint(idx&3)*8)&0xFF != 0xFF {
					continue
				}
				if set(idx, uint8(level+1)) {
					found++
				}
			}
			return found
		}
		newWork := func() func(lo, hi int64) {
			batch := make([]int64, 0, batchSize+4)
			seen := make([]uint32, cap(batch))
			return func(lo, hi int64) {
				var pos [MaxCells]uint8
				var newFound int64
				batch = batch[:0]
				for wi := lo; wi < hi; wi++ {
					v := atomic.LoadUint32(&state[wi])
					x := v ^ lv
					if (x-0x01010101)&^x&0x80808080 == 0 { // no byte equals level
						continue
					}
					for j := range 4 {
						if x>>(8*j)&0xFF != 0 {
							continue
						}
						idx := wi*4 + int64(j)
						if idx >= entries {
							break
						}
						used := unrank(n, idx, pos[:r])
						blank := int(pos[k])
						for d := range 4 {
							q := geo.nbr[blank][d]
							if q < 0 {
								continue
							}
							moved := -1
							if used&(1<<q) != 0 {
								for i := range k {
									if pos[i] == uint8(q) {
										moved = i
										break
									}
								}
								pos[moved] = uint8(blank)
							}
							pos[k] = uint8(q)
							batch = append(batch, rank(n, pos[:r]))
							pos[k] = uint8(blank)
							if moved >= 0 {
								pos[moved] = uint8(q)
							}
						}
						if len(batch) >= batchSize {
							newFound += flush(batch, seen)
							batch = batch[:0]
						}
					}
				}
				newFound += flush(batch, seen)
				added.Add(newFound)
				reached.Add(newFound)
			}
		}
		if err := b.parallel(ctx, words, newWork, func() { b.report(level, reached.Load()) }); err != nil {
			return nil, err
		}
		b.report(level, reached.Load())
		if added.Load() == 0 {
			break
		}
	}
	vals := make([]uint8, entries)
	for i := range vals {
		v := state[i>>2] >> (uint(i&3) * 8) & 0xFF
		if v == 0xFF {
			v = 0 // a placement no solvable state has
		}
		vals[i] = uint8(v)
	}
	return vals, nil
}
