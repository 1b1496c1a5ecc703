package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type checkOptions struct {
	puzzle         puzzleFlags
	timeout        time.Duration
	answerNotation string
}

// registerAnswerNotation adds --answer-format, the answer notation, to the
// commands that read answers (check, grade, replay, apply).
func registerAnswerNotation(fs *pflag.FlagSet, p *string, def string) {
	fs.StringVar(p, "answer-format", def, "answer notation: auto (detect it and say which), lines (one move per line), letters (RRDLU), words (up, left), list (['Up', 'Left']), tiles (tile numbers moved) or boards (the sequence of boards); see docs/formats.md")
}

// answerNotation resolves --answer-format.
func answerNotation(name string) (notation.Notation, error) {
	n, err := notation.ParseName(name)
	if err != nil {
		return 0, usageErrorf("--answer-format: %v", err)
	}
	return n, nil
}

// answerReadAs says how an answer was read, for the human output: "answer
// read as tiles: tile numbers"; empty when the notation is not known.
func answerReadAs(n notation.Notation) string {
	if n == notation.Auto {
		return ""
	}
	return fmt.Sprintf("answer read as %s: %s", n, n.Description())
}

func newCheckCmd(a *app) *cobra.Command {
	var opts checkOptions
	cmd := &cobra.Command{
		Use:   "check PUZZLE ANSWER",
		Short: "Check an answer file: legal, solved, optimal?",
		Long: `Check ANSWER, a file of moves (one per line; or the single word
UNSOLVABLE), against PUZZLE and give one verdict:

  optimal             every move is legal, the goal is reached, no shorter solution exists
  suboptimal          legal and solved, but longer than the optimal length (both shown)
  valid               legal and solved; optimality not verified in the time allowed
  illegal             a move takes the blank off the board (line, move, board shown)
  incomplete          every move is legal but the goal is not reached (final board shown)
  unsolvable-correct  the answer says UNSOLVABLE and the puzzle has no solution
  unsolvable-wrong    the answer says UNSOLVABLE but the puzzle is solvable
  malformed           the answer cannot be read (line and reason)

ANSWER may also be written in the other notations solvers print (see
--answer-format and docs/formats.md): letters on a line (RRDLU, R R D),
words (up, left), a JSON or Python list (['Up', 'Left']), the numbers of
the tiles moved (5 3 8), or the sequence of boards from the start to the
goal (Princeton's Solver). By default the notation is detected and named
in the output (answer_format in --json); an answer two notations read
differently is an error that shows both readings. Tile numbers and boards
name the tile that slides, so --moves does not change their meaning.

The optimal length comes, in order, from the answer key (a manifest.json
that lists PUZZLE in its folder or a few folders above, or the published
length of a shipped set), the exact distance table (boards of up to 9
cells), or the reference solver, given --timeout; when it cannot prove the
optimal length in time the verdict is valid, never a guess.

For a legal answer longer than the optimum, or one that stops short of
the goal, check names the first move after which the goal can no longer
be reached in the optimal number of moves: its number and line, the
board before it, how far the goal was, and every move that would have
stayed on an optimal path (off_path in --json; for an answer that stops
short, remaining is how many moves were still needed). The distances
come from the same routes as the optimal length, within --timeout; what
cannot be proved in time is said, not guessed (off_path_unknown).

Exit code 0 for optimal, unsolvable-correct and valid (with a warning), 1
for every other verdict, 2 when PUZZLE (or its answer key) cannot be read.
PUZZLE is a file, - for standard input, or set:NAME/ID; ANSWER is a file or
- for standard input.`,
		Example: `  kpuzzle check input_1.txt output_1.txt
  kpuzzle check --moves blank --json puzzle.txt answer.txt
  kpuzzle check --timeout 1m set:korf100/1 answer.txt
  kpuzzle check --answer-format tiles puzzle.txt tiles.txt`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), a, opts, args[0], args[1], referenceOracle())
		},
	}
	opts.puzzle.register(cmd.Flags())
	opts.puzzle.registerReading(cmd.Flags())
	cmd.Flags().DurationVar(&opts.timeout, "timeout", 10*time.Second, "time the reference solver may take to prove the optimal length")
	registerAnswerNotation(cmd.Flags(), &opts.answerNotation, "auto")
	return cmd
}

