package search_test

import (
	"fmt"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// allOptimal lists every optimal algorithm with every heuristic it is
// tested with.
func allOptimal() []solver {
	var out []solver
	out = append(out,
		uninformed("bfs", search.BFS),
		uninformed("ucs", search.UCS),
		uninformed("ids", search.IDS),
		uninformed("bidirectional", search.Bidirectional),
	)
	hs := []struct {
		name string
		mk   heuristicMaker
	}{
		{"misplaced", misplaced}, {"manhattan", manhattan}, {"euclidean", euclid},
		{"linear-conflict", linear}, {"walking-distance", walking},
		{"opaque-manhattan", func(g puzzles.Goal) search.Heuristic { return opaque{manhattan(g)} }},
	}
	for _, h := range hs {
		out = append(out, informed("idastar", search.IDAStar, h.name, h.mk))
		if h.name == "opaque-manhattan" {
			continue // only to compare IDA*'s two inner loops
		}
		out = append(out,
			informed("astar", search.AStar, h.name, h.mk),
			informed("rbfs", search.RBFS, h.name, h.mk),
		)
	}
	return out
}

// cheap reports whether s is fast enough to run on every 2x4 state and on
// thousands of 3x3 states in every test run.
func cheap(s solver) bool {
	switch s.name {
	case "bfs", "ucs", "ids":
		return false
	}
	for _, weak := range []string{"misplaced", "euclidean"} {
		if len(s.name) > len(weak) && s.name[len(s.name)-len(weak):] == weak {
			return false
		}
	}
	return true
}

func TestOptimalEvery2x3State(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	boards := states(t, g)
	if len(boards) != 360 {
		t.Fatalf("2x3 has %d states, want 360", len(boards))
	}
	for _, s := range allOptimal() {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			checkOptimal(t, s, g, boards)
		})
	}
}

func TestOptimal2x4(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x4)
	all := states(t, g)
	if len(all) != 20160 {
		t.Fatalf("2x4 has %d states, want 20160", len(all))
	}
	for _, s := range allOptimal() {
		// In the default run: every 50th state (404 with the hardest)
		// for the fast algorithms, every 1000th (22) for the slow ones.
		// KPUZZLE_SEARCH_FULL=1 runs all 20,160 states for every one
		// (the slow ones every KPUZZLE_SEARCH_SLOW_EVERY-th).
		boards := all
		switch {
		case fullRuns() && !cheap(s):
			boards = every(all, slowEvery(t))
		case fullRuns():
		case cheap(s):
			boards = every(all, 50)
		default:
			boards = every(all, 1000)
		}
		// In a full run the slow algorithms' states are split into
		// parallel chunks, so that IDS (about 90 ms a state) uses every
		// core instead of one.
		chunk := len(boards)
		if fullRuns() && !cheap(s) {
			chunk = 1000
		}
		for start := 0; start < len(boards); start += chunk {
			part := boards[start:min(start+chunk, len(boards))]
			name := s.name
			if chunk < len(boards) {
				name = fmt.Sprintf("%s/states-%d-%d", s.name, start, start+len(part)-1)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				t.Logf("%d of %d states", len(part), len(all))
				checkOptimal(t, s, g, part)
			})
		}
	}
}

func TestOptimalRandom3x3(t *testing.T) {
	g := puzzles.DefaultGoal(shape3x3)
	many, few := 150, 5
	if fullRuns() {
		many, few = 5000, 500
	}
	for i, s := range allOptimal() {
		n := many
		if !cheap(s) {
			n = few
		}
		boards := randomStates(g, n, uint64(100+i))
		if s.name == "ids" && !fullRuns() {
			boards = shallow(t, g, n, 18, uint64(100+i))
		}
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			t.Logf("%d random states", n)
			checkOptimal(t, s, g, boards)
		})
	}
}

// TestOptimalOtherGoals runs the optimal algorithms against goals other
// than the default: blank-first, and a goal drawn at random.
func TestOptimalOtherGoals(t *testing.T) {
	rng := puzzles.NewRand(7)
	goals := []puzzles.Goal{
		puzzles.BlankFirstGoal(shape3x3),
		puzzles.NewGoal(puzzles.RandomSolvable(rng, puzzles.DefaultGoal(shape3x3)), "random"),
		puzzles.NewGoal(puzzles.RandomSolvable(rng, puzzles.DefaultGoal(shape2x4)), "random"),
	}
	for gi, g := range goals {
		for _, s := range allOptimal() {
			n, few := 30, 2
			if fullRuns() {
				n, few = 500, 20
			}
			if !cheap(s) {
				n = few
			}
			boards := randomStates(g, n, uint64(gi))
			if s.name == "ids" && !fullRuns() {
				boards = shallow(t, g, n, 18, uint64(gi))
			}
			t.Run(g.Shape().String()+"/"+g.Name()+"/"+s.name, func(t *testing.T) {
				t.Parallel()
				checkOptimal(t, s, g, boards)
			})
		}
	}
}

// shallow draws n random boards at most maxDepth moves from the goal:
// iterative deepening, exponential in the depth, is checked on those in
// the default run.
func shallow(t *testing.T, g puzzles.Goal, n, maxDepth int, seed uint64) []puzzles.Board {
	tb := table(t, g)
	rng := puzzles.NewRand(seed)
	var out []puzzles.Board
	for len(out) < n {
		b := puzzles.RandomSolvable(rng, g)
		if d, _ := tb.DistanceBoard(b); d <= maxDepth {
			out = append(out, b)
		}
	}
	return out
}
