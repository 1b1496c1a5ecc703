package grader_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
)

// TestLimitErrorsNameTheirKey sets each limit of each step, one at a time,
// to zero or a negative value beside every other limit set right: the
// error must name that key (never another one) and say what was expected.
// Decoding goes through maps, whose order varies from run to run, so each
// case runs many times.
func TestLimitErrorsNameTheirKey(t *testing.T) {
	valid := map[string]any{"wall_time": "10s", "cpu_time": "10s", "memory": "1GiB", "processes": 4, "output": "1MiB"}
	bad := map[string][]any{
		"wall_time": {"0s", "-1s", 0.0},
		"cpu_time":  {"0s", "-5s"},
		"memory":    {"0", "-5GiB", 0.0},
		"processes": {0.0, -3.0},
		"output":    {"0MiB", "-1"},
	}
	for _, section := range []string{"run", "build"} {
		for key, values := range bad {
			for _, v := range values {
				for range 20 {
					step := map[string]any{}
					for k, x := range valid {
						step[k] = x
					}
					step[key] = v
					if section == "run" {
						step["command"] = "x {input} {output}"
					} else {
						step["command"] = "make"
					}
					m := map[string]any{"puzzles": map[string]any{"dir": "d"}, section: step}
					if section == "build" {
						m["run"] = map[string]any{"command": "x {input} {output}"}
					}
					raw, _ := json.Marshal(m)
					var settings map[string]any
					json.Unmarshal(raw, &settings)
					_, err := grader.ParseAssignment(settings, "/course", nil)
					var ce *grader.ConfigError
					if !errors.As(err, &ce) || ce.Key != section+"."+key || !(strings.Contains(ce.Msg, "more than 0") || strings.Contains(ce.Msg, "negative")) {
						t.Fatalf("%s.%s = %v: error %v, want one naming %s.%s", section, key, v, err, section, key)
					}
				}
			}
		}
	}
}
