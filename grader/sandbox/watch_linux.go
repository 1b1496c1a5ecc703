package sandbox

import (
	"bytes"
	"debug/buildinfo"
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// What a run executes is watched with seccomp user notification: the
// run's filter (seccomp_linux.go) sends execve, execveat and
// ptrace(PTRACE_TRACEME) to a supervisor in the helper (the filter's
// listener), which looks at what is about to be executed, records it, and
// lets the call go on (SECCOMP_USER_NOTIF_FLAG_CONTINUE). It works at
// both isolation levels and in a container with Docker's default profile,
// which allows seccomp(2); it costs one round trip to the helper per
// execve (measured in docs/security.md), nothing per other system call.
//
// Alternatives weighed: vm.memfd_noexec in the run's PID namespace would
// refuse executable memory files, but only with namespaces (a container's
// /proc/sys is read-only) and says nothing of a file the run wrote;
// polling /proc misses a program that runs for less than the polling
// period; ptrace-ing every process of the run would see every execution
// after it happened (no race) but stops the program on every signal,
// thread and fork, which the JVM and Go programs make by the thousand.
//
// What the supervisor reads, the path, is in the program's memory, which
// another thread of the program could change between the supervisor's
// read and the kernel's (the man page of seccomp_unotify warns of it): a
// program racing the supervisor that way can make it examine another
// file than the one executed. docs/security.md says what catches that.

// seccomp_notif, seccomp_data and seccomp_notif_resp of <linux/seccomp.h>
// (golang.org/x/sys/unix has the constants, not the structures).
type seccompData struct {
	Nr   int32
	Arch uint32
	IP   uint64
	Args [6]uint64
}

type seccompNotif struct {
	ID    uint64
	PID   uint32
	Flags uint32
	Data  seccompData
}

type seccompNotifResp struct {
	ID    uint64
	Val   int64
	Error int32
	Flags uint32
}

// seccompIoctlNotifIDValid is SECCOMP_IOCTL_NOTIF_ID_VALID, _IOW('!', 2, __u64).
const seccompIoctlNotifIDValid = 0x40082102

// maxExecutions caps the distinct executions a run's Result lists: a
// program that executes a thousand scripts cannot grow the result.
const maxExecutions = 32

// watcher is the supervisor of one run's executions.
type watcher struct {
	listener int
	uid, gid int   // the program's (-1: the helper's own)
	started  int64 // the run's start, CLOCK_REALTIME_COARSE, in ns

	mu       sync.Mutex
	traceMe  int // the pid whose PTRACE_TRACEME is allowed: the program as the helper forked it
	first    string
	firstRun bool
	seen     []Execution
	dropped  int
}

// newWatcher serves the listener of the run's filter. first is the path
// of the program the helper is about to fork and execute (as lookPath
// gave it), examined on the helper's side: the forked child has already
// taken the program's uid, so its memory may be out of the supervisor's
// reach until it has executed.
func newWatcher(listener, uid, gid int, first string) *watcher {
	var now unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, &now)
	w := &watcher{listener: listener, uid: uid, gid: gid, started: now.Nano(), first: first}
	go w.serve()
	return w
}

// executions returns what the run executed, in the order first seen;
// dropped counts the distinct executions past maxExecutions.
func (w *watcher) executions() (seen []Execution, dropped int) {
	if w == nil {
		return nil, 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]Execution(nil), w.seen...), w.dropped
}

// serve answers notifications until the listener fails (it never closes
// while the helper lives: the helper's own thread holds the filter). It
// runs on a thread of its own, which it never gives back: the thread
// takes the program's file-system uid to read the program's memory where
// the helper lacks CAP_SYS_PTRACE (root in Docker).
func (w *watcher) serve() {
	runtime.LockOSThread()
	for {
		var n seccompNotif
		_, _, errno := syscall.Syscall(unix.SYS_IOCTL, uintptr(w.listener), unix.SECCOMP_IOCTL_NOTIF_RECV, uintptr(unsafe.Pointer(&n)))
		switch errno {
		case 0:
		case unix.EINTR, unix.ENOENT:
			// A signal, or the task went away before we took it.
			continue
		default:
			return
		}
		w.answer(n, w.handle(n))
	}
}

