package sandbox

import (
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

func TestCapture(t *testing.T) {
	tests := []struct {
		name          string
		limit         int64
		writes        []string
		wantHead      string
		wantTruncated bool
	}{
		{"under", 10, []string{"abc", "def"}, "abcdef", false},
		{"exact", 6, []string{"abc", "def"}, "abcdef", false},
		{"split write", 4, []string{"abc", "def"}, "abcd", true},
		{"after full", 3, []string{"abc", "d"}, "abc", true},
		{"empty writes", 3, []string{"", "abc", ""}, "abc", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCapture(tt.limit)
			for _, w := range tt.writes {
				if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v; want %d, nil", w, n, err, len(w))
				}
			}
			got := struct {
				Head      string
				Truncated bool
			}{string(c.bytes()), c.truncated}
			want := struct {
				Head      string
				Truncated bool
			}{tt.wantHead, tt.wantTruncated}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("capture mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCaptureKeepsTailForOOM(t *testing.T) {
	c := newCapture(8)
	// Far more than the cap and the tail, in odd-sized reads, then the
	// runtime's last words.
	in := strings.Repeat("progress line\n", 10000) + "Traceback ...\nMemoryError\n"
	n, err := c.ReadFrom(iotest.HalfReader(strings.NewReader(in)))
	if err != nil || n != int64(len(in)) {
		t.Fatalf("ReadFrom = %d, %v; want %d, nil", n, err, len(in))
	}
	if !c.mentionsOOM() {
		t.Errorf("mentionsOOM() = false after a MemoryError at the end of a long stream")
	}
	if len(c.tail) > tailSize || string(c.bytes()) != "progress" {
		t.Errorf("tail %d bytes (max %d), head %q; want the first 8 bytes", len(c.tail), tailSize, c.bytes())
	}
	if clean := newCapture(8); func() bool { _, _ = clean.Write([]byte("all fine\n")); return clean.mentionsOOM() }() {
		t.Errorf("mentionsOOM() = true for harmless output")
	}
}

// TestLimitsWithDefaults checks that Run takes the run defaults of
// package limits for the limits a caller leaves zero (the CPU time
// following the wall time, files capped at the output cap), and refuses
// a negative one.
func TestLimitsWithDefaults(t *testing.T) {
	got, err := withDefaults(Limits{WallTime: limits.Duration(time.Second), Processes: 7})
	if err != nil {
		t.Fatal(err)
	}
	def := limits.RunDefaults()
	want := Limits{
		WallTime:  limits.Duration(time.Second),
		CPUTime:   limits.Duration(time.Second),
		Memory:    def.Memory,
		Processes: 7,
		Output:    def.Output,
		Disk:      def.Disk,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("withDefaults mismatch (-want +got):\n%s", diff)
	}
	if got.FileCap() != def.Output {
		t.Errorf("file cap %v, want the output cap %v", got.FileCap(), def.Output)
	}
	if _, err := withDefaults(Limits{Memory: -1}); err == nil {
		t.Errorf("withDefaults accepted a negative limit")
	}
	for _, tc := range []struct {
		cpu  time.Duration
		want uint64
	}{{time.Millisecond, 1}, {time.Second, 1}, {1500 * time.Millisecond, 2}, {3 * time.Second, 3}} {
		if got := cpuSeconds(Limits{CPUTime: limits.Duration(tc.cpu)}); got != tc.want {
			t.Errorf("cpuSeconds(%v) = %d, want %d", tc.cpu, got, tc.want)
		}
	}
}

func TestLevelText(t *testing.T) {
	for _, l := range []Level{LevelNone, LevelRlimits, LevelNamespaces} {
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Level
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("round trip of %v gave %v, %v", l, back, err)
		}
	}
	var l Level
	if err := l.UnmarshalText([]byte("chroot")); err == nil {
		t.Errorf("UnmarshalText accepted an unknown level")
	}
}
