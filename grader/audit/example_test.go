package audit_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// A heuristic that counts the blank among the misplaced tiles claims 2
// moves one move from the goal. The audit checks every state of the 2x3
// board and shows the nearest state where it overestimates.
func ExampleRun() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	goal := g.Board().Bytes()
	misplacedWithBlank := audit.Func("misplaced-with-blank", func(cells []uint8) float64 {
		n := 0
		for i, t := range cells {
			if t != goal[i] {
				n++
			}
		}
		return float64(n)
	})
	r, err := audit.Run(context.Background(), misplacedWithBlank, audit.Options{Goal: g})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("checked:", r.StatesChecked, "states,", r.EdgesChecked, "moves")
	fmt.Println("admissible:", r.Admissible, "consistent:", r.Consistent)
	c := r.Counterexamples[0]
	fmt.Printf("%s (%s): %s has h = %v but h* = %d\n", c.Kind, c.Label, c.State, c.H, c.HStar)
	// Output:
	// checked: 360 states, 420 moves
	// admissible: false consistent: false
	// overestimate (smallest,largest): 1 2 0 4 5 3 has h = 2 but h* = 1
}

// A values file claims linear conflict's values; --expect checks them
// against the reference implementation.
func ExampleParseValues() {
	file := `state,h
1 2 3 4 5 0,0
1 2 3 4 0 5,1
1 2 3 0 4 5,2
2 1 3 4 5 0,9
`
	claims, err := audit.ParseValues(strings.NewReader(file), "claims.csv", puzzles.Shape{Rows: 2, Cols: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := puzzles.DefaultGoal(claims.Shape)
	r, err := audit.Run(context.Background(), claims, audit.Options{Goal: g, Expect: heuristics.NewLinearConflict(g)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("states with values:", r.StatesChecked, "without:", r.Missing, "unreachable:", r.Unreachable)
	fmt.Println("equal to linear-conflict:", r.Expect.Equal, "different:", r.Expect.Different)
	// Output:
	// states with values: 3 without: 357 unreachable: 1
	// equal to linear-conflict: 3 different: 0
}

// ParseCount reads the figures quoted in reports.
func ExampleParseCount() {
	for _, s := range []string{"181,440", "6e12", "6·10^12"} {
		v, _ := audit.ParseCount(s)
		fmt.Printf("%s = %.0f\n", s, v)
	}
	// Output:
	// 181,440 = 181440
	// 6e12 = 6000000000000
	// 6·10^12 = 6000000000000
}
