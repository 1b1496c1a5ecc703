package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/isolation"
)

// DefaultPath is the PATH of the default environment used when Spec.Env is
// nil.
const DefaultPath = "/usr/local/bin:/usr/bin:/bin"

// NobodyID is the user and group ID the program runs as when Run is called
// by root and Spec.UID is zero: the conventional unprivileged "nobody"
// account.
const NobodyID = 65534

// Limits bounds one run: the limits of package limits, the grader's too.
// A zero field takes the run defaults (limits.RunDefaults: 10 s of wall
// time and a CPU time equal to the wall time, 1 GiB of address space, 64
// processes, 1 MiB of output and files, 256 MiB of disk); negative fields
// are invalid. How Run enforces each is in the package documentation
// (Limits).
type Limits = limits.Limits

// withDefaults returns l with zero fields replaced by the run defaults,
// or an error if a field is negative.
func withDefaults(l Limits) (Limits, error) {
	if err := l.Validate(Limits{}); err != nil {
		return l, fmt.Errorf("sandbox: %w", err)
	}
	return l.WithDefaults(limits.RunDefaults()), nil
}

// cpuSeconds is l.CPUTime rounded up to whole seconds, at least one: the
// kernel's RLIMIT_CPU.
func cpuSeconds(l Limits) uint64 {
	s := uint64((l.CPUTime.Std() + time.Second - 1) / time.Second)
	return max(s, 1)
}

// Spec describes one run of an untrusted program.
type Spec struct {
	// Argv is the program and its arguments. Argv[0] is looked up in the
	// PATH of Env when it contains no slash; a relative path with a slash
	// is relative to Dir. Callers with a shell command line run
	// []string{"/bin/sh", "-c", cmd}. With namespaces, the program and
	// the absolute paths among its arguments that lie in a folder the run
	// gets a private copy of (/tmp, /var/tmp, /dev/shm) stay visible,
	// read-only, as ReadOnly paths would, unless they are concealed: a
	// course folder, or tools, under /tmp work as they do elsewhere.
	Argv []string

	// Dir is the working directory: a fresh throwaway directory prepared
	// by the caller. Run makes it writable by the program (when run as
	// root it changes the directory's owner to NobodyID; files inside are
	// left alone). With namespaces the program sees Dir at the same path
	// even when an ancestor is hidden or not searchable; without them the
	// program starts inside Dir, but absolute paths into Dir work only if
	// every ancestor is searchable by NobodyID.
	Dir string

	// Env is the program's complete environment; nothing is inherited
	// from the caller. A nil Env means PATH=DefaultPath, HOME=Dir and
	// LANG=C.UTF-8; an empty non-nil Env means no variables at all.
	Env []string

	// Stdin is the program's standard input; nil means /dev/null.
	Stdin io.Reader

	// Limits bounds the run.
	Limits Limits

	// Conceal lists host paths the program must not see: answer keys, other
	// submissions, the grader's own files. With namespaces, each existing
	// directory is covered by an empty read-only tmpfs and each file by an
	// empty read-only node; Dir and ReadOnly paths inside a hidden path
	// stay visible. Without namespaces Conceal is not enforced (see
	// Isolation). Paths that do not exist are ignored.
	Conceal []string

	// ReadOnly lists host paths the program may read but not modify, even
	// where file permissions would allow it; with namespaces they are
	// visible even inside a hidden path. Without namespaces ReadOnly is
	// not enforced.
	ReadOnly []string

	// PrivateDir, with namespaces, makes the working folder a file system
	// of the run's own: a tmpfs of Limits.Disk (one inode per 4 KiB)
	// over Dir, holding a copy of Dir's contents, whose contents replace
	// Dir's when every process of the run is gone. The program cannot then
	// write more than Limits.Disk there, nor fill or watch (with statfs) the
	// file system other runs use; the caller sees what it wrote only once
	// Run returns (not at all if the helper had to be killed hard, after
	// WallTime and a grace of 2 s). Without namespaces it changes nothing.
	PrivateDir bool

	// AllowNetwork keeps the host's network. By default the program gets
	// a network namespace of its own with only a loopback device that is
	// down, so no connection can be made, not even to 127.0.0.1.
	AllowNetwork bool

	// Isolation chooses the isolation: the strongest the machine supports
	// (ChooseAuto, the zero value), namespaces or an error (
	// ChooseNamespaces), or the fallback as if the kernel had refused
	// namespaces (ChooseRlimits), for tests and for hosts whose namespaces
	// misbehave.
	Isolation Choice

	// UID is the host user (and group) ID the program runs as when the
	// caller is root; zero means NobodyID. Concurrent runs without
	// namespaces must have distinct IDs, so that they cannot signal,
	// trace or starve each other, nor read each other's files: Run refuses
	// a UID that another fallback run of this process is using. Without
	// namespaces Run also kills every process of this UID and removes what
	// it left in the host's world-writable folders when the run ends, so
	// the UID must belong to no one else (see FirstRunUID). Ignored when
	// the caller is not root (the program then runs as the caller's uid).
	UID int
}

// Choice is the isolation a caller asks for; its names live in package
// isolation, which the grader reads assignments with.
type Choice = isolation.Choice

// Isolation choices.
const (
	// ChooseAuto takes the strongest isolation the machine supports.
	ChooseAuto = isolation.Auto
	// ChooseNamespaces requires LevelNamespaces; Run fails where the
	// machine cannot give it.
	ChooseNamespaces = isolation.Namespaces
	// ChooseRlimits forces LevelRlimits.
	ChooseRlimits = isolation.Rlimits
)

// ParseChoice reads "auto", "namespaces" or "rlimits" (empty is auto).
func ParseChoice(s string) (Choice, error) { return isolation.Parse(s) }

