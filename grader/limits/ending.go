package limits

import "time"

// Ending is how one run of a program ended against its limits: what the
// sandbox measures (sandbox.Result embeds it) and the grader judges
// (grader.RunOutcome embeds it), one set of fields for both. Exactly one
// of ExitCode >= 0 and Signal != "" holds for a program that was
// started.
type Ending struct {
	// ExitCode is the program's exit status, or -1 if it was killed by a
	// signal.
	ExitCode int
	// Signal names the signal that killed the program, such as "SIGKILL"
	// or "SIGSEGV"; empty if it exited.
	Signal string

	// TimedOut reports that WallTime was exceeded and the tree was killed.
	TimedOut bool
	// CPUExceeded reports that a process reached the CPUTime limit (it
	// died of SIGXCPU, or of SIGKILL after using at least CPUTime).
	CPUExceeded bool
	// MemoryExceeded is a best-effort report that the program failed
	// because an allocation was refused under Memory. The kernel does not
	// record this, so the sandbox infers it from a failed run whose stdout
	// or stderr carries a runtime's out-of-memory message (Python
	// MemoryError, C++ std::bad_alloc, Java OutOfMemoryError and the JVM's
	// start-up failures, Go and glibc "out of memory", strerror "Cannot
	// allocate memory"). A C program that dereferences a NULL malloc
	// result dies of SIGSEGV and is not flagged; a program that prints
	// such a message and then fails for another reason is.
	MemoryExceeded bool
	// FileSizeExceeded reports that a process was killed by SIGXFSZ for
	// writing past the file-size cap (FileCap).
	FileSizeExceeded bool
	// DiskExceeded reports that the run took more than Disk of disk
	// (DiskUsed) and was stopped, or was found over it at the end.
	DiskExceeded bool
	// DiskUsed is the most disk space the run was seen to take.
	DiskUsed ByteSize
	// DiskFull reports that the file system of the working folder (or,
	// without namespaces, of the temporary folder) had less than 1 MiB or
	// 16 inodes left for the program at some moment of the run: a failure
	// of a run not over Disk is then likely another's doing.
	DiskFull bool
	// StdoutTruncated and StderrTruncated report that the stream was
	// longer than Output and its tail was discarded.
	StdoutTruncated, StderrTruncated bool

	// Stdout and Stderr hold the first Output bytes of each stream.
	Stdout, Stderr []byte

	// Wall is the real time from start to the end of the tree.
	Wall time.Duration
	// CPU is the user plus system time of every process of the tree that
	// was reaped (all of them, unless the sandbox had to be killed hard).
	CPU time.Duration
}

// Success reports whether the program exited with status 0 within its
// time limit.
func (e *Ending) Success() bool { return e.ExitCode == 0 && e.Signal == "" && !e.TimedOut }