// referenceOracle proves optimal lengths with the reference solver's
// fastest route: an exact table for small boards, else IDA* with the
// strongest heuristic available — a shipped pattern database when one is
// already in the user's cache (kpuzzle pdb build), else linear conflict.
// One prover serves every call, so tables and databases load once.
func referenceOracle() check.Oracle { return newReferenceOracles(0).optimum }

// referenceOracles are the reference solver's oracles over one prover
// (tables and databases load once): optimum proves a puzzle's optimal
// length with every core (the grader proves one key at a time, before any
// submission runs); distances proves the distances of the search for the
// first move off every optimal path on one core (tests run side by side
// then) within a budget of nodes expansions each, and counts those the
// class report's path counts need within countNodes each: budgets of
// work, not time, so that what they prove does not depend on the
// machine's load.
type referenceOracles struct {
	optimum, distances, counts check.Oracle
}

// countNodes is the work each distance of the class report's path counts
// may take: the boards near a shallow puzzle's optimal paths take far
// fewer; a deep puzzle's are not counted.
const countNodes = 20_000

func newReferenceOracles(nodes int64) referenceOracles {
	prover := &reference.Prover{Heuristics: solveHeuristics(""), Threads: runtime.GOMAXPROCS(0)}
	if nodes <= 0 {
		nodes = grader.DefaultOffPathNodes
	}
	return referenceOracles{
		optimum: check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
			p, err := prover.Prove(ctx, b, g)
			return p.Length, p.Method, err
		}),
		distances: budgetedOracle(prover, nodes, "feedback.off_path_nodes"),
		counts:    budgetedOracle(prover, countNodes, "the class report's counts"),
	}
}

// budgetedOracle proves distances with prover on one core, within nodes
// IDA* expansions each (an exact table needs none); what is out of the
// budget is an error wrapping check.ErrOutOfBudget that names it.
func budgetedOracle(prover *reference.Prover, nodes int64, budget string) check.Oracle {
	return check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
		proof, err := prover.ProveWithin(ctx, b, g, search.Limits{MaxNodes: nodes})
		if errors.Is(err, search.ErrNodeLimit) {
			return 0, proof.Method, fmt.Errorf("%w (%s expansions, %s)", check.ErrOutOfBudget, textstyle.Digits(nodes), budget)
		}
		return proof.Length, proof.Method, err
	})
}

func runCheck(ctx context.Context, a *app, opts checkOptions, puzzlePath, answerPath string, oracle check.Oracle) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if puzzlePath == "-" && answerPath == "-" {
		return usageErrorf("PUZZLE and ANSWER cannot both be standard input")
	}
	if opts.timeout < 0 {
		return usageErrorf("--timeout must not be negative")
	}
	format, err := answerNotation(opts.answerNotation)
	if err != nil {
		return err
	}
	p, warnings, err := a.readProblem(puzzlePath, &opts.puzzle, -1)
	if err != nil {
		return err
	}
	b, g := p.Board, p.Goal

	var answer io.Reader = a.in
	name := "<stdin>"
	if answerPath != "-" {
		f, err := puzzles.OpenFile(answerPath)
		if err != nil {
			return inputError(err)
		}
		defer f.Close()
		answer, name = f, answerPath
	}
	rep, err := check.Answer(ctx, p, answer, name, check.Options{Oracle: oracle, OracleTimeout: opts.timeout, Notation: format,
		OffPath: check.OffPathOptions{Timeout: opts.timeout}})
	if err != nil {
		if errors.Is(err, check.ErrKeyContradiction) {
			return usageErrorf("%s: %v", puzzlePath, err)
		}
		return inputError(fmt.Errorf("%s: %w", name, err))
	}
	if rep.Verdict == check.Valid {
		warnings = append(warnings, "optimality not verified: "+strings.TrimPrefix(rep.Note, "optimality not verified: ")+"; try a longer --timeout")
	}
	if rep.OffPathUnknown != "" && rep.Verdict != check.Valid {
		warnings = append(warnings, "first move off every optimal path not found: "+rep.OffPathUnknown+"; try a longer --timeout")
	}
	for _, w := range warnings {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: %s\n", w)
	}
	if a.json {
		if err := writeJSON(a.out, checkJSON{Puzzle: puzzlePath, Answer: answerPath, Shape: b.Shape().String(), Goal: g.Name(), Report: rep}); err != nil {
			return err
		}
	} else {
		writeCheckHuman(a, puzzlePath, b, g, rep)
	}
	if !rep.Verdict.Accepted() {
		return errFindings
	}
	return nil
}

