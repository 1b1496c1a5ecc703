package grader_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The order check of run.problem: berkeley on a 2x2 board: CS188's BFS
// expands the start (1 2 / 0 3) and the blank moved up (0 2 / 1 3) before
// it pops the goal; a search that expanded only the start stopped early.
func ExampleJudgeExpandedOrder() {
	test := grader.Test{Name: "tiny", Board: puzzles.MustBoard(2, 2, 1, 2, 0, 3), Solvable: true}
	want, err := grader.BerkeleyReference(context.Background(), grader.RunStep{Search: "bfs"}, test)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, record := range []string{
		"kpuzzle expanded 2x2\n1203\n0213\ntotal 2\n",
		"kpuzzle expanded 2x2\n1203\ntotal 1\n",
	} {
		got, err := grader.ParseExpanded(strings.NewReader(record), "tiny.expanded")
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(grader.JudgeExpandedOrder(got, want, "bfs").Line())
	}
	// Output:
	// expanded order passed: the 2 states expanded are the reference bfs's, in its order
	// expanded order FAILED: the search stopped after expansion 1, where the reference expanded 0 2 1 3 next; the search expanded 1 state, the reference bfs 2
}
