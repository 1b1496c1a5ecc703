package grader

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// The submission interfaces: how a graded program receives a test's
// puzzle and gives its answer. Their names are the assignment file's
// words; [RunStep.Interface] says which one an assignment uses.
const (
	// InterfaceFile: a program given the puzzle file's path ({input}, or
	// the file on standard input when run.command has no {input}) that
	// writes its answer to {output}, stdout or a file (run.answer).
	InterfaceFile = "file"
	// InterfaceStdin: a program that reads the puzzle as run.stdin writes
	// it on standard input.
	InterfaceStdin = "stdin"
	// InterfaceInteractive: a menu program: run.stdin answers its menu,
	// with run.choices or run.extract reading its report.
	InterfaceInteractive = "interactive"
	// InterfaceFunction: a Python function (run.function) called by
	// kpuzzle's harness (HarnessFile).
	InterfaceFunction = "function"
	// InterfaceBerkeley: a Berkeley CS188 search function (run.problem:
	// berkeley, run.function) given a search problem by kpuzzle's harness
	// (BerkeleyHarnessFile).
	InterfaceBerkeley = "berkeley"
	// InterfaceJavaAPI: Princeton's Java Board and Solver classes
	// (run.java_api) driven by kpuzzle's harness (JavaHarnessFile).
	InterfaceJavaAPI = "java_api"
)

// The languages an interface's harness fixes (Interface.Language): a
// submission through it is written in its harness's language.
const (
	// LanguagePython: the Python function and Berkeley harnesses.
	LanguagePython = "python"
	// LanguageJava: the Java API harness.
	LanguageJava = "java"
)

// InterfaceNames lists the interfaces' names, the file program first.
var InterfaceNames = []string{InterfaceFile, InterfaceStdin, InterfaceInteractive, InterfaceFunction, InterfaceBerkeley, InterfaceJavaAPI}

// interfaceAliases are other spellings of the interfaces' names that
// [CanonicalInterface] accepts: kpuzzle init's --interface has taken
// python-function and java-api since before the names were shared.
var interfaceAliases = map[string]string{
	"python-function": InterfaceFunction,
	"python_function": InterfaceFunction,
	"java-api":        InterfaceJavaAPI,
	"javaapi":         InterfaceJavaAPI,
}

// CanonicalInterface returns the name of the interface called name (one
// of InterfaceNames, or an alias such as python-function or java-api,
// case-insensitively); ok is false when none is.
func CanonicalInterface(name string) (canonical string, ok bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, found := interfaceAliases[n]; found {
		return a, true
	}
	return n, slices.Contains(InterfaceNames, n)
}

// Interface is one submission interface: everything the grader does
// differently for one way of posing a test to a submission. The
// grader's own kinds are the only implementations (the interface has
// unexported methods); [RunStep.Interface] returns the one of an
// assignment, holding a copy of its run settings.
//
// Invariants the grader relies on, as container/heap relies on its
// hooks:
//   - normalize is called once per Assignment.Normalize, before
//     run.command is parsed, and is idempotent: on an assignment it
//     already normalized it changes nothing and returns nil. It is the
//     only method that may change the assignment, and it fills in the
//     interface's defaults (commands, limits) only where they are empty.
//     It never changes the keys RunStep.Interface reads, so that the
//     normalized assignment has the interface that normalized it.
//   - checkLimits is called after the run limits have their defaults;
//     fits is called on every test an assignment loads. Both only read.
//   - The other methods are called while grading on a normalized
//     assignment's interface, concurrently, and must not change it.
//     HarnessFiles, Env and Stdin depend on the settings and the test
//     only, never on what a submission holds; Checks changes r.Checks
//     alone, and only after a run that started.
type Interface interface {
	// Name is the interface's name, one of InterfaceNames.
	Name() string
	// Language is the language its harness fixes for the submission
	// (LanguagePython, LanguageJava), or "" for a program, which may be
	// written in any (its commands say).
	Language() string
	// HarnessFiles are the files the grader writes into every copy of
	// a submission (its build's and its runs'), replacing a student's
	// file of the same name.
	HarnessFiles() []Harness
	// Env is the environment the run of test t gets after run.env.
	Env(t Test) []string
	// Stdin is what the program reads on standard input in test t: text
	// when it is not nil, else the puzzle file when pipePuzzle, else
	// nothing.
	Stdin(t Test) (text []byte, pipePuzzle bool)
	// Checks adds to r, the result of a run of its test that started,
	// the checks of what the interface's harness left beside the
	// output path (the Java API's method report, the Berkeley harness's
	// expanded states). A check whose record is missing is left out: the
	// report-time checks say so.
	Checks(ctx context.Context, run FinishedRun, r *Result)

	// normalize validates the assignment's run settings for the
	// interface and fills in its defaults.
	normalize(a *Assignment) error
	// checkLimits validates the run limits, which have their defaults.
	checkLimits(a *Assignment) error
	// fits says why test t cannot be posed through the interface.
	fits(t Test) error
}

