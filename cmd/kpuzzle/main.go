// Command kpuzzle is the sliding-tile puzzle autograder and course
// toolkit. See doc.go and the user guide under docs/.
package main

import (
	"os"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

func main() {
	// kpuzzle grade and audit --cmd run students' programs through the
	// sandbox, which re-executes this binary as its helper; in a helper,
	// Init does the helper's work and never returns.
	sandbox.Init()
	invocation = currentInvocation()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
