package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// PrairieLearnScoresFile is the file, in a grading's output folder, that
// PrairieLearn's "Upload new question scores" (the assessment's Uploads)
// reads when the grading graded a PrairieLearn download (package
// plexport).
const PrairieLearnScoresFile = "prairielearn-scores.csv"

// PrairieLearnScore names the PrairieLearn submission a graded
// submission came from.
type PrairieLearnScore struct {
	// Submission is the submission's name in the gradebook.
	Submission string
	// UID (or Group, for group work), QID and SubmissionID are the
	// manual-grading CSV's, by which PrairieLearn finds the submission.
	UID, Group, QID, SubmissionID string
}

// prairieLearnFeedbackCap keeps a row of the scores file under the 10,000
// characters PrairieLearn's upload reads a row to.
const prairieLearnFeedbackCap = 8000

// WritePrairieLearnScores writes the scores of the submissions rows name
// as PrairieLearn's "Upload new question scores" reads them: uid (or
// group_name), qid, submission_id, score_perc (0 to 100: every test's
// points, the hidden ones included, over their maximum) and feedback (a
// line per test with its verdict and points, in Markdown), one row per
// submission, in the order given. A submission the gradebook lacks is an
// error.
func (gb Gradebook) WritePrairieLearnScores(w io.Writer, rows []PrairieLearnScore) error {
	who := "uid"
	for _, r := range rows {
		if r.Group != "" {
			who = "group_name"
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{who, "qid", "submission_id", "score_perc", "feedback"}); err != nil {
		return err
	}
	byName := map[string]Submission{}
	for _, s := range gb.Submissions {
		byName[s.Name] = s
	}
	for _, r := range rows {
		s, ok := byName[r.Submission]
		if !ok {
			return fmt.Errorf("no results for submission %s (PrairieLearn submission %s)", r.Submission, r.SubmissionID)
		}
		score, possible := gb.Total(s)
		perc := 0.0
		if possible > 0 {
			perc = grader.RoundPoints(100 * score / possible)
		}
		id := r.UID
		if who == "group_name" {
			id = r.Group
		}
		if csvSafe(id) != id {
			// A name a spreadsheet would read as a formula (a group may
			// be called "=..."): left out, since the submission_id
			// alone finds the submission and a defused name would not
			// match it.
			id = ""
		}
		if err := cw.Write([]string{id, r.QID, r.SubmissionID, strconv.FormatFloat(perc, 'f', -1, 64), gb.releaseFeedback(s)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// releaseFeedback is the feedback PrairieLearn shows with a released
// score: the points, public and hidden, and a line per test.
func (gb Gradebook) releaseFeedback(s Submission) string {
	var sb strings.Builder
	score, possible := gb.Total(s)
	var pub, pubMax, hid, hidMax float64
	for i, r := range s.Results {
		if gb.Tests[i].Hidden {
			hid += r.Score(gb.Rubric)
			hidMax += r.Max(gb.Rubric)
		} else {
			pub += r.Score(gb.Rubric)
			pubMax += r.Max(gb.Rubric)
		}
	}
	fmt.Fprintf(&sb, "**%s**: %s of %s points, the hidden tests graded at release (public tests %s of %s, hidden tests %s of %s).",
		grader.Printable(gb.Assignment), formatPoints(score), formatPoints(possible), formatPoints(pub), formatPoints(pubMax), formatPoints(hid), formatPoints(hidMax))
	if errs := gb.formatErrors(s); len(errs) > 0 {
		fmt.Fprintf(&sb, " This submission could not be graded: %s.", feedbackLine(errs[0]))
	}
	sb.WriteString("\n")
	for i, r := range s.Results {
		t := gb.Tests[i]
		kind := "Test"
		if t.Hidden {
			kind = "Hidden test"
		}
		line := fmt.Sprintf("\n- %s %d, %s: %s, %s of %s points: %s", kind, t.Number, grader.Printable(t.Name), r.Verdict,
			formatPoints(r.Score(gb.Rubric)), formatPoints(r.Max(gb.Rubric)), feedbackLine(grader.Printable(r.Summary)))
		if sb.Len()+len(line) > prairieLearnFeedbackCap {
			fmt.Fprintf(&sb, "\n- ... and %d more tests", len(s.Results)-i)
			break
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// feedbackLine is s up to its first line break, cut to 300 bytes at a
// rune's start.
func feedbackLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return clip(s, 300)
}
