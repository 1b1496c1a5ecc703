package pdb

import (
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Heuristic estimates the distance to one goal with the tables of a
// partition: under Additive the sum of the patterns' values (plus the
// Manhattan distance of tiles in no pattern), under Max their maximum and
// the Manhattan distance. Where the goal is symmetric about the main
// diagonal (square boards whose blank goal cell is on the diagonal, which
// both built-in goals are) it also looks up the state reflected about the
// diagonal and takes the larger estimate, as Korf and Felner do.
//
// It is admissible and 0 only at the goal. Under Max it is also
// consistent. Under Additive it is not: each table keeps the least value
// over the blank's positions, so one move can change an estimate by more
// than 1 (see Consistent). IDA* stays optimal with an inconsistent
// heuristic; a graph search that never reopens closed states does not.
// It is safe for concurrent use, and satisfies the reference solver's
// heuristic interface (Name and Estimate) without depending on it.
type Heuristic struct {
	name    string
	part    Partition
	tables  []*Table
	n       int
	refl    reflection
	reflect bool
	patOf   []int8 // tile -> pattern, -1 for tiles in no pattern
	mdTab   [][]uint8
	sources []TableSource
}

// New combines built tables into a heuristic. tables[i] must be the table
// of part.Patterns[i] for part.Goal under part.Mode. Reflection is used
// where the goal allows it unless noReflection is set.
func New(part Partition, tables []*Table, noReflection bool) (*Heuristic, error) {
	if len(tables) != len(part.Patterns) {
		return nil, fmt.Errorf("pattern database %s: %d tables for %d patterns", part.Name, len(tables), len(part.Patterns))
	}
	want := part.Goal.Board().Bytes()
	n := len(want)
	h := &Heuristic{name: "pdb:" + part.Name, part: part, tables: tables, n: n, patOf: make([]int8, n)}
	for i := range h.patOf {
		h.patOf[i] = -1
	}
	for i, t := range tables {
		if t == nil {
			return nil, errors.New("pattern database: nil table")
		}
		exp, err := newHeader(part.Goal, part.Mode, part.Patterns[i])
		if err != nil {
			return nil, err
		}
		if !exp.sameTable(t.hdr) {
			return nil, fmt.Errorf("pattern database %s: table %d is for tiles %v, mode %s, goal %v; expected tiles %v, mode %s, goal %v",
				part.Name, i+1, t.hdr.Tiles, t.hdr.Mode, t.hdr.Goal, exp.Tiles, exp.Mode, exp.Goal)
		}
		for _, tile := range t.hdr.Tiles {
			if h.patOf[tile] >= 0 {
				return nil, fmt.Errorf("pattern database %s: tile %d is in two patterns", part.Name, tile)
			}
			h.patOf[tile] = int8(i)
		}
	}
	s := part.Goal.Shape()
	h.mdTab = make([][]uint8, n)
	for t := range n {
		h.mdTab[t] = make([]uint8, n)
		if t == 0 {
			continue
		}
		for c := range n {
			h.mdTab[t][c] = uint8(s.Distance(c, part.Goal.Pos(t)))
		}
	}
	h.refl = newReflection(part.Goal)
	h.reflect = h.refl.valid && !noReflection
	return h, nil
}

// Name is "pdb:" and the partition's name, for example "pdb:78".
func (h *Heuristic) Name() string { return h.name }

// Partition is the partition the heuristic looks up.
func (h *Heuristic) Partition() Partition { return h.part }

// Goal is the goal the heuristic estimates the distance to.
func (h *Heuristic) Goal() puzzles.Goal { return h.part.Goal }

// Consistent reports whether the estimate changes by at most 1 across
// every move: true under Max, false under Additive, whose tables
// minimise over the blank's position (the exhaustive tests find single
// moves that change an additive estimate by 7 on 3x3 and 11 on 2x4).
func (h *Heuristic) Consistent() bool { return h.part.Mode == Max }

// Reflects reports whether lookups also use the diagonal reflection.
func (h *Heuristic) Reflects() bool { return h.reflect }

// Tables returns the pattern tables, one per pattern.
func (h *Heuristic) Tables() []*Table { return append([]*Table(nil), h.tables...) }

// Sources says where each table came from (loaded from the cache or
// built, and why it was rebuilt); empty for heuristics made with New.
func (h *Heuristic) Sources() []TableSource { return append([]TableSource(nil), h.sources...) }

// Bytes is the memory the tables' data take.
func (h *Heuristic) Bytes() int64 {
	var b int64
	for _, t := range h.tables {
		b += t.Bytes()
	}
	return b
}

// Estimate is the heuristic value of the board whose row-major tiles are
// cells (0 the blank). cells must be a board of the goal's shape; for a
// slice of another length it returns 0, which is trivially admissible.
func (h *Heuristic) Estimate(cells []uint8) int {
	if len(cells) != h.n {
		return 0
	}
	var pos [MaxCells]uint8
	for c, t := range cells {
		if int(t) >= h.n {
			return 0
		}
		pos[t] = uint8(c)
	}
	v := h.eval(&pos)
	if h.reflect {
		var rpos [MaxCells]uint8
		for t := range h.n {
			rpos[h.refl.tile[t]] = h.refl.cell[pos[t]]
		}
		v = max(v, h.eval(&rpos))
	}
	return v
}

// eval is the estimate of the state where tile t stands on pos[t].
func (h *Heuristic) eval(pos *[MaxCells]uint8) int {
	var buf [MaxCells]uint8
	md := 0
	for t := 1; t < h.n; t++ {
		if h.part.Mode == Max || h.patOf[t] < 0 {
			md += int(h.mdTab[t][pos[t]])
		}
	}
	if h.part.Mode == Max {
		v := md
		for _, tab := range h.tables {
			k := len(tab.hdr.Tiles)
			for i, t := range tab.hdr.Tiles {
				buf[i] = pos[t]
			}
			buf[k] = pos[0]
			v = max(v, tab.value(buf[:k+1]))
		}
		return v
	}
	v := md
	for _, tab := range h.tables {
		for i, t := range tab.hdr.Tiles {
			buf[i] = pos[t]
		}
		v += tab.value(buf[:len(tab.hdr.Tiles)])
	}
	return v
}
