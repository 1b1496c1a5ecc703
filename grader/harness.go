package grader

import (
	"fmt"
	"regexp"
	"strings"
)

// HarnessFile is the name under which the Python function harness is
// copied into a submission's copy when run.function is set.
const HarnessFile = "kpuzzle_harness.py"

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
