package grader

import (
	"regexp"
	"strings"
	"time"
)

// questionUnsafe matches what a PrairieLearn question id (a folder
// name) may not hold.
var questionUnsafe = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

// validQuestion reports whether q is a question id kpuzzle writes:
// letters, digits, - and _.
func validQuestion(q string) bool { return q != "" && !questionUnsafe.MatchString(q) }

// PrairieLearnQuestion is the id of the assignment's PrairieLearn
// question (its folder under questions/): prairielearn.question, else
// the name in lower case with every run of other characters than
// letters, digits, - and _ made one -, else "kpuzzle".
func (a Assignment) PrairieLearnQuestion() string {
	if a.PrairieLearn.Question != "" {
		return a.PrairieLearn.Question
	}
	if q := strings.Trim(strings.ToLower(questionUnsafe.ReplaceAllString(a.Name, "-")), "-"); q != "" {
		return q
	}
	return "kpuzzle"
}

// PrairieLearnHidden is prairielearn.hidden: HiddenRelease unless it
// says HiddenFold.
func (a Assignment) PrairieLearnHidden() string {
	if a.PrairieLearn.Hidden == HiddenFold {
		return HiddenFold
	}
	return HiddenRelease
}

// DefaultFeedbackPeriod is gradescope.feedback_period's default.
const DefaultFeedbackPeriod = 24 * time.Hour

// Period is gradescope.feedback_period, 24 hours by default.
func (g GradescopeSettings) Period() time.Duration {
	if g.FeedbackPeriod == 0 {
		return DefaultFeedbackPeriod
	}
	return g.FeedbackPeriod.Std()
}
