package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

var (
	probeOnce sync.Once
	probed    Isolation
)

// Probe reports the strongest isolation Run can give on this machine,
// with a reason for anything weaker. The first call starts a helper that
// creates every namespace and performs each kind of mount Run uses
// (taking a few milliseconds); later calls return the cached answer. Before
// Init has been called it reports LevelNone.
func Probe() Isolation {
	if !initCalled.Load() {
		return Isolation{Level: LevelNone, UID: -1, Reason: ErrNoInit.Error()}
	}
	probeOnce.Do(func() { probed = probe() })
	return probed
}

// isolationFor is the isolation Run gives spec.
func isolationFor(spec Spec) Isolation {
	if spec.NoNamespaces {
		return fallbackIsolation("namespaces disabled by the caller (Spec.NoNamespaces)")
	}
	iso := Probe()
	if iso.Level == LevelNamespaces && spec.AllowNetwork {
		iso.Network = false
	}
	return iso
}

// programUID is the host uid programs run as.
func programUID() int {
	if os.Geteuid() == 0 {
		return NobodyID
	}
	return os.Geteuid()
}

func fallbackIsolation(why string) Isolation {
	iso := Isolation{Level: LevelRlimits, UID: programUID()}
	iso.Reason = why + "; running with resource limits, a process group and a subreaper only: " +
		"Hide, ReadOnly and network isolation are not enforced"
	if os.Geteuid() != 0 {
		iso.Reason += fmt.Sprintf(", and the program runs as the caller's uid %d", os.Geteuid())
	}
	return iso
}

func probe() Isolation {
	dir, err := os.MkdirTemp("", "kpuzzle-sandbox-probe-")
	if err != nil {
		return fallbackIsolation("probe: " + err.Error())
	}
	defer os.RemoveAll(dir)
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return fallbackIsolation("probe: " + err.Error())
	}
	hidden, ro := filepath.Join(dir, "hidden"), filepath.Join(dir, "ro")
	if err := os.WriteFile(hidden, []byte("x"), 0o600); err != nil {
		return fallbackIsolation("probe: " + err.Error())
	}
	if err := os.Mkdir(ro, 0o755); err != nil {
		return fallbackIsolation("probe: " + err.Error())
	}
	cfg := helperConfig{
		Probe:      true,
		Namespaces: true,
		Argv:       []string{"/bin/true"},
		Dir:        dir,
		Hide:       []string{hidden, filepath.Join(dir, "missing")},
		ReadOnly:   []string{ro},
		UID:        -1,
		GID:        -1,
	}
	if os.Geteuid() == 0 {
		cfg.UID, cfg.GID = NobodyID, NobodyID
	}
	h := helperRun{cfg: cfg, network: true, wall: 30 * time.Second}
	out, err := h.run(context.Background())
	return probeVerdict(out, err, os.Geteuid())
}

// probeVerdict turns the probe helper's outcome into the isolation Run
// will give.
func probeVerdict(out helperOutcome, err error, euid int) Isolation {
	switch {
	case err != nil:
		return fallbackIsolation("cannot create user, PID, mount and network namespaces (" + err.Error() + ")")
	case out.status == nil:
		return fallbackIsolation(fmt.Sprintf("namespace helper died (%v)", out.state))
	case out.status.SetupErr != "":
		return fallbackIsolation("cannot set up the mount namespace (" + out.status.SetupErr + ")")
	}
	iso := Isolation{Level: LevelNamespaces, Network: true, UID: programUID()}
	if euid != 0 {
		iso.Reason = fmt.Sprintf("not running as root: the program runs as the caller's uid %d "+
			"(without capabilities) and can read whatever that user can outside Hide", euid)
	}
	return iso
}
