package puzzles_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// bfsDepths walks the whole state space from the goal with breadth-first
// search over packed codes and returns every reachable state's distance.
// It uses only Board moves, independently of the solvability rule.
func bfsDepths(t testing.TB, g puzzles.Goal) map[puzzles.Code]int {
	t.Helper()
	start, ok := puzzles.EncodeCode(g.Board())
	if !ok {
		t.Fatalf("board %v too large for a Code", g.Shape())
	}
	s := g.Shape()
	moves := s.Moves()
	dist := map[puzzles.Code]int{start: 0}
	type item struct {
		code  puzzles.Code
		blank int
	}
	queue := []item{{start, g.Pos(0)}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		d := dist[cur.code]
		for _, dir := range puzzles.Dirs {
			j := int(moves[cur.blank][dir])
			if j < 0 {
				continue
			}
			next := cur.code.Slide(cur.blank, j)
			if _, seen := dist[next]; !seen {
				dist[next] = d + 1
				queue = append(queue, item{next, j})
			}
		}
	}
	return dist
}

// permutations calls fn with every arrangement of 0..n-1 (Heap's
// algorithm); fn must not keep the slice.
func permutations(n int, fn func([]int)) {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	c := make([]int, n)
	fn(a)
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			fn(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

func testGoals(s puzzles.Shape) []puzzles.Goal {
	rng := puzzles.NewRand(uint64(s.Cells()))
	random := puzzles.NewGoal(puzzles.RandomSolvable(rng, puzzles.DefaultGoal(s)), "random")
	return []puzzles.Goal{puzzles.DefaultGoal(s), puzzles.BlankFirstGoal(s), puzzles.SnailGoal(s), random}
}

// TestSolvabilityMatchesExhaustiveSearch checks the solvability rule
// against breadth-first enumeration: for every permutation of the board,
// the rule says solvable exactly when the search reached it.
func TestSolvabilityMatchesExhaustiveSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every state of the small boards; go test without -short runs it")
	}
	for _, s := range []puzzles.Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}} {
		for _, g := range testGoals(s) {
			t.Run(fmt.Sprintf("%v/%s", s, g.Name()), func(t *testing.T) {
				reach := bfsDepths(t, g)
				total, solvable, textbookWrong := 0, 0, 0
				permutations(s.Cells(), func(cells []int) {
					b, err := puzzles.NewBoard(s, cells)
					if err != nil {
						t.Fatal(err)
					}
					code, _ := puzzles.EncodeCode(b)
					_, reached := reach[code]
					verdict := puzzles.CheckSolvable(b, g)
					if verdict.Solvable != reached {
						t.Fatalf("%v: rule says solvable=%v, search says %v (%s)", b, verdict.Solvable, reached, verdict.Explanation)
					}
					if puzzles.Solvable(b, g) != reached {
						t.Fatalf("%v: Solvable disagrees with CheckSolvable", b)
					}
					if verdict.TextbookSolvable != reached {
						textbookWrong++
					}
					total++
					if reached {
						solvable++
					}
				})
				if 2*solvable != total {
					t.Errorf("%d of %d states solvable, want exactly half", solvable, total)
				}
				if g.IsDefault() && textbookWrong != 0 {
					t.Errorf("the textbook rule is wrong on %d states of the default goal", textbookWrong)
				}
				t.Logf("%d states, %d solvable; textbook rule wrong on %d", total, solvable, textbookWrong)
			})
		}
	}
}

// TestTextbookRuleFailsForNonStandardGoals shows the two goals the design
// notes name, where the naive inversion rule gives wrong answers.
func TestTextbookRuleFailsForNonStandardGoals(t *testing.T) {
	cases := []puzzles.Goal{puzzles.BlankFirstGoal(puzzles.Shape{2, 4}), puzzles.SnailGoal(puzzles.Shape{3, 3})}
	for _, g := range cases {
		wrong := 0
		permutations(g.Shape().Cells(), func(cells []int) {
			b, _ := puzzles.NewBoard(g.Shape(), cells)
			if v := puzzles.CheckSolvable(b, g); v.TextbookSolvable != v.Solvable {
				wrong++
			}
		})
		if wrong == 0 {
			t.Errorf("%v %s: the textbook rule was never wrong", g.Shape(), g.Name())
		}
	}
}

