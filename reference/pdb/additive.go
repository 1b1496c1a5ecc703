package pdb

import (
	"context"
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
)

// The additive search keeps, per placement of the pattern tiles, one bit
// per empty cell: set once the blank's region holding that cell has been
// reached (a region's cells are always set together), and two bitmaps of
// placements, those with a region reached at the level being expanded and
// those with one reached at the next. Expanding a placement expands all
// its reached regions: a region reached at an earlier level is expanded
// again, for nothing (its successors were all reached then), which costs
// some time and no memory. For the 8-tile pattern of the 15-puzzle that
// is 519 MB of cell bits and 2 x 65 MB of bitmaps, where two bits per
// (placement, empty cell) took 1.04 GB; the excess is kept in four bits
// a placement while it fits (the table's own encoding), else in a byte.

// nibbleUnset marks a placement whose excess is not known yet while the
// excess is kept in four bits; an excess that large makes the search
// start again with a byte per placement.
const nibbleUnset = 0xF

// errNibbleOverflow restarts the search with a byte per placement.
var errNibbleOverflow = errors.New("excess above 14")

// excessStore holds each placement's excess over its Manhattan distance
// during the search: four bits a placement (low nibble first, as the
// table's nibble encoding) or a byte.
type excessStore struct {
	nibble bool
	data   []byte
}

func newExcessStore(entries int64, nibble bool) excessStore {
	if nibble {
		d := make([]byte, (entries+1)/2)
		adviseHugePages(d)
		for i := range d {
			d[i] = nibbleUnset | nibbleUnset<<4
		}
		return excessStore{nibble: true, data: d}
	}
	d := make([]byte, entries)
	adviseHugePages(d)
	for i := range d {
		d[i] = 0xFF
	}
	return excessStore{data: d}
}

// unset reports whether placement i has no excess yet.
func (e excessStore) unset(i int64) bool {
	if e.nibble {
		return e.data[i>>1]>>(uint(i&1)<<2)&0xF == nibbleUnset
	}
	return e.data[i] == 0xFF
}

// set records placement i's excess v; false when v does not fit.
func (e excessStore) set(i int64, v int) bool {
	if e.nibble {
		if v >= nibbleUnset {
			return false
		}
		sh := uint(i&1) << 2
		e.data[i>>1] = e.data[i>>1]&^(0xF<<sh) | byte(v)<<sh
		return true
	}
	e.data[i] = byte(v)
	return true
}

// finish gives placements no solvable state has the value 0 and returns
// the table's encoding and data and its largest value.
func (e excessStore) finish() (Encoding, []byte, uint8) {
	var hi uint8
	if e.nibble {
		for i, b := range e.data {
			lo, up := b&0xF, b>>4
			if lo == nibbleUnset {
				lo = 0
			}
			if up == nibbleUnset {
				up = 0
			}
			hi = max(hi, lo, up)
			e.data[i] = lo | up<<4
		}
		return Encoding{Bits: 4, Excess: true}, e.data, hi
	}
	for i, v := range e.data {
		if v == 0xFF {
			e.data[i] = 0
		}
		hi = max(hi, e.data[i])
	}
	enc, data := encode(e.data, true)
	return enc, data, hi
}

// additiveTable runs the blank-aware search and returns the table's
// encoding, data and largest excess. It keeps the excess in four bits
// while every excess fits (all shipped tables), else starts again with
// a byte per placement.
func (b *builder) additiveTable(ctx context.Context) (Encoding, []byte, uint8, error) {
	enc, data, hi, err := b.additiveSearch(ctx, true)
	if errors.Is(err, errNibbleOverflow) {
		enc, data, hi, err = b.additiveSearch(ctx, false)
	}
	return enc, data, hi, err
}

