package movefsm

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// magic starts an encoded machine.
const magic = "kpuzzle-movefsm-1\n"

// Encode writes the machine's forbidden sequences compactly, for the
// machines shipped in the binary (see For): a header (rows, columns,
// depth), then the trie of the forbidden sequences in depth-first order,
// every cell's root first, four bits a node, bit d set when the node has
// a child by move d. A node without children below a root ends a
// forbidden sequence.
func Encode(s puzzles.Shape, depth int) []byte {
	depth = min(max(depth, 2), MaxDepth)
	t := build(s, depth)
	var nibbles []byte
	var walk func(v int32)
	walk = func(v int32) {
		var mask byte
		for d, c := range t.nodes[v].child {
			if c >= 0 {
				mask |= 1 << d
			}
		}
		nibbles = append(nibbles, mask)
		for _, c := range t.nodes[v].child {
			if c >= 0 {
				walk(c)
			}
		}
	}
	for _, r := range t.root {
		walk(r)
	}
	var b bytes.Buffer
	b.WriteString(magic)
	b.Write([]byte{byte(s.Rows), byte(s.Cols), byte(depth)})
	for i := 0; i < len(nibbles); i += 2 {
		v := nibbles[i]
		if i+1 < len(nibbles) {
			v |= nibbles[i+1] << 4
		}
		b.WriteByte(v)
	}
	return b.Bytes()
}

// Decode reads a machine written by Encode for shape s.
func Decode(data []byte, s puzzles.Shape) (*Machine, error) {
	rest, ok := bytes.CutPrefix(data, []byte(magic))
	if !ok || len(rest) < 3 {
		return nil, errors.New("movefsm: not an encoded machine")
	}
	if int(rest[0]) != s.Rows || int(rest[1]) != s.Cols {
		return nil, fmt.Errorf("movefsm: a machine of %dx%d, not %s", rest[0], rest[1], s)
	}
	depth := int(rest[2])
	body := rest[3:]
	t := newTrie(s.Moves())
	i := 0
	next := func() (byte, error) {
		if i/2 >= len(body) {
			return 0, errors.New("movefsm: encoded machine cut short")
		}
		v := body[i/2] >> (4 * (i % 2)) & 0xF
		i++
		return v, nil
	}
	var read func(v int32, root bool) error
	read = func(v int32, root bool) error {
		mask, err := next()
		if err != nil {
			return err
		}
		if mask == 0 && !root {
			t.nodes[v].end = true
			return nil
		}
		for d := range 4 {
			if mask&(1<<d) == 0 {
				continue
			}
			cell := int(t.moves[t.nodes[v].cell][d])
			if cell < 0 {
				return errors.New("movefsm: encoded machine moves off the board")
			}
			c := t.newNode(cell)
			t.nodes[v].child[d] = c
			if err := read(c, false); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range t.root {
		if err := read(r, true); err != nil {
			return nil, err
		}
	}
	t.link()
	return t.machine(depth, t.forbidden()), nil
}
