// A reduced case of the 42 n-puzzle shape in Go, for kpuzzle's tests:
// ./npuzzle FILE reads a puzzle (rows of numbers), prints the moves on
// stdout, one per line, or "Unsolvable" on stderr. Its search comes from
// a module the course provides (example.com/tiles), built without a
// network from the course's module cache.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"example.com/tiles"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var cells []int
	width := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		width = len(fields)
		for _, x := range fields {
			n, err := strconv.Atoi(x)
			if err != nil {
				fmt.Fprintln(os.Stderr, "bad cell", x)
				os.Exit(1)
			}
			cells = append(cells, n)
		}
	}
	moves, ok := tiles.Solve(cells, width)
	if !ok {
		fmt.Fprintln(os.Stderr, "Unsolvable")
		return
	}
	for _, m := range moves {
		fmt.Println(m)
	}
}