func TestDepthCountsMatchPublished(t *testing.T) {
	for _, s := range []puzzles.Shape{{2, 3}, {2, 4}, {3, 3}} {
		pub, ok := puzzles.PublishedDepths(s)
		if !ok {
			t.Fatalf("no published depths for %v", s)
		}
		dist := bfsDepths(t, puzzles.DefaultGoal(s))
		counts := make([]int64, pub.MaxDepth()+1)
		maxDepth := 0
		for _, d := range dist {
			if d > maxDepth {
				maxDepth = d
			}
			if d < len(counts) {
				counts[d]++
			}
		}
		if maxDepth != pub.MaxDepth() {
			t.Errorf("%v: max depth %d, published %d", s, maxDepth, pub.MaxDepth())
		}
		if diff := cmp.Diff(pub.Counts, counts); diff != "" {
			t.Errorf("%v: states per depth (-published +search):\n%s", s, diff)
		}
		for _, h := range pub.Hardest {
			code, _ := puzzles.EncodeCode(h)
			if dist[code] != pub.MaxDepth() {
				t.Errorf("%v: published hardest state %v is at depth %d, want %d", s, h, dist[code], pub.MaxDepth())
			}
		}
	}
}

func TestSolvabilityExplanation(t *testing.T) {
	tests := []struct {
		board    puzzles.Board
		goal     string
		solvable bool
		rule     string
		inv, row int
	}{
		{puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0), "default", false, puzzles.RuleOddWidth, 1, 1},
		{puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1), "default", true, puzzles.RuleOddWidth, 24, 1},
		{puzzles.MustBoard(4, 4, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 0, 12, 9, 13, 15, 14), "default", false, puzzles.RuleEvenWidth, 4, 2},
		{puzzles.MustBoard(2, 4, 1, 2, 3, 4, 5, 6, 7, 0), "blank-first", false, puzzles.RulePermutationParity, 0, 1},
	}
	for _, tc := range tests {
		g, err := puzzles.GoalByName(tc.goal, tc.board.Shape())
		if err != nil {
			t.Fatal(err)
		}
		got := puzzles.CheckSolvable(tc.board, g)
		if got.Solvable != tc.solvable || got.Rule != tc.rule || got.Inversions != tc.inv || got.BlankRowFromBottom != tc.row {
			t.Errorf("%v (%s goal): got solvable=%v rule=%s inversions=%d row=%d; want %v %s %d %d",
				tc.board, tc.goal, got.Solvable, got.Rule, got.Inversions, got.BlankRowFromBottom, tc.solvable, tc.rule, tc.inv, tc.row)
		}
		if got.Explanation == "" {
			t.Errorf("%v: no explanation", tc.board)
		}
	}
}

func TestSnailGoal(t *testing.T) {
	want := map[puzzles.Shape]string{
		{Rows: 3, Cols: 3}: "1 2 3 8 0 4 7 6 5",
		{Rows: 2, Cols: 3}: "1 2 3 0 5 4",
		{Rows: 4, Cols: 4}: "1 2 3 4 12 13 14 5 11 0 15 6 10 9 8 7",
	}
	for s, cells := range want {
		g, err := puzzles.GoalByName("snail", s)
		if err != nil || g.Board().String() != cells || !g.IsBuiltin() || g.Name() != puzzles.GoalSnail {
			t.Errorf("%v snail = %v (%s, builtin %v), %v; want %s", s, g.Board(), g.Name(), g.IsBuiltin(), err, cells)
		}
	}
	custom := puzzles.NewGoal(puzzles.MustBoard(2, 2, 2, 1, 3, 0), "")
	if custom.IsBuiltin() || custom.Name() != "custom" {
		t.Errorf("a custom goal is builtin=%v named %q", custom.IsBuiltin(), custom.Name())
	}
}
