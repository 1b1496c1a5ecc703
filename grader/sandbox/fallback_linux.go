package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Without namespaces the run's uid is all that separates it from the host
// and from other runs. This file keeps that uid to one run at a time and
// makes sure nothing of a run survives it.

var (
	uidsMu    sync.Mutex
	uidsInUse = map[int]bool{}
	leased    = map[int]*Lease{}
)

// uidLockDir is where the leases' lock files live.
func uidLockDir() (string, error) {
	for _, base := range []string{"/run", os.TempDir()} {
		if fi, err := os.Stat(base); err != nil || !fi.IsDir() {
			continue
		}
		dir := filepath.Join(base, "kpuzzle-sandbox-uids")
		if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			continue
		}
		var st unix.Stat_t
		if unix.Lstat(dir, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR || int(st.Uid) != os.Geteuid() || st.Mode&0o077 != 0 {
			// Not ours alone: anyone could hold our locks.
			continue
		}
		return dir, nil
	}
	return "", errors.New("sandbox: no private folder for uid leases in /run or the temporary folder")
}

// LeaseUID reserves a free uid of the run range and returns it; release
// it when done. The search starts at an offset drawn at random once per
// process, plus hint, so that callers of one process with distinct hints
// usually get distinct uids at once, and graders in different containers
// on one kernel (whose lock folders differ) rarely try the same uid. A uid
// is taken only when its lock is free and, when the caller is root, no
// process of it exists anywhere on the kernel (uidInUse): a uid that
// another container's run is using is skipped.
func LeaseUID(hint int) (*Lease, error) {
	base := leaseBase()
	probe := os.Geteuid() == 0
	if probe && !initCalled.Load() {
		// The probe re-executes this binary, which only Init turns into
		// the probe: without it the binary would run its own main again.
		return nil, ErrNoInit
	}
	for i := range RunUIDs {
		uid := FirstRunUID + (base+hint+i)%RunUIDs
		l, err := leaseExactly(uid)
		if errors.Is(err, errLeaseBusy) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if probe {
			busy, err := uidInUse(uid)
			if err != nil {
				l.Release()
				return nil, err
			}
			if busy {
				l.Release()
				continue
			}
		}
		return l, nil
	}
	return nil, fmt.Errorf("sandbox: all %d run uids are leased or in use", RunUIDs)
}

var (
	leaseBaseOnce sync.Once
	leaseBaseVal  int
)

// leaseBase is this process's random offset into the run range.
func leaseBase() int {
	leaseBaseOnce.Do(func() { leaseBaseVal = mrand.IntN(RunUIDs) })
	return leaseBaseVal
}

// uidProbeArgv0 is argv[0] of the short-lived process uidInUse starts
// (this binary again, with the helper's environment marker).
const uidProbeArgv0 = "kpuzzle-sandbox-uid-probe"

// noSuchProgram is what the uid probe's child executes: a path that does
// not exist, so that nothing runs whatever the answer.
const noSuchProgram = "/nonexistent/kpuzzle-uid-probe"

// uidInUse reports whether any process or thread of uid exists anywhere
// on the kernel, in this container or another (with the same user
// namespace: Docker's default), including zombies not yet reaped.
//
// The kernel counts the tasks of each uid (per user namespace) for
// RLIMIT_NPROC, across PID namespaces, and execve fails with EAGAIN when a
// process that became that uid by setuid finds the count above its limit.
// So a probe process (this binary again, as root) sets its own
// RLIMIT_NPROC to 0 and forks a child that takes uid and executes a path
// that does not exist. setuid flags the child when the uid's count,
// before the child joins it, is above the limit, and execve fails with
// EAGAIN for a flagged process still above it: EAGAIN means another task
// of uid exists, ENOENT that none does. Runs with namespaces are counted in user namespaces of
// their own and are not seen (nor do they share a count or signals with
// runs of other containers).
func uidInUse(uid int) (bool, error) {
	cmd := &exec.Cmd{
		Path: "/proc/self/exe",
		Args: []string{uidProbeArgv0, strconv.Itoa(uid)},
		Env:  []string{helperEnv + "=" + helperMagic},
		Dir:  "/",
	}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return false, nil
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		return true, nil
	}
	return false, fmt.Errorf("sandbox: probe whether uid %d is in use: %v: %s", uid, err, bytes.TrimSpace(out))
}

