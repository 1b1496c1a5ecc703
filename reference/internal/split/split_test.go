package split_test

import (
	"bytes"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/internal/split"
)

func korfTree(t *testing.T) (split.Tree, puzzles.Board, int) {
	t.Helper()
	set, err := puzzles.LoadSet("korf100")
	if err != nil {
		t.Fatal(err)
	}
	inst := set.Instances[0]
	g := set.Goal(inst)
	h := heuristics.NewManhattan(g)
	goal := g.Board().Bytes()
	return split.Tree{
		Moves:  inst.Board.Shape().Moves(),
		H:      h.Estimate,
		IsGoal: func(c []uint8, h int) bool { return h == 0 && bytes.Equal(c, goal) },
	}, inst.Board, inst.Optimal
}

// TestExpandFrontier checks the frontier of an iteration of Korf's
// instance 1: at least want nodes for 2 to 8 threads, each within the
// bound, reached by a path with no move undoing the one before, holding
// the state the path leads to, in depth-first order; and the counts add
// up.
func TestExpandFrontier(t *testing.T) {
	tree, b, optimal := korfTree(t)
	h0 := tree.H(b.Bytes())
	for threads := 2; threads <= 8; threads++ {
		want := threads * split.NodesPerThread
		top := split.Expand(tree, b.Bytes(), b.Blank(), h0, optimal, want, split.MaxDepth, math.MaxInt64)
		if top.Found || top.Limited {
			t.Fatalf("found %v limited %v", top.Found, top.Limited)
		}
		if len(top.Nodes) < want {
			t.Fatalf("%d threads: %d frontier nodes, want at least %d", threads, len(top.Nodes), want)
		}
		var byDepth int64
		for _, n := range top.ByDepth {
			byDepth += n
		}
		if byDepth != top.Expanded || top.Generated < top.Expanded || top.MaxDepth != top.Nodes[0].G() {
			t.Fatalf("expanded %d, by depth %d, generated %d, max depth %d", top.Expanded, byDepth, top.Generated, top.MaxDepth)
		}
		for i := range top.Nodes {
			nd := &top.Nodes[i]
			if nd.G()+nd.H > optimal || nd.H != tree.H(nd.Cells) {
				t.Fatalf("node %d: g %d + h %d above the bound %d", i, nd.G(), nd.H, optimal)
			}
			dirs := nd.Join(nil)
			for j := 1; j < len(dirs); j++ {
				if dirs[j] == dirs[j-1].Opposite() {
					t.Fatalf("node %d: path %v undoes a move", i, dirs)
				}
			}
			end, err := b.Apply(dirs)
			if err != nil || !bytes.Equal(end.Bytes(), nd.Cells) || end.Blank() != nd.Blank {
				t.Fatalf("node %d: path %v gives %v (%v), node holds %v", i, dirs, end, err, nd.Cells)
			}
			if i > 0 && slices.Compare(top.Nodes[i-1].Path, nd.Path) >= 0 {
				t.Fatalf("nodes %d and %d out of depth-first order: %v, %v", i-1, i, top.Nodes[i-1].Path, nd.Path)
			}
		}
	}
}

