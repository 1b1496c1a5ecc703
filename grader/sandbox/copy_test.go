//go:build unix

package sandbox_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
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

// TestCopyFileThenExecInParallel copies a program and runs the copy, from
// several goroutines at once, as a grader does with the builds of
// compiled submissions: no run may fail with "text file busy". A copy
// without CopyFile's lock, run the same way, shows the race the lock
// closes (logged: it depends on timing).
func TestCopyFileThenExecInParallel(t *testing.T) {
	src, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) to copy")
	}
	race := func(copyFile func(src, dst string, mode os.FileMode) error) (busy int) {
		dir := t.TempDir()
		var wg sync.WaitGroup
		var mu sync.Mutex
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 40 {
					dst := filepath.Join(dir, fmt.Sprintf("prog-%d-%d", w, i))
					if err := copyFile(src, dst, 0o755); err != nil {
						t.Error(err)
						return
					}
					if err := exec.Command(dst).Run(); err != nil {
						if errors.Is(err, syscall.ETXTBSY) {
							mu.Lock()
							busy++
							mu.Unlock()
						} else {
							t.Error(err)
						}
					}
				}
			}()
		}
		wg.Wait()
		return busy
	}
	plain := func(src, dst string, mode os.FileMode) error {
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, mode)
	}
	t.Logf("without the lock: %d of 320 runs failed with text file busy", race(plain))
	if busy := race(sandbox.CopyFile); busy != 0 {
		t.Errorf("%d of 320 runs of fresh copies failed with text file busy", busy)
	}
}
