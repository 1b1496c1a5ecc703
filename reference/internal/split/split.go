package split

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/movefsm"
)

// NodesPerThread is how many frontier nodes Expand aims at for each
// worker: enough that the last subtrees handed out are small next to the
// whole iteration, so that the workers finish together.
const NodesPerThread = 64

// MaxDepth bounds the depth of the frontier, whatever the number of nodes
// at it.
const MaxDepth = 40

// NoDir is the "no previous move" of the root: every move may be tried.
const NoDir = 4

// DefaultSerialBelow is the default of SerialBelow: 2^17 expansions, a
// few milliseconds of search.
const DefaultSerialBelow = 1 << 17

// serialBelowSet holds SerialBelow plus one, 0 for the default.
var serialBelowSet atomic.Int64

// SerialBelow is the size under which an iteration is not split (see
// Want).
func SerialBelow() int64 {
	if v := serialBelowSet.Load(); v > 0 {
		return v - 1
	}
	return DefaultSerialBelow
}

// SetSerialBelow sets SerialBelow to n and returns the previous value;
// tests set 0 to split every iteration of small boards.
func SetSerialBelow(n int64) int64 {
	prev := SerialBelow()
	serialBelowSet.Store(max(n, 0) + 1)
	return prev
}

// Want is how many frontier nodes to ask Expand for in an iteration that
// follows one of prev expansions (0 for the first): threads ×
// NodesPerThread, or 1 — the root alone, searched by one worker as the
// serial search would — when the previous iteration made fewer than
// SerialBelow expansions. An iteration is a few times larger than the one
// before, so small ones, where handing out work and waiting for every
// worker costs more than it saves, run whole on one thread.
func Want(threads int, prev int64) int {
	if prev < SerialBelow() {
		return 1
	}
	return threads * NodesPerThread
}

// Tree is the search tree of one IDA* search as its serial search walks
// it.
type Tree struct {
	// Moves[c][d] is the cell the blank reaches from cell c moving in
	// direction d (the order of puzzles.Dirs, so d^1 undoes d), or -1.
	Moves puzzles.MoveTable
	// H is the heuristic estimate of cells. It must be safe for
	// concurrent use (Expand calls it from one goroutine, but the
	// workers may share it).
	H func(cells []uint8) int
	// IsGoal reports whether cells, whose estimate is h, is the goal.
	IsGoal func(cells []uint8, h int) bool
	// Prune, when set, is the machine that chooses the moves the search
	// tries (package movefsm); nil tries every move but the one that
	// undoes the last.
	Prune *movefsm.Machine
}

// Node is a node of the tree: the state Path leads to from the root.
type Node struct {
	// Path is the blank's moves from the root (puzzles.Dir values).
	Path []uint8
	// Cells is the state, Blank the blank's cell and H its estimate.
	Cells []uint8
	Blank int
	H     int
	// State is the state of Tree.Prune after Path (zero without one).
	State int32
}

// G is the node's depth.
func (n *Node) G() int { return len(n.Path) }

// Back is the direction that undoes the move that reached n (so the
// search below n must not try it), or NoDir for the root.
func (n *Node) Back() int {
	if len(n.Path) == 0 {
		return NoDir
	}
	return int(n.Path[len(n.Path)-1] ^ 1)
}

// Join is the path from the root through n followed by below, the moves
// a worker found from n to the goal, as directions.
func (n *Node) Join(below []puzzles.Dir) []puzzles.Dir {
	out := make([]puzzles.Dir, 0, len(n.Path)+len(below))
	for _, d := range n.Path {
		out = append(out, puzzles.Dir(d))
	}
	return append(out, below...)
}

// Top is the top of an iteration's tree as Expand walked it.
type Top struct {
	// Nodes is the frontier, in the order of the serial depth-first
	// search; empty when the bound leaves no node at the frontier's depth.
	Nodes []Node
	// Expanded and Generated count the nodes above the frontier that
	// Expand expanded and generated; ByDepth[g] the expansions at depth g.
	Expanded, Generated int64
	ByDepth             []int64
	// MaxDepth is the depth of the deepest node generated.
	MaxDepth int
	// Next is the least f above the bound among the nodes Expand pruned,
	// math.MaxInt if none.
	Next int
	// Found reports that Expand reached the goal above the frontier's
	// depth; Path is then the blank's moves from the root to it.
	Found bool
	Path  []puzzles.Dir
	// Limited reports that Expand stopped because it had made
	// maxExpanded expansions (none when maxExpanded ≤ 0).
	Limited bool
}

