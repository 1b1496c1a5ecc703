//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKillAsUIDRefusesRoot: killing every process of uid 0, or of the
// scrubber's uid, is never what a caller means.
func TestKillAsUIDRefusesRoot(t *testing.T) {
	for _, uid := range []int{0, -1, ScrubberUID} {
		if err := killAsUID(uid); err == nil {
			t.Errorf("killAsUID(%d) = nil, want a refusal", uid)
		}
	}
}

// busyUIDEnv carries, into the copy of this test binary that
// TestUIDInUseAcrossContainers runs in a container, the uid another
// container's process has.
const busyUIDEnv = "KPUZZLE_SANDBOX_TEST_BUSY_UID"

// TestUIDInUseAcrossContainers starts, with real Docker, a container whose
// process runs as a uid of the run range, and runs this test binary in a
// second container: there uidInUse must see that uid in use (no process
// of it is visible in the second container's /proc, and its lock files
// are its own) and the next uid free. This is what keeps two graders in
// containers on one kernel from giving their runs the same uid.
func TestUIDInUseAcrossContainers(t *testing.T) {
	if v := os.Getenv(busyUIDEnv); v != "" {
		uid, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(liveProcesses(uid)) != 0 {
			t.Fatalf("a process of uid %d is visible here: not another container", uid)
		}
		if busy, err := uidInUse(uid); err != nil || !busy {
			t.Errorf("uidInUse(%d) = %v, %v inside a container, while another container runs a process of it", uid, busy, err)
		}
		if busy, err := uidInUse(uid + 1); err != nil || busy {
			t.Errorf("uidInUse(%d) = %v, %v, want free", uid+1, busy, err)
		}
		return
	}
	if os.Getenv("KPUZZLE_DOCKER") == "" {
		t.Skip("set KPUZZLE_DOCKER=1 to run containers with real Docker")
	}
	const image = "kpuzzle-test-base:bookworm" // built by cmd/kpuzzle's TestGradescopeBundleInDocker
	if out, err := exec.Command("docker", "image", "inspect", image).CombinedOutput(); err != nil {
		t.Skipf("no image %s (TestGradescopeBundleInDocker builds it): %v %s", image, err, out)
	}
	bin := filepath.Join(t.TempDir(), "sandbox.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	uid := FirstRunUID + 4242
	out, err := exec.Command("docker", "run", "-d", "--rm", "--user", fmt.Sprint(uid), image, "sleep", "600").CombinedOutput()
	if err != nil {
		t.Fatalf("start the other container: %v\n%s", err, out)
	}
	id := strings.TrimSpace(string(out))
	defer exec.Command("docker", "rm", "-f", id).Run()
	run := exec.Command("docker", "run", "--rm", "-v", filepath.Dir(bin)+":/t:ro", "-e", busyUIDEnv+"="+fmt.Sprint(uid),
		image, "/t/sandbox.test", "-test.run=^TestUIDInUseAcrossContainers$", "-test.v", "-test.count=1")
	out, err = run.CombinedOutput()
	t.Logf("inside the second container:\n%s", out)
	if err != nil || !strings.Contains(string(out), "--- PASS") {
		t.Errorf("inside the second container: %v", err)
	}
}
