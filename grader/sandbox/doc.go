// Package sandbox runs untrusted programs (student submissions, heuristic
// commands) with limits and isolation, and reports how they ended.
//
// One call does everything:
//
//	res, err := sandbox.Run(ctx, sandbox.Spec{
//		Argv:   []string{"python3", "solver.py", "puzzle.txt", "answer.txt"},
//		Dir:    workDir, // fresh, throwaway, prepared by the caller
//		Conceal:   []string{answerKeys, submissionsRoot},
//		Limits: sandbox.Limits{WallTime: limits.Duration(5 * time.Second)},
//	})
//
// err is non-nil only for failures of the sandbox or of the caller (see
// Run); whatever the program does is described by the Result.
//
// # The Init contract
//
// Go cannot run code between fork and exec, so Run re-executes the current
// binary (/proc/self/exe) as a small helper that becomes init of the new
// namespaces, builds the program's view of the file system, starts the
// program, sets its limits, reaps every process of the run and reports back
// over a pipe. For this to work, every binary that calls Run must call Init
// as the very first statement of main:
//
//	func main() {
//		sandbox.Init()
//		os.Exit(run())
//	}
//
// In a helper, Init does the helper's work and exits; it never returns.
// Everywhere else it returns at once. Run returns ErrNoInit if Init has not
// been called, so a forgotten hook cannot make a binary re-execute its own
// main. Test binaries are binaries too: a package whose tests call Run
// needs
//
//	func TestMain(m *testing.M) { sandboxtest.Main(m) }
//
// (package sandboxtest). Package-level initialisation of the binary runs
// again in every helper, so it must be cheap and free of side effects.
//
// # Isolation
//
// Probe reports what the machine supports; Result.Isolation what a run
// got. With LevelNamespaces the helper is created in new user, PID, mount,
// IPC, UTS and cgroup namespaces, and a network namespace with only a
// loopback device that is down unless Spec.AllowNetwork. Inside:
//
//   - every mount is private; /tmp, /var/tmp and /dev/shm are fresh tmpfs
//     (64 MiB); each Conceal path is covered by an empty read-only tmpfs (or
//     /dev/null for a file); ReadOnly paths are re-mounted read-only; Dir
//     and ReadOnly paths stay visible at their own paths even inside a
//     hidden directory or under a directory the program could not search;
//     /proc is a fresh procfs showing only the run's processes;
//   - when the caller is root, the program runs as NobodyID (65534) with
//     identity uid/gid maps, no capabilities (empty bounding set), no
//     supplementary groups and no_new_privs, and Dir is chowned to it. Its
//     processes are counted against RLIMIT_NPROC per user namespace, so the
//     limit bites (the kernel exempts only the host's uid 0) and concurrent
//     runs do not share a count. A caller that is not root can map only its
//     own uid: the program then runs as that uid, without capabilities;
//   - the helper is the namespace's init: when it dies, the kernel kills
//     every process of the run, so nothing survives a timeout, a
//     cancellation or the grader's own death (the helper has a parent-death
//     signal).
//
// When namespaces are unavailable (or Spec.NoNamespaces is set) Run falls
// back to LevelRlimits: the same limits and uid change, a session and
// process group of the program's own, and a helper that is a child
// subreaper and kills every descendant it inherits. When the caller is
// root, every process of the run's uid is also killed at once with
// kill(-1, SIGKILL) from a thread that takes the uid as effective uid
// (see ScrubberUID), which a program that forks and exits in a loop cannot
// outrun. Conceal, ReadOnly and the
// network are then not isolated, and Isolation.Reason says so; a grader
// should print it as a warning.
//
// # What a run executes
//
// The run's seccomp filter denies the program seccomp filters of its own
// and sends every execve and execveat to a supervisor in the helper
// (seccomp user notification), which resolves the path as the program
// would, examines the file before the kernel executes it, and lets the
// call go on: Result.Executed lists what the run executed or tried to,
// each with its Origin (a file of the host or the submission, one the
// run wrote, a memory file) and, for a Go program, its main module. The
// supervisor also refuses PTRACE_TRACEME to the program. Where the
// kernel has no seccomp user notification, Result.WatchErr says so.
//
// # Limits
//
// Limits are the limits of package limits, the grader's too: a limit a
// caller leaves zero takes the run default (limits.RunDefaults: 10 s of
// wall time and as much CPU time, 1 GiB of address space, 64 processes,
// 1 MiB of output and files, 256 MiB of disk). They map to Linux
// mechanisms as follows; all rlimits are set on the program (stopped with
// ptrace right after execve, then released) and inherited by its
// children:
//
//	WallTime   timer in the caller; SIGTERM to the helper, which kills and reaps the tree; SIGKILL after 2 s
//	CPUTime    RLIMIT_CPU, whole seconds, per process: SIGXCPU, then SIGKILL
//	Memory     RLIMIT_AS, per process
//	Processes  RLIMIT_NPROC (per user namespace with namespaces; per host uid otherwise)
//	Output     stdout and stderr are read as they are written and cut at the cap
//	FileSize   RLIMIT_FSIZE (Output when zero): SIGXFSZ or EFBIG
//	Disk       with namespaces and Spec.PrivateDir, the size of the working folder's own tmpfs; and a watchdog in the caller (every 200 ms, and after the run) sums the working folder and, without namespaces, what the uid owns in world-writable folders; over it the run is stopped
//	(always)   RLIMIT_CORE 0, RLIMIT_NOFILE 1024
//
// What the Result can tell: exit status or signal; TimedOut exactly;
// CPUExceeded and FileSizeExceeded when the program (or an orphan the
// helper reaped) died of SIGXCPU or SIGXFSZ, not when a shell in between
// reaped the victim; MemoryExceeded only by the runtime's own out-of-memory
// message in stderr, because the kernel does not record refused
// allocations; CPU and MaxRSS for every process of the tree.
//
// See docs/security.md for the threat model.
package sandbox
