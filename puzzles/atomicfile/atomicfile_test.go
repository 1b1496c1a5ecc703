//go:build unix

package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// TestWrite checks content and mode (under a narrowing umask), that a
// failed fill leaves the old file and no temporary file behind, and that a
// missing folder is an error.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "key.json")
	old := syscall.Umask(0o077)
	err := atomicfile.WriteBytes(path, 0o644, []byte("first"))
	syscall.Umask(old)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("stat: %v, %v; want mode 0644", info, err)
	}

	boom := errors.New("disk full")
	err = atomicfile.Write(path, 0o644, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("failed fill: err = %v, want %v", err, boom)
	}
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Errorf("after a failed write the file holds %q, want the old %q", got, "first")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %d entries after a failed write, want only the file", len(entries))
	}

	if err := atomicfile.WriteBytes(filepath.Join(dir, "no", "such", "x"), 0o644, nil); !os.IsNotExist(err) {
		t.Errorf("missing folder: err = %v", err)
	}
}
