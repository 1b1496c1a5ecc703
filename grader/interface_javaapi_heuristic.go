package grader

import (
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The heuristic checks of run.java_api: hamming() and manhattan() are
// heuristics, and a wrong value is shown where it is wrong, against the
// true distance (HeuristicCounterexample).

// apiHeuristics are the method checks that judge a heuristic's value:
// the key of the value on a neighbour in the method report is
// "neighbor_" + the check's name, one after each neighbor board.
var apiHeuristics = map[string]func(puzzles.Goal, puzzles.Board) int{
	APIHamming:   puzzles.Goal.Misplaced,
	APIManhattan: puzzles.Goal.Manhattan,
}

// heuristicCounterexample is, for a failed heuristic check (name), the
// board where the value is wrong: the test's board with the value
// reported, the right one and the test's optimal length as its true
// distance; with, when the report has the heuristic's values on the
// boards neighbors() returned (kpuzzle's harness writes them), the
// neighbour across which the value changes most, if by more than 1 (a
// drop from the test's board first).
// nil when the value is not a number, or not wrong.
func (j apiJudge) heuristicCounterexample(name string) *HeuristicCounterexample {
	right := apiHeuristics[name]
	if right == nil {
		return nil
	}
	e, ok := j.rep.Get(name)
	if !ok || e.Kind != APIValue {
		return nil
	}
	h, err := strconv.Atoi(strings.TrimSpace(e.Value))
	b := j.t.Board
	if err != nil || h == right(j.goal, b) {
		return nil
	}
	c := &HeuristicCounterexample{HeuristicBoard: NewHeuristicBoard(b, h, right(j.goal, b))}
	switch {
	case !j.t.Solvable:
		c.HStarUnknown = hstarUnsolvable
	case j.t.Optimum.Known:
		c.SetHStar(j.t.Optimum.Length)
	}
	boards, values := j.rep.All("neighbor"), j.rep.All("neighbor_"+name)
	for k := 0; k < len(boards) && k < len(values); k++ {
		if boards[k].Kind != APIBoard || values[k].Kind != APIValue {
			continue
		}
		nh, err := strconv.Atoi(strings.TrimSpace(values[k].Value))
		if err != nil {
			continue
		}
		nb, err := parseAPIBoard(boards[k])
		if err != nil || nb.Shape() != b.Shape() {
			continue
		}
		dir, ok := moveBetween(b, nb)
		if !ok || abs(h-nh) <= 1 || (c.Neighbor != nil && inconsistency(h, nh) <= inconsistency(h, c.Neighbor.H)) {
			continue
		}
		n := NewHeuristicBoard(nb, nh, right(j.goal, nb))
		if !j.t.Solvable {
			n.HStarUnknown = hstarUnsolvable
		}
		c.Neighbor, c.Move = &n, dir.String()
	}
	return c
}

// inconsistency ranks a neighbour of value nh beside a board of value h:
// the larger the change, the higher; of equal changes, a drop from the
// board (h(a) > 1 + h(b) with a the test's board) first.
func inconsistency(h, nh int) int {
	r := 2 * abs(h-nh)
	if h > nh {
		r++
	}
	return r
}

// moveBetween is the blank's move that takes a to b, when b is one move
// from a.
func moveBetween(a, b puzzles.Board) (puzzles.Dir, bool) {
	for _, s := range a.Neighbors() {
		if s.Board.Equal(b) {
			return s.Dir, true
		}
	}
	return 0, false
}
