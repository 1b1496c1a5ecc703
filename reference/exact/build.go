package exact

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// ErrTooLarge reports a board with more cells than an exact table covers
// (MaxCells).
var ErrTooLarge = errors.New("board too large for an exact table")

// Options tunes Build. The zero Options is ready to use.
type Options struct {
	// Workers is the number of goroutines that expand a layer; 0 or less
	// means runtime.GOMAXPROCS(0). The table does not depend on it.
	Workers int
	// Progress, if not nil, is called once per depth, in order, from the
	// goroutine that called Build, with the number of states found at
	// that depth.
	Progress func(depth int, states int64)
}

// unknown marks a state not reached yet during a build.
const unknown = 0xFF

// Bounds on how many ranks a worker claims at a time (a multiple of 8, so
// that chunks do not share table words when scanning); the context is
// checked between chunks.
const (
	minChunk = 1 << 12
	maxChunk = 1 << 16
)

// chunkSize aims at eight chunks per worker a layer, so that the workers
// finish a layer together, within [minChunk, maxChunk].
func chunkSize(states, workers int) int {
	c := states / (8 * workers)
	c = max(minChunk, min(maxChunk, c))
	return c &^ 7
}

// Build computes the exact distance to g of every state that can reach
// it, by a breadth-first pass from g. The board may have at most
// MaxCells cells. Build checks ctx between chunks of work and returns its
// error, wrapped, when it is cancelled.
//
// The pass keeps no queue: layer d+1 is found by scanning the table for
// the states at depth d and marking their unmarked neighbours, so the
// only memory is the table itself, one byte a state (see [StateCount]).
// Workers share the table through atomic 64-bit operations.
func Build(ctx context.Context, g puzzles.Goal, opts Options) (*Table, error) {
	if err := runguard.Check("exact.Build"); err != nil {
		return nil, err
	}
	rk, err := NewRanker(g)
	if err != nil {
		return nil, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{rk: rk, words: make([]uint64, (rk.size+7)/8)}
	for i := range t.words {
		t.words[i] = ^uint64(0)
	}
	goal, _ := rk.Rank(g.Board().Bytes())
	t.set(goal, 0)
	t.counts = []int64{1}
	if opts.Progress != nil {
		opts.Progress(0, 1)
	}
	total := int64(1)
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("build exact table for %s: %w", g.Shape(), err)
		}
		if depth+1 >= unknown {
			// Not reachable within MaxCells (2x6 ends at depth 80).
			return nil, fmt.Errorf("build exact table for %s: depth %d does not fit a byte", g.Shape(), depth+1)
		}
		found, err := t.expandLayer(ctx, depth, workers)
		if err != nil {
			return nil, fmt.Errorf("build exact table for %s: %w", g.Shape(), err)
		}
		if found == 0 {
			break
		}
		t.counts = append(t.counts, found)
		total += found
		if opts.Progress != nil {
			opts.Progress(depth+1, found)
		}
	}
	if total != int64(rk.size) {
		// The puzzle graph is connected on each parity class of a board
		// with both sides at least 2; reaching fewer states is a bug.
		return nil, fmt.Errorf("build exact table for %s: reached %d of %d states", g.Shape(), total, rk.size)
	}
	return t, nil
}

// expandLayer marks every unmarked neighbour of the states at depth with
// depth+1 and returns how many it marked.
func (t *Table) expandLayer(ctx context.Context, depth, workers int) (int64, error) {
	var next atomic.Int64 // next chunk to claim
	var found atomic.Int64
	var stop atomic.Bool
	size := chunkSize(t.rk.size, workers)
	chunks := int64((t.rk.size + size - 1) / size)
	var wg sync.WaitGroup
	for range min(int64(workers), chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var n int64
			cells := make([]uint8, t.rk.n)
			for !stop.Load() {
				c := next.Add(1) - 1
				if c >= chunks {
					break
				}
				if ctx.Err() != nil {
					stop.Store(true)
					break
				}
				from := int(c) * size
				n += t.expandChunk(from, min(from+size, t.rk.size), depth, cells)
			}
			found.Add(n)
		}()
	}
	wg.Wait()
	if stop.Load() {
		return 0, ctx.Err()
	}
	return found.Load(), nil
}

// expandChunk expands the states at depth among the ranks [from, to);
// from is a multiple of 8.
func (t *Table) expandChunk(from, to, depth int, cells []uint8) int64 {
	rk := t.rk
	pattern := uint64(depth) * ones
	var marked int64
	var pos [MaxCells]uint8
	next := uint64(depth + 1)
	for wi := from / 8; wi*8 < to; wi++ {
		w := atomic.LoadUint64(&t.words[wi])
		x := w ^ pattern
		if (x-ones)&^x&highs == 0 {
			continue // no byte equals depth
		}
		for k := range 8 {
			if byte(x>>(8*k)) != 0 {
				continue
			}
			r := wi*8 + k
			if r >= to {
				break
			}
			rk.unrankPos(r, &pos)
			for tile := range rk.n {
				cells[pos[tile]] = uint8(tile)
			}
			a := int(pos[0])
			for _, b := range rk.moves[a] {
				if b < 0 {
					continue
				}
				q := rk.neighborRank(r, cells, a, int(b))
				addr := &t.words[q>>3]
				shift := 8 * uint(q&7)
				if byte(atomic.LoadUint64(addr)>>shift) != unknown {
					continue
				}
				old := atomic.AndUint64(addr, ^(uint64(unknown^next) << shift))
				if byte(old>>shift) == unknown {
					marked++
				}
			}
		}
	}
	return marked
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)