type checkJSON struct {
	Puzzle string `json:"puzzle"`
	Answer string `json:"answer"`
	Shape  string `json:"shape"`
	Goal   string `json:"goal"`
	check.Report
}

func writeCheckHuman(a *app, puzzlePath string, b puzzles.Board, g puzzles.Goal, rep check.Report) {
	about := fmt.Sprintf("%s, %s goal, moves name where the %s goes", b.Shape(), g.Name(), rep.Convention)
	if rep.Notation.NeedsStart() {
		// Tile numbers and boards name the tile: no convention applies.
		about = fmt.Sprintf("%s, %s goal", b.Shape(), g.Name())
	}
	if s := answerReadAs(rep.Notation); s != "" {
		about += ", " + s
	}
	if rep.AnswerBlock != "" {
		about += ", found at " + rep.AnswerBlock + " among other text"
	}
	fmt.Fprintf(a.out, "%s %s\n", puzzlePath, a.paint.dim("("+about+")"))
	fmt.Fprintf(a.out, "%s: %s\n", a.paint.verdict(rep.Verdict, string(rep.Verdict)), rep.Summary())
	for _, line := range rep.Details() {
		fmt.Fprintf(a.out, "  %s\n", line)
	}
}

// readProblem reads the puzzle at path with the move convention and goal of
// pf, and its optimal length where one is known without solving: optimal
// when it is not negative (a flag), else the published length of a
// shipped set's instance (set:NAME/ID) or the answer key of the puzzle set
// the file belongs to (grader.FindKey). A key found but not usable
// (another goal, say) comes back as a warning.
func (a *app) readProblem(path string, pf *puzzleFlags, optimal int) (check.Problem, []string, error) {
	conv, err := pf.convention()
	if err != nil {
		return check.Problem{}, nil, err
	}
	b, g, err := a.readPuzzle(path, pf)
	if err != nil {
		return check.Problem{}, nil, err
	}
	p := check.Problem{Board: b, Goal: g, Convention: conv}
	var warnings []string
	switch {
	case optimal >= 0:
		p.Optimum = check.KnownOptimum(optimal, "--optimal")
	case path == "-":
	case strings.HasPrefix(path, puzzles.SetRefPrefix):
		p.Optimum = publishedOptimum(path, b, g)
	default:
		key, err := grader.FindKey(path, b, g)
		if err != nil {
			return check.Problem{}, nil, inputError(err)
		}
		if key.Ignored != "" {
			warnings = append(warnings, key.Ignored)
		}
		if key.Found && key.Ignored == "" {
			p.Optimum = key.Optimum
		}
	}
	return p, warnings, nil
}

// publishedOptimum is the published optimal length of a shipped set's
// instance, when the set gives one and the goal is the set's.
func publishedOptimum(ref string, b puzzles.Board, g puzzles.Goal) check.Optimum {
	set, _, err := puzzles.LookupInstance(strings.TrimPrefix(ref, puzzles.SetRefPrefix))
	if err != nil {
		return check.Optimum{}
	}
	for _, inst := range set.Instances {
		if inst.Board.Equal(b) && inst.Optimal >= 0 && set.Goal(inst).Board().Equal(g.Board()) {
			return check.KnownOptimum(inst.Optimal, "published length of set "+set.Name)
		}
	}
	return check.Optimum{}
}
