package grader_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
)

// TestKindConflicts: run settings that ask for two interfaces with
// harnesses, or set an interface's keys without asking for it, are
// refused on the later key of the table, naming both; a harness's
// interface cannot report its solution.
func TestKindConflicts(t *testing.T) {
	for _, c := range []struct {
		run  string
		want grader.ConfigError
	}{
		{`"function": "a:b", "java_api": "princeton"`,
			grader.ConfigError{Key: "run.java_api", Msg: "set with run.function; an assignment grades a Python function or a Java API, not both"}},
		{`"function": "search:bfs", "problem": "berkeley", "java_api": "princeton"`,
			grader.ConfigError{Key: "run.java_api", Msg: "set with run.problem: berkeley; an assignment grades a Python search function or a Java API, not both"}},
		{`"function": "a:b", "search": "bfs"`,
			grader.ConfigError{Key: "run.search", Msg: "set without run.problem: berkeley"}},
		{`"java_api": "princeton", "heuristic": "manhattan"`,
			grader.ConfigError{Key: "run.heuristic", Msg: "set without run.problem: berkeley"}},
		{`"function": "a:b", "solution": "reported", "extract": {"length": "(\\d+)"}`,
			grader.ConfigError{Key: "run.solution", Msg: "reported, but a harness (run.function, run.problem, run.java_api) hands in the moves, which are checked; leave run.solution out"}},
	} {
		_, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {`+c.run+`}}`), "/c", nil)
		var ce *grader.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %v, want a *ConfigError", c.run, err)
			continue
		}
		if diff := cmp.Diff(c.want, *ce); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.run, diff)
		}
	}
}
