package exact

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// File format, all integers little-endian:
//
//	magic     8 bytes  "KPZEXACT"
//	version   uint16   fileVersion
//	encoding  uint8    encodingByteRank: one byte a state, the distance,
//	                   in the order of Ranker
//	rows      uint8
//	cols      uint8
//	goal      rows*cols bytes, the goal's cells in row-major order
//	states    uint64   rows*cols!/2
//	distances states bytes
//	checksum  uint32   CRC-32C (Castagnoli) of everything before it
const (
	fileMagic        = "KPZEXACT"
	fileVersion      = 1
	encodingByteRank = 1
)

// Errors of Load, for errors.Is.
var (
	// ErrCorrupt reports a file that is not a valid exact table: wrong
	// magic, unknown version or encoding, truncated, or a checksum or
	// content that does not add up.
	ErrCorrupt = errors.New("corrupt exact table file")
	// ErrMismatch reports a valid table for another goal or shape than
	// the one asked for.
	ErrMismatch = errors.New("exact table is for another goal")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Save writes the table to w in the format that Load reads: a header
// (format version, encoding, shape, goal, state count), the distances, one
// byte a state, and a CRC-32C checksum. A 3x4 table takes 240 MB.
func (t *Table) Save(w io.Writer) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	s := t.rk.shape
	hdr := make([]byte, 0, 32)
	hdr = append(hdr, fileMagic...)
	hdr = binary.LittleEndian.AppendUint16(hdr, fileVersion)
	hdr = append(hdr, encodingByteRank, uint8(s.Rows), uint8(s.Cols))
	hdr = t.rk.goal.Board().AppendBytes(hdr)
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(t.rk.size))
	if _, err := bw.Write(hdr); err != nil {
		return fmt.Errorf("save exact table: %w", err)
	}
	buf := make([]byte, 0, 1<<16)
	for i, word := range t.words {
		buf = binary.LittleEndian.AppendUint64(buf, word)
		if i == len(t.words)-1 {
			buf = buf[:len(buf)-(len(t.words)*8-t.rk.size)] // padding
		}
		if len(buf) == cap(buf) || i == len(t.words)-1 {
			if _, err := bw.Write(buf); err != nil {
				return fmt.Errorf("save exact table: %w", err)
			}
			buf = buf[:0]
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("save exact table: %w", err)
	}
	if _, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return fmt.Errorf("save exact table: %w", err)
	}
	return nil
}

// Load reads a table written by Save and checks it: the header fields,
// the length, the checksum, and the distances themselves (every state has
// a distance, the goal alone has distance 0, and no depth between 0 and
// the maximum is empty). If want is not the zero Goal, the table must be
// for that goal, or Load fails with an error wrapping ErrMismatch; every
// other problem wraps ErrCorrupt (or is the reader's error).
func Load(r io.Reader, want puzzles.Goal) (*Table, error) {
	if err := runguard.Check("exact.Load"); err != nil {
		return nil, err
	}
	crc := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	in := io.TeeReader(br, crc)
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("load exact table: %w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
	}
	read := func(p []byte, what string) error {
		if _, err := io.ReadFull(in, p); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return corrupt("file ends inside the %s", what)
			}
			return fmt.Errorf("load exact table: %w", err)
		}
		return nil
	}
	var head [13]byte
	if err := read(head[:], "header"); err != nil {
		return nil, err
	}
	if string(head[:8]) != fileMagic {
		return nil, corrupt("not an exact table file (it does not start with %q)", fileMagic)
	}
	if v := binary.LittleEndian.Uint16(head[8:]); v != fileVersion {
		return nil, corrupt("format version %d, this build reads version %d", v, fileVersion)
	}
	if e := head[10]; e != encodingByteRank {
		return nil, corrupt("encoding %d, this build reads encoding %d (one byte a state)", e, encodingByteRank)
	}
	shape := puzzles.Shape{Rows: int(head[11]), Cols: int(head[12])}
	if err := shape.Validate(); err != nil || shape.Cells() > MaxCells {
		return nil, corrupt("shape %s: expected a board of at most %d cells", shape, MaxCells)
	}
	n := shape.Cells()
	goalCells := make([]byte, n)
	if err := read(goalCells, "goal"); err != nil {
		return nil, err
	}
	cells := make([]int, n)
	for i, c := range goalCells {
		cells[i] = int(c)
	}
	gb, err := puzzles.NewBoard(shape, cells)
	if err != nil {
		return nil, corrupt("goal: %v", err)
	}
	goal := puzzles.NewGoal(gb, "")
	if !want.IsZero() {
		if want.Shape() != shape || !want.Reached(gb) {
			return nil, fmt.Errorf("load exact table: %w: the file holds %s goal %q, wanted %s goal %q",
				ErrMismatch, shape, gb, want.Shape(), want.Board())
		}
		goal = want
	}
	var cnt [8]byte
	if err := read(cnt[:], "header"); err != nil {
		return nil, err
	}
	size := StateCount(shape)
	if got := binary.LittleEndian.Uint64(cnt[:]); got != uint64(size) {
		return nil, corrupt("header says %d states, a %s table has %d", got, shape, size)
	}
	rk, err := NewRanker(goal)
	if err != nil {
		return nil, corrupt("%v", err)
	}
	t := &Table{rk: rk, words: make([]uint64, (size+7)/8)}
	buf := make([]byte, 1<<16)
	for done := 0; done < int(size); {
		m := min(len(buf), int(size)-done)
		if err := read(buf[:m], "distances"); err != nil {
			return nil, err
		}
		// done and len(buf) are multiples of 8: whole words but the last.
		words := t.words[done/8:]
		for i := 0; i < m; i += 8 {
			if i+8 <= m {
				words[i/8] = binary.LittleEndian.Uint64(buf[i:])
				continue
			}
			for k, b := range buf[i:m] {
				words[i/8] |= uint64(b) << (8 * uint(k))
			}
		}
		done += m
	}
	sum := crc.Sum32()
	var tail [4]byte
	if _, err := io.ReadFull(br, tail[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, corrupt("file ends inside the checksum")
		}
		return nil, fmt.Errorf("load exact table: %w", err)
	}
	if got := binary.LittleEndian.Uint32(tail[:]); got != sum {
		return nil, corrupt("stored checksum %08x does not match the content's %08x", got, sum)
	}
	if _, err := br.ReadByte(); err == nil {
		return nil, corrupt("extra data after the checksum")
	}
	if err := t.recount(); err != nil {
		return nil, corrupt("%v", err)
	}
	return t, nil
}

// recount fills counts from the distances and checks that they describe a
// breadth-first layering: one state at depth 0, the goal, and no gap.
func (t *Table) recount() error {
	var hist [256]int64
	full := t.rk.size / 8
	for _, w := range t.words[:full] {
		for range 8 {
			hist[byte(w)]++
			w >>= 8
		}
	}
	for r := full * 8; r < t.rk.size; r++ {
		hist[t.get(r)]++
	}
	if hist[unknown] > 0 {
		return fmt.Errorf("%d states have no distance", hist[unknown])
	}
	goal, _ := t.rk.Rank(t.rk.goal.Board().Bytes())
	if hist[0] != 1 || t.get(goal) != 0 {
		return fmt.Errorf("the goal must be the only state at distance 0")
	}
	maxd := 0
	for d := range unknown {
		if hist[d] > 0 {
			maxd = d
		}
	}
	for d := 0; d <= maxd; d++ {
		if hist[d] == 0 {
			return fmt.Errorf("no state at depth %d below the maximum %d", d, maxd)
		}
	}
	t.counts = append([]int64(nil), hist[:maxd+1]...)
	return nil
}
