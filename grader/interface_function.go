package grader

import (
	"fmt"
	"regexp"
	"strings"
)

// KindFunction: a Python function (run.function) called by
// kpuzzle's harness (HarnessFile).
const KindFunction = "function"

// HarnessFile is the name under which the Python function harness is
// copied into a submission's copy when run.function is set.
const HarnessFile = "kpuzzle_harness.py"

// pythonFunction is KindFunction.
type pythonFunction struct{ program }

// Name is KindFunction.
func (pythonFunction) Name() string { return KindFunction }

// Title is what it grades.
func (pythonFunction) Title() string { return "a Python function" }

// Aliases are kpuzzle init's spellings.
func (pythonFunction) Aliases() []string { return []string{"python-function", "python_function"} }

// Language is LanguagePython.
func (pythonFunction) Language() string { return LanguagePython }

// HarnessFiles is the Python function harness.
func (pythonFunction) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/python_function.py", Name: HarnessFile}}
}

// Starter is a Python module whose solve(board) kpuzzle's harness
// calls.
func (pythonFunction) Starter() Starter {
	return Starter{Name: "python-function", Title: "a Python function solve(board)",
		Help:      "solve(board) in solver.py, called by kpuzzle's harness",
		Languages: []string{"python"},
		Adapt: func(c StarterCode, wallTime string) StarterCode {
			c.Run = []string{`function: "solver:solve"`, `command: python3        # the interpreter that runs kpuzzle's harness and imports solver.py`,
				"wall_time: " + wallTime, "memory: 1GiB"}
			c.Usage = "solve(board) in solver.py"
			c.Local = "python3 solver.py puzzles/%s > answer.txt"
			return c
		}}
}

func (pythonFunction) selects(r RunStep) bool { return r.Function != "" }
func (pythonFunction) selector() string       { return "run.function" }
func (pythonFunction) with(p program) Kind    { return pythonFunction{p} }

// expects is the function's module.
func (f pythonFunction) expects() []string { return []string{f.run.FunctionModuleFile()} }

func (pythonFunction) normalize(a *Assignment) error {
	return a.Run.functionCommand(HarnessFile)
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
