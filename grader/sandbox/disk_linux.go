package sandbox

import (
	"os"
	"path/filepath"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Disk accounting of a run: a watchdog that measures the run's disk space
// while it runs, and notices a full file system.

const (
	// diskWatchEvery is the watchdog's period.
	diskWatchEvery = 200 * time.Millisecond
	// minEntryBytes is what every file and folder counts at least.
	minEntryBytes = 4 << 10
	// fullBytes and fullInodes are the free space and inodes below which
	// a file system counts as full.
	fullBytes  = 1 << 20
	fullInodes = 16
)

// diskWatch measures one run.
type diskWatch struct {
	dir      string   // the working folder
	uid      int      // the run's own uid without namespaces (files it owns elsewhere count), else -1
	writable []string // the world-writable folders to look in for uid's files
	fsPaths  []string // where to look for a full file system
	limit    int64

	mu   sync.Mutex
	used int64 // the most seen
	over bool
	full bool
}

func newDiskWatch(dir string, uid int, ns, privateDir bool, limit int64) *diskWatch {
	w := &diskWatch{dir: dir, uid: -1, fsPaths: []string{dir}, limit: limit}
	if ns && privateDir {
		// The program writes into file systems of its own only; the
		// host's being full matters to the copy back alone, which
		// reports it.
		w.fsPaths = nil
	}
	if !ns && uid > 0 && os.Geteuid() == 0 {
		w.uid = uid
		w.writable = worldWritableDirs().Dirs
		w.fsPaths = append(w.fsPaths, os.TempDir())
	}
	return w
}

// watch measures every diskWatchEvery until done is closed, and calls
// stop once when the run is over its limit.
func (w *diskWatch) watch(done <-chan struct{}, stop func()) {
	t := time.NewTicker(diskWatchEvery)
	defer t.Stop()
	stopped := false
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		if w.measure() && !stopped {
			stopped = true
			stop()
		}
	}
}

// measure takes one measurement and reports whether the run is over its
// limit.
func (w *diskWatch) measure() bool {
	full := false
	for _, p := range w.fsPaths {
		full = full || fileSystemFull(p)
	}
	used := w.usage()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.used = max(w.used, used)
	w.full = w.full || full
	if used > w.limit {
		w.over = true
	}
	return w.over
}

// usage is the disk space of the run, counted until just past the limit.
func (w *diskWatch) usage() int64 {
	var total int64
	var walk func(path string, root bool)
	walk = func(path string, root bool) {
		if total > w.limit {
			return
		}
		var st unix.Stat_t
		if unix.Lstat(path, &st) != nil {
			return
		}
		if !root {
			total += max(st.Blocks*512, minEntryBytes)
		}
		if st.Mode&unix.S_IFMT != unix.S_IFDIR {
			return
		}
		ents, err := os.ReadDir(path)
		if err != nil {
			return
		}
		for _, e := range ents {
			walk(filepath.Join(path, e.Name()), false)
		}
	}
	walk(w.dir, true)
	for _, dir := range w.writable {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			var st unix.Stat_t
			if unix.Lstat(p, &st) == nil && int(st.Uid) == w.uid {
				walk(p, false)
			}
		}
	}
	return total
}

// fileSystemFull reports whether the file system of path has less than
// fullBytes or fullInodes left for a program without privileges.
func fileSystemFull(path string) bool {
	var fs unix.Statfs_t
	if unix.Statfs(path, &fs) != nil {
		return false
	}
	if int64(fs.Bavail)*int64(fs.Bsize) < fullBytes {
		return true
	}
	return fs.Files > 0 && fs.Ffree < fullInodes
}

// result is what the watch saw: over the limit, the most used, full.
func (w *diskWatch) result() (over bool, used int64, full bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.over, w.used, w.full
}
