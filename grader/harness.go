package grader

import (
	"fmt"
	"regexp"
	"strings"
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
	if a.Run.Answer == "stdout" {
		return &ConfigError{Key: "run.answer", Msg: "stdout, but run.java_api writes solution() to the answer file; leave run.answer out"}
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
	if r.Answer == "stdout" {
		return &ConfigError{Key: "run.answer", Msg: "stdout, but run.function writes the function's result to the answer file; leave run.answer out"}
	}
	suffix := fmt.Sprintf(" {submission}/%s %s {input} {output}", HarnessFile, r.Function)
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
