package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

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

// LeaseUID reserves the first free uid of the run range, trying
// FirstRunUID+hint first and going on from there, so that callers with
// distinct hints usually get distinct uids at once. Release it when done.
func LeaseUID(hint int) (*Lease, error) {
	for i := range RunUIDs {
		uid := FirstRunUID + (hint+i)%RunUIDs
		l, err := leaseExactly(uid)
		if err == nil {
			return l, nil
		}
		if !errors.Is(err, errLeaseBusy) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("sandbox: all %d run uids are leased", RunUIDs)
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

// scrubUID kills every process that has uid as one of its user IDs and
// removes every entry uid owns in the host's world-writable folders. It
// is called after a fallback run, when the caller is root and uid is the
// run's own, so nothing legitimate has it.
func scrubUID(uid int) {
	for range 20 {
		if killUID(uid) == 0 {
			break
		}
	}
	for _, dir := range worldWritableDirs().Dirs {
		removeOwned(dir, uid)
	}
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
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Uid:"); ok {
			for _, f := range strings.Fields(v) {
				if id, err := strconv.Atoi(f); err == nil && id == uid {
					return true
				}
			}
			return false
		}
	}
	return false
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
