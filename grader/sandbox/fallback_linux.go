package sandbox

import (
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
)

// claimUID reserves uid for one fallback run of this process.
func claimUID(uid int) (release func(), err error) {
	uidsMu.Lock()
	defer uidsMu.Unlock()
	if uidsInUse[uid] {
		return nil, fmt.Errorf("sandbox: uid %d is already running a program; concurrent runs without namespaces need distinct Spec.UID values", uid)
	}
	uidsInUse[uid] = true
	return func() {
		uidsMu.Lock()
		defer uidsMu.Unlock()
		delete(uidsInUse, uid)
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
