package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The commands kpuzzle suggests are the ones the user can type: a newcomer
// who ran go run has no kpuzzle on the PATH.
func TestInvokedAs(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "kpuzzle")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "kpuzzle")
	if err := os.WriteFile(other, []byte("y"), 0o755); err != nil {
		t.Fatal(err)
	}
	goRun := "/tmp/go-build1234/b001/exe/kpuzzle"
	for _, c := range []struct {
		name, arg0, exe, onPath string
		moduleRoot              bool
		want                    string
	}{
		{"go run in the checkout", goRun, goRun, "", true, "go run ./cmd/kpuzzle"},
		{"go run elsewhere", goRun, goRun, "", false, "go run github.com/kpuzzle/kpuzzle/cmd/kpuzzle"},
		{"installed on the PATH", "kpuzzle", bin, bin, false, "kpuzzle"},
		{"built in the checkout", "./kpuzzle", bin, "", true, "./kpuzzle"},
		{"another kpuzzle on the PATH", "./kpuzzle", bin, other, true, "./kpuzzle"},
		{"a go test binary", "/tmp/go-build99/b001/kpuzzle.test", "/tmp/go-build99/b001/kpuzzle.test", "", false, "/tmp/go-build99/b001/kpuzzle.test"},
	} {
		if got := invokedAs(c.arg0, c.exe, c.onPath, c.moduleRoot); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
