package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// TestMain installs the sandbox's helper hook, as main does, because grade
// and audit tests run programs through the sandbox.
func TestMain(m *testing.M) { sandboxtest.Main(m) }

// result is what one kpuzzle invocation produced.
type result struct {
	code           int
	stdout, stderr string
}

// kpuzzle runs the command line in-process, as main would.
func kpuzzle(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

// writeFile writes content into dir/name and returns the path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantOneLineError checks a failed run: exit code 2 and exactly one line on
// stderr mentioning every fragment.
func wantOneLineError(t *testing.T, r result, fragments ...string) {
	t.Helper()
	if r.code != exitUsage {
		t.Errorf("exit code %d, want %d (stderr %q)", r.code, exitUsage, r.stderr)
	}
	if strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr is not one line: %q", r.stderr)
	}
	for _, f := range fragments {
		if !strings.Contains(r.stderr, f) {
			t.Errorf("stderr %q does not mention %q", r.stderr, f)
		}
	}
}
