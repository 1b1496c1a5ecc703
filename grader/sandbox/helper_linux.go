package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/kpuzzle/kpuzzle/reference/runguard"
	"golang.org/x/sys/unix"
)

// helperMain is the whole life of a helper process: read the config, set
// up isolation, run the program, reap the tree, report. It returns the
// helper's exit code; the program's fate travels in the report.
func helperMain() int {
	// Thread-scoped state (no_new_privs, the capability bounding set,
	// the ptrace relationship with the program) must live on the thread
	// that forks the program.
	runtime.LockOSThread()
	out := os.NewFile(statusFD, "status")
	if out == nil {
		return 125
	}
	st := helper()
	if err := json.NewEncoder(out).Encode(st); err != nil {
		return 125
	}
	return 0
}

func helper() (st helperStatus) {
	// SIGTERM from the parent means "kill the tree and report".
	terms := make(chan os.Signal, 1)
	signal.Notify(terms, syscall.SIGTERM)

	var cfg helperConfig
	in := os.NewFile(configFD, "config")
	err := json.NewDecoder(in).Decode(&cfg)
	in.Close()
	if err != nil {
		st.SetupErr = "read helper config: " + err.Error()
		return st
	}
	// Nothing of ours may leak into the program: the status pipe and any
	// descriptor the grader inherited without close-on-exec.
	if err := closeOnExecFrom(3); err != nil {
		st.SetupErr = err.Error()
		return st
	}
	// Not dumpable: a program with the helper's uid cannot ptrace it or
	// read its /proc files to borrow its capabilities.
	_ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)

	if cfg.Namespaces {
		if err := setupMounts(&cfg); err != nil {
			st.SetupErr = err.Error()
			return st
		}
		// The host name marks the run for the reference solver, which
		// refuses to work inside one (package runguard).
		_ = unix.Sethostname([]byte(runguard.Hostname))
	} else if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		st.SetupErr = "become subreaper: " + err.Error()
		return st
	}
	if cfg.Probe {
		return st
	}
	if err := os.Chdir(cfg.Dir); err != nil {
		st.SetupErr = "enter working directory: " + err.Error()
		return st
	}
	if cfg.Inspect != nil {
		if err := harden(); err != nil {
			st.SetupErr = err.Error()
			return st
		}
		// The run's filter as a run gets it, executions watched; the
		// inspection executes nothing, so the listener is not served.
		listener, err := loadRunFilter(&cfg)
		if err != nil {
			st.SetupErr = err.Error()
			return st
		}
		st.WatchErr = watchError(listener)
		if listener >= 0 {
			unix.Close(listener)
		}
		if err := becomeProgram(cfg.UID, cfg.GID); err != nil {
			st.SetupErr = err.Error()
			return st
		}
		st.Checks = inspectInside(&cfg)
		return st
	}
	lim := cfg.Rlimits
	switch cfg.ExtraProcs {
	case "helper":
		lim.Processes++
	case "host":
		lim.Processes += uint64(countTasks(os.Getuid(), cfg.UID))
	}

	path, err := lookPath(cfg.Argv[0], cfg.Env)
	if err != nil {
		st.StartErr = err.Error()
		st.NotFound = errors.Is(err, exec.ErrNotFound)
		return st
	}
	if err := harden(); err != nil {
		st.SetupErr = err.Error()
		return st
	}
	// From here on this thread, and the program it forks, run under the
	// filter; the helper needs nothing it denies (ptrace only to detach),
	// and none of the calls it sends the supervisor.
	listener, err := loadRunFilter(&cfg)
	if err != nil {
		st.SetupErr = err.Error()
		return st
	}
	var watch *watcher
	if listener >= 0 {
		watch = newWatcher(listener, cfg.UID, cfg.GID, path)
		defer func() { st.Executions, st.ExecutionsMore = watch.executions() }()
	} else {
		st.WatchErr = watchError(listener)
	}
	sys := &syscall.SysProcAttr{
		Setpgid:   true,
		Pdeathsig: syscall.SIGKILL,
		// Stop the program right after execve so that its limits can be
		// set with prlimit before it runs a single instruction: Go has no
		// hook between fork and exec, and the helper itself must not carry
		// the limits (its own address space is far above them).
		Ptrace: true,
	}
	if cfg.UID >= 0 {
		sys.Credential = &syscall.Credential{Uid: uint32(cfg.UID), Gid: uint32(cfg.GID), Groups: []uint32{}}
	}
	var stopping, alive atomic.Bool
	var targetPID atomic.Int64
	tree := &reaper{namespaces: cfg.Namespaces, uid: cfg.UID}
	go func() {
		<-terms
		stopping.Store(true)
		if pid := targetPID.Load(); pid > 0 {
			tree.killAll(int(pid), alive.Load())
		}
	}()

	pid, err := syscall.ForkExec(path, cfg.Argv, &syscall.ProcAttr{
		Env:   cfg.Env,
		Files: []uintptr{0, 1, 2},
		Sys:   sys,
	})
	if err != nil {
		st.StartErr = err.Error()
		var errno syscall.Errno
		if errors.As(err, &errno) {
			st.StartErrno = int(errno)
		}
		return st
	}
	alive.Store(true)
	targetPID.Store(int64(pid))
	if stopping.Load() {
		tree.killAll(pid, true)
	}

	// The first event is the stop after execve (or death, if we were told
	// to stop meanwhile).
	var ws syscall.WaitStatus
	if _, err := wait4(pid, &ws, nil); err != nil {
		st.SetupErr = "wait for program start: " + err.Error()
		return st
	}
	targetAlive := true
	if ws.Stopped() {
		if err := lim.applyAs(pid, cfg.UID, cfg.GID); err != nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			st.SetupErr = err.Error()
		}
		if err := syscall.PtraceDetach(pid); err != nil && st.SetupErr == "" {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			st.SetupErr = "release program: " + err.Error()
		}
	} else {
		targetAlive = false
		alive.Store(false)
		st.record(ws)
	}

	// Reap until no process is left. Once the program itself is gone (or
	// we were told to stop) everything else is killed: nothing outlives a
	// run.
	for {
		var ru syscall.Rusage
		wpid, err := 0, error(nil)
		if !targetAlive || stopping.Load() {
			// Usually nothing is left; look before paying for a kill
			// (which on the host scans /proc).
			wpid, err = wait4nohang(&ws, &ru)
			if wpid == 0 && err == nil {
				tree.killAll(pid, targetAlive)
			}
		}
		if wpid == 0 && err == nil {
			wpid, err = wait4(-1, &ws, &ru)
		}
		if errors.Is(err, syscall.ECHILD) {
			break
		}
		if err != nil {
			st.SetupErr = "reap: " + err.Error()
			break
		}
		st.CPUNanos += ru.Utime.Nano() + ru.Stime.Nano()
		st.MaxRSS = max(st.MaxRSS, ru.Maxrss*1024)
		if ws.Signaled() {
			switch ws.Signal() {
			case syscall.SIGXCPU:
				st.XCPU = true
			case syscall.SIGXFSZ:
				st.XFSZ = true
			}
		}
		if wpid == pid && targetAlive && (ws.Exited() || ws.Signaled()) {
			targetAlive = false
			alive.Store(false)
			st.record(ws)
		}
	}
	if dirOrigin >= 0 {
		copyBack(cfg.Dir, &st)
	}
	return st
}

