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

// BenchmarkAuditPythonFunction3x3 is BenchmarkAuditPythonCommand3x3's
// audit with the heuristic called as a student's function (--function,
// a list of rows), the board shape found by calling it first.
func BenchmarkAuditPythonFunction3x3(b *testing.B) {
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("python3 is not installed")
	}
	g := puzzles.DefaultGoal(shape3x3)
	tb := tableFor(b, shape3x3)
	for b.Loop() {
		c, err := audit.NewFunction(context.Background(), audit.FunctionSpec{Target: "rows:manhattan"}, g, audit.CommandOptions{Dir: "testdata/functions/python"})
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
		c.Close()
	}
}

// BenchmarkClaimBands judges one program's A* expanded count on a 3x3
// board 24 moves from the goal, as a grading does for each submission:
// without a cache every judgement finds the optimal length (an exact
// table) and computes the bands, with a ClaimCache shared by the grading
// only the first does.
func BenchmarkClaimBands(b *testing.B) {
	b2 := puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	claim := audit.StatsClaim{Algorithm: "astar", Heuristic: "euclidean", Puzzle: "p", Board: b2,
		Figures: map[string]float64{audit.FigureExpanded: 60000}, Texts: map[string]string{audit.FigureExpanded: "60000"}}
	for _, cached := range []bool{false, true} {
		name := "uncached"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			opts := audit.StatsOptions{}
			if cached {
				opts.Cache = &audit.ClaimCache{}
			}
			for b.Loop() {
				rep, err := audit.JudgeStats(context.Background(), []audit.StatsClaim{claim}, opts)
				if err != nil || rep.AllPossible {
					b.Fatalf("%v; want the count impossible for euclidean (it fits a variant)", err)
				}
			}
		})
	}
}