// TestExpandLimitAndGoal checks the expansion limit and a goal above the
// frontier.
func TestExpandLimitAndGoal(t *testing.T) {
	tree, b, optimal := korfTree(t)
	top := split.Expand(tree, b.Bytes(), b.Blank(), tree.H(b.Bytes()), optimal, 1000, split.MaxDepth, 5)
	if !top.Limited || top.Expanded != 5 {
		t.Fatalf("limit 5: limited %v after %d expansions", top.Limited, top.Expanded)
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	start, _ := g.Board().Apply([]puzzles.Dir{puzzles.Up, puzzles.Left})
	goal := g.Board().Bytes()
	h := heuristics.NewManhattan(g)
	small := split.Tree{Moves: start.Shape().Moves(), H: h.Estimate, IsGoal: func(c []uint8, h int) bool { return h == 0 && bytes.Equal(c, goal) }}
	top = split.Expand(small, start.Bytes(), start.Blank(), h.Estimate(start.Bytes()), 2, 1000, split.MaxDepth, math.MaxInt64)
	if !top.Found || !slices.Equal(top.Path, []puzzles.Dir{puzzles.Right, puzzles.Down}) {
		t.Fatalf("found %v, path %v; want RIGHT DOWN", top.Found, top.Path)
	}
}

// TestRunSharesTheQueue checks that workers take nodes from one queue:
// while the worker holding node 0 is stuck in it, the others search every
// other node, so a slow subtree never holds nodes back; every node is
// searched once.
func TestRunSharesTheQueue(t *testing.T) {
	const threads, count = 4, 200
	var searched [count]atomic.Int32
	var perWorker [threads]atomic.Int32
	var done atomic.Int32
	release := make(chan struct{})
	var once sync.Once
	stuck := -1
	var stop split.Stop
	finished := make(chan struct{})
	go func() {
		split.Run(threads, count, &stop, func(w, i int) split.Outcome {
			searched[i].Add(1)
			perWorker[w].Add(1)
			if i == 0 {
				stuck = w
				<-release
				return split.Searched
			}
			if done.Add(1) == count-1 {
				once.Do(func() { close(release) })
			}
			return split.Searched
		})
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(2 * time.Minute): // a hang guard, not a timing check
		t.Fatal("Run did not finish: the other workers did not take node 0's share")
	}
	for i := range searched {
		if searched[i].Load() != 1 {
			t.Fatalf("node %d searched %d times", i, searched[i].Load())
		}
	}
	if n := perWorker[stuck].Load(); n != 1 {
		t.Fatalf("the worker stuck in node 0 searched %d nodes, want 1", n)
	}
}

// TestRunFoundKeepsEarlierNodes checks that a goal below node 5 ends the
// search of the nodes after it but not of those before it: node 3, still
// being searched when node 5 reports, is not abandoned, and no node after
// 5 is searched.
func TestRunFoundKeepsEarlierNodes(t *testing.T) {
	var stop split.Stop
	var searched [10]atomic.Int32
	var abandoned3 atomic.Bool
	split.Run(2, 10, &stop, func(_, i int) split.Outcome {
		searched[i].Add(1)
		switch i {
		case 3:
			for !stop.Abandon(6) { // wait until node 5 has reported
				runtime.Gosched()
			}
			abandoned3.Store(stop.Abandon(3))
		case 5:
			return split.FoundGoal
		}
		return split.Searched
	})
	if abandoned3.Load() {
		t.Fatal("node 3 was abandoned when node 5 found the goal")
	}
	for i := range searched {
		if want := int32(min(1, max(0, 6-i))); searched[i].Load() != want {
			t.Fatalf("node %d searched %d times, want %d", i, searched[i].Load(), want)
		}
	}
}

// TestRunFails checks that a failed search stops every worker.
func TestRunFails(t *testing.T) {
	var stop split.Stop
	var last atomic.Int64
	split.Run(1, 100, &stop, func(_, i int) split.Outcome {
		last.Store(int64(i))
		if i == 10 {
			return split.Failed
		}
		return split.Searched
	})
	if !stop.Abandon(0) || last.Load() != 10 {
		t.Fatalf("abandon %v, last node %d; want everything abandoned after node 10", stop.Abandon(0), last.Load())
	}
}

// TestBudget checks that takes never pass the budget, and that what is
// given back can be taken again.
func TestBudget(t *testing.T) {
	if split.NewBudget(0) != nil {
		t.Fatal("NewBudget(0) is not unlimited")
	}
	b := split.NewBudget(1000)
	var taken atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n := b.Take(7)
				if n == 0 {
					return
				}
				taken.Add(n)
			}
		}()
	}
	wg.Wait()
	if taken.Load() != 1000 || b.Left() != 0 {
		t.Fatalf("took %d, left %d; want 1000 and 0", taken.Load(), b.Left())
	}
	b.Give(5)
	if n := b.Take(10); n != 5 {
		t.Fatalf("took %d after giving back 5", n)
	}
}

// TestWant checks when an iteration is split: not after a small one.
func TestWant(t *testing.T) {
	if got := split.Want(4, 0); got != 1 {
		t.Errorf("first iteration: want %d nodes, expected 1 (the root)", got)
	}
	if got := split.Want(4, split.DefaultSerialBelow-1); got != 1 {
		t.Errorf("after a small iteration: %d nodes, expected 1", got)
	}
	if got := split.Want(4, split.DefaultSerialBelow); got != 4*split.NodesPerThread {
		t.Errorf("after a large iteration: %d nodes, expected %d", got, 4*split.NodesPerThread)
	}
	defer split.SetSerialBelow(split.SetSerialBelow(0))
	if got := split.Want(2, 0); got != 2*split.NodesPerThread || split.SerialBelow() != 0 {
		t.Errorf("with SerialBelow 0: %d nodes, SerialBelow %d", got, split.SerialBelow())
	}
}
