package plexport_test

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/plexport"
)

// The rows of a manual-grading CSV, as the assessment's Downloads give
// it: who submitted what to which question.
func ExampleReadRows() {
	text := `uid,uin,qid,old_score_perc,old_feedback,old_auto_points,old_manual_points,submission_id,params,true_answer,submitted_answer,old_partial_scores,partial_scores,score_perc,feedback
alice@example.edu,601,hw2-kpuzzle,50,,5,0,4211,{},{},{},,,,
`
	rows, err := plexport.ReadRows(strings.NewReader(text), "HW2_submissions_for_manual_grading.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%s submitted %s to %s (line %d)\n", r.Who(), r.SubmissionID, r.QID, r.Line)
	}
	// Output:
	// alice@example.edu submitted 4211 to hw2-kpuzzle (line 2)
}
