package runguard

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
)

// The run uid range: graders that run as root give each concurrent run a
// uid of its own from FirstRunUID upwards, at most RunUIDs of them. These
// are the values of grader/sandbox's constants of the same names (a test
// there keeps them equal); they live here too so that the reference
// packages need not import the sandbox.
const (
	FirstRunUID = 1_990_000_000
	RunUIDs     = 10_000
)

// Hostname is the host name the sandbox gives a run's UTS namespace.
const Hostname = "kpuzzle-sandbox-run"

// ReportDir is the folder of the runs' report sockets: created by a grader
// running as root, owned by root and writable by root alone, so that a
// run can neither remove nor replace its socket.
const ReportDir = "/run/kpuzzle-sandbox-reports"

// ReportSocket is the path of the report socket of the run with uid: a
// Unix socket the grader listens on during that run, owned by the uid and
// connectable by it alone.
func ReportSocket(uid int) string {
	return ReportDir + "/" + strconv.Itoa(uid) + ".sock"
}

// ErrInsideRun is wrapped by the error of every entry point that refuses
// to work inside a grading run.
var ErrInsideRun = errors.New("the kpuzzle reference solver does not work inside a grading run")

// RefusedError is the refusal of one entry point.
type RefusedError struct {
	// What names the entry point: "kpuzzle solve", "reference.Solve".
	What string
}

func (e *RefusedError) Error() string { return e.What + ": " + ErrInsideRun.Error() }

// Unwrap returns ErrInsideRun.
func (e *RefusedError) Unwrap() error { return ErrInsideRun }

// Marks says why a process counts as inside a run.
type Marks struct {
	// UID is the run uid among the process's real, effective and saved
	// uids, or -1.
	UID int
	// Hostname is set when the host name is Hostname.
	Hostname bool
	// Unreadable says why the uids or the host name could not be read
	// (a system call failed, or gave an answer the kernel never gives):
	// the guard fails closed, so this too counts as inside a run.
	Unreadable string
}

// Inside reports whether any mark is present, or the marks could not be
// read.
func (m Marks) Inside() bool { return m.UID >= 0 || m.Hostname || m.Unreadable != "" }

// InRunRange reports whether uid is one of the run uids.
func InRunRange(uid int) bool { return uid >= FirstRunUID && uid < FirstRunUID+RunUIDs }

var (
	once  sync.Once
	marks Marks
)

// Current returns the marks of this process, read once: a process cannot
// lose them, so they do not change.
func Current() Marks {
	once.Do(func() { marks = read() })
	return marks
}

// Check returns nil outside a grading run. Inside one it reports the
// refusal to the grader (see ReportSocket; at most once per process) and
// returns a *RefusedError naming what.
func Check(what string) error {
	m := Current()
	if !m.Inside() {
		return nil
	}
	reportOnce.Do(func() { report(m, what) })
	return &RefusedError{What: what}
}

var reportOnce sync.Once

// Report is what a refusing process sends the grader, one JSON object on
// the run's report socket.
type Report struct {
	// What is the entry point that refused.
	What string `json:"what"`
	// Executable is the program's path as the run saw it.
	Executable string `json:"executable,omitempty"`
	// PID is its process ID in the run.
	PID int `json:"pid"`
}

func (r Report) String() string {
	return fmt.Sprintf("%s (%s, pid %d)", r.Executable, r.What, r.PID)
}
