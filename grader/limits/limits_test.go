package limits_test

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

func sec(s float64) limits.Duration { return limits.Duration(s * float64(time.Second)) }

// TestDefaults checks what WithDefaults fills in: every zero field from
// the defaults, a zero CPU time from the wall time (the run's own, else
// the default's), and nothing that was set.
func TestDefaults(t *testing.T) {
	tests := []struct {
		name string
		in   limits.Limits
		def  limits.Limits
		want limits.Limits
	}{
		{"run, none set", limits.Limits{}, limits.RunDefaults(),
			limits.Limits{WallTime: sec(10), CPUTime: sec(10), Memory: 1 << 30, Processes: 64, Output: 1 << 20, Disk: 256 << 20}},
		{"build, none set", limits.Limits{}, limits.BuildDefaults(),
			limits.Limits{WallTime: sec(120), CPUTime: sec(120), Memory: 2 << 30, Processes: 256, Output: 1 << 20, Disk: 1 << 30}},
		{"CPU time follows the run's wall time", limits.Limits{WallTime: sec(3), Processes: 7}, limits.RunDefaults(),
			limits.Limits{WallTime: sec(3), CPUTime: sec(3), Memory: 1 << 30, Processes: 7, Output: 1 << 20, Disk: 256 << 20}},
		{"every field set", limits.Limits{WallTime: sec(1), CPUTime: sec(2), Memory: 5 << 20, Processes: 3, Output: 4096, Disk: 8192, FileSize: 64 << 20}, limits.RunDefaults(),
			limits.Limits{WallTime: sec(1), CPUTime: sec(2), Memory: 5 << 20, Processes: 3, Output: 4096, Disk: 8192, FileSize: 64 << 20}},
		{"negative kept for Validate", limits.Limits{Processes: -1}, limits.RunDefaults(),
			limits.Limits{WallTime: sec(10), CPUTime: sec(10), Memory: 1 << 30, Processes: -1, Output: 1 << 20, Disk: 256 << 20}},
	}
	for _, tt := range tests {
		got := tt.in.WithDefaults(tt.def)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: WithDefaults (-want +got):\n%s", tt.name, diff)
		}
		if again := got.WithDefaults(tt.def); again != got {
			t.Errorf("%s: WithDefaults is not idempotent: %+v, then %+v", tt.name, got, again)
		}
	}
}

// TestFileCap checks that the file-size cap is the output cap unless set.
func TestFileCap(t *testing.T) {
	if got := (limits.Limits{Output: 4096}).FileCap(); got != 4096 {
		t.Errorf("FileCap without FileSize = %v, want the output cap 4096", got)
	}
	if got := (limits.Limits{Output: 4096, FileSize: 64 << 20}).FileCap(); got != 64<<20 {
		t.Errorf("FileCap with FileSize = %v, want 64MiB", got)
	}
}

// TestValidate checks each limit Validate refuses, the field it names and
// its message, against the assignment's minimum and the sandbox's none.
func TestValidate(t *testing.T) {
	ok := limits.RunDefaults().WithDefaults(limits.RunDefaults())
	with := func(f func(*limits.Limits)) limits.Limits {
		l := ok
		f(&l)
		return l
	}
	tests := []struct {
		name  string
		l     limits.Limits
		least limits.Limits
		field string // "" for valid
		msg   string
	}{
		{"defaults", ok, limits.Minimum(), "", ""},
		{"at the minimum", with(func(l *limits.Limits) {
			l.WallTime, l.CPUTime, l.Memory = sec(0.01), sec(0.01), 1<<20
		}), limits.Minimum(), "", ""},
		{"negative processes", with(func(l *limits.Limits) { l.Processes = -3 }), limits.Minimum(), "processes", "-3: expected a positive number"},
		{"small memory", with(func(l *limits.Limits) { l.Memory = 512 << 10 }), limits.Minimum(), "memory", "512KiB is too small; expected at least 1MiB"},
		{"short wall time", with(func(l *limits.Limits) { l.WallTime = sec(0.005) }), limits.Minimum(), "wall_time", "5ms is too short; expected at least 10ms"},
		{"short CPU time", with(func(l *limits.Limits) { l.CPUTime = sec(0.001) }), limits.Minimum(), "cpu_time", "1ms is too short; expected at least 10ms"},
		{"processes first", with(func(l *limits.Limits) { l.Processes, l.Memory = -1, 1 }), limits.Minimum(), "processes", "-1: expected a positive number"},
		{"negative output", with(func(l *limits.Limits) { l.Output = -1 }), limits.Minimum(), "output", "-1 is negative; expected 0 or more"},
		{"negative disk", with(func(l *limits.Limits) { l.Disk = -1 << 20 }), limits.Minimum(), "disk", "-1MiB is negative; expected 0 or more"},
		{"negative file size", with(func(l *limits.Limits) { l.FileSize = -2 }), limits.Minimum(), "file_size", "-2 is negative; expected 0 or more"},
		{"sandbox: tiny is fine", limits.Limits{WallTime: 1, Memory: 1}, limits.Limits{}, "", ""},
		{"sandbox: zero is fine", limits.Limits{}, limits.Limits{}, "", ""},
		{"sandbox: negative wall time", limits.Limits{WallTime: -sec(1)}, limits.Limits{}, "wall_time", "-1s is negative; expected 0 or more"},
		{"sandbox: negative memory", limits.Limits{Memory: -1}, limits.Limits{}, "memory", "-1 is negative; expected 0 or more"},
		{"sandbox: negative CPU time", limits.Limits{CPUTime: -sec(2)}, limits.Limits{}, "cpu_time", "-2s is negative; expected 0 or more"},
	}
	for _, tt := range tests {
		err := tt.l.Validate(tt.least)
		if tt.field == "" {
			if err != nil {
				t.Errorf("%s: %v, want none", tt.name, err)
			}
			continue
		}
		var fe *limits.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a *FieldError", tt.name, err)
			continue
		}
		if fe.Field != tt.field || fe.Msg != tt.msg {
			t.Errorf("%s: %q: %q, want %q: %q", tt.name, fe.Field, fe.Msg, tt.field, tt.msg)
		}
	}
}
