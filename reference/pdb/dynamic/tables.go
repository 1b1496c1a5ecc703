package dynamic

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Board limits. Tables are small (on 4x4, 27 KB of pair tables and 0.4
// MB of triple lists); what limits the boards is the time to build them:
// one breadth-first search per pair or triple, 105 + 455 searches on 4x4
// (a quarter of a second), 276 + 2,024 on 5x5 (a few seconds), and the
// number of triples grows as n³/6.
const (
	// MaxPairCells is the largest board, in cells, that pair databases
	// are built for (6x6, 4x9 ...).
	MaxPairCells = 36
	// MaxTripleCells is the largest board, in cells, that triple
	// databases are built for (5x5, 4x6, 3x8 ...).
	MaxTripleCells = 25
)

// Options configure how a heuristic is built.
type Options struct {
	// Triples adds a database for every triple of tiles to the pair
	// databases: pdb:dynamic. Without it the heuristic is pdb:pairs.
	Triples bool
	// Workers is the number of goroutines building tables; 0 means
	// GOMAXPROCS. Each table is small and built by one goroutine.
	Workers int
}

// Name is the heuristic name of the databases o asks for: NamePairs or
// NameDynamic.
func (o Options) Name() string {
	if o.Triples {
		return NameDynamic
	}
	return NamePairs
}

// Description is one line describing the heuristic, for listings.
func (o Options) Description() string {
	if o.Triples {
		return fmt.Sprintf("dynamically partitioned pair and triple databases: the best disjoint pairs and triples per state (admissible, not consistent; boards up to %d cells)", MaxTripleCells)
	}
	return fmt.Sprintf("dynamically partitioned pair databases: a maximum-weight matching of tile pairs per state (admissible, not consistent; boards up to %d cells)", MaxPairCells)
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Fits reports whether the databases o asks for can be built for shape s,
// and if not, why.
func Fits(s puzzles.Shape, o Options) error {
	if err := s.Validate(); err != nil {
		return err
	}
	n := s.Cells()
	limit, what := MaxPairCells, "pair"
	if o.Triples {
		limit, what = MaxTripleCells, "triple"
	}
	if n > limit {
		return fmt.Errorf("%s board has %d cells; %s databases are built for at most %d", s, n, what, limit)
	}
	return nil
}

// tables holds the pair and triple databases of one goal, as excesses
// over Manhattan distance in units of two moves (an additive value has
// the parity of its tiles' Manhattan distance, so the excess is even).
//
// The pair table of tiles a < b is dense: its entry for tile a on cell ca
// and b on cb is pair[pairBase[a*n+b] + ca*n + cb].
//
// Triples are kept only where they can matter. A triple's excess enters
// a partition only when it beats every pair within the triple (otherwise
// that pair does as well and leaves the third tile free), and whether it
// does depends on the three cells alone; on 4x4 that is so for 1.1% of
// the placements, on 5x5 for 0.2%. Those placements are listed so that
// the triples that a tile t on cell c forms with a tile u on cell cu can
// be found at once: the list of key ((t*n+c)*n+u)*n+cu holds, for every
// kept placement of a triple {t, u, v} with v > u, the tile v, its cell
// and the excess. The lists are stored one after another in trip;
// tripIdx[key] is where the list of key starts (and tripIdx[key+1] where
// it ends).
type tables struct {
	n        int
	pairBase []int32 // a*n+b -> offset of the pair table, a < b
	pair     []uint8
	triples  bool
	tripIdx  []uint32
	trip     []tripleEntry
	// maxPair and maxTriple are the largest excesses, in units; for
	// triples over every placement, kept or not.
	maxPair, maxTriple int
	// kept counts the triple placements kept.
	kept int
}

// tripleEntry is the third tile of a kept triple placement, its cell and
// the triple's excess in units.
type tripleEntry struct {
	v, cell, w uint8
}

// tripleList is the list of triples that tile t on cell c forms with
// tile u on cell cu.
func (t *tables) tripleList(tile, c, u, cu int) []tripleEntry {
	key := ((tile*t.n+c)*t.n+u)*t.n + cu
	return t.trip[t.tripIdx[key]:t.tripIdx[key+1]]
}

func buildTables(ctx context.Context, g puzzles.Goal, o Options) (*tables, error) {
	s := g.Shape()
	if err := Fits(s, o); err != nil {
		return nil, err
	}
	n := s.Cells()
	t := &tables{n: n, pairBase: make([]int32, n*n), triples: o.Triples}
	var pairs [][]int
	for a := 1; a < n; a++ {
		for b := a + 1; b < n; b++ {
			t.pairBase[a*n+b] = int32(len(pairs) * n * n)
			pairs = append(pairs, []int{a, b})
		}
	}
	t.pair = make([]uint8, len(pairs)*n*n)
	err := parallel(ctx, len(pairs), o.workers(), func(gb *groupBuilder, i int) error {
		return gb.build(ctx, pairs[i], t.pair[i*n*n:(i+1)*n*n])
	}, g, 2)
	if err != nil {
		return nil, err
	}
	for _, v := range t.pair {
		t.maxPair = max(t.maxPair, int(v))
	}
	if !o.Triples {
		return t, nil
	}
	var triples [][3]int
	for a := 1; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				triples = append(triples, [3]int{a, b, c})
			}
		}
	}
	// Each triple's dense table is built in a worker's scratch buffer and
	// reduced to the placements that beat the triple's pairs.
	n3 := n * n * n
	kept := make([][]uint32, len(triples)) // dense index << 8 | excess
	maxes := make([]uint8, len(triples))
	err = parallel(ctx, len(triples), o.workers(), func(gb *groupBuilder, i int) error {
		a, b, c := triples[i][0], triples[i][1], triples[i][2]
		dense := gb.scratch(n3)
		if err := gb.build(ctx, triples[i][:], dense); err != nil {
			return err
		}
		pab, pac, pbc := t.pair[t.pairBase[a*n+b]:], t.pair[t.pairBase[a*n+c]:], t.pair[t.pairBase[b*n+c]:]
		for idx, w := range dense {
			if w == 0 {
				continue
			}
			maxes[i] = max(maxes[i], w)
			ca, cb, cc := idx/(n*n), idx/n%n, idx%n
			if w > pab[ca*n+cb] && w > pac[ca*n+cc] && w > pbc[cb*n+cc] {
				kept[i] = append(kept[i], uint32(idx)<<8|uint32(w))
			}
		}
		return nil
	}, g, 3)
	if err != nil {
		return nil, err
	}
	// Each kept placement of a < b < c goes into three lists, one for
	// each tile as the tile that moves: (a, b) lists c, (b, a) lists c,
	// (c, a) lists b. Count, then fill.
	key := func(tile, c, u, cu int) int { return ((tile*n+c)*n+u)*n + cu }
	t.tripIdx = make([]uint32, n*n3+1)
	each := func(f func(k int, e tripleEntry)) {
		for i, entries := range kept {
			a, b, c := triples[i][0], triples[i][1], triples[i][2]
			for _, x := range entries {
				idx, w := int(x>>8), uint8(x)
				ca, cb, cc := idx/(n*n), idx/n%n, idx%n
				f(key(a, ca, b, cb), tripleEntry{uint8(c), uint8(cc), w})
				f(key(b, cb, a, ca), tripleEntry{uint8(c), uint8(cc), w})
				f(key(c, cc, a, ca), tripleEntry{uint8(b), uint8(cb), w})
			}
		}
	}
	each(func(k int, _ tripleEntry) { t.tripIdx[k+1]++ })
	for k := 1; k < len(t.tripIdx); k++ {
		t.tripIdx[k] += t.tripIdx[k-1]
	}
	t.trip = make([]tripleEntry, t.tripIdx[len(t.tripIdx)-1])
	fill := slices.Clone(t.tripIdx)
	each(func(k int, e tripleEntry) {
		t.trip[fill[k]] = e
		fill[k]++
	})
	for i := range kept {
		t.maxTriple = max(t.maxTriple, int(maxes[i]))
		t.kept += len(kept[i])
	}
	return t, nil
}

// parallel calls work(builder, i) for every i in [0, jobs) on workers
// goroutines, each with its own groupBuilder for groups of k tiles, and
// returns the first error (or ctx's).
func parallel(ctx context.Context, jobs, workers int, work func(*groupBuilder, int) error, g puzzles.Goal, k int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range min(workers, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gb := newGroupBuilder(g, k)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= jobs {
					return
				}
				if err := work(gb, i); err != nil {
					errs <- err
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return fmt.Errorf("build dynamic pattern databases: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("build dynamic pattern databases: %w", err)
	}
	return nil
}

// bytes is the memory the tables take.
func (t *tables) bytes() int64 {
	return int64(len(t.pair) + 4*len(t.pairBase) + 4*len(t.tripIdx) + 3*len(t.trip))
}
