package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Defaults of CommandOptions.
const (
	// DefaultBatchSize is the largest number of states one run of a
	// heuristic program receives (the auditor spreads the states evenly
	// over its workers: on two cores the 181,440 states of the 8-puzzle
	// take two runs of 90,720).
	DefaultBatchSize = 1 << 17
	// DefaultCommandTimeout is the wall-time (and CPU-time) limit of one
	// run.
	DefaultCommandTimeout = time.Minute
	// MaxCopyFiles and MaxCopyBytes cap the folder copied as a program's
	// working folder.
	MaxCopyFiles = 2000
	MaxCopyBytes = 128 << 20
)

// Errors of a heuristic program; a *ProgramError wraps one of them.
var (
	// ErrProgramFailed: the program crashed, exceeded a limit or exited
	// with a non-zero status.
	ErrProgramFailed = errors.New("the heuristic program failed")
	// ErrBadOutput: the program's output is not one number per state.
	ErrBadOutput = errors.New("bad output")
)

// CommandOptions configure a heuristic program run through the sandbox.
type CommandOptions struct {
	// Dir is the folder that holds the program. Its files are copied into
	// a fresh throwaway working folder (at most MaxCopyFiles files and
	// MaxCopyBytes bytes; folders named .git are skipped), where every
	// run starts, so that a command such as "python3 h.py" finds h.py and
	// the program cannot change the original. Empty means an empty
	// working folder.
	Dir string
	// BatchSize is the number of states one run receives; 0 means
	// DefaultBatchSize.
	BatchSize int
	// Jobs is the number of runs at once; 0 means GOMAXPROCS.
	Jobs int
	// Timeout bounds the wall time and the CPU time of one run; 0 means
	// DefaultCommandTimeout.
	Timeout time.Duration
	// MemoryBytes is the address-space limit of each process of a run; 0
	// means the sandbox's default (1 GiB, limits.RunDefaults). A JVM needs more, or flags that
	// shrink its reservations (see docs/audit.md).
	MemoryBytes int64
	// Env adds variables (NAME=value) to the program's environment.
	Env []string
	// Isolation chooses the sandbox's isolation; empty is auto.
	Isolation sandbox.Choice
	// Conceal lists paths the program must not see (with namespaces; see
	// sandbox.Spec.Conceal): the grader's own tools and caches, so that a
	// heuristic cannot ask the reference solver for exact distances.
	Conceal []string
	// Files are written into every working folder after Dir's copy,
	// replacing a file of the same name: kpuzzle's harnesses
	// (NewFunction). They are not part of the folder's digest.
	Files []File
}

// File is a file CommandOptions.Files writes into a working folder.
type File struct {
	// Name is its path in the folder.
	Name string
	Data []byte
}

// Command is a heuristic program that speaks the audit protocol (see
// docs/audit.md): started once per batch in the sandbox, with no network,
// as /bin/sh -c LINE in its working folder; it reads states on standard
// input, one per line, the cells in row-major order separated by single
// spaces (0 the blank), until end of input, and writes one number per
// line — an integer or a decimal real — the value of each state in
// order. The environment says the board: KPUZZLE_SHAPE ("3x3") and
// KPUZZLE_GOAL (the goal's cells, space-separated). A Command is safe for
// concurrent use; Close removes its working folder.
type Command struct {
	line string
	// name is the Source's name; "" means "command: " and the line.
	name string
	goal puzzles.Goal
	opts CommandOptions
	work string
	// slots hands each concurrent run a slot of its own: a working folder
	// (a copy of CommandOptions.Dir) and a uid no other run has meanwhile
	// (leased, when the caller is root).
	slots  chan int
	leases []*sandbox.Lease
	uids   []int

	// origin identifies the program: its command line, folder and the
	// folder's digest.
	origin Origin

	mu    sync.Mutex
	iso   sandbox.Isolation
	usage CommandUsage
}

// CommandUsage is what the runs of a Command took.
type CommandUsage struct {
	Runs   int           `json:"runs"`
	States int64         `json:"states"`
	CPU    time.Duration `json:"cpu_ns"`
	Wall   time.Duration `json:"wall_ns"`
}