// Expand walks the tree below the root (cells, blank cell blank,
// estimate h0, not the goal) within the f bound bound, one level at a
// time, until a level holds at least want nodes or has depth maxDepth,
// and returns that level as the frontier. It expands each node of the
// levels above as the serial search does: the successors in the order of
// puzzles.Dirs, never the move that undoes the last one; a successor
// with f = g + h above bound is counted as generated and pruned, one
// within it is tested for the goal and kept. It stops at the first goal,
// and before expanding more than maxExpanded nodes (math.MaxInt64: no
// limit; Budget.Left gives that for a nil budget).
func Expand(t Tree, cells []uint8, blank, h0, bound, want, maxDepth int, maxExpanded int64) Top {
	top := Top{Next: math.MaxInt}
	level := []Node{{Cells: append([]uint8(nil), cells...), Blank: blank, H: h0}}
	if t.Prune != nil {
		level[0].State = t.Prune.Start(blank)
	}
	n := len(cells)
	for g := 0; g < maxDepth && len(level) > 0 && len(level) < want; g++ {
		var below []Node
		arena := make([]uint8, 0, 3*len(level)*n)
		for i := range level {
			p := &level[i]
			if top.Expanded >= maxExpanded {
				top.Limited = true
				return top
			}
			top.Expanded++
			for len(top.ByDepth) <= g {
				top.ByDepth = append(top.ByDepth, 0)
			}
			top.ByDepth[g]++
			back := p.Back()
			for d := range 4 {
				var state int32
				if t.Prune != nil {
					if state = t.Prune.Next(p.State, d); state == movefsm.Refused {
						continue
					}
				} else if d == back {
					continue
				}
				to := int(t.Moves[p.Blank][d])
				if to < 0 {
					continue
				}
				top.Generated++
				top.MaxDepth = g + 1
				start := len(arena)
				arena = append(arena, p.Cells...)
				c := arena[start:len(arena):len(arena)]
				c[p.Blank], c[to] = c[to], 0
				h := t.H(c)
				if f := g + 1 + h; f > bound {
					top.Next = min(top.Next, f)
					arena = arena[:start]
					continue
				}
				path := append(append(make([]uint8, 0, g+1), p.Path...), uint8(d))
				if t.IsGoal(c, h) {
					top.Found = true
					top.Path = (&Node{Path: path}).Join(nil)
					return top
				}
				below = append(below, Node{Path: path, Cells: c, Blank: to, H: h, State: state})
			}
		}
		level = below
	}
	top.Nodes = level
	return top
}

// Stop is what the workers of one iteration share to end it: the index
// of the first frontier node (in the serial search's order) known to hold
// the goal, -1 once the iteration has failed. Its zero value must be
// Reset before use.
type Stop struct {
	at atomic.Int64
}

// Reset readies s for a new iteration.
func (s *Stop) Reset() { s.at.Store(math.MaxInt64) }

// Found records that node i holds the goal: the nodes after it are not
// needed any more, the nodes before it still are (one of them may hold a
// goal the serial search meets first).
func (s *Stop) Found(i int) {
	for {
		at := s.at.Load()
		if int64(i) >= at || s.at.CompareAndSwap(at, int64(i)) {
			return
		}
	}
}

// Fail ends the iteration for every node (a limit, a cancelled context).
func (s *Stop) Fail() { s.at.Store(-1) }

// Abandon reports whether the search of node i must stop: a node before
// it holds the goal, or the iteration failed. Workers look at it when
// they look at their limits.
func (s *Stop) Abandon(i int) bool { return int64(i) > s.at.Load() }

// Outcome is how the search of one frontier node ended.
type Outcome int

// The outcomes of a node's search.
const (
	// Searched: the subtree holds no goal within the bound (or the search
	// was abandoned because Stop said so).
	Searched Outcome = iota
	// FoundGoal: the search reached the goal.
	FoundGoal
	// Failed: a limit or the context stopped the search.
	Failed
)

// Run searches count frontier nodes with threads goroutines, after
// resetting stop. Worker w (0 ≤ w < threads) calls search(w, i) for the
// next node i not yet taken, in order, until none is left or stop
// abandons it. A search that reaches the goal is recorded with
// stop.Found, one that failed with stop.Fail. Run returns when every
// worker has stopped; the nodes before the first that found the goal
// have then all been searched to the end, so that the goal the caller
// keeps (that of the least node) is the one the serial search finds.
func Run(threads, count int, stop *Stop, search func(w, i int) Outcome) {
	stop.Reset()
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= count || stop.Abandon(i) {
					return
				}
				switch search(w, i) {
				case FoundGoal:
					stop.Found(i)
				case Failed:
					stop.Fail()
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Budget is a number of nodes shared by the workers of a search. A nil
// *Budget is unlimited.
type Budget struct {
	left atomic.Int64
}

// NewBudget returns a budget of n nodes, or nil (no limit) when n ≤ 0.
func NewBudget(n int64) *Budget {
	if n <= 0 {
		return nil
	}
	b := &Budget{}
	b.left.Store(n)
	return b
}

// Take takes up to n nodes from the budget and returns how many it took:
// 0 once the budget is spent. It is safe for concurrent use.
func (b *Budget) Take(n int64) int64 {
	if b == nil {
		return n
	}
	for {
		left := b.left.Load()
		if left <= 0 {
			return 0
		}
		got := min(n, left)
		if b.left.CompareAndSwap(left, left-got) {
			return got
		}
	}
}

// Give returns n nodes taken and not used.
func (b *Budget) Give(n int64) {
	if b != nil && n > 0 {
		b.left.Add(n)
	}
}

// Left is the number of nodes not yet taken, or math.MaxInt64 for a nil
// budget.
func (b *Budget) Left() int64 {
	if b == nil {
		return math.MaxInt64
	}
	return b.left.Load()
}