// Harness is a file of kpuzzle's that an interface copies into a
// submission's copy.
type Harness struct {
	// Template is the file's path in the templates package.
	Template string
	// Name is its name in the submission's copy.
	Name string
}

// FinishedRun is what an interface's Checks may read of a run.
type FinishedRun struct {
	// Test is the run's test.
	Test Test
	// ReadBeside reads the file at the output path with suffix appended,
	// as the grader reads answers: problem is "missing", or says what
	// other than a regular file is there; err is for failures that are
	// not the program's doing.
	ReadBeside func(suffix string) (data []byte, problem string, err error)
	// BerkeleyReference is the reference search of the test (as
	// [BerkeleyReference] makes it), which the caller may keep for
	// other runs of the test.
	BerkeleyReference func(ctx context.Context) (berkeley.Result, error)
}

// Interface is the submission interface of the run settings: Berkeley
// with run.problem, a Python function with run.function, the Java API
// with run.java_api, else a program given run.stdin (interactive when
// run.choices or run.extract read its menu and report) or the puzzle
// file.
func (r RunStep) Interface() Interface {
	p := program{run: r}
	switch {
	case r.Problem != "":
		return berkeleyFunction{p}
	case r.Function != "":
		return pythonFunction{p}
	case r.JavaAPI != "":
		return javaAPI{p}
	case r.Stdin != "" && (len(r.Choices) > 0 || len(r.Extract) > 0):
		return interactiveProgram{p}
	case r.Stdin != "":
		return stdinProgram{p}
	}
	return fileProgram{p}
}

// program is what every interface does unless it says otherwise: no
// harness, no environment, no checks after the run; the puzzle as
// run.stdin writes it, or the puzzle file when run.command has no
// {input}.
type program struct{ run RunStep }

func (program) HarnessFiles() []Harness                      { return nil }
func (program) Language() string                             { return "" }
func (program) Env(Test) []string                            { return nil }
func (program) Checks(context.Context, FinishedRun, *Result) {}
func (program) checkLimits(*Assignment) error                { return nil }
func (program) fits(Test) error                              { return nil }
func (p program) normalize(a *Assignment) error              { return noBerkeleyKeys(a.Run) }

// Stdin is run.stdin's text, else the puzzle file when run.command has
// no {input}.
func (p program) Stdin(t Test) ([]byte, bool) {
	if p.run.Stdin != "" {
		return p.run.StdinFor(t), false
	}
	return nil, !p.run.command.Uses(PlaceInput)
}

// fileProgram is InterfaceFile.
type fileProgram struct{ program }

// Name is InterfaceFile.
func (fileProgram) Name() string { return InterfaceFile }

// stdinProgram is InterfaceStdin.
type stdinProgram struct{ program }

// Name is InterfaceStdin.
func (stdinProgram) Name() string { return InterfaceStdin }

// interactiveProgram is InterfaceInteractive.
type interactiveProgram struct{ program }

// Name is InterfaceInteractive.
func (interactiveProgram) Name() string { return InterfaceInteractive }

// pythonFunction is InterfaceFunction.
type pythonFunction struct{ program }

// Name is InterfaceFunction.
func (pythonFunction) Name() string { return InterfaceFunction }

// Language is LanguagePython.
func (pythonFunction) Language() string { return LanguagePython }

// HarnessFiles is the Python function harness.
func (pythonFunction) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/python_function.py", Name: HarnessFile}}
}

func (pythonFunction) normalize(a *Assignment) error {
	if err := noBerkeleyKeys(a.Run); err != nil {
		return err
	}
	if err := a.Run.functionCommand(HarnessFile); err != nil {
		return err
	}
	if a.Run.JavaAPI != "" {
		if err := checkJavaAPIName(a.Run.JavaAPI); err != nil {
			return err
		}
		return &ConfigError{Key: "run.java_api", Msg: "set with run.function; an assignment grades a Python function or a Java API, not both"}
	}
	return nil
}

// javaAPI is InterfaceJavaAPI.
type javaAPI struct{ program }

// Name is InterfaceJavaAPI.
func (javaAPI) Name() string { return InterfaceJavaAPI }

// Language is LanguageJava.
func (javaAPI) Language() string { return LanguageJava }

// HarnessFiles is the Java API harness.
func (javaAPI) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/KpuzzleHarness.java", Name: JavaHarnessFile}}
}

func (javaAPI) normalize(a *Assignment) error {
	if err := noBerkeleyKeys(a.Run); err != nil {
		return err
	}
	return a.javaAPICommands()
}

func (j javaAPI) fits(t Test) error { return j.run.fitsJavaAPI(t) }

