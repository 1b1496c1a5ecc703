package sandbox

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"
)

// waitWatch reads the waiting time of a run's tasks (see CPUWait) from
// /proc, as the grader sees it: the run is every descendant of the
// helper, whose children are the program and, because the helper is the
// namespace's init or a subreaper, every orphan of the run. It works at
// both isolation levels and in a container, and needs no privilege the
// grader lacks (taskstats and the proc connector need CAP_NET_ADMIN; a
// cgroup of the run's own needs a writable cgroup v2 tree).
type waitWatch struct {
	root string // the helper's PID, as /proc names it

	mu sync.Mutex
	// member caches, by PID, whether a process is in the run's tree, for
	// the processes listed at the last reading.
	member map[string]bool
	// tasks holds the last reading of every task of the tree still alive
	// at the last reading; gone sums those of the tasks that ended.
	tasks map[string]taskTimes
	gone  taskTimes
	seen  int
	reads int

	stop chan struct{}
	done chan struct{}
}

// taskTimes is one reading of a task's schedstat: its CPU time and the
// time it waited on a run queue.
type taskTimes struct{ cpu, wait time.Duration }

// watchWait starts reading the tree under the helper pid every
// WaitInterval until stopWait.
func watchWait(pid int) *waitWatch {
	w := &waitWatch{
		root:   strconv.Itoa(pid),
		member: map[string]bool{},
		tasks:  map[string]taskTimes{},
		stop:   make(chan struct{}),
		done:   make(chan struct{}),
	}
	go func() {
		defer close(w.done)
		t := time.NewTicker(WaitInterval)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-t.C:
				w.read()
			}
		}
	}()
	return w
}

// stopWait ends the readings (the tree is gone) and returns the result.
func (w *waitWatch) stopWait() CPUWait {
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	total := w.gone
	for _, t := range w.tasks {
		total.cpu += t.cpu
		total.wait += t.wait
	}
	return CPUWait{Waited: total.wait, Seen: total.cpu, Tasks: w.seen, Readings: w.reads}
}

// read takes one reading of every task of the tree.
func (w *waitWatch) read() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reads++
	d, err := os.Open("/proc")
	if err != nil {
		return
	}
	names, _ := d.Readdirnames(-1)
	d.Close()

	// Which listed processes belong to the tree: a process's parent
	// decides, and a parent may be listed after its child.
	parent := map[string]string{}
	listed := make(map[string]bool, len(names))
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		listed[name] = true
		if _, ok := w.member[name]; !ok {
			if pp, ok := parentOf(name); ok {
				parent[name] = pp
			}
		}
	}
	for pid := range w.member {
		if !listed[pid] {
			delete(w.member, pid) // ended: its PID may be reused
		}
	}
	for changed := true; changed; {
		changed = false
		for pid, pp := range parent {
			if pp == w.root || w.member[pp] {
				w.member[pid] = true
				delete(parent, pid)
				changed = true
			}
		}
	}
	for pid := range parent {
		w.member[pid] = false
	}

	alive := map[string]bool{}
	for pid, in := range w.member {
		if !in {
			continue
		}
		dir := "/proc/" + pid + "/task/"
		t, err := os.Open(dir)
		if err != nil {
			continue
		}
		tids, _ := t.Readdirnames(-1)
		t.Close()
		for _, tid := range tids {
			now, ok := readSchedstat(dir + tid + "/schedstat")
			if !ok {
				continue
			}
			last, known := w.tasks[tid]
			switch {
			case !known:
				w.seen++
			case now.cpu < last.cpu || now.wait < last.wait:
				// Another task has the ID now; the first ended.
				w.gone.cpu += last.cpu
				w.gone.wait += last.wait
				w.seen++
			}
			w.tasks[tid] = now
			alive[tid] = true
		}
	}
	for tid, last := range w.tasks {
		if !alive[tid] {
			w.gone.cpu += last.cpu
			w.gone.wait += last.wait
			delete(w.tasks, tid)
		}
	}
}

// parentOf reads the parent PID of process pid from /proc/PID/stat.
func parentOf(pid string) (string, bool) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", false
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return "", false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 2 {
		return "", false
	}
	return string(f[1]), true
}

// readSchedstat reads a task's schedstat: "CPU-ns wait-ns timeslices".
func readSchedstat(path string) (taskTimes, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return taskTimes{}, false
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return taskTimes{}, false
	}
	cpu, err1 := strconv.ParseInt(string(f[0]), 10, 64)
	wait, err2 := strconv.ParseInt(string(f[1]), 10, 64)
	if err1 != nil || err2 != nil {
		return taskTimes{}, false
	}
	return taskTimes{cpu: time.Duration(cpu), wait: time.Duration(wait)}, true
}
