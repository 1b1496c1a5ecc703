package audit

import (
	"context"
	"math"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// maxZeroStates caps Report.ZeroStates.
const maxZeroStates = 5

// builtinGoals are the goals a heuristic that is not 0 at the audited
// goal is tried on, in this order.
var builtinGoals = []string{puzzles.GoalDefault, puzzles.GoalBlankFirst, puzzles.GoalSnail}

// goalFits asks src for its value on each built-in goal of the shape
// other than goal, and returns the names of those where it is 0: a
// correct blank-first Manhattan distance audited against the default goal
// overestimates thousands of states, and this says why.
func goalFits(ctx context.Context, src Source, goal puzzles.Goal) ([]string, error) {
	var names []string
	var states [][]uint8
	for _, name := range builtinGoals {
		g, err := puzzles.GoalByName(name, goal.Shape())
		if err != nil || g.Board().Equal(goal.Board()) {
			continue
		}
		names = append(names, name)
		states = append(states, g.Board().Bytes())
	}
	if len(states) == 0 {
		return nil, nil
	}
	values := make([]float64, len(states))
	if err := src.Values(ctx, states, values); err != nil {
		return nil, err
	}
	var out []string
	for i, v := range values {
		if !missing(v) && math.Abs(v) <= eps {
			out = append(out, names[i])
		}
	}
	return out, nil
}
