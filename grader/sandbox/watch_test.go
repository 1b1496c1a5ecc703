//go:build linux

package sandbox_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// execTricks is a Python program that executes a program every way the
// watcher must see: the host's /bin/true, by its path and by a search of
// the PATH (whose attempts at folders without it are not executions); a copy of it the run wrote; the
// copy again, through a symbolic link the run made to /proc/self (which
// the supervisor must resolve as the program, not as itself); a memory
// file (memfd_create) by /proc/self/fd/N, through a symbolic link to
// /dev/fd/N, and by fexecve (execveat with AT_EMPTY_PATH). It also asks
// for PTRACE_TRACEME, itself and in a child, which would let it stop a
// child at its execve and change its memory: both must be refused.
const execTricks = `
import ctypes, os, shutil, subprocess
libc = ctypes.CDLL(None, use_errno=True)
def traceme():
    rc = libc.ptrace(0, 0, 0, 0)
    return "allowed" if rc == 0 else os.strerror(ctypes.get_errno())
print("traceme:", traceme())
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.write(w, traceme().encode())
    os._exit(0)
os.waitpid(pid, 0)
print("child traceme:", os.read(r, 100).decode())
subprocess.run(["/bin/true"], check=True)
# A search of the PATH: execve in folders that hold no such program first.
subprocess.run(["true"], check=True, env={"PATH": "/nonexistent:/tmp:/bin"})
shutil.copy("/bin/true", "mytrue")
os.chmod("mytrue", 0o755)
subprocess.run(["./mytrue"], check=True)
os.symlink("/proc/self/cwd/mytrue", "viaself")
subprocess.run(["./viaself"], check=True)
fd = os.memfd_create("payload", 0)
with open("/bin/true", "rb") as f:
    os.write(fd, f.read())
subprocess.run(["/proc/self/fd/%d" % fd], pass_fds=[fd], check=True)
os.symlink("/dev/fd/%d" % fd, "viafd")
subprocess.run(["./viafd"], pass_fds=[fd], check=True)
pid = os.fork()
if pid == 0:
    os.execve(fd, ["payload"], {})
_, st = os.waitpid(pid, 0)
print("fexecve:", os.waitstatus_to_exitcode(st))
`

// seen is the comparable part of an Execution.
type seen struct {
	Origin   sandbox.Origin
	File     string
	Count    int
	GoModule string
}

// TestExecutionsWatched runs execTricks at each isolation level and in
// the simulated container (root without CAP_SYS_PTRACE, where the
// supervisor reads the program's memory with its file-system uid): every
// execution is listed with where it came from, and PTRACE_TRACEME is
// refused to the program.
func TestExecutionsWatched(t *testing.T) {
	if os.Getenv(inContainerWatch) != "" {
		watchExecutions(t, sandbox.ChooseAuto)
		return
	}
	forEachMode(t, func(t *testing.T, m mode) { watchExecutions(t, m.choice) })
	t.Run("container", func(t *testing.T) { inSimulatedContainer(t, "TestExecutionsWatched", inContainerWatch) })
}

// inContainerWatch is set in the test binary TestExecutionsWatched starts
// inside the simulated container.
const inContainerWatch = "KPUZZLE_SANDBOX_TEST_WATCH_IN_CONTAINER"

func watchExecutions(t *testing.T, choice sandbox.Choice) {
	py := python(t)
	dir := reachableDir(t)
	spec := sandbox.Spec{Argv: []string{py, "-c", execTricks}, Dir: dir, Isolation: choice}
	if os.Geteuid() == 0 {
		spec.UID = leaseUID(t)
	}
	res := run(t, spec)
	if !res.Success() {
		t.Fatalf("the program failed: %+v\n%s", res.Ending, res.Stderr)
	}
	if want := "traceme: Operation not permitted\nchild traceme: Operation not permitted\nfexecve: 0\n"; string(res.Stdout) != want {
		t.Errorf("stdout %q, want %q", res.Stdout, want)
	}
	if res.WatchErr != "" {
		t.Fatalf("executions not watched: %s", res.WatchErr)
	}
	trueFile, err := filepath.EvalSymlinks("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	pyFile, err := filepath.EvalSymlinks(py)
	if err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{sandbox.OriginFile, pyFile, 1, ""},
		{sandbox.OriginFile, trueFile, 2, ""},
		{sandbox.OriginWritten, filepath.Join(dir, "mytrue"), 2, ""},
		{sandbox.OriginMemory, "/memfd:payload (deleted)", 3, ""},
	}
	var got []seen
	for _, e := range res.Executed {
		t.Logf("%s (%d)", e, e.Count)
		got = append(got, seen{e.Origin, e.File, e.Count, e.GoModule})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("executions (-want +got):\n%s", diff)
	}
	for _, e := range res.Executed {
		if (e.Origin == sandbox.OriginFile) == e.Unusual() {
			t.Errorf("%s: Unusual() = %v", e, e.Unusual())
		}
	}
	if !strings.HasPrefix(res.Executed[len(res.Executed)-1].Path, "/proc/self/fd/") {
		t.Errorf("the memory file's path as the run named it: %q", res.Executed[len(res.Executed)-1].Path)
	}
}
