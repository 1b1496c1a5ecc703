package integrity

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// Findings of what a run executed, as a student may read them.
const (
	FindExecutedMemory     = "the run tried to execute a memory file, which is neither the course's program nor the submission's as built"
	FindExecutedWritten    = "the run tried to execute a file it wrote itself, which is neither the course's program nor the submission's as built"
	FindExecutedUnexamined = "the run tried to execute a program the grader could not examine"
	FindExecutedKpuzzle    = "the run tried to execute a build of kpuzzle"
)

// Executions turns what a test's run executed, or tried to (an execve
// that failed is seen too: sandbox.Result.Executed), into the test's
// findings: each program from a memory file, written by the run itself,
// or that the sandbox could not examine, and each build of kpuzzle
// wherever it came from (a copy of the public kpuzzle is named
// when it runs, whatever the program did to it or to the guard, except by
// the race docs/security.md describes). An ordinary program of the course
// or of the submission gives none. When the run's executions were not
// watched (watchErr), one notice says so: its grade may miss what it ran.
func Executions(executed []sandbox.Execution, more int, watchErr string) []grader.IntegrityFinding {
	var out []grader.IntegrityFinding
	if watchErr != "" {
		out = append(out, grader.IntegrityFinding{File: "(the run)", Finding: "not inspected: " + watchErr, Notice: true})
	}
	for _, e := range executed {
		var what []string
		if isKpuzzleModule(e.GoModule) {
			what = append(what, FindExecutedKpuzzle)
		}
		switch e.Origin {
		case sandbox.OriginMemory:
			what = append(what, FindExecutedMemory)
		case sandbox.OriginWritten:
			what = append(what, FindExecutedWritten)
		case sandbox.OriginUnexamined:
			what = append(what, FindExecutedUnexamined+" ("+clip(e.Detail, 200)+")")
		}
		if len(what) == 0 {
			continue
		}
		finding := strings.Join(what, "; ")
		if e.File != "" && e.File != e.Path {
			finding += " (" + clip(e.File, 200) + ")"
		}
		if e.Count > 1 {
			finding += fmt.Sprintf(", %d times", e.Count)
		}
		out = append(out, grader.IntegrityFinding{File: clip(e.Path, 300), Finding: finding})
	}
	if more > 0 {
		out = append(out, grader.IntegrityFinding{File: "(the run)", Finding: fmt.Sprintf("and %d more programs executed, not examined one by one", more), Notice: true})
	}
	return out
}

// isKpuzzleModule reports whether a Go program's main module is kpuzzle's.
func isKpuzzleModule(path string) bool {
	return path == Module || strings.HasPrefix(path, Module+"/")
}
