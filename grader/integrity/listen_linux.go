package integrity

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// Listener receives, during one run, the reports of kpuzzle programs that
// refused to work in it (package runguard): on the run's socket
// runguard.ReportSocket(uid), in runguard.ReportDir, a folder of root's
// that the run can neither write nor replace; the socket belongs to the
// run's uid with mode 0600, so no other run can connect to it. Path-based
// Unix sockets reach across the run's mount and network namespaces and
// work on its read-only view of the file system.
type Listener struct {
	ln   *net.UnixListener
	path string
	wg   sync.WaitGroup
	mu   sync.Mutex
	got  []grader.IntegrityFinding
}

// Listen opens the report socket of the run with uid. It needs root (the
// folder is root's) and a uid of the run range; otherwise, or when the
// socket cannot be made, it returns nil and the error, and the run goes
// on without it. A nil *Listener is valid and receives nothing.
func Listen(uid int) (*Listener, error) {
	if os.Geteuid() != 0 || !runguard.InRunRange(uid) {
		return nil, errors.New("report socket: needs a grader running as root and a run uid")
	}
	if err := os.Mkdir(runguard.ReportDir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("report socket: %w", err)
	}
	var st unix.Stat_t
	if err := unix.Lstat(runguard.ReportDir, &st); err != nil {
		return nil, fmt.Errorf("report socket: %w", err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR || st.Uid != 0 || st.Mode&0o022 != 0 {
		return nil, fmt.Errorf("report socket: %s is not a folder that root alone may write", runguard.ReportDir)
	}
	path := runguard.ReportSocket(uid)
	// A socket left by a grader that died; the uid's lease is ours now.
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("report socket: %w", err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("report socket: %w", err)
	}
	ln.SetUnlinkOnClose(true)
	err = os.Chown(path, uid, uid)
	if err == nil {
		err = os.Chmod(path, 0o600)
	}
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("report socket: %w", err)
	}
	l := &Listener{ln: ln, path: path}
	l.wg.Add(1)
	go l.accept()
	return l, nil
}

func (l *Listener) accept() {
	defer l.wg.Done()
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		l.wg.Add(1)
		go l.read(c)
	}
}

// read takes one report: one JSON object, at most 4 KiB, within a second.
func (l *Listener) read(c net.Conn) {
	defer l.wg.Done()
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(time.Second))
	var r runguard.Report
	if err := json.NewDecoder(io.LimitReader(c, 4096)).Decode(&r); err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.got) < maxReports {
		l.got = append(l.got, finding(r))
	}
}

// Close stops listening once the connections already made are taken,
// removes the socket and returns the findings, one per report.
func (l *Listener) Close() []grader.IntegrityFinding {
	if l == nil {
		return nil
	}
	// Connections queued before the run ended are accepted still.
	_ = l.ln.SetDeadline(time.Now().Add(50 * time.Millisecond))
	l.wg.Wait()
	l.ln.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.got
}
