package batch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
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

// A tools path inside a hidden folder would show it through the cover
// (the sandbox keeps a read-only path visible inside a hidden one): it
// is refused; one beside it, or one holding it, is not.
func TestToolsOutsideConcealed(t *testing.T) {
	hidden := []string{"/course/puzzles", "/course/submissions"}
	for _, tc := range []struct {
		path string
		ok   bool
	}{{"/course/puzzles/bin", false}, {"/course/puzzles", false}, {"/course/tools", true}, {"/course", true}, {"/opt/go", true}} {
		err := toolsOutsideConcealed(grader.Tools{ReadOnly: []string{tc.path}}, hidden)
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "programs must not see") {
			t.Errorf("%s: %v", tc.path, err)
		}
	}
}