// additiveSearch is one run of the search (see additiveTable).
func (b *builder) additiveSearch(ctx context.Context, nibble bool) (Encoding, []byte, uint8, error) {
	s := newRegionSearch(b.geo, b.hdr, nibble)
	s.start()
	var reached atomic.Int64
	for level := 0; ; level++ {
		var added atomic.Int64
		var overflow atomic.Bool
		newWork := func() func(lo, hi int64) {
			w := &regionWorker{s: s, level: level, batch: make([]succ, batchSize+4*MaxCells), words: make([]uint64, batchSize+4*MaxCells)}
			w.it.init(s.n, s.k)
			return func(lo, hi int64) {
				found, newReached, ok := w.expand(lo, hi)
				if !ok {
					overflow.Store(true)
				}
				added.Add(found)
				reached.Add(newReached)
			}
		}
		if err := b.parallel(ctx, s.touchWords, newWork, func() { b.report(level, reached.Load()) }); err != nil {
			return Encoding{}, nil, 0, err
		}
		if overflow.Load() {
			return Encoding{}, nil, 0, errNibbleOverflow
		}
		b.report(level, reached.Load())
		if added.Load() == 0 {
			break
		}
		if level > 2*255 {
			return Encoding{}, nil, 0, errors.New("pattern table: search did not end")
		}
		s.cur, s.next = s.next, s.cur
		clear(s.next)
	}
	enc, data, hi := s.exc.finish()
	return enc, data, hi, nil
}

// regionSearch is the state of the blank-aware search of one additive
// table: the cell bits of every placement (seen: elemBits a placement,
// one per empty cell, numbered by the cell's rank among the empty cells),
// the frontier bitmaps and the excesses.
type regionSearch struct {
	geo                    *geometry
	n, k                   int
	tiles                  []uint8
	entries                int64
	elemBits               uint
	perWordLog             uint
	elemMask               uint64
	allRegion              uint64           // the bits of a placement whose empty cells are one region
	pack                   *[256][256]uint8 // packBits()
	seen                   []uint64
	touchWords             int64
	cur, next              []uint64
	exc                    excessStore
	goalPos                []uint8
	md                     [MaxCells][MaxCells]uint8 // i-th tile, cell -> Manhattan distance
	weight                 [MaxCells]int64           // place value of the i-th tile's digit
	betweenUp, betweenDown [MaxCells]uint64          // cells strictly between a and a-cols, a+cols
}

func newRegionSearch(geo *geometry, hdr Header, nibble bool) *regionSearch {
	n, k := geo.n, len(hdr.Tiles)
	s := &regionSearch{geo: geo, n: n, k: k, tiles: hdr.Tiles, entries: hdr.Entries}
	s.elemBits = 8
	for s.elemBits < uint(n-k) {
		s.elemBits *= 2
	}
	s.perWordLog = uint(bits.TrailingZeros(uint(64 / s.elemBits)))
	s.elemMask = uint64(1)<<s.elemBits - 1
	if s.elemBits == 64 {
		s.elemMask = ^uint64(0)
	}
	s.pack = packBits()
	s.allRegion = uint64(1)<<(n-k) - 1
	if n-k == 64 {
		s.allRegion = ^uint64(0)
	}
	s.seen = make([]uint64, (s.entries+1<<s.perWordLog-1)>>s.perWordLog)
	adviseHugePages(wordBytes(s.seen))
	s.touchWords = (s.entries + 63) / 64
	s.cur, s.next = make([]uint64, s.touchWords), make([]uint64, s.touchWords)
	s.exc = newExcessStore(s.entries, nibble)
	s.goalPos = make([]uint8, n)
	for c, t := range hdr.Goal {
		s.goalPos[t] = uint8(c)
	}
	for i, t := range hdr.Tiles {
		for c := range n {
			s.md[i][c] = uint8(hdr.Shape.Distance(c, int(s.goalPos[t])))
		}
	}
	s.weight[k-1] = 1
	for i := k - 2; i >= 0; i-- {
		s.weight[i] = s.weight[i+1] * int64(n-i-1)
	}
	for a := range n {
		for c := a - geo.cols + 1; c < a; c++ {
			if c >= 0 {
				s.betweenUp[a] |= 1 << c
			}
		}
		for c := a + 1; c < a+geo.cols && c < n; c++ {
			s.betweenDown[a] |= 1 << c
		}
	}
	return s
}

