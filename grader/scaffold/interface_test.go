package scaffold_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/golden"
	"github.com/kpuzzle/kpuzzle/reference/oracletest"
)

// interfaceStarter renders and builds the starter of language name for
// interface iface, and returns a function running it on a board: what it
// prints (or, for the function interface, what its main prints of
// solve's result), as the grader would read the answer, and how the
// program ended.
func interfaceStarter(t *testing.T, iface scaffold.Kind, name string, data scaffold.Data) func(puzzles.Board) (string, error) {
	t.Helper()
	lang, _, err := scaffold.LookupLanguage(name, "10s", "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	data.Kind = iface
	lang.Dir = iface.Name + "/" + name
	if iface.Is(grader.KindJavaAPI) {
		lang.Files = []string{"Board.java", "Solver.java"}
	}
	if name == "go" {
		lang.Files = []string{"go.mod", "solver.go"}
	}
	if err := scaffold.WriteStarter(dir, lang, data); err != nil {
		t.Fatal(err)
	}
	var run []string
	switch name {
	case "python":
		run = []string{"python3", filepath.Join(dir, "solver.py")}
	case "java":
		args := append([]string{"javac"}, lang.Files...)
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("javac: %v\n%s", err, out)
		}
		run = []string{"java", "-cp", dir, "Solver"}
	case "cpp", "go":
		args := []string{"g++", "-O2", "-std=c++17", "-o", "solver", "solver.cpp"}
		if name == "go" {
			args = []string{"go", "build", "-o", "solver", "."}
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		run = []string{filepath.Join(dir, "solver")}
	}
	return func(b puzzles.Board) (string, error) {
		t.Helper()
		var stdin string
		args := run
		switch {
		case iface.Is(grader.KindStdin):
			stdin = b.Format(puzzles.FormatRows)
		case iface.Is(grader.KindInteractive):
			s := b.Shape()
			stdin = fmt.Sprintf("2\n%d %d\n%s\n3\n", s.Rows, s.Cols, strings.TrimSpace(b.Format(puzzles.FormatRows)))
		default: // a puzzle file, read by the starter's main
			in := filepath.Join(t.TempDir(), "puzzle.txt")
			if err := os.WriteFile(in, []byte(b.Format(puzzles.FormatRows)), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(append([]string(nil), run...), in)
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Stdin = strings.NewReader(stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return stdout.String(), fmt.Errorf("%s on %s: %v\n%s", strings.Join(args, " "), b, err, stderr.String())
		}
		if !iface.Is(grader.KindInteractive) {
			return stdout.String(), nil
		}
		// What run.extract reads of the report.
		if strings.Contains(stdout.String(), "No solution exists.") {
			return "UNSOLVABLE\n", nil
		}
		var moves []string
		for _, m := range regexp.MustCompile(`Move \d+: (\w+)`).FindAllStringSubmatch(stdout.String(), -1) {
			moves = append(moves, m[1]+"\n")
		}
		if len(moves) > 0 && !strings.Contains(stdout.String(), fmt.Sprintf("Solution depth: %d\n", len(moves))) || !strings.Contains(stdout.String(), "Nodes expanded: ") && !strings.Contains(stdout.String(), "Gave up") {
			t.Errorf("report without its depth or nodes expanded:\n%s", stdout.String())
		}
		return strings.Join(moves, ""), nil
	}
}

// needStarterTool skips the test when the toolchain of the starter
// language name is not installed.
func needStarterTool(t *testing.T, name string) {
	t.Helper()
	tool := map[string]string{"python": "python3", "java": "javac", "cpp": "g++", "go": "go"}[name]
	if _, err := exec.LookPath(tool); err != nil {
		t.Skipf("%s is not installed, so this starter cannot be built and run here (CI installs it)", tool)
	}
}

// TestInterfaceStartersOnTrivialPuzzles runs every interface's starter,
// in both conventions and both goals, on solved, one-move and two-move
// boards, a rectangular one (but for Princeton's square Board) and an
// unsolvable one, and replays every answer.
func TestInterfaceStartersOnTrivialPuzzles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs every interface's starter in four languages; go test without -short runs it")
	}
	for _, iface := range scaffold.Kinds() {
		if iface.IsFile() {
			continue // TestStarterCodeOnTrivialPuzzles
		}
		for _, name := range iface.Languages {
			t.Run(iface.Name+"/"+name, func(t *testing.T) {
				needStarterTool(t, name)
				t.Parallel()
				for _, variant := range []struct {
					moves      puzzles.Convention
					blankFirst bool
				}{{puzzles.TileMoves, false}, {puzzles.BlankMoves, true}} {
					run := interfaceStarter(t, iface, name, scaffold.Data{Name: "test", Convention: variant.moves.String(), BlankFirst: variant.blankFirst, Baseline: true})
					goalOf := puzzles.DefaultGoal
					if variant.blankFirst {
						goalOf = puzzles.BlankFirstGoal
					}
					g33, g23, g22 := goalOf(puzzles.Shape{Rows: 3, Cols: 3}), goalOf(puzzles.Shape{Rows: 2, Cols: 3}), goalOf(puzzles.Shape{Rows: 2, Cols: 2})
					cases := []struct {
						name  string
						board puzzles.Board
						goal  puzzles.Goal
					}{
						{"solved", g33.Board(), g33},
						{"one move", oracletest.Walk(g33, 1), g33},
						{"two moves", oracletest.Walk(g33, 2), g33},
						{"2x3, five moves", oracletest.Walk(g23, 5), g23},
						{"unsolvable 2x2", puzzles.RandomUnsolvable(puzzles.NewRand(1), g22), g22},
					}
					for _, tc := range cases {
						if iface.Is(grader.KindJavaAPI) && tc.board.Shape().Rows != tc.board.Shape().Cols {
							continue
						}
						out, err := run(tc.board)
						if err != nil {
							t.Fatal(err)
						}
						what := fmt.Sprintf("%s %v, %s", name, variant, tc.name)
						ans, _, err := notation.Read(strings.NewReader(out), "output", notation.Options{Start: tc.board, Convention: variant.moves})
						if err != nil {
							t.Fatalf("%s: %v\n%s", what, err, out)
						}
						if !puzzles.Solvable(tc.board, tc.goal) {
							if !ans.Unsolvable {
								t.Errorf("%s: answered %d moves, want UNSOLVABLE", what, ans.Len())
							}
							continue
						}
						proof, err := reference.ProveOptimal(context.Background(), tc.board, tc.goal)
						if err != nil {
							t.Fatal(err)
						}
						end, err := puzzles.Replay(tc.board, ans, variant.moves)
						if err != nil || !tc.goal.Reached(end) || ans.Len() != proof.Length {
							t.Errorf("%s: %d moves (%v) end at %s; want the goal in %d\n%s", what, ans.Len(), err, end, proof.Length, out)
						}
					}
				}
			})
		}
	}
}

// TestInterfaceStartersGiveUp runs every interface's starter on a
// 15-puzzle far from the goal (Korf's first instance): as the handout
// says, the placeholder search gives up, and no answer comes out (no
// moves printed; solve and the Java Solver raise).
func TestInterfaceStartersGiveUp(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every starter of every interface to its limit; go test without -short runs it")
	}
	far := puzzles.MustBoard(4, 4, 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)
	for _, iface := range scaffold.Kinds() {
		if iface.IsFile() {
			continue
		}
		for _, name := range iface.Languages {
			t.Run(iface.Name+"/"+name, func(t *testing.T) {
				needStarterTool(t, name)
				run := interfaceStarter(t, iface, name, scaffold.Data{Name: "test", Convention: "tile", Baseline: true})
				out, err := run(far)
				wantNoAnswer(t, iface, out, err, "gave up")
			})
		}
	}
}

