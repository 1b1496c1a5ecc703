package pdb

import (
	"context"
	"errors"
	"math/bits"
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
	geo, n := b.geo, b.geo.n
	k := len(b.hdr.Tiles)
	entries := b.hdr.Entries
	elemBits := 8
	for elemBits < n-k {
		elemBits *= 2
	}
	perWordLog := uint(bits.TrailingZeros(uint(64 / elemBits)))
	elemMask := uint64(1)<<elemBits - 1
	if elemBits == 64 {
		elemMask = ^uint64(0)
	}
	seen := make([]uint64, (entries+1<<perWordLog-1)>>perWordLog)
	adviseHugePages(wordBytes(seen))
	touchWords := (entries + 63) / 64
	cur, next := make([]uint64, touchWords), make([]uint64, touchWords)
	exc := newExcessStore(entries, nibble)

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
	// regionBits is the bit of every cell of region, the cells being
	// numbered by their rank among the empty cells.
	regionBits := func(region, empty uint64) uint64 {
		var f uint64
		for r := region; r != 0; r &= r - 1 {
			c := bits.TrailingZeros64(r)
			f |= 1 << bits.OnesCount64(empty&(1<<c-1))
		}
		return f
	}
	// mark sets the bits f of placement idx if none of them is set yet.
	mark := func(idx int64, f uint64) bool {
		w := &seen[idx>>perWordLog]
		f <<= uint(idx&(1<<perWordLog-1)) * uint(elemBits)
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
	// flush marks a batch of successors reached. It first reads all their
	// words with plain loads, which the processor overlaps, so the
	// compare-and-swaps that follow (each a full barrier) find their
	// cache lines already fetched. Only a successor not reached yet needs
	// its blank's region flood-filled.
	flush := func(batch []succ, words []uint64, to []uint64) int64 {
		for i, s := range batch {
			words[i] = atomic.LoadUint64(&seen[s.idx>>perWordLog])
		}
		var found int64
		for i, s := range batch {
			sh := uint(s.idx&(1<<perWordLog-1))*uint(elemBits) + uint(bits.OnesCount64(s.empty&(1<<s.blank-1)))
			if words[i]>>sh&1 != 0 {
				continue
			}
			region := geo.flood(s.empty, int(s.blank))
			if mark(s.idx, regionBits(region, s.empty)) {
				atomic.OrUint64(&to[s.idx>>6], 1<<(s.idx&63))
				found++
			}
		}
		return found
	}

	// weight[i] is the place value of the i-th tile's digit in a rank.
	var weight [MaxCells]int64
	weight[k-1] = 1
	for i := k - 2; i >= 0; i-- {
		weight[i] = weight[i+1] * int64(n-i-1)
	}

	var start [MaxCells]uint8
	var used uint64
	for i, t := range b.hdr.Tiles {
		start[i] = goalPos[t]
		used |= 1 << start[i]
	}
	empty := geo.all &^ used
	first := rank(n, start[:k])
	mark(first, regionBits(geo.flood(empty, int(goalPos[0])), empty))
	cur[first>>6] |= 1 << (first & 63)

	var reached atomic.Int64
	for level := 0; ; level++ {
		var added atomic.Int64
		var overflow atomic.Bool
		newWork := func() func(lo, hi int64) {
			batch := make([]succ, 0, batchSize+4*MaxCells)
			words := make([]uint64, cap(batch))
			return func(lo, hi int64) {
				var pos, digit [MaxCells]uint8
				var occ [MaxCells]int8
				var before [MaxCells]uint64
				var newFound, newReached int64
				batch = batch[:0]
				for wi := lo; wi < hi; wi++ {
					for tw := cur[wi]; tw != 0; tw &= tw - 1 {
						idx := wi<<6 + int64(bits.TrailingZeros64(tw))
						used := unrankDigits(n, idx, pos[:k], digit[:k], before[:k])
						if exc.unset(idx) {
							m := 0
							for i := range k {
								m += int(md[i][pos[i]])
							}
							if !exc.set(idx, (level-m)/2) {
								overflow.Store(true)
								return
							}
							newReached++
						}
						for i := range k {
							occ[pos[i]] = int8(i)
						}
						empty := geo.all &^ used
						fields := atomic.LoadUint64(&seen[idx>>perWordLog]) >> (uint(idx&(1<<perWordLog-1)) * uint(elemBits)) & elemMask
						for f := fields; f != 0; {
							c := selectBit(empty, bits.TrailingZeros64(f))
							region := geo.flood(empty, c)
							f &^= regionBits(region, empty)
							for adj := geo.dilate(region) & used; adj != 0; adj &= adj - 1 {
								a := bits.TrailingZeros64(adj)
								i := int(occ[a])
								for d := range 4 {
									q := int(geo.nbr[a][d])
									if q < 0 || region&(1<<q) == 0 {
										continue
									}
									// The successor's rank, from this one's: the moved
									// tile's digit changes, and so does, by one, the
									// digit of every later tile on a cell between a
									// and q (one more or one fewer free cell below it).
									nd := int64(q) - int64(bits.OnesCount64(before[i]&(1<<q-1)))
									next := idx + (nd-int64(digit[i]))*weight[i]
									lo, hi, step := a, q, int64(1)
									if q < a {
										lo, hi, step = q, a, -1
									}
									for m := used &^ before[i] & (1<<hi - 1) &^ (1<<(lo+1) - 1); m != 0; m &= m - 1 {
										next += step * weight[occ[bits.TrailingZeros64(m)]]
									}
									batch = append(batch, succ{idx: next, empty: empty ^ (1 << q) ^ (1 << a), blank: uint8(a)})
								}
							}
						}
						if len(batch) >= batchSize {
							newFound += flush(batch, words, next)
							batch = batch[:0]
						}
					}
				}
				newFound += flush(batch, words, next)
				added.Add(newFound)
				reached.Add(newReached)
			}
		}
		if err := b.parallel(ctx, touchWords, newWork, func() { b.report(level, reached.Load()) }); err != nil {
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
		cur, next = next, cur
		clear(next)
	}
	enc, data, hi := exc.finish()
	return enc, data, hi, nil
}
