//go:build linux

package sandbox

import "testing"

// TestKillAsUIDRefusesRoot: killing every process of uid 0, or of the
// scrubber's uid, is never what a caller means.
func TestKillAsUIDRefusesRoot(t *testing.T) {
	for _, uid := range []int{0, -1, ScrubberUID} {
		if err := killAsUID(uid); err == nil {
			t.Errorf("killAsUID(%d) = nil, want a refusal", uid)
		}
	}
}
