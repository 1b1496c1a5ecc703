//go:build unix

package sandbox_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// TestCopyFile checks that the copy has the content and exactly the mode
// asked for, even under a umask that would narrow it, and that an existing
// destination is never overwritten.
func TestCopyFile(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "prog"), filepath.Join(dir, "copy")
	if err := os.WriteFile(src, []byte("#!/bin/sh\necho hi\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := syscall.Umask(0o077)
	err := sandbox.CopyFile(src, dst, 0o755)
	syscall.Umask(old)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(dst)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755", info.Mode().Perm())
	}
	if got, _ := os.ReadFile(dst); string(got) != "#!/bin/sh\necho hi\n" {
		t.Errorf("content %q", got)
	}
	if err := sandbox.CopyFile(src, dst, 0o644); !os.IsExist(err) {
		t.Errorf("copy onto an existing file: err = %v, want it to exist already", err)
	}
	if err := sandbox.CopyFile(filepath.Join(dir, "missing"), filepath.Join(dir, "x"), 0o644); !os.IsNotExist(err) {
		t.Errorf("copy of a missing file: err = %v", err)
	}
}
