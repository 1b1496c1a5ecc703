package grader_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/limits"
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

// TestKeyDocsLimitDefaults checks that the documented defaults of the
// limit keys (the table kpuzzle grade --help and docs/grading.md show)
// are the defaults package limits applies, and that an assignment that
// leaves them out gets exactly those.
func TestKeyDocsLimitDefaults(t *testing.T) {
	a, err := grader.ParseAssignment(map[string]any{
		"puzzles": map[string]any{"dir": "d"},
		"run":     map[string]any{"command": "x {input} {output}"},
	}, "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		section string
		def     limits.Limits
		got     limits.Limits
	}{{"run", limits.RunDefaults(), a.Run.Limits}, {"build", limits.BuildDefaults(), a.Build.Limits}} {
		want := step.def.WithDefaults(step.def)
		if step.got != want {
			t.Errorf("%s: normalized limits %+v, want the defaults %+v", step.section, step.got, want)
		}
		doc := map[string]string{}
		for _, k := range grader.AssignmentKeys {
			if rest, ok := strings.CutPrefix(k.Key, step.section+"."); ok {
				doc[rest] = k.Default
			}
		}
		if d, err := limits.ParseDuration(doc["wall_time"]); err != nil || d != want.WallTime {
			t.Errorf("%s.wall_time documented as %q, want %s", step.section, doc["wall_time"], want.WallTime)
		}
		if doc["cpu_time"] != step.section+".wall_time" {
			t.Errorf("%s.cpu_time documented as %q, want %s.wall_time", step.section, doc["cpu_time"], step.section)
		}
		for key, wantSize := range map[string]limits.ByteSize{"memory": want.Memory, "output": want.Output, "disk": want.Disk} {
			b, err := limits.ParseByteSize(doc[key])
			if err != nil || b != wantSize {
				t.Errorf("%s.%s documented as %q, want %s", step.section, key, doc[key], wantSize)
			}
		}
		if doc["processes"] != strconv.Itoa(want.Processes) {
			t.Errorf("%s.processes documented as %q, want %d", step.section, doc["processes"], want.Processes)
		}
	}
}
