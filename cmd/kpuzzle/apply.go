package main

import (
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/spf13/cobra"
)

type applyOptions struct {
	puzzle         puzzleFlags
	quiet          bool
	answerNotation string
}

func newApplyCmd(a *app) *cobra.Command {
	var opts applyOptions
	cmd := &cobra.Command{
		Use:   "apply PUZZLE ANSWER",
		Short: "Replay an answer move by move",
		Long: `Replay the moves of ANSWER on PUZZLE, printing the board after each move,
and stop at the first illegal move with the reason.

ANSWER may be in any notation kpuzzle check reads (--answer-format;
detected by default and named when it is not one move per line).

Exit code 0 when every move is legal (whether or not the goal is reached; use
kpuzzle check for a verdict), 1 at an illegal move or an UNSOLVABLE claim,
2 when a file cannot be read.`,
		Example: `  kpuzzle apply puzzle.txt answer.txt
  kpuzzle apply --moves blank --quiet puzzle.txt answer.txt`,
		Args: cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			return runApply(a, opts, args[0], args[1])
		},
	}
	opts.puzzle.register(cmd.Flags())
	opts.puzzle.registerReading(cmd.Flags())
	cmd.Flags().BoolVarP(&opts.quiet, "quiet", "q", false, "print only the final board")
	registerAnswerNotation(cmd.Flags(), &opts.answerNotation, "auto")
	return cmd
}

type illegalJSON struct {
	Index  int    `json:"index"`
	Line   int    `json:"line"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
	Board  []int  `json:"board"`
}

type applyJSON struct {
	// Notation is the notation the answer was read in.
	Notation   notation.Notation `json:"answer_format"`
	Moves      int               `json:"moves"`
	Applied    int               `json:"applied"`
	Final      []int             `json:"final"`
	Solved     bool              `json:"solved"`
	Unsolvable bool              `json:"unsolvable_claim"`
	Illegal    *illegalJSON      `json:"illegal"`
}

func runApply(a *app, opts applyOptions, puzzlePath, answerPath string) error {
	b, g, err := a.readPuzzle(puzzlePath, &opts.puzzle)
	if err != nil {
		return err
	}
	conv, err := opts.puzzle.convention()
	if err != nil {
		return err
	}
	format, err := answerNotation(opts.answerNotation)
	if err != nil {
		return err
	}
	f, err := puzzles.OpenFile(answerPath)
	if err != nil {
		return inputError(err)
	}
	defer f.Close()
	ans, n, err := notation.Read(f, answerPath, notation.Options{Notation: format, Start: b, Convention: conv})
	if err != nil {
		return inputError(err)
	}
	if !a.json && n != notation.Lines {
		fmt.Fprintf(a.out, "%s %s\n", answerPath, a.paint.dim("("+answerReadAs(n)+")"))
	}
	if ans.Unsolvable {
		if a.json {
			if err := writeJSON(a.out, applyJSON{Notation: n, Final: b.Cells(), Unsolvable: true}); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(a.out, "%s claims the puzzle is UNSOLVABLE; nothing to replay (kpuzzle check judges the claim)\n", answerPath)
		}
		return errFindings
	}

	final, replayErr := puzzles.Replay(b, ans, conv)
	var illegal *puzzles.IllegalMoveError
	if replayErr != nil && !errors.As(replayErr, &illegal) {
		return replayErr
	}
	applied := ans.Len()
	if illegal != nil {
		applied = illegal.Index
	}
	if a.json {
		out := applyJSON{Notation: n, Moves: ans.Written(), Applied: applied, Final: final.Cells(), Solved: illegal == nil && g.Reached(final)}
		if illegal != nil {
			out.Illegal = &illegalJSON{Index: illegal.Index, Line: illegal.Line, Token: illegal.Token, Reason: illegal.Reason, Board: illegal.Board.Cells()}
		}
		if err := writeJSON(a.out, out); err != nil {
			return err
		}
	} else {
		a.printReplay(b, ans, conv, applied, opts.quiet)
		switch {
		case illegal != nil:
			fmt.Fprintf(a.out, "%s %s\n", a.paint.bad("illegal:"), illegal.Error())
		case g.Reached(final):
			fmt.Fprintf(a.out, "%s after %d moves\n", a.paint.good("goal reached"), applied)
		default:
			fmt.Fprintf(a.out, "%s after %d moves: the goal is not reached\n", a.paint.warn("stopped"), applied)
		}
	}
	if illegal != nil {
		return errFindings
	}
	return nil
}

// printReplay prints the start board and the board after each of the
// first n moves (only the last one when quiet).
func (a *app) printReplay(start puzzles.Board, ans puzzles.Answer, conv puzzles.Convention, n int, quiet bool) {
	path := ans.Path(conv)
	cur := start
	if !quiet {
		fmt.Fprintln(a.out, "start")
		printGrid(a, cur)
	}
	for i := range n {
		cur, _ = cur.Move(path[i])
		if !quiet || i == n-1 {
			fmt.Fprintf(a.out, "move %d (line %d): %s\n", i+1, ans.Lines[i], ans.Tokens[i])
			printGrid(a, cur)
		}
	}
	if quiet && n == 0 {
		printGrid(a, cur)
	}
}

func printGrid(a *app, b puzzles.Board) {
	for _, row := range b.Grid() {
		fmt.Fprintf(a.out, "  %s\n", row)
	}
}
