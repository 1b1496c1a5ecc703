package audit_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// templatesDir holds the example heuristic programs shipped in the binary.
const templatesDir = "../../templates/audit"

func newCommand(t *testing.T, line string, g puzzles.Goal, opts audit.CommandOptions) *audit.Command {
	t.Helper()
	c, err := audit.NewCommand(line, g, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	})
	return c
}

// TestPythonTemplate runs the shipped Python example through the
// protocol on every state of 2x4, for the default goal and the
// blank-first goal (which the program reads from KPUZZLE_GOAL): it
// computes Manhattan distance, so the audit must pass and --expect
// manhattan must hold on every state.
func TestPythonTemplate(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python template cannot be run")
	}
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(shape2x4), puzzles.BlankFirstGoal(shape2x4)} {
		c := newCommand(t, "python3 heuristic.py", g, audit.CommandOptions{Dir: templatesDir})
		r, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Expect: heuristics.NewManhattan(g)})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Passed || r.Expect.Equal != 20160 || r.StatesChecked != 20160 {
			t.Errorf("goal %s: passed %v, %d states checked, expect %+v", g.Name(), r.Passed, r.StatesChecked, r.Expect)
		}
		if u := c.Usage(); u.States != 20160 || u.Runs < 1 {
			t.Errorf("usage %+v: want 20160 states in at least one run", u)
		}
		if iso := c.Isolation(); iso.Degraded() {
			t.Logf("isolation degraded: %v", iso)
		}
	}
}

// TestJavaTemplate compiles and runs the shipped Java example when a JDK
// is installed.
func TestJavaTemplate(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("javac is not installed: the Java template cannot be compiled (install a JDK to run this test)")
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(templatesDir, "Heuristic.java"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Heuristic.java"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("javac", "Heuristic.java")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	g := puzzles.DefaultGoal(shape2x4)
	c := newCommand(t, audit.JavaCommand("Heuristic"), g, audit.CommandOptions{Dir: dir, Timeout: 2 * time.Minute})
	r, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Expect: heuristics.NewManhattan(g)})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Expect.Equal != 20160 {
		t.Errorf("passed %v, expect %+v", r.Passed, r.Expect)
	}
}

// TestCommandFailures: every way a program can break the protocol is an
// error naming the output line and the state, never a verdict.
func TestCommandFailures(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	for _, tc := range []struct {
		name, line string
		timeout    time.Duration
		want       error
		wantLine   int
		fragments  []string
	}{
		{"too few lines", `while read l; do echo 1; done | head -n 5`, 0, audit.ErrBadOutput, 6, []string{"output line 6", "printed 5 lines for", "flush"}},
		{"extra lines", `while read l; do echo 1; echo 2; done`, 0, audit.ErrBadOutput, 0, []string{"extra line", "one value each"}},
		{"not a number", `while read l; do echo x; done`, 0, audit.ErrBadOutput, 1, []string{"output line 1", `"x"`, "expected an integer or a real number"}},
		{"blank line", `while read l; do echo; done`, 0, audit.ErrBadOutput, 1, []string{"output line 1", "empty"}},
		{"infinity", `while read l; do echo inf; done`, 0, audit.ErrBadOutput, 1, []string{`"inf"`}},
		{"crash", `echo 'Traceback: ZeroDivisionError' >&2; exit 3`, 0, audit.ErrProgramFailed, 0, []string{"status 3", "ZeroDivisionError"}},
		{"not found", `no-such-heuristic-program`, 0, audit.ErrProgramFailed, 0, []string{"status 127", "not found"}},
		{"timeout", `sleep 30`, time.Second, audit.ErrProgramFailed, 0, []string{"time limit of 1s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCommand(t, tc.line, g, audit.CommandOptions{Timeout: tc.timeout})
			_, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Workers: 1})
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v; want %v", err, tc.want)
			}
			var pe *audit.ProgramError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ProgramError", err)
			}
			if tc.wantLine > 0 && pe.Line != tc.wantLine {
				t.Errorf("line %d; want %d", pe.Line, tc.wantLine)
			}
			if pe.Line > 0 && pe.Line <= pe.States && len(strings.Fields(pe.State)) != 6 {
				t.Errorf("state %q is not a 2x3 state", pe.State)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("message is not one line: %q", msg)
			}
			for _, f := range append(tc.fragments, tc.line) {
				if !strings.Contains(msg, f) {
					t.Errorf("message %q does not mention %q", msg, f)
				}
			}
		})
	}
}

// TestCommandRealValuesAndCRLF: reals and CRLF line ends are read; the
// working folder is a copy, so the program cannot change the original.
func TestCommandRealValuesAndCRLF(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	dir := t.TempDir()
	script := "import sys\nopen('scribble', 'w').write('x')\nfor line in sys.stdin:\n    sys.stdout.write('%r\\r\\n' % (0.5 * sum(c != g for c, g in zip(line.split(), '1 2 3 4 5 0'.split()))))\n"
	if err := os.WriteFile(filepath.Join(dir, "half.py"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	c := newCommand(t, "python3 half.py", g, audit.CommandOptions{Dir: dir})
	r, err := audit.Run(context.Background(), c, audit.Options{Goal: g})
	if err != nil {
		t.Fatal(err)
	}
	// Half the misplaced cells (blank included) is admissible: one move
	// changes two cells.
	if !r.Passed || r.MeanH == float64(int(r.MeanH)) {
		t.Errorf("passed %v mean %v: want a pass with a real mean", r.Passed, r.MeanH)
	}
	if _, err := os.Stat(filepath.Join(dir, "scribble")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the program wrote into the original folder (%v)", err)
	}
}
