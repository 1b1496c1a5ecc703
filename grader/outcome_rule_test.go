package grader_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestAnswerRule runs every combination of where the answer is read
// (run.answer: stdout, file, a path), run.extract.moves,
// run.extract.unsolvable and run.read_stderr against every way a program
// answers (its own words for "no solution" on stdout, on stderr or as
// its answer; moves in a report; a plain answer; nothing) and checks the
// one documented rule (RunStep.ReadAnswer), which is restated here
// independently: the program's words for "no solution" anywhere it
// wrote make the answer UNSOLVABLE; else a missing answer file is no
// answer; else run.extract.moves reads the answer's text (with stderr
// after it when stderr is read); else the answer's text is the answer.
// And the result never disagrees with itself: a detail that shows a
// stream shows only what the program wrote there.
func TestAnswerRule(t *testing.T) {
	const (
		noSolution = "No solution found"
		report     = "Searching...\nMove: LEFT\nNodes expanded: 3\n"
	)
	type program struct {
		name           string
		stdout, stderr string
		// answer is what it writes where the answer is read: the answer
		// file, or stdout with run.answer: stdout (after stdout above);
		// nil writes no answer file.
		answer *string
	}
	str := func(s string) *string { return &s }
	programs := []program{
		{"says no solution on stdout, writes no file", noSolution + "\n", "", nil},
		{"says no solution on stderr, writes no file", "", noSolution + "\n", nil},
		{"answers with its words for no solution", "", "", str(noSolution + "\n")},
		{"writes a report with its moves", "", "", str(report)},
		{"writes a plain answer", "", "", str("LEFT\n")},
		{"writes a plain answer and says no solution on stdout", noSolution + "\n", "", str("LEFT\n")},
		{"writes nothing", "", "", nil},
	}
	type settings struct {
		answer                 string
		moves, unsolvable, err bool
	}
	var all []settings
	for _, answer := range []string{"stdout", "file", "output.txt"} {
		for _, moves := range []bool{false, true} {
			for _, unsolvable := range []bool{false, true} {
				for _, stderr := range []bool{false, true} {
					all = append(all, settings{answer, moves, unsolvable, stderr})
				}
			}
		}
	}
	movesRE := regexp.MustCompile(`Move: (\w+)`)
	for _, set := range all {
		for _, p := range programs {
			name := fmt.Sprintf("answer %s, moves %v, unsolvable %v, read_stderr %v: %s", set.answer, set.moves, set.unsolvable, set.err, p.name)
			t.Run(name, func(t *testing.T) {
				var run []string
				if set.answer != "file" {
					run = append(run, fmt.Sprintf(`"answer": %q`, set.answer))
				}
				var extract []string
				if set.moves {
					extract = append(extract, `"moves": "Move: (\\w+)"`)
				}
				if set.unsolvable {
					extract = append(extract, fmt.Sprintf(`"unsolvable": %q`, noSolution))
				}
				if len(extract) > 0 {
					run = append(run, `"extract": {`+strings.Join(extract, ", ")+`}`)
				}
				if set.err {
					run = append(run, `"read_stderr": true`)
				}
				a := outcomeAssignment(t, strings.Join(run, ", "))
				o := normalRun()
				o.Stdout, o.Stderr = []byte(p.stdout), []byte(p.stderr)
				o.AnswerFile, o.AnswerFileSize, o.AnswerProblem = nil, -1, "missing"
				var text string // the answer's text
				hasAnswer := true
				switch {
				case set.answer == "stdout":
					if p.answer != nil {
						o.Stdout = append(o.Stdout, *p.answer...)
					}
					text = string(o.Stdout)
				case p.answer != nil:
					o.AnswerFile, o.AnswerFileSize, o.AnswerProblem = []byte(*p.answer), int64(len(*p.answer)), ""
					text = *p.answer
				default:
					hasAnswer = false
				}

				// The rule, restated.
				var wantAnswer, wantNoAnswer string
				readText := text
				if set.err {
					readText += "\n" + p.stderr
				}
				switch {
				case set.unsolvable && (strings.Contains(text, noSolution) || strings.Contains(p.stdout, noSolution) || set.err && strings.Contains(p.stderr, noSolution)):
					wantAnswer = "UNSOLVABLE\n"
				case !hasAnswer:
					wantNoAnswer = "the program exited normally but wrote no answer to "
				case set.moves:
					var found []string
					for _, m := range movesRE.FindAllStringSubmatch(readText, -1) {
						found = append(found, m[1])
					}
					if len(found) == 0 {
						wantNoAnswer = "nothing in its "
					} else {
						wantAnswer = strings.Join(found, "\n") + "\n"
					}
				case strings.TrimSpace(text) == "":
					wantNoAnswer = "the program exited normally but "
				default:
					wantAnswer = text
				}

				j := o.Judge(a, outcomeTest)
				if wantNoAnswer != "" {
					if !j.Decided || j.Result.Verdict != check.NoAnswer || !strings.HasPrefix(j.Result.Summary, wantNoAnswer) {
						t.Fatalf("got %+v; want no-answer, %q...", j, wantNoAnswer)
					}
				} else {
					if j.Decided {
						t.Fatalf("decided %s: %s %q; want the answer %q", j.Result.Verdict, j.Result.Summary, j.Result.Details, wantAnswer)
					}
					if d := cmp.Diff(wantAnswer, string(j.Answer)); d != "" {
						t.Errorf("answer (-want +got):\n%s", d)
					}
					if wantAnswer == "UNSOLVABLE\n" && (len(j.Notes) != 1 || !strings.Contains(j.Notes[0], "matched ") || !strings.HasSuffix(j.Notes[0], ": "+noSolution+")")) {
						t.Errorf("notes %q: want where the program said it", j.Notes)
					}
				}
				// What the details show of a stream is what the program
				// wrote there: no word of the grader's own.
				streams := map[string]string{"stdout": string(o.Stdout), "stderr": p.stderr, "answer file": string(o.AnswerFile), "output.txt": string(o.AnswerFile)}
				var heading string
				for _, d := range j.Result.Details {
					if h, ok := strings.CutSuffix(d, ":"); ok && !strings.HasPrefix(d, " ") {
						heading = h
						continue
					}
					if line, ok := strings.CutPrefix(d, "  "); ok && heading != "" && !strings.Contains(streams[heading], line) {
						t.Errorf("details show %q under %s:, which the program did not write there (%q)", line, heading, j.Result.Details)
					}
				}
				if strings.Contains(strings.Join(j.Result.Details, "\n"), "UNSOLVABLE") {
					t.Errorf("details name UNSOLVABLE, which the program never wrote: %q", j.Result.Details)
				}
			})
		}
	}
}

