package report

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"text/template"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Files of a grading's output folder.
const (
	// SummaryFile is the instructor's summary page.
	SummaryFile = "summary.html"
	// AnswersDir holds each answer as the grader checked it (with
	// results.replays), in grader.AnswerPath's layout: the grading's
	// batch.AnswersFolder.
	AnswersDir = batch.AnswersFolder
)

// AnswerDir is where a grading into the output folder out keeps the
// answers for the replay pages (AnswersDir in out), "" when the
// assignment's results.replays is off.
func AnswerDir(a grader.Assignment, out string) string {
	if !a.Results.ReplaysOn() {
		return ""
	}
	return filepath.Join(out, AnswersDir)
}

// FolderOptions say what WriteFolder writes besides the gradebook.
type FolderOptions struct {
	// Feedback renders each student's feedback.
	Feedback *template.Template
	// Replays writes a replay page for every answer kept in
	// OUT/answers and links it from the summary page.
	Replays bool
	// Answers is how the assignment reads answers (its AnswerReading):
	// the course's words and the move convention the replays play. A kept
	// answer is read in the notation and on the lines its check read it
	// (grader.Result.ReadKept); the notation and block named here serve
	// only the results of a journal too old to say how.
	Answers notation.Options
	// ResultsJSON, when not empty, also gets the results.json of the one
	// submission (Gradescope's /autograder/results/results.json).
	ResultsJSON string
	// ResultsFormat is ResultsJSON's format: ResultsGradescope (the
	// default, "") or ResultsPrairieLearn.
	ResultsFormat string
	// Withheld are the hidden tests the grading left out (grade
	// --skip-hidden), which a PrairieLearn results.json counts as still
	// to be graded.
	Withheld Withheld
	// Budget, when not nil, is the feedback budget of the one
	// submission's Gradescope results.json (ResultsJSON).
	Budget *FeedbackBudget
	// Class, when set, is the class report (Gradebook.Class): written as
	// class.json and class.csv and shown on the summary page.
	Class *Class
}

// WriteFolder writes everything a grading leaves in its output folder out,
// each file whole (through a temporary file renamed into place):
//
//	results/STUDENT/results.json, junit.xml, gradebook.csv,
//	feedback/STUDENT.md, replays/STUDENT/NN-TEST.html, summary.html,
//	class.json, class.csv (with o.Class)
//
// The files depend on the gradebook alone (and the answers kept in
// out/answers), so that a grading resumed from its journal, or merged
// from shards, writes them byte for byte as one uninterrupted run does.
func (gb Gradebook) WriteFolder(out string, o FolderOptions) error {
	write := func(path string, fill func(io.Writer) error) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return atomicfile.Write(path, 0o644, fill)
	}
	if err := write(filepath.Join(out, "gradebook.csv"), gb.WriteCSV); err != nil {
		return err
	}
	if err := write(filepath.Join(out, "junit.xml"), gb.WriteJUnit); err != nil {
		return err
	}
	pages := map[string]bool{}
	if o.Replays {
		for _, s := range gb.Submissions {
			for i := range gb.Tests {
				if !gb.HasAnswer(s, i) {
					continue
				}
				path, ok := grader.AnswerPath(filepath.Join(out, AnswersDir), s.Name, gb.Tests[i].Name)
				if !ok {
					continue
				}
				answer, err := os.ReadFile(path)
				if errors.Is(err, fs.ErrNotExist) {
					continue // graded before answers were kept
				}
				if err != nil {
					return err
				}
				page := gb.ReplayPage(s, i, answer, o.Answers)
				rel := gb.ReplayFile(s, i)
				if err := write(filepath.Join(out, filepath.FromSlash(rel)), func(w io.Writer) error { return replay.Write(w, page) }); err != nil {
					return err
				}
				pages[rel] = true
			}
		}
	}
	// What students may be shown of their answers (visible tests only):
	// the replay page, and the course's checker opened on the answer.
	gb.replayOf = func(s Submission, i int) string {
		if rel := gb.ReplayFile(s, i); pages[rel] {
			return rel
		}
		return ""
	}
	gb.answers = o.Answers
	gb.answerOf = func(s Submission, i int) []byte {
		path, ok := grader.AnswerPath(filepath.Join(out, AnswersDir), s.Name, gb.Tests[i].Name)
		if !ok || !gb.HasAnswer(s, i) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		return data
	}
	for _, s := range gb.Submissions {
		if err := write(filepath.Join(out, "results", grader.FileName(s.Name), "results.json"), func(w io.Writer) error { return gb.WriteGradescope(w, s) }); err != nil {
			return err
		}
		if err := write(filepath.Join(out, "feedback", grader.FileName(s.Name)+".md"), func(w io.Writer) error { return gb.WriteFeedback(w, o.Feedback, s) }); err != nil {
			return err
		}
		if o.ResultsJSON != "" {
			if err := write(o.ResultsJSON, func(w io.Writer) error { return gb.writeResultsJSON(w, s, out, o) }); err != nil {
				return err
			}
		}
	}
	if o.Class != nil {
		if err := write(filepath.Join(out, ClassJSONFile), func(w io.Writer) error { return WriteClassJSON(w, *o.Class) }); err != nil {
			return err
		}
		if err := write(filepath.Join(out, ClassCSVFile), func(w io.Writer) error { return gb.WriteClassCSV(w, *o.Class) }); err != nil {
			return err
		}
	}
	opts := SummaryOptions{
		Feedback: func(s Submission) string { return "feedback/" + grader.FileName(s.Name) + ".md" },
		Class:    o.Class,
	}
	if o.Replays {
		opts.Replay = func(s Submission, i int) string {
			if rel := gb.ReplayFile(s, i); pages[rel] {
				return rel
			}
			return ""
		}
	}
	return write(filepath.Join(out, SummaryFile), func(w io.Writer) error { return gb.WriteSummaryHTML(w, opts) })
}
