package main

import (
	"encoding/json"
	"errors"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/spf13/cobra"
)

func newSandboxCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "What a submission can see and do on this machine",
	}
	cmd.AddCommand(newSandboxProbeCmd(a))
	return cmd
}

type probeOptions struct {
	isolation   string
	layout      string
	scratch     string
	resultsJSON string
	conceal     []string
}

type probeJSON struct {
	Level  sandbox.Level   `json:"level"`
	Reason string          `json:"reason"`
	UID    int             `json:"uid"`
	Checks []sandbox.Check `json:"checks"`
}

func newSandboxProbeCmd(a *app) *cobra.Command {
	var opts probeOptions
	cmd := &cobra.Command{
		Use:   "probe [--config ASSIGNMENT.yaml] [SUBMISSION...]",
		Short: "Show what a submission can see and do here; exit 1 if a secret is reachable",
		Long: `Set up one run exactly as kpuzzle grade would (the same isolation, uid,
seccomp filter, hidden paths, limits and environment) and, from inside it,
under the program's identity, try what a hostile submission would: read,
list and run every hidden path (with --config: the assignment's puzzle set
and answer key, the assignment file, its feedback template and hide list,
the SUBMISSION folders given; always: kpuzzle itself, every kpuzzle on the
PATH and the pattern-database cache), connect to a listener on
127.0.0.1, leave a file in every world-writable folder of the machine,
create a user namespace, mount, trace, use BPF, keyrings, performance
counters and io_uring, and signal other processes.

Prints one line per check and exits 1 when any failed (a secret is
reachable, the network is open, something outlives the run), 0 when all
passed. --results-json writes the table as a Gradescope results.json: the
probe autograder (kpuzzle bundle gradescope --probe) runs this command
instead of grading, for any submission, so an instructor sees the same
table in Gradescope.`,
		Example: `  kpuzzle sandbox probe
  kpuzzle sandbox probe --isolation rlimits
  kpuzzle --config assignment.yaml sandbox probe submissions/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSandboxProbe(a, cmd, opts, args)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.isolation, "isolation", "", "sandbox isolation: auto, namespaces or rlimits (default: the assignment's run.isolation, else auto)")
	f.StringVar(&opts.layout, "layout", "auto", "how to read each SUBMISSION folder: auto, single or folders")
	f.StringVar(&opts.scratch, "scratch", "", "folder for the temporary working folder (default: the system's temporary folder)")
	f.StringArrayVar(&opts.conceal, "hide", nil, "a further path submissions must not see (repeatable)")
	f.StringVar(&opts.resultsJSON, "results-json", "", "also write the checks as a Gradescope results.json to this file")
	return cmd
}

func runSandboxProbe(a *app, cmd *cobra.Command, opts probeOptions, paths []string) error {
	var asg grader.Assignment
	if a.v.ConfigFileUsed() != "" {
		var err error
		if asg, err = loadAssignment(a, cmd, &gradeOptions{isolation: opts.isolation}); err != nil {
			return err
		}
	} else if len(paths) > 0 {
		return usageErrorf("SUBMISSION folders need the assignment: --config ASSIGNMENT.yaml")
	}
	iso := sandbox.Choice(asg.Run.Isolation)
	if opts.isolation != "" {
		var err error
		if iso, err = sandbox.ParseChoice(opts.isolation); err != nil {
			return usageErrorf("--isolation: %v", err)
		}
	}
	var subs []batch.Submission
	if len(paths) > 0 {
		layout, err := batch.ParseLayout(opts.layout)
		if err != nil {
			return usageErrorf("--layout: %v", err)
		}
		if subs, err = batch.FindSubmissions(paths, layout); err != nil {
			return inputError(err)
		}
	}
	// What kpuzzle grade would conceal: the assignment's paths and the
	// grader's own files (with or without an assignment), and the
	// command line's.
	conceal := batch.ConcealedPaths(asg, subs, batch.OperatorPaths(a.v.ConfigFileUsed(), "", opts.resultsJSON, absPaths(opts.conceal))...)
	in, err := batch.Inspect(cmd.Context(), batch.InspectOptions{Run: asg.Run, Tools: asg.Tools, Conceal: conceal, Isolation: iso, ScratchDir: opts.scratch})
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return err
		}
		return usageErrorf("%v", err)
	}
	if opts.resultsJSON != "" {
		data, err := json.MarshalIndent(report.GradescopeInspection(in), "", "  ")
		if err != nil {
			return err
		}
		if err := atomicfile.WriteBytes(opts.resultsJSON, 0o644, append(data, '\n')); err != nil {
			return inputError(err)
		}
	}
	if a.json {
		if err := writeJSON(a.out, probeJSON{Level: in.Isolation.Level, Reason: in.Isolation.Reason, UID: in.Isolation.UID, Checks: in.Checks}); err != nil {
			return err
		}
	} else if err := in.WriteText(a.out, a.paint.good, a.paint.bad); err != nil {
		return err
	}
	if len(in.Failed()) > 0 {
		return errFindings
	}
	return nil
}
