package puzzles

import "math/rand/v2"

// NewRand is the seeded random source every generator in kpuzzle uses, so
// that the same seed gives the same puzzles on every machine.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// shuffle is Fisher-Yates with rng.IntN, spelled out so that its sequence
// does not depend on the standard library's choice of algorithm.
func shuffle(rng *rand.Rand, cells []int) {
	for i := len(cells) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		cells[i], cells[j] = cells[j], cells[i]
	}
}

// RandomSolvable draws a board uniformly from those that can reach g: a
// uniform permutation, with its first two tiles swapped when it is
// unsolvable (the swap pairs the unsolvable boards one-to-one with the
// solvable ones, so the result stays uniform).
func RandomSolvable(rng *rand.Rand, g Goal) Board {
	b := randomPermutation(rng, g.Shape())
	if !Solvable(b, g) {
		b = swapFirstTiles(b)
	}
	return b
}

// RandomUnsolvable draws a board uniformly from those that cannot reach g.
func RandomUnsolvable(rng *rand.Rand, g Goal) Board {
	b := randomPermutation(rng, g.Shape())
	if Solvable(b, g) {
		b = swapFirstTiles(b)
	}
	return b
}

// RandomWalk walks the blank length steps from the goal at random, never
// undoing the previous step, and returns the board reached and the walk's
// blank moves. The board's distance to the goal is at most length.
func RandomWalk(rng *rand.Rand, g Goal, length int) (Board, []Dir) {
	b := g.Board()
	walk := make([]Dir, 0, length)
	var options [4]Dir
	for len(walk) < length {
		n := 0
		for _, d := range Dirs {
			if len(walk) > 0 && d == walk[len(walk)-1].Opposite() {
				continue
			}
			if b.CanMove(d) {
				options[n] = d
				n++
			}
		}
		d := options[rng.IntN(n)]
		b, _ = b.Move(d)
		walk = append(walk, d)
	}
	return b, walk
}

func randomPermutation(rng *rand.Rand, s Shape) Board {
	cells := make([]int, s.Cells())
	for i := range cells {
		cells[i] = i
	}
	shuffle(rng, cells)
	b, err := NewBoard(s, cells)
	if err != nil {
		panic("puzzles: random permutation: " + err.Error())
	}
	return b
}

// swapFirstTiles exchanges the first two non-blank tiles, which flips the
// permutation's parity and leaves the blank where it is.
func swapFirstTiles(b Board) Board {
	cells := b.Bytes()
	i := 0
	if cells[i] == 0 {
		i++
	}
	j := i + 1
	if cells[j] == 0 {
		j++
	}
	cells[i], cells[j] = cells[j], cells[i]
	return FromBytes(b.shape, cells)
}
