package pdb

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

// FormatVersion is the version of the pattern database file format that
// this package writes and reads.
const FormatVersion = 1

// magic opens every pattern database file.
const magic = "KPUZPDB\n"

// ErrCorrupt reports a pattern database file that is not what it claims:
// a bad magic number, version, header field or checksum, or short data.
var ErrCorrupt = errors.New("corrupt pattern database")

func corruptf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// The file layout, little-endian:
//
//	magic    "KPUZPDB\n"
//	version  uint16
//	rows     uint8, cols uint8
//	mode     uint8 (1 additive, 2 max)
//	bits     uint8 (4 or 8), excess uint8 (0 or 1)
//	ntiles   uint8, maxValue uint8
//	goal     rows*cols bytes, the goal board row-major
//	tiles    ntiles bytes, increasing
//	entries  uint64
//	dataLen  uint64
//	checksum uint32, CRC-32C of the data
//	hdrsum   uint32, CRC-32C of every header byte before it
//	data     dataLen bytes
const fixedHeader = len(magic) + 2 + 2 + 5

// AppendHeader appends the binary form of h.
func AppendHeader(dst []byte, h Header) []byte {
	start := len(dst)
	dst = append(dst, magic...)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(h.Version))
	dst = append(dst, uint8(h.Shape.Rows), uint8(h.Shape.Cols), uint8(h.Mode), h.Encoding.Bits, b2u(h.Encoding.Excess), uint8(len(h.Tiles)), h.MaxValue)
	dst = append(dst, h.Goal...)
	dst = append(dst, h.Tiles...)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(h.Entries))
	dst = binary.LittleEndian.AppendUint64(dst, uint64(h.Encoding.bytesFor(h.Entries)))
	dst = binary.LittleEndian.AppendUint32(dst, h.Checksum)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// ReadHeader reads and checks a header: magic, version, shape, goal,
// tiles, encoding, sizes and the header's own checksum. Problems wrap
// ErrCorrupt.
func ReadHeader(r io.Reader) (Header, error) {
	var fixed [fixedHeader]byte
	if _, err := io.ReadFull(r, fixed[:]); err != nil {
		return Header{}, corruptf("header: %v", short(err))
	}
	if string(fixed[:len(magic)]) != magic {
		return Header{}, corruptf("not a kpuzzle pattern database (bad magic)")
	}
	p := fixed[len(magic):]
	h := Header{Version: int(binary.LittleEndian.Uint16(p))}
	if h.Version != FormatVersion {
		return Header{}, corruptf("format version %d, expected %d", h.Version, FormatVersion)
	}
	h.Shape = puzzles.Shape{Rows: int(p[2]), Cols: int(p[3])}
	h.Mode = Mode(p[4])
	h.Encoding = Encoding{Bits: p[5], Excess: p[6] == 1}
	ntiles := int(p[7])
	h.MaxValue = p[8]
	if err := h.Shape.Validate(); err != nil || h.Shape.Cells() > MaxCells {
		return Header{}, corruptf("board %s: expected at most %d cells with sides 2..16", h.Shape, MaxCells)
	}
	n := h.Shape.Cells()
	switch {
	case h.Mode != Additive && h.Mode != Max:
		return Header{}, corruptf("mode %d: expected 1 (additive) or 2 (max)", p[4])
	case h.Encoding.Bits != 4 && h.Encoding.Bits != 8:
		return Header{}, corruptf("entry width %d: expected 4 or 8 bits", p[5])
	case p[6] > 1 || (h.Encoding.Excess && h.Mode != Additive):
		return Header{}, corruptf("excess flag %d: expected 0, or 1 for an additive table", p[6])
	case h.Encoding.Bits == 4 && h.MaxValue > 15:
		return Header{}, corruptf("largest entry %d does not fit the 4-bit encoding", h.MaxValue)
	case ntiles < 1 || ntiles >= n:
		return Header{}, corruptf("%d pattern tiles: expected 1..%d", ntiles, n-1)
	}
	rest := make([]byte, n+ntiles+8+8+4+4)
	if _, err := io.ReadFull(r, rest); err != nil {
		return Header{}, corruptf("header: %v", short(err))
	}
	h.Goal = append([]uint8(nil), rest[:n]...)
	h.Tiles = append([]uint8(nil), rest[n:n+ntiles]...)
	q := rest[n+ntiles:]
	h.Entries = int64(binary.LittleEndian.Uint64(q))
	dataLen := binary.LittleEndian.Uint64(q[8:])
	h.Checksum = binary.LittleEndian.Uint32(q[16:])
	sum := binary.LittleEndian.Uint32(q[20:])
	all := append(fixed[:], rest[:len(rest)-4]...)
	if crc32.Checksum(all, castagnoli) != sum {
		return Header{}, corruptf("header checksum mismatch")
	}
	seen := uint64(0)
	for _, t := range h.Goal {
		if int(t) >= n || seen&(1<<t) != 0 {
			return Header{}, corruptf("goal is not a permutation of 0..%d", n-1)
		}
		seen |= 1 << t
	}
	for i, t := range h.Tiles {
		if t == 0 || int(t) >= n || (i > 0 && h.Tiles[i-1] >= t) {
			return Header{}, corruptf("pattern tiles %v: expected increasing tiles in 1..%d", h.Tiles, n-1)
		}
	}
	want, ok := placements(n, h.ranked(), MaxEntries)
	if !ok || h.Entries != want {
		return Header{}, corruptf("%d entries, expected %d", h.Entries, want)
	}
	if dataLen != uint64(h.Encoding.bytesFor(h.Entries)) {
		return Header{}, corruptf("%d data bytes, expected %d", dataLen, h.Encoding.bytesFor(h.Entries))
	}
	return h, nil
}

func short(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("file is truncated")
	}
	return err
}

// WriteTable writes t in the file format: header, then data.
func WriteTable(w io.Writer, t *Table) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	if _, err := bw.Write(AppendHeader(nil, t.hdr)); err != nil {
		return err
	}
	if _, err := bw.Write(t.data); err != nil {
		return err
	}
	return bw.Flush()
}

// ReadTable reads a table written by WriteTable, reading the data in one
// read and checking its checksum. Problems wrap ErrCorrupt.
func ReadTable(r io.Reader) (*Table, error) {
	if err := runguard.Check("pdb.ReadTable"); err != nil {
		return nil, err
	}
	hdr, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	return readData(r, hdr)
}

func readData(r io.Reader, hdr Header) (*Table, error) {
	data := make([]byte, hdr.Encoding.bytesFor(hdr.Entries))
	adviseHugePages(data)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, corruptf("data: %v", short(err))
	}
	var extra [1]byte
	if n, _ := r.Read(extra[:]); n > 0 {
		return nil, corruptf("data: trailing bytes after %d data bytes", len(data))
	}
	if crc32.Checksum(data, castagnoli) != hdr.Checksum {
		return nil, corruptf("data checksum mismatch")
	}
	return newTable(hdr, data), nil
}
