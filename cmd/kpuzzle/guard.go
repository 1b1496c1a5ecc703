package main

import (
	"slices"

	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// harmless are the first arguments that still work inside a grading run:
// they hand out no answer.
var harmless = []string{"version", "--version", "help", "--help", "-h", "completion", "__complete", "__completeNoDesc"}

// refuseInsideRun stops every command but the harmless ones inside a
// kpuzzle sandbox run (see package runguard): a usage error (one line,
// exit 2, and the JSON error with --json) naming the command. nil when
// the command may go on.
func refuseInsideRun(args []string) error {
	if len(args) > 0 && slices.Contains(harmless, args[0]) {
		return nil
	}
	what := "kpuzzle"
	for _, a := range args {
		if len(a) > 0 && a[0] != '-' {
			what = a
			break
		}
	}
	if err := runguard.Check(what); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}
