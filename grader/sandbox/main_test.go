package sandbox_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }
