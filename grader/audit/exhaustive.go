package audit

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// checkChunk is how many ranks one job of the checking pass covers.
const checkChunk = 1 << 13

// runExhaustive audits every state in the exact table of opts.Goal: it
// asks src for all values first (in batches, in parallel), then checks
// each state against its exact distance and each move once.
func runExhaustive(ctx context.Context, src Source, opts Options) (*Report, error) {
	t, err := table(ctx, opts)
	if err != nil {
		return nil, err
	}
	rk := t.Ranker()
	n := t.Shape().Cells()
	size := t.Len()
	values := make([]float64, size)

	bs := batchSize(src, size, opts.Workers)
	batches := (size + bs - 1) / bs
	err = parallel(ctx, opts.Workers, batches, func(ctx context.Context, _, i int) error {
		lo := i * bs
		hi := min(lo+bs, size)
		buf := make([]uint8, (hi-lo)*n)
		states := make([][]uint8, hi-lo)
		for r := lo; r < hi; r++ {
			states[r-lo] = rk.Unrank(r, buf[(r-lo)*n:(r-lo+1)*n])
		}
		return src.Values(ctx, states, values[lo:hi])
	})
	if err != nil {
		return nil, err
	}

	expect := newComparison(opts.Expect, opts.Tolerance)
	dom := newComparison(opts.Dominates, 0)
	moves := t.Shape().Moves()
	chunks := (size + checkChunk - 1) / checkChunk
	tallies := make([]*tally, chunks)
	err = parallel(ctx, opts.Workers, chunks, func(ctx context.Context, _, i int) error {
		tl := newTally(opts.MaxCounterexamples)
		cells := make([]uint8, n)
		lo := i * checkChunk
		hi := min(lo+checkChunk, size)
		for r := lo; r < hi; r++ {
			rk.Unrank(r, cells)
			d := t.DistanceRank(r)
			h := values[r]
			tl.addState(int64(r), cells, h, d, d, expect, dom)
			if missing(h) {
				continue
			}
			blank := blankOf(cells)
			for _, dir := range puzzles.Dirs {
				nb := int(moves[blank][dir])
				if nb < 0 {
					continue
				}
				cells[blank], cells[nb] = cells[nb], 0
				r2, ok := rk.Rank(cells)
				cells[nb], cells[blank] = cells[blank], 0
				if !ok {
					return fmt.Errorf("audit: internal error: the neighbour of rank %d has no rank", r)
				}
				if r2 < r || missing(values[r2]) {
					continue // each move once, from its lower rank
				}
				tl.addEdge(int64(r), int64(r2), h, values[r2], dir, d, t.DistanceRank(r2))
			}
		}
		tallies[i] = tl
		return nil
	})
	if err != nil {
		return nil, err
	}
	total := newTally(opts.MaxCounterexamples)
	for _, tl := range tallies {
		total.merge(tl)
	}
	r := &Report{}
	total.fill(r, lookup{
		goal:  opts.Goal.Board().Bytes(),
		state: func(order int64) []uint8 { return rk.Unrank(int(order), nil) },
		hstar: func(order int64) (int, string) { return t.DistanceRank(int(order)), "exact table" },
	}, expect, dom)
	return r, nil
}

func blankOf(cells []uint8) int {
	for i, c := range cells {
		if c == 0 {
			return i
		}
	}
	return -1
}
