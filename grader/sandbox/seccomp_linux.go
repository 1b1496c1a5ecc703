package sandbox

import (
	"errors"
	"fmt"
	"runtime"
	"syscall"
	"unsafe"

	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The seccomp filter is assembled here from rules, with the system call
// tables of github.com/elastic/go-seccomp-bpf (pure Go, so the kpuzzle
// binary stays static and ships as one file in a Gradescope bundle;
// maintained by Elastic for Beats, tables kept up to date with the
// kernel). Its own assembler is not used: in v1.6.0 a system call whose
// argument conditions do not hold falls through to the next check with
// an argument, not the system call number, in the accumulator, so that a
// later rule compares the argument with its number (ptrace(PTRACE_TRACEME)
// then skipped the rule that sends it to the supervisor). Here every rule
// that follows a condition loads the number again. Docker's default
// profile and nsjail were the references for what is denied.

// deniedEverywhere are the system calls a program never needs and that
// widen the kernel's attack surface or reach outside the run: new
// namespaces, mounts, tracing other processes, kernel keyrings, BPF,
// performance counters, kernel modules and kexec, clocks, swap, io_uring
// (whose operations bypass this filter), and seccomp filters of the
// program's own (with one, a program could make the system calls by which
// kpuzzle's guard, package runguard, knows it runs inside a run fail, and
// answer notifications of its own). Each fails with EPERM.
var deniedEverywhere = []string{
	"seccomp",
	"unshare", "setns",
	"mount", "umount2", "pivot_root", "chroot",
	"open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
	"bpf", "perf_event_open", "userfaultfd",
	"keyctl", "add_key", "request_key",
	"kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
	"open_by_handle_at", "name_to_handle_at",
	"process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
	"swapon", "swapoff", "reboot", "syslog", "acct", "vhangup",
	"settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
	"iopl", "ioperm", "quotactl", "quotactl_fd", "lookup_dcookie", "fanotify_init",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
}

// deniedWithoutNamespaces are denied as well when there are no
// namespaces to contain them: System V IPC and POSIX message queues, which
// would otherwise be shared with every other run on the host.
var deniedWithoutNamespaces = []string{
	"shmget", "shmat", "shmctl", "semget", "semop", "semtimedop", "semctl",
	"msgget", "msgsnd", "msgrcv", "msgctl", "mq_open",
}

// namespaceFlags are the clone flags that create namespaces.
const namespaceFlags = unix.CLONE_NEWNS | unix.CLONE_NEWCGROUP | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC |
	unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWTIME

// Requests of ptrace(2) that stay allowed: the helper starts the program
// traced (PTRACE_TRACEME in the child) and lets it go (PTRACE_DETACH) after
// the filter is in place. Neither lets a process inspect another. When the
// run's executions are watched, PTRACE_TRACEME goes to the supervisor,
// which allows the helper's child's alone (see watcher.handle).
const (
	ptraceTraceMe = 0
	ptraceDetach  = 17
)

// rule is one rule of the filter: when the system call is one of names
// and, if cond is set, its first argument meets cond, the filter returns
// action. The first rule that matches decides; none matching allows.
type rule struct {
	names  []string
	cond   *argCond
	action uint32
}

// argCond is a test of a system call's first argument.
type argCond struct {
	// in: the argument is one of values; otherwise it is none of them,
	// or, with bits, it has a bit of bits set.
	in     bool
	values []uint64
	bits   uint64
	// word32: the argument is a C int, whose high 32 bits the kernel
	// ignores (prctl's option, socket's family): only the low ones are
	// compared, so that a program cannot slip past by setting the others.
	word32 bool
}

const (
	actionAllow  = unix.SECCOMP_RET_ALLOW
	actionEPERM  = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	actionENOSYS = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	actionNotify = unix.SECCOMP_RET_USER_NOTIF
	actionKill   = unix.SECCOMP_RET_KILL_PROCESS
)

// filterRules are the seccomp rules of a run. Without namespaces they also
// refuse System V IPC and, unless the run may use the network (noNetwork
// false), every socket that is not a Unix socket: that is how a run gets
// no network without a network namespace. With watch, execve, execveat and
// ptrace(PTRACE_TRACEME) go to the supervisor (the filter's listener; see
// watch_linux.go).
func filterRules(namespaces, noNetwork, watch bool) []rule {
	deny := append([]string(nil), deniedEverywhere...)
	if !namespaces {
		deny = append(deny, deniedWithoutNamespaces...)
	}
	rules := []rule{
		{names: deny, action: actionEPERM},
		// clone3 passes its flags in memory, out of the filter's reach:
		// ENOSYS makes the C library fall back to clone, whose flags are
		// checked below (Docker does the same).
		{names: []string{"clone3"}, action: actionENOSYS},
		{names: []string{"clone"}, cond: &argCond{bits: namespaceFlags}, action: actionEPERM},
		{names: []string{"ptrace"}, cond: &argCond{values: []uint64{ptraceTraceMe, ptraceDetach}}, action: actionEPERM},
		// A filter installed through prctl rather than seccomp(2).
		{names: []string{"prctl"}, cond: &argCond{in: true, values: []uint64{unix.PR_SET_SECCOMP}, word32: true}, action: actionEPERM},
	}
	if !namespaces && noNetwork {
		rules = append(rules, rule{names: []string{"socket"}, cond: &argCond{values: []uint64{unix.AF_UNIX}, word32: true}, action: actionEPERM})
	}
	if watch {
		rules = append(rules,
			rule{names: []string{"execve", "execveat"}, action: actionNotify},
			rule{names: []string{"ptrace"}, cond: &argCond{in: true, values: []uint64{ptraceTraceMe}}, action: actionNotify},
		)
	}
	return rules
}

// assembleFilter compiles the rules of a run for this machine's
// architecture. A system call made through another ABI (32-bit int 0x80
// on x86-64, which the tables do not cover) kills the process, and one
// with the x32 bit fails with ENOSYS.
func assembleFilter(namespaces, noNetwork, watch bool) ([]unix.SockFilter, error) {
	prog, err := assemble(filterRules(namespaces, noNetwork, watch))
	if err != nil {
		return nil, fmt.Errorf("assemble seccomp filter: %w", err)
	}
	raw, err := bpf.Assemble(prog)
	if err != nil {
		return nil, fmt.Errorf("assemble seccomp filter: %w", err)
	}
	out := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		out[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return out, nil
}

// Offsets in struct seccomp_data: the system call number, the audit
// architecture, and the low and high words of the first argument (both
// architectures are little-endian).
const (
	offNr    = 0
	offArch  = 4
	offArgLo = 16
	offArgHi = 20
)

// assemble turns rules into a BPF program. Each rule is a block that
// jumps over itself when it does not match; a block that tested an
// argument leaves it in the accumulator, so the next block loads the
// system call number again.
func assemble(rules []rule) ([]bpf.Instruction, error) {
	info, err := arch.GetInfo("")
	if err != nil {
		return nil, err
	}
	ld := func(off uint32) bpf.Instruction { return bpf.LoadAbsolute{Off: off, Size: 4} }
	ret := func(action uint32) bpf.Instruction { return bpf.RetConstant{Val: action} }
	prog := []bpf.Instruction{
		ld(offArch),
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(info.ID), SkipTrue: 1},
		ret(actionKill),
		ld(offNr),
	}
	if runtime.GOARCH == "amd64" {
		prog = append(prog,
			bpf.JumpIf{Cond: bpf.JumpLessThan, Val: 0x40000000, SkipTrue: 1}, // __X32_SYSCALL_BIT
			ret(actionENOSYS))
	}
	loaded := true // the accumulator holds the system call number
	for _, r := range rules {
		for _, name := range r.names {
			nr, ok := info.SyscallNames[name]
			if !ok {
				return nil, fmt.Errorf("no system call %s on %s", name, info.Name)
			}
			if !loaded {
				prog = append(prog, ld(offNr))
				loaded = true
			}
			test := r.cond.block(r.action)
			if r.cond != nil {
				loaded = false
			}
			if len(test) == 0 {
				test = []bpf.Instruction{ret(r.action)}
			}
			if len(test) > 255 {
				return nil, fmt.Errorf("condition of %s too long", name)
			}
			prog = append(prog, bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: uint32(nr), SkipTrue: uint8(len(test))})
			prog = append(prog, test...)
		}
	}
	return append(prog, ret(actionAllow)), nil
}

