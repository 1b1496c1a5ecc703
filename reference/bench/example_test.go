package bench_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
)

// Breadth-first search against A* with two heuristics on three 8-puzzles
// of known optimal length, iterative deepening stopped by a budget of
// 10,000 expansions per run. Uninformed algorithms run once, informed ones
// once per heuristic.
func ExampleRun() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	instances := []bench.Instance{
		{Name: "a", Board: puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8), Goal: g, Optimal: 2},
		{Name: "b", Board: puzzles.MustBoard(3, 3, 4, 1, 3, 7, 2, 6, 0, 5, 8), Goal: g, Optimal: 6},
		{Name: "c", Board: puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1), Goal: g, Optimal: 31},
	}
	combos, err := bench.Combos([]string{"bfs", "ids", "astar"}, []string{"misplaced", "manhattan"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := bench.Run(context.Background(), bench.Config{
		Combos: combos, Instances: instances, Limits: bench.Limits{MaxNodes: 10000},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Combos {
		s := c.Summary
		fmt.Printf("%-16s solved %d/%d  unfinished %d  mean expanded %6.0f  max frontier %5d\n",
			c.Combo, s.Solved, s.Solvable, s.Unfinished, s.MeanExpanded, s.MaxFrontier)
	}
	fmt.Println("every optimal solution has the known length:", rep.AllOptimal())
	// Output:
	// bfs              solved 2/3  unfinished 1  mean expanded     18  max frontier    20
	// ids              solved 2/3  unfinished 1  mean expanded     34  max frontier     6
	// astar:misplaced  solved 2/3  unfinished 1  mean expanded      4  max frontier     7
	// astar:manhattan  solved 3/3  unfinished 0  mean expanded   2245  max frontier  3273
	// every optimal solution has the known length: true
}
