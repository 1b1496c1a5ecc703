package limits_test

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

// An assignment that sets run.wall_time and run.memory only: the CPU time
// follows the wall time, the rest are the run defaults, and files are
// capped at the output cap.
func ExampleLimits_WithDefaults() {
	wall, _ := limits.ParseDuration("5s")
	mem, _ := limits.ParseByteSize("2GiB")
	l := limits.Limits{WallTime: wall, Memory: mem}.WithDefaults(limits.RunDefaults())
	fmt.Println(l.WallTime, l.CPUTime, l.Memory, l.Processes, l.Output, l.FileCap(), l.Disk)
	fmt.Println(l.Validate(limits.Minimum()))
	// Output:
	// 5s 5s 2GiB 64 1MiB 1MiB 256MiB
	// <nil>
}

// Validate names the field of a limit no run can have, for the caller to
// turn into its own error (the grader's names the key, run.memory).
func ExampleLimits_Validate() {
	err := limits.Limits{Memory: 4096}.WithDefaults(limits.RunDefaults()).Validate(limits.Minimum())
	fmt.Println(err)
	// Output: limit memory: 4KiB is too small; expected at least 1MiB
}
