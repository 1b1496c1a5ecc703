package puzzles_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestResolveGoal reads a goal setting the one way the flag, the
// assignment and a manifest read it: a name, a goal file relative to a
// folder, or an error that says which.
func TestResolveGoal(t *testing.T) {
	s := puzzles.Shape{Rows: 2, Cols: 3}
	if g, err := puzzles.ResolveGoal("blank-first", "", s); err != nil || !g.Board().Equal(puzzles.BlankFirstGoal(s).Board()) {
		t.Errorf("blank-first: %v, %v", g.Board(), err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "goal.txt"), []byte("5 4 3\n2 1 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := puzzles.ResolveGoal("goal.txt", dir, s)
	if err != nil || g.Pos(5) != 0 || g.Pos(0) != 5 {
		t.Errorf("goal file: %v, %v", g.Board(), err)
	}
	if _, err := puzzles.ResolveGoal("blank-frist", dir, s); !errors.Is(err, puzzles.ErrUnknownGoal) {
		t.Errorf("a misspelt name: %v, want ErrUnknownGoal", err)
	}
	if _, err := puzzles.ResolveGoal("goal.txt", dir, puzzles.Shape{Rows: 3, Cols: 3}); !errors.Is(err, puzzles.ErrGoalShape) {
		t.Errorf("a 2x3 goal file for a 3x3 puzzle: %v, want ErrGoalShape", err)
	}
}

// TestLookupInstance finds set:NAME/ID references and explains bad ones.
func TestLookupInstance(t *testing.T) {
	set, b, err := puzzles.LookupInstance("korf100/1")
	if err != nil || set.Name != "korf100" || b.Shape() != (puzzles.Shape{Rows: 4, Cols: 4}) {
		t.Fatalf("korf100/1: %s %v %v", set.Name, b, err)
	}
	for _, bad := range []string{"korf100", "korf100/", "korf100/0", "nosuchset/1"} {
		if _, _, err := puzzles.LookupInstance(bad); err == nil {
			t.Errorf("LookupInstance(%q) found an instance", bad)
		}
	}
}
