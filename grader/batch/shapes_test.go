package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// Course shapes of issue 34, each reproduced by a reduced case of our own
// in grader/testdata, graded with the assignment keys alone, no wrapper.

// A menu program that prints the boards of its path among other text
// (menu before, statistics after) is read where the answer stands:
// detected, or with answer.format: boards; after a trace of its search,
// with answer.block: last or the lines around it named.
func TestAnswerInsideAReport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Python menu program on every test of the small set, five times")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-report")
	run := func(command, answer string) batch.Outcome {
		t.Helper()
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q},
	%s
	"run": {"command": %q, "answer": "stdout", "stdin": "{height} {width}\n{rows}\n",
		"extract": {"unsolvable": "No solution found"}}
}`, mustAbs(t, smallSet), answer, command))
		return grade(t, batch.Options{Assignment: a}, root)
	}
	const plain, trace = "python3 {submission}/report.py", "python3 {submission}/report.py --trace"
	want := "[optimal optimal optimal unsolvable-correct optimal]"
	for _, answer := range []string{"", `"answer": {"format": "boards"},`} {
		o := run(plain, answer)
		if got := fmt.Sprint(verdicts(o, "python-report")); got != want {
			t.Errorf("the report %s: %s, want %s\n%s", answer, got, want, resultText(o.Results["python-report"]["p1.txt"]))
		}
		if r := o.Results["python-report"]["p1.txt"]; !strings.Contains(strings.Join(r.Details, "\n"), "the answer was found at lines 7-58 of what the program wrote, among other text") {
			t.Errorf("the report %s: details do not say where the answer was found:\n%s", answer, resultText(r))
		}
	}
	// After a trace the blocks differ: nothing is guessed.
	o := run(trace, "")
	r := o.Results["python-report"]["p1.txt"]
	if r.Verdict != check.Malformed || !strings.Contains(r.Summary, "which do not read the same") || !strings.Contains(r.Summary, "answer.block: last") {
		t.Errorf("a trace without answer.block: %s", resultText(r))
	}
	for _, answer := range []string{`"answer": {"block": "last"},`, `"answer": {"after": "^Path to the solution", "before": "^Goal reached"},`} {
		o := run(trace, answer)
		if got := fmt.Sprint(verdicts(o, "python-report")); got != want {
			t.Errorf("the trace %s: %s, want %s\n%s", answer, got, want, resultText(o.Results["python-report"]["p1.txt"]))
		}
	}
}

// A program that takes the board as one string with _ for the blank,
// imports the course's helper, writes a log beside itself and answers
// in Portuguese in a file named after its algorithm is graded with
// run.board, run.files, run.writable_submission, answer.words and
// run.answer: {choice}_output.txt; without each key it fails, saying
// why. A Python 2 helper stops the grading before the first run.
func TestShapesWithoutWrappers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Python solver on three tests of the small set, seven times")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-portugues")
	course := filepath.Join(testdata, "course")
	keys := map[string]string{
		"board":    `"board": {"blank": "_"},`,
		"files":    fmt.Sprintf(`"files": [%q],`, mustAbs(t, filepath.Join(course, "py3", "utilitarios.py"))),
		"writable": `"writable_submission": true,`,
		"answer":   `"answer": "{choice}_output.txt",`,
		"words":    `"words": {"up": "acima", "down": "abaixo", "left": "esquerda", "right": "direita"}`,
	}
	asg := func(drop string, replace map[string]string) grader.Assignment {
		t.Helper()
		k := map[string]string{}
		for name, v := range keys {
			if name != drop {
				k[name] = v
			}
		}
		for name, v := range replace {
			k[name] = v
		}
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[124].txt"},
	"answer": {%s},
	"run": {"command": "python3 {submission}/resolver.py {choice} {board}", "choices": ["*=bfs"],
		%s %s %s %s
		"extract": {"moves": "(?m)^(acima|abaixo|esquerda|direita)$", "unsolvable": "No solution found"}}
}`, mustAbs(t, smallSet), k["words"], k["board"], k["files"], k["writable"], k["answer"]))
	}
	o := grade(t, batch.Options{Assignment: asg("", nil)}, root)
	if got, want := fmt.Sprint(verdicts(o, "python-portugues")), "[optimal optimal unsolvable-correct]"; got != want {
		t.Fatalf("every key: %s, want %s\n%s\n%s", got, want, resultText(o.Results["python-portugues"]["p1.txt"]), resultText(o.Results["python-portugues"]["p4.txt"]))
	}
	// The wrong verdict: "No solution found" and no answer file,
	// with run.answer naming the file and both patterns, is UNSOLVABLE,
	// and the details say where the program said it.
	if r := o.Results["python-portugues"]["p4.txt"]; !strings.Contains(strings.Join(r.Details, "\n"), "run.extract.unsolvable matched stdout, line 1: No solution found") {
		t.Errorf("p4's details do not say where the program said there is no solution:\n%s", resultText(r))
	}
	for _, tc := range []struct {
		drop    string
		replace map[string]string
		verdict check.Verdict
		says    string
	}{
		{"board", nil, check.Crashed, "write the board as one string with _ for the blank"},
		{"writable", nil, check.Crashed, "log.txt"},
		{"words", nil, check.Malformed, `found "direita"`},
		{"answer", map[string]string{"answer": `"answer": "output.txt",`}, check.NoAnswer, "wrote no answer to output.txt in its working folder"},
		{"files", nil, check.Crashed, "No module named 'utilitarios'"},
	} {
		r := grade(t, batch.Options{Assignment: asg(tc.drop, tc.replace)}, root).Results["python-portugues"]["p1.txt"]
		if r.Verdict != tc.verdict || !strings.Contains(resultText(r), tc.says) {
			t.Errorf("without %s: %s; want %s saying %q", tc.drop, resultText(r), tc.verdict, tc.says)
		}
	}
	// A course helper written in Python 2 stops the grading at once.
	a := asg("", map[string]string{"files": fmt.Sprintf(`"files": [%q],`, mustAbs(t, filepath.Join(course, "py2", "utilitarios.py")))})
	subs, err := batch.FindSubmissions([]string{root}, batch.LayoutFolders)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	_, err = batch.Grade(t.Context(), batch.Options{Assignment: a, Tests: tests, Submissions: subs})
	ce, ok := err.(*grader.ConfigError)
	if !ok || ce.Key != "run.files" || !strings.Contains(ce.Msg, "utilitarios.py does not compile under python3 (line 7: Missing parentheses in call to 'print'") || !strings.Contains(ce.Msg, "Python 2 code") {
		t.Errorf("a Python 2 helper: %v", err)
	}
}

