package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Inspect looks at the machine from inside a run: a helper is set up
// exactly as Run would set it up for spec (isolation, mounts, uid,
// seccomp filter, working folder), and instead of starting spec.Argv it
// tries, under the program's identity, to read, list and run every path of
// targets.Secrets, to connect to targets.Connect, to leave a file in every
// world-writable folder, to make the system calls the filter denies, and
// to signal other processes. After the run it checks that nothing it wrote
// outlives the run. The limits are reported as configured. The error is
// for failures of the sandbox or of the caller, as for Run.
func Inspect(ctx context.Context, spec Spec, targets Targets) (Inspection, error) {
	if len(spec.Argv) == 0 {
		spec.Argv = []string{"/bin/true"}
	}
	p, err := prepare(ctx, spec)
	if err != nil {
		return Inspection{}, err
	}
	defer p.finish()
	in := Inspection{Isolation: p.iso}
	req, err := inspectionRequest(targets)
	if err != nil {
		return in, err
	}
	cfg := p.cfg
	cfg.Inspect = req
	h := helperRun{cfg: cfg, network: cfg.Namespaces && cfg.Network, wall: max(p.lim.WallTime.Std(), time.Minute)}
	out, err := h.run(ctx)
	p.finish() // scrub before looking for what outlived the run
	switch {
	case err != nil:
		return in, err
	case out.status == nil:
		return in, fmt.Errorf("sandbox: inspection helper ended without a report (%v)", out.state)
	case out.status.SetupErr != "":
		return in, fmt.Errorf("sandbox: %s", out.status.SetupErr)
	}
	in.Checks = append(in.Checks, isolationCheck(p.iso), limitsCheck(p.lim), watchCheck(out.status.WatchErr))
	for _, c := range out.status.Checks {
		if dir, ok := strings.CutPrefix(c.Name, "writable "); ok && c.Passed && strings.HasPrefix(c.Detail, "written") {
			marker := filepath.Join(dir, req.Marker)
			if _, err := os.Lstat(marker); err == nil {
				c.Passed = false
				c.Detail = "written, and the file is still there after the run"
				_ = os.Remove(marker)
			} else if cfg.Namespaces {
				c.Detail = "written to a private copy that vanished with the run"
			} else {
				c.Detail = "written; removed when the run ended"
			}
		}
		in.Checks = append(in.Checks, c)
	}
	return in, nil
}

func isolationCheck(iso Isolation) Check {
	c := Check{Name: "isolation", Passed: true, Detail: iso.Level.String()}
	if iso.Reason != "" {
		c.Detail += ": " + iso.Reason
	}
	return c
}

// watchCheck says whether the programs a run executes are watched (see
// Execution).
func watchCheck(watchErr string) Check {
	if watchErr != "" {
		return Check{Name: "executions", Detail: watchErr}
	}
	return Check{Name: "executions", Passed: true, Detail: "every execve and execveat is examined before it runs (seccomp user notification)"}
}

func limitsCheck(l Limits) Check {
	return Check{Name: "limits", Passed: true, Detail: fmt.Sprintf(
		"wall %s, CPU %ds per process, address space %d MiB per process, %d processes, output %d KiB per stream, files %d KiB, no core dumps, %d open files",
		l.WallTime, cpuSeconds(l), l.Memory>>20, l.Processes, l.Output>>10, l.FileCap()>>10, openFiles)}
}

