package report

import (
	"slices"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// BuildOutput is a failed build's message and output, shown once per
// submission: every test of the submission fails with the same build, so
// its tests refer to it rather than repeating the compiler's output.
type BuildOutput struct {
	// Summary is the build's one-line verdict ("the build step javac
	// *.java exited with status 1"); Details the end of its stderr and
	// stdout.
	Summary string
	Details []string
}

// BuildRef is what a test whose build failed says instead of repeating
// the build's output.
const BuildRef = "(the build's output is shown once, under Build, for every test)"

// buildOutput finds the failed build of a submission's results: the first
// build-failed result with output.
func buildOutput(results []grader.Result) *BuildOutput {
	for _, r := range results {
		if r.Verdict == check.BuildFailed && len(r.Details) > 0 {
			return &BuildOutput{Summary: r.Summary, Details: r.Details}
		}
	}
	return nil
}

// sharesBuild reports whether r repeats the build b: its output is then
// shown once, under b.
func sharesBuild(b *BuildOutput, r grader.Result) bool {
	return b != nil && r.Verdict == check.BuildFailed && r.Summary == b.Summary && slices.Equal(r.Details, b.Details)
}