// isUIDProbe reports whether this process is the probe of uidInUse.
func isUIDProbe() bool {
	return len(os.Args) > 0 && os.Args[0] == uidProbeArgv0 && os.Getenv(helperEnv) == helperMagic
}

// uidProbeMain is the whole life of the probe process of uidInUse: exit
// status 0 when no task of the uid exists, 1 when one does, 2 on error.
func uidProbeMain() int {
	if len(os.Args) != 2 {
		return 2
	}
	uid, err := strconv.Atoi(os.Args[1])
	if err != nil || uid <= 0 {
		fmt.Fprintf(os.Stderr, "bad uid %q\n", os.Args[1])
		return 2
	}
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NPROC, &lim); err != nil {
		fmt.Fprintln(os.Stderr, "get RLIMIT_NPROC:", err)
		return 2
	}
	// Root is exempt from the limit, so this process and its threads
	// are unaffected; the child is charged once it has the uid.
	lim.Cur = 0
	if err := unix.Setrlimit(unix.RLIMIT_NPROC, &lim); err != nil {
		fmt.Fprintln(os.Stderr, "set RLIMIT_NPROC:", err)
		return 2
	}
	_, err = syscall.ForkExec(noSuchProgram, []string{noSuchProgram}, &syscall.ProcAttr{
		Sys: &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid), Groups: []uint32{}}},
	})
	switch {
	case errors.Is(err, syscall.EAGAIN):
		return 1
	case errors.Is(err, syscall.ENOENT):
		return 0
	case err == nil:
		fmt.Fprintln(os.Stderr, noSuchProgram, "exists")
	default:
		fmt.Fprintln(os.Stderr, "probe:", err)
	}
	return 2
}

var errLeaseBusy = errors.New("leased by another caller")

// leaseExactly reserves uid or fails with errLeaseBusy.
func leaseExactly(uid int) (*Lease, error) {
	dir, err := uidLockDir()
	if err != nil {
		return nil, err
	}
	uidsMu.Lock()
	defer uidsMu.Unlock()
	if leased[uid] != nil {
		return nil, errLeaseBusy
	}
	f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("uid-%d.lock", uid)), os.O_RDWR|os.O_CREATE|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sandbox: lease uid %d: %w", uid, err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, errLeaseBusy
		}
		return nil, fmt.Errorf("sandbox: lease uid %d: %w", uid, err)
	}
	l := &Lease{UID: uid, file: f}
	leased[uid] = l
	return l, nil
}

// Release gives the uid back.
func (l *Lease) Release() {
	if l == nil || l.file == nil {
		return
	}
	uidsMu.Lock()
	defer uidsMu.Unlock()
	delete(leased, l.UID)
	l.file.Close()
	l.file = nil
}

// claimUID reserves uid for one fallback run of this process: the uid must
// be leased (by the caller, or here for the run's length), and no other run
// of this process may be using it.
func claimUID(uid int) (release func(), err error) {
	uidsMu.Lock()
	held := leased[uid] != nil
	uidsMu.Unlock()
	var own *Lease
	if !held {
		if own, err = leaseExactly(uid); err != nil {
			if errors.Is(err, errLeaseBusy) {
				return nil, fmt.Errorf("sandbox: uid %d is leased by another process; concurrent runs without namespaces need distinct uids (see LeaseUID)", uid)
			}
			return nil, err
		}
	}
	uidsMu.Lock()
	defer uidsMu.Unlock()
	if uidsInUse[uid] {
		if own != nil {
			delete(leased, uid)
			own.file.Close()
		}
		return nil, fmt.Errorf("sandbox: uid %d is already running a program; concurrent runs without namespaces need distinct Spec.UID values", uid)
	}
	uidsInUse[uid] = true
	return func() {
		uidsMu.Lock()
		delete(uidsInUse, uid)
		uidsMu.Unlock()
		own.Release()
	}, nil
}

