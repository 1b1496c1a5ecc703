package dynamic

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Heuristic names.
const (
	// NamePairs is the heuristic over pair databases only.
	NamePairs = "pdb:pairs"
	// NameDynamic is the heuristic over pair and triple databases.
	NameDynamic = "pdb:dynamic"
)

// Heuristic is a dynamically partitioned additive pattern database
// (Felner, Korf & Hanan 2004). For every pair of tiles (and, with
// Options.Triples, every triple) a table holds the fewest moves of those
// tiles alone that bring them home, as an excess over their Manhattan
// distance. For each state it chooses the disjoint groups whose excesses
// add up to the most (a maximum-weight matching over pairs, a
// maximum-weight packing over pairs and triples) and returns Manhattan
// distance plus that sum.
//
// It is admissible: each group's value counts only moves of the group's
// own tiles, minimised over where the blank is, so it is a lower bound on
// those moves in any solution; disjoint groups count disjoint sets of
// moves (a move moves one tile); tiles in no group need at least their
// Manhattan distance; so the sum never exceeds the number of moves. See
// Consistent for the other property. It is safe for concurrent use and
// satisfies the reference solver's heuristic interface (Name and
// Estimate).
type Heuristic struct {
	name string
	goal puzzles.Goal
	n    int
	t    *tables
	md   []uint8 // md[tile*n+cell]: Manhattan distance of tile on cell
	// pairsOf[t] lists the pairs holding tile t, for Solve.
	pairsOf [][]pairRef
}

// pairRef is a pair holding tile t, as seen from t: the other tile u and
// where the pair's entry for t on cell ct and u on cu is:
// pair[base + ct*st + cu*su].
type pairRef struct {
	u      uint8
	base   int32
	st, su int32
}

// New builds the pair databases (and triple databases when o.Triples is
// set) for goal g in memory and returns the heuristic over them. It
// honours ctx. Building pairs and triples takes about a tenth of a second
// on 4x4 and a few seconds on 5x5 (docs/performance.md).
func New(ctx context.Context, g puzzles.Goal, o Options) (*Heuristic, error) {
	if g.IsZero() {
		return nil, fmt.Errorf("dynamic pattern databases: no goal")
	}
	t, err := buildTables(ctx, g, o)
	if err != nil {
		return nil, err
	}
	s := g.Shape()
	n := s.Cells()
	h := &Heuristic{name: o.Name(), goal: g, n: n, t: t, md: make([]uint8, n*n)}
	for tile := 1; tile < n; tile++ {
		for c := range n {
			h.md[tile*n+c] = uint8(s.Distance(c, g.Pos(tile)))
		}
	}
	h.pairsOf = make([][]pairRef, n)
	for a := 1; a < n; a++ {
		for u := a + 1; u < n; u++ {
			base := t.pairBase[a*n+u]
			h.pairsOf[a] = append(h.pairsOf[a], pairRef{u: uint8(u), base: base, st: int32(n), su: 1})
			h.pairsOf[u] = append(h.pairsOf[u], pairRef{u: uint8(a), base: base, st: 1, su: int32(n)})
		}
	}
	return h, nil
}

// Name is "pdb:pairs" or "pdb:dynamic".
func (h *Heuristic) Name() string { return h.name }

// Goal is the goal the heuristic estimates the distance to.
func (h *Heuristic) Goal() puzzles.Goal { return h.goal }

// Triples reports whether triple databases are used.
func (h *Heuristic) Triples() bool { return h.t.triples }

// Consistent reports false: the estimate can change by more than 1
// across a move. Each table keeps the least value over the blank's
// position, and a partition's best groups can change from one state to
// the next; the exhaustive tests find moves that change pdb:dynamic by 5
// on 3x3 and 7 on 2x4. IDA* stays optimal with an admissible heuristic
// that is not consistent, and so does A* in package search, which
// reopens states.
func (h *Heuristic) Consistent() bool { return false }

