package scaffold_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
)

// A further puzzle set (puzzles.extra) travels in the bundle at its path
// relative to the assignment, and one outside the assignment's folder is
// an error naming its key.
func TestGradescopeBundleCarriesFurtherSets(t *testing.T) {
	_, dir, bin := bundleScaffold(t)
	private := filepath.Join(dir, "private")
	if err := os.Mkdir(private, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(private, "extra_1.txt"), []byte("1 2 3\n4 5 6\n7 0 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, "assignment.yaml")
	asg := readAssignment(t, config)
	asg.Puzzles.Extra = []grader.PuzzleSet{{Dir: private, Glob: "*.txt", Hidden: true}}
	b, err := scaffold.GradescopeBundle(config, asg, bin, "v1.2.3", "go1.26.8")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(b.Names(), "private/extra_1.txt") || b.Tests != 11 {
		t.Errorf("%d tests; files %v, want private/extra_1.txt among them", b.Tests, b.Names())
	}

	asg.Puzzles.Extra = []grader.PuzzleSet{{Dir: t.TempDir(), Glob: "*.txt"}}
	os.WriteFile(filepath.Join(asg.Puzzles.Extra[0].Dir, "x.txt"), []byte("1 2 3\n4 5 6\n7 0 8\n"), 0o644)
	_, err = scaffold.GradescopeBundle(config, asg, bin, "v1.2.3", "go1.26.8")
	if err == nil || !strings.Contains(err.Error(), "puzzles.extra[0].dir") {
		t.Errorf("a further set outside the assignment's folder: %v", err)
	}
}
