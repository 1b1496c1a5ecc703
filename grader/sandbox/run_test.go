//go:build linux

package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

func TestRunOutcomes(t *testing.T) {
	tests := []struct {
		name  string
		argv  []string
		stdin string
		want  outcome
	}{
		{
			name: "exit 0 with output",
			argv: sh("echo hello; echo oops >&2"),
			want: outcome{ExitCode: 0, Stdout: "hello\n", Stderr: "oops\n"},
		},
		{
			name: "non-zero exit",
			argv: sh("echo partial; exit 3"),
			want: outcome{ExitCode: 3, Stdout: "partial\n"},
		},
		{
			name: "killed by SIGTERM",
			argv: sh("echo before; kill -TERM $$; echo after"),
			want: outcome{ExitCode: -1, Signal: "SIGTERM", Stdout: "before\n"},
		},
		{
			name: "killed by SIGKILL",
			argv: sh("kill -KILL $$"),
			want: outcome{ExitCode: -1, Signal: "SIGKILL"},
		},
		{
			name:  "stdin",
			argv:  sh("read a b; echo $((a + b))"),
			stdin: "40 2\n",
			want:  outcome{ExitCode: 0, Stdout: "42\n"},
		},
		{
			name: "no stdin reads as empty",
			argv: sh("cat; echo eof"),
			want: outcome{ExitCode: 0, Stdout: "eof\n"},
		},
		{
			name: "argv0 looked up in PATH",
			argv: []string{"echo", "a b", "c"},
			want: outcome{ExitCode: 0, Stdout: "a b c\n"},
		},
	}
	forEachMode(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				spec := sandbox.Spec{Argv: tt.argv, Isolation: m.choice}
				if tt.stdin != "" {
					spec.Stdin = strings.NewReader(tt.stdin)
				}
				got := outcomeOf(run(t, spec))
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("Run(%q) mismatch (-want +got):\n%s", tt.argv, diff)
				}
			})
		}
	})
}

func TestRunWritesOnlyItsDir(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		dir := t.TempDir()
		writeFile(t, dir, "puzzle.txt", "1 2 3\n4 5 6\n7 8 0\n", 0o644)
		res := run(t, sandbox.Spec{
			// Relative paths: in fallback mode the ancestors of a
			// t.TempDir() are not searchable by the unprivileged uid.
			Argv:      sh("wc -l < puzzle.txt; echo UP > answer.txt; id -u"),
			Dir:       dir,
			Isolation: m.choice,
		})
		if !res.Success() {
			t.Fatalf("run failed: %+v\nstderr: %s", outcomeOf(res), res.Stderr)
		}
		want := "3\n" + "65534\n"
		if os.Geteuid() != 0 {
			want = "3\n" + strings.TrimSpace(string(must(exec.Command("id", "-u").Output()))) + "\n"
		}
		if diff := cmp.Diff(want, string(res.Stdout)); diff != "" {
			t.Errorf("stdout mismatch (-want +got):\n%s", diff)
		}
		got, err := os.ReadFile(filepath.Join(dir, "answer.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff("UP\n", string(got)); diff != "" {
			t.Errorf("answer.txt mismatch (-want +got):\n%s", diff)
		}
		if res.Isolation.UID != 65534 && os.Geteuid() == 0 {
			t.Errorf("Isolation.UID = %d, want 65534", res.Isolation.UID)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestRunIsolationReported(t *testing.T) {
	requireNamespaces(t)
	tests := []struct {
		name string
		spec sandbox.Spec
		want sandbox.Level
		net  bool
	}{
		{"default", sandbox.Spec{}, sandbox.LevelNamespaces, true},
		{"network allowed", sandbox.Spec{AllowNetwork: true}, sandbox.LevelNamespaces, false},
		{"forced fallback", sandbox.Spec{Isolation: sandbox.ChooseRlimits}, sandbox.LevelRlimits, true},
		{"forced fallback, network allowed", sandbox.Spec{Isolation: sandbox.ChooseRlimits, AllowNetwork: true}, sandbox.LevelRlimits, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Argv = []string{"/bin/true"}
			iso := run(t, tt.spec).Isolation
			if iso.Level != tt.want || iso.Network != tt.net {
				t.Errorf("Isolation = %v, want level %v, network isolated %v", iso, tt.want, tt.net)
			}
			if degraded := tt.want != sandbox.LevelNamespaces; degraded && !strings.Contains(iso.Reason, "not enforced") {
				t.Errorf("fallback Reason %q does not warn that isolation is not enforced", iso.Reason)
			}
		})
	}
}

func TestRunEnvironmentScrubbed(t *testing.T) {
	t.Setenv("KPUZZLE_TEST_SECRET", "hunter2")
	forEachMode(t, func(t *testing.T, m mode) {
		t.Run("default", func(t *testing.T) {
			dir := t.TempDir()
			res := run(t, sandbox.Spec{Argv: []string{"env"}, Dir: dir, Isolation: m.choice})
			real, _ := filepath.EvalSymlinks(dir)
			want := []string{"HOME=" + real, "LANG=C.UTF-8", "PATH=" + sandbox.DefaultPath}
			if diff := cmp.Diff(want, sortedLines(res.Stdout)); diff != "" {
				t.Errorf("environment mismatch (-want +got):\n%s", diff)
			}
		})
		t.Run("explicit", func(t *testing.T) {
			res := run(t, sandbox.Spec{Argv: []string{"/usr/bin/env"}, Env: []string{"ONLY=this"}, Isolation: m.choice})
			if diff := cmp.Diff([]string{"ONLY=this"}, sortedLines(res.Stdout)); diff != "" {
				t.Errorf("environment mismatch (-want +got):\n%s", diff)
			}
		})
		// No controlling terminal (the TA's, were the grader run from
		// one), and stdin /dev/null when Spec.Stdin is nil.
		t.Run("terminal", func(t *testing.T) {
			res := run(t, sandbox.Spec{Argv: sh(`(: </dev/tty) 2>/dev/null && echo terminal; wc -c; readlink /proc/self/fd/0`), Isolation: m.choice})
			if got := string(res.Stdout); got != "0\n/dev/null\n" {
				t.Errorf("stdout %q, want no terminal and an empty /dev/null as stdin", got)
			}
		})
	})
}

func TestRunStartErrors(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		dir := t.TempDir()
		writeFile(t, dir, "solver.sh", "#!/bin/sh\necho hi\n", 0o644) // not executable
		tests := []struct {
			name string
			argv []string
			want error
		}{
			{"not in PATH", []string{"no-such-program-kpuzzle"}, exec.ErrNotFound},
			{"missing file", []string{"./missing"}, fs.ErrNotExist},
			{"not executable", []string{"./solver.sh"}, fs.ErrPermission},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: tt.argv, Dir: dir, Isolation: m.choice, Limits: pinned(sandbox.Limits{})})
				var se *sandbox.StartError
				if !errors.As(err, &se) || !errors.Is(err, tt.want) {
					t.Fatalf("Run(%q) error = %v, want a *StartError wrapping %v", tt.argv, err, tt.want)
				}
				if res.ExitCode != -1 {
					t.Errorf("ExitCode = %d, want -1", res.ExitCode)
				}
			})
		}
	})
}

