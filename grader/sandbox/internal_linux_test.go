//go:build linux

package sandbox

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestLookPath(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, mode := range map[string]os.FileMode{"tool": 0o755, "data": 0o644} {
		if err := os.WriteFile(filepath.Join(bin, name), nil, mode); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=/nonexistent", "PATH=" + bin}
	if got, err := lookPath("tool", env); err != nil || got != filepath.Join(bin, "tool") {
		t.Errorf("lookPath(tool) = %q, %v; want %q (the last PATH wins)", got, err, filepath.Join(bin, "tool"))
	}
	if _, err := lookPath("data", env); !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("lookPath(data) error = %v, want ErrNotFound for a non-executable file", err)
	}
	if got, err := lookPath("./x", nil); err != nil || got != "./x" {
		t.Errorf("lookPath(./x) = %q, %v; want it unchanged", got, err)
	}
}

func TestUnsearchableAncestor(t *testing.T) {
	root := t.TempDir()
	open, closed := filepath.Join(root, "open"), filepath.Join(root, "open", "closed")
	deep := filepath.Join(closed, "a", "work")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Dir(root), root} { // t.TempDir makes them 0700
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(closed, 0o700); err != nil {
		t.Fatal(err)
	}
	// The ancestors of root (/tmp ...) are searchable on any sane system;
	// closed is the first that a uid other than its owner cannot search.
	const other = 12345
	if got := unsearchableAncestor(deep, other, other); got != closed {
		t.Errorf("unsearchableAncestor(%s) = %q, want %q", deep, got, closed)
	}
	if got := unsearchableAncestor(filepath.Join(open, "x"), other, other); got != "" {
		t.Errorf("unsearchableAncestor(open/x) = %q, want none", got)
	}
	if got := unsearchableAncestor(deep, -1, -1); got != "" {
		t.Errorf("unsearchableAncestor for the helper's own uid = %q, want none", got)
	}
}

func TestRunWithoutInit(t *testing.T) {
	initCalled.Store(false)
	defer initCalled.Store(true)
	if _, err := Run(context.Background(), Spec{Argv: []string{"/bin/true"}, Dir: t.TempDir()}); !errors.Is(err, ErrNoInit) {
		t.Errorf("Run without Init: error %v, want ErrNoInit", err)
	}
	if got := Probe(); got.Level != LevelNone {
		t.Errorf("Probe without Init = %v, want level none", got)
	}
	// As root, a lease probes the uid by re-executing this binary, which
	// only Init makes the probe: without it, an error, never a recursion.
	if os.Geteuid() == 0 {
		if l, err := LeaseUID(0); !errors.Is(err, ErrNoInit) {
			l.Release()
			t.Errorf("LeaseUID without Init: error %v, want ErrNoInit", err)
		}
	}
}

func TestProbeVerdict(t *testing.T) {
	tests := []struct {
		name       string
		out        helperOutcome
		err        error
		euid       int
		want       Level
		wantReason string // substring; "" means no reason at all
	}{
		{"kernel refuses", helperOutcome{}, errors.New("fork/exec /proc/self/exe: operation not permitted"), 0,
			LevelRlimits, "operation not permitted"},
		{"helper died", helperOutcome{}, nil, 0, LevelRlimits, "helper died"},
		{"mount refused", helperOutcome{status: &helperStatus{SetupErr: "mount /proc: permission denied"}}, nil, 0,
			LevelRlimits, "mount /proc"},
		{"full", helperOutcome{status: &helperStatus{}}, nil, 0, LevelNamespaces, ""},
		{"not root", helperOutcome{status: &helperStatus{}}, nil, 1000, LevelNamespaces, "not running as root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := probeVerdict(tt.out, tt.err, tt.euid)
			if got.Level != tt.want {
				t.Errorf("level = %v, want %v", got.Level, tt.want)
			}
			if (tt.wantReason == "" && got.Reason != "") || !strings.Contains(got.Reason, tt.wantReason) {
				t.Errorf("reason = %q, want it to mention %q", got.Reason, tt.wantReason)
			}
			// The fallback's seccomp filter refuses sockets, so it isolates
			// the network, but it must warn that Conceal is not enforced.
			if got.Level == LevelRlimits && (!got.Network || !strings.Contains(got.Reason, "not enforced")) {
				t.Errorf("fallback %v must claim network isolation (seccomp) and warn", got)
			}
		})
	}
}