// scrubUID kills every process of uid and removes every entry uid owns
// in the host's world-writable folders. It is called after a fallback
// run, when the caller is root and uid is the run's own, so nothing
// legitimate has it.
//
// A snapshot of /proc cannot catch a program that forks and exits in a
// loop: the child it forks after the snapshot lives on. So the processes
// are killed by the kernel's own walk, kill(-1, SIGKILL) from a thread
// whose effective uid is uid (killAsUID): under the task list's lock it
// signals every process of uid at once, and a fork that races the fatal
// signal is aborted, so after one call no process of uid can run another
// instruction. Rounds repeat while /proc still shows a process of uid
// that is neither dead nor dying (none, unless the kernel differs).
func scrubUID(uid int) {
	for round := 0; round < scrubRounds; round++ {
		if err := killAsUID(uid); err != nil {
			killUID(uid) // the snapshot, as a last resort
		}
		if len(liveProcesses(uid)) == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	for _, dir := range worldWritableDirs().Dirs {
		removeOwned(dir, uid)
	}
}

// scrubRounds bounds the kill rounds of scrubUID.
const scrubRounds = 50

// killAsUID sends SIGKILL to every process of uid in this process's PID
// namespace but this process, with kill(-1): the kernel signals, under
// its task list lock, every process the caller may signal, which for a
// caller without capabilities whose effective uid is uid is every process
// whose real or saved uid is uid (and every process whose real or saved
// uid is the caller's real uid).
//
// The call is made by a fresh thread of this process, locked to its
// goroutine and never unlocked, so that the thread and its credentials end
// with the goroutine. The thread takes uid as effective uid and
// ScrubberUID as real and saved uid (which drops its capabilities), so
// that it signals the run's processes and nothing else, and the run's
// processes cannot signal it (the kernel lets a process signal one whose
// real or saved uid equals its own real or effective uid). It is never
// the process's main thread, whose credentials kill(-1) checks for this
// process: another killAsUID must not reach the caller.
func killAsUID(uid int) error {
	if uid <= 0 || uid == ScrubberUID {
		return fmt.Errorf("sandbox: refusing to kill every process of uid %d", uid)
	}
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if unix.Gettid() == unix.Getpid() {
			// The main thread: held here, so that the goroutine below
			// runs on another.
			defer runtime.UnlockOSThread()
			errc <- killAsUID(uid)
			return
		}
		// From here on the thread is never given back.
		if err := setresuid(ScrubberUID, uid, ScrubberUID); err != nil {
			errc <- fmt.Errorf("sandbox: take uid %d to kill its processes: %w", uid, err)
			return
		}
		err := syscall.Kill(-1, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			err = nil // no other process at all in this PID namespace
		}
		errc <- err
	}()
	return <-errc
}

// liveProcesses lists the processes with uid among their user IDs that
// are neither dead (zombies) nor dying (SIGKILL pending).
func liveProcesses(uid int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var live []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/status")
		if err != nil {
			continue
		}
		if st := parseStatus(b); st.hasUID(uid) && st.alive() {
			live = append(live, pid)
		}
	}
	return live
}

// procStatus is what liveProcesses needs of /proc/PID/status.
type procStatus struct {
	uids         []int
	state        string
	pending, shd uint64
}

func parseStatus(b []byte) procStatus {
	var st procStatus
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "Uid":
			for _, f := range strings.Fields(v) {
				if id, err := strconv.Atoi(f); err == nil {
					st.uids = append(st.uids, id)
				}
			}
		case "State":
			st.state, _, _ = strings.Cut(v, " ")
		case "SigPnd":
			st.pending, _ = strconv.ParseUint(v, 16, 64)
		case "ShdPnd":
			st.shd, _ = strconv.ParseUint(v, 16, 64)
		}
	}
	return st
}

