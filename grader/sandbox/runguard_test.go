package sandbox_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// The reference solver recognises a run by its uid range, which it keeps
// a copy of so as not to import the sandbox: both must agree.
func TestRunUIDRangeMatchesRunguard(t *testing.T) {
	if sandbox.FirstRunUID != runguard.FirstRunUID || sandbox.RunUIDs != runguard.RunUIDs {
		t.Errorf("sandbox run uids %d+%d, runguard %d+%d", sandbox.FirstRunUID, sandbox.RunUIDs, runguard.FirstRunUID, runguard.RunUIDs)
	}
}
