package audit_test

import (
	"container/heap"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// goalPopAStar is a correct textbook A* as course solvers write it: it
// counts every node it takes off the frontier, the goal's pop included,
// and (with countStart false) leaves the start out. Ties on f go to the
// lower g, so it expands every state with g*+h ≤ C* before the goal and
// lands at the top of the band.
func goalPopAStar(start puzzles.Board, g puzzles.Goal, h func([]uint8) int, countStart bool) int {
	return goalPopAStarReal(start, g, func(c []uint8) float64 { return float64(h(c)) }, countStart)
}

// goalPopAStarReal is goalPopAStar with a real-valued heuristic, as a
// program that adds math.sqrt values and compares floats runs it.
func goalPopAStarReal(start puzzles.Board, g puzzles.Goal, h func([]uint8) float64, countStart bool) int {
	type node struct {
		b puzzles.Board
		g int
		f float64
	}
	pq := &nodeHeap{less: func(a, b any) bool {
		x, y := a.(node), b.(node)
		if x.f != y.f {
			return x.f < y.f
		}
		return x.g < y.g
	}}
	best := map[string]int{start.String(): 0}
	closed := map[string]bool{}
	heap.Push(pq, node{start, 0, h(start.Bytes())})
	expanded := 0
	for pq.Len() > 0 {
		n := heap.Pop(pq).(node)
		key := n.b.String()
		if closed[key] {
			continue
		}
		closed[key] = true
		if countStart || n.g > 0 {
			expanded++
		}
		if n.b.Equal(g.Board()) {
			return expanded // the goal's pop was counted above
		}
		for _, st := range n.b.Neighbors() {
			k := st.Board.String()
			if old, ok := best[k]; ok && old <= n.g+1 {
				continue
			}
			best[k] = n.g + 1
			heap.Push(pq, node{st.Board, n.g + 1, float64(n.g+1) + h(st.Board.Bytes())})
		}
	}
	return -1
}

type nodeHeap struct {
	items []any
	less  func(a, b any) bool
}

func (h *nodeHeap) Len() int           { return len(h.items) }
func (h *nodeHeap) Less(i, j int) bool { return h.less(h.items[i], h.items[j]) }
func (h *nodeHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *nodeHeap) Push(x any)         { h.items = append(h.items, x) }
func (h *nodeHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

// TestStatsCountingConventions submits the counts of a correct A* that
// counts the goal's pop (and one that also leaves the start out) as
// claims: each is possible, and the verdict names the convention it
// matched. The count one above the goal-counted top stays impossible.
func TestStatsCountingConventions(t *testing.T) {
	ctx := context.Background()
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(t, shape3x3)
	md := heuristics.NewManhattan(g)
	rng := puzzles.NewRand(11)
	for _, depth := range []int{4, 12, 20} {
		b, ok := tb.RandomAt(rng, depth)
		if !ok {
			t.Fatal("no state at depth", depth)
		}
		withGoal := goalPopAStar(b, g, md.Estimate, true)
		neither := goalPopAStar(b, g, md.Estimate, false)
		text := "algorithm,heuristic,puzzle,expanded\n"
		for _, n := range []int{withGoal, neither, withGoal + 1} {
			text += fmt.Sprintf("astar,manhattan,%s,%d\n", b, n)
		}
		claims, err := audit.ParseStatsClaims(strings.NewReader(text), "c.csv", audit.StatsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := audit.JudgeStats(ctx, claims, statsOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		top := rep.Claims[0].Figures[0]
		if top.High == nil || float64(withGoal) != *top.High+1 {
			t.Fatalf("depth %d: the goal-counting A* expanded %d; the band's top is %v (expected it one below)", depth, withGoal, top.High)
		}
		if top.Verdict != audit.VerdictPossible || top.Convention != audit.ConventionGoalCounted || !strings.Contains(top.Reason, "goal's pop") {
			t.Errorf("depth %d: %d (goal counted) judged %s, convention %q: %s", depth, withGoal, top.Verdict, top.Convention, top.Reason)
		}
		// Counting the goal and not the start gives kpuzzle's own number.
		mid := rep.Claims[1].Figures[0]
		if mid.Verdict != audit.VerdictPossible || mid.Convention != audit.ConventionKpuzzle {
			t.Errorf("depth %d: %d (goal counted, start not) judged %s, convention %q: %s", depth, neither, mid.Verdict, mid.Convention, mid.Reason)
		}
		over := rep.Claims[2].Figures[0]
		if over.Verdict != audit.VerdictImpossible || over.Convention != "" || over.Outside != audit.OutsideAbove ||
			!strings.Contains(over.Reason, fmt.Sprintf("the nearest count a correct astar with manhattan could report is %d, counting the goal's pop", withGoal)) {
			t.Errorf("depth %d: %d judged %s, convention %q, outside %q: %s", depth, withGoal+1, over.Verdict, over.Convention, over.Outside, over.Reason)
		}
		// The nearest count is the goal-counting A*'s own.
		if over.Nearest == nil || *over.Nearest != float64(withGoal) || over.NearestConvention != audit.ConventionGoalCounted {
			t.Errorf("depth %d: nearest %v (%q), want %d counting the goal", depth, over.Nearest, over.NearestConvention, withGoal)
		}
		if low := top.Low; low != nil && *low > 1 {
			text := fmt.Sprintf("algorithm,heuristic,puzzle,expanded\nastar,manhattan,%s,%d\n", b, int(*low)-1)
			claims, _ := audit.ParseStatsClaims(strings.NewReader(text), "c.csv", audit.StatsOptions{})
			rep, err := audit.JudgeStats(ctx, claims, statsOptions(t))
			if err != nil {
				t.Fatal(err)
			}
			if f := rep.Claims[0].Figures[0]; f.Verdict != audit.VerdictPossible || f.Convention != audit.ConventionStartNotCounted {
				t.Errorf("depth %d: %v (the must-expand count without the start) judged %s, convention %q", depth, *low-1, f.Verdict, f.Convention)
			}
		}
	}
}

// TestStatsBandThatCannotFail: a graph search's largest frontier is
// bounded only by the whole state space, which no count a search makes
// exceeds, so it is marked as no check; a count above it stays
// impossible.
func TestStatsBandThatCannotFail(t *testing.T) {
	b := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	text := "algorithm,heuristic,puzzle,max_frontier\nastar,manhattan," + b.String() + ",800\nastar,manhattan," + b.String() + ",181441\nidastar,manhattan," + b.String() + ",3\n"
	claims, err := audit.ParseStatsClaims(strings.NewReader(text), "c.csv", audit.StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := audit.JudgeStats(context.Background(), claims, statsOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Claims[0].Figures[0]; !f.Vacuous || f.Verdict != audit.VerdictPossible || !strings.Contains(f.Reason, "cannot fail") {
		t.Errorf("frontier 800 of astar on 3x3: vacuous %v, %s: %s", f.Vacuous, f.Verdict, f.Reason)
	}
	if f := rep.Claims[1].Figures[0]; f.Vacuous || f.Verdict != audit.VerdictImpossible {
		t.Errorf("frontier above the state space: vacuous %v, %s: %s", f.Vacuous, f.Verdict, f.Reason)
	}
	if f := rep.Claims[2].Figures[0]; f.Vacuous {
		t.Errorf("idastar's frontier band (b × C*) is a real check, marked vacuous: %s", f.Reason)
	}
}
