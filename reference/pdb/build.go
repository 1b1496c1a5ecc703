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
// One bit pair per (placement, empty cell) marks the frontier, so the
// search needs about n!/(n-k)! * 2(n-k) bits plus one byte per entry.
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
	var vals []uint8
	if mode == Additive {
		vals, err = b.additiveSearch(ctx)
	} else {
		vals, err = b.maxSearch(ctx)
	}
	if err != nil {
		return nil, err
	}
	// The search state (1 GB for an 8-tile pattern of the 15-puzzle) is
	// garbage now; collect it before encoding allocates, so that the
	// build's peak memory is the search's and not the sum of both.
	runtime.GC()
	// MaxValue is the largest entry: the largest excess under Additive.
	for _, v := range vals {
		hdr.MaxValue = max(hdr.MaxValue, v)
	}
	var data []byte
	hdr.Encoding, data = encode(vals, mode == Additive)
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

// Field codes of the additive search's state: two bits per (placement,
// empty cell); every cell of the blank's region carries the region's
// code.
const (
	codeUnseen = 0
	codeClosed = 1 // expanded at an earlier level
	codeEven   = 2 // frontier of an even level
	codeOdd    = 3 // frontier of an odd level
)

const lowBits = 0x5555555555555555

// succ is a successor waiting in a batch: a placement, its empty cells
// and the blank's cell.
type succ struct {
	idx   int64
	empty uint64
	blank uint8
}

// batchSize is how many successors a worker gathers before marking them.
const batchSize = 256

