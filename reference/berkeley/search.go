package berkeley

import (
	"container/heap"
	"context"
	"fmt"
	"slices"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Algorithm is one of CS188's four searches.
type Algorithm string

// The searches, by their kpuzzle names.
const (
	DFS   Algorithm = "dfs"
	BFS   Algorithm = "bfs"
	UCS   Algorithm = "ucs"
	AStar Algorithm = "astar"
)

// Algorithms are the searches, in CS188's order.
var Algorithms = []Algorithm{DFS, BFS, UCS, AStar}

// Heuristic estimates a state's distance to the goal, as a CS188
// heuristic(state, problem) does; nil is nullHeuristic (0 everywhere).
type Heuristic func(b puzzles.Board) int

// Heuristics named by run.heuristic.
const (
	HeuristicNull      = "null"
	HeuristicManhattan = "manhattan"
	HeuristicMisplaced = "misplaced"
)

// HeuristicNames are the heuristics [NewHeuristic] knows.
var HeuristicNames = []string{HeuristicNull, HeuristicManhattan, HeuristicMisplaced}

// NewHeuristic is the heuristic of name for goal g: null (0), manhattan
// (the tiles' Manhattan distances to their goal cells, the blank not
// counted) or misplaced (the tiles, not the blank, out of place).
func NewHeuristic(name string, g puzzles.Goal) (Heuristic, error) {
	switch name {
	case HeuristicNull, "":
		return nil, nil
	case HeuristicManhattan:
		return g.Manhattan, nil
	case HeuristicMisplaced:
		return g.Misplaced, nil
	}
	return nil, fmt.Errorf("unknown heuristic %q; expected null, manhattan or misplaced", name)
}

// Options configure a search.
type Options struct {
	// Algorithm is the search; it must be one of Algorithms.
	Algorithm Algorithm
	// Heuristic is A*'s heuristic; nil is nullHeuristic. The other
	// searches ignore it.
	Heuristic Heuristic
	// MaxExpanded stops the search after this many expansions (0: no
	// limit); the result is then Capped.
	MaxExpanded int
}

// Result is what a search did.
type Result struct {
	// Expanded are the states getSuccessors was called on, in order.
	Expanded []puzzles.Board
	// Actions are the blank's moves the search returned (CS188's 'up',
	// 'down', 'left', 'right'), empty when it found no goal.
	Actions []puzzles.Dir
	// Found is true when the search reached the goal.
	Found bool
	// Capped is true when the search stopped at Options.MaxExpanded.
	Capped bool
}

// ActionName is CS188's name of the blank's move d: "up", "down", "left"
// or "right".
func ActionName(d puzzles.Dir) string {
	return [...]string{"up", "down", "left", "right"}[d]
}

// Successors are a state's successors in CS188's order: the blank moves
// up, down, left, right, when it can.
func Successors(b puzzles.Board) []puzzles.Step {
	var out []puzzles.Step
	for _, d := range puzzles.Dirs {
		if nb, ok := b.Move(d); ok {
			out = append(out, puzzles.Step{Dir: d, Board: nb})
		}
	}
	return out
}

// node is a fringe entry: a state, the path that reaches it (through
// parent links: CS188's lists of actions, without their copies) and its
// cost.
type node struct {
	board  puzzles.Board
	parent *node
	dir    puzzles.Dir
	cost   int
}

// actions are the moves from the start to n.
func (n *node) actions() []puzzles.Dir {
	var out []puzzles.Dir
	for ; n.parent != nil; n = n.parent {
		out = append(out, n.dir)
	}
	slices.Reverse(out)
	return out
}

// Search runs the CS188 graph search of o.Algorithm from start to goal
// (see the package comment for its rules). It ends without error when
// the fringe empties (Found false: no goal reached). ctx is checked every
// 1024 expansions.
func Search(ctx context.Context, start puzzles.Board, goal puzzles.Goal, o Options) (Result, error) {
	var f fringe
	switch o.Algorithm {
	case DFS:
		f = &stack{}
	case BFS:
		f = &queue{}
	case UCS:
		f = &pqueue{}
	case AStar:
		f = &pqueue{h: o.Heuristic}
		if o.Heuristic == nil {
			f = &pqueue{h: func(puzzles.Board) int { return 0 }}
		}
	default:
		return Result{}, fmt.Errorf("unknown search %q; expected dfs, bfs, ucs or astar", o.Algorithm)
	}
	var r Result
	closed := map[string]bool{}
	f.push(&node{board: start})
	for f.len() > 0 {
		n := f.pop()
		if goal.Reached(n.board) {
			r.Found, r.Actions = true, n.actions()
			return r, nil
		}
		key := string(n.board.Bytes())
		if closed[key] {
			continue
		}
		if o.MaxExpanded > 0 && len(r.Expanded) >= o.MaxExpanded {
			r.Capped = true
			return r, nil
		}
		closed[key] = true
		r.Expanded = append(r.Expanded, n.board)
		if len(r.Expanded)%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return r, err
			}
		}
		for _, s := range Successors(n.board) {
			f.push(&node{board: s.Board, parent: n, dir: s.Dir, cost: n.cost + 1})
		}
	}
	return r, nil
}

// fringe is util.Stack, util.Queue or util.PriorityQueue.
type fringe interface {
	push(*node)
	pop() *node
	len() int
}

type stack struct{ s []*node }

func (s *stack) push(n *node) { s.s = append(s.s, n) }
func (s *stack) len() int     { return len(s.s) }
func (s *stack) pop() *node {
	n := s.s[len(s.s)-1]
	s.s = s.s[:len(s.s)-1]
	return n
}

type queue struct {
	s    []*node
	head int
}

func (q *queue) push(n *node) { q.s = append(q.s, n) }
func (q *queue) len() int     { return len(q.s) - q.head }
func (q *queue) pop() *node {
	n := q.s[q.head]
	q.s[q.head] = nil
	q.head++
	return n
}

// pqueue is util.PriorityQueue: a heap of (priority, count, item), the
// priority g (+ h for A*).
type pqueue struct {
	h     Heuristic
	items pqItems
	count int
}

type pqItem struct {
	priority, count int
	n               *node
}

type pqItems []pqItem

func (p pqItems) Len() int { return len(p) }
func (p pqItems) Less(i, j int) bool {
	if p[i].priority != p[j].priority {
		return p[i].priority < p[j].priority
	}
	return p[i].count < p[j].count
}
func (p pqItems) Swap(i, j int) { p[i], p[j] = p[j], p[i] }
func (p *pqItems) Push(x any)   { *p = append(*p, x.(pqItem)) }
func (p *pqItems) Pop() any {
	old := *p
	it := old[len(old)-1]
	*p = old[:len(old)-1]
	return it
}

func (q *pqueue) push(n *node) {
	pr := n.cost
	if q.h != nil {
		pr += q.h(n.board)
	}
	heap.Push(&q.items, pqItem{priority: pr, count: q.count, n: n})
	q.count++
}
func (q *pqueue) len() int   { return len(q.items) }
func (q *pqueue) pop() *node { return heap.Pop(&q.items).(pqItem).n }
