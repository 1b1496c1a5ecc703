package main

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

type showOptions struct {
	puzzle puzzleFlags
}

func newShowCmd(a *app) *cobra.Command {
	var opts showOptions
	cmd := &cobra.Command{
		Use:   "show PUZZLE",
		Short: "Draw a puzzle with its goal beside it",
		Long: `Draw PUZZLE with its goal beside it, marking tiles already home.
PUZZLE is a file, - for standard input, or set:NAME/ID (see kpuzzle sets).`,
		Example: `  kpuzzle show puzzle.txt
  kpuzzle show set:korf100/1`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return runShow(a, opts, args[0])
		},
	}
	opts.puzzle.register(cmd.Flags())
	opts.puzzle.registerReading(cmd.Flags())
	return cmd
}

type showJSON struct {
	File     string `json:"file"`
	Shape    string `json:"shape"`
	Board    []int  `json:"board"`
	Goal     []int  `json:"goal"`
	GoalName string `json:"goal_name"`
	Solvable bool   `json:"solvable"`
	// Home counts the tiles (blank excluded) already on their goal cell.
	Home int `json:"home"`
}

func runShow(a *app, opts showOptions, path string) error {
	b, g, err := a.readPuzzle(path, &opts.puzzle)
	if err != nil {
		return err
	}
	home := 0
	for i := range b.Len() {
		if t := b.At(i); t != 0 && g.Pos(t) == i {
			home++
		}
	}
	solvable := puzzles.Solvable(b, g)
	if a.json {
		return writeJSON(a.out, showJSON{
			File: path, Shape: b.Shape().String(), Board: b.Cells(), Goal: g.Board().Cells(),
			GoalName: g.Name(), Solvable: solvable, Home: home,
		})
	}
	left := a.paintGrid(b, g)
	right := g.Board().Grid()
	width := len(b.Grid()[0])
	title := fmt.Sprintf("%s (%s)", path, b.Shape())
	fmt.Fprintf(a.out, "%-*s    goal (%s)\n", max(width, len(title)), title, g.Name())
	for r := range left {
		pad := strings.Repeat(" ", max(width, len(title))-width)
		fmt.Fprintf(a.out, "%s%s    %s\n", left[r], pad, right[r])
	}
	state := a.paint.good("solvable")
	if !solvable {
		state = a.paint.bad("unsolvable")
	}
	fmt.Fprintf(a.out, "%d of %d tiles home; %s\n", home, b.Len()-1, state)
	return nil
}

// paintGrid draws b's rows, tiles already home in the palette's good
// colour.
func (a *app) paintGrid(b puzzles.Board, g puzzles.Goal) []string {
	plain := b.Grid()
	width := len(fmt.Sprint(b.Len() - 1))
	s := b.Shape()
	out := make([]string, s.Rows)
	for r := range s.Rows {
		cells := make([]string, s.Cols)
		for c := range s.Cols {
			i := s.Index(r, c)
			cell := plain[r][c*(width+1) : c*(width+1)+width]
			if t := b.At(i); t != 0 && g.Pos(t) == i {
				cell = a.paint.good(cell)
			}
			cells[c] = cell
		}
		out[r] = strings.Join(cells, " ")
	}
	return out
}