// additiveSearch runs the blank-aware search and returns each placement's
// excess over the pattern's Manhattan distance.
func (b *builder) additiveSearch(ctx context.Context) ([]uint8, error) {
	geo, n := b.geo, b.geo.n
	k := len(b.hdr.Tiles)
	entries := b.hdr.Entries
	elemBits := 8
	for elemBits < 2*(n-k) {
		elemBits *= 2
	}
	perWordLog := uint(bits.TrailingZeros(uint(64 / elemBits)))
	words := (entries + 1<<perWordLog - 1) >> perWordLog
	state := make([]uint64, words)
	exc := make([]uint8, entries)
	for i := range exc {
		exc[i] = 0xFF
	}
	goalPos := make([]uint8, n)
	for c, t := range b.hdr.Goal {
		goalPos[t] = uint8(c)
	}
	md := make([][]uint8, k)
	for i, t := range b.hdr.Tiles {
		md[i] = make([]uint8, n)
		for c := range n {
			md[i][c] = uint8(b.hdr.Shape.Distance(c, int(goalPos[t])))
		}
	}

	// regionFields is the low bit of the field of every cell of region,
	// the fields being numbered by the cells' rank among the empty cells.
	regionFields := func(region, empty uint64) uint64 {
		var f uint64
		for r := region; r != 0; r &= r - 1 {
			c := bits.TrailingZeros64(r)
			f |= 1 << (2 * bits.OnesCount64(empty&(1<<c-1)))
		}
		return f
	}
	// set marks the fields (low bits in f) of placement idx with code if
	// they are all unseen. A region's fields are always set, and later
	// closed, together, so any one of them tells whether it was seen.
	set := func(idx int64, f uint64, code uint64) bool {
		w := &state[idx>>perWordLog]
		sh := uint(idx&(1<<perWordLog-1)) * uint(elemBits)
		f <<= sh
		for {
			old := atomic.LoadUint64(w)
			if old&(f|f<<1) != 0 {
				return false
			}
			if atomic.CompareAndSwapUint64(w, old, old|f*code) {
				return true
			}
		}
	}
	// flush marks a batch of successors. It first reads all their words
	// with plain loads, which the processor overlaps, so the
	// compare-and-swaps that follow (each a full barrier) find their
	// cache lines already fetched; this is worth several times the speed
	// on a table much larger than the cache. Only a successor not seen
	// yet needs its blank's region flood-filled.
	flush := func(batch []succ, seen []uint64, code uint64) int64 {
		for i, s := range batch {
			seen[i] = atomic.LoadUint64(&state[s.idx>>perWordLog])
		}
		var found int64
		for i, s := range batch {
			sh := uint(s.idx&(1<<perWordLog-1))*uint(elemBits) + uint(2*bits.OnesCount64(s.empty&(1<<s.blank-1)))
			if seen[i]>>sh&3 != codeUnseen {
				continue
			}
			region := geo.flood(s.empty, int(s.blank))
			if set(s.idx, regionFields(region, s.empty), code) {
				found++
			}
		}
		return found
	}

	var start [MaxCells]uint8
	for i, t := range b.hdr.Tiles {
		start[i] = goalPos[t]
	}
	var used uint64
	for i := range k {
		used |= 1 << start[i]
	}
	empty := geo.all &^ used
	region := geo.flood(empty, int(goalPos[0]))
	set(rank(n, start[:k]), regionFields(region, empty), codeEven)

	var reached atomic.Int64
	for level := 0; ; level++ {
		cur, next := uint64(codeEven), uint64(codeOdd)
		if level%2 == 1 {
			cur, next = next, cur
		}
		curPattern := cur * lowBits
		var added atomic.Int64
		newWork := func() func(lo, hi int64) {
			batch := make([]succ, 0, batchSize+4*MaxCells)
			seen := make([]uint64, cap(batch))
			return func(lo, hi int64) {
				var pos [MaxCells]uint8
				var occ [MaxCells]int8
				var newFound, newReached int64
				batch = batch[:0]
				for wi := lo; wi < hi; wi++ {
					v := atomic.LoadUint64(&state[wi])
					if v == 0 {
						continue
					}
					x := v ^ curPattern
					z := ^(x | x>>1) & lowBits // low bit of every field equal to cur
					if z == 0 {
						continue
					}
					for zz := z; zz != 0; {
						e := bits.TrailingZeros64(zz) / elemBits
						elemMask := uint64(1)<<elemBits - 1
						if elemBits == 64 {
							elemMask = ^uint64(0)
						}
						fields := zz >> (e * elemBits) & elemMask
						zz &^= elemMask << (e * elemBits)
						idx := wi<<perWordLog + int64(e)
						used := unrank(n, idx, pos[:k])
						if exc[idx] == 0xFF {
							m := 0
							for i := range k {
								m += int(md[i][pos[i]])
								occ[pos[i]] = int8(i)
							}
							exc[idx] = uint8((level - m) / 2)
							newReached++
						} else {
							for i := range k {
								occ[pos[i]] = int8(i)
							}
						}
						empty := geo.all &^ used
						for f := fields; f != 0; {
							slot := bits.TrailingZeros64(f) / 2
							c := selectBit(empty, slot)
							region := geo.flood(empty, c)
							f &^= regionFields(region, empty)
							for adj := geo.dilate(region) & used; adj != 0; adj &= adj - 1 {
								a := bits.TrailingZeros64(adj)
								i := occ[a]
								for d := range 4 {
									q := geo.nbr[a][d]
									if q < 0 || region&(1<<q) == 0 {
										continue
									}
									pos[i] = uint8(q)
									batch = append(batch, succ{idx: rank(n, pos[:k]), empty: empty ^ (1 << q) ^ (1 << a), blank: uint8(a)})
								}
								pos[i] = uint8(a)
							}
						}
						if len(batch) >= batchSize {
							newFound += flush(batch, seen, next)
							batch = batch[:0]
						}
					}
					// Close the fields just expanded; other workers only ever
					// change unseen fields, so z stays valid.
					for {
						old := atomic.LoadUint64(&state[wi])
						if atomic.CompareAndSwapUint64(&state[wi], old, old&^(z|z<<1)|z) {
							break
						}
					}
				}
				newFound += flush(batch, seen, next)
				added.Add(newFound)
				reached.Add(newReached)
			}
		}
		if err := b.parallel(ctx, words, newWork, func() { b.report(level, reached.Load()) }); err != nil {
			return nil, err
		}
		b.report(level, reached.Load())
		if added.Load() == 0 {
			break
		}
		if level > 2*255 {
			return nil, errors.New("pattern table: search did not end")
		}
	}
	// Placements no solvable state has (only when the pattern holds all
	// but at most one tile) keep the value 0.
	for i, v := range exc {
		if v == 0xFF {
			exc[i] = 0
		}
	}
	return exc, nil
}

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
