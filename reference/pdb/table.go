package pdb

import (
	"fmt"
	"hash/crc32"
	"slices"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Encoding is how a table stores its entries.
type Encoding struct {
	// Bits is the width of an entry: 4 (two entries a byte, the lower
	// nibble first) or 8.
	Bits uint8
	// Excess means an entry holds (value - m)/2, where m is the Manhattan
	// distance of the pattern's tiles; an additive value always has the
	// parity of m, and the excess is small, so it fits in 4 bits where the
	// value itself would not. Otherwise an entry holds the value.
	Excess bool
}

// String names the encoding: "nibble-excess", "byte-excess", "nibble" or
// "byte".
func (e Encoding) String() string {
	w := "byte"
	if e.Bits == 4 {
		w = "nibble"
	}
	if e.Excess {
		return w + "-excess"
	}
	return w
}

// bytesFor is the size of the data of n entries.
func (e Encoding) bytesFor(n int64) int64 {
	if e.Bits == 4 {
		return (n + 1) / 2
	}
	return n
}

// Header describes one stored pattern table: everything needed to decide
// whether a file is the table wanted and intact.
type Header struct {
	// Version is the file format version (FormatVersion).
	Version int
	Shape   puzzles.Shape
	// Goal holds the goal board's cells in row-major order.
	Goal []uint8
	Mode Mode
	// Tiles are the pattern's tiles in increasing order; a table entry is
	// indexed by their cells in this order (then the blank's, for Max).
	Tiles    []uint8
	Encoding Encoding
	// Entries is the number of entries, n!/(n-k)! for k ranked cells.
	Entries int64
	// MaxValue is the largest value in the table.
	MaxValue uint8
	// Checksum is the CRC-32C (Castagnoli) of the data.
	Checksum uint32
}

// ranked is the number of cells an entry's index covers: the pattern
// tiles, and the blank under Max.
func (h Header) ranked() int {
	if h.Mode == Max {
		return len(h.Tiles) + 1
	}
	return len(h.Tiles)
}

// sameTable reports whether two headers describe the same table contents
// (everything but the checksum, maximum and encoding, which the data
// decides).
func (h Header) sameTable(o Header) bool {
	return h.Shape == o.Shape && h.Mode == o.Mode && slices.Equal(h.Goal, o.Goal) && slices.Equal(h.Tiles, o.Tiles)
}

// Table is the pattern database of one pattern: a value for every
// placement of the pattern's tiles (and of the blank, under Max). It is
// immutable and safe for concurrent use.
type Table struct {
	hdr  Header
	data []byte
	n    int
	// md[i][c] is the Manhattan distance of the i-th pattern tile on cell
	// c from its goal cell (used by excess encodings).
	md [][]uint8
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func newTable(hdr Header, data []byte) *Table {
	t := &Table{hdr: hdr, data: data, n: hdr.Shape.Cells()}
	goalPos := make([]int, t.n)
	for c, tile := range hdr.Goal {
		goalPos[tile] = c
	}
	t.md = make([][]uint8, len(hdr.Tiles))
	for i, tile := range hdr.Tiles {
		t.md[i] = make([]uint8, t.n)
		for c := range t.n {
			t.md[i][c] = uint8(hdr.Shape.Distance(c, goalPos[tile]))
		}
	}
	return t
}

// Header returns the table's header.
func (t *Table) Header() Header {
	h := t.hdr
	h.Goal = slices.Clone(h.Goal)
	h.Tiles = slices.Clone(h.Tiles)
	return h
}

// Tiles returns the pattern's tiles in index order.
func (t *Table) Tiles() []int {
	out := make([]int, len(t.hdr.Tiles))
	for i, x := range t.hdr.Tiles {
		out[i] = int(x)
	}
	return out
}

// Bytes is the size of the table's data.
func (t *Table) Bytes() int64 { return int64(len(t.data)) }

// entry is the raw entry at idx.
func (t *Table) entry(idx int64) int {
	if t.hdr.Encoding.Bits == 4 {
		return int(t.data[idx>>1]>>(uint(idx&1)<<2)) & 0xF
	}
	return int(t.data[idx])
}

// Value is the table's value when the pattern tiles stand on cells
// (cells[i] holds Tiles()[i]) and, under Max, the blank on blank (ignored
// under Additive).
func (t *Table) Value(cells []int, blank int) (int, error) {
	if len(cells) != len(t.hdr.Tiles) {
		return 0, fmt.Errorf("pattern table: %d cells for %d tiles", len(cells), len(t.hdr.Tiles))
	}
	pos := make([]uint8, 0, len(cells)+1)
	var used uint64
	for _, c := range cells {
		if c < 0 || c >= t.n || used&(1<<c) != 0 {
			return 0, fmt.Errorf("pattern table: cells %v are not distinct cells of a %s board", cells, t.hdr.Shape)
		}
		used |= 1 << c
		pos = append(pos, uint8(c))
	}
	if t.hdr.Mode == Max {
		if blank < 0 || blank >= t.n || used&(1<<blank) != 0 {
			return 0, fmt.Errorf("pattern table: blank cell %d is not a free cell of a %s board", blank, t.hdr.Shape)
		}
		pos = append(pos, uint8(blank))
	}
	return t.value(pos), nil
}

// value looks up the ranked cells pos (no checks).
func (t *Table) value(pos []uint8) int {
	e := t.entry(rank(t.n, pos))
	if !t.hdr.Encoding.Excess {
		return e
	}
	m := 0
	for i := range t.hdr.Tiles {
		m += int(t.md[i][pos[i]])
	}
	return m + 2*e
}

// encode packs per-entry values (already reduced to excesses when
// excess is set) into the smallest encoding that holds them.
func encode(vals []uint8, excess bool) (Encoding, []byte) {
	var hi uint8
	for _, v := range vals {
		hi = max(hi, v)
	}
	if hi <= 15 {
		data := make([]byte, (len(vals)+1)/2)
		for i, v := range vals {
			data[i>>1] |= v << (uint(i&1) << 2)
		}
		return Encoding{Bits: 4, Excess: excess}, data
	}
	return Encoding{Bits: 8, Excess: excess}, vals
}