// wantNoAnswer checks that a starter's run printed no answer: the
// function and the Java Solver raise an error saying why (holding say),
// the others exit normally.
func wantNoAnswer(t *testing.T, iface scaffold.Kind, out string, err error, say string) {
	t.Helper()
	raises := iface.Is(grader.KindFunction) || iface.Is(grader.KindJavaAPI)
	switch {
	case raises && (err == nil || !strings.Contains(err.Error(), say)):
		t.Errorf("want an error saying %q, got %v; printed %q", say, err, out)
	case !raises && err != nil:
		t.Error(err)
	case strings.TrimSpace(out) != "":
		t.Errorf("printed an answer: %q", out)
	}
}

// TestInterfaceSkeletonsAnswerNothing builds every interface's skeleton
// starter (the default: kpuzzle init without --baseline) and runs it on a
// one-move puzzle: it must build and run, answer nothing, and say that
// the search is not written yet (the function and the Java Solver raise
// saying so).
func TestInterfaceSkeletonsAnswerNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs every interface's skeleton starter; go test without -short runs it")
	}
	near := oracletest.Walk(puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), 1)
	for _, iface := range scaffold.Kinds() {
		if iface.IsFile() {
			continue // TestStarterCodeOnTrivialPuzzles
		}
		for _, name := range iface.Languages {
			t.Run(iface.Name+"/"+name, func(t *testing.T) {
				needStarterTool(t, name)
				t.Parallel()
				run := interfaceStarter(t, iface, name, scaffold.Data{Name: "test", Convention: "tile"})
				out, err := run(near)
				wantNoAnswer(t, iface, out, err, "not written yet")
			})
		}
	}
}

