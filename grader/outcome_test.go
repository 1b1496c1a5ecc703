package grader_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// outcomeAssignment is an assignment with the limits the outcome tests
// name (10s, 10s, 64MiB, 1KiB, 1MiB), run settings run (JSON, without
// braces) added to a command, and top-level settings top.
func outcomeAssignment(t *testing.T, run string, top ...string) *grader.Assignment {
	t.Helper()
	if run != "" {
		run = ", " + run
	}
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"},`+strings.Join(append(top, ""), ",")+`
		"run": {"command": "python3 {submission}/solver.py {input} {output}",
			"wall_time": "10s", "cpu_time": "10s", "memory": "64MiB", "output": "1KiB", "disk": "1MiB"`+run+`},
		"build": {"command": "make", "wall_time": "1m", "cpu_time": "30s", "disk": "1GiB"}}`), "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &a
}

// outcomeTest is a solvable test one move (LEFT) from the goal, whose
// optimal length the key gives.
var outcomeTest = grader.Test{Name: "a.txt", Board: oneAway, Goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), Solvable: true,
	Optimum: check.Optimum{Known: true, Length: 1, Source: "answer key"}}

// normalRun is a run that exited normally after 1 s (0.5 s of CPU) and
// left a one-move answer file at the output path.
func normalRun() grader.RunOutcome {
	return grader.RunOutcome{
		Command:        []string{"python3", "/s/solver.py"},
		Ending:         limits.Ending{Wall: time.Second, CPU: 500 * time.Millisecond},
		AnswerFileSize: 5, AnswerFile: []byte("LEFT\n"),
	}
}

// decided is the result of outcomeTest a run decides: its verdict,
// summary and details with the times of normalRun.
func decided(v check.Verdict, summary string, details ...string) grader.Result {
	return grader.Result{Test: "a.txt", Verdict: v, Solvable: true, OptimalLength: ptr(1), Summary: summary, Details: details, Seconds: 1, CPUSeconds: 0.5}
}

// nearLimit is r marked near the limits the clauses name.
func nearLimit(r grader.Result, clauses string) grader.Result {
	r.NearLimit = clauses
	return r
}

// untimed is a decided result without the run's times: a grader error, a
// command that did not start.
func untimed(r grader.Result) grader.Result {
	r.Seconds, r.CPUSeconds = 0, 0
	return r
}

// Every way a test's run can end, in the order Judge weighs them: the
// first that applies decides, whatever else is true of the run.
func TestJudgeRun(t *testing.T) {
	const diskFull = "the program failed while the scratch disk was full, and it was within run.disk (1MiB; it took 4KiB): another run or another process filled the disk, so this is not its result; it is not journaled, and --resume runs it again"
	nearWall := func(r grader.Result) grader.Result {
		r.Seconds, r.NearLimit = 9.5, "wall time (run.wall_time 10s)"
		return r
	}
	tests := []struct {
		name string
		run  string // run settings
		edit func(o *grader.RunOutcome)
		want grader.Result
	}{
		{"could not start, before anything else", "", func(o *grader.RunOutcome) {
			o.StartErr, o.TimedOut, o.DiskExceeded = errors.New("exec: no such file"), true, true
		}, untimed(decided(check.Crashed, "the command python3 /s/solver.py could not start: exec: no such file"))},
		{"over run.disk, before too much output and a time-out", "", func(o *grader.RunOutcome) {
			o.DiskExceeded, o.FileSizeExceeded, o.StdoutTruncated, o.TimedOut, o.ExitCode = true, true, true, true, -1
			o.Wall = 9500 * time.Millisecond // no near-limit mark on a limit's verdict
		}, func() grader.Result {
			r := decided(check.OutputLimit, "took more than run.disk (1MiB) of disk in its working folder and temporary folders; stopped")
			r.Seconds = 9.5
			return r
		}()},
		{"disk full while failing within run.disk is the grader's error", "", func(o *grader.RunOutcome) {
			o.DiskFull, o.DiskUsed, o.ExitCode, o.StdoutTruncated = true, 4096, 1, true
		}, untimed(decided(check.GraderError, diskFull))},
		{"disk full, but a file over run.output explains the failure", "", func(o *grader.RunOutcome) {
			o.DiskFull, o.FileSizeExceeded, o.Signal, o.ExitCode = true, true, "SIGXFSZ", -1
		}, decided(check.OutputLimit, "wrote a file larger than run.output (1KiB); stopped")},
		{"too much output beats timed out", "", func(o *grader.RunOutcome) {
			o.FileSizeExceeded, o.TimedOut, o.CPUExceeded, o.MemoryExceeded, o.ExitCode = true, true, true, true, -1
		}, decided(check.OutputLimit, "wrote a file larger than run.output (1KiB); stopped")},
		{"a failed run with its answer at the cap", "", func(o *grader.RunOutcome) {
			o.ExitCode, o.AnswerFileSize, o.StdoutTruncated, o.TimedOut = 1, 1024, true, true
		}, decided(check.OutputLimit, "wrote an answer as large as run.output (1KiB) and failed to write more")},
		{"stdout over run.output, before a time-out", "", func(o *grader.RunOutcome) {
			o.StdoutTruncated, o.StderrTruncated, o.TimedOut, o.ExitCode = true, true, true, -1
		}, decided(check.OutputLimit, "printed more than run.output (1KiB) on stdout")},
		{"stderr over run.output", "", func(o *grader.RunOutcome) {
			o.StderrTruncated, o.CPUExceeded, o.ExitCode = true, true, -1
		}, decided(check.OutputLimit, "printed more than run.output (1KiB) on stderr")},
		{"timed out, before a CPU limit; says how far it got", "", func(o *grader.RunOutcome) {
			o.TimedOut, o.CPUExceeded, o.MemoryExceeded, o.ExitCode, o.Signal = true, true, true, -1, "SIGKILL"
			o.AnswerFile = []byte("LEFT\n\nUP\n")
			o.Stdout = []byte(strings.Repeat("x", 1000)) // no near-limit mark on a limit's verdict
		}, func() grader.Result {
			r := decided(check.Timeout, "still running after run.wall_time (10s); stopped with all its processes",
				"it had written 2 lines to its answer file when it was stopped", "the puzzle's optimal length is 1 moves (answer key)")
			return r
		}()},
		{"timed out with its answer on stdout", `"answer": "stdout"`, func(o *grader.RunOutcome) {
			o.TimedOut, o.ExitCode, o.Stdout = true, -1, []byte("LEFT\n")
		}, decided(check.Timeout, "still running after run.wall_time (10s); stopped with all its processes",
			"it had written 1 line to stdout when it was stopped", "the puzzle's optimal length is 1 moves (answer key)")},
		{"over the CPU limit of a process; an unreadable answer counts as nothing written", "", func(o *grader.RunOutcome) {
			o.CPUExceeded, o.MemoryExceeded, o.Signal, o.ExitCode = true, true, "SIGXCPU", -1
			o.AnswerFile, o.AnswerProblem = nil, "a symbolic link"
		}, decided(check.Timeout, "used more than run.cpu_time (10s) of CPU time; stopped",
			"it had written nothing to its answer file when it was stopped", "the puzzle's optimal length is 1 moves (answer key)")},
		{"over run.cpu_time in all its processes together, though it exited normally", "", func(o *grader.RunOutcome) {
			o.CPU, o.MemoryExceeded = 10250*time.Millisecond, true
		}, func() grader.Result {
			r := decided(check.Timeout, "used 10.25 s of CPU time in all its processes together, more than run.cpu_time (10s)")
			r.CPUSeconds = 10.25
			return r
		}()},
		{"out of Java heap: the JVM's -Xmx, not run.memory", "", func(o *grader.RunOutcome) {
			o.MemoryExceeded, o.ExitCode = true, 1
			o.Stderr = []byte("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat Solver.main(Solver.java:3)\n")
		}, decided(check.MemoryLimit, "ran out of Java heap space (the JVM's -Xmx, set in run.command or by the JVM's default; run.memory is 64MiB)",
			"stderr:", `  Exception in thread "main" java.lang.OutOfMemoryError: Java heap space`, "      at Solver.main(Solver.java:3)")},
		{"out of run.memory", "", func(o *grader.RunOutcome) {
			o.MemoryExceeded, o.ExitCode, o.Stderr = true, 1, []byte("MemoryError\n")
			o.Wall = 9500 * time.Millisecond // no near-limit mark on a limit's verdict
		}, func() grader.Result {
			r := decided(check.MemoryLimit, "ran out of memory under run.memory (64MiB)", "stderr:", "  MemoryError")
			r.Seconds = 9.5
			return r
		}()},
		{"a Java heap message without a memory failure is a crash", "", func(o *grader.RunOutcome) {
			o.ExitCode, o.Stderr = 1, []byte("java.lang.OutOfMemoryError: Java heap space\n")
		}, decided(check.Crashed, "exited with status 1: java.lang.OutOfMemoryError: Java heap space", "stderr:", "  java.lang.OutOfMemoryError: Java heap space")},
		{"crashed: a non-zero exit, with its answer written; paths scrubbed, an outside file explained", "", func(o *grader.RunOutcome) {
			o.ExitCode, o.Wall = 2, 9500*time.Millisecond
			o.Stderr = []byte("  File \"/tmp/test-1/submission/solver.py\", line 3\nFileNotFoundError: [Errno 2] No such file or directory: '/home/ta/data.txt'\n")
			o.Scrub = strings.NewReplacer("/tmp/test-1/submission", "<submission>")
		}, nearWall(decided(check.Crashed, "exited with status 2: FileNotFoundError: [Errno 2] No such file or directory: '/home/ta/data.txt'",
			"it looked for /home/ta/data.txt, which no run can see: a program sees its submission, the instructor's run.files and its own working folder only",
			"stderr:", `    File "<submission>/solver.py", line 3`, "  FileNotFoundError: [Errno 2] No such file or directory: '/home/ta/data.txt'"))},
		{"killed by a signal, silently", "", func(o *grader.RunOutcome) {
			o.ExitCode, o.Signal = -1, "SIGSEGV"
		}, decided(check.Crashed, "was killed by SIGSEGV")},
		{"a failed run with its answer below the cap crashed, near the limit", "", func(o *grader.RunOutcome) {
			o.ExitCode, o.AnswerFileSize = 1, 1023
		}, nearLimit(decided(check.Crashed, "exited with status 1"), "answer file (run.output 1KiB)")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := normalRun()
			tc.edit(&o)
			j := o.Judge(outcomeAssignment(t, tc.run), outcomeTest)
			if !j.Decided || j.Claims {
				t.Fatalf("decided %v, claims %v: want a decided result without claims", j.Decided, j.Claims)
			}
			if d := cmp.Diff(tc.want, j.Result); d != "" {
				t.Errorf("result (-want +got):\n%s", d)
			}
		})
	}
}

// What a run that exited normally left: read problems, no answer, an
// answer too large or not a file, run.extract finding nothing, an empty
// answer, and a reported solution.
func TestJudgeAnswer(t *testing.T) {
	const diskFull = "the program failed while the scratch disk was full, and it was within run.disk (1MiB; it took 1MiB): another run or another process filled the disk, so this is not its result; it is not journaled, and --resume runs it again"
	tests := []struct {
		name string
		run  string
		edit func(o *grader.RunOutcome)
		want grader.Result
	}{
		{"the answer could not be read", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerErr = nil, errors.New("input/output error")
		}, untimed(decided(check.GraderError, "cannot read the answer: input/output error"))},
		{"no answer file, the disk full: the grader's error", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem, o.DiskFull, o.DiskUsed = nil, "missing", true, 1<<20
		}, untimed(decided(check.GraderError, diskFull))},
		{"a special file, the disk full: the grader's error", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem, o.DiskFull, o.DiskUsed = nil, "a special file (a named pipe)", true, 1<<20
		}, untimed(decided(check.GraderError, diskFull))},
		{"an answer too large, the disk full: the program's", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem, o.DiskFull = nil, "too large", true
		}, decided(check.OutputLimit, "wrote an answer larger than run.output (1KiB)")},
		{"no answer file, stdout shown", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem, o.Stdout = nil, "missing", []byte("LEFT\n")
		}, decided(check.NoAnswer, "the program exited normally but wrote no answer to the output path it was given",
			"it printed 4 bytes on stdout; the assignment reads the answer from the output file", "stdout:", "  LEFT")},
		{"no answer file where run.answer says", `"answer": "out/answer.txt"`, func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem = nil, "missing"
		}, decided(check.NoAnswer, "the program exited normally but wrote no answer to out/answer.txt in its working folder")},
		{"not a regular file", "", func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem = nil, "a special file (a named pipe)"
		}, decided(check.Malformed, "the output path it was given holds a special file (a named pipe), not an answer file")},
		{"a link out of the working folder on the way to run.answer", `"answer": "out/answer.txt"`, func(o *grader.RunOutcome) {
			o.AnswerFile, o.AnswerProblem = nil, "a symbolic link (out) where a folder was expected"
		}, decided(check.Malformed, "out/answer.txt in its working folder holds a symbolic link (out) where a folder was expected, not an answer file")},
		{"run.extract.moves finds nothing on stdout", `"answer": "stdout", "extract": {"moves": "path: (.*)"}`, func(o *grader.RunOutcome) {
			o.Stdout = []byte("searching\n")
		}, decided(check.NoAnswer, "nothing in its output matches run.extract.moves (path: (.*))", "stdout:", "  searching")},
		{"run.extract.moves finds nothing in the answer file", `"extract": {"moves": "path: (.*)"}`, nil,
			decided(check.NoAnswer, "nothing in its answer file matches run.extract.moves (path: (.*))", "answer file:", "  LEFT")},
		{"nothing on stdout", `"answer": "stdout"`, func(o *grader.RunOutcome) {
			o.Stderr = []byte("done\n")
		}, decided(check.NoAnswer, "the program exited normally but printed nothing on stdout", "stderr:", "  done")},
		{"an empty answer file", "", func(o *grader.RunOutcome) {
			o.AnswerFile = []byte(" \n")
		}, decided(check.NoAnswer, "the program exited normally but wrote an empty answer to the output path it was given")},
		{"a reported solution without a length", `"answer": "stdout", "solution": "reported", "extract": {"length": "depth: (\\d+)"}`, func(o *grader.RunOutcome) {
			o.Stdout = []byte("found it\n")
		}, decided(check.NoAnswer, "the program reports no solution: nothing in its output matches run.extract.length (depth: (\\d+))", "report:", "  found it")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := normalRun()
			if tc.edit != nil {
				tc.edit(&o)
			}
			j := o.Judge(outcomeAssignment(t, tc.run), outcomeTest)
			if !j.Decided || j.Claims {
				t.Fatalf("decided %v, claims %v: want a decided result without claims", j.Decided, j.Claims)
			}
			if d := cmp.Diff(tc.want, j.Result); d != "" {
				t.Errorf("result (-want +got):\n%s", d)
			}
		})
	}
}

// A run that left an answer to check: what is checked, and the report
// its claims are found in.
func TestJudgeLeavesAnAnswer(t *testing.T) {
	goalTest := outcomeTest
	goalTest.Board = outcomeTest.Goal.Board()
	tests := []struct {
		name         string
		run          string
		test         grader.Test
		edit         func(o *grader.RunOutcome)
		answer, text string
	}{
		{"the answer file", "", outcomeTest, nil, "LEFT\n", "LEFT\n"},
		{"stdout", `"answer": "stdout"`, outcomeTest, func(o *grader.RunOutcome) { o.Stdout = []byte("LEFT\n") }, "LEFT\n", "LEFT\n"},
		{"stderr after the answer with run.read_stderr", `"read_stderr": true`, outcomeTest, func(o *grader.RunOutcome) { o.Stderr = []byte("depth 1") }, "LEFT\n", "LEFT\n\ndepth 1"},
		{"what run.extract.moves finds", `"answer": "stdout", "extract": {"moves": "move: (\\w+)"}`, outcomeTest,
			func(o *grader.RunOutcome) { o.Stdout = []byte("move: LEFT\nnodes: 3\n") }, "LEFT\n", "move: LEFT\nnodes: 3\n"},
		{"no answer file, but UNSOLVABLE said on stdout", `"extract": {"unsolvable": "(?i)no solution"}`, outcomeTest,
			func(o *grader.RunOutcome) {
				o.AnswerFile, o.AnswerProblem, o.Stdout = nil, "missing", []byte("No solution\n")
			}, "UNSOLVABLE\n", ""},
		{"a reported solution that says UNSOLVABLE", `"answer": "stdout", "solution": "reported", "extract": {"length": "depth: (\\d+)", "unsolvable": "UNSOLVABLE"}`, outcomeTest,
			func(o *grader.RunOutcome) { o.Stdout = []byte("UNSOLVABLE\n") }, "UNSOLVABLE\n", "UNSOLVABLE\n"},
		{"an empty answer on a board at the goal", "", goalTest, func(o *grader.RunOutcome) { o.AnswerFile = nil }, "", ""},
		{"a full disk does not matter to a run that went well", "", outcomeTest, func(o *grader.RunOutcome) { o.DiskFull = true }, "LEFT\n", "LEFT\n"},
		{"an answer at the cap of a run that went well", "", outcomeTest, func(o *grader.RunOutcome) { o.AnswerFileSize = 1024 }, "LEFT\n", "LEFT\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := normalRun()
			if tc.edit != nil {
				tc.edit(&o)
			}
			j := o.Judge(outcomeAssignment(t, tc.run), tc.test)
			if j.Decided {
				t.Fatalf("decided %+v, want an answer to check", j.Result)
			}
			if string(j.Answer) != tc.answer || string(j.Report) != tc.text {
				t.Errorf("answer %q, report %q; want %q, %q", j.Answer, j.Report, tc.answer, tc.text)
			}
		})
	}
}

// A reported solution's length is judged against the optimum, marked
// unchecked and said to be a claim; the claims go with the result.
func TestJudgeReportedSolution(t *testing.T) {
	const listed = "its moves are not listed, so the length is its claim, not checked: it earns at most half of the test's points (rubric.reported)"
	unknown := outcomeTest
	unknown.Optimum = check.Optimum{}
	unsolvable := unknown
	unsolvable.Solvable = false
	for _, tc := range []struct {
		name, stdout string
		test         grader.Test
		verdict      check.Verdict
		summary      string
	}{
		{"optimal", "depth: 1\n", outcomeTest, check.Optimal, "reports a solution of 1 moves, the optimal length (" + listed + ")"},
		{"longer", "depth: 3\n", outcomeTest, check.Suboptimal, "reports a solution of 3 moves; the optimal length is 1 (" + listed + ")"},
		{"shorter than possible", "depth: 0\n", outcomeTest, check.Incomplete, "reports a solution of 0 moves, but the optimal length is 1: no solution is that short"},
		{"optimum unknown", "depth: 7\n", unknown, check.Valid, "reports a solution of 7 moves; the optimal length is not known, so it is not verified (" + listed + ")"},
		{"no solution exists", "depth: 7\n", unsolvable, check.Incomplete, "reports a solution of 7 moves, but the puzzle has no solution"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := normalRun()
			o.Stdout = []byte(tc.stdout)
			j := o.Judge(outcomeAssignment(t, `"answer": "stdout", "solution": "reported", "extract": {"length": "depth: (\\d+)"}`), tc.test)
			if !j.Decided || !j.Claims || string(j.Report) != tc.stdout {
				t.Fatalf("decided %v, claims %v, report %q: want a decided result with claims", j.Decided, j.Claims, j.Report)
			}
			want := grader.Result{Test: "a.txt", Verdict: tc.verdict, Solvable: tc.test.Solvable, OptimalLength: tc.test.Optimum.KnownLength(),
				Length: int(tc.stdout[len("depth: ")] - '0'), Summary: tc.summary, Details: []string{"report:", "  " + strings.TrimSpace(tc.stdout)},
				Seconds: 1, CPUSeconds: 0.5, Unchecked: true}
			if d := cmp.Diff(want, j.Result); d != "" {
				t.Errorf("result (-want +got):\n%s", d)
			}
		})
	}
}

// A report that lists its path (run.extract.moves beside run.solution:
// reported) has the path checked like any answer, never the length
// alone; a report whose path pattern finds nothing is judged on its
// length, unchecked. A search that does not promise a shortest path
// calls a longer reported length valid, still unchecked, and its
// points stay capped (31.4: a dfs group's reported lengths earned full
// points).
func TestReportedPathIsChecked(t *testing.T) {
	run := `"answer": "stdout", "solution": "reported", "extract": {"length": "depth: (\\d+)", "moves": "(?m)^step \\d+: (\\w+)$"}`
	a := outcomeAssignment(t, run)
	o := normalRun()
	o.Stdout = []byte("expanding...\nstep 1: LEFT\ndepth: 1\n")
	j := o.Judge(a, outcomeTest)
	if j.Decided || string(j.Answer) != "LEFT\n" || string(j.Report) != string(o.Stdout) {
		t.Fatalf("decided %v (%+v), answer %q: want the listed path to check", j.Decided, j.Result, j.Answer)
	}
	o.Stdout = []byte("expanding...\ndepth: 1\n")
	if j := o.Judge(a, outcomeTest); !j.Decided || !j.Result.Unchecked || j.Result.Verdict != check.Optimal {
		t.Errorf("no path listed: %+v, want an unchecked optimal length", j.Result)
	}

	dfs := outcomeAssignment(t, `"answer": "stdout", "solution": "reported", "extract": {"length": "depth: (\\d+)"}`,
		`"rubric": {"solved": 2, "optimal": 3}`, `"groups": [{"tests": "a*", "claims": {"algorithm": "dfs"}}]`)
	o.Stdout = []byte("depth: 31\n")
	j = o.Judge(dfs, outcomeTest)
	want := "reports a solution of 31 moves; dfs does not promise a shortest solution, so any length is valid (the optimal length is 1), but its moves are not listed, so the length is its claim, not checked: it earns at most half of the test's points (rubric.reported)"
	if j.Result.Verdict != check.Valid || !j.Result.Unchecked || j.Result.Summary != want {
		t.Errorf("dfs: %s, unchecked %v, %q\nwant valid, unchecked, %q", j.Result.Verdict, j.Result.Unchecked, j.Result.Summary, want)
	}
	if got := j.Result.Score(dfs.Rubric); got != 2.5 {
		t.Errorf("an unchecked dfs length scores %v of 5, want 2.5 (rubric.reported 0.5)", got)
	}
}

// A checked answer gets the run's times and the limits it came near; a
// longer solution of a search that does not promise a shortest one is
// valid.
func TestChecked(t *testing.T) {
	report := func(answer string) check.Report {
		t.Helper()
		rep, err := check.Answer(context.Background(), outcomeTest.Problem(puzzles.TileMoves), strings.NewReader(answer), "answer", check.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	o := normalRun()
	o.Wall, o.CPU = 9500*time.Millisecond, 9*time.Second
	o.Stdout, o.Stderr = []byte(strings.Repeat("x", 950)), []byte(strings.Repeat("y", 922))
	o.AnswerFileSize = 1024
	got := o.Checked(outcomeAssignment(t, ""), outcomeTest, grader.Judgement{}, report("LEFT\n"))
	want := grader.ResultFromReport("a.txt", report("LEFT\n"))
	want.Seconds, want.CPUSeconds = 9.5, 9
	want.NearLimit = "wall time (run.wall_time 10s); CPU time (run.cpu_time 10s); stdout (run.output 1KiB); stderr (run.output 1KiB); answer file (run.output 1KiB)"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("near every limit (-want +got):\n%s", d)
	}

	// A limit passed is not a near one, and a stream just below 90% of
	// run.output (921.6 bytes) is not.
	o = normalRun()
	o.Wall, o.TimedOut = 10*time.Second, false
	o.CPU, o.CPUExceeded = 9500*time.Millisecond, true
	o.Stdout, o.StdoutTruncated = []byte(strings.Repeat("x", 1000)), true
	o.Stderr = []byte(strings.Repeat("y", 921))
	o.AnswerFileSize, o.FileSizeExceeded = 1000, true
	if got := o.Checked(outcomeAssignment(t, ""), outcomeTest, grader.Judgement{}, report("LEFT\n")).NearLimit; got != "wall time (run.wall_time 10s)" {
		t.Errorf("near limits %q", got)
	}

	dfs := outcomeAssignment(t, `"extract": {"expanded": "expanded: (\\d+)"}`, `"claims": {"algorithm": "dfs"}`)
	o = normalRun()
	got = o.Checked(dfs, outcomeTest, grader.Judgement{}, report("LEFT\nRIGHT\nLEFT\n"))
	if got.Verdict != check.Valid || got.Summary != "solved in 3 moves; dfs does not promise a shortest solution, so any solution is valid (the optimal length is 1)" {
		t.Errorf("a longer solution of dfs: %s: %s", got.Verdict, got.Summary)
	}
	if got := o.Checked(outcomeAssignment(t, ""), outcomeTest, grader.Judgement{}, report("LEFT\nRIGHT\nLEFT\n")); got.Verdict != check.Suboptimal {
		t.Errorf("a longer solution of a shortest-path search: %s", got.Verdict)
	}
}

// Every way a build can end, in the order JudgeBuild weighs them.
func TestJudgeBuild(t *testing.T) {
	failed := func(summary string, details ...string) grader.Result {
		return grader.Result{Verdict: check.BuildFailed, Summary: "the build step make " + summary, Details: details, Seconds: 1, CPUSeconds: 0.5}
	}
	tests := []struct {
		name string
		edit func(o *grader.RunOutcome)
		want *grader.Result // nil: the build succeeded
	}{
		{"could not start", func(o *grader.RunOutcome) { o.StartErr, o.TimedOut = errors.New("exec: make: not found"), true },
			ptrTo(failed("could not start: exec: make: not found"))},
		{"over build.disk, before a time-out", func(o *grader.RunOutcome) { o.DiskExceeded, o.DiskFull, o.TimedOut = true, true, true },
			ptrTo(failed("took more than build.disk (1GiB) of disk and was stopped"))},
		{"disk full while failing within build.disk", func(o *grader.RunOutcome) { o.DiskFull, o.DiskUsed, o.ExitCode, o.TimedOut = true, 1<<20, 2, true },
			&grader.Result{Verdict: check.GraderError, Summary: "the program failed while the scratch disk was full, and it was within build.disk (1GiB; it took 1MiB): another run or another process filled the disk, so this is not its result; it is not journaled, and --resume runs it again"}},
		{"timed out, before the CPU limit", func(o *grader.RunOutcome) { o.TimedOut, o.CPUExceeded, o.ExitCode = true, true, -1 },
			ptrTo(failed("took longer than build.wall_time (1m0s) and was stopped"))},
		{"over build.cpu_time", func(o *grader.RunOutcome) { o.CPUExceeded, o.Signal, o.ExitCode = true, "SIGXCPU", -1 },
			ptrTo(failed("used more than build.cpu_time (30s) and was stopped"))},
		{"a compiler error, shown from the first, paths scrubbed", func(o *grader.RunOutcome) {
			o.ExitCode = 2
			o.Stderr = []byte("Note: unchecked\n/b/submission/Board.java:3: error: ';' expected\n1 error\n")
			o.Stdout = []byte("make: *** [all] Error 1\n")
			o.Scrub = strings.NewReplacer("/b/submission", "<submission>")
		}, ptrTo(failed("exited with status 2", "stderr (from its first error, lines 2-3 of 3):", "  <submission>/Board.java:3: error: ';' expected", "  1 error",
			"stdout:", "  make: *** [all] Error 1"))},
		{"killed", func(o *grader.RunOutcome) { o.ExitCode, o.Signal = -1, "SIGKILL" }, ptrTo(failed("was killed by SIGKILL"))},
		{"a full disk does not matter to a build that went well", func(o *grader.RunOutcome) { o.DiskFull = true }, nil},
		{"built", func(*grader.RunOutcome) {}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := grader.RunOutcome{Command: []string{"make"}, Ending: limits.Ending{Wall: time.Second, CPU: 500 * time.Millisecond}}
			tc.edit(&o)
			r, failed := o.JudgeBuild(outcomeAssignment(t, "").Build)
			if failed != (tc.want != nil) {
				t.Fatalf("failed %v: %+v", failed, r)
			}
			if tc.want != nil {
				if d := cmp.Diff(*tc.want, r); d != "" {
					t.Errorf("result (-want +got):\n%s", d)
				}
			}
		})
	}
}

func ptrTo[T any](v T) *T { return &v }
