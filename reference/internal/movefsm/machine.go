package movefsm

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Refused is the state of a move the machine refuses: it leaves the board
// or completes a forbidden sequence.
const Refused = -1

// MaxDepth is the longest forbidden sequence Build looks for.
const MaxDepth = 16

// Machine reads the blank moves of a path, one at a time, and says which
// moves may follow. Its state after a path depends on the path's last
// moves and on the blank's cell; a search starts from Start(blank) and
// goes to Next(state, d) with each move d (the directions of puzzles.Dirs,
// d^1 undoing d). A Machine is read-only and safe for concurrent use.
type Machine struct {
	next  [][4]int32
	start []int32
	// Depth is the longest forbidden sequence looked for; Forbidden
	// counts the forbidden sequences.
	Depth, Forbidden int
}

// Start is the state of a path that has not moved yet, with the blank on
// cell blank.
func (m *Machine) Start(blank int) int32 { return m.start[blank] }

// Next is the state after move d from state s, or Refused when the move
// leaves the board or completes a forbidden sequence.
func (m *Machine) Next(s int32, d int) int32 { return m.next[s][d] }

// Table is the transition table: Table()[s][d] is Next(s, d). It is for
// inner loops that index it directly; it must not be changed.
func (m *Machine) Table() [][4]int32 { return m.next }

// States is the number of states.
func (m *Machine) States() int { return len(m.next) }

var cache sync.Map // key{shape, depth} -> *Machine

type cacheKey struct {
	shape puzzles.Shape
	depth int
}

// For returns the machine of shape s for depth, decoded from the machines
// shipped in the binary (Shipped) or built on first use, and kept for the
// life of the process.
func For(s puzzles.Shape, depth int) *Machine {
	k := cacheKey{s, min(max(depth, 2), MaxDepth)}
	if m, ok := cache.Load(k); ok {
		return m.(*Machine)
	}
	var m *Machine
	if data := shipped[k]; data != nil {
		if d, err := Decode(data, s); err == nil && d.Depth == k.depth {
			m = d
		}
	}
	if m == nil {
		m = Build(s, k.depth)
	}
	got, _ := cache.LoadOrStore(k, m)
	return got.(*Machine)
}

// seedDepth is the length up to which Build finds the forbidden
// sequences of every cell before it looks at longer ones one cell at a
// time (see Build).
const seedDepth = 8

// Build makes the machine of shape s that forbids every sequence of at
// most depth moves (2 to MaxDepth; out-of-range values are clamped) that
// reaches a state an earlier sequence from the same cell reaches, earlier
// meaning shorter, or as long and first in the order of the moves'
// directions, and contains no shorter forbidden sequence. Depth 2
// forbids exactly the inverse of the last move.
//
// The sequences are enumerated by iterative deepening, shortest first,
// skipping those that contain a forbidden sequence found so far; the
// states each reaches are told apart by a 64-bit hash of the board (a
// collision can only hide a duplicate, since every twin is replayed
// before its sequence is forbidden). Up to seedDepth moves every cell is
// done length by length; beyond, one cell at a time, so that only one
// cell's states are held at once: a sequence may then contain a
// forbidden sequence of a cell not yet done, and the sequences found so
// are dropped at the end, since a shorter forbidden one inside them
// already prunes them.
func Build(s puzzles.Shape, depth int) *Machine {
	depth = min(max(depth, 2), MaxDepth)
	t := build(s, depth)
	return t.machine(depth, t.forbidden())
}

// build makes the linked trie of Build.
func build(s puzzles.Shape, depth int) *trie {
	moves := s.Moves()
	g := &generator{moves: moves, n: len(moves), t: newTrie(moves)}
	g.keys(depth)
	seeds := min(depth, seedDepth)
	for length := 1; length <= seeds; length++ {
		for start := range g.n {
			g.level(start, length)
		}
	}
	for start := range g.n {
		for length := seeds + 1; length <= depth; length++ {
			g.level(start, length)
		}
		g.seen[start] = stateSet{} // done: free it
	}
	g.t.minimal()
	g.t.link()
	return g.t
}

// generator enumerates the sequences of moves from every cell.
type generator struct {
	moves puzzles.MoveTable
	n     int
	t     *trie
	// z are the random keys of (cell, content) pairs whose exclusive or
	// identifies a state; seen holds, per start cell, the hash of every
	// state reached by a sequence kept so far, with that sequence.
	z    [][]uint64
	seen []stateSet

	// The sequence being extended: the board, its hash, its moves and,
	// per move, the trie nodes of its suffixes.
	cells  []int
	key    uint64
	moved  path
	active [][]int32
}

// startPath is a sequence of moves from cell start.
type startPath struct {
	start int
	moves path
}

// path is a sequence of at most MaxDepth moves, two bits each.
type path struct {
	bits uint32
	len  uint8
}