// Checks judges the harness's method report (JavaAPIReportSuffix) and
// puts its checks before the others.
func (javaAPI) Checks(_ context.Context, run FinishedRun, r *Result) {
	data, problem, err := run.ReadBeside(JavaAPIReportSuffix)
	var checks []SubCheck
	switch {
	case err != nil:
		checks = UnreadableAPIReport(err)
	case problem == "missing":
		return
	case problem != "":
		checks = UnreadableAPIReport(fmt.Errorf("it is %s", problem))
	default:
		checks = ReadAPIReport(data, run.Test, *r)
	}
	r.Checks = append(checks, r.Checks...)
}

// berkeleyFunction is InterfaceBerkeley.
type berkeleyFunction struct{ program }

// Name is InterfaceBerkeley.
func (berkeleyFunction) Name() string { return InterfaceBerkeley }

// Language is LanguagePython.
func (berkeleyFunction) Language() string { return LanguagePython }

// HarnessFiles is the Berkeley CS188 harness.
func (berkeleyFunction) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/berkeley_search.py", Name: BerkeleyHarnessFile}}
}

// Env gives the harness the test's goal (BerkeleyGoalEnv).
func (berkeleyFunction) Env(t Test) []string {
	return []string{BerkeleyGoalEnv + "=" + BerkeleyGoal(t)}
}

func (berkeleyFunction) normalize(a *Assignment) error {
	if err := a.berkeleyProblem(); err != nil {
		return err
	}
	return a.Run.functionCommand(BerkeleyHarnessFile)
}

func (berkeleyFunction) checkLimits(a *Assignment) error {
	if a.Run.Output < berkeleyRecordBytes {
		return &ConfigError{Key: "run.output", Msg: fmt.Sprintf("%s, but run.problem: berkeley's record of expanded states takes up to %d bytes; give it 1MiB or more", a.Run.Output, berkeleyRecordBytes)}
	}
	return nil
}

// Checks judges the order of the expanded states the harness recorded
// (ExpandedSuffix) against the reference search, on a solvable test, and
// puts the check after the others; none once ctx has ended.
func (b berkeleyFunction) Checks(ctx context.Context, run FinishedRun, r *Result) {
	if !run.Test.Solvable || ctx.Err() != nil {
		return
	}
	data, problem, err := run.ReadBeside(ExpandedSuffix)
	unreadable := func(why string) SubCheck {
		return SubCheck{Group: CheckGroupSearch, Name: CheckOrder, Detail: "not checked: the harness's record of expanded states is " + why}
	}
	var c SubCheck
	switch {
	case err != nil:
		c = unreadable(fmt.Sprintf("unreadable: %v", err))
	case problem == "missing":
		return
	case problem != "":
		c = unreadable(problem)
	default:
		want, err := run.BerkeleyReference(ctx)
		if err != nil {
			c = SubCheck{Group: CheckGroupSearch, Name: CheckOrder, Detail: "not checked: the reference search failed: " + err.Error()}
		} else {
			c = ReadExpandedOrder(data, want, b.run.Search)
		}
	}
	r.Checks = append(r.Checks, c)
}

// noBerkeleyKeys refuses run.search and run.heuristic without
// run.problem: berkeley.
func noBerkeleyKeys(r RunStep) error {
	switch {
	case r.Search != "":
		return &ConfigError{Key: "run.search", Msg: "set without run.problem: berkeley"}
	case r.Heuristic != "":
		return &ConfigError{Key: "run.heuristic", Msg: "set without run.problem: berkeley"}
	}
	return nil
}

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

// checkJavaAPIName validates run.java_api's value.
func checkJavaAPIName(api string) error {
	if api != JavaAPIPrinceton {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%q: expected princeton (the Board and Solver API)", api)}
	}
	return nil
}

// javaAPICommands fills in the build and run commands and the memory of
// run.java_api.
func (a *Assignment) javaAPICommands() error {
	if err := checkJavaAPIName(a.Run.JavaAPI); err != nil {
		return err
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

// ValidFunctionTarget reports whether s names a Python function as
// run.function does: MODULE:FUNCTION, the module possibly dotted
// (kpuzzle audit --function takes the same).
func ValidFunctionTarget(s string) bool { return functionTarget.MatchString(s) }

// functionCommand turns run.function into the command the runs use: the
// interpreter (run.command, python3 by default) running the harness on
// the target, the puzzle and the answer path. It is idempotent: a
// command it made is recognised and kept.
func (r *RunStep) functionCommand(harness string) error {
	if !functionTarget.MatchString(r.Function) {
		return &ConfigError{Key: "run.function", Msg: fmt.Sprintf("%q: expected MODULE:FUNCTION, such as solver:solve", r.Function)}
	}
	if r.Answer != "" && r.Answer != "file" {
		return &ConfigError{Key: "run.answer", Msg: r.Answer + ", but run.function writes the function's result to the answer file; leave run.answer out"}
	}
	suffix := fmt.Sprintf(" {submission}/%s %s {input} {output}", harness, r.Function)
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
	if r.Problem != ProblemBerkeley {
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
