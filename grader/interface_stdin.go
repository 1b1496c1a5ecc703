package grader

import "fmt"

// KindStdin: a program that reads the puzzle as run.stdin writes
// it on standard input.
const KindStdin = "stdin"

// stdinProgram is KindStdin.
type stdinProgram struct{ program }

// Name is KindStdin.
func (stdinProgram) Name() string { return KindStdin }

// Title is what it grades.
func (stdinProgram) Title() string { return "a program reading the puzzle on standard input" }

// Starter reads the puzzle's rows on standard input and prints its
// moves on standard output.
func (stdinProgram) Starter() Starter {
	return Starter{Name: KindStdin, Title: "puzzle on standard input, moves on standard output",
		Help:      "the puzzle's rows on standard input, the moves on standard output",
		Languages: []string{"python", "java", "cpp", "go"},
		Adapt: func(c StarterCode, wallTime string) StarterCode {
			c.Run = c.readsStdin(`{rows}\n`, wallTime)
			c.Usage = c.Invoke + " < PUZZLE"
			c.Local = c.local(c.Invoke + " < puzzles/%s > answer.txt")
			return c
		}}
}

// readsStdin is the run section of c's program given stdin on standard
// input and answering on standard output, with its limits and extra
// lines.
func (c StarterCode) readsStdin(stdin, wallTime string, extra ...string) []string {
	run := []string{fmt.Sprintf("command: %q", c.Program), "answer: stdout", "stdin: \"" + stdin + "\"", "wall_time: " + wallTime}
	run = append(run, c.Limits...)
	return append(run, extra...)
}

func (stdinProgram) selects(r RunStep) bool { return r.Stdin != "" }
func (stdinProgram) selector() string       { return "run.stdin" }
func (stdinProgram) with(p program) Kind    { return stdinProgram{p} }
