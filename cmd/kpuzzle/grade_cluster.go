package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/spf13/cobra"
)

type prepareJSON struct {
	Out    string `json:"out"`
	Tests  int    `json:"tests"`
	Proved int    `json:"proved"`
	// Unknown counts the optimal lengths that could not be proved within
	// optimal.timeout.
	Unknown int `json:"unknown"`
}

func newGradePrepareCmd(a *app) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "prepare --config ASSIGNMENT.yaml --out FOLDER",
		Short: "Prove the answer key once for the shards of a grading",
		Long: `Verify every optimal length the answer key gives (optimal.verify) and prove
every one it lacks (optimal.timeout), once, and write them to
FOLDER/prepared.json, which every shard then reads with
kpuzzle grade --shard i/n --prepared FOLDER/prepared.json: N shards do not
each spend the proof time, and they all agree on the key. Put FOLDER
where every node of the cluster can read it (docs/cluster.md).`,
		Example: `  kpuzzle grade prepare --config hw2/assignment.yaml --out /shared/hw2
  kpuzzle grade --config hw2/assignment.yaml --prepared /shared/hw2/prepared.json --shard 3/8 --out /shared/hw2/shard-3 submissions/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return usageErrorf("--out FOLDER is required")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			asg, err := loadAssignment(a, cmd, &gradeOptions{})
			if err != nil {
				return err
			}
			keyTests, tests, err := proveKey(ctx, a, asg)
			if err != nil {
				return err
			}
			path, err := batch.SavePrepared(out, batch.NewPrepared(asg, keyTests, tests))
			if err != nil {
				return inputError(err)
			}
			j := prepareJSON{Out: path, Tests: len(tests)}
			j.Proved, j.Unknown = batch.PreparedCounts(keyTests, tests)
			if a.json {
				return writeJSON(a.out, j)
			}
			fmt.Fprintf(a.out, "wrote %s: %d tests, %d optimal lengths proved now, %d unknown; give it to every shard with --prepared %s\n", path, j.Tests, j.Proved, j.Unknown, path)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "folder to write prepared.json in (required; shared by the shards)")
	return cmd
}

// proveKey loads the assignment's tests and proves their answer key once
// (batch.Prepare, with a progress bar): it returns the tests as the key
// gives them and as proved.
func proveKey(ctx context.Context, a *app, asg grader.Assignment) (keyTests, tests []grader.Test, err error) {
	if keyTests, err = loadTests(a, asg, ""); err != nil {
		return nil, nil, err
	}
	progress := newProgress(a, 0)
	tests, err = batch.Prepare(ctx, batch.Options{Assignment: asg, Tests: keyTests, Oracle: referenceOracle(), Events: progress.event})
	progress.finish()
	if err != nil {
		if errors.Is(err, check.ErrKeyContradiction) {
			return nil, nil, usageErrorf("%v", err)
		}
		return nil, nil, inputError(err)
	}
	return keyTests, tests, nil
}

type mergeJSON struct {
	Out         string           `json:"out"`
	Shards      []string         `json:"shards"`
	Submissions []submissionJSON `json:"submissions"`
	Class       *report.Class    `json:"class"`
}

func newGradeMergeCmd(a *app) *cobra.Command {
	var out, prepared, classList string
	var gradebooks []string
	cmd := &cobra.Command{
		Use:   "merge --config ASSIGNMENT.yaml --out FOLDER SHARD_FOLDER...",
		Short: "Join the output folders of a grading's shards into one",
		Long: `Check that the SHARD_FOLDERs are all n output folders of one grading split
with kpuzzle grade --shard i/n (the same assignment and puzzle set, the
same class, every shard once, each one finished) and write into FOLDER
exactly what one run over the whole class writes: every results.json, the
JUnit XML, the gradebook, the feedback, the replay pages and the summary
page, byte for byte (results.times is off by default). A folder that does
not belong is refused with one line naming it. Give --prepared when the
shards were graded with it.`,
		Example: `  kpuzzle grade merge --config hw2/assignment.yaml --prepared /shared/hw2/prepared.json --out hw2-results /shared/hw2/shard-*`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErrorf("--out FOLDER is required")
			}
			asg, err := loadAssignment(a, cmd, &gradeOptions{})
			if err != nil {
				return err
			}
			tests, err := loadTests(a, asg, prepared)
			if err != nil {
				return err
			}
			tmpl, err := report.LoadFeedbackTemplate(asg.Feedback.Template)
			if err != nil {
				return usageErrorf("feedback.template: %v", err)
			}
			class, err := readClassList(gradebooks, asg, classList)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(out, 0o700); err != nil {
				return inputError(err)
			}
			answers := ""
			if asg.Results.ReplaysOn() {
				answers = out
			}
			m, err := batch.Merge(args, asg, tests, answers)
			if err != nil {
				return usageErrorf("%v", err)
			}
			classRep, err := classReport(cmd.Context(), asg, m.Outcome, m.Roster, newReferenceOracles(asg.Feedback.OffPathNodes).counts)
			if err != nil {
				return err
			}
			gb, err := report.WriteGrading(out, asg, m.Outcome, m.Roster, report.FolderOptions{Feedback: tmpl, Class: classRep})
			if err != nil {
				return inputError(err)
			}
			if err := writeLMSGradebooks(a, gb, out, asg, gradebooks, class); err != nil {
				return err
			}
			if a.json {
				j := mergeJSON{Out: out, Shards: m.Shards, Submissions: gradeSummaryJSON(gb, out, m.Outcome, classRep).Submissions, Class: classRep}
				return writeJSON(a.out, j)
			}
			fmt.Fprintf(a.out, "merged %d shards, %d submissions, into %s; summary page %s\n", len(m.Shards), len(gb.Submissions), out, filepath.Join(out, report.SummaryFile))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "folder to write the merged results in (required)")
	cmd.Flags().StringVar(&prepared, "prepared", "", "the prepared.json the shards were graded with")
	registerGradebookFlags(cmd.Flags(), &gradebooks, &classList)
	return cmd
}