// NewCommand prepares the program line (run as /bin/sh -c line) for goal
// g: it copies opts.Dir into a fresh working folder.
func NewCommand(line string, g puzzles.Goal, opts CommandOptions) (*Command, error) {
	if strings.TrimSpace(line) == "" {
		return nil, errors.New("heuristic command: empty; expected a program and its arguments, such as python3 h.py")
	}
	if g.IsZero() {
		return nil, ErrNoGoal
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultCommandTimeout
	}
	opts.Jobs = min(opts.Jobs, sandbox.RunUIDs)
	work, err := os.MkdirTemp("", "kpuzzle-audit-")
	if err != nil {
		return nil, fmt.Errorf("heuristic command: working folder: %w", err)
	}
	c := &Command{line: line, goal: g, opts: opts, work: work, slots: make(chan int, opts.Jobs),
		origin: Origin{Kind: OriginKindCommand, Command: line}}
	for i := range opts.Jobs {
		uid := -1
		if os.Geteuid() == 0 {
			l, err := sandbox.LeaseUID(i)
			if err != nil {
				c.Close()
				return nil, fmt.Errorf("heuristic command: %w", err)
			}
			c.leases = append(c.leases, l)
			uid = l.UID
		}
		c.uids = append(c.uids, max(uid, 0))
		dir := c.slotDir(i)
		if err := os.Mkdir(dir, 0o755); err != nil {
			c.Close()
			return nil, fmt.Errorf("heuristic command: working folder: %w", err)
		}
		if opts.Dir != "" {
			if err := copyTree(opts.Dir, dir, uid); err != nil {
				c.Close()
				return nil, err
			}
			if i == 0 {
				if c.origin.Dir, err = filepath.Abs(opts.Dir); err == nil {
					c.origin.Files, c.origin.Digest, err = digestTree(dir)
				}
				if err != nil {
					c.Close()
					return nil, err
				}
			}
		}
		for _, f := range opts.Files {
			if err := writeFile(filepath.Join(dir, f.Name), f.Data, uid); err != nil {
				c.Close()
				return nil, err
			}
		}
		c.slots <- i
	}
	return c, nil
}

// Origin is the command line, the program's folder (absolute), the
// number of files copied from it and their digest.
func (c *Command) Origin() Origin { return c.origin }

// slotDir is the working folder of a slot.
func (c *Command) slotDir(slot int) string { return filepath.Join(c.work, strconv.Itoa(slot)) }

// Close removes the working folder and gives back the leased uids.
func (c *Command) Close() error {
	for _, l := range c.leases {
		l.Release()
	}
	c.leases = nil
	return os.RemoveAll(c.work)
}

// Name is "command: " and the command line, or "function: TARGET"
// ("method: Class.method") for a Command made by NewFunction.
func (c *Command) Name() string {
	if c.name != "" {
		return c.name
	}
	return "command: " + c.line
}

// BatchSize is the number of states one run receives.
func (c *Command) BatchSize() int { return c.opts.BatchSize }

// Isolation is the isolation the runs got (from the first run); a caller
// should warn when it is degraded.
func (c *Command) Isolation() sandbox.Isolation {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.iso
}

// Usage returns the runs made so far and the time they took.
func (c *Command) Usage() CommandUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.usage
}

// Values runs the program once on states and reads one value per state.
func (c *Command) Values(ctx context.Context, states [][]uint8, out []float64) error {
	if len(states) == 0 {
		return nil
	}
	stdout, err := c.exec(ctx, c.line, states)
	if err != nil {
		return err
	}
	return c.parseOutput(stdout, states, out)
}

// exec runs line once on states, as Values does, and returns its
// standard output.
func (c *Command) exec(ctx context.Context, line string, states [][]uint8) ([]byte, error) {
	var slot int
	select {
	case slot = <-c.slots:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { c.slots <- slot }()
	dir := c.slotDir(slot)

	var in bytes.Buffer
	in.Grow(len(states) * (3*len(states[0]) + 1))
	for _, s := range states {
		in.Write(appendState(nil, s))
		in.WriteByte('\n')
	}
	env := []string{
		"PATH=" + sandbox.DefaultPath,
		"HOME=" + dir,
		"LANG=C.UTF-8",
		"KPUZZLE_SHAPE=" + c.goal.Shape().String(),
		"KPUZZLE_GOAL=" + c.goal.Board().String(),
	}
	env = append(env, c.opts.Env...)
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Argv:  []string{"/bin/sh", "-c", line},
		Dir:   dir,
		Env:   env,
		Stdin: &in,
		Limits: sandbox.Limits{
			WallTime: limits.Duration(c.opts.Timeout),
			CPUTime:  limits.Duration(c.opts.Timeout),
			Memory:   limits.ByteSize(c.opts.MemoryBytes),
			Output:   limits.ByteSize(len(states))*64 + 64<<10,
			// 128 processes and files of 64 MiB, as a heuristic has
			// always had: the sandbox's defaults before it took the run
			// defaults of package limits (64, and files capped at
			// Output).
			Processes: 128,
			FileSize:  64 << 20,
		},
		Isolation: c.opts.Isolation,
		UID:       c.uids[slot],
		Conceal:   c.opts.Conceal,
	})
	c.mu.Lock()
	if c.usage.Runs == 0 {
		c.iso = res.Isolation
	}
	c.usage.Runs++
	c.usage.States += int64(len(states))
	c.usage.CPU += res.CPU
	c.usage.Wall += res.Wall
	c.mu.Unlock()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, c.programError(len(states), fmt.Errorf("%w: %v", ErrProgramFailed, err))
	}
	if why := failure(&res, c.opts); why != "" {
		return nil, c.programError(len(states), fmt.Errorf("%w: %s", ErrProgramFailed, why))
	}
	return res.Stdout, nil
}

