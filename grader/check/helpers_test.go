package check_test

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// bfsTable is the distance to a goal of every board that can reach it,
// found by breadth-first search from the goal: the independent route the
// checker's optimal lengths are compared with. Boards are keyed by their
// packed Code (boards of at most 16 cells).
type bfsTable map[puzzles.Code]int

func (t bfsTable) distance(b puzzles.Board) (int, bool) {
	c, ok := puzzles.EncodeCode(b)
	if !ok {
		panic("bfsTable: board too large")
	}
	d, ok := t[c]
	return d, ok
}

var (
	bfsMu    sync.Mutex
	bfsCache = map[string]bfsTable{}
)

// bfsDistances returns the BFS table of g, computed once per goal.
func bfsDistances(g puzzles.Goal) bfsTable {
	bfsMu.Lock()
	defer bfsMu.Unlock()
	key := g.Shape().String() + " " + g.Board().String()
	if t, ok := bfsCache[key]; ok {
		return t
	}
	moves := g.Shape().Moves()
	start, _ := puzzles.EncodeCode(g.Board())
	dist := bfsTable{start: 0}
	type node struct {
		code  puzzles.Code
		blank int
	}
	frontier := []node{{start, g.Board().Blank()}}
	for d := 1; len(frontier) > 0; d++ {
		var next []node
		for _, n := range frontier {
			for _, j := range moves[n.blank] {
				if j < 0 {
					continue
				}
				c := n.code.Slide(n.blank, int(j))
				if _, seen := dist[c]; !seen {
					dist[c] = d
					next = append(next, node{c, int(j)})
				}
			}
		}
		frontier = next
	}
	bfsCache[key] = dist
	return dist
}

// bfsOracle answers from a BFS table, or says unsolvable.
type bfsOracle struct {
	dist  bfsTable
	calls int
}

func newBFSOracle(g puzzles.Goal) *bfsOracle { return &bfsOracle{dist: bfsDistances(g)} }

func (o *bfsOracle) Optimal(_ context.Context, b puzzles.Board, _ puzzles.Goal) (int, string, error) {
	o.calls++
	d, ok := o.dist.distance(b)
	if !ok {
		return 0, "", fmt.Errorf("bfs: %w", puzzles.ErrUnsolvable)
	}
	return d, "bfs", nil
}

// slowOracle never finishes before its context ends.
var slowOracle = check.OracleFunc(func(ctx context.Context, _ puzzles.Board, _ puzzles.Goal) (int, string, error) {
	<-ctx.Done()
	return 0, "", fmt.Errorf("slow: %w", ctx.Err())
})

// lyingOracle says every board is unsolvable.
var lyingOracle = check.OracleFunc(func(context.Context, puzzles.Board, puzzles.Goal) (int, string, error) {
	return 0, "", puzzles.ErrUnsolvable
})

// failingOracle fails for a reason of its own.
var failingOracle = check.OracleFunc(func(context.Context, puzzles.Board, puzzles.Goal) (int, string, error) {
	return 0, "", errors.New("out of pattern databases")
})

// bfsPath is a shortest path of blank moves from b to g, found by walking
// down the BFS distances.
func bfsPath(dist bfsTable, b puzzles.Board) []puzzles.Dir {
	var path []puzzles.Dir
	d, _ := dist.distance(b)
	for ; d > 0; d-- {
		for _, st := range b.Neighbors() {
			if nd, ok := dist.distance(st.Board); ok && nd == d-1 {
				path = append(path, st.Dir)
				b = st.Board
				break
			}
		}
	}
	return path
}
