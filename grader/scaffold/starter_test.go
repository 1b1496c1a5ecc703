package scaffold_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/golden"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
)

// buildStarter renders language l's starter into a new folder, builds it
// as the assignment would, and returns the command line that runs it
// (without the two file arguments).
func buildStarter(t *testing.T, l scaffold.Language, data scaffold.Data) []string {
	t.Helper()
	dir := t.TempDir()
	if err := scaffold.WriteStarter(dir, l, data); err != nil {
		t.Fatal(err)
	}
	build := func(args ...string) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	switch l.Name {
	case "python":
		return []string{"python3", filepath.Join(dir, "solver.py")}
	case "java":
		build("javac", "Solver.java")
		return []string{"java", "-cp", dir, "Solver"}
	case "cpp":
		build("g++", "-O2", "-std=c++17", "-o", "solver", "solver.cpp")
	case "go":
		build("go", "build", "-o", "solver", ".")
	}
	return []string{filepath.Join(dir, "solver")}
}

// TestStarterCodeOnTrivialPuzzles builds every language's baseline
// starter (kpuzzle init --baseline) for both conventions and both goals,
// runs it on solved, one-move and two-move boards (in both file formats),
// a rectangular board and an unsolvable one, and replays every answer;
// then the skeleton (the default), which must build, run and answer
// nothing, saying that its search is not written yet.
func TestStarterCodeOnTrivialPuzzles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the starter code in four languages; go test without -short runs it")
	}
	for _, l := range scaffold.Languages("10s", scaffold.GoBinDir()) {
		t.Run(l.Name, func(t *testing.T) {
			if !l.Installed() {
				t.Skipf("%s is not installed, so the %s starter code cannot be built and run here (CI installs it)", l.Tool, l.Title)
			}
			t.Parallel()
			for _, variant := range []struct {
				moves      puzzles.Convention
				blankFirst bool
			}{{puzzles.TileMoves, false}, {puzzles.BlankMoves, true}} {
				data := scaffold.Data{Name: "test", Convention: variant.moves.String(), BlankFirst: variant.blankFirst, Baseline: true}
				run := buildStarter(t, l, data)
				goalOf := puzzles.DefaultGoal
				if variant.blankFirst {
					goalOf = puzzles.BlankFirstGoal
				}
				g33, g23 := goalOf(puzzles.Shape{Rows: 3, Cols: 3}), goalOf(puzzles.Shape{Rows: 2, Cols: 3})
				cases := []struct {
					name   string
					board  puzzles.Board
					goal   puzzles.Goal
					format puzzles.Format
				}{
					{"solved", g33.Board(), g33, puzzles.FormatRows},
					{"one move", oracletest.Walk(g33, 1), g33, puzzles.FormatRows},
					{"two moves, Princeton format", oracletest.Walk(g33, 2), g33, puzzles.FormatPrinceton},
					{"2x3, five moves", oracletest.Walk(g23, 5), g23, puzzles.FormatRows},
					{"unsolvable 2x2", puzzles.RandomUnsolvable(puzzles.NewRand(1), goalOf(puzzles.Shape{Rows: 2, Cols: 2})), goalOf(puzzles.Shape{Rows: 2, Cols: 2}), puzzles.FormatRows},
				}
				for _, tc := range cases {
					dir := t.TempDir()
					in := filepath.Join(dir, "input.txt")
					if err := os.WriteFile(in, []byte(tc.board.Format(tc.format)), 0o644); err != nil {
						t.Fatal(err)
					}
					out := filepath.Join(dir, "output.txt")
					cmd := exec.Command(run[0], append(run[1:], in, out)...)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					if err := cmd.Run(); err != nil {
						t.Fatalf("%s %v, %s: %v\n%s", l.Name, variant, tc.name, err, stderr.String())
					}
					ans, err := puzzles.ReadAnswerFile(out)
					if err != nil {
						t.Fatalf("%s %v, %s: %v", l.Name, variant, tc.name, err)
					}
					if !puzzles.Solvable(tc.board, tc.goal) {
						if !ans.Unsolvable {
							t.Errorf("%s %v, %s: answered %d moves, want UNSOLVABLE", l.Name, variant, tc.name, ans.Len())
						}
						continue
					}
					proof, err := reference.ProveOptimal(context.Background(), tc.board, tc.goal)
					if err != nil {
						t.Fatal(err)
					}
					end, err := puzzles.Replay(tc.board, ans, variant.moves)
					if err != nil || !tc.goal.Reached(end) || ans.Len() != proof.Length {
						t.Errorf("%s %v, %s: %d moves (%v) end at %s; want the goal in %d", l.Name, variant, tc.name, ans.Len(), err, end, proof.Length)
					}
				}
			}

			// The skeleton leaves the search to the student.
			run := buildStarter(t, l, scaffold.Data{Name: "test", Convention: "tile"})
			dir := t.TempDir()
			in, out := filepath.Join(dir, "input.txt"), filepath.Join(dir, "output.txt")
			if err := os.WriteFile(in, []byte(oracletest.Walk(puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), 1).Format(puzzles.FormatRows)), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(run[0], append(run[1:], in, out)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s skeleton: %v\n%s", l.Name, err, stderr.String())
			}
			if _, err := os.Stat(out); err == nil || !strings.Contains(stderr.String(), "not written yet") {
				t.Errorf("%s skeleton: answer file written (%v) or no word that the search is the student's: %q", l.Name, err == nil, stderr.String())
			}
		})
	}
}

