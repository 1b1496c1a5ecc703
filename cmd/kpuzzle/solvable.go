package main

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

type solvableOptions struct {
	puzzle puzzleFlags
}

func newSolvableCmd(a *app) *cobra.Command {
	var opts solvableOptions
	cmd := &cobra.Command{
		Use:   "solvable PUZZLE",
		Short: "Say whether a puzzle can reach its goal, and why",
		Long: `Decide whether PUZZLE can reach its goal, with the explanation.

For the default goal the classic rule is shown: on an odd-width board the
puzzle is solvable iff the inversion count is even; on an even-width board
iff inversions + the blank's row counted from the bottom (1-based) is odd.
For any other goal the general rule decides: the parity of the permutation
taking the board to the goal (blank counted as a tile) must equal the parity
of the blank's distance to its goal cell.

Exit code 0 when solvable, 1 when unsolvable, 2 when the puzzle cannot be read.
PUZZLE is a file, - for standard input, or set:NAME/ID (see kpuzzle sets).`,
		Example: `  kpuzzle solvable puzzle.txt
  kpuzzle solvable --goal blank-first --json puzzle.txt
  kpuzzle solvable set:cs3243-public/n_equals_5/input_6.txt`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return runSolvable(a, opts, args[0])
		},
	}
	opts.puzzle.register(cmd.Flags())
	opts.puzzle.registerReading(cmd.Flags())
	return cmd
}

type solvableJSON struct {
	File  string `json:"file"`
	Shape string `json:"shape"`
	Goal  string `json:"goal"`
	puzzles.Solvability
}

func runSolvable(a *app, opts solvableOptions, path string) error {
	b, g, err := a.readPuzzle(path, &opts.puzzle)
	if err != nil {
		return err
	}
	s := puzzles.CheckSolvable(b, g)
	if a.json {
		if err := writeJSON(a.out, solvableJSON{File: path, Shape: b.Shape().String(), Goal: g.Name(), Solvability: s}); err != nil {
			return err
		}
	} else {
		verdict := a.paint.good("solvable")
		if !s.Solvable {
			verdict = a.paint.bad("unsolvable")
		}
		fmt.Fprintf(a.out, "%s: %s\n", path, verdict)
		fmt.Fprintf(a.out, "  %s\n", s.Explanation)
	}
	if !s.Solvable {
		return errFindings
	}
	return nil
}
