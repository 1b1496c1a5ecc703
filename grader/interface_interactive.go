package grader

import "fmt"

// KindInteractive: a menu program: run.stdin answers its menu,
// with run.choices or run.extract reading its report.
const KindInteractive = "interactive"

// Interactive menus of the starter code: what run.stdin types and what
// run.extract reads. The starter code prints exactly these lines.
const (
	// InteractiveStdin answers the menu: 2 (enter a puzzle), the numbers
	// of rows and columns, the rows, the algorithm's number.
	InteractiveStdin = `2\n{height} {width}\n{rows}\n{choice}\n`
	// InteractiveChoice is the menu's algorithm every test chooses: 3,
	// A* with the Manhattan distance.
	InteractiveChoice = "3"
)

// interactiveProgram is KindInteractive.
type interactiveProgram struct{ program }

// Name is KindInteractive.
func (interactiveProgram) Name() string { return KindInteractive }

// Title is what it grades.
func (interactiveProgram) Title() string { return "a menu program" }

// Starter is a menu (a default puzzle or one typed in, then an
// algorithm) that prints a report of moves and search statistics.
func (interactiveProgram) Starter() Starter {
	return Starter{Name: KindInteractive, Title: "a menu on standard input, a report on standard output",
		Help:      "a menu (default puzzle or your own, its rows, the algorithm) answered on standard input, then a report of moves, depth, nodes expanded and queue size",
		Languages: []string{"python", "java", "cpp", "go"},
		Adapt: func(c StarterCode, wallTime string) StarterCode {
			c.Run = c.readsStdin(InteractiveStdin, wallTime,
				fmt.Sprintf("choices: [\"*=%s\"]     # every test: 3, A* with the Manhattan distance (\"3x3/*=1\" first would run uniform cost on the 3x3 tests)", InteractiveChoice),
				"extract:",
				`  moves: 'Move \d+: (\w+)'`,
				`  unsolvable: '(?i)no solution'`,
				`  length: 'Solution depth: (\d+)'`,
				`  expanded: 'Nodes expanded: ([\d,]+)'`,
				`  frontier: 'Max queue size: (\d+)'`)
			c.Usage = c.Invoke
			c.Local = c.local(c.Invoke)
			return c
		}}
}

func (interactiveProgram) selects(r RunStep) bool {
	return r.Stdin != "" && (len(r.Choices) > 0 || len(r.Extract) > 0)
}
func (interactiveProgram) refines() string     { return KindStdin }
func (interactiveProgram) selector() string    { return "run.stdin with run.choices or run.extract" }
func (interactiveProgram) with(p program) Kind { return interactiveProgram{p} }
