//go:build linux

package sandbox_test

import (
	"context"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// BenchmarkRunTrue measures the sandbox's overhead for one run: /bin/true
// does nothing, so the time is starting the helper, creating namespaces,
// mounting, limiting, reaping and reporting.
func BenchmarkRunTrue(b *testing.B) {
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			if !m.noNS && sandbox.Probe().Level != sandbox.LevelNamespaces {
				b.Skip("namespaces unavailable")
			}
			spec := sandbox.Spec{Argv: []string{"/bin/true"}, Dir: b.TempDir(), Isolation: m.choice, Limits: pinned(sandbox.Limits{})}
			ctx := context.Background()
			if _, err := sandbox.Run(ctx, spec); err != nil { // warm the probe cache
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				res, err := sandbox.Run(ctx, spec)
				if err != nil || !res.Success() {
					b.Fatalf("Run = %+v, %v", res, err)
				}
			}
		})
	}
}

// BenchmarkRunExecs measures a run whose shell executes /bin/true 100
// times: every execve goes to the supervisor, which examines the file
// before the kernel runs it. Compare with BenchmarkRunTrue for the cost
// of a run, and divide the difference by 100 for an execve's.
func BenchmarkRunExecs(b *testing.B) {
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			if !m.noNS && sandbox.Probe().Level != sandbox.LevelNamespaces {
				b.Skip("namespaces unavailable")
			}
			script := "i=0; while [ $i -lt 100 ]; do /bin/true; i=$((i+1)); done"
			spec := sandbox.Spec{Argv: []string{"/bin/sh", "-c", script}, Dir: b.TempDir(), Isolation: m.choice, Limits: pinned(sandbox.Limits{})}
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				res, err := sandbox.Run(ctx, spec)
				if err != nil || !res.Success() || len(res.Executed) != 2 || res.Executed[1].Count != 100 {
					b.Fatalf("Run = %+v, %v", res, err)
				}
			}
		})
	}
}