// Lease is a uid of the run range (FirstRunUID ...) reserved for one
// caller across every process of the machine, through an exclusive lock on
// a file in a folder only root may use. Two graders (or two shards of one
// grading) on one machine therefore never give runs the same uid, so that
// neither can signal the other's runs or, without namespaces, have them
// killed by the other's scrubbing. The kernel drops the lock when the
// process dies. Graders in other containers on the same kernel have lock
// folders of their own: LeaseUID also skips a uid that any process on the
// kernel has (see LeaseUID).
type Lease struct {
	// UID is the reserved uid (and gid).
	UID  int
	file *os.File
}

// FirstRunUID and RunUIDs document the host user IDs graders give
// concurrent runs (Spec.UID): FirstRunUID, FirstRunUID+1, ... one per run
// at a time, at most RunUIDs of them. The range lies above the ranges
// that useradd gives to subordinate IDs (100000-600100000) and that
// systemd gives to containers (524288-1879048191), below 2^31, and is not
// allocated to any account by Debian, Ubuntu or RHEL, so that a program
// running under one of them owns nothing on the host but its own run.
const (
	FirstRunUID = 1_990_000_000
	RunUIDs     = 10_000
)

// ScrubberUID is the real and saved user ID of the thread that kills the
// processes of a run without namespaces once it has ended (its effective
// user ID is then the run's): no run and no account has it, so that the
// kill reaches the run's processes alone and they cannot signal the
// killer. It lies just below the run range.
const ScrubberUID = FirstRunUID - 1

// Result says how a run ended: the Ending every run has (exit status,
// the limits it reached, its output and times), measured here and judged
// by the grader, and what only the sandbox knows.
type Result struct {
	limits.Ending

	// MaxRSS is the largest resident set size of any process of the tree,
	// in bytes.
	MaxRSS int64

	// Wait is how long the run's processes waited for a CPU (CPUWait).
	Wait CPUWait

	// Isolation is the isolation that applied to this run.
	Isolation Isolation

	// Executed lists the programs the run executed or tried to, each
	// once with how many times, as the sandbox saw them just before the
	// kernel executed them (see Execution): at most 32, ExecutedMore counting
	// the others. WatchErr says why they could not be watched (a kernel
	// before Linux 5.5); Executed is then empty.
	Executed     []Execution
	ExecutedMore int
	WatchErr     string
}

// Level is a degree of isolation.
type Level int

const (
	// LevelNone means the sandbox cannot run programs at all, for example
	// because Init was not called or the platform is not Linux.
	LevelNone Level = iota
	// LevelRlimits is the fallback: resource limits, a process group and
	// session of the program's own, a subreaper that kills every
	// descendant, (when the caller is root) a uid of the run's own, and a
	// seccomp filter that allows no sockets but Unix ones (unless
	// AllowNetwork) and no System V IPC. There is no mount or PID
	// isolation: Conceal and ReadOnly are not enforced, so what the program
	// must not read has to be unreadable by its uid (see Inspect).
	LevelRlimits
	// LevelNamespaces adds user, PID, mount, IPC, UTS, cgroup and (unless
	// AllowNetwork) network namespaces to LevelRlimits: Conceal and ReadOnly
	// are enforced, the whole file system is read-only but for Dir and
	// private /tmp, /var/tmp and /dev/shm, /proc shows only the program's
	// own processes, and killing the namespace's init kills every process
	// of the run.
	LevelNamespaces
)

var levelNames = [...]string{"none", "rlimits", "namespaces"}

// String returns "none", "rlimits" or "namespaces".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// MarshalText encodes the level as its name, so JSON results read well.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText decodes a level name written by MarshalText.
func (l *Level) UnmarshalText(b []byte) error {
	for i, name := range levelNames {
		if string(b) == name {
			*l = Level(i)
			return nil
		}
	}
	return fmt.Errorf("sandbox: unknown isolation level %q", b)
}

// Isolation describes the isolation of a run, or what a machine supports.
type Isolation struct {
	// Level is the degree of isolation.
	Level Level `json:"level"`
	// Network reports that the program had no network access.
	Network bool `json:"network"`
	// UID is the host user ID the program ran as (-1 if unknown).
	UID int `json:"uid"`
	// Reason explains, for a human, anything weaker than full namespace
	// isolation with an unprivileged uid; empty otherwise. A grader should
	// print it as a warning.
	Reason string `json:"reason,omitempty"`
}

// Degraded reports whether the isolation is weaker than LevelNamespaces
// with its own unprivileged uid, in which case Reason says why.
func (i Isolation) Degraded() bool { return i.Reason != "" }

// String summarises the isolation on one line.
func (i Isolation) String() string {
	s := fmt.Sprintf("%v, uid %d", i.Level, i.UID)
	if i.Network {
		s += ", no network"
	}
	if i.Reason != "" {
		s += " (" + i.Reason + ")"
	}
	return s
}

// ErrNoInit is returned by Run when the process did not call Init first
// thing in main (or, in tests, in TestMain), so the sandbox helper cannot be
// started.
var ErrNoInit = errors.New("sandbox: Init was not called at the start of main")

// ErrUnsupported is returned by Run on platforms other than Linux.
var ErrUnsupported = errors.New("sandbox: not supported on this platform")

// StartError reports that the program could not be started: Argv[0] was
// not found, not executable or not a valid executable. Run returns it with
// a Result whose ExitCode is -1.
type StartError struct {
	Path string // Argv[0]
	Err  error  // for example exec.ErrNotFound or syscall.EACCES
}

func (e *StartError) Error() string { return "sandbox: start " + e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *StartError) Unwrap() error { return e.Err }