// handle decides a notification: 0 lets the call go on, an errno fails it.
func (w *watcher) handle(n seccompNotif) syscall.Errno {
	pid := int(n.PID)
	switch n.Data.Nr {
	case unix.SYS_PTRACE:
		// Only PTRACE_TRACEME reaches the supervisor. The helper's child
		// asks for it first thing, before any program runs; any later
		// one is the program's, which would let it stop a child at its
		// execve and change its memory (and the guard's marks) before
		// it runs an instruction.
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.traceMe == 0 {
			w.traceMe = pid
		}
		if pid != w.traceMe || w.firstRun {
			return unix.EPERM
		}
		return 0
	case unix.SYS_EXECVE, unix.SYS_EXECVEAT:
		w.mu.Lock()
		first := pid == w.traceMe && !w.firstRun
		w.firstRun = w.firstRun || first
		w.mu.Unlock()
		e, exists := Execution{}, true
		if first {
			e = w.examinePath(w.first)
		} else {
			e, exists = w.examine(n)
		}
		if exists {
			w.record(e)
		}
		return 0
	}
	return 0
}

// answer sends the supervisor's decision.
func (w *watcher) answer(n seccompNotif, errno syscall.Errno) {
	resp := seccompNotifResp{ID: n.ID}
	if errno == 0 {
		resp.Flags = unix.SECCOMP_USER_NOTIF_FLAG_CONTINUE
	} else {
		resp.Error = -int32(errno)
	}
	// ENOENT: the task was killed or interrupted meanwhile; nothing to do.
	_, _, _ = syscall.Syscall(unix.SYS_IOCTL, uintptr(w.listener), unix.SECCOMP_IOCTL_NOTIF_SEND, uintptr(unsafe.Pointer(&resp)))
}

// record adds e to what the run executed.
func (w *watcher) record(e Execution) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := range w.seen {
		if s := &w.seen[i]; s.File == e.File && s.Origin == e.Origin && s.GoModule == e.GoModule && (e.File != "" || s.Path == e.Path) {
			s.Count++
			return
		}
	}
	if len(w.seen) >= maxExecutions {
		w.dropped++
		return
	}
	e.Count = 1
	w.seen = append(w.seen, e)
}

// examine resolves the program of an execve or execveat notification as
// the notifying task would, and looks at it. exists is false when there
// is nothing at the path for the task (or nothing it may reach), so that
// the kernel will fail the call as well: a search of the PATH tries
// execve in one folder after another.
func (w *watcher) examine(n seccompNotif) (e Execution, exists bool) {
	pid := int(n.PID)
	ptr, dirfd, flags := n.Data.Args[0], int32(unix.AT_FDCWD), uint64(0)
	if n.Data.Nr == unix.SYS_EXECVEAT {
		ptr, dirfd, flags = n.Data.Args[1], int32(n.Data.Args[0]), n.Data.Args[4]
	}
	path, err := w.readString(pid, ptr)
	if err == nil && !w.valid(n.ID) {
		err = errors.New("the task went away")
	}
	if err != nil {
		return Execution{Path: "?", Origin: OriginUnexamined, Detail: "cannot read the path from the program's memory: " + err.Error()}, true
	}
	shown := path
	if path == "" && flags&unix.AT_EMPTY_PATH != 0 {
		shown = "fd " + strconv.Itoa(int(dirfd))
	}
	fd, err := w.asProgram(func() (int, error) { return openIn(pid, int(dirfd), path) })
	switch {
	case errors.Is(err, unix.ENOENT), errors.Is(err, unix.ENOTDIR), errors.Is(err, unix.EACCES), errors.Is(err, unix.ELOOP), errors.Is(err, unix.ENAMETOOLONG):
		return Execution{}, false
	case err != nil:
		return Execution{Path: shown, Origin: OriginUnexamined, Detail: "cannot resolve the path as the program did: " + cause(err)}, true
	}
	defer unix.Close(fd)
	e = w.examineFD(fd)
	e.Path = shown
	return e, true
}

