package main

import (
	"bytes"
	"fmt"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/spf13/cobra"
)

type pageOptions struct {
	puzzle  puzzleFlags
	out     string
	title   string
	set     string
	setName string
	budget  time.Duration
}

func newPageCmd(a *app) *cobra.Command {
	var opts pageOptions
	cmd := &cobra.Command{
		Use:   "page --out checker.html",
		Short: "Write the browser checker: one HTML file that checks answers offline",
		Long: `Write one self-contained HTML file in which a student pastes or drops a
puzzle and an answer and gets kpuzzle check's verdict and explanation, then
the animated replay with the first illegal move marked. The checker is
kpuzzle's own, compiled to WebAssembly: the page works offline, from disk
(file://) and sends nothing anywhere.

Optimal lengths come from the answer key of --set (its public puzzles are
built into the page; hidden ones are left out), the exact table for boards
of up to 9 cells, or a search (IDA*, pattern database 5-5-5 on 4x4) that
the page stops after --budget or when the student presses Cancel, giving
the verdict valid (optimality not verified) rather than a guess.

A link to the page can carry a check: checker.html#p=1,2,3,4,5,6,0,7,8&a=LL
opens on its verdict (keys p, a, moves, goal, shape; see docs/students.md).

Exit code 0 when the page was written, 2 when a flag, the set or the goal
file is wrong or the page cannot be written. --out - writes the page to
standard output.`,
		Example: `  kpuzzle page --out checker.html
  kpuzzle page --set public-tests --moves blank --title "CS3243 checker" --out checker.html`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPage(a, opts)
		},
	}
	opts.puzzle.register(cmd.Flags())
	f := cmd.Flags()
	f.StringVarP(&opts.out, "out", "o", "", "the HTML file to write (required; - for standard output)")
	f.StringVar(&opts.title, "title", "", `the page's title (default "kpuzzle checker")`)
	f.StringVar(&opts.set, "set", "", "a puzzle set's folder (with manifest.json): its public puzzles and answer key go into the page")
	f.StringVar(&opts.setName, "set-name", "", "the set's name on the page (default: the --set folder)")
	f.DurationVar(&opts.budget, "budget", 30*time.Second, "how long the page's search may try to prove an optimal length")
	return cmd
}

func runPage(a *app, opts pageOptions) error {
	switch {
	case opts.out == "":
		return usageErrorf("--out is required: the HTML file to write (or - for standard output)")
	case opts.out == "-" && a.json:
		return usageErrorf("--json prints a summary on standard output, so --out cannot be - with it")
	case opts.budget <= 0:
		return usageErrorf("--budget must be positive")
	}
	if _, err := opts.puzzle.convention(); err != nil {
		return err
	}
	var buf bytes.Buffer
	w, err := checkpage.WriteCourse(&buf, checkpage.Course{
		Title: opts.title, Convention: opts.puzzle.moves, Goal: opts.puzzle.goal,
		SetDir: opts.set, SetName: opts.setName, Budget: opts.budget,
	})
	if err != nil {
		return inputError(err)
	}
	if err := writeReplayFile(a.out, opts.out, buf.Bytes()); err != nil {
		return err
	}
	if opts.out == "-" {
		return nil
	}
	if a.json {
		return writeJSON(a.out, pageJSON{Out: opts.out, Bytes: w.Bytes, Puzzles: w.Puzzles, Keyed: w.Keyed, Hidden: w.Hidden, Goal: w.Goal})
	}
	fmt.Fprintf(a.out, "wrote %s (%s); open it in a browser, or put it where students find it\n", opts.out, replaySize(int(w.Bytes)))
	if opts.set != "" {
		fmt.Fprintf(a.out, "%d puzzles of %s built in, %d with their optimal length; %d hidden left out; goal %s\n", w.Puzzles, opts.set, w.Keyed, w.Hidden, w.Goal)
	}
	return nil
}

// pageJSON is the --json output of kpuzzle page.
type pageJSON struct {
	Out     string `json:"out"`
	Bytes   int64  `json:"bytes"`
	Puzzles int    `json:"puzzles"`
	Keyed   int    `json:"keyed"`
	Hidden  int    `json:"hidden"`
	Goal    string `json:"goal"`
}
