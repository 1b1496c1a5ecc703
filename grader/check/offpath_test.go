package check_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// expectedOffPath is what a step-by-step scan with exact distances says
// of a legal answer (the blank's path from b): the first move i with
// i + dist(after i) > opt, the board before it, the blank's moves there
// that lead one move closer, and the distance left at the end when the
// answer stops short. dist must know every board on the way.
func expectedOffPath(b puzzles.Board, g puzzles.Goal, path []puzzles.Dir, dist func(puzzles.Board) int) (move int, before puzzles.Board, better []puzzles.Dir, remaining *int) {
	opt := dist(b)
	cur := b
	for i, d := range path {
		next, ok := cur.Move(d)
		if !ok {
			panic("illegal path")
		}
		if move == 0 && i+1+dist(next) > opt {
			move, before = i+1, cur
			for _, st := range cur.Neighbors() {
				if dist(st.Board) == dist(cur)-1 {
					better = append(better, st.Dir)
				}
			}
		}
		cur = next
	}
	if !g.Reached(cur) {
		r := dist(cur)
		remaining = &r
	}
	return move, before, better, remaining
}

// randomAnswer is a legal walk from b: a few random moves, then (when
// solve) a shortest path from where they led, so that it reaches the
// goal; without solve it stops after the random moves.
func randomAnswer(rng *rand.Rand, b puzzles.Board, table bfsTable, solve bool) []puzzles.Dir {
	var path []puzzles.Dir
	cur := b
	for range rng.IntN(7) {
		nb := cur.Neighbors()
		st := nb[rng.IntN(len(nb))]
		path = append(path, st.Dir)
		cur = st.Board
	}
	if solve {
		path = append(path, bfsPath(table, cur)...)
	}
	return path
}

// compareOffPath checks the report on one answer against the scan.
func compareOffPath(t *testing.T, p check.Problem, path []puzzles.Dir, rep check.Report, dist func(puzzles.Board) int) {
	t.Helper()
	move, before, better, remaining := expectedOffPath(p.Board, p.Goal, path, dist)
	if diff := cmp.Diff(remaining, rep.Remaining); diff != "" {
		t.Fatalf("%s, path %v: remaining (-want +got):\n%s", p.Board, path, diff)
	}
	if move == 0 {
		if rep.OffPath != nil {
			t.Fatalf("%s, path %v: every move stays on an optimal path, but the report says move %d left it", p.Board, path, rep.OffPath.Move)
		}
		return
	}
	if rep.OffPath == nil {
		t.Fatalf("%s, path %v (%s): no off_path, want move %d (%s)", p.Board, path, rep.Verdict, move, rep.OffPathUnknown)
	}
	want := check.OffPath{
		Move: move, Line: move, Played: p.Convention.TokenDir(path[move-1]).String(),
		BoardBefore: rowsOf(before), DistanceBefore: dist(before), OptimalMoves: []string{},
	}
	for _, d := range better {
		want.OptimalMoves = append(want.OptimalMoves, p.Convention.TokenDir(d).String())
	}
	if diff := cmp.Diff(want, *rep.OffPath); diff != "" {
		t.Fatalf("%s, path %v: off_path (-want +got):\n%s", p.Board, path, diff)
	}
}

func rowsOf(b puzzles.Board) [][]int {
	var out [][]int
	cells := b.Cells()
	for r := range b.Shape().Rows {
		out = append(out, cells[r*b.Shape().Cols:(r+1)*b.Shape().Cols])
	}
	return out
}

// TestOffPathAgreesWithBFSOnEvery2x3Board checks the first move off
// every optimal path on every solvable 2x3 board, for both built-in goals
// and both conventions, on sampled answers that reach the goal after a
// detour and on answers that stop short, against a move-by-move scan of
// BFS distances.
func TestOffPathAgreesWithBFSOnEvery2x3Board(t *testing.T) {
	shape := puzzles.Shape{Rows: 2, Cols: 3}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, goal := range []puzzles.Goal{puzzles.DefaultGoal(shape), puzzles.BlankFirstGoal(shape)} {
		table := bfsDistances(goal)
		dist := func(b puzzles.Board) int { d, _ := table.distance(b); return d }
		oracle := &bfsOracle{dist: table}
		checked := 0
		for _, b := range allBoards(shape) {
			if _, ok := table.distance(b); !ok {
				continue
			}
			for _, conv := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
				p := check.Problem{Board: b, Goal: goal, Convention: conv}
				for k := range 4 {
					path := randomAnswer(rng, b, table, k%2 == 0)
					rep, err := check.Parsed(ctx, p, puzzles.AnswerFromPath(path, conv), check.Options{Oracle: oracle})
					if err != nil {
						t.Fatal(err)
					}
					compareOffPath(t, p, path, rep, dist)
					checked++
				}
			}
		}
		if checked != 360*2*4 {
			t.Fatalf("checked %d answers, want %d", checked, 360*2*4)
		}
	}
}

