package grader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A build's output is shown from its first compiler error, the one that
// explains the rest, not its last lines (javac's "17 errors" summary).
func TestBuildLinesShowTheFirstError(t *testing.T) {
	var javac strings.Builder
	javac.WriteString("Note: Some input files use unchecked operations.\n")
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&javac, "/tmp/build-1/submission/Board.java:%d: error: cannot find symbol\n  symbol: x%d\n", 10*i, i)
	}
	javac.WriteString("8 errors\n")
	scrub := strings.NewReplacer("/tmp/build-1/submission", "<submission>")
	got := buildLines("stderr", []byte(javac.String()), scrub)
	want := []string{"stderr (from its first error, lines 2-13 of 18):", "  <submission>/Board.java:10: error: cannot find symbol", "    symbol: x1"}
	if d := cmp.Diff(want, got[:3]); d != "" || len(got) != 1+tailLines {
		t.Errorf("javac (-want +got):\n%s\n%q", d, got)
	}
	// Go's errors have no "error:"; a short output is shown whole.
	goOut := "# npuzzle\n./main.go:12:5: undefined: tiles.Solv\n"
	if d := cmp.Diff([]string{"stderr (from its first error, lines 2-2 of 2):", "  ./main.go:12:5: undefined: tiles.Solv"}, buildLines("stderr", []byte(goOut), scrub)); d != "" {
		t.Errorf("go (-want +got):\n%s", d)
	}
	// No compiler error: the last lines, as before.
	if d := cmp.Diff(tail("stdout", []byte("make: *** [all] Error 2\n"), scrub), buildLines("stdout", []byte("make: *** [all] Error 2\n"), scrub)); d != "" {
		t.Errorf("no error line (-want +got):\n%s", d)
	}
}

func TestTail(t *testing.T) {
	var lines []string
	for i := range 20 {
		lines = append(lines, strings.Repeat("x", i))
	}
	lines[19] = "/scratch/t1/submission/solver.py\tline\x07 \xff" + strings.Repeat("y", 300)
	got := tail("stderr", []byte(strings.Join(lines, "\n")+"\n\n"), strings.NewReplacer("/scratch/t1/submission", "<submission>"))
	if len(got) != tailLines+1 || got[0] != "stderr (last 12 of 20 lines):" {
		t.Errorf("head %q, %d lines", got[0], len(got))
	}
	last := got[len(got)-1]
	if !strings.HasPrefix(last, "  <submission>/solver.py    line<U+0007> ?yyy") || !strings.HasSuffix(last, "...") || len(last) > tailLineBytes+10 {
		t.Errorf("last line %q", last)
	}
	if tail("stdout", []byte(" \n"), strings.NewReplacer()) != nil {
		t.Error("blank stream gave lines")
	}
}

func TestOutsideFileHints(t *testing.T) {
	for _, c := range []struct {
		line string
		want string
	}{
		{"FileNotFoundError: [Errno 2] No such file or directory: '/tmp/data.txt'", "/tmp/data.txt"},
		{"java.io.FileNotFoundException: /home/ta/moves.csv (No such file or directory)", "/home/ta/moves.csv"},
		{"cat: /srv/x.txt: No such file or directory", "/srv/x.txt"},
		{"FileNotFoundError: [Errno 2] No such file or directory: '<submission>/data.txt'", ""},
		{"cat: <work>/x: No such file or directory", ""},
		{"ZeroDivisionError: division by zero", ""},
	} {
		got := outsideFileHints([]string{c.line})
		switch {
		case c.want == "" && len(got) != 0:
			t.Errorf("%q: hint %q", c.line, got)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0], "looked for "+c.want+",")):
			t.Errorf("%q: hints %q, want one naming %s", c.line, got, c.want)
		}
	}
}
