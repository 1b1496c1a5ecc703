//go:build linux

package sandbox_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// connectArgv returns a program that connects to 127.0.0.1:port, printing
// "connected" on success and exiting 1 otherwise.
func connectArgv(t *testing.T, port int) []string {
	t.Helper()
	if bash, err := exec.LookPath("bash"); err == nil {
		return []string{bash, "-c", fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d && echo connected", port)}
	}
	return []string{python(t), "-c", fmt.Sprintf(
		"import socket\nsocket.create_connection(('127.0.0.1', %d), timeout=2)\nprint('connected')", port)}
}

func TestNoNetwork(t *testing.T) {
	requireNamespaces(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	argv := connectArgv(t, ln.Addr().(*net.TCPAddr).Port)

	res := run(t, sandbox.Spec{Argv: argv})
	if res.Success() || strings.Contains(string(res.Stdout), "connected") {
		t.Errorf("connection from the sandbox succeeded: %+v", outcomeOf(res))
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("listener accepted %d connections from the sandbox, want 0", n)
	}
	if !res.Isolation.Network {
		t.Errorf("Isolation = %v, want network isolated", res.Isolation)
	}

	// The same program reaches the listener when the network is allowed,
	// so the failure above is the sandbox's doing.
	res = run(t, sandbox.Spec{Argv: argv, AllowNetwork: true})
	if got := string(res.Stdout); got != "connected\n" {
		t.Errorf("with AllowNetwork the program printed %q (stderr %q), want \"connected\\n\"", got, res.Stderr)
	}
}

// secrets returns the absolute paths of the testdata secrets.
func secrets(t *testing.T) (dir, file, public string) {
	t.Helper()
	abs, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(abs, "secret"), filepath.Join(abs, "secret-file.txt"), filepath.Join(abs, "secret", "public")
}

func TestHide(t *testing.T) {
	requireNamespaces(t)
	secretDir, secretFile, public := secrets(t)
	script := `
cat "$1/answer-key.txt"
ls "$1"
cat "$2"
cat "$3/puzzle.txt"
/bin/sh -c 'echo shell still runs'
cat mine.txt
echo written > made.txt && echo made
`
	argv := sh(script, "sh", secretDir, secretFile, public)

	// Control: without Conceal the program can read the secrets, so a
	// failure to read them below is the sandbox's doing.
	dir := t.TempDir()
	writeFile(t, dir, "mine.txt", "MY-OWN-INPUT\n", 0o644)
	res := run(t, sandbox.Spec{Argv: argv, Dir: dir})
	if !strings.Contains(string(res.Stdout), "TOP-SECRET") || !strings.Contains(string(res.Stdout), "SECRET-FILE-CONTENT") {
		t.Skipf("testdata is not readable by uid %d here, so hiding it proves nothing: %s", res.Isolation.UID, res.Stderr)
	}

	dir = t.TempDir()
	writeFile(t, dir, "mine.txt", "MY-OWN-INPUT\n", 0o644)
	res = run(t, sandbox.Spec{
		Argv:     argv,
		Dir:      dir,
		Conceal:  []string{secretDir, secretFile, filepath.Dir(dir)},
		ReadOnly: []string{public},
	})
	// The hidden directory looks empty but for the mount point of the
	// read-only public part, the hidden file reads as empty, and the
	// working directory is untouched although its parent is hidden.
	want := "public\n" + "PUBLIC-PUZZLE 1 2 3\n" + "shell still runs\n" + "MY-OWN-INPUT\n" + "made\n"
	if diff := cmp.Diff(want, string(res.Stdout)); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s\nstderr: %s", diff, res.Stderr)
	}
	if !strings.Contains(string(res.Stderr), "answer-key.txt: No such file") {
		t.Errorf("stderr = %q, want the answer key to be missing", res.Stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "made.txt"))
	if err != nil || string(got) != "written\n" {
		t.Errorf("made.txt = %q, %v; want \"written\\n\"", got, err)
	}
}

func TestHideInsideDir(t *testing.T) {
	requireNamespaces(t)
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys")
	if err := os.Mkdir(keys, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, keys, "answer.txt", "SECRET\n", 0o644)
	writeFile(t, dir, "input.txt", "INPUT\n", 0o644)
	res := run(t, sandbox.Spec{
		Argv:    sh("cat input.txt; ls keys; cat keys/answer.txt; touch keys/x"),
		Dir:     dir,
		Conceal: []string{keys},
	})
	if diff := cmp.Diff("INPUT\n", string(res.Stdout)); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(res.Stderr), "Read-only file system") {
		t.Errorf("stderr = %q, want the cover of keys to be read-only", res.Stderr)
	}
}

