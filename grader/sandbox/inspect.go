package sandbox

import (
	"fmt"
	"io"
	"strings"
)

// Targets are what Inspect tries to reach from inside a run.
type Targets struct {
	// Secrets are files and folders the program must not read, list or
	// run: answer keys, other submissions, the grader's own binary and
	// caches. Everything below a folder is tried too (up to
	// MaxInspectedPaths paths in all).
	Secrets []string
	// Connect are TCP addresses ("127.0.0.1:8080") the program must not
	// reach, such as a listener the caller opened on the host.
	Connect []string
	// Writable asks Inspect to try leaving a file in every world-writable
	// folder of the host and to check, after the run, that none is left.
	Writable bool
}

// MaxInspectedPaths caps the paths Inspect tries below Targets.Secrets.
const MaxInspectedPaths = 200_000

// Check is one finding of Inspect.
type Check struct {
	// Name says what was tried: "secret /path", "connect 127.0.0.1:80",
	// "writable /tmp", "syscall unshare", "uid", "signal", "processes",
	// "limits", "isolation".
	Name string `json:"name"`
	// Passed is false when the program could reach what it must not.
	Passed bool `json:"passed"`
	// Detail says what happened, for a human.
	Detail string `json:"detail"`
}

// Inspection is what a program running with a Spec can see and do.
type Inspection struct {
	// Isolation is what the run got.
	Isolation Isolation `json:"isolation"`
	// Checks are in a fixed order: isolation, uid, limits, secrets,
	// network, writable folders, system calls, signals, processes.
	Checks []Check `json:"checks"`
}

// Failed returns the checks that did not pass.
func (in Inspection) Failed() []Check {
	var out []Check
	for _, c := range in.Checks {
		if !c.Passed {
			out = append(out, c)
		}
	}
	return out
}

// Summary is a one-line account of the failed checks, or "" when all
// passed.
func (in Inspection) Summary() string {
	failed := in.Failed()
	if len(failed) == 0 {
		return ""
	}
	parts := make([]string, 0, len(failed))
	for _, c := range failed {
		parts = append(parts, c.Name+": "+c.Detail)
	}
	return fmt.Sprintf("%d of %d sandbox checks failed: %s", len(failed), len(in.Checks), strings.Join(parts, "; "))
}

// inspectRequest is what the helper is asked to try.
type inspectRequest struct {
	Secrets  []inspectPath `json:"secrets,omitempty"`
	Connect  []string      `json:"connect,omitempty"`
	Writable []string      `json:"writable,omitempty"`
	// Marker is the name of the file left in each Writable folder.
	Marker string `json:"marker,omitempty"`
}

// inspectPath is one path at or below a secret root, as the caller saw
// it.
type inspectPath struct {
	Root string `json:"root"`
	Path string `json:"path"`
	Dir  bool   `json:"dir,omitempty"`
	// Entries are a folder's entry names.
	Entries []string `json:"entries,omitempty"`
}

// WriteText writes the inspection as a table, one check per line, its
// mark painted by good or bad (for colour; identity functions for none).
func (in Inspection) WriteText(w io.Writer, good, bad func(...any) string) error {
	width := 0
	for _, c := range in.Checks {
		width = max(width, len(c.Name))
	}
	for _, c := range in.Checks {
		mark := good("ok  ")
		if !c.Passed {
			mark = bad("FAIL")
		}
		if _, err := fmt.Fprintf(w, "%s  %-*s  %s\n", mark, width, c.Name, c.Detail); err != nil {
			return err
		}
	}
	failed := len(in.Failed())
	line := fmt.Sprintf("%d checks, all passed: nothing a submission must not reach is reachable", len(in.Checks))
	if failed > 0 {
		line = bad(fmt.Sprintf("%d of %d checks failed: a submission could reach what it must not", failed, len(in.Checks)))
	}
	_, err := fmt.Fprintln(w, line)
	return err
}