// start marks the goal placement, with the region of the goal's blank,
// reached at level 0.
func (s *regionSearch) start() {
	var start [MaxCells]uint8
	var used uint64
	for i := range s.k {
		c := s.goalPos[s.tiles[i]]
		start[i] = c
		used |= 1 << c
	}
	empty := s.geo.all &^ used
	first := rank(s.n, start[:s.k])
	s.mark(first, s.regionBits(s.geo.flood(empty, int(s.goalPos[0])), empty))
	s.cur[first>>6] |= 1 << (first & 63)
}

// regionBits is the bit of every cell of region, the cells being
// numbered by their rank among the empty cells: the bits of region at
// the set bits of empty, packed (what x86's PEXT does), a byte at a time.
func (s *regionSearch) regionBits(region, empty uint64) uint64 {
	if region == empty {
		return s.allRegion
	}
	pack := s.pack
	var f uint64
	shift := 0
	for ; empty != 0; empty, region = empty>>8, region>>8 {
		m := uint8(empty)
		f |= uint64(pack[m][uint8(region)]) << shift
		shift += bits.OnesCount8(m)
	}
	return f
}

// packBits is the table of regionBits: packBits()[m][v] holds the bits
// of v at the set bits of m, packed into the low bits.
var packBits = sync.OnceValue(func() *[256][256]uint8 {
	var t [256][256]uint8
	for m := range 256 {
		for v := range 256 {
			var f, i uint8
			for b := range 8 {
				if m>>b&1 != 0 {
					f |= uint8(v>>b&1) << i
					i++
				}
			}
			t[m][v] = f
		}
	}
	return &t
})

// mark sets the bits f of placement idx if none of them is set yet.
func (s *regionSearch) mark(idx int64, f uint64) bool {
	w := &s.seen[idx>>s.perWordLog]
	f <<= uint(idx&(1<<s.perWordLog-1)) * s.elemBits
	for {
		old := atomic.LoadUint64(w)
		if old&f != 0 {
			return false
		}
		if atomic.CompareAndSwapUint64(w, old, old|f) {
			return true
		}
	}
}

// regionWorker is one goroutine's share of a level of the search.
type regionWorker struct {
	s     *regionSearch
	level int
	it    placementIter
	occ   [MaxCells]int8 // the tile on each cell, by its number in the pattern
	batch []succ
	words []uint64
	nb    int
}

// expand expands the placements of the frontier in the words [lo, hi) of
// cur: every region of theirs reached so far. It returns the regions it
// reached for the first time and the placements it gave their excess,
// and false if an excess does not fit the store.
func (w *regionWorker) expand(lo, hi int64) (found, reached int64, ok bool) {
	s, it := w.s, &w.it
	geo := s.geo
	w.nb = 0
	for wi := lo; wi < hi; wi++ {
		for tw := s.cur[wi]; tw != 0; tw &= tw - 1 {
			idx := wi<<6 + int64(bits.TrailingZeros64(tw))
			it.moveTo(idx)
			if s.exc.unset(idx) {
				m := 0
				for i := range s.k {
					m += int(s.md[i][it.pos[i]])
				}
				if !s.exc.set(idx, (w.level-m)/2) {
					return found, reached, false
				}
				reached++
			}
			for i := range s.k {
				w.occ[it.pos[i]&(MaxCells-1)] = int8(i)
			}
			empty := geo.all &^ it.used
			first := geo.flood(empty, bits.TrailingZeros64(empty))
			if first == empty {
				w.successors(idx, empty, empty)
			} else {
				// Several regions: expand those reached so far (bit 0 is
				// the first empty cell, whose region is first).
				fields := atomic.LoadUint64(&s.seen[idx>>s.perWordLog]) >> (uint(idx&(1<<s.perWordLog-1)) * s.elemBits) & s.elemMask
				for f := fields; f != 0; {
					region := first
					if f&1 == 0 {
						region = geo.flood(empty, selectBit(empty, bits.TrailingZeros64(f)))
					}
					f &^= s.regionBits(region, empty)
					w.successors(idx, empty, region)
				}
			}
			if w.nb >= batchSize {
				found += w.flush()
			}
		}
	}
	found += w.flush()
	return found, reached, true
}

