package batch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
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
			notRun := r.Verdict == grader.Crashed && strings.HasPrefix(r.Summary, "not run: "+line)
			if notRun == got.OK() {
				t.Errorf("%s %s: %s (the submission should run iff nothing is missing)", sub, tc.Name, resultText(r))
			}
		}
	}
}
