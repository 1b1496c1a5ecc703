package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

// Every goal the commands accept is listed wherever a goal is asked for:
// each command's --goal help (init's starter code knows the default and
// blank-first goals only, and says so), grade --help's goal key, and the
// docs that describe the goal setting. The lists are made from
// puzzles.BuiltinGoals, so a goal added there is listed everywhere.
func TestGoalHelpListsEveryGoal(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, cmd := range c.Commands() {
			walk(cmd)
			f := cmd.Flags().Lookup("goal")
			if f == nil || cmd.Name() == "init" {
				continue
			}
			for _, g := range puzzles.GoalNames() {
				if !strings.Contains(f.Usage, g) {
					t.Errorf("kpuzzle %s --goal: %q does not name %s", cmd.CommandPath(), f.Usage, g)
				}
			}
		}
	}
	walk(newRootCmd(&app{}))

	help := kpuzzle(t, "", "grade", "--help").stdout
	var goalLine string
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "goal (") && i+1 < len(lines) {
			goalLine = l + lines[i+1] // the key, then its documentation
		}
	}
	for _, g := range puzzles.GoalNames() {
		if !strings.Contains(goalLine, g) {
			t.Errorf("kpuzzle grade --help's goal key %q does not name %s", goalLine, g)
		}
	}
	for _, k := range grader.AssignmentKeys {
		if k.Key == "goal" && !strings.Contains(k.Doc, puzzles.GoalSnail) {
			t.Errorf("the goal key's documentation %q does not name snail", k.Doc)
		}
	}
	docs := map[string]string{"grading.md": "| `goal` |", "formats.md": "`--goal default`", "configuration.md": "key solve.goal"}
	for file, marker := range docs {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", file))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		i := strings.Index(text, marker)
		if i < 0 {
			t.Fatalf("docs/%s has no %q", file, marker)
		}
		para := text[i:]
		if j := strings.Index(para, "\n\n"); j > 0 {
			para = para[:j]
		}
		for _, g := range puzzles.GoalNames() {
			if !strings.Contains(para, g) {
				t.Errorf("docs/%s, where it describes the goal (%q...), does not name %s", file, marker, g)
			}
		}
	}
}