func TestRunBadSpec(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "f", "", 0o644)
	tests := []struct {
		name string
		spec sandbox.Spec
	}{
		{"empty argv", sandbox.Spec{Dir: dir}},
		{"no dir", sandbox.Spec{Argv: []string{"/bin/true"}}},
		{"dir is a file", sandbox.Spec{Argv: []string{"/bin/true"}, Dir: file}},
		{"dir is root", sandbox.Spec{Argv: []string{"/bin/true"}, Dir: "/"}},
		{"hide root", sandbox.Spec{Argv: []string{"/bin/true"}, Dir: dir, Conceal: []string{"/"}}},
		{"negative limit", sandbox.Spec{Argv: []string{"/bin/true"}, Dir: dir, Limits: sandbox.Limits{WallTime: limits.Duration(-time.Second)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := sandbox.Run(context.Background(), tt.spec); err == nil {
				t.Errorf("Run(%+v) succeeded, want an error", tt.spec)
			}
		})
	}
}

func TestRunContextCancelKillsTree(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		dir := t.TempDir()
		token := newToken(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		type ret struct {
			res sandbox.Result
			err error
		}
		done := make(chan ret, 1)
		go func() {
			res, err := sandbox.Run(ctx, sandbox.Spec{
				Argv:      sh(`sh -c 'sleep 30' "$0" & touch started; while :; do sleep 1; done`, token),
				Dir:       dir,
				Isolation: m.choice,
				Limits:    pinned(sandbox.Limits{}),
			})
			done <- ret{res, err}
		}()
		waitForFile(t, filepath.Join(dir, "started"), done)
		cancel()
		r := <-done
		if !errors.Is(r.err, context.Canceled) {
			t.Errorf("Run error = %v, want context.Canceled", r.err)
		}
		if r.res.Signal != "SIGKILL" || r.res.TimedOut {
			t.Errorf("Result = %+v, want killed by SIGKILL, not timed out", outcomeOf(r.res))
		}
		assertNoProcesses(t, token)
	})
}

// waitForFile waits until path exists, failing if the run ends first.
func waitForFile[T any](t *testing.T, path string, done <-chan T) {
	t.Helper()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		select {
		case r := <-done:
			t.Fatalf("run ended before creating %s: %+v", path, r)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func sortedLines(b []byte) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	return lines
}

func TestRunConcurrent(t *testing.T) {
	requireNamespaces(t)
	const n = 8
	type ret struct {
		i   int
		out string
		err error
	}
	results := make(chan ret, n)
	for i := range n {
		dir := t.TempDir()
		go func() {
			res, err := sandbox.Run(context.Background(), sandbox.Spec{
				Argv:   sh(`echo "$1" > mine; sleep 0.1; cat mine; ls /tmp | wc -l`, "sh", strconv.Itoa(i)),
				Dir:    dir,
				Limits: pinned(sandbox.Limits{}),
			})
			results <- ret{i, string(res.Stdout), err}
		}()
	}
	for range n {
		r := <-results
		if r.err != nil {
			t.Errorf("run %d: %v", r.i, r.err)
			continue
		}
		// Each run sees its own file and, in its private /tmp, only the
		// path to its own directory.
		if want := fmt.Sprintf("%d\n1\n", r.i); r.out != want {
			t.Errorf("run %d printed %q, want %q", r.i, r.out, want)
		}
	}
}
