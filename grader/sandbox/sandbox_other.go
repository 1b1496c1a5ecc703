//go:build !linux

package sandbox

import (
	"context"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

// Run is not supported on this platform; it returns ErrUnsupported.
func Run(ctx context.Context, spec Spec) (Result, error) {
	return Result{Ending: limits.Ending{ExitCode: -1}}, ErrUnsupported
}

// Probe reports LevelNone on this platform.
func Probe() Isolation {
	return Isolation{Level: LevelNone, UID: -1, Reason: ErrUnsupported.Error()}
}

// IsolationFor reports LevelNone on this platform.
func IsolationFor(spec Spec) (Isolation, error) { return Probe(), nil }

// Inspect is not supported on this platform; it returns ErrUnsupported.
func Inspect(ctx context.Context, spec Spec, targets Targets) (Inspection, error) {
	return Inspection{Isolation: Probe()}, ErrUnsupported
}

func helperMain() int { return 125 }

func isUIDProbe() bool { return false }

func uidProbeMain() int { return 125 }

// LeaseUID is not supported on this platform; it returns ErrUnsupported.
func LeaseUID(hint int) (*Lease, error) { return nil, ErrUnsupported }

// Release does nothing on this platform.
func (l *Lease) Release() {}
