package pathcount

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Counter counts the answers a puzzle allows, to say how rare it is
// that two students hand in the same one: the solutions of a given
// length (walks of exactly that many moves from the start to the goal,
// detours included) and the legal move sequences of a given length. It
// proves the distances it needs with an Oracle, keeping them, and stops
// after MaxBoards distinct boards (or 8 times as many counts of a board
// at a number of moves left), so that what it counts (or gives up on) is
// the same on every machine when the oracle's budget is one of work. A Counter counts for one puzzle; it is not safe for
// concurrent use.
type Counter struct {
	start  puzzles.Board
	goal   puzzles.Goal
	oracle check.Oracle
	// MaxBoards bounds the distinct boards whose distance the counts may
	// need; past it they stop with ErrTooManyBoards.
	MaxBoards int
	dist      map[string]int
	walks     map[walkKey]*big.Int
}

type walkKey struct {
	board string
	left  int
}

// walksPerBoard bounds the counts a Counter keeps (a board at each
// number of moves left) to this many times MaxBoards, so that a long
// answer's count (a board may be passed at many numbers of moves left)
// stays within memory: a few hundred bytes a count.
const walksPerBoard = 8

// ErrTooManyBoards reports a count that would need the distances of more
// than Counter.MaxBoards boards.
var ErrTooManyBoards = errors.New("too many boards to count the paths exactly")

// New counts paths from start to goal with oracle's distances,
// within maxBoards distinct boards.
func New(start puzzles.Board, goal puzzles.Goal, oracle check.Oracle, maxBoards int) *Counter {
	return &Counter{start: start, goal: goal, oracle: oracle, MaxBoards: maxBoards, dist: map[string]int{}, walks: map[walkKey]*big.Int{}}
}

// distance is b's distance to the goal, proved once.
func (c *Counter) distance(ctx context.Context, b puzzles.Board) (int, error) {
	if c.goal.Reached(b) {
		return 0, nil
	}
	key := string(b.Bytes())
	if d, ok := c.dist[key]; ok {
		return d, nil
	}
	if len(c.dist) >= c.MaxBoards {
		return 0, fmt.Errorf("%w (%d)", ErrTooManyBoards, c.MaxBoards)
	}
	if c.oracle == nil {
		return 0, errors.New("no solver to prove the distances")
	}
	d, _, err := c.oracle.Optimal(ctx, b, c.goal)
	if err != nil {
		return 0, err
	}
	c.dist[key] = d
	return d, nil
}

// Solutions counts the walks of exactly length moves from the start to
// the goal: the answers of that length that solve the puzzle.
func (c *Counter) Solutions(ctx context.Context, length int) (*big.Int, error) {
	return c.walksFrom(ctx, c.start, length)
}

// walksFrom counts the walks of exactly left moves from b to the goal:
// none when the goal is farther than left moves or of the other parity,
// else the sum over b's neighbours.
func (c *Counter) walksFrom(ctx context.Context, b puzzles.Board, left int) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d, err := c.distance(ctx, b)
	if err != nil {
		return nil, err
	}
	if d > left || (left-d)%2 != 0 {
		return new(big.Int), nil
	}
	if left == 0 {
		return big.NewInt(1), nil
	}
	key := walkKey{string(b.Bytes()), left}
	if n, ok := c.walks[key]; ok {
		return n, nil
	}
	if len(c.walks) >= walksPerBoard*c.MaxBoards {
		return nil, fmt.Errorf("%w (%d boards at every number of moves left)", ErrTooManyBoards, walksPerBoard*c.MaxBoards)
	}
	sum := new(big.Int)
	for _, st := range b.Neighbors() {
		n, err := c.walksFrom(ctx, st.Board, left-1)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, n)
	}
	c.walks[key] = sum
	return sum, nil
}

// MoveSequences counts the legal move sequences of exactly length moves
// from the start, wherever they lead: the answers of that many legal
// moves. Legality depends on the blank's cell only, so the count is exact
// on any board and needs no distance.
func (c *Counter) MoveSequences(length int) *big.Int {
	shape := c.start.Shape()
	ways := make([]*big.Int, shape.Cells())
	for i := range ways {
		ways[i] = new(big.Int)
	}
	ways[c.start.Blank()].SetInt64(1)
	for range length {
		next := make([]*big.Int, len(ways))
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, w := range ways {
			if w.Sign() == 0 {
				continue
			}
			for _, d := range puzzles.Dirs {
				if j, ok := shape.Neighbor(i, d); ok {
					next[j].Add(next[j], w)
				}
			}
		}
		ways = next
	}
	total := new(big.Int)
	for _, w := range ways {
		total.Add(total, w)
	}
	return total
}
