// Package tiles is a stand-in for a library a course provides through
// its module cache, for kpuzzle's tests: the moves of a solution found
// by breadth-first search.
package tiles

// Solve returns the tile moves (UP, DOWN, LEFT, RIGHT: where the tile
// moves into the blank) from cells to the goal 1..n-1 with the blank
// last, on a board of the given width, or ok false when there is none.
func Solve(cells []int, width int) (moves []string, ok bool) {
	n := len(cells)
	goal := make([]byte, n)
	start := make([]byte, n)
	for i := range cells {
		start[i] = byte(cells[i])
		goal[i] = byte((i + 1) % n)
	}
	type link struct {
		prev string
		move string
	}
	seen := map[string]link{string(start): {}}
	queue := []string{string(start)}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == string(goal) {
			for s != string(start) {
				l := seen[s]
				moves = append([]string{l.move}, moves...)
				s = l.prev
			}
			return moves, true
		}
		z := 0
		for s[z] != 0 {
			z++
		}
		r, c := z/width, z%width
		// The tile below the blank moves UP into it, and so on.
		for _, m := range []struct {
			dr, dc int
			name   string
		}{{1, 0, "UP"}, {-1, 0, "DOWN"}, {0, 1, "LEFT"}, {0, -1, "RIGHT"}} {
			rr, cc := r+m.dr, c+m.dc
			if rr < 0 || cc < 0 || cc >= width || rr*width+cc >= n {
				continue
			}
			t := []byte(s)
			t[z], t[rr*width+cc] = t[rr*width+cc], 0
			if _, ok := seen[string(t)]; !ok {
				seen[string(t)] = link{s, m.name}
				queue = append(queue, string(t))
			}
		}
	}
	return nil, false
}
