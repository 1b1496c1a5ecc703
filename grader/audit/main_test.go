package audit_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

// TestMain lets the tests run heuristic programs through the sandbox,
// which re-executes the test binary as its helper.
func TestMain(m *testing.M) { sandboxtest.Main(m) }
