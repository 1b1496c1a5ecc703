package batch

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadAnswer(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	secret := write("secret.txt", "the answer key")
	link := filepath.Join(dir, "link.txt")
	os.Symlink(secret, link)
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	tests := []struct {
		path, data, problem string
	}{
		{write("ok.txt", "LEFT\n"), "LEFT\n", ""},
		{filepath.Join(dir, "missing.txt"), "", "missing"},
		{link, "", "a symbolic link"},
		{filepath.Join(dir, "folder"), "", "a folder"},
		{fifo, "", "a special file (a named pipe)"},
		{sock, "", "a special file (a socket)"},
		{"/dev/null", "", "a special file (a device)"},
		{write("big.txt", strings.Repeat("L\n", 100)), "", "too large"},
	}
	for _, tc := range tests {
		data, problem, err := readAnswer(tc.path, 100)
		if err != nil || string(data) != tc.data || problem != tc.problem {
			t.Errorf("%s: %q, %q, %v; want %q, %q", filepath.Base(tc.path), data, problem, err, tc.data, tc.problem)
		}
	}
}

func TestCopyTree(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "pkg", ".git"), 0o700)
	os.WriteFile(filepath.Join(src, "run.sh"), []byte("#!/bin/sh\n"), 0o700)
	os.WriteFile(filepath.Join(src, "pkg", "a.py"), []byte("x"), 0o600)
	os.WriteFile(filepath.Join(src, "pkg", ".git", "config"), []byte("x"), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(src, "passwd"))
	os.WriteFile(filepath.Join(src, "linked"), []byte("shared"), 0o644)
	os.Link(filepath.Join(src, "linked"), filepath.Join(src, "hardlink"))

	list := func(root string) map[string]os.FileMode {
		out := map[string]os.FileMode{}
		filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err == nil && p != root {
				rel, _ := filepath.Rel(root, p)
				out[rel] = info.Mode().Perm()
			}
			return nil
		})
		return out
	}
	dst := filepath.Join(t.TempDir(), "copy")
	if err := copyTree(src, dst, -1, false); err != nil {
		t.Fatal(err)
	}
	want := map[string]os.FileMode{"run.sh": 0o755, "pkg": 0o755, "pkg/a.py": 0o644, "linked": 0o644, "hardlink": 0o644}
	if diff := cmp.Diff(want, list(dst)); diff != "" {
		t.Errorf("copy of a submission (-want +got):\n%s", diff)
	}
	// A build's output with hard links loses them.
	dst2 := filepath.Join(t.TempDir(), "copy")
	if err := copyTree(src, dst2, -1, true); err != nil {
		t.Fatal(err)
	}
	delete(want, "linked")
	delete(want, "hardlink")
	if diff := cmp.Diff(want, list(dst2)); diff != "" {
		t.Errorf("copy of a build (-want +got):\n%s", diff)
	}
	d1, _ := digestSubmission(src)
	os.WriteFile(filepath.Join(src, "pkg", "a.py"), []byte("y"), 0o600)
	d2, _ := digestSubmission(src)
	os.WriteFile(filepath.Join(src, "pkg", ".git", "config"), []byte("changed"), 0o644)
	d3, _ := digestSubmission(src)
	if d1 == d2 || d2 != d3 {
		t.Errorf("digests %s %s %s: a changed file must change it, .git must not", d1, d2, d3)
	}
}