// inspectionRequest enumerates the secrets (as the caller sees them) and
// the world-writable folders.
func inspectionRequest(t Targets) (*inspectRequest, error) {
	req := &inspectRequest{Connect: t.Connect}
	for _, addr := range t.Connect {
		if _, err := netip.ParseAddrPort(addr); err != nil {
			return nil, fmt.Errorf("sandbox: inspect connect %q: expected IP:port", addr)
		}
	}
	n := 0
	for _, root := range t.Secrets {
		abs, err := filepath.Abs(root)
		if err != nil {
			return nil, fmt.Errorf("sandbox: inspect %s: %w", root, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		err = filepath.WalkDir(abs, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if path == abs && errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return nil // unreadable even to the caller: nothing to try
			}
			if n >= MaxInspectedPaths {
				return fs.SkipAll
			}
			switch {
			case d.IsDir():
				ents, _ := os.ReadDir(path)
				names := make([]string, 0, len(ents))
				for _, e := range ents {
					names = append(names, e.Name())
				}
				req.Secrets = append(req.Secrets, inspectPath{Root: abs, Path: path, Dir: true, Entries: names})
				n++
			case d.Type().IsRegular():
				req.Secrets = append(req.Secrets, inspectPath{Root: abs, Path: path})
				n++
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("sandbox: inspect %s: %w", root, err)
		}
		if !slices.ContainsFunc(req.Secrets, func(p inspectPath) bool { return p.Root == abs }) {
			req.Secrets = append(req.Secrets, inspectPath{Root: abs, Path: abs})
		}
	}
	if t.Writable {
		req.Writable = worldWritableDirs().Dirs
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		req.Marker = "kpuzzle-inspect-" + hex.EncodeToString(b[:])
	}
	return req, nil
}

// becomeProgram gives the calling (locked) thread the program's identity:
// no supplementary groups, the program's gid and uid, no capabilities.
// Credentials are per thread in the kernel; the raw system calls leave the
// helper's other threads alone, and the thread never goes back.
func becomeProgram(uid, gid int) error {
	if uid >= 0 {
		if _, _, errno := syscall.RawSyscall(unix.SYS_SETGROUPS, 0, 0, 0); errno != 0 {
			return fmt.Errorf("drop supplementary groups: %w", errno)
		}
		if err := setresgid(gid, gid, gid); err != nil {
			return fmt.Errorf("take the program's gid: %w", err)
		}
		if err := setresuid(uid, uid, uid); err != nil {
			return fmt.Errorf("take the program's uid: %w", err)
		}
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if _, _, errno := syscall.RawSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); errno != 0 {
		return fmt.Errorf("drop capabilities: %w", errno)
	}
	return nil
}

// inspectInside runs the checks on the calling thread, which has the
// program's identity, filter and view of the file system.
func inspectInside(cfg *helperConfig) []Check {
	req := cfg.Inspect
	var checks []Check
	checks = append(checks, identityCheck(), workDirCheck(cfg.Dir))
	checks = append(checks, secretChecks(cfg, req.Secrets)...)
	for _, addr := range req.Connect {
		checks = append(checks, connectCheck(addr))
	}
	for _, dir := range req.Writable {
		checks = append(checks, writableCheck(dir, req.Marker))
	}
	checks = append(checks, syscallChecks()...)
	checks = append(checks, processChecks()...)
	return checks
}

// identityCheck reads the thread's credentials: not root, no capabilities,
// no_new_privs, a seccomp filter.
func identityCheck() Check {
	b, err := os.ReadFile("/proc/thread-self/status")
	if err != nil {
		return Check{Name: "uid", Detail: "cannot read /proc/thread-self/status: " + err.Error()}
	}
	f := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			f[k] = strings.TrimSpace(v)
		}
	}
	uid := strings.Fields(f["Uid"])
	gid := strings.Fields(f["Gid"])
	c := Check{Name: "uid", Passed: true}
	if len(uid) == 0 || len(gid) == 0 {
		return Check{Name: "uid", Detail: "no Uid or Gid in /proc/thread-self/status"}
	}
	c.Detail = fmt.Sprintf("uid %s, gid %s, groups [%s], capabilities %s, no_new_privs %s, seccomp %s",
		uid[0], gid[0], f["Groups"], f["CapEff"], f["NoNewPrivs"], f["Seccomp"])
	for _, id := range append(uid, gid...) {
		if id == "0" {
			c.Passed = false
		}
	}
	if strings.Trim(f["CapEff"], "0") != "" || f["NoNewPrivs"] != "1" || f["Seccomp"] != "2" {
		c.Passed = false
	}
	return c
}

