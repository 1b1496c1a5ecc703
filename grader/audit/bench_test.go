package audit_test

import (
	"context"
	"os/exec"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

// BenchmarkAuditPythonCommand3x3 is the end-to-end target of issue 6: an
// exhaustive audit of all 181,440 states of the 8-puzzle through the
// command protocol, with the shipped Python example (Manhattan distance)
// run in the sandbox. It reports the program's own CPU time per audit
// (program-cpu-s/op) and the wall time its runs took, summed over runs
// that overlap (program-wall-s/op).
func BenchmarkAuditPythonCommand3x3(b *testing.B) {
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("python3 is not installed")
	}
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(b, shape3x3)
	var cpu, wall float64
	for b.Loop() {
		c, err := audit.NewCommand("python3 heuristic.py", g, audit.CommandOptions{Dir: templatesDir})
		if err != nil {
			b.Fatal(err)
		}
		r, err := audit.Run(context.Background(), c, audit.Options{Goal: g, Table: tb})
		if err != nil {
			b.Fatal(err)
		}
		if !r.Passed || r.StatesChecked != 181440 {
			b.Fatalf("passed %v, %d states", r.Passed, r.StatesChecked)
		}
		u := c.Usage()
		cpu += u.CPU.Seconds()
		wall += u.Wall.Seconds()
		c.Close()
	}
	b.ReportMetric(cpu/float64(b.N), "program-cpu-s/op")
	b.ReportMetric(wall/float64(b.N), "program-wall-s/op")
}

// BenchmarkAuditExhaustive3x3 audits linear conflict, computed in
// process, on every state of the 8-puzzle (the exact table is built
// once, outside the loop).
func BenchmarkAuditExhaustive3x3(b *testing.B) {
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(b, shape3x3)
	src := audit.FromHeuristic(heuristics.NewLinearConflict(g))
	for b.Loop() {
		if _, err := audit.Run(context.Background(), src, audit.Options{Goal: g, Table: tb}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAuditSampled4x4 audits Manhattan distance on 1,000 sampled
// 15-puzzle states and their neighbours, with linear conflict as the
// lower bound (every state is settled without a solve).
func BenchmarkAuditSampled4x4(b *testing.B) {
	g := puzzles.DefaultGoal(shape4x4)
	src := audit.FromHeuristic(heuristics.NewManhattan(g))
	lb := heuristics.NewLinearConflict(g)
	for b.Loop() {
		if _, err := audit.Run(context.Background(), src, audit.Options{Goal: g, LowerBound: lb}); err != nil {
			b.Fatal(err)
		}
	}
}
