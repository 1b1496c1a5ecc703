package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"
)

// SubmissionMetadata is what Gradescope's submission_metadata.json (in
// /autograder) says of the submission being graded: when it was made,
// and when the student's earlier submissions to the assignment were.
type SubmissionMetadata struct {
	CreatedAt time.Time
	Previous  []time.Time
}

// maxMetadataBytes caps submission_metadata.json, which holds every
// earlier submission's results.
const maxMetadataBytes = 256 << 20

// ReadSubmissionMetadata reads Gradescope's submission_metadata.json
// (name is for messages): its created_at and the submission_time of each
// of its previous_submissions, as Gradescope's autograder documentation
// gives them (RFC 3339 times). A missing or unreadable time is an error
// naming the field.
func ReadSubmissionMetadata(r io.Reader, name string) (SubmissionMetadata, error) {
	var raw struct {
		CreatedAt string `json:"created_at"`
		Previous  []struct {
			SubmissionTime string `json:"submission_time"`
		} `json:"previous_submissions"`
	}
	data, err := io.ReadAll(io.LimitReader(r, maxMetadataBytes+1))
	if err != nil {
		return SubmissionMetadata{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxMetadataBytes {
		return SubmissionMetadata{}, fmt.Errorf("%s: larger than %d MiB", name, maxMetadataBytes>>20)
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return SubmissionMetadata{}, metadataJSONError(name, data, err)
	}
	var m SubmissionMetadata
	if m.CreatedAt, err = time.Parse(time.RFC3339Nano, raw.CreatedAt); err != nil {
		return SubmissionMetadata{}, fmt.Errorf("%s: created_at %q: expected a time such as 2018-07-01T14:22:32.365935-07:00", name, raw.CreatedAt)
	}
	for i, p := range raw.Previous {
		t, err := time.Parse(time.RFC3339Nano, p.SubmissionTime)
		if err != nil {
			return SubmissionMetadata{}, fmt.Errorf("%s: previous_submissions[%d].submission_time %q: expected a time such as 2018-07-01T14:22:32.365935-07:00", name, i, p.SubmissionTime)
		}
		m.Previous = append(m.Previous, t)
	}
	return m, nil
}

// FeedbackBudget says whether a submission gets the visible tests' full
// feedback under gradescope.feedback_budget: the first Limit submissions
// in any Period do, counted back from the submission's own time (never
// the grader's clock, so that a regrade decides the same).
type FeedbackBudget struct {
	// Limit and Period are gradescope.feedback_budget and
	// gradescope.feedback_period.
	Limit  int
	Period time.Duration
	// Number is the submission's place among those in the period
	// before it and itself (1 for the first).
	Number int
	// Full is set when Number is within Limit.
	Full bool
	// NextFull, when not Full, is when a submission gets full feedback
	// again: when enough of the period's submissions have left it.
	NextFull time.Time
}

// Budget decides the submission's feedback under a budget of limit
// submissions a period. Earlier submissions at or before the period's
// start (created_at - period) do not count.
func (m SubmissionMetadata) Budget(limit int, period time.Duration) FeedbackBudget {
	start := m.CreatedAt.Add(-period)
	var in []time.Time
	for _, t := range m.Previous {
		if t.After(start) && !t.After(m.CreatedAt) {
			in = append(in, t)
		}
	}
	sort.Slice(in, func(i, j int) bool { return in[i].Before(in[j]) })
	b := FeedbackBudget{Limit: limit, Period: period, Number: len(in) + 1}
	b.Full = b.Number <= limit || limit < 1
	if !b.Full {
		// Full again once only limit-1 earlier ones are in the window:
		// when the (len-limit+1)-th oldest has left it.
		b.NextFull = in[len(in)-limit].Add(period)
	}
	return b
}

// Note is the sentence results.json's output gets about the budget.
func (b FeedbackBudget) Note() string {
	period := b.Period.String()
	if b.Period%time.Hour == 0 {
		period = fmt.Sprintf("%d hours", int(b.Period/time.Hour))
	}
	if b.Full {
		return fmt.Sprintf("Full feedback: submission %d of at most %d with full feedback in any %s.", b.Number, b.Limit, period)
	}
	return fmt.Sprintf("Feedback budget: this is submission %d in %s, and full feedback is given on the first %d in any %s, so each test below shows its points and verdict only; full feedback again from %s.",
		b.Number, period, b.Limit, period, b.NextFull.Format("2006-01-02 15:04 MST"))
}

// metadataJSONError words a JSON error of submission metadata in one line:
// a syntax error at its line, a value of the wrong kind by its field,
// never a Go type.
func metadataJSONError(name string, data []byte, err error) error {
	const want = "expected Gradescope's submission metadata (a JSON object with created_at and previous_submissions)"
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("%s: line %d: %v; %s", name, line, se, want)
	case errors.As(err, &te) && te.Field == "":
		return fmt.Errorf("%s: found a JSON %s; %s", name, te.Value, want)
	case errors.As(err, &te):
		return fmt.Errorf("%s: %s holds a JSON %s; %s", name, te.Field, te.Value, want)
	}
	return fmt.Errorf("%s: %v; %s", name, err, want)
}