// block is the test of a rule's argument, with the accumulator holding
// the system call number on entry: it returns action when the argument
// meets c and falls through to the instruction after it otherwise. A nil
// c gives no instructions (the rule's caller returns action at once).
func (c *argCond) block(action uint32) []bpf.Instruction {
	if c == nil {
		return nil
	}
	ld := func(off uint32) bpf.Instruction { return bpf.LoadAbsolute{Off: off, Size: 4} }
	ret := bpf.RetConstant{Val: action}
	k := len(c.values)
	var b []bpf.Instruction
	switch {
	case c.bits != 0:
		// Every flag tested lies in the low word.
		b = append(b, ld(offArgLo),
			bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: uint32(c.bits), SkipFalse: 1},
			ret)
	case c.in:
		// The high word is 0 (unless word32) and the low one of values.
		if !c.word32 {
			b = append(b, ld(offArgHi), bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: 0, SkipTrue: uint8(k + 3)})
		}
		b = append(b, ld(offArgLo))
		for i, v := range c.values {
			b = append(b, bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(v), SkipTrue: uint8(k - i)})
		}
		b = append(b, bpf.Jump{Skip: 1}, ret)
	default:
		// The high word is not 0 (unless word32), or the low one is
		// none of values.
		if !c.word32 {
			b = append(b, ld(offArgHi), bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: 0, SkipTrue: uint8(k + 1)})
		}
		b = append(b, ld(offArgLo))
		for i, v := range c.values {
			b = append(b, bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(v), SkipTrue: uint8(k - i)})
		}
		b = append(b, ret)
	}
	return b
}

// loadFilter installs the filter on the calling thread only (the helper's
// locked thread, which forks the program; the program inherits it). The
// thread must already have no_new_privs set.
func loadFilter(filter []unix.SockFilter) error {
	_, err := installFilter(filter, 0)
	return err
}

// loadWatchedFilter installs a filter assembled with watch and returns
// its listener, the descriptor the supervisor reads notifications from
// (close-on-exec). errNoWatch means the kernel has no seccomp user
// notification (before Linux 5.5), and nothing was installed.
func loadWatchedFilter(filter []unix.SockFilter) (listener int, err error) {
	// Once the supervisor has taken a notification, the task waits for
	// the answer unless it is killed, rather than restarting the call on
	// every signal (Linux 5.19; without it, notifications restart).
	fd, err := installFilter(filter, unix.SECCOMP_FILTER_FLAG_NEW_LISTENER|unix.SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV)
	if errors.Is(err, unix.EINVAL) {
		fd, err = installFilter(filter, unix.SECCOMP_FILTER_FLAG_NEW_LISTENER)
	}
	if errors.Is(err, unix.EINVAL) {
		return -1, errNoWatch
	}
	return fd, err
}

func installFilter(filter []unix.SockFilter, flags uintptr) (int, error) {
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	fd, _, errno := syscall.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, flags, uintptr(unsafe.Pointer(&prog)))
	if errno != 0 {
		return -1, fmt.Errorf("install seccomp filter: %w", errno)
	}
	return int(fd), nil
}
