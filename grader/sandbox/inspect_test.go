//go:build linux

package sandbox_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// secretTree makes a folder readable by anyone, with a file readable by
// anyone and a program anyone may run, and returns the folder.
func secretTree(t *testing.T) string {
	t.Helper()
	// t.TempDir's parent is private to root; this folder must be
	// reachable by anyone for the fallback's control to mean something.
	root, err := os.MkdirTemp("", "kpuzzle-inspect-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "key")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "manifest.json", `{"optimal_length": 22}`, 0o644)
	writeFile(t, dir, "kpuzzle", "#!/bin/sh\necho solver\n", 0o755)
	return dir
}

// listen opens a TCP listener on 127.0.0.1 and counts what it accepts.
func listen(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), &n
}

func check(in sandbox.Inspection, name string) (sandbox.Check, bool) {
	for _, c := range in.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return sandbox.Check{}, false
}

func TestInspect(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the checks of the program's identity need a root grader")
	}
	forEachMode(t, func(t *testing.T, m mode) {
		secret := secretTree(t)
		addr, accepted := listen(t)
		spec := sandbox.Spec{Dir: t.TempDir(), Isolation: m.choice, Hide: []string{secret}, UID: sandbox.FirstRunUID}
		in, err := sandbox.Inspect(context.Background(), spec, sandbox.Targets{Secrets: []string{secret}, Connect: []string{addr}, Writable: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range in.Checks {
			t.Logf("%-40s %-5v %s", c.Name, c.Passed, c.Detail)
		}
		if accepted.Load() != 0 {
			t.Errorf("the listener accepted %d connections", accepted.Load())
		}
		failed := in.Failed()
		secretCheck, _ := check(in, "secret "+secret)
		if m.noNS {
			// Without namespaces Hide is not enforced: the world-readable
			// secret is reachable, and Inspect must say so.
			if secretCheck.Passed || !strings.Contains(secretCheck.Detail, "read ") || !strings.Contains(secretCheck.Detail, "run ") {
				t.Errorf("world-readable secret without namespaces: %+v, want read and run exposures", secretCheck)
			}
			if len(failed) != 1 {
				t.Errorf("failed checks = %+v, want only the secret", failed)
			}
		} else if len(failed) != 0 {
			t.Errorf("failed checks = %+v, want none", failed)
		}
	})
}