// programError is a failure of a run of n states.
func (c *Command) programError(n int, err error) *ProgramError {
	pe := &ProgramError{Command: c.line, States: n, Err: err}
	if c.origin.Function != "" {
		pe.Function = strings.TrimSuffix(c.name, ": "+c.origin.Function) + " " + c.origin.Function
	}
	return pe
}

// JavaCommand is the command line that runs a compiled Java class under
// the sandbox's default memory limit (1 GiB of address space per
// process): a JVM reserves more than that by default, so the flags shrink
// its heap and reservations.
func JavaCommand(class string) string {
	return "java " + strings.Join(jvmFlags, " ") + " " + class
}

// jvmFlags keep a JVM (java, and javac with -J) within the sandbox's
// default address-space limit.
var jvmFlags = []string{"-Xmx256m", "-Xss8m", "-XX:ReservedCodeCacheSize=64m", "-XX:CompressedClassSpaceSize=64m",
	"-XX:MaxMetaspaceSize=128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"}

// failure says why a finished run failed, or "" if it exited 0.
func failure(res *sandbox.Result, opts CommandOptions) string {
	var why string
	switch {
	case res.TimedOut:
		why = fmt.Sprintf("it did not finish within the time limit of %v", opts.Timeout)
	case res.CPUExceeded:
		why = fmt.Sprintf("it used up its CPU time limit of %v", opts.Timeout)
	case res.MemoryExceeded:
		why = "it ran out of memory (raise the memory limit)"
	case res.StdoutTruncated:
		why = "it printed far more than one number per state"
	case res.Signal != "":
		why = "it was killed by " + res.Signal
	case res.ExitCode != 0:
		why = fmt.Sprintf("it exited with status %d", res.ExitCode)
	default:
		return ""
	}
	if last := lastLine(res.Stderr); last != "" {
		why += "; its last line on stderr: " + last
	}
	return why
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(last) > 200 {
		last = last[:200] + "..."
	}
	return last
}

// ProgramError is a failure of a heuristic program on one run: it
// crashed, exceeded a limit, or printed something other than one number
// per state. Line, when not 0, is the 1-based line of the program's
// output at fault, and State the state whose value that line holds.
type ProgramError struct {
	Command string
	// Function is the function or method a harness called ("function
	// heuristics:h", "method Board.manhattan"), when the program is
	// kpuzzle's harness (NewFunction); errors name it instead of the
	// command line.
	Function string
	// States is the number of states the run received.
	States int
	Line   int
	State  string
	Err    error
}

// Error names the command, the run, the output line and the state.
func (e *ProgramError) Error() string {
	var sb strings.Builder
	if e.Function != "" {
		fmt.Fprintf(&sb, "heuristic %s, on a run of %d states", e.Function, e.States)
	} else {
		fmt.Fprintf(&sb, "heuristic command %q, on a run of %d states", e.Command, e.States)
	}
	if e.Line > 0 {
		fmt.Fprintf(&sb, ": output line %d", e.Line)
		if e.State != "" {
			fmt.Fprintf(&sb, " (the value of state %s)", e.State)
		}
	}
	fmt.Fprintf(&sb, ": %v", e.Err)
	return sb.String()
}

// Unwrap returns ErrProgramFailed or ErrBadOutput, wrapped.
func (e *ProgramError) Unwrap() error { return e.Err }