// examinePath looks at the program the helper starts.
func (w *watcher) examinePath(path string) Execution {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return Execution{Path: path, Origin: OriginUnexamined, Detail: "cannot open it: " + cause(err)}
	}
	defer unix.Close(fd)
	e := w.examineFD(fd)
	e.Path = path
	return e
}

// examineFD says what the file open (O_PATH) as fd is.
func (w *watcher) examineFD(fd int) Execution {
	var e Execution
	self := "/proc/self/fd/" + strconv.Itoa(fd)
	name, err := os.Readlink(self)
	if err != nil {
		return Execution{Origin: OriginUnexamined, Detail: "cannot name the file: " + cause(err)}
	}
	e.File = name
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		e.Origin, e.Detail = OriginUnexamined, "cannot stat the file: "+cause(err)
		return e
	}
	switch {
	case strings.HasPrefix(name, "/memfd:") || st.Nlink == 0 || strings.HasSuffix(name, " (deleted)"):
		e.Origin = OriginMemory
	case w.uid >= 0 && int(st.Uid) == w.uid,
		st.Ctim.Nano() > w.started:
		e.Origin = OriginWritten
	default:
		e.Origin = OriginFile
	}
	if st.Mode&unix.S_IFMT == unix.S_IFREG {
		e.GoModule = goModule(self)
	}
	return e
}

// goModule is the main module of the Go program at path, or "".
func goModule(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var magic [4]byte
	if _, err := f.ReadAt(magic[:], 0); err != nil || string(magic[:]) != "\x7fELF" {
		return ""
	}
	info, err := buildinfo.Read(f)
	if err != nil {
		return ""
	}
	if info.Main.Path != "" {
		return info.Main.Path
	}
	return info.Path
}

// valid reports whether the notification id still stands: the task that
// sent it has not gone, so its pid named it while its memory was read.
func (w *watcher) valid(id uint64) bool {
	_, _, errno := syscall.Syscall(unix.SYS_IOCTL, uintptr(w.listener), seccompIoctlNotifIDValid, uintptr(unsafe.Pointer(&id)))
	return errno == 0
}

// asProgram runs f with the program's file-system uid and gid on this
// (locked) thread: reading another uid's memory and descriptors needs
// CAP_SYS_PTRACE, which root in a container lacks, while the program's own
// uid may read them (the kernel checks the file-system ids). Without a
// uid of the program's own, f runs as is.
func (w *watcher) asProgram(f func() (int, error)) (int, error) {
	if w.uid < 0 || os.Geteuid() != 0 {
		return f()
	}
	// setfsuid and setfsgid return the previous value and cannot fail
	// in a way they report; the thread is the supervisor's alone.
	_, _, _ = syscall.RawSyscall(unix.SYS_SETFSGID, uintptr(w.gid), 0, 0)
	_, _, _ = syscall.RawSyscall(unix.SYS_SETFSUID, uintptr(w.uid), 0, 0)
	defer func() {
		_, _, _ = syscall.RawSyscall(unix.SYS_SETFSUID, 0, 0, 0)
		_, _, _ = syscall.RawSyscall(unix.SYS_SETFSGID, 0, 0, 0)
	}()
	return f()
}