// workDirCheck makes sure the program can reach its working folder by its
// path, as commands such as "python3 {submission}/solver.py {input}
// {output}" do: without namespaces that needs every ancestor to be
// searchable by the program's uid.
func workDirCheck(dir string) Check {
	c := Check{Name: "working folder", Passed: true, Detail: "reachable by its path " + dir}
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		c.Passed = false
		c.Detail = fmt.Sprintf("%s cannot be reached by its path (%v): a folder above it is not searchable by others; put the scratch folder where anyone may pass (the default, the system's temporary folder, is)", dir, err)
	}
	return c
}

// secretChecks tries every path of every secret and reports one check per
// secret root.
func secretChecks(cfg *helperConfig, paths []inspectPath) []Check {
	type tally struct {
		tried   int
		exposed []string
	}
	var roots []string
	byRoot := map[string]*tally{}
	for _, p := range paths {
		t := byRoot[p.Root]
		if t == nil {
			t = &tally{}
			byRoot[p.Root] = t
			roots = append(roots, p.Root)
		}
		t.tried++
		if how := exposure(cfg, p); how != "" {
			t.exposed = append(t.exposed, how+" "+p.Path)
		}
	}
	var out []Check
	for _, r := range roots {
		t := byRoot[r]
		c := Check{Name: "secret " + r, Passed: len(t.exposed) == 0}
		if c.Passed {
			c.Detail = fmt.Sprintf("none of %d paths readable, listable or runnable", t.tried)
		} else {
			shown := t.exposed[:min(3, len(t.exposed))]
			c.Detail = fmt.Sprintf("%d of %d paths reachable: %s", len(t.exposed), t.tried, strings.Join(shown, ", "))
			if len(t.exposed) > len(shown) {
				c.Detail += ", ..."
			}
		}
		out = append(out, c)
	}
	return out
}

