package chart_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/bench/chart"
)

// Draw the nodes-expanded plot of a small comparison as SVG. A program
// writes it to a file (kpuzzle bench --plots DIR); here it goes to a
// buffer, and the legend is read back from it.
func ExampleWrite() {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	rep, err := bench.Run(context.Background(), bench.Config{
		Combos: []bench.Combo{{Algorithm: "bfs"}, {Algorithm: "astar", Heuristic: "manhattan"}},
		Instances: []bench.Instance{
			{Name: "a", Board: puzzles.MustBoard(3, 3, 4, 1, 3, 7, 2, 6, 0, 5, 8), Goal: g, Optimal: 6},
			{Name: "b", Board: puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1), Goal: g, Optimal: 31},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	if err := chart.Write(&svg, rep, chart.Nodes, chart.SVG, chart.Options{Subtitle: "two 8-puzzles"}); err != nil {
		fmt.Println(err)
		return
	}
	dec := xml.NewDecoder(&svg)
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if cd, ok := tok.(xml.CharData); ok {
			switch s := string(cd); s {
			case "bfs", "astar:manhattan", chart.Nodes.Title() + " — two 8-puzzles":
				fmt.Println(s)
			}
		}
	}
	// Output:
	// Nodes expanded by optimal solution length — two 8-puzzles
	// bfs
	// astar:manhattan
}
