package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"golang.org/x/sys/unix"
)

const (
	// killGrace is how long the helper has to kill and reap the tree after
	// SIGTERM before it is killed itself.
	killGrace = 2 * time.Second
	// waitDelay bounds the wait for the output pipes to close after the
	// helper has exited.
	waitDelay = time.Second
	// openFiles is the program's RLIMIT_NOFILE.
	openFiles = 1024
)

// Run runs spec.Argv in the sandbox and waits for it, its children and
// their output. The returned error reports a failure of the sandbox or of
// the caller: a bad Spec, ErrNoInit, a *StartError when the program could
// not be started, or the context's error when ctx ended the run (the tree
// is killed and the Result still describes what happened). Everything the
// program does, from exiting non-zero to exhausting a limit, is reported in
// the Result with a nil error.
func Run(ctx context.Context, spec Spec) (Result, error) {
	res := Result{Ending: limits.Ending{ExitCode: -1}}
	if len(spec.Argv) == 0 || spec.Argv[0] == "" {
		return res, errors.New("sandbox: empty Argv")
	}
	p, err := prepare(ctx, spec)
	if err != nil {
		return res, err
	}
	defer p.finish()
	res.Isolation = p.iso
	cfg, lim, ns := p.cfg, p.lim, p.cfg.Namespaces
	if ns && spec.PrivateDir {
		cfg.DirBytes = int64(lim.Disk)
	}

	stdout, stderr := newCapture(int64(lim.Output)), newCapture(int64(lim.Output))
	overDisk := make(chan struct{})
	h := helperRun{
		cfg:     cfg,
		network: ns && !spec.AllowNetwork,
		stdin:   spec.Stdin,
		stdout:  stdout,
		stderr:  stderr,
		wall:    lim.WallTime.Std(),
		stop:    overDisk,
	}
	disk := newDiskWatch(cfg.Dir, cfg.UID, ns, spec.PrivateDir, int64(lim.Disk))
	watched := make(chan struct{})
	go disk.watch(watched, func() { close(overDisk) })
	out, err := h.run(ctx)
	close(watched)
	// Once more now that the tree is gone (and before the clean-up
	// removes what the uid left elsewhere): a run may have written fast.
	disk.measure()
	exceeded, used, full := disk.result()
	res.DiskExceeded, res.DiskUsed, res.DiskFull = exceeded, limits.ByteSize(used), full
	res.Stdout, res.StdoutTruncated = stdout.bytes(), stdout.truncated
	res.Stderr, res.StderrTruncated = stderr.bytes(), stderr.truncated
	res.Wall, res.TimedOut, res.Wait = out.elapsed, out.timedOut, out.wait
	if err != nil {
		return res, err
	}

	st := out.status
	switch {
	case st == nil && (out.timedOut || out.canceled || out.stopped):
		// The helper had to be killed hard; with namespaces its death took
		// the tree with it.
		res.Signal = "SIGKILL"
		if ru, ok := out.state.SysUsage().(*syscall.Rusage); ok {
			res.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	case st == nil:
		return res, fmt.Errorf("sandbox: helper ended without a report (%v)", out.state)
	case st.SetupErr != "":
		return res, fmt.Errorf("sandbox: %s", st.SetupErr)
	case st.StartErr != "":
		var cause error = errors.New(st.StartErr)
		if st.NotFound {
			cause = exec.ErrNotFound
		} else if st.StartErrno != 0 {
			cause = syscall.Errno(st.StartErrno)
		}
		return res, &StartError{Path: spec.Argv[0], Err: cause}
	case !st.Exited && st.Signal == 0:
		return res, errors.New("sandbox: helper reported no exit status")
	default:
		if st.Exited {
			res.ExitCode = st.ExitCode
		} else {
			res.Signal = signalName(st.Signal)
		}
		res.CPU = time.Duration(st.CPUNanos)
		res.MaxRSS = st.MaxRSS
		res.FileSizeExceeded = st.XFSZ
		res.CPUExceeded = st.XCPU
		res.Executed, res.ExecutedMore, res.WatchErr = st.Executions, st.ExecutionsMore, st.WatchErr
		res.DiskUsed = max(res.DiskUsed, limits.ByteSize(st.DirUsed))
		res.DiskExceeded = res.DiskExceeded || st.DirFull
		switch {
		case st.CopyOutNoSpace:
			res.DiskFull = true
		case st.CopyOutErr != "":
			return res, fmt.Errorf("sandbox: copy the working folder back: %s", st.CopyOutErr)
		}
	}
	if res.Signal == "SIGKILL" && !out.timedOut && !out.canceled && res.CPU >= lim.CPUTime.Std() {
		res.CPUExceeded = true
	}
	res.MemoryExceeded = !res.Success() && !res.TimedOut && (stderr.mentionsOOM() || stdout.mentionsOOM())
	if out.canceled {
		return res, fmt.Errorf("sandbox: run stopped: %w", ctx.Err())
	}
	return res, nil
}

func signalName(n int) string {
	if name := unix.SignalName(syscall.Signal(n)); name != "" {
		return name
	}
	return fmt.Sprintf("signal %d", n)
}

// prepared is a run's helper configuration and what must happen after
// the run.
type prepared struct {
	cfg     helperConfig
	iso     Isolation
	lim     Limits
	release func() // nil, or frees the run's uid and scrubs it
}

// finish releases what prepare reserved: without namespaces, nothing of
// the run may outlive it, not a process that escaped the subreaper, not a
// file in a world-writable folder, so the uid is scrubbed before another
// run may have it.
func (p *prepared) finish() {
	if p.release != nil {
		p.release()
		p.release = nil
	}
}

// prepare checks spec and builds the helper's configuration (Argv, Env
// and the limits included), reserving the run's uid without namespaces.
func prepare(ctx context.Context, spec Spec) (*prepared, error) {
	if !initCalled.Load() {
		return nil, ErrNoInit
	}
	lim, err := withDefaults(spec.Limits)
	if err != nil {
		return nil, err
	}
	dir, err := resolveDir(spec.Dir)
	if err != nil {
		return nil, err
	}
	conceal, err := resolvePaths(spec.Conceal, "Conceal")
	if err != nil {
		return nil, err
	}
	readOnly, err := resolvePaths(spec.ReadOnly, "ReadOnly")
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if spec.UID < 0 {
		return nil, fmt.Errorf("sandbox: negative Spec.UID %d", spec.UID)
	}
	if spec.UID == ScrubberUID {
		return nil, fmt.Errorf("sandbox: Spec.UID %d is ScrubberUID, which no run may have", spec.UID)
	}
	iso, err := IsolationFor(spec)
	if err != nil {
		return nil, err
	}
	ns := iso.Level == LevelNamespaces
	env := spec.Env
	if env == nil {
		env = []string{"PATH=" + DefaultPath, "HOME=" + dir, "LANG=C.UTF-8"}
	}
	if ns {
		readOnly = append(readOnly, privateArgvPaths(spec.Argv, env, dir, conceal, readOnly)...)
	}
	p := &prepared{iso: iso, lim: lim, cfg: helperConfig{
		Namespaces: ns,
		Network:    !spec.AllowNetwork,
		Argv:       spec.Argv,
		Env:        env,
		Dir:        dir,
		Conceal:    conceal,
		ReadOnly:   readOnly,
		UID:        -1,
		GID:        -1,
		Rlimits: rlimits{
			AddressSpace: uint64(lim.Memory),
			CPUSeconds:   cpuSeconds(lim),
			Processes:    uint64(lim.Processes),
			FileSize:     uint64(lim.FileCap()),
			OpenFiles:    openFiles,
		},
	}}
	switch {
	case !ns:
		p.cfg.ExtraProcs = "host"
	case os.Geteuid() != 0:
		p.cfg.ExtraProcs = "helper"
	}
	if os.Geteuid() != 0 {
		return p, nil
	}
	uid := iso.UID
	p.cfg.UID, p.cfg.GID = uid, uid
	if !ns {
		free, err := claimUID(uid)
		if err != nil {
			return nil, err
		}
		p.release = func() {
			scrubUID(uid)
			free()
		}
	}
	if err := os.Lchown(dir, uid, uid); err != nil {
		p.finish()
		return nil, fmt.Errorf("sandbox: hand working directory to the program: %w", err)
	}
	return p, nil
}

// privateArgvPaths are the paths of argv (argv[0] as found on the PATH of
// env) that lie in a folder a run with namespaces gets a private copy of
// (/tmp, /var/tmp, /dev/shm), where the run would not see them otherwise:
// a program or a script under /tmp, as a course folder or a checkout
// there holds them. Run keeps them visible read-only, unless they are
// concealed or visible already (in dir or a ReadOnly path).
func privateArgvPaths(argv, env []string, dir string, conceal, readOnly []string) []string {
	var out []string
	for i, arg := range argv {
		p := arg
		if i == 0 {
			if found, err := lookPath(arg, env); err == nil {
				p = found
			}
		}
		if !filepath.IsAbs(p) {
			continue
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		within := func(roots ...string) bool {
			for _, r := range roots {
				if real == r || strings.HasPrefix(real, r+"/") {
					return true
				}
			}
			return false
		}
		if within(privateDirs...) && !within(conceal...) && !within(dir) && !within(readOnly...) && !within(out...) {
			out = append(out, real)
		}
	}
	return out
}

// resolveDir makes dir absolute and free of symbolic links, and checks it
// is a directory other than "/".
func resolveDir(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("sandbox: Spec.Dir is empty")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("sandbox: working directory: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("sandbox: working directory: %w", err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("sandbox: working directory: %w", err)
	}
	if !fi.IsDir() || real == "/" {
		return "", fmt.Errorf("sandbox: working directory %s is not a directory other than /", dir)
	}
	return real, nil
}

// resolvePaths makes paths absolute and resolves their symbolic links;
// paths that do not exist are kept (cleaned) and later ignored.
func resolvePaths(paths []string, field string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if p == "" {
			return nil, fmt.Errorf("sandbox: empty path in %s", field)
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("sandbox: %s path %s: %w", field, p, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		switch {
		case err == nil:
			abs = real
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		default:
			return nil, fmt.Errorf("sandbox: %s path %s: %w", field, p, err)
		}
		if abs == "/" {
			return nil, fmt.Errorf("sandbox: %s may not contain /", field)
		}
		out = append(out, abs)
	}
	return out, nil
}

// helperRun starts one helper and waits for it.
type helperRun struct {
	cfg            helperConfig
	network        bool // a network namespace of its own (with cfg.Namespaces)
	stdin          io.Reader
	stdout, stderr io.Writer
	wall           time.Duration
	stop           <-chan struct{} // closed: stop the run as if out of time, but not TimedOut
}

// helperOutcome is what the parent learnt about a helper.
type helperOutcome struct {
	status             *helperStatus // nil if the helper reported nothing
	state              *os.ProcessState
	elapsed            time.Duration
	wait               CPUWait
	timedOut, canceled bool
	stopped            bool // by helperRun.stop
}

func (h *helperRun) run(ctx context.Context) (helperOutcome, error) {
	var out helperOutcome
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		return out, fmt.Errorf("sandbox: %w", err)
	}
	defer cfgW.Close()
	stR, stW, err := os.Pipe()
	if err != nil {
		cfgR.Close()
		return out, fmt.Errorf("sandbox: %w", err)
	}
	sys := &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	if h.cfg.Namespaces {
		sys.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
			syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS | unix.CLONE_NEWCGROUP
		if h.network {
			sys.Cloneflags |= syscall.CLONE_NEWNET
		}
		m := idMappings()
		sys.UidMappings, sys.GidMappings, sys.GidMappingsEnableSetgroups = m.uids, m.gids, m.setgroups
		if !m.root {
			// The helper keeps the caller's uid, which is not 0 in its
			// namespace, so execve would drop the capabilities it needs
			// for the mounts unless they are ambient. It clears them
			// before the program starts.
			sys.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN}
		}
	}
	cmd := &exec.Cmd{
		Path:        "/proc/self/exe",
		Args:        []string{helperArgv0},
		Env:         helperEnviron(),
		Dir:         "/",
		Stdin:       h.stdin,
		Stdout:      h.stdout,
		Stderr:      h.stderr,
		ExtraFiles:  []*os.File{cfgR, stW}, // configFD, statusFD
		SysProcAttr: sys,
		WaitDelay:   waitDelay,
	}
	start := time.Now()
	err = cmd.Start()
	cfgR.Close()
	stW.Close()
	if err != nil {
		stR.Close()
		return out, fmt.Errorf("sandbox: start helper: %w", err)
	}
	reports := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(stR, 1<<20))
		stR.Close()
		reports <- b
	}()
	k := &killer{pid: cmd.Process.Pid}
	waits := watchWait(cmd.Process.Pid)
	exited := make(chan struct{})
	go func() {
		k.waitExited()
		close(exited)
	}()
	// A helper that dies before reading its config makes this fail; its
	// missing report then tells the story.
	_ = json.NewEncoder(cfgW).Encode(&h.cfg)
	cfgW.Close()

	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		timer := time.NewTimer(h.wall)
		defer timer.Stop()
		select {
		case <-exited:
			return
		case <-timer.C:
			out.timedOut = true
			waits.read() // the tree as the limit found it
		case <-h.stop:
			out.stopped = true
		case <-ctx.Done():
			out.canceled = true
		}
		k.signal(syscall.SIGTERM)
		grace := time.NewTimer(killGrace)
		defer grace.Stop()
		select {
		case <-exited:
		case <-grace.C:
			k.signal(syscall.SIGKILL)
		}
	}()
	<-exited
	out.elapsed = time.Since(start)
	out.wait = waits.stopWait()
	werr := cmd.Wait()
	<-stopped
	report := <-reports
	out.state = cmd.ProcessState
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) && !errors.Is(werr, exec.ErrWaitDelay) {
		return out, fmt.Errorf("sandbox: wait for helper: %w", werr)
	}
	if len(bytes.TrimSpace(report)) > 0 {
		var st helperStatus
		if err := json.Unmarshal(report, &st); err != nil {
			return out, fmt.Errorf("sandbox: bad helper report: %w", err)
		}
		out.status = &st
	}
	return out, nil
}