func TestReadOnly(t *testing.T) {
	requireNamespaces(t)
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared")
	if err := os.Mkdir(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o777); err != nil { // beat the umask
		t.Fatal(err)
	}
	writeFile(t, shared, "data.txt", "DATA\n", 0o666)
	script := `cat shared/data.txt; echo x >> shared/data.txt || echo append refused; touch shared/new || echo create refused; touch ok && echo dir writable`
	// Control: the permissions alone would let the program write.
	res := run(t, sandbox.Spec{Argv: sh(script), Dir: dir})
	if diff := cmp.Diff("DATA\ndir writable\n", string(res.Stdout)); diff != "" {
		t.Fatalf("without ReadOnly, stdout mismatch (-want +got):\n%s", diff)
	}
	writeFile(t, shared, "data.txt", "DATA\n", 0o666)
	res = run(t, sandbox.Spec{Argv: sh(script), Dir: dir, ReadOnly: []string{shared}})
	want := "DATA\nappend refused\ncreate refused\ndir writable\n"
	if diff := cmp.Diff(want, string(res.Stdout)); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s", diff)
	}
}

func TestPrivateTmpAndProc(t *testing.T) {
	requireNamespaces(t)
	token := newToken(t)
	marker := writeFile(t, os.TempDir(), token+"-host", "host\n", 0o644)
	defer os.Remove(marker)
	inside := filepath.Join("/tmp", token+"-inside")
	// The host's /tmp is not visible, the program's own /tmp file stays
	// inside, and /proc lists only the run's processes: the helper, the
	// shell, ps and wc. (The host's file is named in the script, not as
	// an argument: a path of the command line stays visible, see
	// TestProgramInPrivateFolder.)
	res := run(t, sandbox.Spec{
		Argv: sh(`test -e '`+marker+`' && echo host tmp visible; echo tmpfile > "$1" && cat "$1"; ps -e -o pid= | wc -l`, "sh", inside),
	})
	want := "tmpfile\n4\n"
	if diff := cmp.Diff(want, string(res.Stdout)); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s\nstderr: %s", diff, res.Stderr)
	}
	if _, err := os.Stat(inside); err == nil {
		t.Errorf("%s, written to the program's /tmp, appeared on the host", inside)
	}
}

func TestNoPrivileges(t *testing.T) {
	requireNamespaces(t)
	uid := os.Geteuid()
	if uid == 0 {
		uid = sandbox.NobodyID
	}
	// The program has no capabilities and cannot gain any; it can neither
	// mount over what was hidden nor kill the helper. (Started by root, its
	// bounding set is empty as well; otherwise it cannot be emptied, but
	// without capabilities or setuid programs it does not matter.)
	res := run(t, sandbox.Spec{
		Argv: sh(`id -u; grep -E '^(CapEff|NoNewPrivs)' /proc/self/status; ` +
			`grep -q '^CapBnd:.0000000000000000' /proc/self/status && echo empty bounding set; ` +
			`mount -t tmpfs none "$HOME" 2>/dev/null && echo mounted; ` +
			// Were the helper (the namespace's init) to die, the kernel
			// would kill the shell before it could print.
			`kill -KILL 1 2>/dev/null; sleep 0.1; echo survived`),
	})
	want := fmt.Sprintf("%d\nCapEff:\t0000000000000000\nNoNewPrivs:\t1\n", uid)
	if os.Geteuid() == 0 {
		want += "empty bounding set\n"
	}
	want += "survived\n"
	if diff := cmp.Diff(want, string(res.Stdout)); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s", diff)
	}
}

// TestProgramInPrivateFolder runs a program that lies under /tmp, with a
// file under /tmp as its argument, as a course folder (or a checkout of
// this project) under /tmp has them: with namespaces the run gets a
// private /tmp, which hid both until the sandbox kept the paths of the
// command line visible (read-only); without namespaces they were always
// there. A concealed one stays hidden.
func TestProgramInPrivateFolder(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		dir, err := os.MkdirTemp("", "kpuzzle-private-program-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		os.Chmod(dir, 0o755)
		prog := filepath.Join(dir, "tool.sh")
		data := filepath.Join(dir, "data.txt")
		secret := filepath.Join(dir, "secret.txt")
		os.WriteFile(prog, []byte("#!/bin/sh\ncat \"$1\"; cat \"$2\" 2>/dev/null || echo hidden\n"), 0o755)
		os.WriteFile(data, []byte("seen\n"), 0o644)
		os.WriteFile(secret, []byte("leaked\n"), 0o644)
		spec := sandbox.Spec{Argv: []string{prog, data, secret}, Isolation: m.choice, Conceal: []string{secret}}
		if m.noNS {
			// Without namespaces Conceal is not enforced: a secret must
			// be unreadable by the run's uid.
			os.Chmod(secret, 0o600)
			if os.Geteuid() != 0 {
				t.Skip("the fallback reads as the grader's uid when not root")
			}
			spec.UID = leaseUID(t)
		}
		res := run(t, spec)
		if got := string(res.Stdout); got != "seen\nhidden\n" {
			t.Errorf("stdout %q, want the data file and the secret hidden (%s)", got, res.Stderr)
		}
		// Found on the PATH as well.
		spec.Argv = []string{"tool.sh", data}
		spec.Env = []string{"PATH=" + dir + ":" + sandbox.DefaultPath}
		if res := run(t, spec); string(res.Stdout) != "seen\nhidden\n" {
			t.Errorf("on the PATH: stdout %q (%s)", res.Stdout, res.Stderr)
		}
	})
}