// Bytes is the memory the tables take.
func (h *Heuristic) Bytes() int64 { return h.t.bytes() }

// MaxExtra is the largest number of moves beyond Manhattan distance that
// any one pair (triple) table holds.
func (h *Heuristic) MaxExtra() (pair, triple int) { return 2 * h.t.maxPair, 2 * h.t.maxTriple }

// Estimate is the heuristic value of the board whose row-major tiles are
// cells (0 the blank). For a slice that is not a board of the goal's
// shape it returns 0, which is trivially admissible.
func (h *Heuristic) Estimate(cells []uint8) int {
	var pos [MaxPairCells]uint8
	if !h.positions(cells, &pos) {
		return 0
	}
	// Everything stays on the stack unless more than 64 groups have an
	// excess.
	var p packer
	var buf [64]edge
	return h.manhattan(&pos) + 2*p.pack(h.edges(&pos, buf[:0]))
}

// Group is one group of tiles of a state's partition that needs more
// moves than its Manhattan distance.
type Group struct {
	// Tiles are the group's tiles, increasing.
	Tiles []int `json:"tiles"`
	// Extra is the number of moves the group needs beyond its tiles'
	// Manhattan distance (even, at least 2).
	Extra int `json:"extra"`
}

// Partition returns the groups Estimate chooses for the board cells,
// ordered by their lowest tile: every tile in no group counts its
// Manhattan distance, and the estimate is Manhattan distance plus the
// groups' Extra. It returns nil for a slice that is not a board of the
// goal's shape, and an empty slice when no group adds anything.
func (h *Heuristic) Partition(cells []uint8) []Group {
	var pos [MaxPairCells]uint8
	if !h.positions(cells, &pos) {
		return nil
	}
	p := packer{want: true}
	p.pack(h.edges(&pos, nil))
	out := []Group{}
	for _, e := range p.chosen {
		g := Group{Extra: 2 * int(e.w)}
		for m := e.mask; m != 0; m &= m - 1 {
			g.Tiles = append(g.Tiles, bits.TrailingZeros64(m))
		}
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b Group) int { return a.Tiles[0] - b.Tiles[0] })
	return out
}

// positions fills pos with the cell of every tile and reports whether
// cells is a board of the goal's shape.
func (h *Heuristic) positions(cells []uint8, pos *[MaxPairCells]uint8) bool {
	if len(cells) != h.n {
		return false
	}
	var seen uint64
	for c, t := range cells {
		if int(t) >= h.n || seen&(1<<t) != 0 {
			return false
		}
		seen |= 1 << t
		pos[t] = uint8(c)
	}
	return true
}

func (h *Heuristic) manhattan(pos *[MaxPairCells]uint8) int {
	m := 0
	for t := 1; t < h.n; t++ {
		m += int(h.md[t*h.n+int(pos[t])])
	}
	return m
}

// edges appends to dst every pair whose excess is positive and every
// triple whose excess beats that of each pair within it (the only triples
// kept; any other is never needed, since its best pair does as well and
// covers fewer tiles).
func (h *Heuristic) edges(pos *[MaxPairCells]uint8, dst []edge) []edge {
	n, t := h.n, h.t
	for a := 1; a < n; a++ {
		ra := int(pos[a]) * n
		for b := a + 1; b < n; b++ {
			if w := t.pair[int(t.pairBase[a*n+b])+ra+int(pos[b])]; w > 0 {
				dst = append(dst, edge{mask: 1<<a | 1<<b, w: int32(w)})
			}
		}
	}
	if !t.triples {
		return dst
	}
	for a := 1; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for _, e := range t.tripleList(a, int(pos[a]), b, int(pos[b])) {
				if pos[e.v] == e.cell && int(e.v) > b {
					dst = append(dst, edge{mask: 1<<a | 1<<b | 1<<e.v, w: int32(e.w)})
				}
			}
		}
	}
	return dst
}