// loadRunFilter installs the run's seccomp filter on the calling thread,
// its executions watched, and returns the filter's listener; -1 when the
// kernel cannot watch them (the filter is then installed without).
func loadRunFilter(cfg *helperConfig) (listener int, err error) {
	filter, err := assembleFilter(cfg.Namespaces, cfg.Network, true)
	if err != nil {
		return -1, err
	}
	listener, err = loadWatchedFilter(filter)
	if !errors.Is(err, errNoWatch) {
		return listener, err
	}
	if filter, err = assembleFilter(cfg.Namespaces, cfg.Network, false); err != nil {
		return -1, err
	}
	return -1, loadFilter(filter)
}

// watchError is what a run's result says when its executions were not
// watched.
func watchError(listener int) string {
	if listener >= 0 {
		return ""
	}
	return "the programs this run executed were not watched: " + errNoWatch.Error() + " (Linux 5.5 or later has it)"
}

// record stores how the program ended.
func (st *helperStatus) record(ws syscall.WaitStatus) {
	switch {
	case ws.Exited():
		st.Exited, st.ExitCode = true, ws.ExitStatus()
	case ws.Signaled():
		st.ExitCode, st.Signal = -1, int(ws.Signal())
	}
}

// wait4 waits for any kind of child (including clone children with an odd
// exit signal), retrying on EINTR.
func wait4(pid int, ws *syscall.WaitStatus, ru *syscall.Rusage) (int, error) {
	for {
		wpid, err := syscall.Wait4(pid, ws, syscall.WALL, ru)
		if !errors.Is(err, syscall.EINTR) {
			return wpid, err
		}
	}
}

