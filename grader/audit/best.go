package audit

import (
	"math"
	"sort"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// candidate is a failing state found during an audit, kept in compact
// form until the report is written. order identifies the state: its rank
// in the exact table (exhaustive audits) or its index among the queried
// states (sampled audits).
type candidate struct {
	depth  int // h* of the state, or an upper bound on it; -1 unknown
	order  int64
	h      float64
	other  float64 // the neighbour's h, or the reference value
	excess float64 // by how much the check fails
	nb     int64   // the neighbour's order, for inconsistent edges
	nbd    int     // the neighbour's h*, -1 unknown (inconsistent edges)
	move   puzzles.Dir
}

// depthKey orders unknown depths after every known one.
func depthKey(d int) int {
	if d < 0 {
		return math.MaxInt
	}
	return d
}

// nearer orders candidates fewest moves from the goal first, then by
// order (table rank, or sample order).
func nearer(a, b *candidate) bool {
	if da, db := depthKey(a.depth), depthKey(b.depth); da != db {
		return da < db
	}
	return a.order < b.order
}

// nearerEdge orders inconsistent edges by the end nearer the goal, then
// the farther end (unknown distances last), then as nearer does by the
// end with the larger value and the other end.
func nearerEdge(a, b *candidate) bool {
	anear, afar := min(depthKey(a.depth), depthKey(a.nbd)), max(depthKey(a.depth), depthKey(a.nbd))
	bnear, bfar := min(depthKey(b.depth), depthKey(b.nbd)), max(depthKey(b.depth), depthKey(b.nbd))
	switch {
	case anear != bnear:
		return anear < bnear
	case afar != bfar:
		return afar < bfar
	case a.order != b.order:
		return a.order < b.order
	}
	return a.nb < b.nb
}

// larger orders candidates by how much they fail, largest first, then as
// nearer does.
func larger(a, b *candidate) bool {
	if a.excess != b.excess {
		return a.excess > b.excess
	}
	return nearer(a, b)
}

// largerEdge orders inconsistent edges by how much they fail, largest
// first, then as nearerEdge does.
func largerEdge(a, b *candidate) bool {
	if a.excess != b.excess {
		return a.excess > b.excess
	}
	return nearerEdge(a, b)
}

// topK keeps the k best candidates under less.
type topK struct {
	k     int
	less  func(a, b *candidate) bool
	items []candidate
}

func newTopK(k int, less func(a, b *candidate) bool) *topK { return &topK{k: k, less: less} }

func (t *topK) add(c candidate) {
	if t.k <= 0 {
		return
	}
	n := len(t.items)
	if n == t.k && !t.less(&c, &t.items[n-1]) {
		return
	}
	i := sort.Search(n, func(i int) bool { return t.less(&c, &t.items[i]) })
	if n < t.k {
		t.items = append(t.items, candidate{})
	}
	copy(t.items[i+1:], t.items[i:])
	t.items[i] = c
}

func (t *topK) merge(o *topK) {
	for _, c := range o.items {
		t.add(c)
	}
}
