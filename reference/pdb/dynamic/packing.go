package dynamic

import "math/bits"

// edge is a group of tiles that needs more moves than its tiles'
// Manhattan distance: its tiles as a bit mask (bit t for tile t) and its
// excess w in units of two moves. A pair is an edge of the conflict
// graph, a triple a hyperedge.
type edge struct {
	mask uint64
	w    int32
}

func (e edge) lowest() int { return bits.TrailingZeros64(e.mask) }

// packer finds a maximum-weight packing: pairwise disjoint edges with the
// largest total weight. With pairs only this is maximum-weight matching;
// with triples it is weighted set packing. Both are solved exactly by
// branch and bound: conflict graphs are small and sparse (a handful of
// edges in a typical 15-puzzle state) and fall apart into connected
// components, which are solved one at a time.
//
// A packer holds scratch space and is not safe for concurrent use; the
// zero value is ready to use.
type packer struct {
	// stack holds the filtered edge lists of the open branches.
	stack []edge
	best  int32
	// With want set, cur is the branch's packing and chosen collects the
	// edges of one best packing of every component.
	want       bool
	cur, bestC []edge
	chosen     []edge
	// share is scratch for the bounds, indexed by tile.
	share [64]int32
	// Scratch for packSet, indexed by tile (on) or edge number.
	on       [64]uint64
	conflict [64]uint64
	w        [64]int32
	masks    [64]uint64
	bestSet  uint64
}

// pack returns the largest total weight of disjoint edges; it may reorder
// edges. With p.want set, p.chosen holds one best packing afterwards.
func (p *packer) pack(edges []edge) int {
	p.chosen = p.chosen[:0]
	total := 0
	// Move one connected component at a time to the front of rest.
	rest := edges
	for len(rest) > 0 {
		comp, k := rest[0].mask, 1
		for grown := true; grown; {
			grown = false
			for i := k; i < len(rest); i++ {
				if rest[i].mask&comp != 0 {
					comp |= rest[i].mask
					rest[k], rest[i] = rest[i], rest[k]
					k++
					grown = true
				}
			}
		}
		total += p.packComponent(rest[:k])
		rest = rest[k:]
	}
	return total
}

// packComponent solves one connected component.
func (p *packer) packComponent(edges []edge) int {
	switch {
	case len(edges) == 1:
		if p.want {
			p.chosen = append(p.chosen, edges[0])
		}
		return int(edges[0].w)
	case len(edges) <= 64:
		return p.packSet(edges)
	}
	return p.packList(edges)
}

// packList solves a component of any size on lists of edges.
func (p *packer) packList(edges []edge) int {
	// Sort by lowest tile (insertion sort: lists are short), so that in
	// every filtered list the edges holding its lowest tile come first.
	for i := 1; i < len(edges); i++ {
		for j := i; j > 0 && edges[j].lowest() < edges[j-1].lowest(); j-- {
			edges[j], edges[j-1] = edges[j-1], edges[j]
		}
	}
	p.best = -1
	p.cur, p.bestC = p.cur[:0], p.bestC[:0]
	p.stack = append(p.stack[:0], edges...)
	p.search(0, len(edges), 0)
	if p.want {
		p.chosen = append(p.chosen, p.bestC...)
	}
	return int(p.best)
}

// search extends a packing of weight acc with edges from p.stack[lo:hi],
// which are disjoint from it and sorted by lowest tile. It branches on
// the lowest tile v of the list: v is covered by one of the edges that
// hold it (they come first), or by none.
func (p *packer) search(lo, hi int, acc int32) {
	if lo == hi {
		if acc > p.best {
			p.best = acc
			if p.want {
				p.bestC = append(p.bestC[:0], p.cur...)
			}
		}
		return
	}
	if acc+p.bound(lo, hi) <= p.best {
		return
	}
	v := p.stack[lo].lowest()
	j := lo + 1
	for j < hi && p.stack[j].lowest() == v {
		j++
	}
	for i := lo; i < j; i++ {
		e := p.stack[i]
		top := len(p.stack)
		for k := j; k < hi; k++ {
			if f := p.stack[k]; f.mask&e.mask == 0 {
				p.stack = append(p.stack, f)
			}
		}
		if p.want {
			p.cur = append(p.cur, e)
		}
		p.search(top, len(p.stack), acc+e.w)
		if p.want {
			p.cur = p.cur[:len(p.cur)-1]
		}
		p.stack = p.stack[:top]
	}
	p.search(j, hi, acc)
}

