package grader

// KindFile: a program given the puzzle file's path ({input}, or
// the file on standard input when run.command has no {input}) that
// writes its answer to {output}, stdout or a file (run.answer).
const KindFile = "file"

// fileProgram is KindFile: what every run settings select.
type fileProgram struct{ program }

// Name is KindFile.
func (fileProgram) Name() string { return KindFile }

// Title is what it grades.
func (fileProgram) Title() string { return "a program given the puzzle file" }

// Starter is the starter code of every language, as it is.
func (fileProgram) Starter() Starter {
	return Starter{Name: KindFile, Title: "puzzle file in, answer file out",
		Help:      "puzzle file in, answer file out",
		Languages: []string{"python", "java", "cpp", "go"}}
}

func (fileProgram) selects(RunStep) bool { return true }
func (fileProgram) selector() string     { return "" }
func (fileProgram) with(p program) Kind  { return fileProgram{p} }