// TestOffPathAgreesWithBFSOn3x3 does the same on 3x3 boards sampled at
// every depth, with an answer key giving the optimum (the oracle is then
// asked only for the boards on the way).
func TestOffPathAgreesWithBFSOn3x3(t *testing.T) {
	shape := puzzles.Shape{Rows: 3, Cols: 3}
	goal := puzzles.DefaultGoal(shape)
	table := bfsDistances(goal)
	dist := func(b puzzles.Board) int { d, _ := table.distance(b); return d }
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	n := 600
	if testing.Short() {
		n = 150
	}
	for i := range n {
		b, _ := puzzles.RandomWalk(rng, goal, 5+rng.IntN(60))
		path := randomAnswer(rng, b, table, i%3 != 0)
		p := check.Problem{Board: b, Goal: goal, Convention: puzzles.TileMoves, Optimum: check.KnownOptimum(dist(b), "answer key")}
		oracle := &bfsOracle{dist: table}
		rep, err := check.Parsed(ctx, p, puzzles.AnswerFromPath(path, p.Convention), check.Options{Oracle: oracle})
		if err != nil {
			t.Fatal(err)
		}
		compareOffPath(t, p, path, rep, dist)
		// Bisection: a few distances, never one per move.
		if limit := 4 + 2*bitLen(len(path)) + 3; oracle.calls > limit {
			t.Errorf("%s: %d moves took %d oracle calls, more than %d", b, len(path), oracle.calls, limit)
		}
	}
}

func bitLen(n int) int {
	k := 0
	for ; n > 0; n >>= 1 {
		k++
	}
	return k
}

// TestOffPathNotations names the moves as the answer wrote them.
func TestOffPathNotations(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	oracle := newBFSOracle(goal)
	// From oneAway the optimal move slides tile 8 LEFT (tile convention);
	// the answer slides 7 RIGHT first.
	tests := []struct {
		name   string
		answer string
		n      notation.Notation
		moves  puzzles.Convention
		played string
		better []string
	}{
		{"lines", "RIGHT\nLEFT\nLEFT\n", notation.Auto, puzzles.TileMoves, "RIGHT", []string{"LEFT"}},
		{"letters", "RLL\n", notation.Letters, puzzles.TileMoves, "R", []string{"L"}},
		{"blank convention", "LEFT\nRIGHT\nRIGHT\n", notation.Auto, puzzles.BlankMoves, "LEFT", []string{"RIGHT"}},
		{"tile numbers", "7 7 8\n", notation.Tiles, puzzles.TileMoves, "7", []string{"8"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := check.Problem{Board: oneAway, Goal: goal, Convention: tc.moves}
			rep := checkText(t, p, tc.answer, check.Options{Oracle: oracle, Notation: tc.n})
			if rep.OffPath == nil {
				t.Fatalf("no off_path (%s: %s)", rep.Verdict, rep.OffPathUnknown)
			}
			if rep.OffPath.Played != tc.played || !cmp.Equal(rep.OffPath.OptimalMoves, tc.better) {
				t.Errorf("played %q, better %q; want %q, %q", rep.OffPath.Played, rep.OffPath.OptimalMoves, tc.played, tc.better)
			}
		})
	}
}

// budgetOracle answers only boards within reach distance of the goal
// and gives up, as a node budget would, on the others.
type budgetOracle struct {
	table bfsTable
	reach int
}

func (o budgetOracle) Optimal(_ context.Context, b puzzles.Board, _ puzzles.Goal) (int, string, error) {
	d, _ := o.table.distance(b)
	if d > o.reach {
		return 0, "", fmt.Errorf("node limit: %w", check.ErrOutOfBudget)
	}
	return d, "bfs", nil
}