// exposure says how the program could reach p ("list" a folder, "read"
// or "run" a file, or "read+run"), or "" if it cannot.
func exposure(cfg *helperConfig, p inspectPath) string {
	if p.Dir {
		fd, err := unix.Open(p.Path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return ""
		}
		f := os.NewFile(uintptr(fd), p.Path)
		names, _ := f.Readdirnames(-1)
		f.Close()
		host := map[string]bool{}
		for _, e := range p.Entries {
			host[e] = true
		}
		for _, n := range names {
			if host[n] && !leadsToKept(cfg, filepath.Join(p.Path, n)) {
				return "list"
			}
		}
		return ""
	}
	var how []string
	fd, err := unix.Open(p.Path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err == nil {
		var b [1]byte
		n, _ := unix.Read(fd, b[:])
		unix.Close(fd)
		if n > 0 {
			how = append(how, "read")
		}
	}
	var st unix.Stat_t
	if unix.Stat(p.Path, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && st.Size > 0 &&
		unix.Faccessat(unix.AT_FDCWD, p.Path, unix.X_OK, 0) == nil {
		how = append(how, "run")
	}
	return strings.Join(how, "+")
}

// leadsToKept reports whether path is the working folder, a read-only
// path, or a folder on the way to one of them: those show through any
// hiding on purpose.
func leadsToKept(cfg *helperConfig, path string) bool {
	for _, k := range append([]string{cfg.Dir}, cfg.ReadOnly...) {
		if k == path || strings.HasPrefix(k, path+"/") {
			return true
		}
	}
	return false
}

// connectCheck tries a TCP connection.
func connectCheck(addr string) Check {
	c := Check{Name: "connect " + addr, Passed: true}
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		c.Detail = err.Error()
		return c
	}
	family := unix.AF_INET
	if ap.Addr().Is6() {
		family = unix.AF_INET6
	}
	fd, err := unix.Socket(family, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		c.Detail = "socket: " + err.Error()
		return c
	}
	defer unix.Close(fd)
	var sa unix.Sockaddr
	if family == unix.AF_INET {
		sa = &unix.SockaddrInet4{Port: int(ap.Port()), Addr: ap.Addr().As4()}
	} else {
		sa = &unix.SockaddrInet6{Port: int(ap.Port()), Addr: ap.Addr().As16()}
	}
	if err := unix.Connect(fd, sa); err != nil {
		c.Detail = "connect: " + err.Error()
		return c
	}
	c.Passed = false
	c.Detail = "connected"
	return c
}

// writableCheck tries to create a file in dir; Inspect decides afterwards
// whether it outlived the run.
func writableCheck(dir, marker string) Check {
	c := Check{Name: "writable " + dir, Passed: true}
	fd, err := unix.Open(filepath.Join(dir, marker), unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
	if err != nil {
		c.Detail = "refused: " + err.Error()
		return c
	}
	_, _ = unix.Write(fd, []byte("left by kpuzzle sandbox inspect\n"))
	unix.Close(fd)
	c.Detail = "written"
	return c
}

// syscallChecks make the calls the filter denies, with arguments that
// would succeed (or fail harmlessly) without it. Only EPERM (or ENOSYS for
// clone3's fallback) is the filter's answer.
func syscallChecks() []Check {
	try := func(name string, trap uintptr, args ...uintptr) Check {
		var a [6]uintptr
		copy(a[:], args)
		_, _, errno := syscall.RawSyscall6(trap, a[0], a[1], a[2], a[3], a[4], a[5])
		c := Check{Name: "syscall " + name, Passed: errno == unix.EPERM}
		switch {
		case errno == unix.EPERM:
			c.Detail = "denied (operation not permitted)"
		case errno == 0:
			c.Detail = "allowed"
		default:
			c.Detail = "not denied by the filter: " + errno.Error()
		}
		return c
	}
	// A filter that allows everything: installed, it would change
	// nothing, but a program that may install one may install any.
	allowAll := []unix.SockFilter{{Code: 0x06, K: unix.SECCOMP_RET_ALLOW}} // BPF_RET|BPF_K
	prog := unix.SockFprog{Len: 1, Filter: &allowAll[0]}
	target := []byte("/tmp\x00")
	fstype := []byte("tmpfs\x00")
	var uring [120]byte // struct io_uring_params
	var attr [128]byte  // struct perf_event_attr, zeroed
	return []Check{
		try("unshare(CLONE_NEWUSER)", unix.SYS_UNSHARE, unix.CLONE_NEWUSER),
		try("mount", unix.SYS_MOUNT, uintptr(unsafe.Pointer(&fstype[0])), uintptr(unsafe.Pointer(&target[0])), uintptr(unsafe.Pointer(&fstype[0])), 0, 0),
		try("ptrace(PTRACE_ATTACH)", unix.SYS_PTRACE, unix.PTRACE_ATTACH, uintptr(os.Getppid())),
		try("bpf", unix.SYS_BPF, unix.BPF_MAP_CREATE, 0, 0),
		try("keyctl", unix.SYS_KEYCTL, unix.KEYCTL_GET_KEYRING_ID, ^uintptr(0)-3, 0), // KEY_SPEC_USER_KEYRING (-4)
		try("perf_event_open", unix.SYS_PERF_EVENT_OPEN, uintptr(unsafe.Pointer(&attr[0])), 0, ^uintptr(0), ^uintptr(0), 0),
		try("io_uring_setup", unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&uring[0]))),
		try("seccomp(SECCOMP_SET_MODE_FILTER)", unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(&prog))),
		try("prctl(PR_SET_SECCOMP)", unix.SYS_PRCTL, unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog))),
	}
}

// processChecks counts the other processes the program can see and those
// it could signal.
func processChecks() []Check {
	ents, _ := os.ReadDir("/proc")
	self := os.Getpid()
	seen, signalable := 0, 0
	var examples []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		seen++
		if syscall.Kill(pid, 0) == nil {
			signalable++
			if len(examples) < 3 {
				examples = append(examples, strconv.Itoa(pid))
			}
		}
	}
	sig := Check{Name: "signal", Passed: signalable == 0, Detail: "cannot signal any other process"}
	if signalable > 0 {
		sig.Detail = fmt.Sprintf("can signal %d other processes (pids %s)", signalable, strings.Join(examples, ", "))
	}
	procs := Check{Name: "processes", Passed: true, Detail: fmt.Sprintf("sees %d other processes in /proc", seen)}
	return []Check{sig, procs}
}
