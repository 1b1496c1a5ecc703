package limits_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

func TestParseDuration(t *testing.T) {
	good := map[string]time.Duration{"10s": 10 * time.Second, "1m30s": 90 * time.Second, "250ms": 250 * time.Millisecond, "2": 2 * time.Second, "0.5": 500 * time.Millisecond, " 3s ": 3 * time.Second}
	for in, want := range good {
		if d, err := limits.ParseDuration(in); err != nil || d.Std() != want {
			t.Errorf("%q: %v, %v; want %v", in, d, err, want)
		}
	}
	for _, bad := range []string{"", "fast", "-1s", "-2", "NaN", "1e300"} {
		if _, err := limits.ParseDuration(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseByteSize(t *testing.T) {
	good := map[string]limits.ByteSize{"512MiB": 512 << 20, "1G": 1 << 30, "1gb": 1 << 30, "64k": 64 << 10, "100": 100, "1.5KiB": 1536, "2 MB": 2 << 20, "7b": 7}
	for in, want := range good {
		if b, err := limits.ParseByteSize(in); err != nil || b != want {
			t.Errorf("%q: %v, %v; want %v", in, b, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "-1k", "1e30G", "KiB"} {
		if _, err := limits.ParseByteSize(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for b, want := range map[limits.ByteSize]string{512 << 20: "512MiB", 1 << 30: "1GiB", 1536: "1536", 3 << 10: "3KiB", 0: "0"} {
		if got := b.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int64(b), got, want)
		}
	}
}

// FuzzUnits checks that sizes and durations written by String parse back
// to the same value.
func FuzzUnits(f *testing.F) {
	for _, s := range []string{"10s", "512MiB", "1.5", "3k", "1h2m3.5s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := limits.ParseDuration(s); err == nil {
			data, _ := json.Marshal(d)
			var back limits.Duration
			if err := json.Unmarshal(data, &back); err != nil || back != d {
				t.Fatalf("duration %q -> %s -> %v, %v", s, data, back, err)
			}
		}
		if b, err := limits.ParseByteSize(s); err == nil {
			back, err := limits.ParseByteSize(b.String())
			if err != nil || back != b {
				t.Fatalf("size %q -> %s -> %v, %v", s, b, back, err)
			}
		}
	})
}
