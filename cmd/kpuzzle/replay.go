package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/spf13/cobra"
)

type replayOptions struct {
	puzzle         puzzleFlags
	out            string
	title          string
	optimal        int
	timeout        time.Duration
	answerNotation string
	maxMoves       int
}

func newReplayCmd(a *app) *cobra.Command {
	var opts replayOptions
	cmd := &cobra.Command{
		Use:   "replay PUZZLE ANSWER --out page.html",
		Short: "Write a self-contained HTML page that animates an answer",
		Long: `Write one HTML file that plays ANSWER on PUZZLE: play/pause, step forward
and back, a slider, the move list with the current move highlighted, the
first illegal move marked with its reason, and the verdict with the optimal
length. For a suboptimal or incomplete answer the page marks the first move
off every optimal path and shows the moves that would have stayed optimal;
it opens there, or at the illegal move. The page loads nothing from the
network; open it in any browser, mail it or upload it.

The verdict is kpuzzle check's. The optimal length comes from --optimal,
else from the answer key (a manifest.json listing PUZZLE, or the published
length of a shipped set), else from the reference solver within --timeout;
when none proves it, a solved answer is called valid (optimality not
verified).

ANSWER may be in any notation kpuzzle check reads (--answer-format;
detected by default).

An answer file that cannot be read (a bad token, binary data) still gets a
page: it shows the start board and the error with its line, and the verdict
is malformed.

The page holds at most --max-moves moves (default 10000), so that it stays
small: the page of a longer answer plays its first moves, says that the
rest was cut and how long the answer is, and shows the verdict and the
last board of the whole answer. --max-moves 0 puts every move in the page.

Exit code 0 when the page was written, whatever the verdict; 2 when PUZZLE
or ANSWER cannot be opened, a flag is wrong, or the page cannot be written.
PUZZLE is a file, - for standard input, or set:NAME/ID; ANSWER is a file or
- for standard input; --out - writes the page to standard output.`,
		Example: `  kpuzzle replay puzzle.txt answer.txt --out replay.html
  kpuzzle replay --moves blank set:8puzzle-hardest/1 answer.txt --out replay.html
  kpuzzle replay --optimal 22 puzzle.txt answer.txt --out - > replay.html`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReplay(cmd.Context(), a, opts, args[0], args[1], referenceOracle())
		},
	}
	opts.puzzle.register(cmd.Flags())
	opts.puzzle.registerReading(cmd.Flags())
	f := cmd.Flags()
	f.StringVarP(&opts.out, "out", "o", "", "the HTML file to write (required; - for standard output)")
	f.StringVar(&opts.title, "title", "", `the page's title (default "ANSWER on PUZZLE")`)
	f.IntVar(&opts.optimal, "optimal", -1, "the optimal solution length, when you know it (default: from the answer key or the reference solver)")
	f.DurationVar(&opts.timeout, "timeout", 10*time.Second, "time the reference solver may take to prove the optimal length (0: no limit)")
	registerAnswerNotation(f, &opts.answerNotation, "auto")
	f.IntVar(&opts.maxMoves, "max-moves", replay.DefaultMaxMoves, "the most moves the page holds; a longer answer's page says the rest was cut (0: every move)")
	return cmd
}

// replayJSON is the --json output of kpuzzle replay.
type replayJSON struct {
	Out           string `json:"out"`
	Bytes         int    `json:"bytes"`
	Verdict       string `json:"verdict"`
	Summary       string `json:"summary"`
	Length        int    `json:"length"`
	OptimalLength *int   `json:"optimal_length"`
	// Played is how many moves the page plays: all of them, or those
	// before the first illegal move, at most --max-moves.
	Played int `json:"played"`
	// Cut is set when the page holds only the answer's first --max-moves
	// moves.
	Cut bool `json:"cut,omitempty"`
	// Notation is the notation the answer was read in (for an
	// unreadable answer, the one whose error the page shows).
	Notation notation.Notation `json:"answer_format"`
}

