package grader

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// HarnessFile is the name under which the Python function harness is
// copied into a submission's copy when run.function is set.
const HarnessFile = "kpuzzle_harness.py"

// JavaHarnessFile is the name under which the Java API harness is copied
// into a submission's copy when run.java_api is set.
const JavaHarnessFile = "KpuzzleHarness.java"

// JavaAPIPrinceton is the Princeton 8puzzle API: a Board class built from
// int[][] tiles and a Solver with isSolvable(), moves() and solution().
const JavaAPIPrinceton = "princeton"

// Commands run.java_api: princeton uses unless the assignment gives its
// own: algs4.jar, when the submission or run.files holds it, is on the
// class path (Princeton's MinPQ); the JVM flags keep the address space of
// javac and java within build.memory and run.memory (2GiB by default
// then), and their threads within 256 processes.
const (
	princetonBuild = "javac -J-Xmx256m -J-XX:+UseSerialGC -J-XX:CompressedClassSpaceSize=64m -J-XX:ReservedCodeCacheSize=64m " +
		"-encoding UTF-8 -cp {submission}:{submission}/algs4.jar -d {submission} " +
		"{submission}/KpuzzleHarness.java {submission}/Board.java {submission}/Solver.java"
	princetonRun = "java -Xmx512m -Xss16m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m " +
		"-XX:MaxMetaspaceSize=128m -cp {submission}:{submission}/algs4.jar KpuzzleHarness {input} {output}"
	javaAPIMemory = 2 << 30
	// javaAPIProcesses leaves room for a JVM's threads.
	javaAPIProcesses = 256
)

// fitsJavaAPI says why test cannot be posed through run.java_api:
// Princeton's Board is n-by-n and its goal has the blank last.
func (r RunStep) fitsJavaAPI(t Test) error {
	if r.JavaAPI == "" {
		return nil
	}
	if s := t.Board.Shape(); s.Rows != s.Cols {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%s: test %s is a %s board, but Princeton's Board is n-by-n; keep square boards in this assignment's sets", r.JavaAPI, t.Name, s)}
	}
	if !t.Goal.IsDefault() {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%s: test %s has the %s goal, but Princeton's Board.isGoal() and Solver mean the blank last; use goal: default", r.JavaAPI, t.Name, t.Goal.Name())}
	}
	return nil
}

// javaAPICommands fills in the build and run commands and the memory of
// run.java_api.
func (a *Assignment) javaAPICommands() error {
	switch a.Run.JavaAPI {
	case "":
		return nil
	case JavaAPIPrinceton:
	default:
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%q: expected princeton (the Board and Solver API)", a.Run.JavaAPI)}
	}
	if a.Run.Function != "" {
		return &ConfigError{Key: "run.java_api", Msg: "set with run.function; an assignment grades a Python function or a Java API, not both"}
	}
	if a.Run.Answer != "" && a.Run.Answer != "file" {
		return &ConfigError{Key: "run.answer", Msg: a.Run.Answer + ", but run.java_api writes solution() to the answer file; leave run.answer out"}
	}
	if strings.TrimSpace(a.Build.Command) == "" {
		a.Build.Command = princetonBuild
	}
	if strings.TrimSpace(a.Run.Command) == "" {
		a.Run.Command = princetonRun
	}
	if a.Run.Memory == 0 {
		a.Run.Memory = javaAPIMemory
	}
	if a.Build.Memory == 0 {
		a.Build.Memory = javaAPIMemory
	}
	if a.Run.Processes == 0 {
		a.Run.Processes = javaAPIProcesses
	}
	if a.Build.Processes == 0 {
		a.Build.Processes = javaAPIProcesses
	}
	return nil
}