// wait4nohang reaps any child that has ended; it returns 0 if children
// exist but none has ended.
func wait4nohang(ws *syscall.WaitStatus, ru *syscall.Rusage) (int, error) {
	for {
		wpid, err := syscall.Wait4(-1, ws, syscall.WALL|syscall.WNOHANG, ru)
		if !errors.Is(err, syscall.EINTR) {
			return wpid, err
		}
	}
}

// reaper kills the program's process tree.
type reaper struct {
	namespaces bool
	uid        int // the program's uid when the helper is root on the host, else -1
}

// killAll sends SIGKILL to every process of the run. As init of a PID
// namespace that is every process but the helper (kill(-1) never reaches
// outside the namespace). On the host it is the program's process group
// (while the program is alive, so the group ID cannot have been reused),
// every process of the run's own uid (when the helper is root) and every
// child of the helper: a subreaper inherits all orphans, so repeated
// calls while reaping reach every descendant.
func (r *reaper) killAll(pid int, groupValid bool) {
	if r.namespaces && os.Getpid() == 1 {
		_ = syscall.Kill(-1, syscall.SIGKILL)
		return
	}
	if groupValid {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
	if r.uid > 0 && r.uid != ScrubberUID && os.Geteuid() == 0 {
		// The run's uid is its own: every process of it goes at once,
		// even one that forks and exits in a loop (see killAsUID).
		_ = killAsUID(r.uid)
	}
	for _, child := range childrenOf(os.Getpid()) {
		_ = syscall.Kill(child, syscall.SIGKILL)
	}
}

// childrenOf lists the processes whose parent is ppid, from /proc. The
// PIDs are safe to signal: a child stays ours (at worst a zombie) until we
// reap it.
func childrenOf(ppid int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		parent, ok := parentOf(e.Name())
		if !ok {
			continue
		}
		if p, err := strconv.Atoi(parent); err == nil && p == ppid {
			kids = append(kids, pid)
		}
	}
	return kids
}

// countTasks counts the tasks (threads) of the helper's user namespace
// whose real uid is self, or target if target >= 0. Without a user
// namespace of its own, RLIMIT_NPROC counts every such task, so the limit
// must leave room for what the uid already runs. (Tasks in other user
// namespaces, such as concurrent namespaced runs, are charged elsewhere.)
func countTasks(self, target int) int {
	uid := self
	if target >= 0 {
		uid = target
	}
	ownNS, err := os.Readlink("/proc/self/ns/user")
	if err != nil {
		return 0
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/status")
		if err != nil {
			continue
		}
		var ruid, threads = -1, 0
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "Uid:"); ok {
				if f := strings.Fields(v); len(f) > 0 {
					ruid, _ = strconv.Atoi(f[0])
				}
			} else if v, ok := strings.CutPrefix(line, "Threads:"); ok {
				threads, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if ruid != uid {
			continue
		}
		if ns, err := os.Readlink("/proc/" + e.Name() + "/ns/user"); err == nil && ns == ownNS {
			n += threads
		}
	}
	return n
}