// A wrapper that pipes a program through sed keeps the program's crash
// visible: sh -c runs with pipefail (bash in POSIX mode), so the guess
// the program printed before it crashed is not scored; an explicit dash,
// which has no pipefail, is warned of.
func TestWrapperFailuresVisible(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python through shell wrappers")
	}
	needTool(t, "python3", "bash")
	root := copySubmissions(t, "python-guess-crash")
	run := func(shell string) (grader.Result, []string) {
		a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p4.txt"},
	"run": {"command": "%s -c 'python3 {submission}/solver.py {input} | sed \"s/ *$//\" > {output}'"}
}`, mustAbs(t, smallSet), shell))
		var mu sync.Mutex
		var warnings []string
		events := func(e batch.Event) {
			if e.Kind == batch.EventWarning {
				mu.Lock()
				warnings = append(warnings, e.Message)
				mu.Unlock()
			}
		}
		return grade(t, batch.Options{Assignment: a, Events: events}, root).Results["python-guess-crash"]["p4.txt"], warnings
	}
	for _, shell := range []string{"sh", "bash"} {
		r, _ := run(shell)
		if r.Verdict != check.Crashed || !strings.Contains(resultText(r), "RuntimeError: the search is not written yet") {
			t.Errorf("%s -c: %s; want crashed, with the traceback", shell, resultText(r))
		}
	}
	if _, err := os.Stat("/bin/dash"); err != nil {
		t.Log("no dash here: the warning for an explicit dash is not tried")
		return
	}
	r, warnings := run("dash")
	if r.Verdict != check.UnsolvableCorrect || !strings.Contains(strings.Join(warnings, "\n"), "run.command runs dash -c, which has no pipefail") {
		t.Errorf("dash -c: %s, warnings %q; want the hidden crash scored as written, and a warning", resultText(r), warnings)
	}
}

// A program whose search order depends on Python's hash seed and on the
// random module answers the same on every run, since both are pinned;
// one that draws from os.urandom is named in its results as varying run
// to run, from the second run of its first visible solvable test.
func TestReproducibleRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a Python solver several times")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-seeded")
	asg := func(extra, recheck string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[135].txt"},
	"run": {"command": "python3 {submission}/solver.py {input} {output}%s", "recheck": %q}
}`, mustAbs(t, smallSet), extra, recheck))
	}
	answers := func(dir string) map[string]string {
		out := map[string]string{}
		for _, n := range []string{"p1.txt", "p3.txt", "p5.txt"} {
			b, err := os.ReadFile(filepath.Join(dir, "python-seeded", n))
			if err != nil {
				t.Fatal(err)
			}
			out[n] = string(b)
		}
		return out
	}
	var first map[string]string
	for i := range 2 {
		dir := t.TempDir()
		o := grade(t, batch.Options{Assignment: asg("", "all"), AnswerDir: dir}, root)
		for _, tc := range o.Tests {
			if r := o.Results["python-seeded"][tc.Name]; r.Verdict != check.Optimal || r.Varies != "" {
				t.Errorf("grading %d, %s: %s (varies: %q)", i+1, tc.Name, resultText(r), r.Varies)
			}
		}
		got := answers(dir)
		if i == 0 {
			first = got
		} else if d := cmp.Diff(first, got); d != "" {
			t.Errorf("a regrade answered otherwise (-first +second):\n%s", d)
		}
	}
	// Drawn from the kernel: not pinned, so told.
	o := grade(t, batch.Options{Assignment: asg(" --urandom", "")}, root)
	r := o.Results["python-seeded"]["p1.txt"]
	if !strings.HasPrefix(r.Varies, "this program's answers vary run to run: run again, it answered other moves of the same length (140, suboptimal)") || !strings.Contains(strings.Join(r.Details, "\n"), r.Varies) {
		t.Errorf("an answer drawn from os.urandom: %q\n%s", r.Varies, resultText(r))
	}
	if v := o.Results["python-seeded"]["p3.txt"].Varies; v != "" {
		t.Errorf("p3 is not the test run twice by default, but says %q", v)
	}
	if v := grade(t, batch.Options{Assignment: asg(" --urandom", "none")}, root).Results["python-seeded"]["p1.txt"].Varies; v != "" {
		t.Errorf("run.recheck: none still ran twice: %q", v)
	}
}
