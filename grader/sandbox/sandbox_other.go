//go:build !linux

package sandbox

import "context"

// Run is not supported on this platform; it returns ErrUnsupported.
func Run(ctx context.Context, spec Spec) (Result, error) {
	return Result{ExitCode: -1}, ErrUnsupported
}

// Probe reports LevelNone on this platform.
func Probe() Isolation {
	return Isolation{Level: LevelNone, UID: -1, Reason: ErrUnsupported.Error()}
}

func helperMain() int { return 125 }
