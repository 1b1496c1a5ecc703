package split_test

import (
	"math"
	"slices"
	"testing"

	"github.com/kpuzzle/kpuzzle/reference/internal/split"
)

// subtree counts the expansions of a serial IDA* pass below a node, within
// bound, with the tree's estimate: the work a worker does for it.
func subtree(t split.Tree, cells []uint8, blank, g, h, back, bound int) int64 {
	n := int64(1)
	for d := range 4 {
		if d == back {
			continue
		}
		to := int(t.Moves[blank][d])
		if to < 0 {
			continue
		}
		cells[blank], cells[to] = cells[to], 0
		if nh := t.H(cells); g+1+nh <= bound {
			n += subtree(t, cells, to, g+1, nh, d^1, bound)
		}
		cells[to], cells[blank] = cells[blank], 0
	}
	return n
}

// TestSplitBalance measures how evenly a complete iteration of Korf's
// instance 1 (bound 51, six below its solution, so no goal ends it early)
// is shared: the frontier's subtrees are sized by a serial pass each, then
// handed out in queue order to the first free of T workers, as Run does
// when every worker goes at the same speed. The longest worker must be
// within 15% of an even share for 2 to 8 workers; the speed-up in nodes
// is logged. A mechanism check, not a timing.
func TestSplitBalance(t *testing.T) {
	tree, b, optimal := korfTree(t)
	bound := optimal - 6
	cells := b.Bytes()
	h0 := tree.H(cells)
	serial := subtree(tree, append([]uint8(nil), cells...), b.Blank(), 0, h0, split.NoDir, bound)
	for _, threads := range []int{2, 4, 8} {
		top := split.Expand(tree, cells, b.Blank(), h0, bound, split.Want(threads, math.MaxInt64), split.MaxDepth, math.MaxInt64)
		sizes := make([]int64, len(top.Nodes))
		total := top.Expanded
		for i := range top.Nodes {
			nd := &top.Nodes[i]
			sizes[i] = subtree(tree, append([]uint8(nil), nd.Cells...), nd.Blank, nd.G(), nd.H, nd.Back(), bound)
			total += sizes[i]
		}
		if total != serial {
			t.Fatalf("%d threads: the walk and the subtrees expand %d nodes, the serial pass %d", threads, total, serial)
		}
		busy := make([]int64, threads)
		for _, s := range sizes {
			busy[slices.Index(busy, slices.Min(busy))] += s
		}
		longest := top.Expanded + slices.Max(busy)
		even := float64(total) / float64(threads)
		t.Logf("%d threads: %d frontier nodes at depth %d, largest subtree %.1f%% of the iteration; speed-up in nodes %.2f",
			threads, len(sizes), top.Nodes[0].G(), 100*float64(slices.Max(sizes))/float64(total), float64(total)/float64(longest))
		if float64(longest) > 1.15*even {
			t.Errorf("%d threads: the longest worker does %d nodes, %.0f%% above an even share of %.0f", threads, longest, 100*(float64(longest)/even-1), even)
		}
	}
}