// successors adds to the batch every placement that a pattern tile next
// to region reaches by sliding into it, from the placement idx (which
// the iterator stands on) with the empty cells empty. The successor's
// rank comes from idx: the moved tile's digit changes, by one for a
// slide sideways; sliding up or down a row, by the width of the board
// less the earlier tiles it passes, and the digit of every later tile it
// passes changes by one (one more or one fewer free cell below it).
func (w *regionWorker) successors(idx int64, empty, region uint64) {
	s, it, geo := w.s, &w.it, w.s.geo
	used := it.used
	cols := geo.cols
	// Up: the tile on a slides to a-cols.
	for m := used & (region << cols); m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		i := int(w.occ[a]) & (MaxCells - 1)
		between := s.betweenUp[a]
		next := idx - int64(cols-bits.OnesCount64(it.before[i]&between))*s.weight[i]
		for l := used &^ it.before[i] & between; l != 0; l &= l - 1 {
			next -= s.weight[int(w.occ[bits.TrailingZeros64(l)])&(MaxCells-1)]
		}
		w.add(next, empty^(1<<(a-cols))^(1<<a), a)
	}
	// Down: the tile on a slides to a+cols.
	for m := used & (region >> cols); m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		i := int(w.occ[a]) & (MaxCells - 1)
		between := s.betweenDown[a]
		next := idx + int64(cols-bits.OnesCount64(it.before[i]&between))*s.weight[i]
		for l := used &^ it.before[i] & between; l != 0; l &= l - 1 {
			next += s.weight[int(w.occ[bits.TrailingZeros64(l)])&(MaxCells-1)]
		}
		w.add(next, empty^(1<<(a+cols))^(1<<a), a)
	}
	// Left and right: no cell between, only the tile's digit changes.
	for m := used & (region << 1) & geo.notCol0; m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		w.add(idx-s.weight[int(w.occ[a])&(MaxCells-1)], empty^(1<<(a-1))^(1<<a), a)
	}
	for m := used & (region >> 1) & geo.notColLast; m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		w.add(idx+s.weight[int(w.occ[a])&(MaxCells-1)], empty^(1<<(a+1))^(1<<a), a)
	}
}

// add puts a successor in the batch.
func (w *regionWorker) add(idx int64, empty uint64, blank int) {
	w.batch[w.nb] = succ{idx: idx, empty: empty, blank: uint8(blank)}
	w.nb++
}

// flush marks the batch's successors reached, sets them in the next
// frontier and empties the batch. It first reads all their words with
// plain loads, which the processor overlaps, so the compare-and-swaps
// that follow (each a full barrier) find their cache lines already
// fetched. Only a successor not reached yet needs its blank's region
// flood-filled.
func (w *regionWorker) flush() int64 {
	s := w.s
	batch := w.batch[:w.nb]
	words := w.words[:len(batch)]
	for i := range batch {
		words[i] = atomic.LoadUint64(&s.seen[batch[i].idx>>s.perWordLog])
	}
	var found int64
	for i := range batch {
		sc := &batch[i]
		sh := uint(sc.idx&(1<<s.perWordLog-1))*s.elemBits + uint(bits.OnesCount64(sc.empty&(1<<sc.blank-1)))
		if words[i]>>sh&1 != 0 {
			continue
		}
		region := s.geo.flood(sc.empty, int(sc.blank))
		if s.mark(sc.idx, s.regionBits(region, sc.empty)) {
			atomic.OrUint64(&s.next[sc.idx>>6], 1<<(sc.idx&63))
			found++
		}
	}
	w.nb = 0
	return found
}
