package runguard_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"

	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// childMode makes the test binary act as a process of a run: it prints
// what Check and reference.Solve say.
const childMode = "KPUZZLE_RUNGUARD_CHILD"

func TestMain(m *testing.M) {
	mode := os.Getenv(childMode)
	switch {
	case mode == "":
		os.Exit(m.Run())
	case strings.HasPrefix(mode, "filter:"):
		if err := blind(strings.TrimPrefix(mode, "filter:")); err != nil {
			fmt.Println("filter:", err)
			os.Exit(3)
		}
	case mode == "hostname":
		if err := unix.Sethostname([]byte(runguard.Hostname)); err != nil {
			fmt.Println("sethostname:", err)
			os.Exit(3)
		}
	}
	err := runguard.Check("test")
	_, serr := reference.Solve(context.Background(), reference.Request{})
	fmt.Printf("check=%v inside=%v solve-refused=%v\n", err, runguard.Current().Inside(), errors.Is(serr, runguard.ErrInsideRun))
	os.Exit(0)
}

func TestOutsideARunNothingRefuses(t *testing.T) {
	if runguard.Current().Inside() {
		t.Skipf("the tests themselves run inside a run: %+v", runguard.Current())
	}
	if err := runguard.Check("test"); err != nil {
		t.Fatal(err)
	}
}

func TestRunRange(t *testing.T) {
	for _, c := range []struct {
		uid  int
		want bool
	}{
		{0, false}, {65534, false}, {runguard.FirstRunUID - 1, false}, {runguard.FirstRunUID, true},
		{runguard.FirstRunUID + runguard.RunUIDs - 1, true}, {runguard.FirstRunUID + runguard.RunUIDs, false},
	} {
		if got := runguard.InRunRange(c.uid); got != c.want {
			t.Errorf("InRunRange(%d) = %v, want %v", c.uid, got, c.want)
		}
	}
}

// child runs the test binary as a process of a run and returns its line.
func child(t *testing.T, mode string, sys *syscall.SysProcAttr) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to take a run uid or a UTS namespace")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The test binary must be reachable by the run uid: a copy in a
	// folder anyone may search.
	dir, err := os.MkdirTemp("", "runguard-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	exe = dir + "/runguard.test"
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = []string{childMode + "=" + mode}
	cmd.SysProcAttr = sys
	cmd.Dir = "/"
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestRunUIDRefuses(t *testing.T) {
	for _, uid := range []int{runguard.FirstRunUID, runguard.FirstRunUID + runguard.RunUIDs - 1} {
		got := child(t, "uid", &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}})
		want := "check=test: " + runguard.ErrInsideRun.Error() + " inside=true solve-refused=true"
		if got != want {
			t.Errorf("uid %d:\n got %s\nwant %s", uid, got, want)
		}
	}
	got := child(t, "uid", &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}})
	if want := "check=<nil> inside=false solve-refused=false"; got != want {
		t.Errorf("nobody:\n got %s\nwant %s", got, want)
	}
}

func TestRunHostnameRefuses(t *testing.T) {
	got := child(t, "hostname", &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUTS})
	want := "check=test: " + runguard.ErrInsideRun.Error() + " inside=true solve-refused=true"
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// blind installs, on every thread of this process, the seccomp filter of
// the attack of issue 31: spec is CALL=ANSWER, CALL getresuid or uname,
// ANSWER eperm (the call fails) or zero (it returns 0 without running,
// leaving its buffers as they were).
func blind(spec string) error {
	call, answer, _ := strings.Cut(spec, "=")
	nr := map[string]uint32{"getresuid": unix.SYS_GETRESUID, "uname": unix.SYS_UNAME}[call]
	ret := map[string]uint32{"eperm": unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM), "zero": unix.SECCOMP_RET_ERRNO}[answer]
	if nr == 0 || ret == 0 {
		return fmt.Errorf("bad filter %q", spec)
	}
	raw, err := bpf.Assemble([]bpf.Instruction{
		bpf.LoadAbsolute{Off: 0, Size: 4}, // seccomp_data.nr
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipFalse: 1},
		bpf.RetConstant{Val: ret},
		bpf.RetConstant{Val: unix.SECCOMP_RET_ALLOW},
	})
	if err != nil {
		return err
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return err
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if _, _, errno := syscall.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog))); errno != 0 {
		return errno
	}
	return nil
}

// TestBlindedGuardFailsClosed is the attack of issue 31 on the guard
// itself: a process that is not in a run (not a run uid, not the run's
// host name) but whose getresuid or uname a seccomp filter of its own
// makes fail, or return 0 without an answer, counts as inside a run.
// Before the guard failed closed, the failing getresuid left its uids 0
// and the failing uname read as "not the run's host name": a blinded
// kpuzzle in a run worked.
func TestBlindedGuardFailsClosed(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"getresuid=eperm", "getresuid=zero", "uname=eperm", "uname=zero"} {
		cmd := exec.Command(exe)
		cmd.Env = []string{childMode + "=filter:" + spec}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", spec, err, out)
		}
		want := "check=test: " + runguard.ErrInsideRun.Error() + " inside=true solve-refused=true"
		if got := strings.TrimSpace(string(out)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", spec, got, want)
		}
	}
	if runguard.Current().Inside() {
		t.Fatalf("the test process itself counts as inside: %+v", runguard.Current())
	}
}
