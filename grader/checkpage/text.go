package checkpage

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// The page holds its module as text, seven bits a character, where base64
// holds six: the gzipped module's bits are cut into groups of seven, and
// each group is the character of that code (U+0001 to U+007F), except
// the three an HTML page cannot carry in a <script> element as they are:
// NUL (the parser replaces it), CR (it becomes a line feed) and '<' (it
// could end the element). A group of one of those three is written with
// the group after it as one two-byte character, U+0080 + (which of the
// three, 0 to 2, plus 4 when no group follows) * 128 + the next group. So
// the text is 8/7 of the module's size (base64's is 4/3), valid UTF-8,
// with no '<', NUL or CR; the page's script decodes it (decodeModule in
// assets/page.js) the same way decodeText does here. The scheme is
// Base-122's (Kevin Albertson's), with the characters an HTML <script>
// element cannot hold as its forbidden ones.

// forbidden are the codes written as two-byte characters, by their index.
var forbidden = [3]byte{0x00, '\r', '<'}

// encodeText writes b as the page's text.
func encodeText(b []byte) string {
	var out strings.Builder
	out.Grow(len(b) + len(b)/7 + 16)
	r := bitReader{b: b}
	for {
		c, ok := r.next()
		if !ok {
			return out.String()
		}
		i := strings.IndexByte(string(forbidden[:]), c)
		if i < 0 {
			out.WriteByte(c)
			continue
		}
		n, more := r.next()
		if !more {
			i |= 4
		}
		out.WriteRune(0x80 + rune(i)<<7 + rune(n))
	}
}

// bitReader gives the bits of b seven at a time, the last group padded
// with zeros.
type bitReader struct {
	b   []byte
	bit int // the next bit's number, from the first byte's highest
}

func (r *bitReader) next() (byte, bool) {
	if r.bit >= len(r.b)*8 {
		return 0, false
	}
	var c byte
	for range 7 {
		c <<= 1
		if i := r.bit / 8; i < len(r.b) {
			c |= r.b[i] >> (7 - r.bit%8) & 1
		}
		r.bit++
	}
	return c, true
}

// errText is text that encodeText cannot have written.
var errText = errors.New("checker module text: not the page's encoding")

// decodeText reverses encodeText.
func decodeText(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)*7/8)
	var acc uint32 // bits not yet written, the newest lowest
	bits := 0
	put := func(c byte) {
		acc = acc<<7 | uint32(c)
		bits += 7
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	for _, r := range s {
		switch {
		case r == utf8.RuneError || r == 0 || r == '\r' || r == '<':
			return nil, errText
		case r < 0x80:
			put(byte(r))
		case r < 0x80+7<<7:
			v := r - 0x80
			i := v >> 7
			if i&3 >= 3 {
				return nil, errText
			}
			put(forbidden[i&3])
			if i&4 == 0 {
				put(byte(v & 0x7f))
			}
		default:
			return nil, errText
		}
	}
	// The last group's padding is less than a byte.
	return out, nil
}
