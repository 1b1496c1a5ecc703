package exact

import (
	"math/rand/v2"
	"slices"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// RandomAt draws a state uniformly from those exactly depth moves from
// the goal, and reports false when there is none. When the depth holds at
// least 1/1024 of the table it draws random ranks until one has the depth
// (at most ~1024 tries expected); otherwise it picks a random ordinal and
// scans the table for it. The same rng state gives the same board.
func (t *Table) RandomAt(rng *rand.Rand, depth int) (puzzles.Board, bool) {
	if depth < 0 || depth > t.MaxDepth() {
		return puzzles.Board{}, false
	}
	if t.counts[depth]*1024 >= int64(t.rk.size) {
		for {
			r := rng.IntN(t.rk.size)
			if int(t.get(r)) == depth {
				return puzzles.FromBytes(t.rk.shape, t.rk.Unrank(r, nil)), true
			}
		}
	}
	boards := t.pick(depth, []int64{rng.Int64N(t.counts[depth])})
	return boards[0], true
}

// SampleAt draws k distinct states uniformly from those exactly depth
// moves from the goal (all of them, if there are no more than k) and
// returns them in random order. It costs one scan of the table. The same
// rng state gives the same boards in the same order.
func (t *Table) SampleAt(rng *rand.Rand, depth, k int) []puzzles.Board {
	if depth < 0 || depth > t.MaxDepth() || k <= 0 {
		return nil
	}
	total := t.counts[depth]
	if int64(k) > total {
		k = int(total)
	}
	// Floyd's algorithm: k distinct ordinals in [0, total) with k draws.
	chosen := make(map[int64]bool, k)
	for j := total - int64(k); j < total; j++ {
		x := rng.Int64N(j + 1)
		if chosen[x] {
			x = j
		}
		chosen[x] = true
	}
	ordinals := make([]int64, 0, k)
	for x := range chosen {
		ordinals = append(ordinals, x)
	}
	slices.Sort(ordinals)
	out := t.pick(depth, ordinals)
	for i := len(out) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// pick returns the states at depth whose ordinals (their places among the
// states at depth, in rank order) are given in increasing order.
func (t *Table) pick(depth int, ordinals []int64) []puzzles.Board {
	out := make([]puzzles.Board, 0, len(ordinals))
	var seen int64
	for r := range t.ranksAt(depth) {
		if len(out) == len(ordinals) {
			break
		}
		if seen == ordinals[len(out)] {
			out = append(out, puzzles.FromBytes(t.rk.shape, t.rk.Unrank(r, nil)))
		}
		seen++
	}
	return out
}
