package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/spf13/cobra"
)

type demoOptions struct {
	dir  string
	jobs int
}

func newDemoCmd(a *app) *cobra.Command {
	var opts demoOptions
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Grade example submissions on a generated assignment: the whole job in one command",
		Long: `Run kpuzzle's main job end to end on built-in examples, exactly as an
instructor would with two commands:

  1. kpuzzle init DIR      an assignment: 3x3 and 4x4 tests with proven
                           optimal lengths, starter code, a handout
  2. kpuzzle grade         five example student submissions, graded into
                           DIR/results (terminal summary, Gradescope
                           results.json, JUnit XML, CSV gradebook, feedback)

The example submissions are Python programs like real ones: a correct A*
solver (python-astar), a greedy one that finds long solutions
(python-greedy), one that makes an illegal move (python-illegal), one that
never stops (python-loop) and Python 2 code that crashes under Python 3
(python-crash). They run in the sandbox with a 2-second limit per test, so
the demo takes under a minute (18 of its 70 runs are stopped at that
limit, and a time-out whose program waited for a CPU while another test
ran beside it is run again). It needs python3 on the PATH.

Exit code 0 when the grading ran (whatever the students scored), 2 when it
could not.`,
		Example: `  kpuzzle demo
  kpuzzle demo --dir my-demo     # keep everything in my-demo`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error { return runDemo(a, opts) },
	}
	cmd.Flags().StringVar(&opts.dir, "dir", "", "folder for the assignment and the results (default: a new temporary folder)")
	cmd.Flags().IntVar(&opts.jobs, "jobs", 2, "tests run at once")
	return cmd
}

func runDemo(a *app, opts demoOptions) error {
	if _, err := exec.LookPath("python3"); err != nil {
		return usageErrorf("kpuzzle demo grades example submissions written in Python, and python3 is not on the PATH")
	}
	dir := opts.dir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "kpuzzle-demo-"); err != nil {
			return err
		}
	} else if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return usageErrorf("--dir %s is not empty; give a new folder", dir)
	}
	// step runs one kpuzzle command as the user would type it, showing
	// the command line first, and returns its exit code.
	step := func(w io.Writer, args ...string) int {
		if !a.json {
			fmt.Fprintf(a.out, "\n%s %s %s\n\n", a.paint.bold("==>"), invocation, shellJoin(args))
		}
		if a.noColor {
			args = append([]string{"--no-color"}, args...)
		}
		return run(args, a.in, w, a.errOut)
	}
	// In JSON mode the grade's JSON is the demo's output; init's report
	// is not shown.
	initOut := a.out
	if a.json {
		initOut = io.Discard
	}
	if code := step(initOut, "init", dir, "--shape", "3x3,4x4", "--depth", "6-20",
		"--public", "3", "--hidden", "2", "--unsolvable", "1", "--wall-time", "2s", "--seed", "1"); code != exitOK {
		return &exitError{code: exitUsage, err: fmt.Errorf("demo: kpuzzle init failed (exit %d)", code)}
	}
	subs := filepath.Join(dir, "submissions")
	names, err := scaffold.WriteDemoSubmissions(subs)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if !a.json {
		fmt.Fprintf(a.out, "\nwrote %d example submissions into %s\n", len(names), subs)
	}
	gradeArgs := []string{"--config", filepath.Join(dir, "assignment.yaml"), "grade",
		"--out", filepath.Join(dir, "results"), "--jobs", fmt.Sprint(opts.jobs), subs}
	if a.json {
		gradeArgs = append([]string{"--json"}, gradeArgs...)
	}
	// A finished grading run in which students fail exits 1: for the demo
	// that is the expected outcome, not a failure.
	if code := step(a.out, gradeArgs...); code == exitUsage {
		return &exitError{code: exitUsage, err: fmt.Errorf("demo: kpuzzle grade could not run")}
	}
	if !a.json {
		fmt.Fprintf(a.out, "\nEverything is in %s:\n", dir)
		for _, line := range []string{
			"assignment.yaml        the assignment (commented); " + invocation + " grade --help lists every key",
			"handout.md             what students are told",
			"submissions/           the five example submissions",
			"results/summary.html   the instructor's summary: scores, pass rates, times",
			"results/replays/       an animated replay page per student and test",
			"results/gradebook.csv  one row per student",
			"results/feedback/      one Markdown feedback file per student",
			"results/results/       Gradescope results.json per student",
			"results/junit.xml      for CI dashboards",
		} {
			fmt.Fprintf(a.out, "  %s\n", line)
		}
		fmt.Fprintf(a.out, "\nStart with %s: what a student whose program makes an illegal move reads.\n",
			filepath.Join(dir, "results", "feedback", "python-illegal.md"))
	}
	return nil
}

// shellJoin writes args as a command line a reader can paste.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, s := range args {
		if s == "" || strings.ContainsAny(s, " \t'\"$`\\") {
			s = "'" + s + "'"
		}
		quoted[i] = s
	}
	return strings.Join(quoted, " ")
}
