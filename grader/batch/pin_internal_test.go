package batch

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The pins a run gets: PYTHONHASHSEED=0 and the folder of the
// sitecustomize file first on PYTHONPATH, a course's own values kept.
func TestPinEnv(t *testing.T) {
	base := []string{"PATH=/usr/bin", "HOME=/w"}
	for _, tc := range []struct {
		env, want []string
	}{
		{base, append(base[:2:2], "PYTHONHASHSEED=0", "PYTHONPATH=/pin")},
		{append(base[:2:2], "PYTHONHASHSEED=random", "PYTHONPATH=/course"), append(base[:2:2], "PYTHONHASHSEED=random", "PYTHONPATH=/pin:/course")},
	} {
		if d := cmp.Diff(tc.want, pinEnv(tc.env, "/pin")); d != "" {
			t.Errorf("pinEnv(%q) (-want +got):\n%s", tc.env, d)
		}
	}
}

// Under the pins a Python run's string hashes and its random module's
// first draw are those of PYTHONHASHSEED=0 and random.seed(0), whatever
// the interpreter, and the interpreter's own sitecustomize (Debian's
// apport hook) still runs after kpuzzle's.
func TestPinnedPython(t *testing.T) {
	py := "/usr/bin/python3" // the system's, with Debian's sitecustomize
	if _, err := exec.LookPath(py); err != nil {
		if py, err = exec.LookPath("python3"); err != nil {
			t.Skip("python3 is not installed")
		}
	}
	dir, err := writePin(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const probe = `import random, sys; print(hash("UP"), random.random(), getattr(sys.modules.get("sitecustomize"), "__file__", "none"))`
	run := func(env []string, code string) string {
		t.Helper()
		cmd := exec.Command(py, "-c", code)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	got := strings.Fields(run(pinEnv([]string{"PATH=/usr/bin:/bin"}, dir), probe))
	want := strings.Fields(run([]string{"PATH=/usr/bin:/bin", "PYTHONHASHSEED=0"}, `import random; random.seed(0); print(hash("UP"), random.random())`))
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("pinned hash and first draw %q, want %q", got, want)
	}
	// Without the pins another run of the same interpreter draws
	// otherwise (the chance that it does not is 2^-53).
	other := strings.Fields(run([]string{"PATH=/usr/bin:/bin"}, probe))
	if len(other) == 3 && other[1] == want[1] {
		t.Errorf("unpinned, random.random() is %s too: the test shows nothing", other[1])
	}
	// The interpreter's own sitecustomize, if it has one, is the one
	// loaded last.
	if len(other) == 3 && other[2] != "none" && got[2] != other[2] {
		t.Errorf("pinned, sitecustomize is %s; the interpreter's own, %s, did not run after kpuzzle's", got[2], other[2])
	}
}
