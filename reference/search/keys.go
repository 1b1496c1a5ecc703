package search

import "github.com/kpuzzle/kpuzzle/puzzles"

// keyer turns states into comparable keys for the visited sets of graph
// searches, and back. Boards of up to 16 cells use puzzles.Code (8
// bytes), up to 36 cells puzzles.WideCode (36 bytes), larger boards a
// string of the cells.
type keyer[K comparable] interface {
	encode(cells []uint8) K
	decode(k K, cells []uint8)
	// bytes is the size of one key, for memory estimates.
	bytes() int64
}

type codeKeys struct{}

func (codeKeys) encode(cells []uint8) puzzles.Code {
	var c puzzles.Code
	for i, t := range cells {
		c |= puzzles.Code(t) << (4 * uint(i))
	}
	return c
}

func (codeKeys) decode(k puzzles.Code, cells []uint8) {
	for i := range cells {
		cells[i] = uint8(k>>(4*uint(i))) & 0xF
	}
}

func (codeKeys) bytes() int64 { return 8 }

type wideKeys struct{}

func (wideKeys) encode(cells []uint8) puzzles.WideCode {
	var w puzzles.WideCode
	copy(w[:], cells)
	return w
}

func (wideKeys) decode(k puzzles.WideCode, cells []uint8) { copy(cells, k[:]) }

func (wideKeys) bytes() int64 { return puzzles.MaxWideCells }

type stringKeys struct{}

func (stringKeys) encode(cells []uint8) string { return string(cells) }

func (stringKeys) decode(k string, cells []uint8) { copy(cells, k) }

func (stringKeys) bytes() int64 { return 16 + puzzles.MaxSide*puzzles.MaxSide }

// keyKind says which keyer fits a board of n cells.
type keyKind uint8

const (
	codeKind keyKind = iota
	wideKind
	stringKind
)

func keyKindFor(n int) keyKind {
	switch {
	case n <= puzzles.MaxCodeCells:
		return codeKind
	case n <= puzzles.MaxWideCells:
		return wideKind
	}
	return stringKind
}

// mapEntryBytes estimates the memory of one entry of a Go map with keys of
// keyBytes and values of valBytes: the slot, its control byte and the
// table's load factor (7/8).
func mapEntryBytes(keyBytes, valBytes int64) int64 {
	slot := keyBytes + valBytes
	if slot%8 != 0 {
		slot += 8 - slot%8
	}
	return (slot+1)*8/7 + 1
}
