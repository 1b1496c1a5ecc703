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

// IsolationFor is the isolation Run gives spec (its Isolation, UID and
// AllowNetwork), or an error when spec asks for namespaces the machine
// cannot give.
func IsolationFor(spec Spec) (Isolation, error) {
	uid := programUID(spec.UID)
	switch spec.Isolation {
	case ChooseRlimits:
		iso := fallbackIsolation("namespaces disabled by the caller (isolation: rlimits)")
		iso.UID = uid
		iso.Network = !spec.AllowNetwork
		return iso, nil
	case "", ChooseAuto, ChooseNamespaces:
	default:
		return Isolation{}, fmt.Errorf("sandbox: unknown isolation choice %q", spec.Isolation)
	}
	iso := Probe()
	if spec.Isolation == ChooseNamespaces && iso.Level != LevelNamespaces {
		return Isolation{}, fmt.Errorf("sandbox: isolation namespaces was asked for, but %s", iso.Reason)
	}
	iso.UID = uid
	iso.Network = iso.Level != LevelNone && !spec.AllowNetwork
	return iso, nil
}

// programUID is the host uid a program runs as, given Spec.UID.
func programUID(uid int) int {
	switch {
	case os.Geteuid() != 0:
		return os.Geteuid()
	case uid > 0:
		return uid
	}
	return NobodyID
}

func fallbackIsolation(why string) Isolation {
	iso := Isolation{Level: LevelRlimits, UID: programUID(0), Network: true}
	iso.Reason = why + "; running with resource limits, a uid of the run's own, a seccomp filter " +
		"(no network but Unix sockets) and a subreaper: Conceal and ReadOnly are not enforced, so secrets must be unreadable by that uid"
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
		Conceal:    []string{hidden, filepath.Join(dir, "missing")},
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
	iso := Isolation{Level: LevelNamespaces, Network: true, UID: programUID(0)}
	if euid != 0 {
		iso.Reason = fmt.Sprintf("not running as root: the program runs as the caller's uid %d "+
			"(without capabilities) and can read whatever that user can outside Conceal", euid)
	}
	return iso
}
