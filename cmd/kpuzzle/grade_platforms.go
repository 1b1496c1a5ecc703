package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/plexport"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// prairieLearnRelease is a PrairieLearn manual-grading download that
// grade stages as a folder of submissions and scores for upload.
type prairieLearnRelease struct {
	export plexport.Export
	qid    string
	subs   []plexport.Submission
}

// stagedFolder is where grade stages a PrairieLearn download's
// submissions, in its output folder (which programs never see).
const stagedFolder = "prairielearn-submissions"

// stagePrairieLearn replaces a path that is a PrairieLearn manual-grading
// download (plexport.Find) with the folder of submissions it stages it
// into, OUT/prairielearn-submissions: the submissions of the assignment's
// question (prairielearn.question, or the download's only one). A
// download is graded whole, as a folder of submissions: with --shard
// (shard) or --layout single it is refused.
func stagePrairieLearn(errOut io.Writer, asg grader.Assignment, out, shard string, single bool, paths []string) ([]string, *prairieLearnRelease, error) {
	var rel *prairieLearnRelease
	staged := make([]string, len(paths))
	for i, p := range paths {
		staged[i] = p
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			continue // batch.Find says what is wrong
		}
		if _, ok, err := plexport.Find(p); err != nil {
			return nil, nil, usageErrorf("%v", err)
		} else if !ok {
			continue
		}
		if rel != nil {
			return nil, nil, usageErrorf("%s: a second PrairieLearn download; grade one assessment's at a time", p)
		}
		if single {
			return nil, nil, usageErrorf("%s: a PrairieLearn download holds every student's submission; leave out --layout single", p)
		}
		if shard != "" {
			return nil, nil, usageErrorf("%s: a PrairieLearn download is graded in one grading, whose scores file holds every submission; leave out --shard %s", p, shard)
		}
		e, err := plexport.Read(p)
		if err != nil {
			return nil, nil, usageErrorf("%v", err)
		}
		qid, err := e.Question(asg.PrairieLearnQuestion())
		if err != nil {
			return nil, nil, usageErrorf("%v", err)
		}
		dir, err := filepath.Abs(filepath.Join(out, stagedFolder))
		if err != nil {
			return nil, nil, inputError(err)
		}
		if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
			return nil, nil, inputError(err)
		}
		subs, err := e.Stage(dir, qid)
		if err != nil {
			return nil, nil, inputError(err)
		}
		if len(subs) == 0 {
			return nil, nil, usageErrorf("%s: no submissions to question %s", e.CSV, qid)
		}
		for _, s := range subs {
			for _, left := range s.Left {
				fmt.Fprintf(errOut, "kpuzzle: warning: %s (%s, submission %s): %s; graded without it\n", s.Name, grader.Printable(s.Row.Who()), s.Row.SubmissionID, grader.Printable(left))
			}
		}
		rel = &prairieLearnRelease{export: e, qid: qid, subs: subs}
		staged[i] = dir
	}
	return staged, rel, nil
}

// writePrairieLearnScores writes OUT/prairielearn-scores.csv for a
// graded PrairieLearn download, and says where it is.
func writePrairieLearnScores(a *app, gb report.Gradebook, out string, rel *prairieLearnRelease) error {
	if rel == nil {
		return nil
	}
	rows := make([]report.PrairieLearnScore, len(rel.subs))
	for i, s := range rel.subs {
		rows[i] = report.PrairieLearnScore{Submission: s.Name, UID: s.Row.UID, Group: s.Row.Group, QID: s.Row.QID, SubmissionID: s.Row.SubmissionID}
	}
	path := filepath.Join(out, report.PrairieLearnScoresFile)
	if err := atomicfile.Write(path, 0o600, func(w io.Writer) error { return gb.WritePrairieLearnScores(w, rows) }); err != nil {
		return inputError(err)
	}
	if !a.json {
		fmt.Fprintf(a.out, "PrairieLearn scores of %d submissions to %s in %s: upload it in the assessment's Uploads, \"Upload new question scores\"\n",
			len(rows), rel.qid, path)
	}
	return nil
}

// withholdHidden leaves the hidden tests out of tests (grade
// --skip-hidden) and counts them and their points.
func withholdHidden(asg grader.Assignment, tests []grader.Test) ([]grader.Test, report.Withheld) {
	var kept []grader.Test
	var w report.Withheld
	for _, t := range tests {
		if !t.Hidden {
			kept = append(kept, t)
			continue
		}
		w.Tests++
		w.Points += grader.Result{Test: t.Name, Solvable: t.Solvable}.Max(asg.Rubric)
	}
	w.Points = grader.RoundPoints(w.Points)
	return kept, w
}

// feedbackBudget is the feedback budget of the submission Gradescope's
// metadata (--submission-metadata) describes, under
// gradescope.feedback_budget; nil, for full feedback, without a budget or
// metadata. Metadata that cannot be read is a warning, never a refused
// grading: Gradescope may change the file, and full feedback is the
// safe side.
func feedbackBudget(a *app, asg grader.Assignment, path string) *report.FeedbackBudget {
	if asg.Gradescope.FeedbackBudget <= 0 || path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err == nil {
		defer f.Close()
		var m report.SubmissionMetadata
		if m, err = report.ReadSubmissionMetadata(f, path); err == nil {
			b := m.Budget(asg.Gradescope.FeedbackBudget, asg.Gradescope.Period())
			return &b
		}
	}
	fmt.Fprintf(a.errOut, "kpuzzle: warning: gradescope.feedback_budget: %v; this submission gets full feedback\n", err)
	return nil
}
