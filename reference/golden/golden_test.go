package golden_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/reference/golden"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.golden")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		got  string
		fail bool
	}{
		{path, "one\ntwo\n", false},
		{path, "one\nthree\n", true},
		{filepath.Join(t.TempDir(), "missing.golden"), "x", true},
	} {
		r := &recorder{TB: t}
		golden.Check(r, tc.path, []byte(tc.got))
		if r.failed != tc.fail {
			t.Errorf("Check(%s, %q): failed %v, want %v", tc.path, tc.got, r.failed, tc.fail)
		}
	}
}
