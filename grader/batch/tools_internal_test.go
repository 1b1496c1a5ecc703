package batch

import (
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
)

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