// functionTarget is MODULE:FUNCTION, the module possibly dotted.
var functionTarget = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*$`)

// functionCommand turns run.function into the command the runs use: the
// interpreter (run.command, python3 by default) running the harness on
// the target, the puzzle and the answer path. It is idempotent: a
// command it made is recognised and kept.
func (r *RunStep) functionCommand() error {
	if r.Function == "" {
		return nil
	}
	if !functionTarget.MatchString(r.Function) {
		return &ConfigError{Key: "run.function", Msg: fmt.Sprintf("%q: expected MODULE:FUNCTION, such as solver:solve", r.Function)}
	}
	if r.Answer != "" && r.Answer != "file" {
		return &ConfigError{Key: "run.answer", Msg: r.Answer + ", but run.function writes the function's result to the answer file; leave run.answer out"}
	}
	suffix := fmt.Sprintf(" {submission}/%s %s {input} {output}", r.harnessFile(), r.Function)
	if r.Heuristic != "" {
		suffix += " " + r.Heuristic
	}
	interpreter := strings.TrimSpace(strings.TrimSuffix(r.Command, suffix))
	if interpreter == "" {
		interpreter = "python3"
	}
	if strings.Contains(interpreter, "{") {
		return &ConfigError{Key: "run.command", Msg: fmt.Sprintf("%q: with run.function, run.command is the Python interpreter only (such as python3), without placeholders", r.Command)}
	}
	r.Command = interpreter + suffix
	return nil
}

// FunctionModuleFile is the file of run.function's module, relative to
// the submission ("solver.py", "pkg/solver.py"), or "" without
// run.function.
func (r RunStep) FunctionModuleFile() string {
	module, _, ok := strings.Cut(r.Function, ":")
	if !ok {
		return ""
	}
	return strings.ReplaceAll(module, ".", "/") + ".py"
}

// BerkeleyHarnessFile is the name under which the Berkeley CS188 harness
// is copied into a submission's copy when run.problem is berkeley.
const BerkeleyHarnessFile = "kpuzzle_berkeley.py"

// ProblemBerkeley is run.problem's value for a Berkeley CS188 search
// function.
const ProblemBerkeley = "berkeley"

// BerkeleyGoalEnv is the environment variable through which the Berkeley
// harness learns the test's goal: its cells, row-major, separated by
// spaces (the default goal when it is absent).
const BerkeleyGoalEnv = "KPUZZLE_GOAL"

// berkeleySearches maps CS188's function names, and search.py's
// abbreviations of them, to the reference searches.
var berkeleySearches = map[string]berkeley.Algorithm{
	"depthFirstSearch": berkeley.DFS, "dfs": berkeley.DFS,
	"breadthFirstSearch": berkeley.BFS, "bfs": berkeley.BFS,
	"uniformCostSearch": berkeley.UCS, "ucs": berkeley.UCS,
	"aStarSearch": berkeley.AStar, "astar": berkeley.AStar,
}

// berkeleyProblem validates run.problem, run.search and run.heuristic and
// fills in run.search from run.function's name and run.heuristic (null
// for astar).
func (a *Assignment) berkeleyProblem() error {
	r := &a.Run
	switch r.Problem {
	case "":
		switch {
		case r.Search != "":
			return &ConfigError{Key: "run.search", Msg: "set without run.problem: berkeley"}
		case r.Heuristic != "":
			return &ConfigError{Key: "run.heuristic", Msg: "set without run.problem: berkeley"}
		}
		return nil
	case ProblemBerkeley:
	default:
		return &ConfigError{Key: "run.problem", Msg: fmt.Sprintf("%q: expected berkeley (a CS188 search function given a search problem)", r.Problem)}
	}
	if r.Function == "" {
		return &ConfigError{Key: "run.problem", Msg: "berkeley needs run.function, the search function, such as search:breadthFirstSearch"}
	}
	for _, e := range r.Env {
		if strings.HasPrefix(e, BerkeleyGoalEnv+"=") {
			return &ConfigError{Key: "run.env", Msg: fmt.Sprintf("sets %s, which kpuzzle sets to each test's goal with run.problem: berkeley; use goal to change the goal", BerkeleyGoalEnv)}
		}
	}
	if r.JavaAPI != "" {
		return &ConfigError{Key: "run.problem", Msg: "set with run.java_api; an assignment grades a Python search function or a Java API, not both"}
	}
	if a.Moves != "blank" {
		return &ConfigError{Key: "moves", Msg: fmt.Sprintf("%q, but run.problem: berkeley answers with CS188's actions, the moves of the blank; set moves: blank or leave it out", a.Moves)}
	}
	if r.Search == "" {
		_, name, _ := strings.Cut(r.Function, ":")
		alg, ok := berkeleySearches[name]
		if !ok {
			return &ConfigError{Key: "run.search", Msg: fmt.Sprintf("missing, and run.function's %s is not one of CS188's names; expected dfs, bfs, ucs or astar", name)}
		}
		r.Search = string(alg)
	}
	if !slices.Contains(berkeley.Algorithms, berkeley.Algorithm(r.Search)) {
		return &ConfigError{Key: "run.search", Msg: fmt.Sprintf("%q: expected dfs, bfs, ucs or astar", r.Search)}
	}
	switch {
	case r.Search != string(berkeley.AStar) && r.Heuristic != "":
		return &ConfigError{Key: "run.heuristic", Msg: fmt.Sprintf("set, but run.search is %s; only astar takes a heuristic", r.Search)}
	case r.Search == string(berkeley.AStar) && r.Heuristic == "":
		r.Heuristic = berkeley.HeuristicNull
	case r.Search == string(berkeley.AStar) && !slices.Contains(berkeley.HeuristicNames, r.Heuristic):
		return &ConfigError{Key: "run.heuristic", Msg: fmt.Sprintf("%q: expected null, manhattan or misplaced", r.Heuristic)}
	}
	return nil
}

// harnessFile is the harness run.function runs: the Berkeley one with
// run.problem.
func (r RunStep) harnessFile() string {
	if r.Problem != "" {
		return BerkeleyHarnessFile
	}
	return HarnessFile
}
