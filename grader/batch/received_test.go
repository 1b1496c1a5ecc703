package batch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// TestWrongUploads grades the uploads students get wrong: a zipped
// folder, the right file in the wrong case, the folder instead of its
// files, nothing. None is run; each gets one line naming the missing file
// and, where there is one, what was probably meant.
func TestWrongUploads(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("zipped/hw1.zip", "PK\x03\x04")
	write("case/Solver.py", "print('hi')\n")
	write("nested/hw1/solver.py", "print('hi')\n")
	write("right/solver.py", "import sys\nopen(sys.argv[2], 'w').write('UNSOLVABLE\\n')\n")
	if err := os.Mkdir(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, root, `{"puzzles": {"dir": "`+mustAbs(t, smallSet)+`"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	o := grade(t, batch.Options{Assignment: a}, root)

	want := map[string]string{
		"zipped": "missing solver.py, which the assignment runs; 1 file received: hw1.zip (found the archive hw1.zip: submit the files it holds, not the archive)",
		"case":   "missing solver.py, which the assignment runs; 1 file received: Solver.py (found Solver.py: names are case-sensitive, rename it solver.py)",
		"nested": "missing solver.py, which the assignment runs; 1 file received: hw1/solver.py (found hw1/solver.py: submit the files themselves, with solver.py at the top, not the folder holding them)",
		"empty":  "missing solver.py, which the assignment runs; nothing was received",
		"right":  "1 file received: solver.py",
	}
	for sub, line := range want {
		got := o.Received[sub]
		if diff := cmp.Diff(line, got.Summary()); diff != "" {
			t.Errorf("%s: files received (-want +got):\n%s", sub, diff)
		}
		for _, tc := range o.Tests {
			r := o.Results[sub][tc.Name]
			notRun := r.Verdict == check.Crashed && strings.HasPrefix(r.Summary, "not run: "+line)
			if notRun == got.OK() {
				t.Errorf("%s %s: %s (the submission should run iff nothing is missing)", sub, tc.Name, resultText(r))
			}
		}
	}
}

// TestFindSkipsStrayEntries puts a roster, a symbolic link and a README
// beside the submission folders: they are listed as skipped with a
// reason, and the class is never read as one submission.
func TestFindSkipsStrayEntries(t *testing.T) {
	root := t.TempDir()
	for _, s := range []string{"alice", "bob"} {
		os.MkdirAll(filepath.Join(root, s), 0o755)
		os.WriteFile(filepath.Join(root, s, "solver.py"), []byte("pass\n"), 0o644)
	}
	os.WriteFile(filepath.Join(root, "roster.pdf"), []byte("%PDF"), 0o644)
	os.WriteFile(filepath.Join(root, "submission_metadata.yml"), []byte("{}\n"), 0o644)
	elsewhere := t.TempDir()
	os.Symlink(elsewhere, filepath.Join(root, "carol"))

	f, err := batch.Find([]string{root}, batch.LayoutAuto, []string{"solver.py"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range f.Submissions {
		names = append(names, s.Name)
	}
	if diff := cmp.Diff([]string{"alice", "bob"}, names); diff != "" {
		t.Errorf("submissions (-want +got):\n%s", diff)
	}
	skipped := map[string]string{}
	for _, s := range f.Skipped {
		skipped[filepath.Base(s.Path)] = s.Reason
	}
	if !strings.Contains(skipped["roster.pdf"], "not a submission") || !strings.Contains(skipped["carol"], "symbolic link") || len(skipped) != 2 {
		t.Errorf("skipped %v, want roster.pdf and the link carol, with reasons", skipped)
	}

	// A single submission is recognised by the file the assignment runs,
	// even beside folders of its own.
	os.MkdirAll(filepath.Join(root, "alice", "lib"), 0o755)
	f, err = batch.Find([]string{filepath.Join(root, "alice")}, batch.LayoutAuto, []string{"solver.py"})
	if err != nil || len(f.Submissions) != 1 || f.Submissions[0].Name != "alice" {
		t.Errorf("alice alone: %+v, %v", f, err)
	}
	// Without expected files, files beside folders make one submission,
	// and a note says so.
	f, err = batch.Find([]string{root}, batch.LayoutAuto, nil)
	if err != nil || len(f.Submissions) != 1 || len(f.Skipped) != 1 || !strings.Contains(f.Skipped[0].Reason, "--layout folders") {
		t.Errorf("without expected files: %+v, %v", f, err)
	}
}

// TestSpecialAnswerFiles: a program that leaves a named pipe, a Unix
// socket, a symbolic link to /dev/zero or a folder at its output path
// gets malformed, at once (reading a pipe with no writer, or a device that
// never ends, would hang the grader; opening a socket fails, which must
// not be the grader's error).
func TestSpecialAnswerFiles(t *testing.T) {
	root := t.TempDir()
	for name, script := range map[string]string{
		"fifo":    "import os, sys\nos.mkfifo(sys.argv[2])\n",
		"symlink": "import os, sys\nos.symlink('/dev/zero', sys.argv[2])\n",
		"folder":  "import os, sys\nos.mkdir(sys.argv[2])\n",
		"socket":  "import socket, sys\nsocket.socket(socket.AF_UNIX).bind(sys.argv[2])\n",
	} {
		os.MkdirAll(filepath.Join(root, name), 0o755)
		os.WriteFile(filepath.Join(root, name, "solver.py"), []byte(script), 0o644)
	}
	a := assignment(t, root, `{"puzzles": {"dir": "`+mustAbs(t, smallSet)+`", "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	o := grade(t, batch.Options{Assignment: a}, root)
	for sub, want := range map[string]string{"fifo": "a special file", "symlink": "a symbolic link", "folder": "a folder", "socket": "a special file (a socket)"} {
		r := o.Results[sub]["p1.txt"]
		if r.Verdict != check.Malformed || !strings.Contains(r.Summary, want) {
			t.Errorf("%s: %s", sub, resultText(r))
		}
	}
}

// TestReceivedFilesEscapesNames gives a submission files whose names hold
// a terminal escape, a right-to-left override and a newline that would
// forge a line of "Files received", and a folder of such a name holding
// the expected file (so that a hint names it): every name and hint comes
// back escaped, one line each.
func TestReceivedFilesEscapesNames(t *testing.T) {
	dir := t.TempDir()
	names := []string{
		"colour\x1b[31m.py",
		"mallory\u202etxt.py",
		"notes.txt\nAll tests passed: 100/100",
		"odd\u202e/solver.py",
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := batch.ReceivedFiles(dir, []string{"solver.py"})
	want := grader.FilesReceived{
		Files: []string{
			"colour<U+001B>[31m.py",
			"mallory<U+202E>txt.py",
			"notes.txt<U+000A>All tests passed: 100/100",
			"odd<U+202E>/solver.py",
		},
		Missing: []string{"solver.py"},
		Hints:   []string{"found odd<U+202E>/solver.py: submit the files themselves, with solver.py at the top, not the folder holding them"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("received (-want +got):\n%s", diff)
	}
	if s := got.Summary(); strings.ContainsAny(s, "\n\x1b\u202e") {
		t.Errorf("summary holds a raw control or bidi character: %q", s)
	}
}

// TestMisnamedEntryIsAnError: one student's repository whose solver is
// saved under another name than the one the assignment runs, beside a
// puzzles/ folder, is not a folder of submissions with one student named
// "puzzles": it is an error naming the expected file and the layouts.
func TestMisnamedEntryIsAnError(t *testing.T) {
	repo := filepath.Join(testdata, "layouts", "misnamed-entry")
	_, err := batch.Find([]string{repo}, batch.LayoutAuto, []string{"solver.py"})
	if err == nil {
		t.Fatal("a repository with solvr.py and puzzles/ was read as a folder of submissions")
	}
	for _, want := range []string{"solver.py", "solvr.py", "puzzles/", "rename it to solver.py", "--layout single", "--layout folders"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	// Named explicitly, the layouts still do what they say.
	if f, err := batch.Find([]string{repo}, batch.LayoutSingle, []string{"solver.py"}); err != nil || len(f.Submissions) != 1 || f.Submissions[0].Name != "misnamed-entry" {
		t.Errorf("--layout single: %+v, %v", f, err)
	}
	if f, err := batch.Find([]string{repo}, batch.LayoutFolders, []string{"solver.py"}); err != nil || len(f.Submissions) != 1 || f.Submissions[0].Name != "puzzles" {
		t.Errorf("--layout folders: %+v, %v", f, err)
	}
	// A folder of submissions where one student holds the file is still
	// read as one, whatever the others lack.
	root := t.TempDir()
	for name, file := range map[string]string{"alice": "solver.py", "bob": "solvr.py"} {
		os.MkdirAll(filepath.Join(root, name), 0o755)
		os.WriteFile(filepath.Join(root, name, file), []byte("pass\n"), 0o644)
	}
	if f, err := batch.Find([]string{root}, batch.LayoutAuto, []string{"solver.py"}); err != nil || len(f.Submissions) != 2 {
		t.Errorf("alice and bob: %+v, %v", f, err)
	}
}
