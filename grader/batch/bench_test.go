package batch_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// benchClass makes 40 trivial submissions (each copies a prepared answer
// to the output path) and a set of 10 puzzles, as the target
// describes.
func benchClass(b *testing.B) (grader.Assignment, []grader.Test, []batch.Submission) {
	b.Helper()
	set := b.TempDir()
	rng := puzzles.NewRand(1)
	goal := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	for i := range 10 {
		board := puzzles.RandomSolvable(rng, goal)
		os.WriteFile(filepath.Join(set, fmt.Sprintf("input_%02d.txt", i)), []byte(board.Format(puzzles.FormatRows)), 0o644)
	}
	root := b.TempDir()
	for i := range 40 {
		dir := filepath.Join(root, fmt.Sprintf("student-%02d", i))
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "answer.txt"), []byte("UNSOLVABLE\n"), 0o644)
	}
	a := assignment(b, b.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "run": {"command": "/bin/cp {submission}/answer.txt {output}"}}`, set))
	tests, err := a.LoadTests()
	if err != nil {
		b.Fatal(err)
	}
	for i := range tests {
		tests[i].Optimum = check.KnownOptimum(20, "benchmark") // no oracle needed
	}
	subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	if err != nil {
		b.Fatal(err)
	}
	return a, tests, subs
}

// BenchmarkGradeOverhead grades 40 submissions x 10 puzzles of a trivial
// program and reports, per (submission, test): the wall time of the whole
// grading (ms/test), the program's own run time as the sandbox measured
// it (program-ms/test), and the difference, the grader's overhead
// (overhead-ms/test). It also reports the time to run the same program
// directly with os/exec, outside any sandbox (direct-ms/test), for
// scale. Run with
//
//	go test -run '^$' -bench GradeOverhead -benchtime 3x ./grader/batch/
func BenchmarkGradeOverhead(b *testing.B) {
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			a, tests, subs := benchClass(b)
			n := len(tests) * len(subs)
			var program, total time.Duration
			for range b.N {
				journalPath := filepath.Join(b.TempDir(), "journal.jsonl")
				start := time.Now()
				o, err := batch.Grade(context.Background(), batch.Options{Assignment: a, Tests: tests, Submissions: subs, Jobs: jobs, JournalPath: journalPath})
				total += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				for _, m := range o.Results {
					for _, r := range m {
						if r.Verdict != check.UnsolvableWrong {
							b.Fatalf("unexpected verdict %s: %s", r.Verdict, r.Summary)
						}
						program += time.Duration(r.Seconds * float64(time.Second))
					}
				}
			}
			perTest := func(d time.Duration) float64 { return float64(d) / float64(b.N*n) / float64(time.Millisecond) }
			// With parallel jobs the wall time is shared by the jobs.
			b.ReportMetric(perTest(total), "ms/test")
			b.ReportMetric(perTest(total*time.Duration(jobs)), "ms/test-per-job")
			b.ReportMetric(perTest(program), "program-ms/test")
			b.ReportMetric(perTest(total*time.Duration(jobs)-program), "overhead-ms/test")
			b.ReportMetric(0, "ns/op")
		})
	}
	b.Run("direct", func(b *testing.B) {
		dir := b.TempDir()
		src := filepath.Join(dir, "answer.txt")
		os.WriteFile(src, []byte("UNSOLVABLE\n"), 0o644)
		start := time.Now()
		for i := range b.N {
			if err := exec.Command("/bin/cp", src, filepath.Join(dir, fmt.Sprint(i))).Run(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(time.Since(start))/float64(b.N)/float64(time.Millisecond), "direct-ms/test")
	})
}
