package batch

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
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
	// A device, as /dev/null is, in the working folder: mknod needs root;
	// elsewhere the folder holds a link to /dev/null, whose target a
	// read would follow out of the folder.
	device := filepath.Join(dir, "null")
	deviceProblem := "a special file (a device)"
	if err := syscall.Mknod(device, syscall.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Logf("no device node here (%v): a link to /dev/null stands in", err)
		os.Symlink("/dev/null", device)
		deviceProblem = "a symbolic link"
	}
	tests := []struct {
		path, data, problem string
	}{
		{write("ok.txt", "LEFT\n"), "LEFT\n", ""},
		{filepath.Join(dir, "missing.txt"), "", "missing"},
		{link, "", "a symbolic link"},
		{filepath.Join(dir, "folder"), "", "a folder"},
		{fifo, "", "a special file (a named pipe)"},
		{sock, "", "a special file (a socket)"},
		{device, "", deviceProblem},
		{write("big.txt", strings.Repeat("L\n", 100)), "", "too large"},
	}
	for _, tc := range tests {
		data, problem, err := readAnswer(dir, tc.path, 100)
		if err != nil || string(data) != tc.data || problem != tc.problem {
			t.Errorf("%s: %q, %q, %v; want %q, %q", filepath.Base(tc.path), data, problem, err, tc.data, tc.problem)
		}
	}
}

// TestReadAnswerStaysInFolder: a folder on the way to the answer
// (run.answer: out/answer.txt) must be a real folder of the working
// folder. A symbolic link there, out of the folder to a file the grader
// could read, or within it, is the program's malformed answer; a file or
// a missing folder in its place is no answer; the grader never reads
// outside the working folder, nor measures a file there.
func TestReadAnswerStaysInFolder(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "answer.txt"), []byte("the course's own answer"), 0o644)
	work := t.TempDir()
	os.MkdirAll(filepath.Join(work, "real", "deeper"), 0o755)
	os.WriteFile(filepath.Join(work, "real", "answer.txt"), []byte("LEFT\n"), 0o644)
	os.WriteFile(filepath.Join(work, "real", "deeper", "answer.txt"), []byte("UP\n"), 0o644)
	os.Symlink(outside, filepath.Join(work, "out"))
	os.Symlink(filepath.Join(work, "real"), filepath.Join(work, "inside"))
	os.Symlink("../..", filepath.Join(work, "real", "up"))
	os.WriteFile(filepath.Join(work, "plain"), []byte("x"), 0o644)
	tests := []struct {
		rel, data, problem string
		size               int64
	}{
		{"real/answer.txt", "LEFT\n", "", 5},
		{"real/deeper/answer.txt", "UP\n", "", 3},
		{"out/answer.txt", "", "a symbolic link (out) where a folder was expected", -1},
		{"inside/answer.txt", "", "a symbolic link (inside) where a folder was expected", -1},
		{"real/up/answer.txt", "", "a symbolic link (real/up) where a folder was expected", -1},
		{"plain/answer.txt", "", "a file (plain) where a folder was expected", -1},
		{"nowhere/answer.txt", "", "missing", -1},
	}
	for _, tc := range tests {
		path := filepath.Join(work, filepath.FromSlash(tc.rel))
		data, problem, err := readAnswer(work, path, 100)
		if err != nil || string(data) != tc.data || problem != tc.problem {
			t.Errorf("%s: %q, %q, %v; want %q, %q", tc.rel, data, problem, err, tc.data, tc.problem)
		}
		if got := regularSize(work, path); got != tc.size {
			t.Errorf("%s: size %d, want %d", tc.rel, got, tc.size)
		}
	}
	if _, _, err := readAnswer(work, filepath.Join(outside, "answer.txt"), 100); err == nil {
		t.Error("a path outside the working folder was read")
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
