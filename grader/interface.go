package grader

import (
	"context"

	"github.com/kpuzzle/kpuzzle/grader/check"
)

// The submission interfaces ("kinds"): how a graded program receives a
// test's puzzle and gives its answer. Each kind is one file,
// interface_NAME.go, holding its name, its defaults, the files it owns,
// its checks, its aliases, its starter and its harness; this file holds
// what they share (the contract, [Kind], and what every kind does
// unless it says otherwise, program), and interface_kinds.go the one
// table that lists them.

// The languages an interface's harness fixes (Kind.Language): a
// submission through it is written in its harness's language.
const (
	// LanguagePython: the Python function and Berkeley harnesses.
	LanguagePython = "python"
	// LanguageJava: the Java API harness.
	LanguageJava = "java"
)

// Kind is one submission interface: everything the grader does
// differently for one way of posing a test to a submission. The
// grader's own kinds are the only implementations (the interface has
// unexported methods); [RunStep.Kind] returns the one of an
// assignment, holding a copy of its run settings, and [Kinds] lists them
// without settings.
//
// Invariants the grader relies on, as container/heap relies on its
// hooks:
//   - normalize is called once per Assignment.Normalize, before
//     run.command is parsed, and is idempotent: on an assignment it
//     already normalized it changes nothing and returns nil. It is the
//     only method that may change the assignment, and it fills in the
//     interface's defaults (commands, limits) only where they are empty.
//     It never changes the keys RunStep.Kind reads, so that the
//     normalized assignment has the interface that normalized it.
//   - checkLimits is called after the run limits have their defaults;
//     fits is called on every test an assignment loads. Both only read.
//   - The other methods are called while grading on a normalized
//     assignment's interface, concurrently, and must not change it.
//     HarnessFiles, Env and Stdin depend on the settings and the test
//     only, never on what a submission holds; JudgeCriteria changes r.Criteria
//     alone, and only after a run that started.
//   - Name, Title, Aliases, Language, Starter, selects, selector,
//     refines, convention, optional and criteriaGroup describe the kind:
//     they read no run settings, so that the kinds of [Kinds] answer them.
type Kind interface {
	// Name is the interface's name, one of KindNames.
	Name() string
	// Title says in a few words what the interface grades ("a Python
	// function"), for messages and listings.
	Title() string
	// Aliases are other spellings of the name that CanonicalKind
	// takes (kpuzzle init's --interface has taken python-function and
	// java-api since before the names were shared).
	Aliases() []string
	// Language is the language its harness fixes for the submission
	// (LanguagePython, LanguageJava), or "" for a program, which may be
	// written in any (its commands say).
	Language() string
	// Starter is the student starter code kpuzzle init writes for the
	// interface.
	Starter() Starter
	// HarnessFiles are the files the grader writes into every copy of
	// a submission (its build's and its runs'), replacing a student's
	// file of the same name.
	HarnessFiles() []Harness
	// Env is the environment the run of test t gets after run.env.
	Env(t Test) []string
	// Stdin is what the program reads on standard input in test t: text
	// when it is not nil, else the puzzle file when pipePuzzle, else
	// nothing.
	Stdin(t Test) (text []byte, pipePuzzle bool)
	// JudgeCriteria adds to r, the result of a run of its test that started,
	// the checks of what the interface's harness left beside the
	// output path (the Java API's method report, the Berkeley harness's
	// expanded states). A check whose record is missing is left out: the
	// report-time checks say so.
	JudgeCriteria(ctx context.Context, run FinishedRun, r *Result)

	// selects reports whether run settings r ask for the interface.
	selects(r RunStep) bool
	// selector says how run settings ask for the interface
	// ("run.java_api"), for messages; "" for the file program.
	selector() string
	// refines is the name of the kind the interface's settings also
	// select and that it grades more closely (Berkeley's search function
	// is a Python function), or "".
	refines() string
	// convention is the move convention the interface's answers are
	// always in ("blank" for CS188's actions), or "" when the assignment
	// chooses.
	convention() string
	// expects lists the files the interface expects from the student
	// beside those its commands name (a Python function's module).
	expects() []string
	// optional lists the files its commands name that a submission need
	// not hold (algs4.jar on the Java API's class path).
	optional() []string
	// criteriaGroup is the group of scored checks its runs make, or nil.
	criteriaGroup() *CriteriaGroup
	// search is the search the interface's runs are expected to make when
	// no claims name one (run.search of a Berkeley search function), or
	// "".
	search() string
	// with is the interface holding the run settings of p.
	with(p program) Kind
	// stray refuses run settings r that set keys of the interface (its
	// run.search) without asking for it; it is called on every other
	// kind than r's.
	stray(r RunStep) error
	// normalize validates the assignment's run settings for the
	// interface and fills in its defaults.
	normalize(a *Assignment) error
	// checkLimits validates the run limits, which have their defaults.
	checkLimits(a *Assignment) error
	// fits says why test t cannot be posed through the interface.
	fits(t Test) error
}