// bound is an upper bound on the weight of any packing of p.stack[lo:hi]:
// every edge shares its weight equally among its tiles, and a packing
// gives each tile at most the largest share it is offered (shares are
// scaled by 6 to stay integers); the plain sum of the weights bounds it
// too, and the smaller of the two is returned.
func (p *packer) bound(lo, hi int) int32 {
	var sum int32
	var tiles uint64
	for _, e := range p.stack[lo:hi] {
		sum += e.w
		share := 6 * e.w / int32(bits.OnesCount64(e.mask))
		for m := e.mask; m != 0; m &= m - 1 {
			t := bits.TrailingZeros64(m)
			if tiles&(1<<t) == 0 {
				tiles |= 1 << t
				p.share[t] = share
			} else if share > p.share[t] {
				p.share[t] = share
			}
		}
	}
	var shares int32
	for m := tiles; m != 0; m &= m - 1 {
		shares += p.share[bits.TrailingZeros64(m)]
	}
	return min(sum, shares/6)
}

// packSet solves a component of at most 64 edges with bit sets of edge
// numbers: on[v] holds the edges that hold tile v, conflict[i] those
// that share a tile with edge i (edge i among them). It branches on the
// lowest tile v still open: covered by one of its available edges, or by
// none. A branch is cut when even giving every open tile its largest
// share (as in bound) cannot beat the best packing found.
func (p *packer) packSet(edges []edge) int {
	k := len(edges)
	var tiles uint64
	for i, e := range edges {
		p.w[i], p.masks[i] = e.w, e.mask
		share := 6 * e.w / int32(bits.OnesCount64(e.mask))
		for m := e.mask; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			if tiles&(1<<v) == 0 {
				tiles |= 1 << v
				p.on[v], p.share[v] = 0, share
			} else {
				p.share[v] = max(p.share[v], share)
			}
			p.on[v] |= 1 << i
		}
	}
	for i, e := range edges {
		p.conflict[i] = 0
		for m := e.mask; m != 0; m &= m - 1 {
			p.conflict[i] |= p.on[bits.TrailingZeros64(m)]
		}
	}
	all := uint64(1)<<k - 1
	if k == 64 {
		all = ^uint64(0)
	}
	p.best, p.bestSet = -1, 0
	p.searchSet(all, tiles, 0, 0)
	if p.want {
		for m := p.bestSet; m != 0; m &= m - 1 {
			p.chosen = append(p.chosen, edges[bits.TrailingZeros64(m)])
		}
	}
	return int(p.best)
}

// searchSet extends the packing chosen (edge numbers) of weight acc with
// the edges avail, all of whose tiles are in open.
func (p *packer) searchSet(avail, open uint64, acc int32, chosen uint64) {
	if avail == 0 {
		if acc > p.best {
			p.best, p.bestSet = acc, chosen
		}
		return
	}
	// The lowest open tile that an available edge holds.
	var v int
	var at uint64
	for {
		v = bits.TrailingZeros64(open)
		if at = p.on[v] & avail; at != 0 {
			break
		}
		open &^= 1 << v
	}
	if bits.OnesCount64(avail) >= 3 { // cutting fewer costs more than it saves
		var shares int32
		for m := open; m != 0; m &= m - 1 {
			shares += p.share[bits.TrailingZeros64(m)]
		}
		if acc+shares/6 <= p.best {
			return
		}
	}
	for m := at; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		p.searchSet(avail&^p.conflict[i], open&^p.masks[i], acc+p.w[i], chosen|1<<i)
	}
	p.searchSet(avail&^at, open&^(1<<v), acc, chosen)
}
