package sandboxtest

import (
	"os"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// Main is a complete TestMain for a package whose tests run programs
// through the sandbox:
//
//	func TestMain(m *testing.M) { sandboxtest.Main(m) }
//
// It calls sandbox.Init (which never returns in a sandbox helper, so the
// helper never runs tests), then runs the tests and exits with their status.
// A test binary started by Container becomes the container's command
// instead.
func Main(m *testing.M) {
	enterContainer()
	sandbox.Init()
	os.Exit(m.Run())
}
