package grader_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
)

// TestApplyAssignmentEnv lays KPUZZLE_KEY variables over the file's
// settings: numbers, booleans and comma lists read as such, nested keys
// made where the file has none, and each key's variable named.
func TestApplyAssignmentEnv(t *testing.T) {
	env := map[string]string{"KPUZZLE_RUN_MEMORY": "256MiB", "KPUZZLE_RUN_WALL_TIME": "5s", "KPUZZLE_RESULTS_TIMES": "true",
		"KPUZZLE_HIDE": "a/, b/ ,", "KPUZZLE_OPTIMAL_TIMEOUT": "2s", "KPUZZLE_NOT_A_KEY": "x"}
	settings := map[string]any{"run": map[string]any{"command": "python3 s.py", "memory": "1GiB"}}
	from := grader.ApplyAssignmentEnv(settings, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	want := map[string]any{
		"run":     map[string]any{"command": "python3 s.py", "memory": "256MiB", "wall_time": "5s"},
		"results": map[string]any{"times": true},
		"hide":    []any{"a/", "b/"},
		"optimal": map[string]any{"timeout": "2s"},
	}
	if diff := cmp.Diff(want, settings); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	if from["run.memory"] != "KPUZZLE_RUN_MEMORY" || from["hide"] != "KPUZZLE_HIDE" || len(from) != 5 {
		t.Errorf("variables by key: %v", from)
	}
}
