package setgen

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
)

// kind is what a slot holds.
type kind uint8

const (
	solvableSlot kind = iota
	unsolvableSlot
)

// slot is one puzzle of a set, before it is drawn.
type slot struct {
	// pos is the slot's place in the whole set, counted from 0; it
	// decides the shard.
	pos   int
	group int
	kind  kind
	// depth is the optimal length a Depth-mode slot must have.
	depth int
	// index numbers the slot among those of its group, kind and depth; it
	// seeds the slot's random source.
	index int
	// file is the puzzle file's path inside the set.
	file string
}

// seed is the seed of the slot's own random source.
func (s slot) seed(spec Spec) uint64 {
	g := spec.Groups[s.group]
	tag := "unsolvable"
	if s.kind == solvableSlot {
		tag = g.Mode.String()
	}
	return slotSeed(spec.Seed, g.Dir, tag, s.depth, s.index)
}

// slotSeed mixes the spec's seed with a slot's identity through SHA-256,
// so that boards of one slot (say, the public tests students see) tell
// nothing about the spec's seed or about any other slot (the hidden
// tests): recovering them would mean inverting SHA-256.
func slotSeed(seed uint64, dir, tag string, depth, index int) uint64 {
	h := sha256.New()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], seed)
	h.Write(buf[:])
	h.Write([]byte(dir))
	h.Write([]byte{0})
	h.Write([]byte(tag))
	h.Write([]byte{0})
	binary.LittleEndian.PutUint64(buf[:], uint64(depth))
	h.Write(buf[:])
	binary.LittleEndian.PutUint64(buf[:], uint64(index))
	h.Write(buf[:])
	return binary.LittleEndian.Uint64(h.Sum(nil))
}

// perDepth decides how many boards each depth of a Depth-mode group
// gets. capacity, when not nil, is the number of boards that exist at
// each depth (from an exact table); a Count is then spread over the
// depths as evenly as they allow, and a PerDepth that a depth cannot meet
// is an error.
func perDepth(g Group, capacity func(depth int) int64) ([]int, error) {
	k := g.Depths.Len()
	out := make([]int, k)
	if g.PerDepth > 0 {
		for i := range out {
			d := g.Depths.Min + i
			if capacity != nil && capacity(d) < int64(g.PerDepth) {
				return nil, specErrorf("%s has %d boards at depth %d, fewer than the %d asked for; ask for fewer, or for a count spread over the depths", g.Goal.Shape(), capacity(d), d, g.PerDepth)
			}
			out[i] = g.PerDepth
		}
		return out, nil
	}
	// Spread Count: every open depth gets an equal share, and what does
	// not divide goes one each to depths spaced evenly over the range; a
	// depth with fewer boards than it would get gives all it has and
	// closes, and the rest is shared again among the open depths.
	left := g.Count
	open := make([]bool, k)
	for i := range open {
		open[i] = true
	}
	for left > 0 {
		var idx []int
		for i, o := range open {
			if o {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			var all int64
			for i := range k {
				all += capacity(g.Depths.Min + i)
			}
			return nil, specErrorf("%s has only %d boards at depths %s, fewer than the %d asked for", g.Goal.Shape(), all, g.Depths, g.Count)
		}
		want := spread(left, len(idx))
		closed := false
		if capacity != nil {
			for j, i := range idx {
				if have := capacity(g.Depths.Min+i) - int64(out[i]); have < int64(want[j]) {
					out[i] += int(have)
					left -= int(have)
					open[i] = false
					closed = true
				}
			}
		}
		if closed {
			continue
		}
		for j, i := range idx {
			out[i] += want[j]
			left -= want[j]
		}
	}
	return out, nil
}

// spread shares n among k places: n/k each, and the remainder one each
// to places spaced evenly from the first to the last.
func spread(n, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
	}
	extra := n % k
	for j := range extra {
		out[(2*j+1)*k/(2*extra)]++
	}
	return out
}

// plan lists the slots of every group in order: each group's solvable
// boards (by depth in Depth mode), then its unsolvable ones. counts[g] is
// the per-depth split of group g in Depth mode, nil otherwise.
func plan(spec Spec, counts [][]int) []slot {
	var out []slot
	for gi, g := range spec.Groups {
		total := g.Unsolvable
		if counts[gi] != nil {
			for _, c := range counts[gi] {
				total += c
			}
		} else {
			total += g.Count
		}
		width := len(strconv.Itoa(total))
		n := 0
		add := func(s slot) {
			n++
			s.pos, s.group = len(out), gi
			s.file = fmt.Sprintf("puzzle_%0*d.txt", width, n)
			if g.Dir != "" {
				s.file = g.Dir + "/" + s.file
			}
			out = append(out, s)
		}
		if counts[gi] != nil {
			for i, c := range counts[gi] {
				for j := range c {
					add(slot{kind: solvableSlot, depth: g.Depths.Min + i, index: j})
				}
			}
		} else {
			for j := range g.Count {
				add(slot{kind: solvableSlot, index: j})
			}
		}
		for j := range g.Unsolvable {
			add(slot{kind: unsolvableSlot, index: j})
		}
	}
	return out
}
