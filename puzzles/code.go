package puzzles

// Code packs a board of at most 16 cells into 64 bits, 4 bits a cell:
// bits 4i..4i+3 hold the tile on cell i. Codes compare and hash as
// integers, which makes them the state key of the reference solver's graph
// searches on boards up to 4x4. The shape is not part of the code.
type Code uint64

// MaxCodeCells is the largest board a Code holds.
const MaxCodeCells = 16

// EncodeCode packs b, and reports false if it has more than 16 cells.
func EncodeCode(b Board) (Code, bool) {
	if b.Len() > MaxCodeCells {
		return 0, false
	}
	var c Code
	for i, t := range b.cells {
		c |= Code(t) << (4 * i)
	}
	return c, true
}

// Tile is the tile on cell i.
func (c Code) Tile(i int) int { return int(c>>(4*i)) & 0xF }

// Blank is the cell holding the blank (the first zero nibble). Searches
// that know the blank should carry it instead of recomputing it.
func (c Code) Blank(cells int) int {
	for i := range cells {
		if c.Tile(i) == 0 {
			return i
		}
	}
	return -1
}

// Slide moves the tile on cell from into the blank on cell blank and
// returns the new code; the caller guarantees the cells are adjacent and
// blank holds 0.
func (c Code) Slide(blank, from int) Code {
	t := (c >> (4 * from)) & 0xF
	return c&^(0xF<<(4*from)) | t<<(4*blank)
}

// Board unpacks the code onto shape s.
func (c Code) Board(s Shape) Board {
	cells := make([]uint8, s.Cells())
	for i := range cells {
		cells[i] = uint8(c.Tile(i))
	}
	return FromBytes(s, cells)
}

// WideCode holds a board of at most 36 cells (6x6), one byte a cell, as a
// fixed-size comparable array: the state key for searches on boards too
// large for a Code.
type WideCode [MaxWideCells]uint8

// MaxWideCells is the largest board a WideCode holds.
const MaxWideCells = 36

// EncodeWide packs b, and reports false if it has more than 36 cells.
func EncodeWide(b Board) (WideCode, bool) {
	var w WideCode
	if b.Len() > MaxWideCells {
		return w, false
	}
	copy(w[:], b.cells)
	return w, true
}

// Slide moves the tile on cell from into the blank on cell blank.
func (w WideCode) Slide(blank, from int) WideCode {
	w[blank], w[from] = w[from], 0
	return w
}

// Board unpacks the code onto shape s.
func (w WideCode) Board(s Shape) Board {
	return FromBytes(s, w[:s.Cells()])
}

// MoveTable lists, for every cell, the neighbouring cell in each direction
// or -1 when the blank cannot go that way. Searches index it instead of
// computing rows and columns.
type MoveTable [][4]int16

// Moves builds the move table of shape s.
func (s Shape) Moves() MoveTable {
	t := make(MoveTable, s.Cells())
	for i := range t {
		for _, d := range Dirs {
			j, ok := s.Neighbor(i, d)
			if !ok {
				j = -1
			}
			t[i][d] = int16(j)
		}
	}
	return t
}
