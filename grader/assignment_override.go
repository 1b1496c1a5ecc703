package grader

import (
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Overrides are values given beside the assignment file that replace its
// keys (kpuzzle grade's --goal, --moves, --isolation and --answer-format,
// which take precedence over the environment and the file). A nil field
// leaves its key as it was.
type Overrides struct {
	// Goal replaces goal: a built-in goal's name, or a goal file taken
	// relative to the working folder (not to the assignment's folder).
	Goal *string
	// ConventionName replaces moves, Isolation run.isolation and
	// AnswerNotation answer.format.
	ConventionName, Isolation, AnswerNotation *string
}

// Override replaces the keys o sets and, when it set any, normalizes the
// assignment again (Normalize: a bad value is a *ConfigError naming the
// key).
func (a *Assignment) Override(o Overrides) error {
	changed := false
	if o.Goal != nil {
		a.Goal, changed = *o.Goal, true
		if _, err := puzzles.GoalByName(a.Goal, puzzles.Shape{Rows: 3, Cols: 3}); err != nil {
			abs, err := filepath.Abs(a.Goal)
			if err != nil {
				return err
			}
			a.Goal = abs
		}
	}
	if o.ConventionName != nil {
		a.ConventionName, changed = *o.ConventionName, true
	}
	if o.Isolation != nil {
		a.Run.Isolation, changed = *o.Isolation, true
	}
	if o.AnswerNotation != nil {
		a.Answer.Notation, changed = *o.AnswerNotation, true
	}
	if !changed {
		return nil
	}
	return a.Normalize()
}