// TestTemplatesGolden renders every assignment template with
// fixed data and compares it with testdata/*.golden; run with
// -update to rewrite them after a deliberate change.
func TestTemplatesGolden(t *testing.T) {
	lang, others, err := scaffold.LookupLanguage("java", "10s", "/usr/local/go/bin")
	if err != nil {
		t.Fatal(err)
	}
	lang.Local = fmt.Sprintf(lang.Local, "3x3/puzzle_2.txt")
	data := scaffold.Data{
		Name: "Project 1: the k-puzzle", Generator: "kpuzzle init --shape 3x3,4x4 --public 3 --hidden 5 --unsolvable 1 --seed 1",
		Convention: "tile", PuzzlesDir: "puzzles", Language: lang, Others: others, Shapes: "3x3 and 4x4", Depths: "4 to 24 moves (3x3) and 8 to 36 moves (4x4)",
		WallTime: "10s", Example: "3x3/puzzle_2.txt", KpuzzleVersion: "v1.2.3", KpuzzleModuleVersion: "v1.2.3",
		GoVersion: "go1.26.8", GoSetupVersion: "1.26.8",
	}
	for _, name := range []string{"assignment.yaml", "handout.md", "README.md", "classroom.yml", "gradescope/setup.sh", "gradescope/run_autograder",
		"cluster/slurm.sh", "cluster/k8s-job.yaml", "cluster/github-grade.yml", "sandbox-probe"} {
		got, err := scaffold.Render("assignment/"+name+".tmpl", data)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", strings.ReplaceAll(name, "/", "-")+".golden"), got)
	}
}

// TestHandoutExampleIsRight replays the handout's example answer on its
// example puzzle in all four combinations of convention and goal.
func TestHandoutExampleIsRight(t *testing.T) {
	for _, moves := range []puzzles.Convention{puzzles.TileMoves, puzzles.BlankMoves} {
		for _, blankFirst := range []bool{false, true} {
			d := scaffold.Data{Convention: moves.String(), BlankFirst: blankFirst}
			b, err := puzzles.ParseBoard(strings.NewReader(d.ExampleRows()), "example")
			if err != nil {
				t.Fatal(err)
			}
			ans, err := puzzles.ParseAnswer(strings.NewReader(d.ExampleAnswer()), "answer", puzzles.AnswerLimits{})
			if err != nil {
				t.Fatal(err)
			}
			g := puzzles.DefaultGoal(b.Shape())
			if blankFirst {
				g = puzzles.BlankFirstGoal(b.Shape())
			}
			if end, err := puzzles.Replay(b, ans, moves); err != nil || !g.Reached(end) {
				t.Errorf("%s moves, blank first %v: %q on %q ends at %s (%v)", moves, blankFirst, d.ExampleAnswer(), d.ExampleRows(), end, err)
			}
		}
	}
}