// helperEnviron is the helper's whole environment: the marker, and for
// binaries built with -race an exit without the race runtime's default
// one-second pause (GORACE is ignored otherwise).
func helperEnviron() []string {
	race := strings.TrimSpace(os.Getenv("GORACE") + " atexit_sleep_ms=0")
	return []string{helperEnv + "=" + helperMagic, "GORACE=" + race}
}

// killer signals the helper without racing with its reaping: the helper
// is first waited for with WNOWAIT, so until done is set its PID cannot
// have been reused.
type killer struct {
	pid  int
	mu   sync.Mutex
	done bool
}

func (k *killer) waitExited() {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, k.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	k.mu.Lock()
	k.done = true
	k.mu.Unlock()
}

func (k *killer) signal(sig syscall.Signal) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.done {
		_ = syscall.Kill(k.pid, sig)
	}
}

// idMaps are the user and group ID maps of the helper's user namespace.
type idMaps struct {
	uids, gids []syscall.SysProcIDMap
	setgroups  bool
	root       bool // the helper is uid 0 in its namespace
}

// idMappings returns the maps for this process. Root maps every ID it has
// to itself, so that the helper can reach every path it must hide and the
// program runs as the real NobodyID, whose process count RLIMIT_NPROC
// limits (the kernel exempts only the host's uid 0). Anyone else can map
// only their own IDs, which are mapped to themselves so that the program
// sees its real uid.
func idMappings() idMaps {
	if os.Geteuid() == 0 {
		u, err1 := identityMap("/proc/self/uid_map")
		g, err2 := identityMap("/proc/self/gid_map")
		if err1 == nil && err2 == nil && len(u) > 0 && len(g) > 0 {
			return idMaps{uids: u, gids: g, setgroups: true, root: true}
		}
	}
	uid, gid := os.Geteuid(), os.Getegid()
	return idMaps{
		uids: []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}},
		gids: []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}},
	}
}

// identityMap maps each ID range of the current user namespace to itself.
func identityMap(file string) ([]syscall.SysProcIDMap, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m []syscall.SysProcIDMap
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var inside, outside, size int
		if _, err := fmt.Sscan(string(line), &inside, &outside, &size); err != nil {
			return nil, fmt.Errorf("parse %s: %w", file, err)
		}
		m = append(m, syscall.SysProcIDMap{ContainerID: inside, HostID: inside, Size: size})
	}
	return m, nil
}