func (p path) with(d int) path {
	return path{bits: p.bits | uint32(d)<<(2*p.len), len: p.len + 1}
}

func (p path) at(i int) int { return int(p.bits>>(2*i)) & 3 }

// keys draws the random keys (from a fixed seed, so that every build is
// the same) and sets up the per-cell records.
func (g *generator) keys(depth int) {
	r := rand.New(rand.NewPCG(0x6b70757a7a6c65, uint64(depth)))
	g.z = make([][]uint64, g.n)
	for c := range g.z {
		g.z[c] = make([]uint64, g.n)
		for v := range g.z[c] {
			g.z[c][v] = r.Uint64()
		}
	}
	g.seen = make([]stateSet, g.n)
	g.cells = make([]int, g.n)
	g.active = make([][]int32, depth+1)
	for i := range g.active {
		g.active[i] = make([]int32, 0, depth+1)
	}
}

// level looks at every sequence of exactly length moves from cell start
// that contains no forbidden sequence found so far.
func (g *generator) level(start, length int) {
	for c := range g.cells {
		g.cells[c] = c
	}
	g.key = 0
	for c := range g.n {
		g.key ^= g.z[c][c]
	}
	if g.seen[start].keys == nil {
		g.seen[start].add(g.key, path{})
	}
	g.moved = path{}
	g.active[0] = g.active[0][:0]
	g.extend(start, start, length)
}

// extend extends the sequence, whose blank is on blank, to length moves.
func (g *generator) extend(start, blank, length int) {
	depth := int(g.moved.len)
	if depth == length {
		twin, dup := g.seen[start].find(g.key)
		if !dup {
			g.seen[start].add(g.key, g.moved)
			return
		}
		if g.sameState(start, twin, g.moved) {
			g.t.add(start, g.moved)
		}
		return
	}
	for d := range 4 {
		q := int(g.moves[blank][d])
		if q < 0 {
			continue
		}
		// The suffixes of the longer sequence in the trie: those of
		// this one, one move longer, and the move alone.
		next := g.active[depth+1][:0]
		refused := false
		for _, v := range append(g.active[depth], g.t.root[blank]) {
			c := g.t.nodes[v].child[d]
			if c < 0 {
				continue
			}
			if g.t.nodes[c].end {
				refused = true
				break
			}
			next = append(next, c)
		}
		g.active[depth+1] = next
		if refused {
			continue
		}
		t := g.cells[q]
		b := g.cells[blank]
		g.cells[blank], g.cells[q] = t, b
		k := g.key
		g.key ^= g.z[blank][b] ^ g.z[q][t] ^ g.z[blank][t] ^ g.z[q][b]
		prev := g.moved
		g.moved = g.moved.with(d)
		g.extend(start, q, length)
		g.moved = prev
		g.key = k
		g.cells[blank], g.cells[q] = b, t
	}
}