// Harness is a file of kpuzzle's that an interface copies into a
// submission's copy.
type Harness struct {
	// Template is the file's path in the templates package.
	Template string
	// Name is its name in the submission's copy.
	Name string
}

// FinishedRun is what an interface's Checks may read of a run.
type FinishedRun struct {
	// Test is the run's test.
	Test Test
	// ReadBeside reads the file at the output path with suffix appended,
	// as the grader reads answers: problem is "missing", or says what
	// other than a regular file is there; err is for failures that are
	// not the program's doing.
	ReadBeside func(suffix string) (data []byte, problem string, err error)
	// Shared is the value the interface keeps for the run's test across
	// every run of it (every submission's): made by build on the first
	// call and kept, but not when ctx ended while it was made. The
	// caller owns where it is kept and for how long (one grading).
	Shared func(ctx context.Context, build func(ctx context.Context) (any, error)) (any, error)
	// Distances proves the true distances of boards near the test's (a
	// heuristic counterexample's neighbour) within the grading's work
	// budget; nil when the grading has none.
	Distances check.Oracle
}

// Starter is the student starter code kpuzzle init writes for an
// interface (package scaffold renders it from templates/starter).
type Starter struct {
	// Name is how kpuzzle init's --interface spells the interface, and
	// the folder of its starters: templates/starter/NAME/LANGUAGE (the
	// file program's are templates/starter/LANGUAGE).
	Name string
	// Title says what the interface is, for kpuzzle init's help and
	// output and the README.
	Title string
	// Help is kpuzzle init's longer description of it, one line.
	Help string
	// Languages are the starter languages written for it, the default
	// first; none when it has no starter code, and Missing then says why.
	Languages []string
	Missing   string
	// Adapt returns the starter code of a language as the interface
	// runs it, given the language as the file program runs it (with
	// Dir, its folder, set to NAME/LANGUAGE) and each test's time limit
	// (run.wall_time, "10s"); nil keeps the language as it is.
	Adapt func(c StarterCode, wallTime string) StarterCode
	// Square says the interface poses square boards only, and why.
	Square string
}

// StarterCode is one starter language as an interface runs it: what
// kpuzzle init writes into the assignment and the handout for it.
type StarterCode struct {
	// Language is the language's name (python, java, cpp, go).
	Language string
	// Dir is the starter's folder in templates/starter.
	Dir string
	// Files are the starter's files.
	Files []string
	// Build and Run are the assignment's build and run sections (YAML
	// lines, without the sections' names); a nil Build has no build
	// step.
	Build, Run []string
	// Program runs the built program in a test, without the puzzle's and
	// the answer's paths ("python3 {submission}/solver.py"); Limits are
	// the limits of its run section ("memory: 1GiB").
	Program string
	Limits  []string
	// Compile builds the program in the starter's folder ("" when it
	// needs no build); Invoke runs it there ("python3 solver.py").
	Compile, Invoke string
	// Usage is how the program is run, for the handout; Local builds and
	// runs it on one public test (a %s for the test).
	Usage, Local string
}

// local is c's Compile and then command, as a student types them.
func (c StarterCode) local(command string) string {
	if c.Compile == "" {
		return command
	}
	return c.Compile + " && " + command
}

// program is what every interface does unless it says otherwise: no
// harness, no environment, no checks after the run; the puzzle as
// run.stdin writes it, or the puzzle file when run.command has no
// {input}.
type program struct{ run RunStep }

func (program) Aliases() []string                                   { return nil }
func (program) HarnessFiles() []Harness                             { return nil }
func (program) Language() string                                    { return "" }
func (program) Env(Test) []string                                   { return nil }
func (program) JudgeCriteria(context.Context, FinishedRun, *Result) {}
func (program) refines() string                                     { return "" }
func (program) convention() string                                  { return "" }
func (program) expects() []string                                   { return nil }
func (program) optional() []string                                  { return nil }
func (program) criteriaGroup() *CriteriaGroup                       { return nil }
func (program) search() string                                      { return "" }
func (program) checkLimits(*Assignment) error                       { return nil }
func (program) fits(Test) error                                     { return nil }
func (program) stray(RunStep) error                                 { return nil }
func (program) normalize(*Assignment) error                         { return nil }

// Stdin is run.stdin's text, else the puzzle file when run.command has
// no {input}.
func (p program) Stdin(t Test) ([]byte, bool) {
	if p.run.Stdin != "" {
		return p.run.StdinFor(t), false
	}
	return nil, !p.run.command.Uses(PlaceInput)
}
