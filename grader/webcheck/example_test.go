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
	// final board:    goal:
	//   1 2 3           1 2 3
	//   4 5 6           4 5 6
	//   7 _ 8           7 8 _
	// note: the goal was reached after move 2; the moves after it leave it again
	// p=1,2,3,4,5,6,0,7,8&a=LLR&moves=tile
}
