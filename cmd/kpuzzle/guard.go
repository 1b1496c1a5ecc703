package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// harmless are the first arguments that still work inside a grading run:
// they hand out no answer.
var harmless = []string{"version", "--version", "help", "--help", "-h", "completion", "__complete", "__completeNoDesc"}

// refuseInsideRun stops every command but the harmless ones inside a
// kpuzzle sandbox run (see package runguard): one line on errOut and exit
// 2. It returns -1 when the command may go on.
func refuseInsideRun(args []string, errOut io.Writer) int {
	if len(args) > 0 && slices.Contains(harmless, args[0]) {
		return -1
	}
	what := "kpuzzle"
	for _, a := range args {
		if len(a) > 0 && a[0] != '-' {
			what += " " + a
			break
		}
	}
	if err := runguard.Check(what); err != nil {
		fmt.Fprintln(errOut, err.Error())
		return exitUsage
	}
	return -1
}