// sameState replays a and b from cell start and reports whether they
// leave the board in the same state: the check that no collision of
// hashes forbids a sequence.
func (g *generator) sameState(start int, a, b path) bool {
	play := func(p path) ([]int, bool) {
		cells := make([]int, g.n)
		for c := range cells {
			cells[c] = c
		}
		blank := start
		for i := range int(p.len) {
			q := int(g.moves[blank][p.at(i)])
			if q < 0 {
				return nil, false
			}
			cells[blank], cells[q] = cells[q], cells[blank]
			blank = q
		}
		return cells, true
	}
	x, okA := play(a)
	y, okB := play(b)
	if !okA || !okB {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// stateSet is a set of state hashes, each with the sequence that reached
// it first: open addressing, linear probing, a zero key marking a free
// slot (a hash of zero is stored as one; a collision is harmless, see
// Build).
type stateSet struct {
	keys  []uint64
	paths []path
	count int
}

func (s *stateSet) find(k uint64) (path, bool) {
	if s.keys == nil {
		return path{}, false
	}
	if k == 0 {
		k = 1
	}
	mask := uint64(len(s.keys) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch s.keys[i] {
		case k:
			return s.paths[i], true
		case 0:
			return path{}, false
		}
	}
}

func (s *stateSet) add(k uint64, p path) {
	if k == 0 {
		k = 1
	}
	if 2*(s.count+1) > len(s.keys) {
		s.grow()
	}
	mask := uint64(len(s.keys) - 1)
	i := k & mask
	for s.keys[i] != 0 {
		i = (i + 1) & mask
	}
	s.keys[i], s.paths[i] = k, p
	s.count++
}

func (s *stateSet) grow() {
	old, oldPaths := s.keys, s.paths
	size := max(1024, 2*len(old))
	s.keys, s.paths, s.count = make([]uint64, size), make([]path, size), 0
	for i, k := range old {
		if k != 0 {
			s.add(k, oldPaths[i])
		}
	}
}

// trie is the Aho-Corasick automaton of the forbidden sequences: a trie
// of them, one root per starting cell, with failure links.
type trie struct {
	moves puzzles.MoveTable
	root  []int32
	nodes []node
}

type node struct {
	cell  int
	child [4]int32
	fail  int32
	end   bool // a forbidden sequence ends here
}

func newTrie(moves puzzles.MoveTable) *trie {
	t := &trie{moves: moves, root: make([]int32, len(moves))}
	for c := range moves {
		t.root[c] = t.newNode(c)
	}
	return t
}

func (t *trie) newNode(cell int) int32 {
	t.nodes = append(t.nodes, node{cell: cell, child: [4]int32{-1, -1, -1, -1}, fail: -1})
	return int32(len(t.nodes) - 1)
}

// add inserts the forbidden sequence p from cell start.
func (t *trie) add(start int, p path) {
	v := t.root[start]
	for i := range int(p.len) {
		d := p.at(i)
		if t.nodes[v].child[d] < 0 {
			c := t.newNode(int(t.moves[t.nodes[v].cell][d]))
			t.nodes[v].child[d] = c
		}
		v = t.nodes[v].child[d]
	}
	t.nodes[v].end = true
}

// all lists the forbidden sequences in the trie.
func (t *trie) all() []startPath {
	var out []startPath
	var walk func(start int, v int32, p path)
	walk = func(start int, v int32, p path) {
		if t.nodes[v].end {
			out = append(out, startPath{start, p})
			return
		}
		for d, c := range t.nodes[v].child {
			if c >= 0 {
				walk(start, c, p.with(d))
			}
		}
	}
	for start, r := range t.root {
		walk(start, r, path{})
	}
	return out
}

// forbidden counts the forbidden sequences.
func (t *trie) forbidden() int {
	n := 0
	for _, nd := range t.nodes {
		if nd.end {
			n++
		}
	}
	return n
}

// minimal drops the forbidden sequences that contain a shorter one: the
// shorter one prunes every path the longer one would.
func (t *trie) minimal() {
	all := t.all()
	contains := func(f startPath) bool {
		cell := f.start
		for i := range int(f.moves.len) {
			v := t.root[cell]
			for j := i; j < int(f.moves.len); j++ {
				v = t.nodes[v].child[f.moves.at(j)]
				if v < 0 {
					break
				}
				if t.nodes[v].end && (i > 0 || j < int(f.moves.len)-1) {
					return true
				}
			}
			cell = int(t.moves[cell][f.moves.at(i)])
		}
		return false
	}
	var keep []startPath
	for _, f := range all {
		if !contains(f) {
			keep = append(keep, f)
		}
	}
	fresh := newTrie(t.moves)
	for _, f := range keep {
		fresh.add(f.start, f.moves)
	}
	*t = *fresh
}

// link sets the failure links, breadth first: the failure of a node is
// the node of the longest proper suffix of its sequence in the trie, the
// root of its cell when there is none.
func (t *trie) link() {
	queue := append([]int32(nil), t.root...)
	for _, r := range t.root {
		t.nodes[r].fail = r
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for d, c := range t.nodes[v].child {
			if c < 0 {
				continue
			}
			if t.isRoot(v) {
				t.nodes[c].fail = t.root[t.nodes[c].cell]
			} else {
				t.nodes[c].fail = t.step(t.nodes[v].fail, d)
			}
			queue = append(queue, c)
		}
	}
}

func (t *trie) isRoot(v int32) bool { return t.root[t.nodes[v].cell] == v }

// step is the automaton's transition: the node of the longest suffix of
// v's sequence followed by move d that is in the trie. The move must stay
// on the board.
func (t *trie) step(v int32, d int) int32 {
	for {
		if c := t.nodes[v].child[d]; c >= 0 {
			return c
		}
		if t.isRoot(v) {
			return t.root[t.moves[t.nodes[v].cell][d]]
		}
		v = t.nodes[v].fail
	}
}

// machine turns the automaton into the transition table of its states
// that end no forbidden sequence.
func (t *trie) machine(depth, forbidden int) *Machine {
	id := make([]int32, len(t.nodes))
	m := &Machine{Depth: depth, Forbidden: forbidden}
	for v := range t.nodes {
		id[v] = Refused
		if !t.nodes[v].end {
			id[v] = int32(len(m.next))
			m.next = append(m.next, [4]int32{})
		}
	}
	for v, nd := range t.nodes {
		if nd.end {
			continue
		}
		row := &m.next[id[v]]
		for d := range 4 {
			row[d] = Refused
			if t.moves[nd.cell][d] >= 0 {
				row[d] = id[t.step(int32(v), d)]
			}
		}
	}
	m.start = make([]int32, len(t.root))
	for c, r := range t.root {
		m.start[c] = id[r]
	}
	return m
}

// String describes the machine.
func (m *Machine) String() string {
	return fmt.Sprintf("%d states, %d forbidden sequences of up to %d moves", len(m.next), m.Forbidden, m.Depth)
}
