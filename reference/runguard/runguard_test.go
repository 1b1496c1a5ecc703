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

	"golang.org/x/sys/unix"

	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// childMode makes the test binary act as a process of a run: it prints
// what Check and reference.Solve say.
const childMode = "KPUZZLE_RUNGUARD_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childMode) {
	case "":
		os.Exit(m.Run())
	case "hostname":
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
