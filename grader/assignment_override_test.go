package grader_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
)

// TestAssignmentOverride: the keys an override sets replace the file's and
// are normalized; a goal file is taken from the working folder, a goal
// name kept; a bad value is the key's *ConfigError; no override changes
// nothing.
func TestAssignmentOverride(t *testing.T) {
	parse := func() grader.Assignment {
		t.Helper()
		a, err := grader.ParseAssignment(map[string]any{"puzzles": map[string]any{"dir": "set"}, "goal": "blank-first",
			"run": map[string]any{"command": "python3 {submission}/s.py {input} {output}"}}, "/course", nil)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	str := func(s string) *string { return &s }

	a := parse()
	before := a.Fingerprint()
	if err := a.Override(grader.Overrides{}); err != nil || a.Fingerprint() != before || a.Goal != "blank-first" {
		t.Errorf("no override: %v, goal %q", err, a.Goal)
	}

	if err := a.Override(grader.Overrides{ConventionName: str("BLANK"), AnswerNotation: str("letters"), Isolation: str("rlimits")}); err != nil {
		t.Fatal(err)
	}
	if a.ConventionName != "blank" || a.Answer.Notation != "letters" || a.Run.Isolation != "rlimits" || a.Goal != "blank-first" {
		t.Errorf("overridden: moves %q, answer.format %q, run.isolation %q, goal %q", a.ConventionName, a.Answer.Notation, a.Run.Isolation, a.Goal)
	}

	if err := a.Override(grader.Overrides{Goal: str("snail")}); err != nil || a.Goal != "snail" {
		t.Errorf("goal name: %v, goal %q", err, a.Goal)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Override(grader.Overrides{Goal: str("goals/mine.txt")}); err != nil || a.Goal != filepath.Join(wd, "goals", "mine.txt") {
		t.Errorf("goal file: %v, goal %q; want it in the working folder %s, not in /course", err, a.Goal, wd)
	}

	b := parse()
	err = b.Override(grader.Overrides{ConventionName: str("sideways")})
	var ce *grader.ConfigError
	if !errors.As(err, &ce) || ce.Key != "moves" {
		t.Errorf("bad moves: %v, want a *ConfigError for moves", err)
	}
}