// The run issue 34 found: a program that prints "No solution found" and
// writes no answer file, with run.answer naming its file and both
// patterns set, answers UNSOLVABLE, as it does on stdout; the checked
// result says where it said so.
func TestNoSolutionWithoutAnswerFile(t *testing.T) {
	for _, answer := range []string{`"answer": "output.txt"`, `"answer": "stdout"`, `"answer": "file"`} {
		a := outcomeAssignment(t, answer+`, "extract": {"moves": "'(Up|Down|Left|Right)'", "unsolvable": "No solution found"}`)
		o := normalRun()
		o.AnswerFile, o.AnswerFileSize, o.AnswerProblem = nil, -1, "missing"
		o.Stdout = []byte("Reading the board\nNo solution found\n")
		j := o.Judge(a, outcomeTest)
		if j.Decided || string(j.Answer) != "UNSOLVABLE\n" {
			t.Fatalf("%s: %+v; want the answer UNSOLVABLE", answer, j)
		}
		rep, err := check.Answer(context.Background(), outcomeTest.Problem(puzzles.TileMoves), bytes.NewReader(j.Answer), "answer", check.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := o.Checked(a, outcomeTest, j, rep)
		if r.Verdict != check.UnsolvableWrong {
			t.Errorf("%s: %s, want unsolvable-wrong (the test can be solved)", answer, r.Verdict)
		}
		want := "it says the puzzle has no solution (run.extract.unsolvable matched stdout, line 2: No solution found)"
		if len(r.Details) == 0 || r.Details[0] != want {
			t.Errorf("%s: details %q; want first %q", answer, r.Details, want)
		}
	}
}
