package grader_test

import "github.com/kpuzzle/kpuzzle/puzzles"

func ptr(n int) *int { return &n }

// The start board of most scenarios: one move from the default goal.
var oneAway = puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