func (st procStatus) hasUID(uid int) bool {
	for _, id := range st.uids {
		if id == uid {
			return true
		}
	}
	return false
}

// alive: not a zombie, not dead, no SIGKILL pending.
func (st procStatus) alive() bool {
	const sigkill = 1 << (syscall.SIGKILL - 1)
	if st.state == "Z" || st.state == "X" {
		return false
	}
	return (st.pending|st.shd)&sigkill == 0
}

// killUID sends SIGKILL to every process with uid among its real,
// effective, saved or file-system user IDs, and returns how many it
// signalled.
func killUID(uid int) int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if processHasUID(e.Name(), uid) {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				n++
			}
		}
	}
	return n
}

// processHasUID reads /proc/PID/status. A zombie still holds its IDs but
// is harmless; killing it is a no-op.
func processHasUID(pid string, uid int) bool {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return false
	}
	return parseStatus(b).hasUID(uid)
}

// removeOwned removes the entries of dir that uid owns (with what they
// hold). Entries of other owners are left alone; world-writable folders
// inside dir are scrubbed on their own, being in the list too.
func removeOwned(dir string, uid int) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		var st unix.Stat_t
		if unix.Lstat(p, &st) != nil || int(st.Uid) != uid {
			continue
		}
		_ = os.RemoveAll(p)
	}
}

// writableSurvey lists the host's world-writable folders: every place a
// program running under a uid of its own could leave something behind.
type writableSurvey struct {
	// Dirs are the folders, sorted.
	Dirs []string
	// Complete is false when the walk stopped at its cap of
	// maxSurveyDirs folders, so that Dirs may miss some.
	Complete bool
	// Visited counts the folders walked.
	Visited int
}

// maxSurveyDirs caps the walk of the file system.
const maxSurveyDirs = 200_000

var (
	surveyOnce sync.Once
	survey     writableSurvey
)

// worldWritableDirs walks the host's file system once per process and
// returns the folders anyone may write to that a process without
// privileges can reach (every ancestor searchable by others). Pseudo file
// systems (/proc, /sys, cgroups, debugfs ...) are skipped; /dev is walked
// for /dev/shm and /dev/mqueue.
func worldWritableDirs() writableSurvey {
	surveyOnce.Do(func() { survey = surveyWritable("/") })
	return survey
}

// pseudoFS are file-system magic numbers whose folders hold no files a
// program could leave behind.
var pseudoFS = map[int64]bool{
	unix.PROC_SUPER_MAGIC: true, unix.SYSFS_MAGIC: true, unix.CGROUP_SUPER_MAGIC: true,
	unix.CGROUP2_SUPER_MAGIC: true, unix.DEBUGFS_MAGIC: true, unix.TRACEFS_MAGIC: true,
	unix.SECURITYFS_MAGIC: true, unix.BPF_FS_MAGIC: true, unix.DEVPTS_SUPER_MAGIC: true,
	unix.PSTOREFS_MAGIC: true, 0x62656570: true, // configfs unix.FUSE_SUPER_MAGIC: true,
	unix.BINFMTFS_MAGIC: true, unix.HUGETLBFS_MAGIC: true, unix.NSFS_MAGIC: true,
}

func surveyWritable(root string) writableSurvey {
	out := writableSurvey{Complete: true}
	var walk func(dir string)
	walk = func(dir string) {
		if out.Visited >= maxSurveyDirs {
			out.Complete = false
			return
		}
		out.Visited++
		var fsst unix.Statfs_t
		if unix.Statfs(dir, &fsst) == nil && pseudoFS[int64(fsst.Type)] {
			return
		}
		var st unix.Stat_t
		if unix.Lstat(dir, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
			return
		}
		if st.Mode&0o002 != 0 {
			out.Dirs = append(out.Dirs, dir)
		}
		// Others cannot pass through a folder they cannot search.
		if st.Mode&0o001 == 0 {
			return
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			if e.Type()&fs.ModeType == fs.ModeDir {
				walk(filepath.Join(dir, e.Name()))
			}
		}
	}
	walk(root)
	return out
}
