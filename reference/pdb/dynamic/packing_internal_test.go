package dynamic

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bruteForce is the best packing weight by trying every subset of edges.
func bruteForce(edges []edge) int {
	best := 0
	for set := range 1 << len(edges) {
		var used uint64
		w := 0
		ok := true
		for i, e := range edges {
			if set&(1<<i) == 0 {
				continue
			}
			if used&e.mask != 0 {
				ok = false
				break
			}
			used |= e.mask
			w += int(e.w)
		}
		if ok {
			best = max(best, w)
		}
	}
	return best
}

// randomEdges makes k distinct edges of two or three tiles among tiles
// 1..n-1 with weights 1..maxW.
func randomEdges(rng *rand.Rand, n, k, maxW int) []edge {
	seen := map[uint64]bool{}
	var out []edge
	for len(out) < k {
		size := 2 + rng.IntN(2)
		var m uint64
		for bits.OnesCount64(m) < size {
			m |= 1 << (1 + rng.IntN(n-1))
		}
		if seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, edge{mask: m, w: int32(1 + rng.IntN(maxW))})
	}
	return out
}

// checkPacking runs every way the packer has of solving edges and
// compares each with brute force; the packing it reports must be made of
// given, disjoint edges adding up to its weight.
func checkPacking(t *testing.T, edges []edge) {
	t.Helper()
	want := bruteForce(edges)
	solvers := map[string]func(p *packer, e []edge) int{
		"pack": (*packer).pack,
		"list": func(p *packer, e []edge) int {
			if len(e) == 0 {
				return 0
			}
			return p.packList(e)
		},
		"set": func(p *packer, e []edge) int {
			if len(e) == 0 {
				return 0
			}
			return p.packSet(e)
		},
	}
	for name, solve := range solvers {
		for _, want1 := range []bool{false, true} {
			p := packer{want: want1}
			in := append([]edge(nil), edges...)
			if got := solve(&p, in); got != want {
				t.Fatalf("%s (chosen %v): best packing of %v is %d, brute force %d", name, want1, edges, got, want)
			}
			if !want1 || name != "pack" {
				continue
			}
			var used uint64
			sum := 0
			for _, e := range p.chosen {
				if used&e.mask != 0 {
					t.Fatalf("packing %v of %v is not disjoint", p.chosen, edges)
				}
				used |= e.mask
				sum += int(e.w)
				found := false
				for _, f := range edges {
					found = found || f == e
				}
				if !found {
					t.Fatalf("packing %v of %v holds an edge not given", p.chosen, edges)
				}
			}
			if sum != want {
				t.Fatalf("packing %v of %v weighs %d, want %d", p.chosen, edges, sum, want)
			}
		}
	}
}

func TestPackingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		n := 6 + rng.IntN(28) // at least 20 distinct edges among tiles 1..5
		k := rng.IntN(15)
		checkPacking(t, randomEdges(rng, n, k, 1+rng.IntN(4)))
	}
	// Dense graphs on few tiles: every pair and triple of 6 tiles.
	var dense []edge
	for m := uint64(0); m < 1<<7; m += 2 {
		if c := bits.OnesCount64(m); c == 2 || c == 3 {
			dense = append(dense, edge{mask: m, w: int32(1 + rng.IntN(3))})
		}
	}
	if len(dense) > 20 {
		dense = dense[:20]
	}
	checkPacking(t, dense)
}

// TestPackingLargeComponent gives the packer one component of more than
// 64 edges, which only packList takes: the path 0-1-2-...-63 whose pair
// edges weigh 1, 2, 1, 2, ... (edge i, i+1 weighs 2 for odd i), plus the
// triples 0-1-2 ... 9-10-11 of weight 2. The 31 pairs of weight 2 are
// disjoint, which makes 62; no packing does better, because every edge
// holds at least as many of the tiles 1..62 as its weight.
func TestPackingLargeComponent(t *testing.T) {
	var edges []edge
	for i := range 63 {
		edges = append(edges, edge{mask: 1<<i | 1<<(i+1), w: int32(1 + i%2)})
	}
	for i := range 10 {
		edges = append(edges, edge{mask: 7 << i, w: 2})
	}
	for _, want := range []bool{false, true} {
		p := packer{want: want}
		if got := p.pack(append([]edge(nil), edges...)); got != 62 {
			t.Fatalf("best packing is %d, want 62", got)
		}
		if want && len(p.chosen) != 31 {
			t.Errorf("best packing has %d edges, want the 31 pairs of weight 2", len(p.chosen))
		}
	}
}

func FuzzPack(f *testing.F) {
	f.Add([]byte{3, 1, 6, 2, 12, 1})
	f.Add([]byte{7, 2, 14, 1, 11, 3, 13, 2})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var edges []edge
		seen := map[uint64]bool{}
		for i := 0; i+1 < len(data) && len(edges) < 14; i += 2 {
			m := uint64(data[i]) << 1 // tiles 1..8
			if c := bits.OnesCount64(m); c < 2 || c > 3 || seen[m] {
				continue
			}
			seen[m] = true
			edges = append(edges, edge{mask: m, w: int32(1 + data[i+1]%5)})
		}
		checkPacking(t, edges)
	})
}