// TestInterfaceTemplatesGolden renders the assignment file, the handout
// and the README of every interface but file (TestTemplatesGolden) with
// fixed data and compares them with testdata/INTERFACE-*.golden; run
// with -update to rewrite them after a deliberate change.
func TestInterfaceTemplatesGolden(t *testing.T) {
	for _, iface := range scaffold.Kinds() {
		if iface.IsFile() {
			continue
		}
		opts := smallOptions()
		opts.Interface, opts.Language = iface.Name, ""
		opts.Shapes = []puzzles.Shape{{Rows: 3, Cols: 3}}
		sc, err := scaffold.New(context.Background(), opts)
		if err != nil {
			t.Fatalf("%s: %v", iface.Name, err)
		}
		d := sc.Data
		d.KpuzzleVersion, d.KpuzzleModuleVersion, d.GoVersion, d.GoSetupVersion = "v1.2.3", "v1.2.3", "go1.26.8", "1.26.8"
		for _, name := range []string{"assignment.yaml", "handout.md", "README.md"} {
			got, err := scaffold.Render("assignment/"+name+".tmpl", d)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", iface.Name+"-"+name+".golden"), got)
		}
	}
}

// TestLookupKindTakesTheGradersNames: --interface takes the
// grader's names of the interfaces beside its own spellings, each
// interface knows its grader name, and the Berkeley interface, which has
// no starter code, is refused saying so.
func TestLookupKindTakesTheGradersNames(t *testing.T) {
	for name, want := range map[string]string{
		"python-function": "python-function", "function": "python-function",
		"java-api": "java-api", "java_api": "java-api", "JAVA_API": "java-api",
		"": grader.KindFile, "stdin": grader.KindStdin,
	} {
		i, err := scaffold.LookupKind(name)
		if err != nil || i.Name != want {
			t.Errorf("LookupKind(%q) = %q, %v; want %s", name, i.Name, err, want)
		}
	}
	for _, i := range scaffold.Kinds() {
		if !slices.Contains(grader.KindNames(), i.GraderName) || !i.Is(i.GraderName) || !i.Is(i.Name) {
			t.Errorf("%s: grader name %q", i.Name, i.GraderName)
		}
	}
	if _, err := scaffold.LookupKind("berkeley"); err == nil || !strings.Contains(err.Error(), "no starter code") {
		t.Errorf("LookupKind(berkeley): %v", err)
	}
}