// parseOutput reads one number per line for states into out.
func (c *Command) parseOutput(stdout []byte, states [][]uint8, out []float64) error {
	text := string(stdout)
	text = strings.TrimSuffix(text, "\n")
	var lines []string
	if text != "" || len(stdout) > 0 {
		lines = strings.Split(text, "\n")
	}
	bad := func(no int, err error) error {
		pe := c.programError(len(states), fmt.Errorf("%w: %w", ErrBadOutput, err))
		pe.Line = no
		if no >= 1 && no <= len(states) {
			pe.State = stateString(states[no-1])
		}
		return pe
	}
	for i, l := range lines {
		if i >= len(states) {
			return bad(i+1, fmt.Errorf("extra line %q: there are only %d states, one value each", clip(l), len(states)))
		}
		v, err := ParseNumber(strings.TrimSpace(strings.TrimSuffix(l, "\r")))
		if err != nil {
			return bad(i+1, err)
		}
		out[i] = v
	}
	if len(lines) < len(states) {
		return bad(len(lines)+1, fmt.Errorf("no value: the program printed %d lines for %d states (did it flush its output?)", len(lines), len(states)))
	}
	return nil
}

// ErrNotNumber is wrapped by ParseNumber's errors.
var ErrNotNumber = errors.New("not a number")

// ParseNumber reads a heuristic value: an integer or a decimal real such
// as 3, -1, 2.5 or 1e3. Infinities, NaN, hexadecimal and digit
// separators are refused.
func ParseNumber(s string) (float64, error) {
	if s == "" {
		return 0, fmt.Errorf("%w: empty; expected an integer or a real number", ErrNotNumber)
	}
	digits := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case r == '.' || r == 'e' || r == 'E' || r == '+' || r == '-':
		default:
			return 0, fmt.Errorf("%w: %q; expected an integer or a real number", ErrNotNumber, clip(s))
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !digits || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%w: %q; expected an integer or a real number", ErrNotNumber, clip(s))
	}
	return v, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// appendState writes cells space-separated.
func appendState(dst []byte, cells []uint8) []byte {
	for i, c := range cells {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(c), 10)
	}
	return dst
}

// ErrFolderTooLarge reports a program folder (CommandOptions.Dir) over
// MaxCopyFiles or MaxCopyBytes: most often the current folder of a large
// project, when the program lives in one folder of it. The command line
// names its folder option in the message.
var ErrFolderTooLarge = errors.New("heuristic command folder too large")

// FolderTooLargeError is ErrFolderTooLarge for one folder.
type FolderTooLargeError struct {
	// Dir is the folder and What what it holds too much of ("more than
	// 2000 files").
	Dir, What string
}

// Error says which folder holds too much.
func (e *FolderTooLargeError) Error() string {
	return fmt.Sprintf("heuristic command folder %s holds %s, all copied for every run; point the folder option at the folder that holds the program", e.Dir, e.What)
}

// Unwrap returns ErrFolderTooLarge.
func (e *FolderTooLargeError) Unwrap() error { return ErrFolderTooLarge }

// copyTree copies the regular files, folders and symbolic links under
// src into dst, skipping .git folders, within MaxCopyFiles and
// MaxCopyBytes. When running as root the copies are handed to owner (the
// slot's uid), so that the program can read and write them.
func copyTree(src, dst string, owner int) error {
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("heuristic command folder: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("heuristic command folder %s is not a folder", src)
	}
	files, size := 0, int64(0)
	chown := os.Geteuid() == 0
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("heuristic command folder: %w", err)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if rel == "." {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		files++
		if files > MaxCopyFiles {
			return &FolderTooLargeError{Dir: src, What: fmt.Sprintf("more than %d files", MaxCopyFiles)}
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			err = os.Mkdir(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			var link string
			if link, err = os.Readlink(p); err == nil {
				err = os.Symlink(link, target)
			}
		case d.Type().IsRegular():
			var info fs.FileInfo
			if info, err = d.Info(); err != nil {
				break
			}
			size += info.Size()
			if size > MaxCopyBytes {
				return &FolderTooLargeError{Dir: src, What: fmt.Sprintf("more than %d MiB", MaxCopyBytes>>20)}
			}
			mode := fs.FileMode(0o644)
			if info.Mode()&0o111 != 0 {
				mode = 0o755
			}
			err = sandbox.CopyFile(p, target, mode)
		default:
			return nil // sockets, devices, pipes: not part of a program
		}
		if err != nil {
			return fmt.Errorf("heuristic command folder: %w", err)
		}
		if chown && owner >= 0 {
			_ = os.Lchown(target, owner, owner)
		}
		return nil
	})
}

// writeFile writes a harness file into a working folder, replacing what
// is there, owned by owner when running as root.
func writeFile(path string, data []byte, owner int) error {
	_ = os.Remove(path)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("heuristic command folder: %w", err)
	}
	if os.Geteuid() == 0 && owner >= 0 {
		_ = os.Lchown(path, owner, owner)
	}
	return nil
}
