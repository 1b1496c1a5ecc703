package grader

import (
	"context"
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// HeuristicCounterexample is where a student's heuristic returned a wrong
// value, judged by a check of that value (a Java API's hamming() or
// manhattan()): the board, what the student's heuristic returned there,
// the right value of the heuristic the check asks for, and the board's
// true distance to the goal (h*), with whether the value overestimates
// it, which no admissible heuristic does. Neighbor, when set, is a board
// one move away on which the student's heuristic was seen too, across
// which its value changes by more than the move's cost of 1, which no
// consistent heuristic does (h(a) > 1 + h(b)). Its JSON form is
// `kpuzzle grade --json`'s checks[].counterexample.
type HeuristicCounterexample struct {
	HeuristicBoard
	// Neighbor is a board one move away across which the heuristic is
	// not consistent; nil when none was seen.
	Neighbor *HeuristicBoard `json:"neighbor,omitempty"`
	// Move is the blank's move from the board to Neighbor: UP, DOWN,
	// LEFT or RIGHT.
	Move string `json:"move,omitempty"`
}

// HeuristicBoard is a board with the student's heuristic value on it, the
// right value, and the board's true distance.
type HeuristicBoard struct {
	// Board is the board, one list of cells per row, 0 for the blank.
	Board [][]int `json:"board"`
	// H is the student's value.
	H int `json:"h"`
	// Right is the value of the heuristic the check asks for.
	Right int `json:"right"`
	// HStar is the board's true distance: the length of a shortest
	// solution from it, as the grading's reference proved it; nil when
	// not known, and HStarUnknown then says why.
	HStar        *int   `json:"hstar"`
	HStarUnknown string `json:"hstar_unknown,omitempty"`
	// Overestimates is set when H exceeds HStar: the heuristic is not
	// admissible there.
	Overestimates bool `json:"overestimates"`
}

// Reasons of HeuristicBoard.HStarUnknown before and without a proof.
const (
	// hstarToProve: not proved yet (ProveHeuristicDistances proves it).
	hstarToProve = "not proved"
	// hstarUnsolvable: the board cannot reach the goal, so it has no
	// true distance to overestimate.
	hstarUnsolvable = "the board cannot reach the goal"
)

// NewHeuristicBoard is b with the student's value h and the right one;
// its true distance is to be found (SetHStar, ProveHeuristicDistances).
func NewHeuristicBoard(b puzzles.Board, h, right int) HeuristicBoard {
	return HeuristicBoard{Board: b.Rows(), H: h, Right: right, HStarUnknown: hstarToProve}
}

// SetHStar records the board's true distance d, and whether H
// overestimates it.
func (hb *HeuristicBoard) SetHStar(d int) {
	hb.HStar, hb.HStarUnknown = &d, ""
	hb.Overestimates = hb.H > d
}

// AsBoard is Board as a board.
func (hb HeuristicBoard) AsBoard() (puzzles.Board, error) {
	return puzzles.FromRows(hb.Board)
}

// Caption is the board's values for its drawing: "h = 14 (should be
// 12), h* = 12"; "h* = ?" when the true distance is not known.
func (hb HeuristicBoard) Caption() string {
	s := fmt.Sprintf("h = %d", hb.H)
	if hb.H != hb.Right {
		s += fmt.Sprintf(" (should be %d)", hb.Right)
	}
	if hb.HStar != nil {
		return s + fmt.Sprintf(", h* = %d", *hb.HStar)
	}
	return s + ", h* = ?"
}

// drop is by how much h falls across the move from the board of higher
// h to the other: more than 1 when the counterexample has a Neighbor.
func (c HeuristicCounterexample) drop() int {
	if c.Neighbor == nil {
		return 0
	}
	return abs(c.H - c.Neighbor.H)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Lines explain the counterexample for people, one string per line, the
// boards drawn as kpuzzle audit draws its counterexamples: whether the
// value overestimates the true distance, the board with h, the right
// value and h*; then, when a move breaks consistency, the two boards
// across it. call names the heuristic ("manhattan()").
func (c HeuristicCounterexample) Lines(call string) []string {
	b, err := c.AsBoard()
	if err != nil {
		return nil
	}
	var head string
	switch {
	case c.Overestimates:
		head = fmt.Sprintf("%s overestimates here: h = %d, but the goal is %s away, so it is not admissible (A* with it may return a longer solution than the shortest):",
			call, c.H, moves(*c.HStar))
	case c.HStar != nil:
		head = fmt.Sprintf("%s is wrong here but does not overestimate: h = %d, not %d, and the goal is %s away:", call, c.H, c.Right, moves(*c.HStar))
	case c.HStarUnknown == hstarUnsolvable:
		head = fmt.Sprintf("%s is wrong here: h = %d, not %d (the puzzle has no solution, so there is no distance to overestimate):", call, c.H, c.Right)
	default:
		head = fmt.Sprintf("%s is wrong here: h = %d, not %d; whether it overestimates is not known (the true distance was %s):", call, c.H, c.Right, c.HStarUnknown)
	}
	out := []string{head}
	for _, l := range puzzles.DrawBoard(b, c.Caption()) {
		out = append(out, "    "+l)
	}
	if c.Neighbor == nil {
		return out
	}
	nb, err := c.Neighbor.AsBoard()
	if err != nil {
		return out
	}
	from, to, move := c.HeuristicBoard, *c.Neighbor, c.Move
	fromBoard, toBoard := b, nb
	if to.H > from.H {
		// Drawn from the higher value to the lower, the blank moving
		// back.
		from, to, fromBoard, toBoard = to, from, nb, b
		if d, ok := puzzles.ParseDir(move); ok {
			move = d.Opposite().String()
		}
	}
	out = append(out, fmt.Sprintf("%s is not consistent: when the blank moves %s, h drops by %d, more than the 1 move made (h(a) > 1 + h(b)):", call, move, c.drop()))
	for _, l := range puzzles.DrawMove(fromBoard, from.Caption(), toBoard, to.Caption()) {
		out = append(out, "    "+l)
	}
	return out
}

// ProveHeuristicDistances fills in the true distances the checks'
// counterexamples lack, asking oracle (the grading's, within its
// budget) on goal's puzzle; a distance it cannot prove stays unknown,
// saying why. The error is ctx's alone.
func ProveHeuristicDistances(ctx context.Context, checks []Criterion, goal puzzles.Goal, oracle check.Oracle) error {
	prove := func(hb *HeuristicBoard) error {
		if hb.HStar != nil || hb.HStarUnknown != hstarToProve {
			return nil
		}
		if oracle == nil {
			hb.HStarUnknown = "not proved: no reference solver to prove it"
			return nil
		}
		b, err := hb.AsBoard()
		if err != nil {
			return nil
		}
		d, _, err := oracle.Optimal(ctx, b, goal)
		switch {
		case err == nil && d >= 0:
			hb.SetHStar(d)
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, puzzles.ErrUnsolvable):
			hb.HStarUnknown = hstarUnsolvable
		case err != nil:
			hb.HStarUnknown = "not proved: " + err.Error()
		default:
			hb.HStarUnknown = fmt.Sprintf("not proved: the reference solver returned %d", d)
		}
		return nil
	}
	for i := range checks {
		c := checks[i].Counterexample
		if c == nil {
			continue
		}
		if err := prove(&c.HeuristicBoard); err != nil {
			return err
		}
		if c.Neighbor != nil {
			if err := prove(c.Neighbor); err != nil {
				return err
			}
		}
	}
	return nil
}

// moves is "1 move" or "n moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}
