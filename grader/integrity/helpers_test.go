package integrity_test

import (
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// kpuzzleBuilds builds kpuzzle once per test binary: plain, and stripped
// of its symbol tables (-s -w, and strip(1) when the machine has it).
func kpuzzleBuilds(t testing.TB) (plain, stripped string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds kpuzzle")
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "integrity-build-")
		if buildErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(buildDir, "kpuzzle"), "github.com/kpuzzle/kpuzzle/cmd/kpuzzle").CombinedOutput()
		if err != nil {
			buildErr = &buildError{err, out}
			return
		}
		out, err = exec.Command("go", "build", "-ldflags=-s -w", "-o", filepath.Join(buildDir, "kpuzzle-stripped"), "github.com/kpuzzle/kpuzzle/cmd/kpuzzle").CombinedOutput()
		if err != nil {
			buildErr = &buildError{err, out}
			return
		}
		if strip, err := exec.LookPath("strip"); err == nil {
			_ = exec.Command(strip, filepath.Join(buildDir, "kpuzzle-stripped")).Run()
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return filepath.Join(buildDir, "kpuzzle"), filepath.Join(buildDir, "kpuzzle-stripped")
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + string(e.out) }

// TestMain calls sandbox.Init first, so that the sandbox may re-execute
// the test binary (the uid probe of sandbox.LeaseUID), then removes the
// kpuzzle builds the tests made.
func TestMain(m *testing.M) {
	sandbox.Init()
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		t.Fatal(err)
	}
}
