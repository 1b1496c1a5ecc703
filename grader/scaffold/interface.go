package scaffold

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// The interfaces --interface takes: how the graded program receives a
// puzzle and gives its answer (docs/grading.md describes the run.* keys
// each one uses). They are the grader's submission interfaces
// (grader.InterfaceNames), spelled as --interface has always spelled
// them: python-function is grader.InterfaceFunction (run.function) and
// java-api grader.InterfaceJavaAPI (run.java_api). LookupInterface takes
// the grader's names too.
const (
	// InterfaceFile: the program gets the paths of the puzzle file and
	// of the answer file it writes (run.command with {input} {output}).
	InterfaceFile = "file"
	// InterfaceStdin: the program reads the puzzle's rows on standard
	// input and prints its moves on standard output (run.stdin,
	// run.answer: stdout).
	InterfaceStdin = "stdin"
	// InterfaceInteractive: a menu program (a default puzzle or one typed
	// in, then an algorithm) that prints a report of moves and search
	// statistics (run.stdin, run.choices, run.extract).
	InterfaceInteractive = "interactive"
	// InterfacePythonFunction: a Python module whose solve(board) kpuzzle's
	// harness calls (run.function).
	InterfacePythonFunction = "python-function"
	// InterfaceJavaAPI: Princeton's Board and Solver classes, driven by
	// kpuzzle's harness (run.java_api: princeton).
	InterfaceJavaAPI = "java-api"
)

// Interface is one way the graded program talks to the grader, with the
// starter languages that have code for it.
type Interface struct {
	// Name is how --interface spells it (one of the Interface* constants);
	// "" means InterfaceFile.
	Name string
	// Kind is the grader's name of the interface (one of
	// grader.InterfaceNames), which the assignment's run section selects;
	// "" means grader.InterfaceFile.
	Kind string
	// Title says what it is, for kpuzzle init's output and the README.
	Title string
	// Languages are the names of the starter languages written for it;
	// the first is the default when --language is not given.
	Languages []string
}

// Interfaces lists the interfaces, InterfaceFile first.
func Interfaces() []Interface {
	return []Interface{
		{Name: InterfaceFile, Kind: grader.InterfaceFile, Title: "puzzle file in, answer file out", Languages: []string{"python", "java", "cpp", "go"}},
		{Name: InterfaceStdin, Kind: grader.InterfaceStdin, Title: "puzzle on standard input, moves on standard output", Languages: []string{"python", "java", "cpp", "go"}},
		{Name: InterfaceInteractive, Kind: grader.InterfaceInteractive, Title: "a menu on standard input, a report on standard output", Languages: []string{"python", "java", "cpp", "go"}},
		{Name: InterfacePythonFunction, Kind: grader.InterfaceFunction, Title: "a Python function solve(board)", Languages: []string{"python"}},
		{Name: InterfaceJavaAPI, Kind: grader.InterfaceJavaAPI, Title: "Princeton's Java Board and Solver classes", Languages: []string{"java"}},
	}
}

// noStarter are the grader's interfaces that have no starter code, and
// why kpuzzle init does not write them.
var noStarter = map[string]string{
	grader.InterfaceBerkeley: "the berkeley interface (run.problem: berkeley) grades the CS188 search functions of Berkeley's own project code, which kpuzzle does not ship; write its run section by hand (docs/grading.md)",
}

// InterfaceNames lists the names --interface takes.
func InterfaceNames() []string {
	var names []string
	for _, i := range Interfaces() {
		names = append(names, i.Name)
	}
	return names
}

