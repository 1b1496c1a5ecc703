package batch

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// preflight checks, before the first run, what a program would see and
// do: it inspects the sandbox exactly as a test's run is set up, with the
// first worker's uid, trying every hidden path, a listener on 127.0.0.1,
// every world-writable folder and the denied system calls. A finding
// stops the grading unless Options.AllowExposed.
func (g *grading) preflight(ctx context.Context) error {
	in, err := Inspect(ctx, InspectOptions{
		UID:        g.uids[0],
		Run:        g.opts.Assignment.Run,
		Tools:      g.opts.Assignment.Tools,
		Conceal:    g.conceal,
		Isolation:  g.opts.Isolation,
		ScratchDir: g.scratch,
	})
	g.out.Inspection = in
	if err != nil {
		return fmt.Errorf("check the sandbox before grading: %w", err)
	}
	if len(in.Failed()) == 0 {
		return nil
	}
	if !g.opts.AllowExposed {
		return fmt.Errorf("%w: %s. Make those paths unreadable by others (for example chmod 700 on their folders), "+
			"grade where user namespaces are allowed, or pass --allow-exposed to grade anyway", ErrExposed, in.Summary())
	}
	g.warn("sandbox: " + in.Summary() + " (graded anyway: --allow-exposed)")
	return nil
}

// InspectOptions configure Inspect.
type InspectOptions struct {
	// Run gives the run's environment and limits (an assignment's run
	// step, normalized); a limit left zero is the sandbox's default, the
	// run default (limits.RunDefaults).
	Run grader.RunStep
	// Tools are the course's toolchains, on PATH and read-only.
	Tools grader.Tools
	// Conceal are the paths a program must not reach. GraderTools are added.
	Conceal []string
	// Isolation chooses the sandbox's isolation.
	Isolation sandbox.Choice
	// ScratchDir is where the working folder is made; empty means the
	// system's temporary folder.
	ScratchDir string
	// UID is a uid the caller leased for the run (sandbox.LeaseUID);
	// zero leases one for the inspection.
	UID int
}

// Inspect shows what a submission's program could see and do here: it
// sets up one run exactly as grading does (the first worker's uid, the
// hidden paths, the assignment's limits and environment) and asks the
// sandbox to try, from inside it, every hidden path and the grader's own
// tools, a connection to a listener it opens on 127.0.0.1, a file in
// every world-writable folder, and the system calls the filter denies.
func Inspect(ctx context.Context, opts InspectOptions) (sandbox.Inspection, error) {
	dir, err := os.MkdirTemp(opts.ScratchDir, "inspect-")
	if err != nil {
		return sandbox.Inspection{}, err
	}
	defer os.RemoveAll(dir)
	uid := opts.UID
	if uid == 0 {
		uids, release, err := leaseUIDs(1)
		if err != nil {
			return sandbox.Inspection{}, err
		}
		defer release()
		uid = uids[0]
	}
	work := filepath.Join(dir, workFolder)
	if err := privateTo(dir, uid); err != nil {
		return sandbox.Inspection{}, err
	}
	if err := os.Mkdir(work, 0o755); err != nil {
		return sandbox.Inspection{}, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return sandbox.Inspection{}, err
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
	env := environment(work, opts.Run.Env, opts.Tools)
	secrets := dedupe(append(append([]string(nil), opts.Conceal...), GraderFiles(env)...))
	in, err := sandbox.Inspect(ctx, sandbox.Spec{
		Dir:       work,
		Env:       env,
		Limits:    opts.Run.Limits,
		Conceal:   secrets,
		ReadOnly:  opts.Tools.Visible(),
		Isolation: opts.Isolation,
		UID:       uid,
	}, sandbox.Targets{Secrets: secrets, Connect: []string{ln.Addr().String()}, Writable: true})
	if err != nil {
		return in, err
	}
	if n := accepted.Load(); n > 0 {
		in.Checks = append(in.Checks, sandbox.Check{Name: "listener " + ln.Addr().String(),
			Detail: fmt.Sprintf("accepted %d connections from the run", n)})
	}
	return in, nil
}

// GraderFiles are kpuzzle's own files that no program it runs may read
// or run, whatever the command: its programs (GraderTools) and its
// caches of pattern databases and exact tables (GraderCaches). Every
// command that runs a program hides them; ConcealedPaths includes them.
func GraderFiles(env []string) []string {
	return append(GraderTools(env), GraderCaches()...)
}

// GraderCaches is the folder of kpuzzle's caches, "kpuzzle" under the
// user cache directory (pattern databases in pdb, exact tables in exact):
// tables from which a program could read optimal moves. Empty when the
// system names no cache directory.
func GraderCaches() []string {
	d, err := os.UserCacheDir()
	if err != nil {
		return nil
	}
	return []string{filepath.Join(d, "kpuzzle")}
}

// GraderTools are the grader's own programs a submission must never run
// or read: this binary, and every program named kpuzzle on the grader's
// PATH and on the PATH of env. They are hidden like the answer key.
func GraderTools(env []string) []string {
	var tools []string
	seen := map[string]bool{}
	add := func(p string) {
		if p == "" {
			return
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if abs, err := filepath.Abs(p); err == nil && !seen[abs] {
			seen[abs] = true
			tools = append(tools, abs)
		}
	}
	if exe, err := os.Executable(); err == nil {
		add(exe)
	}
	paths := []string{os.Getenv("PATH")}
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			paths = append(paths, v)
		}
	}
	for _, path := range paths {
		for _, dir := range filepath.SplitList(path) {
			if dir == "" || !filepath.IsAbs(dir) {
				continue
			}
			if p, err := exec.LookPath(filepath.Join(dir, "kpuzzle")); err == nil {
				add(p)
			}
		}
	}
	return tools
}

// dedupe drops repeated paths, keeping the first of each.
func dedupe(paths []string) []string {
	seen := map[string]bool{}
	out := paths[:0]
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