// runReplay writes the replay page. oracle proves optimal lengths that
// neither --optimal nor an answer key gives; nil means no solver, so a
// solved answer without a known optimum is valid.
func runReplay(ctx context.Context, a *app, opts replayOptions, puzzlePath, answerPath string, oracle check.Oracle) error {
	if ctx == nil {
		ctx = context.Background()
	}
	switch {
	case opts.out == "":
		return usageErrorf("--out is required: the HTML file to write (or - for standard output)")
	case opts.out == "-" && a.json:
		return usageErrorf("--json prints a summary on standard output, so --out cannot be - with it")
	case puzzlePath == "-" && answerPath == "-":
		return usageErrorf("PUZZLE and ANSWER cannot both be standard input")
	case opts.timeout < 0:
		return usageErrorf("--timeout must not be negative")
	case opts.optimal < -1:
		return usageErrorf("--optimal must not be negative")
	case opts.maxMoves < 0:
		return usageErrorf("--max-moves must not be negative (0: every move)")
	}
	format, err := answerNotation(opts.answerNotation)
	if err != nil {
		return err
	}
	p, warnings, err := a.readProblem(puzzlePath, &opts.puzzle, opts.optimal)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: %s\n", w)
	}

	ans, n, answerErr, err := readReplayAnswer(a, answerPath, notation.Options{Notation: format, Start: p.Board, Convention: p.Convention})
	if err != nil {
		return err
	}
	title := opts.title
	if title == "" {
		title = fmt.Sprintf("%s on %s", displayName(answerPath), displayName(puzzlePath))
	}
	page := replay.Page{Title: title, Start: p.Board, Goal: p.Goal, Convention: p.Convention, Answer: ans, AnswerError: answerErr, MaxMoves: opts.maxMoves}
	if opts.maxMoves == 0 {
		page.MaxMoves = -1 // every move
	}
	if answerErr == nil {
		rep, err := check.Parsed(ctx, p, ans, check.Options{Oracle: oracle, OracleTimeout: opts.timeout, Notation: n,
			OffPath: check.OffPathOptions{Timeout: opts.timeout}})
		if err != nil {
			if errors.Is(err, check.ErrKeyContradiction) {
				return usageErrorf("%s: %v", puzzlePath, err)
			}
			return inputError(err)
		}
		page.Verdict = string(rep.Verdict)
		page.Summary = rep.Summary()
		page.OptimalLength = rep.OptimalLength
		page.OptimalSource = rep.OptimalSource
		page.OffPath, page.Remaining = rep.OffPath, rep.Remaining
		page.Note = rep.Note
		if rep.Verdict == check.Valid {
			page.Note = "" // the summary says it
		}
	}

	var buf bytes.Buffer
	if err := replay.Write(&buf, page); err != nil {
		return inputError(err)
	}
	if err := writeReplayFile(a.out, opts.out, buf.Bytes()); err != nil {
		return err
	}
	if opts.out == "-" {
		return nil
	}
	return a.reportReplay(opts.out, buf.Len(), page, n)
}

// readReplayAnswer reads the answer in the notation opts names (or the
// one it detects) and says which. A file that opens but does not parse is
// not an error here: it comes back as answerErr, for the page to show.
func readReplayAnswer(a *app, path string, opts notation.Options) (ans puzzles.Answer, n notation.Notation, answerErr, err error) {
	var r io.Reader = a.in
	name := "<stdin>"
	if path != "-" {
		f, err := puzzles.OpenFile(path)
		if err != nil {
			return puzzles.Answer{}, opts.Notation, nil, inputError(err)
		}
		defer f.Close()
		r, name = f, path
	}
	ans, n, perr := notation.Read(r, name, opts)
	if perr == nil {
		return ans, n, nil, nil
	}
	var pe *puzzles.ParseError
	if errors.As(perr, &pe) && (pe.Line > 0 || errors.Is(pe.Err, puzzles.ErrTooLarge) || errors.Is(pe.Err, puzzles.ErrBinary)) {
		return puzzles.Answer{}, n, perr, nil
	}
	// A failed read of the file, not a problem in it.
	return puzzles.Answer{}, n, nil, inputError(perr)
}

// writeReplayFile writes the page to path ("-": to out) through a
// temporary file in the same folder, so that a failed write never leaves
// half a page.
func writeReplayFile(out io.Writer, path string, page []byte) error {
	if path == "-" {
		_, err := out.Write(page)
		return err
	}
	if err := atomicfile.WriteBytes(path, 0o644, page); err != nil {
		return inputError(fmt.Errorf("--out %s: %w", path, unwrapPathError(err)))
	}
	return nil
}

// unwrapPathError drops the temporary file's name from an error.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// displayName is how a PUZZLE or ANSWER argument is named on the page.
func displayName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

func (a *app) reportReplay(out string, size int, page replay.Page, n notation.Notation) error {
	verdict, summary, played := replayOutcome(page)
	cut := page.AnswerError == nil && !page.Answer.Unsolvable && page.MaxMoves > 0 && page.Answer.Len() > page.MaxMoves
	if cut {
		played = min(played, page.MaxMoves)
	}
	if a.json {
		return writeJSON(a.out, replayJSON{
			Out: out, Bytes: size, Verdict: verdict, Summary: summary,
			Length: page.Answer.Written(), OptimalLength: page.OptimalLength, Played: played, Cut: cut,
			Notation: n,
		})
	}
	word := a.paint.verdict(check.Verdict(verdict), verdict)
	fmt.Fprintf(a.out, "wrote %s (%s); open it in a browser\n", out, replaySize(size))
	fmt.Fprintf(a.out, "%s: %s\n", word, summary)
	if cut {
		fmt.Fprintf(a.out, "the page holds the first %d of the answer's %d moves (--max-moves 0 for every move)\n", page.MaxMoves, page.Answer.Len())
	}
	return nil
}

// replayOutcome is the verdict and summary the page shows, and how many
// moves it plays.
func replayOutcome(page replay.Page) (verdict, summary string, played int) {
	if page.AnswerError != nil {
		return string(check.Malformed), page.AnswerError.Error(), 0
	}
	played = page.Answer.Len()
	if _, err := puzzles.Replay(page.Start, page.Answer, page.Convention); err != nil {
		var ime *puzzles.IllegalMoveError
		if errors.As(err, &ime) {
			played = ime.Index
		}
	}
	if page.Answer.Unsolvable {
		played = 0
	}
	return page.Verdict, page.Summary, played
}

// replaySize writes a page size in bytes, KB or MB.
func replaySize(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
