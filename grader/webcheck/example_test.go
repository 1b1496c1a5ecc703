package webcheck_test

import (
	"context"
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/webcheck"
)

// A shared link, checked as the page checks it.
func Example() {
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := webcheck.ParseFragment("#p=1,2,3,4,5,6,0,7,8&a=LLR&moves=tile")
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err := c.Check(context.Background(), f.Request())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Verdict+":", resp.Summary)
	for _, line := range resp.Details {
		fmt.Println(line)
	}
	fmt.Println(resp.Fragment)
	// Output:
	// incomplete: all 3 moves are legal, but the final board is not the goal
	// note: the goal was reached after move 2; the moves after it leave it again
	// first move off every optimal path: move 3, RIGHT
	//   the board before it is the goal: the answer should have stopped there
	// from the final board the goal is 1 more move away
	// p=1,2,3,4,5,6,0,7,8&a=LLR&moves=tile
}
