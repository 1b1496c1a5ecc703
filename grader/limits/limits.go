package limits

import (
	"fmt"
	"time"
)

// Limits bound one run of an untrusted program: a test or the build of a
// submission, a heuristic command of the auditor. A zero field takes its
// default (WithDefaults); a negative one is an error (Validate). The JSON
// names are the assignment's keys (run.wall_time, build.memory, ...).
type Limits struct {
	// WallTime is the real time the run may take, counted from the start
	// of the sandbox (so it includes the few milliseconds of setup). When
	// it is exceeded the whole process tree is killed. It bounds the tree
	// as a whole.
	WallTime Duration `json:"wall_time"`

	// CPUTime is the processor time a run may use; zero means WallTime.
	// The sandbox stops each process at it (RLIMIT_CPU): the kernel counts
	// whole seconds, so the limit is rounded up to the next second (at
	// least one), and a process that reaches it receives SIGXCPU, then
	// SIGKILL one second later if it ignores that. The grader also judges
	// a test by the CPU time of every process and thread together, to the
	// millisecond, after the run; the build only by the kernel's per
	// process limit.
	CPUTime Duration `json:"cpu_time"`

	// Memory caps the address space of each process (RLIMIT_AS). Address
	// space is not resident memory: runtimes that reserve large regions
	// up front need a larger value or flags that shrink the reservation.
	// Measured with OpenJDK 17: a plain "java" needs about 4 GiB on a
	// 24 GiB machine (G1, a 1 GiB class space, and a heap reservation of
	// a quarter of RAM); under the 1 GiB default it starts with -Xmx256m
	// -XX:+UseSerialGC -XX:CompressedClassSpaceSize=64m
	// -XX:ReservedCodeCacheSize=64m. CPython, g++ and Go programs run
	// under the default.
	Memory ByteSize `json:"memory"`

	// Processes caps the number of processes and threads the program may
	// have at once (RLIMIT_NPROC), which stops fork bombs. Threads count:
	// a JVM needs a few dozen on a small machine and more on a large one.
	Processes int `json:"processes"`

	// Output caps each of stdout and stderr (the sandbox reads the streams
	// while the program runs and discards bytes past the cap, without
	// stopping the program) and, unless FileSize is set, each file the
	// program writes, the answer file among them.
	Output ByteSize `json:"output"`

	// Disk caps the disk space of a run: what its working folder holds
	// and, without namespaces, what its uid owns in the host's
	// world-writable folders (with namespaces /tmp, /var/tmp and /dev/shm
	// are tmpfs of the run's own, bounded by their size). Every file and
	// folder counts at least 4 KiB, so that a flood of empty files is
	// bounded too. A run found over it is stopped like a run out of time.
	Disk ByteSize `json:"disk"`

	// FileSize caps the size of any file the program writes
	// (RLIMIT_FSIZE); zero means Output (FileCap). A write past it fails
	// and the process receives SIGXFSZ, which kills it unless it ignores
	// the signal (then the write fails with EFBIG). An assignment has no
	// key for it: its answer file is capped by run.output.
	FileSize ByteSize `json:"-"`
}

// FileCap is the size cap of each file the program writes: FileSize, or
// Output when FileSize is zero.
func (l Limits) FileCap() ByteSize {
	if l.FileSize != 0 {
		return l.FileSize
	}
	return l.Output
}

// RunDefaults are the limits of a test of a submission where the
// assignment gives none (run.*), and of any sandbox run where its caller
// gives none: 10 s of real time and as much CPU time, 1 GiB of address
// space, 64 processes, 1 MiB of output and files, 256 MiB of disk.
func RunDefaults() Limits {
	return Limits{WallTime: Duration(10 * time.Second), Memory: 1 << 30, Processes: 64, Output: 1 << 20, Disk: 256 << 20}
}

// BuildDefaults are the limits of the build of a submission where the
// assignment gives none (build.*): 2 min of real time and as much CPU
// time, 2 GiB of address space, 256 processes, 1 MiB of output and
// files, 1 GiB of disk.
func BuildDefaults() Limits {
	return Limits{WallTime: Duration(2 * time.Minute), Memory: 2 << 30, Processes: 256, Output: 1 << 20, Disk: 1 << 30}
}

// Minimum is the least an assignment may give a run (Validate): 10 ms of
// real and CPU time and 1 MiB of address space.
func Minimum() Limits {
	return Limits{WallTime: Duration(10 * time.Millisecond), CPUTime: Duration(10 * time.Millisecond), Memory: 1 << 20}
}

// WithDefaults returns l with each zero field replaced by def's, and a
// zero CPUTime by the wall time (l's, or def's when l has none). Negative
// fields are kept, for Validate to report.
func (l Limits) WithDefaults(def Limits) Limits {
	orDefault(&l.WallTime, def.WallTime)
	orDefault(&l.CPUTime, l.WallTime)
	orDefault(&l.Memory, def.Memory)
	orDefault(&l.Processes, def.Processes)
	orDefault(&l.Output, def.Output)
	orDefault(&l.Disk, def.Disk)
	orDefault(&l.FileSize, def.FileSize)
	return l
}

// orDefault sets *v to def when it is zero.
func orDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// FieldError reports a limit no run can have. Field is its name as an
// assignment key within its section ("memory", "wall_time"; "file_size"
// for FileSize), so that a caller can name the key ("run.memory").
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return "limit " + e.Field + ": " + e.Msg }

// Validate reports, as a *FieldError, the first limit of l that is
// negative or, for the wall time, the CPU time and the memory, below
// least's (a zero field of least allows anything but a negative value;
// least's other fields are not used), in the order processes, memory,
// wall_time, cpu_time, output, disk, file_size. Callers check limits after
// WithDefaults, so that a zero field is a default, not a mistake: the
// grader with Minimum, the sandbox with Limits{}.
func (l Limits) Validate(least Limits) error {
	switch {
	case l.Processes < 0:
		return &FieldError{"processes", fmt.Sprintf("%d: expected a positive number", l.Processes)}
	case least.Memory > 0 && l.Memory < least.Memory:
		return &FieldError{"memory", fmt.Sprintf("%s is too small; expected at least %s", l.Memory, least.Memory)}
	case l.Memory < 0:
		return negative("memory", l.Memory)
	case least.WallTime > 0 && l.WallTime < least.WallTime:
		return &FieldError{"wall_time", fmt.Sprintf("%s is too short; expected at least %s", l.WallTime, least.WallTime)}
	case l.WallTime < 0:
		return negative("wall_time", l.WallTime)
	case least.CPUTime > 0 && l.CPUTime < least.CPUTime:
		return &FieldError{"cpu_time", fmt.Sprintf("%s is too short; expected at least %s", l.CPUTime, least.CPUTime)}
	case l.CPUTime < 0:
		return negative("cpu_time", l.CPUTime)
	case l.Output < 0:
		return negative("output", l.Output)
	case l.Disk < 0:
		return negative("disk", l.Disk)
	case l.FileSize < 0:
		return negative("file_size", l.FileSize)
	}
	return nil
}

func negative(field string, v fmt.Stringer) error {
	return &FieldError{field, fmt.Sprintf("%s is negative; expected 0 or more", v)}
}