// applyAs sets the limits on the stopped program, whose real uid and gid
// are uid and gid (or the helper's own if uid < 0).
//
// prlimit on another user's process needs CAP_SYS_RESOURCE, which some
// hosts deny even to root (a security module vetoes it), while a caller
// whose real IDs equal the target's needs nothing. So the helper thread
// (locked, so no other goroutine runs with these credentials) takes the
// program's real uid and gid, keeping effective and saved IDs 0 so that it
// keeps its capabilities and can switch back. Credentials are per thread
// in the kernel; the raw system calls leave the other threads alone.
func (l rlimits) applyAs(pid, uid, gid int) error {
	if uid < 0 {
		return l.apply(pid)
	}
	if err := setresgid(gid, -1, -1); err != nil {
		return fmt.Errorf("take the program's gid: %w", err)
	}
	if err := setresuid(uid, -1, -1); err != nil {
		_ = setresgid(0, -1, -1)
		return fmt.Errorf("take the program's uid: %w", err)
	}
	err := l.apply(pid)
	if rerr := setresuid(0, -1, -1); rerr != nil {
		// The thread cannot get root back; it must not go on.
		panic("sandbox helper: restore uid: " + rerr.Error())
	}
	if rerr := setresgid(0, -1, -1); rerr != nil {
		panic("sandbox helper: restore gid: " + rerr.Error())
	}
	return err
}

func setresuid(r, e, s int) error {
	if _, _, errno := syscall.RawSyscall(unix.SYS_SETRESUID, uintptr(r), uintptr(e), uintptr(s)); errno != 0 {
		return errno
	}
	return nil
}

func setresgid(r, e, s int) error {
	if _, _, errno := syscall.RawSyscall(unix.SYS_SETRESGID, uintptr(r), uintptr(e), uintptr(s)); errno != 0 {
		return errno
	}
	return nil
}

// apply sets the limits on the stopped program.
func (l rlimits) apply(pid int) error {
	set := []struct {
		name     string
		resource int
		cur, max uint64
	}{
		{"RLIMIT_AS", unix.RLIMIT_AS, l.AddressSpace, l.AddressSpace},
		{"RLIMIT_CPU", unix.RLIMIT_CPU, l.CPUSeconds, l.CPUSeconds + 1},
		{"RLIMIT_NPROC", unix.RLIMIT_NPROC, l.Processes, l.Processes},
		{"RLIMIT_FSIZE", unix.RLIMIT_FSIZE, l.FileSize, l.FileSize},
		{"RLIMIT_NOFILE", unix.RLIMIT_NOFILE, l.OpenFiles, l.OpenFiles},
		{"RLIMIT_CORE", unix.RLIMIT_CORE, 0, 0},
	}
	for _, s := range set {
		if err := unix.Prlimit(pid, s.resource, &unix.Rlimit{Cur: s.cur, Max: s.max}, nil); err != nil {
			return fmt.Errorf("set %s: %w", s.name, err)
		}
	}
	return nil
}

// harden makes sure the program can never gain privileges: no_new_privs
// (setuid bits and file capabilities are ignored), an empty capability
// bounding set and no ambient capabilities. These are per thread and
// inherited by the program, which is forked from this (locked) thread.
func harden() error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("set no_new_privs: %w", err)
	}
	for c := 0; c < 64; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if errors.Is(err, syscall.EINVAL) {
			break // past the last capability the kernel knows
		}
		if errors.Is(err, syscall.EPERM) {
			break // no CAP_SETPCAP: an unprivileged helper has nothing to drop
		}
		if err != nil {
			return fmt.Errorf("drop capability %d: %w", c, err)
		}
	}
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	return nil
}

// closeOnExecFrom marks every descriptor >= fd close-on-exec.
func closeOnExecFrom(fd int) error {
	err := unix.CloseRange(uint(fd), ^uint(0), unix.CLOSE_RANGE_CLOEXEC)
	if err == nil {
		return nil
	}
	ents, rerr := os.ReadDir("/proc/self/fd")
	if rerr != nil {
		return fmt.Errorf("mark descriptors close-on-exec: %w", err)
	}
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil && n >= fd {
			syscall.CloseOnExec(n)
		}
	}
	return nil
}

// lookPath finds name like a shell would with the PATH of env (the last
// PATH entry wins, as in os/exec). Names with a slash are used as given.
func lookPath(name string, env []string) (string, error) {
	if strings.Contains(name, "/") {
		return name, nil
	}
	path := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			if !strings.Contains(p, "/") {
				p = "./" + p
			}
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}