// LookupInterface returns the interface called name, as --interface
// spells it or as the grader does (grader.CanonicalInterface: function
// is python-function, java_api is java-api), case-insensitively; "" is
// InterfaceFile.
func LookupInterface(name string) (Interface, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	if want == "" {
		want = InterfaceFile
	}
	kind, _ := grader.CanonicalInterface(want)
	for _, i := range Interfaces() {
		if i.Name == want || i.Kind == kind {
			return i, nil
		}
	}
	if why, ok := noStarter[kind]; ok {
		return Interface{}, fmt.Errorf("interface %q has no starter code: %s", name, why)
	}
	names := InterfaceNames()
	return Interface{}, fmt.Errorf("interface %q: expected one of %s%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
}

// IsFile reports whether this is the file interface (the zero Interface
// is).
func (i Interface) IsFile() bool { return i.kind() == grader.InterfaceFile }

// kind is the grader's name of the interface.
func (i Interface) kind() string {
	if i.Kind != "" {
		return i.Kind
	}
	if k, ok := grader.CanonicalInterface(i.Name); ok {
		return k
	}
	return grader.InterfaceFile
}

// Is reports whether the interface is the one called name, spelled as
// --interface or the grader spells it; the zero Interface is
// InterfaceFile.
func (i Interface) Is(name string) bool {
	k, ok := grader.CanonicalInterface(name)
	return ok && k == i.kind()
}

// Supports reports whether the interface has starter code in the
// language called name.
func (i Interface) Supports(language string) bool { return slices.Contains(i.Languages, language) }

// Interactive menus: what run.stdin types and what run.extract reads. The
// starter code prints exactly these lines.
const (
	// InteractiveStdin answers the menu: 2 (enter a puzzle), the numbers
	// of rows and columns, the rows, the algorithm's number.
	InteractiveStdin = `2\n{height} {width}\n{rows}\n{choice}\n`
	// InteractiveChoice is the menu's algorithm every test chooses: 3,
	// A* with the Manhattan distance.
	InteractiveChoice = "3"
)

// adapt returns language l as interface i runs it: its starter's
// template folder and files, its run (and build) section, and how a
// student runs it. ok is false when i has no starter code in l.
func (i Interface) adapt(l Language, wallTime string) (Language, bool) {
	if i.IsFile() {
		return l, true
	}
	if !i.Supports(l.Name) {
		return Language{}, false
	}
	l.Dir = i.Name + "/" + l.Name
	stdout := func(command, stdin string, extra ...string) []string {
		return append([]string{fmt.Sprintf("command: %q", command), "answer: stdout", "stdin: \"" + stdin + "\"", "wall_time: " + wallTime}, extra...)
	}
	javaRun := "java -Xmx512m -Xss8m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -cp {submission} Solver"
	javaLimits := []string{"memory: 2GiB", "processes: 256"}
	interactive := []string{
		fmt.Sprintf("choices: [\"*=%s\"]     # every test: 3, A* with the Manhattan distance (\"3x3/*=1\" first would run uniform cost on the 3x3 tests)", InteractiveChoice),
		"extract:",
		`  moves: 'Move \d+: (\w+)'`,
		`  unsolvable: '(?i)no solution'`,
		`  length: 'Solution depth: (\d+)'`,
		`  expanded: 'Nodes expanded: ([\d,]+)'`,
		`  frontier: 'Max queue size: (\d+)'`,
	}
	kind := i.kind()
	switch {
	case kind == grader.InterfaceStdin && l.Name == "python":
		l.Run = stdout("python3 {submission}/solver.py", `{rows}\n`, "memory: 1GiB")
		l.Usage = "python3 solver.py < PUZZLE"
		l.Local = "python3 solver.py < puzzles/%s > answer.txt"
	case kind == grader.InterfaceStdin && l.Name == "java":
		l.Run = stdout(javaRun, `{rows}\n`, javaLimits...)
		l.Usage = "java Solver < PUZZLE"
		l.Local = "javac Solver.java && java Solver < puzzles/%s > answer.txt"
	case kind == grader.InterfaceStdin && l.Name == "cpp":
		l.Run = stdout("{submission}/solver", `{rows}\n`, "memory: 1GiB")
		l.Usage = "./solver < PUZZLE"
		l.Local = "g++ -O2 -std=c++17 -o solver solver.cpp && ./solver < puzzles/%s > answer.txt"
	case kind == grader.InterfaceStdin && l.Name == "go":
		l.Run = stdout("{submission}/solver", `{rows}\n`, "memory: 1GiB")
		l.Usage = "./solver < PUZZLE"
		l.Local = "go build -o solver . && ./solver < puzzles/%s > answer.txt"
	case kind == grader.InterfaceInteractive && l.Name == "python":
		l.Run = stdout("python3 {submission}/solver.py", InteractiveStdin, append([]string{"memory: 1GiB"}, interactive...)...)
		l.Usage = "python3 solver.py"
		l.Local = "python3 solver.py"
	case kind == grader.InterfaceInteractive && l.Name == "java":
		l.Run = stdout(javaRun, InteractiveStdin, append(javaLimits, interactive...)...)
		l.Usage = "java Solver"
		l.Local = "javac Solver.java && java Solver"
	case kind == grader.InterfaceInteractive && (l.Name == "cpp" || l.Name == "go"):
		l.Run = stdout("{submission}/solver", InteractiveStdin, append([]string{"memory: 1GiB"}, interactive...)...)
		l.Usage = "./solver"
		l.Local = "g++ -O2 -std=c++17 -o solver solver.cpp && ./solver"
		if l.Name == "go" {
			l.Local = "go build -o solver . && ./solver"
		}
	case kind == grader.InterfaceFunction:
		l.Run = []string{`function: "solver:solve"`, `command: python3        # the interpreter that runs kpuzzle's harness and imports solver.py`,
			"wall_time: " + wallTime, "memory: 1GiB"}
		l.Usage = "solve(board) in solver.py"
		l.Local = "python3 solver.py puzzles/%s > answer.txt"
	case kind == grader.InterfaceJavaAPI:
		l.Files = []string{"Board.java", "Solver.java"}
		// java_api gives the build and run commands, and memory and
		// processes enough for a JVM.
		l.Build = nil
		l.Run = []string{"java_api: princeton", "wall_time: " + wallTime}
		l.Usage = "new Solver(new Board(tiles))"
		l.Local = "javac Board.java Solver.java && java Solver puzzles/%s > answer.txt"
	}
	return l, true
}

// lookup returns the language called name as interface i runs it, and
// i's other languages. An empty name is i's default language.
func (i Interface) lookup(name, wallTime, goDir string) (Language, []Language, error) {
	if strings.TrimSpace(name) == "" {
		name = i.Languages[0]
	}
	lang, others, err := LookupLanguage(name, wallTime, goDir)
	if err != nil {
		return Language{}, nil, &OptionError{Option: "language", Err: err}
	}
	adapted, ok := i.adapt(lang, wallTime)
	if !ok {
		return Language{}, nil, optionErrorf("", "--interface %s and --language %s do not go together: the %s interface has starter code in %s only",
			i.Name, lang.Name, i.Name, humanList(i.Languages))
	}
	lang = adapted
	var rest []Language
	for _, o := range others {
		if o, ok := i.adapt(o, wallTime); ok {
			rest = append(rest, o)
		}
	}
	return lang, rest, nil
}