// readString reads a NUL-terminated string of at most PATH_MAX bytes at
// addr in the memory of task pid.
func (w *watcher) readString(pid int, addr uint64) (string, error) {
	fd, err := w.asProgram(func() (int, error) {
		return unix.Open("/proc/"+strconv.Itoa(pid)+"/mem", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	})
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	var out []byte
	buf := make([]byte, 4096)
	for len(out) < unix.PathMax {
		// Up to the end of the page: the next one may not be mapped.
		n := 4096 - int(addr%4096)
		got, err := unix.Pread(fd, buf[:n], int64(addr))
		if err != nil {
			return "", err
		}
		if got == 0 {
			return "", errors.New("end of memory")
		}
		if i := bytes.IndexByte(buf[:got], 0); i >= 0 {
			return string(append(out, buf[:i]...)), nil
		}
		out = append(out, buf[:got]...)
		addr += uint64(got)
	}
	return "", errors.New("longer than PATH_MAX")
}

// maxLinks is the kernel's limit of symbolic links on one path (MAXSYMLINKS).
const maxLinks = 40

// openIn opens, O_PATH, what path names for task pid relative to dirfd
// (AT_FDCWD: its working folder), following symbolic links as the kernel
// would for that task: /proc/self and /proc/thread-self are the task's,
// and the links of /proc/PID (fd/N, exe, cwd, root) are followed by the
// kernel itself, for the task they belong to. An empty path is dirfd
// itself (execveat's AT_EMPTY_PATH).
func openIn(pid, dirfd int, path string) (int, error) {
	proc := "/proc/" + strconv.Itoa(pid)
	const flags = unix.O_PATH | unix.O_CLOEXEC
	if path == "" {
		return unix.Open(proc+"/fd/"+strconv.Itoa(dirfd), flags, 0)
	}
	root, err := unix.Open(proc+"/root", flags|unix.O_DIRECTORY, 0)
	if err != nil {
		return -1, err
	}
	defer unix.Close(root)
	var cur int
	switch {
	case strings.HasPrefix(path, "/"):
		cur, err = unix.Dup(root)
	case dirfd == unix.AT_FDCWD:
		cur, err = unix.Open(proc+"/cwd", flags|unix.O_DIRECTORY, 0)
	default:
		cur, err = unix.Open(proc+"/fd/"+strconv.Itoa(dirfd), flags|unix.O_DIRECTORY, 0)
	}
	if err != nil {
		return -1, err
	}
	parts := strings.Split(path, "/")
	links := 0
	for len(parts) > 0 {
		part := parts[0]
		parts = parts[1:]
		switch {
		case part == "" || part == ".":
			continue
		case part == ".." && sameFile(cur, root):
			continue // ".." of the root is the root
		}
		procRoot := isProcRoot(cur)
		if procRoot && (part == "self" || part == "thread-self") {
			part = strconv.Itoa(pid)
		}
		next, err := unix.Openat(cur, part, flags|unix.O_NOFOLLOW, 0)
		if err != nil {
			unix.Close(cur)
			return -1, err
		}
		var st unix.Stat_t
		if err := unix.Fstat(next, &st); err != nil {
			unix.Close(next)
			unix.Close(cur)
			return -1, err
		}
		if st.Mode&unix.S_IFMT == unix.S_IFLNK {
			unix.Close(next)
			if links++; links > maxLinks {
				unix.Close(cur)
				return -1, unix.ELOOP
			}
			if isProc(cur) && !procRoot {
				// A link of /proc/PID (fd/N, exe, cwd, root): only
				// the kernel can follow it, and does so for that PID.
				next, err = unix.Openat(cur, part, flags, 0)
				if err != nil {
					unix.Close(cur)
					return -1, err
				}
				unix.Close(cur)
				cur = next
				continue
			}
			target, err := readlinkat(cur, part)
			if err != nil {
				unix.Close(cur)
				return -1, err
			}
			if strings.HasPrefix(target, "/") {
				unix.Close(cur)
				if cur, err = unix.Dup(root); err != nil {
					return -1, err
				}
			}
			parts = append(strings.Split(target, "/"), parts...)
			continue
		}
		unix.Close(cur)
		cur = next
	}
	return cur, nil
}

func readlinkat(dirfd int, name string) (string, error) {
	buf := make([]byte, unix.PathMax)
	n, err := unix.Readlinkat(dirfd, name, buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

func sameFile(a, b int) bool {
	var sa, sb unix.Stat_t
	return unix.Fstat(a, &sa) == nil && unix.Fstat(b, &sb) == nil && sa.Dev == sb.Dev && sa.Ino == sb.Ino
}

func isProc(fd int) bool {
	var fs unix.Statfs_t
	return unix.Fstatfs(fd, &fs) == nil && fs.Type == unix.PROC_SUPER_MAGIC
}

// isProcRoot reports whether fd is the root folder of a procfs (inode 1).
func isProcRoot(fd int) bool {
	var st unix.Stat_t
	return isProc(fd) && unix.Fstat(fd, &st) == nil && st.Ino == 1
}

// cause is an error without the path it repeats.
func cause(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// errNoWatch says the kernel gave no listener (seccomp user notification
// needs Linux 5.5 or later).
var errNoWatch = errors.New("seccomp user notification unavailable")