// TestOffPathUnknownRatherThanGuessed: a distance the oracle cannot
// prove within its budget or time makes the report say so, never a
// guess; a key that a distance contradicts is an error.
func TestOffPathUnknownRatherThanGuessed(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	table := bfsDistances(goal)
	rng := rand.New(rand.NewPCG(5, 6))
	b, _ := puzzles.RandomWalk(rng, goal, 40)
	d, _ := table.distance(b)
	path := append([]puzzles.Dir{}, randomAnswer(rand.New(rand.NewPCG(7, 8)), b, table, true)...)
	keyed := check.Problem{Board: b, Goal: goal, Convention: puzzles.TileMoves, Optimum: check.KnownOptimum(d, "answer key")}
	ans := puzzles.AnswerFromPath(path, keyed.Convention)
	if len(path) == d {
		t.Skip("the sampled answer is optimal")
	}

	t.Run("budget", func(t *testing.T) {
		rep, err := check.Parsed(context.Background(), keyed, ans, check.Options{Oracle: budgetOracle{table, 2}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OffPath != nil || !strings.Contains(rep.OffPathUnknown, "could not be proved") || rep.Verdict != check.Suboptimal {
			t.Errorf("got off_path %+v, unknown %q, verdict %s", rep.OffPath, rep.OffPathUnknown, rep.Verdict)
		}
	})
	t.Run("time", func(t *testing.T) {
		rep, err := check.Parsed(context.Background(), keyed, ans, check.Options{Oracle: slowOracle, OffPath: check.OffPathOptions{Timeout: 10 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OffPath != nil || !strings.Contains(rep.OffPathUnknown, "ran out") {
			t.Errorf("got off_path %+v, unknown %q", rep.OffPath, rep.OffPathUnknown)
		}
	})
	t.Run("no oracle", func(t *testing.T) {
		rep, err := check.Parsed(context.Background(), keyed, ans, check.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OffPath != nil || rep.OffPathUnknown == "" {
			t.Errorf("got off_path %+v, unknown %q", rep.OffPath, rep.OffPathUnknown)
		}
	})
	t.Run("no optimum", func(t *testing.T) {
		p := keyed
		p.Optimum = check.Optimum{}
		rep, err := check.Parsed(context.Background(), p, ans, check.Options{Oracle: slowOracle, OracleTimeout: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != check.Valid || rep.OffPath != nil {
			t.Errorf("verdict %s, off_path %+v; want valid and none", rep.Verdict, rep.OffPath)
		}
	})
	t.Run("a key too long is refused", func(t *testing.T) {
		p := keyed
		p.Optimum = check.KnownOptimum(d+2, "answer key")
		// On an optimal path for d moves, then two detours at the goal:
		// the bisection meets a board closer than the key allows.
		onPath := append(bfsPath(table, b), detourPath(goal.Board(), nil)...)
		long := puzzles.AnswerFromPath(append(onPath, detourPath(goal.Board(), nil)...), p.Convention)
		_, err := check.Parsed(context.Background(), p, long, check.Options{Oracle: newBFSOracle(goal)})
		if !errors.Is(err, check.ErrKeyContradiction) {
			t.Errorf("err = %v, want ErrKeyContradiction", err)
		}
	})
}

// TestMemoOracle asks the wrapped oracle once per board and never keeps
// a failure.
func TestMemoOracle(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	inner := newBFSOracle(goal)
	m := check.NewMemoOracle(inner, 2)
	ctx := context.Background()
	b1, _ := oneAway.Move(puzzles.Left)
	for range 3 {
		if n, _, err := m.Optimal(ctx, oneAway, goal); err != nil || n != 1 {
			t.Fatalf("got %d, %v", n, err)
		}
	}
	if inner.calls != 1 {
		t.Errorf("%d calls for one board asked three times, want 1", inner.calls)
	}
	m.Optimal(ctx, b1, goal)
	m.Optimal(ctx, goal.Board(), goal) // full: forgets and keeps this one
	m.Optimal(ctx, oneAway, goal)
	if inner.calls != 4 {
		t.Errorf("%d calls, want 4", inner.calls)
	}
	failing := check.NewMemoOracle(failingOracle, 0)
	for range 2 {
		if _, _, err := failing.Optimal(ctx, oneAway, goal); err == nil {
			t.Fatal("a failure was kept as a length")
		}
	}
}
