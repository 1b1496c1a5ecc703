package check_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

func ptr(n int) *int { return &n }

// The start board of most scenarios: one move from the default goal.
var oneAway = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)

func checkText(t *testing.T, p check.Problem, answer string, opts check.Options) check.Report {
	t.Helper()
	rep, err := check.Answer(context.Background(), p, strings.NewReader(answer), "answer.txt", opts)
	if err != nil {
		t.Fatalf("Answer(%q): %v", answer, err)
	}
	return rep
}

// summary is the part of a report the scenarios compare.
type summary struct {
	Verdict       check.Verdict
	Length        int
	OptimalLength *int
	Error         *check.Finding
	Move          int
	Token         string
	Board         string
}

func summarize(r check.Report) summary {
	return summary{r.Verdict, r.Length, r.OptimalLength, r.Error, r.Move, r.Token, r.Board}
}

func TestCheckVerdicts(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	oracle := newBFSOracle(goal)
	tests := []struct {
		name   string
		board  puzzles.Board
		moves  puzzles.Convention
		answer string
		want   summary
	}{
		{"optimal, tile convention", oneAway, puzzles.TileMoves, "LEFT\n",
			summary{Verdict: check.Optimal, Length: 1, OptimalLength: ptr(1)}},
		{"optimal, blank convention, letters, CRLF", oneAway, puzzles.BlankMoves, "r\r\n",
			summary{Verdict: check.Optimal, Length: 1, OptimalLength: ptr(1)}},
		{"suboptimal", oneAway, puzzles.TileMoves, "LEFT\nRIGHT\nLEFT\n",
			summary{Verdict: check.Suboptimal, Length: 3, OptimalLength: ptr(1),
				Error: &check.Finding{Message: "3 legal moves reach the goal, but the optimal length is 1 (bfs): 2 moves more than needed"}}},
		{"illegal on line 3", oneAway, puzzles.TileMoves, "LEFT\n\nUP\n",
			summary{Verdict: check.Illegal, Length: 2, Move: 2, Token: "UP", Board: "1 2 3 4 5 6 7 8 0",
				Error: &check.Finding{Line: 3, Message: "move 2 (UP) is illegal: the blank is at row 3, column 3, on the bottom row: there is no tile below it to slide UP (in blank terms: the blank would move DOWN, off the board)"}}},
		{"illegal under the blank convention", oneAway, puzzles.BlankMoves, "DOWN\n",
			summary{Verdict: check.Illegal, Length: 1, Move: 1, Token: "DOWN", Board: "1 2 3 4 5 6 7 0 8",
				Error: &check.Finding{Line: 1, Message: "move 1 (DOWN) is illegal: the blank is at row 3, column 2, on the bottom row, so it cannot move DOWN (in tile terms: UP, but no tile is below the blank to slide up)"}}},
		{"incomplete", oneAway, puzzles.TileMoves, "RIGHT\n",
			summary{Verdict: check.Incomplete, Length: 1, Board: "1 2 3 4 5 6 0 7 8", OptimalLength: ptr(1),
				Error: &check.Finding{Message: "the only move is legal, but the final board is not the goal"}}},
		{"empty answer", oneAway, puzzles.TileMoves, "\n\n",
			summary{Verdict: check.Incomplete, Board: "1 2 3 4 5 6 7 0 8", OptimalLength: ptr(1),
				Error: &check.Finding{Message: "the answer has no moves, and the start board is not the goal"}}},
		{"empty answer at the goal", goal.Board(), puzzles.TileMoves, "",
			summary{Verdict: check.Optimal, OptimalLength: ptr(0)}},
		{"unsolvable, correct", unsolvable, puzzles.TileMoves, "unsolvable\n",
			summary{Verdict: check.UnsolvableCorrect}},
		{"unsolvable, wrong", oneAway, puzzles.TileMoves, "  UNSOLVABLE  \n",
			summary{Verdict: check.UnsolvableWrong, OptimalLength: ptr(1),
				Error: &check.Finding{Message: "the answer says UNSOLVABLE, but the puzzle is solvable: width 3 is odd, so the board is solvable iff its inversion count is even; it has 0 inversions (even): solvable; a solution of 1 move exists"}}},
		{"moves on an unsolvable puzzle", unsolvable, puzzles.TileMoves, "DOWN\n",
			summary{Verdict: check.Incomplete, Length: 1, Board: "1 2 3 4 5 0 8 7 6",
				Error: &check.Finding{Message: "the only move is legal, but the final board is not the goal"}}},
		{"malformed token", oneAway, puzzles.TileMoves, "LEFT\nLEFTT\n",
			summary{Verdict: check.Malformed,
				Error: &check.Finding{Line: 2, Message: `column 1: bad move: found "LEFTT", expected UP, DOWN, LEFT, RIGHT (or U, D, L, R) or UNSOLVABLE`}}},
		{"malformed: binary", oneAway, puzzles.TileMoves, "LEFT\n\x00\x01\n",
			summary{Verdict: check.Malformed,
				Error: &check.Finding{Line: 2, Message: "column 1: binary data: expected an answer of moves"}}},
		{"malformed: moves after UNSOLVABLE", oneAway, puzzles.TileMoves, "UNSOLVABLE\nLEFT\n",
			summary{Verdict: check.Malformed,
				Error: &check.Finding{Line: 2, Message: `column 1: bad move: found "LEFT" after UNSOLVABLE on line 1; UNSOLVABLE must be the only token`}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := check.Problem{Board: tc.board, Goal: goal, Convention: tc.moves}
			got := summarize(checkText(t, p, tc.answer, check.Options{Oracle: oracle}))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckNotations: Check reads the answer in the notation it is told,
// or detects it and names it in the report.
func TestCheckNotations(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	oracle := newBFSOracle(goal)
	tests := []struct {
		name   string
		board  puzzles.Board
		moves  puzzles.Convention
		answer string
		want   summary
		format notation.Notation // the zero value detects it
	}{
		{"malformed: two tokens on a line, read as lines", oneAway, puzzles.TileMoves, "LEFT RIGHT\n",
			summary{Verdict: check.Malformed,
				Error: &check.Finding{Line: 1, Message: `column 6: bad move: found "RIGHT" after "LEFT"; expected one move per line`}}, notation.Lines},
		{"two words on a line, detected", oneAway, puzzles.TileMoves, "LEFT RIGHT\n",
			summary{Verdict: check.Incomplete, Length: 2, Board: "1 2 3 4 5 6 7 0 8", OptimalLength: ptr(1),
				Error: &check.Finding{Message: "all 2 moves are legal, but the final board is not the goal"}}, notation.Auto},
		{"tile numbers, blank convention", oneAway, puzzles.BlankMoves, "8\n",
			summary{Verdict: check.Optimal, Length: 1, OptimalLength: ptr(1)}, notation.Auto},
		{"a tile not next to the blank", oneAway, puzzles.TileMoves, "8 5\n",
			summary{Verdict: check.Illegal, Length: 2, Move: 2, Token: "5", Board: "1 2 3 4 5 6 7 8 0",
				Error: &check.Finding{Line: 1, Message: "move 2 (5) is illegal: tile 5 is at row 2, column 2, not next to the blank at row 3, column 3"}}, notation.Auto},
		{"boards, the start left out", oneAway, puzzles.TileMoves, "Step 1:\n1 2 3\n4 5 6\n7 8 0\n",
			summary{Verdict: check.Optimal, Length: 1, OptimalLength: ptr(1)}, notation.Auto},
		{"a board two slides away", oneAway, puzzles.TileMoves, "1 2 3\n4 5 6\n7 0 8\n\n1 2 3\n4 5 0\n7 8 6\n",
			summary{Verdict: check.Illegal, Length: 1, Move: 1, Token: "board", Board: "1 2 3 4 5 6 7 0 8",
				Error: &check.Finding{Line: 5, Message: "move 1 (board) is illegal: the board at line 5 differs from the one before it in 3 cells; one move slides one tile next to the blank into it"}}, notation.Auto},
		{"letters forced as tiles", oneAway, puzzles.TileMoves, "L\n",
			summary{Verdict: check.Malformed,
				Error: &check.Finding{Line: 1, Message: `column 1: bad move: found "L"; expected the numbers (1..8) of the tiles moved, separated by spaces or commas`}}, notation.Tiles},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := check.Problem{Board: tc.board, Goal: goal, Convention: tc.moves}
			rep := checkText(t, p, tc.answer, check.Options{Oracle: oracle, Notation: tc.format})
			if diff := cmp.Diff(tc.want, summarize(rep)); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
			if rep.Notation == notation.Auto || (tc.format != notation.Auto && rep.Notation != tc.format) {
				t.Errorf("answer format %v, forced %v", rep.Notation, tc.format)
			}
		})
	}
	for answer, want := range map[string]string{"LEFT\n": "lines", "L": "lines", "LR": "letters", "left, right": "words", `["LEFT"]`: "list", "8": "tiles", "1 2 3\n4 5 6\n7 8 0\n": "boards", "\x00": "auto", "NORTH": "lines"} {
		rep := checkText(t, check.Problem{Board: oneAway, Goal: goal}, answer, check.Options{Oracle: oracle})
		if rep.Notation.String() != want {
			t.Errorf("%q: answer_format %q, want %q", answer, rep.Notation, want)
		}
	}
}

func TestCheckExplainsForHumans(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p := check.Problem{Board: oneAway, Goal: goal, Convention: puzzles.TileMoves}
	tests := []struct {
		answer  string
		summary string
		details []string
	}{
		{"LEFT\n\nUP\n", "line 3 (move 2), UP: the blank is at row 3, column 3, on the bottom row: there is no tile below it to slide UP (in blank terms: the blank would move DOWN, off the board)",
			[]string{"board before the move:", "  1 2 3", "  4 5 6", "  7 8 _"}},
		{"LEFT\nRIGHT\n", "all 2 moves are legal, but the final board is not the goal",
			[]string{
				"final board:    goal:",
				"  1 2 3           1 2 3",
				"  4 5 6           4 5 6",
				"  7 _ 8           7 8 _",
				"note: the goal was reached after move 1; the moves after it leave it again",
				"first move off every optimal path: move 2, RIGHT",
				"  the board before it is the goal: the answer should have stopped there",
				"from the final board the goal is 1 more move away",
			}},
		{"RIGHT\nLEFT\nLEFT\n", "3 legal moves reach the goal, but the optimal length is 1 (bfs): 2 moves more than needed",
			[]string{
				"first move off every optimal path: move 1, RIGHT",
				"  board before it, 1 move from the goal:",
				"    1 2 3",
				"    4 5 6",
				"    7 _ 8",
				"  RIGHT leaves 2 moves to go; LEFT would have stayed on an optimal path",
			}},
		{"LEFT\n", "1 move, the optimal length (bfs)", nil},
	}
	for _, tc := range tests {
		rep := checkText(t, p, tc.answer, check.Options{Oracle: newBFSOracle(goal)})
		if diff := cmp.Diff(tc.summary, rep.Summary()); diff != "" {
			t.Errorf("%q: Summary (-want +got):\n%s", tc.answer, diff)
		}
		if diff := cmp.Diff(tc.details, rep.Details()); diff != "" {
			t.Errorf("%q: Details (-want +got):\n%s", tc.answer, diff)
		}
	}
}

func TestCheckOptimumSources(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p := check.Problem{Board: oneAway, Goal: goal, Convention: puzzles.TileMoves}

	t.Run("answer key wins and the oracle is not asked", func(t *testing.T) {
		o := newBFSOracle(goal)
		keyed := p
		keyed.Optimum = check.KnownOptimum(1, "answer key")
		rep := checkText(t, keyed, "LEFT\n", check.Options{Oracle: o})
		if rep.Verdict != check.Optimal || rep.OptimalSource != "answer key" || o.calls != 0 {
			t.Errorf("got %s from %q after %d oracle calls; want optimal from the answer key, no calls", rep.Verdict, rep.OptimalSource, o.calls)
		}
	})
	t.Run("oracle not asked when the answer is illegal", func(t *testing.T) {
		o := newBFSOracle(goal)
		checkText(t, p, "UP\n", check.Options{Oracle: o})
		if o.calls != 0 {
			t.Errorf("oracle called %d times for an illegal answer", o.calls)
		}
	})
	t.Run("oracle not asked for an incomplete answer when the off-path search is off", func(t *testing.T) {
		o := newBFSOracle(goal)
		rep := checkText(t, p, "RIGHT\n", check.Options{Oracle: o, OffPath: check.OffPathOptions{Skip: true}})
		if o.calls != 0 || rep.OptimalLength != nil || rep.Remaining != nil {
			t.Errorf("oracle called %d times, optimal %v, remaining %v; want none", o.calls, rep.OptimalLength, rep.Remaining)
		}
	})
	t.Run("timeout gives valid, not a guess", func(t *testing.T) {
		rep := checkText(t, p, "LEFT\nRIGHT\nLEFT\n", check.Options{Oracle: slowOracle, OracleTimeout: 20 * time.Millisecond})
		want := summary{Verdict: check.Valid, Length: 3}
		if diff := cmp.Diff(want, summarize(rep)); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		if rep.Note != "optimality not verified: the reference solver did not finish within 20ms" {
			t.Errorf("note %q", rep.Note)
		}
		if !rep.Verdict.Accepted() {
			t.Errorf("valid must be accepted")
		}
	})
	t.Run("no oracle gives valid", func(t *testing.T) {
		if rep := checkText(t, p, "LEFT\n", check.Options{}); rep.Verdict != check.Valid {
			t.Errorf("verdict %s, want valid", rep.Verdict)
		}
	})
	t.Run("unsolvable-wrong without a length in time", func(t *testing.T) {
		rep := checkText(t, p, "UNSOLVABLE\n", check.Options{Oracle: slowOracle, OracleTimeout: 10 * time.Millisecond})
		if rep.Verdict != check.UnsolvableWrong || rep.OptimalLength != nil || strings.Contains(rep.Error.Message, "a solution of") {
			t.Errorf("got %+v", summarize(rep))
		}
	})
}

func TestCheckRefusesContradictions(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p := check.Problem{Board: oneAway, Goal: goal, Convention: puzzles.TileMoves}
	ctx := context.Background()
	wrongKey := p
	wrongKey.Optimum = check.KnownOptimum(3, "answer key")
	if _, err := check.Answer(ctx, wrongKey, strings.NewReader("LEFT\n"), "a", check.Options{}); !errors.Is(err, check.ErrKeyContradiction) {
		t.Errorf("answer shorter than the key: err %v, want ErrKeyContradiction", err)
	}
	if _, err := check.Answer(ctx, p, strings.NewReader("LEFT\n"), "a", check.Options{Oracle: lyingOracle}); !errors.Is(err, check.ErrKeyContradiction) {
		t.Errorf("oracle calling a solvable board unsolvable: err %v, want ErrKeyContradiction", err)
	}
	if _, err := check.Answer(ctx, p, strings.NewReader("LEFT\n"), "a", check.Options{Oracle: failingOracle}); err == nil || errors.Is(err, check.ErrKeyContradiction) {
		t.Errorf("failing oracle: err %v, want its own error", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := check.Answer(cancelled, p, strings.NewReader("LEFT\n"), "a", check.Options{Oracle: slowOracle}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled caller: err %v, want context.Canceled", err)
	}
}

func TestCheckLimits(t *testing.T) {
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p := check.Problem{Board: oneAway, Goal: goal, Convention: puzzles.TileMoves}
	long := strings.Repeat("LEFT\nRIGHT\n", 100) + "LEFT\n"
	rep := checkText(t, p, long, check.Options{Limits: puzzles.AnswerLimits{MaxBytes: 100}})
	if rep.Verdict != check.Malformed || !strings.Contains(rep.Error.Message, "longer than 100 bytes") {
		t.Errorf("over the byte limit: %+v %q", summarize(rep), rep.Error.Message)
	}
	rep = checkText(t, p, long, check.Options{Oracle: newBFSOracle(goal)})
	if rep.Verdict != check.Suboptimal || rep.Length != 201 {
		t.Errorf("long answer: %+v", summarize(rep))
	}
}

// TestCheckAgreesWithBFSOnEvery2x3Board checks every 2x3 board, solvable
// or not, under both conventions and both built-in goals: a shortest BFS
// path is optimal, the same path with a detour is suboptimal with the
// right lengths, UNSOLVABLE is right exactly when BFS cannot reach the
// goal, and dropping the last move of a path never reaches the goal.
func TestCheckAgreesWithBFSOnEvery2x3Board(t *testing.T) {
	shape := puzzles.Shape{Rows: 2, Cols: 3}
	ctx := context.Background()
	for _, goal := range []puzzles.Goal{puzzles.DefaultGoal(shape), puzzles.BlankFirstGoal(shape)} {
		dist := bfsDistances(goal)
		if len(dist) != 360 {
			t.Fatalf("BFS reaches %d boards of 720, want 360", len(dist))
		}
		oracle := &bfsOracle{dist: dist}
		boards := allBoards(shape)
		for _, b := range boards {
			for _, conv := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
				p := check.Problem{Board: b, Goal: goal, Convention: conv}
				d, reachable := dist.distance(b)
				claim, err := check.Parsed(ctx, p, puzzles.Answer{Unsolvable: true}, check.Options{Oracle: oracle})
				if err != nil {
					t.Fatal(err)
				}
				if want := map[bool]check.Verdict{true: check.UnsolvableWrong, false: check.UnsolvableCorrect}[reachable]; claim.Verdict != want {
					t.Fatalf("%s goal %s: UNSOLVABLE judged %s, want %s", b, goal.Name(), claim.Verdict, want)
				}
				if !reachable {
					continue
				}
				path := bfsPath(dist, b)
				rep, err := check.Parsed(ctx, p, puzzles.AnswerFromPath(path, conv), check.Options{Oracle: oracle})
				if err != nil || rep.Verdict != check.Optimal || rep.Length != d {
					t.Fatalf("%s: BFS path of %d judged %s (len %d), err %v", b, d, rep.Verdict, rep.Length, err)
				}
				detour := detourPath(b, path)
				rep, err = check.Parsed(ctx, p, puzzles.AnswerFromPath(detour, conv), check.Options{Oracle: oracle})
				if err != nil || rep.Verdict != check.Suboptimal || rep.Length != d+2 || *rep.OptimalLength != d {
					t.Fatalf("%s: detour of %d judged %s (len %d), err %v", b, d+2, rep.Verdict, rep.Length, err)
				}
				if d > 0 {
					rep, err = check.Parsed(ctx, p, puzzles.AnswerFromPath(path[:d-1], conv), check.Options{Oracle: oracle})
					if err != nil || rep.Verdict != check.Incomplete {
						t.Fatalf("%s: path short of one move judged %s, err %v", b, rep.Verdict, err)
					}
				}
			}
		}
	}
}

// detourPath inserts a move and its undo at the start of path.
func detourPath(b puzzles.Board, path []puzzles.Dir) []puzzles.Dir {
	for _, d := range puzzles.Dirs {
		if b.CanMove(d) {
			return append([]puzzles.Dir{d, d.Opposite()}, path...)
		}
	}
	panic("no legal move")
}

// allBoards lists every arrangement of tiles on shape s.
func allBoards(s puzzles.Shape) []puzzles.Board {
	n := s.Cells()
	cells := make([]int, n)
	for i := range cells {
		cells[i] = i
	}
	var out []puzzles.Board
	var permute func(k int)
	permute = func(k int) {
		if k == n {
			out = append(out, puzzles.MustBoard(s.Rows, s.Cols, cells...))
			return
		}
		for i := k; i < n; i++ {
			cells[k], cells[i] = cells[i], cells[k]
			permute(k + 1)
			cells[k], cells[i] = cells[i], cells[k]
		}
	}
	permute(0)
	return out
}

// TestIllegalMovesFoundWherever checks that for random move sequences on
// a 3x4 board the reported first illegal move is exactly the first move a
// step-by-step replay cannot make.
func TestIllegalMovesFoundWherever(t *testing.T) {
	shape := puzzles.Shape{Rows: 3, Cols: 4}
	goal := puzzles.DefaultGoal(shape)
	rng := puzzles.NewRand(7)
	for i := range 500 {
		b := puzzles.RandomSolvable(rng, goal)
		n := 1 + rng.IntN(30)
		path := make([]puzzles.Dir, n)
		for j := range path {
			path[j] = puzzles.Dirs[rng.IntN(4)]
		}
		firstIllegal := -1
		cur := b
		for j, d := range path {
			next, ok := cur.Move(d)
			if !ok {
				firstIllegal = j
				break
			}
			cur = next
		}
		rep, err := check.Parsed(context.Background(), check.Problem{Board: b, Goal: goal, Convention: puzzles.BlankMoves},
			puzzles.AnswerFromPath(path, puzzles.BlankMoves), check.Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case firstIllegal >= 0:
			if rep.Verdict != check.Illegal || rep.Move != firstIllegal+1 || rep.Board != cur.String() || rep.Error.Line != firstIllegal+1 {
				t.Fatalf("case %d: first illegal move %d on %s; got %s at move %d on %s", i, firstIllegal+1, cur, rep.Verdict, rep.Move, rep.Board)
			}
		case goal.Reached(cur):
			if !rep.Verdict.Solved() {
				t.Fatalf("case %d: reaches the goal, got %s", i, rep.Verdict)
			}
		default:
			if rep.Verdict != check.Incomplete || rep.Board != cur.String() {
				t.Fatalf("case %d: legal walk to %s, got %s on %s", i, cur, rep.Verdict, rep.Board)
			}
		}
	}
}

func TestVerdictClasses(t *testing.T) {
	accepted := map[check.Verdict]bool{check.Optimal: true, check.UnsolvableCorrect: true, check.Valid: true}
	solved := map[check.Verdict]bool{check.Optimal: true, check.Suboptimal: true, check.Valid: true}
	for _, v := range check.Verdicts {
		if v.Accepted() != accepted[v] || v.Solved() != solved[v] || !v.Known() {
			t.Errorf("%s: accepted %t solved %t known %t", v, v.Accepted(), v.Solved(), v.Known())
		}
		if v.FromRun() == (v == check.Optimal || v == check.Suboptimal || v == check.Valid || v == check.Illegal ||
			v == check.Incomplete || v == check.UnsolvableCorrect || v == check.UnsolvableWrong || v == check.Malformed) {
			t.Errorf("%s: FromRun %t", v, v.FromRun())
		}
	}
	if check.Verdict("bogus").Known() {
		t.Error("bogus verdict is known")
	}
}

// TestIllegalMoveWrapsAcrossTheEdge: a solver that moves the blank along
// a row-major list without checking the edge steps from the end of one
// row to the start of the next; the report says so, definitely when the
// rest of the answer then reaches the goal.
func TestIllegalMoveWrapsAcrossTheEdge(t *testing.T) {
	shape := puzzles.Shape{Rows: 3, Cols: 3}
	goal := puzzles.DefaultGoal(shape)
	table := bfsDistances(goal)
	// y: a board 7 moves from the goal with the blank at row 2, column 1;
	// x: y with the blank stepped back along the list to row 1, column 3.
	var y puzzles.Board
	for _, b := range allBoards(shape) {
		if d, ok := table.distance(b); ok && d == 7 && b.Blank() == 3 {
			y = b
			break
		}
	}
	cells := y.Cells()
	cells[2], cells[3] = cells[3], cells[2]
	x := puzzles.MustBoard(3, 3, cells...)
	p := check.Problem{Board: x, Goal: goal, Convention: puzzles.BlankMoves}
	answer := "RIGHT\n" + strings.Join(puzzles.BlankMoves.Tokens(bfsPath(table, y)), "\n") + "\n"
	rep := checkText(t, p, answer, check.Options{})
	if rep.Verdict != check.Illegal || rep.Move != 1 {
		t.Fatalf("verdict %s at move %d, want illegal at move 1", rep.Verdict, rep.Move)
	}
	want := "the blank wrapped across the board's edge here, from row 1, column 3 to row 2, column 1"
	if !strings.HasPrefix(rep.Note, want) || !strings.Contains(rep.Note, "with 1 such wrap the rest of the answer reaches the goal") {
		t.Errorf("note %q, want it to start %q and say the rest reaches the goal", rep.Note, want)
	}
	if !strings.Contains(strings.Join(rep.Details(), "\n"), "note: the blank wrapped") {
		t.Errorf("details do not show the note: %q", rep.Details())
	}
	// Without the rest, a wrap is only what such a solver would have done.
	rep = checkText(t, p, "RIGHT\n", check.Options{})
	if !strings.HasPrefix(rep.Note, "a solver that keeps the board as one row-major list") || !strings.Contains(rep.Note, "from row 1, column 3 to row 2, column 1") {
		t.Errorf("note %q", rep.Note)
	}
	// UP from the top row wraps to the bottom row (Python's index -3);
	// DOWN from the bottom row leaves the list: no note.
	p.Board = goal.Board()
	if rep := checkText(t, p, "DOWN\n", check.Options{}); rep.Note != "" {
		t.Errorf("DOWN off the bottom row: note %q, want none", rep.Note)
	}
	top := puzzles.MustBoard(3, 3, 1, 0, 2, 3, 4, 5, 6, 7, 8)
	p.Board = top
	if rep := checkText(t, p, "UP\n", check.Options{}); !strings.Contains(rep.Note, "from row 1, column 2 to row 3, column 2") {
		t.Errorf("UP off the top row: note %q", rep.Note)
	}
}
