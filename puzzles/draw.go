package puzzles

import "fmt"

// DrawBoard draws b for a terminal: its Grid, then caption on a line of
// its own ("h = 14, h* = 12").
func DrawBoard(b Board, caption string) []string {
	return append(b.Grid(), caption)
}

// DrawMove draws a move for a terminal: the board before it (from) on
// the left, an arrow on the middle row, the board after it (to) on the
// right, and each board's caption under it. Both boards have the same
// shape; a caption may be wider than its board.
//
//	1 2 _                  1 2 3
//	4 5 3             ->   4 5 _
//	h = 1.5, h* = 1        h = 0, h* = 0
func DrawMove(from Board, fromCaption string, to Board, toCaption string) []string {
	left, right := from.Grid(), to.Grid()
	width := max(len(left[0]), len(fromCaption))
	out := make([]string, 0, len(left)+1)
	for i := range left {
		arrow := "  "
		if i == len(left)/2 {
			arrow = "->"
		}
		out = append(out, fmt.Sprintf("%-*s   %s   %s", width, left[i], arrow, right[i]))
	}
	return append(out, fmt.Sprintf("%-*s        %s", width, fromCaption, toCaption))
}
