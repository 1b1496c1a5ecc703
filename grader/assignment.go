package grader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/kpuzzle/kpuzzle/grader/sandbox/isolation"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"github.com/kpuzzle/kpuzzle/reference"
)

// ConfigError is a problem with one key of an assignment configuration.
type ConfigError struct {
	// Key is the dotted key, for example "run.wall_time".
	Key string
	// Msg says what is wrong and what was expected.
	Msg string
	// Unknown is set when the key is not one kpuzzle reads; Msg then
	// says what was expected.
	Unknown bool
}

// Error is "KEY: message", or "unknown key KEY: expected ..." for an
// unknown key: the one phrasing of unknown keys, in assignment files and
// kpuzzle.yaml alike.
func (e *ConfigError) Error() string {
	if e.Unknown {
		return "unknown key " + e.Key + ": " + e.Msg
	}
	return e.Key + ": " + e.Msg
}

// UnknownKey is the error for a key kpuzzle does not read: expected says
// what was expected, and the nearest of known, if close, is suggested.
func UnknownKey(key, expected string, known []string) *ConfigError {
	return &ConfigError{Key: key, Unknown: true, Msg: "expected " + expected + suggest.Phrase(key, known)}
}

// Assignment describes how to grade one assignment: the puzzle set, how a
// submission is built and run, the limits of each run, the rubric and what
// students see. The command line decodes it from a YAML file (see
// docs/grading.md and AssignmentKeys); ParseAssignment builds it from the
// decoded settings, fills in defaults and validates it.
type Assignment struct {
	// Name titles the reports.
	Name    string    `json:"name,omitempty"`
	Puzzles PuzzleSet `json:"puzzles"`
	// Goal is "default", "blank-first" or a goal file; empty takes the
	// manifest's goal (or the default goal).
	Goal string `json:"goal,omitempty"`
	// Moves is the answer convention: "tile" or "blank".
	Moves string `json:"moves"`
	// Answer says how answers are written.
	Answer AnswerSettings `json:"answer"`
	Run    RunStep        `json:"run"`
	Build  BuildStep      `json:"build"`
	// Rubric scores each test.
	Rubric     Rubric         `json:"rubric"`
	Visibility Visibility     `json:"visibility"`
	Feedback   Feedback       `json:"feedback"`
	Optimal    OptimalSearch  `json:"optimal"`
	Results    ResultSettings `json:"results"`
	// Claims say which search the programs claim to run, so that the
	// statistics they report (run.extract) can be judged.
	Claims ClaimSettings `json:"claims"`
	// PrairieLearn tunes the question kpuzzle bundle prairielearn writes.
	PrairieLearn PrairieLearnSettings `json:"prairielearn,omitzero"`
	// Groups give the tests whose names match a pattern their own claims
	// and rubric (bfs, dfs and A* tests in one assignment); the first
	// group a test matches wins, and the others keep Claims and Rubric.
	Groups []TestGroup `json:"groups,omitempty"`
	// Tools is the build and run environment the course sets up.
	Tools Tools `json:"tools"`
	// Hide lists further paths students' programs must not see (a
	// reference solution, other assignments' keys), besides the puzzle
	// set, the submissions, the output folder and the assignment file,
	// which are always hidden.
	Hide []string `json:"hide,omitempty"`
	// Integrity says what a finding of package integrity does (a build of
	// kpuzzle, its tables, executables where the language makes none, a
	// kpuzzle program a run executed): IntegrityFlag (the default) grades
	// normally and reports it, IntegrityZero scores the submission 0 with
	// the reason shown.
	Integrity string `json:"integrity,omitempty"`

	// BaseDir is the folder relative paths are taken from (the folder of
	// the configuration file). It is not a configuration key.
	BaseDir string `json:"-"`

	convention puzzles.Convention
	notation   notation.Notation
}

// AnswerSettings say how students' answers are written.
type AnswerSettings struct {
	// Format is the answer notation (see package notation): empty or
	// "auto" detects it; lines, letters, words, list, tiles or boards
	// force one.
	Format string `json:"format,omitempty"`
}

// ClaimSettings name the search every program claims to run (the
// assignment's "implement A* with the Manhattan distance"): the expanded
// and frontier counts it reports are judged against what that search can
// do on the test's puzzle, with the bands of kpuzzle audit stats.
type ClaimSettings struct {
	// Algorithm is the search, as audit stats reads it (astar, bfs,
	// ucs, idastar, ...); "" judges nothing.
	Algorithm string `json:"algorithm,omitempty"`
	// Heuristic is its heuristic (manhattan, misplaced, ...), for the
	// informed searches.
	Heuristic string `json:"heuristic,omitempty"`
}

// TestGroup gives the tests whose names match Tests their own claims
// and rubric.
type TestGroup struct {
	// Tests is a pattern on test names, read as run.choices reads it
	// ("bfs_*", "dfs/*").
	Tests string `json:"tests"`
	// Claims replace the assignment's claims for these tests; nil keeps
	// them.
	Claims *ClaimSettings `json:"claims,omitempty"`
	// Rubric holds rubric keys that replace the assignment's for these
	// tests; the keys it leaves out are the assignment's.
	Rubric json.RawMessage `json:"rubric,omitempty"`
}

// Tools is the build and run environment a course sets up: toolchains
// and interpreters (a Go installation, the course's Python with its
// packages) and what they read (a module cache, vendored libraries),
// visible read-only to every build and run.
type Tools struct {
	// Path lists folders put before the sandbox's PATH, in order.
	Path []string `json:"path,omitempty"`
	// ReadOnly lists further files or folders builds and runs see, read
	// only, at their own paths.
	ReadOnly []string `json:"read_only,omitempty"`
}

// Visible is every path of the tools a build or run sees read-only:
// ReadOnly and the Path folders.
func (t Tools) Visible() []string { return append(slices.Clone(t.ReadOnly), t.Path...) }

// RunStep says how one test of a submission runs.
type RunStep struct {
	// Command is the command template, for example
	// "python3 {submission}/solver.py {input} {output}".
	Command string `json:"command"`
	// Answer is where the answer is read: "file" (the {output} path, the
	// default), "stdout", or a path relative to the working folder that
	// the program writes itself ("output.txt").
	Answer string `json:"answer"`
	// Solution is what the answer holds: "moves" (the default), or
	// "reported": a report (a trace, "depth", statistics) whose
	// run.extract.length is the length of the solution found, judged
	// against the proven optimum without moves to check.
	Solution string `json:"solution,omitempty"`
	// ReadStderr makes run.extract read stderr too, after the answer.
	ReadStderr bool `json:"read_stderr,omitempty"`
	Limits
	// Env lists extra environment variables as NAME=value; the rest of the
	// environment is scrubbed.
	Env []string `json:"env,omitempty"`
	// Isolation chooses the sandbox's isolation for the build and the
	// runs: auto (the default), namespaces or rlimits.
	Isolation string `json:"isolation,omitempty"`
	// Function, "MODULE:FUNCTION", grades a Python function instead of a
	// program: kpuzzle's harness (HarnessFile) calls FUNCTION(rows) from
	// the submission's MODULE with the board as a list of rows and writes
	// what it returns as the answer. Command is then the interpreter
	// ("python3" when empty).
	Function string `json:"function,omitempty"`
	// JavaAPI, "princeton", grades a Java Board/Solver API instead of a
	// program: kpuzzle's harness (JavaHarnessFile) is compiled with the
	// submission and writes Solver.solution()'s boards as the answer.
	// The build and run commands and run.memory get defaults for it.
	JavaAPI string `json:"java_api,omitempty"`
	// Problem, "berkeley", grades a Berkeley CS188 search function
	// (run.function, such as "search:breadthFirstSearch") instead of a
	// solve(rows) function: kpuzzle's harness (BerkeleyHarnessFile)
	// hands it a search problem for the test's board, records the states
	// it expands, and writes the actions it returns as the answer and the
	// expanded states beside it (ExpandedSuffix).
	Problem string `json:"problem,omitempty"`
	// Search is the CS188 search run.problem: berkeley's function is
	// compared with: dfs, bfs, ucs or astar; by default the one its
	// function's name says (breadthFirstSearch or bfs: bfs, ...).
	Search string `json:"search,omitempty"`
	// Heuristic is the heuristic the harness gives an astar function,
	// heuristic(state, problem): null (the default), manhattan or
	// misplaced.
	Heuristic string `json:"heuristic,omitempty"`
	// Entry is a pattern (path.Match, relative to the submission's top)
	// that finds the file {entry} names, for classes whose files are
	// named after the student or group ("*_1.py" finds
	// CS3243_P1_07_1.py); exactly one file must match.
	Entry string `json:"entry,omitempty"`
	// Files are the instructor's files every run gets beside the
	// submission's (a shared utils.py, a data file): each file or folder
	// is copied, read-only, into the submission's copy under its own
	// name, replacing a student's file of that name. Relative paths are
	// taken from the assignment's folder.
	Files []string `json:"files,omitempty"`
	// Stdin, when set, is written to the program's standard input in
	// place of the puzzle file, for interactive programs: a template
	// with {rows}, {cells}, {size}, {height}, {width} and {choice}
	// (StdinFor).
	Stdin string `json:"stdin,omitempty"`
	// Choices give {choice} per test: "PATTERN=VALUE" entries, the first
	// whose pattern matches the test's name wins ("4x4/*=3").
	Choices []string `json:"choices,omitempty"`
	// Extract names regular expressions that find, in stdout, the
	// answer (moves) and the numbers a program reports about its run
	// (length, expanded, frontier).
	Extract map[string]string `json:"extract,omitempty"`

	command  Command
	patterns map[string]*regexp.Regexp
}

// BuildStep is an optional command run once per submission, in the
// grader's copy of it, before its tests (javac, make, ...).
type BuildStep struct {
	// Command is the build command template; empty means no build step.
	// It may use {submission}.
	Command string `json:"command,omitempty"`
	Limits
	Env []string `json:"env,omitempty"`

	command Command
}

// Limits bound one run of a student's program.
type Limits struct {
	// WallTime is the real time allowed.
	WallTime Duration `json:"wall_time"`
	// CPUTime is the processor time a run may use: for a test, every
	// process and thread together, judged to the millisecond after the run
	// (and each process is stopped by the kernel at CPUTime rounded up
	// to whole seconds); for the build, each process (the kernel's whole
	// seconds). WallTime bounds the whole tree in real time.
	CPUTime Duration `json:"cpu_time"`
	// Memory caps the address space of each process.
	Memory ByteSize `json:"memory"`
	// Processes caps the number of processes and threads.
	Processes int `json:"processes"`
	// Output caps each of stdout, stderr and the answer file.
	Output ByteSize `json:"output"`
	// Disk caps the disk space of a run: its working folder and what it
	// leaves in world-writable folders (see sandbox.Limits.DiskBytes).
	Disk ByteSize `json:"disk"`
}

// Rubric turns a verdict into points. A solvable test is worth Solved +
// Optimal points, an unsolvable one Unsolvable points.
type Rubric struct {
	// Solved is earned by a legal answer that reaches the goal; default
	// 1.
	Solved *float64 `json:"solved,omitempty"`
	// Optimal is earned on top by an optimal answer; a suboptimal one
	// earns the share Partial gives of it; default 1.
	Optimal *float64 `json:"optimal,omitempty"`
	// Partial names the function of ratio = optimal length / answer
	// length that gives a suboptimal answer its share of the Optimal
	// points: "none" (0), "linear" (ratio), "power" (ratio^exponent) or
	// "steps" (the credit of the highest step whose ratio the answer
	// reaches).
	Partial string `json:"partial"`
	// PartialExponent is the exponent of "power".
	PartialExponent float64 `json:"partial_exponent,omitempty"`
	// PartialSteps are the steps of "steps".
	PartialSteps []PartialStep `json:"partial_steps,omitempty"`
	// Unsolvable is earned by answering UNSOLVABLE to an unsolvable
	// puzzle; default Solved + Optimal.
	Unsolvable *float64 `json:"unsolvable,omitempty"`
	// Unverified is the share of the Optimal points earned by a solved
	// answer whose optimality could not be verified (verdict valid).
	Unverified float64 `json:"unverified"`
	// API gives points to the method checks of run.java_api, by name
	// (APIChecks), on top of the verdict's. After Normalize it holds
	// every method check when run.java_api is set (0 points for those
	// the rubric does not name: reported, not scored), and nothing
	// otherwise.
	API map[string]float64 `json:"api,omitempty"`
	// Claims gives points to the claim checks, by name (ClaimChecks).
	// After Normalize it holds, when claims.algorithm is set, every claim
	// run.extract has a pattern for, and nothing otherwise.
	Claims map[string]float64 `json:"claims,omitempty"`
	// Search gives points to the search checks of run.problem: berkeley,
	// by name (SearchChecks). After Normalize it holds every search check
	// when run.problem is berkeley, and nothing otherwise.
	Search map[string]float64 `json:"search,omitempty"`

	// Groups are the rubrics of Assignment.Groups, made by Normalize
	// (see ForTest); not a configuration key.
	Groups []GroupRubric `json:"-"`
	// AnyLength marks a rubric whose claimed search does not promise a
	// shortest solution (dfs, greedy): a valid answer earns every point.
	// Normalize sets it; not a configuration key.
	AnyLength bool `json:"-"`
}

// PartialStep is one step of the "steps" partial-credit function.
type PartialStep struct {
	// Ratio is the least optimal/length ratio of the step, in (0, 1].
	Ratio float64 `json:"ratio"`
	// Credit is the share of the Optimal points the step earns, in [0, 1].
	Credit float64 `json:"credit"`
}

// Visibility says which tests students see and when (Gradescope's
// visibility values: visible, after_due_date, after_published, hidden).
type Visibility struct {
	// Visible is the visibility of ordinary tests.
	Visible string `json:"visible"`
	// Hidden is the visibility of hidden tests.
	Hidden string `json:"hidden"`
	// HiddenTests are patterns (path.Match, on test names such as
	// "n_equals_5/*") of tests to hide besides those the manifest marks
	// hidden.
	HiddenTests []string `json:"hidden_tests,omitempty"`
}

// Feedback configures the per-student Markdown feedback.
type Feedback struct {
	// Template is a text/template file replacing the built-in
	// templates/feedback/feedback.md.tmpl; empty uses the built-in one.
	Template string `json:"template,omitempty"`
}

// OptimalSearch bounds the search for optimal lengths the answer key
// lacks; it runs once per such test before any submission.
type OptimalSearch struct {
	// Timeout is the time allowed per test.
	Timeout Duration `json:"timeout"`
	// Verify is the time allowed per test to prove again, before any
	// submission runs, an optimal length the answer key gives; a key
	// that disagrees stops the grading. Zero trusts the key.
	Verify *Duration `json:"verify,omitempty"`
}

// VerifyTime is Verify, 10 seconds by default.
func (o OptimalSearch) VerifyTime() time.Duration {
	if o.Verify == nil {
		return 10 * time.Second
	}
	return o.Verify.Std()
}

// ResultSettings tune the result files.
type ResultSettings struct {
	// Times adds run times to results.json and the JUnit XML. Off by
	// default, because times differ from run to run and the files are
	// otherwise byte-for-byte reproducible.
	Times bool `json:"times,omitempty"`
	// Leaderboard adds a Gradescope leaderboard (tests solved, optimal
	// answers, total moves).
	Leaderboard bool `json:"leaderboard,omitempty"`
	// Replays keeps every answer and writes a replay page per student and
	// test for the instructor's summary page; nil means on (see
	// ReplaysOn).
	Replays *bool `json:"replays,omitempty"`
	// Gradebook lists the learning-management systems whose gradebook
	// import CSV is written beside gradebook.csv: canvas, moodle.
	Gradebook []string `json:"gradebook,omitempty"`
}

// PrairieLearnSettings tune the PrairieLearn question of the assignment.
type PrairieLearnSettings struct {
	// Submit is how students hand in their files: "upload" (the
	// default, pl-file-upload) or "editor" (a pl-file-editor per file).
	Submit string `json:"submit,omitempty"`
}

// ReplaysOn reports whether replay pages are written: Replays, on by
// default.
func (s ResultSettings) ReplaysOn() bool { return s.Replays == nil || *s.Replays }

// Gradescope visibility values.
var visibilities = []string{"visible", "after_due_date", "after_published", "hidden"}

// KeyDoc documents one configuration key.
type KeyDoc struct {
	Key     string
	Default string
	Doc     string
}

// AssignmentKeys documents every key of an assignment configuration, in
// the order `kpuzzle grade --help` and docs/grading.md list them.
var AssignmentKeys = []KeyDoc{
	{"name", `""`, "title of the assignment in reports"},
	{"puzzles.dir", "(required)", "folder of the puzzle set"},
	{"puzzles.manifest", "DIR/manifest.json if present", "manifest with the answer key (optimal lengths, hidden flags)"},
	{"puzzles.glob", `""`, "pattern picking puzzle files inside puzzles.dir, e.g. n_equals_*/input_*.txt; empty: the manifest's list"},
	{"puzzles.hidden", "false", "hide every test of the set from students (besides those its manifest marks hidden)"},
	{"puzzles.extra", "[]", "further puzzle sets graded with it, each with dir, manifest, glob, hidden and name (prefix of its test names, default the folder's name); their tests follow"},
	{"goal", "the manifest's goal, else default", "default, blank-first or a goal file"},
	{"moves", "tile", "answer convention: tile (token = where the tile moves) or blank (where the blank moves)"},
	{"answer.format", "auto", "answer notation: auto (detect it), lines (one move per line), letters, words, list, tiles (tile numbers) or boards (a sequence of boards); see docs/formats.md"},
	{"run.command", "(required)", "command template with {submission}, {input}, {output}, {entry}, and the puzzle as {cells}, {cells_comma}, {size}, {height}, {width}, {choice}; run without a shell; stdin is the puzzle when {input} is absent"},
	{"run.answer", "file", "where the answer is read: file (the {output} path), stdout, or a path in the working folder that the program writes itself (output.txt); an empty answer is no answer"},
	{"run.solution", "moves", "what the answer holds: moves, or reported: a report (a trace, depth, statistics) whose run.extract.length is the length found, judged against the proven optimum, the report kept in the feedback"},
	{"run.read_stderr", "false", "run.extract's patterns read stderr too, after the answer (an \"Unsolvable\" printed there)"},
	{"run.wall_time", "10s", "real time per test"},
	{"run.cpu_time", "run.wall_time", "CPU time of a test, every process and thread together, to the millisecond (each process is also stopped at it rounded up to whole seconds)"},
	{"run.memory", "1GiB", "address space of each process of a test (a JVM needs more; see docs/grading.md)"},
	{"run.processes", "64", "processes and threads per test"},
	{"run.output", "1MiB", "cap on each of stdout, stderr and the answer file (a program that prints a trace of its search needs more, e.g. 64MiB)"},
	{"run.disk", "256MiB", "disk space of a test: its working folder and what it leaves in world-writable folders (a private /tmp, with namespaces, is a 64 MiB tmpfs of its own); over it the test is stopped (output-limit)"},
	{"run.env", "[]", "extra environment variables, NAME=value (the rest is scrubbed)"},
	{"run.function", "\"\"", "MODULE:FUNCTION of a Python assignment graded by calling a function: kpuzzle's harness calls FUNCTION(rows) with the board as a list of rows and writes the moves, tile numbers or boards it returns (None: unsolvable); run.command is then the interpreter (python3)"},
	{"run.problem", "\"\"", "berkeley: run.function is a Berkeley CS188 search function (search:breadthFirstSearch) given a search problem for the board (getStartState, isGoalState, getSuccessors, getCostOfActions); the actions it returns are the answer (moves: blank) and the order of the states it expands is checked (rubric.search.order)"},
	{"run.search", "from run.function's name", "the CS188 search the expanded order is compared with: dfs, bfs, ucs or astar"},
	{"run.heuristic", "null", "the heuristic an astar function gets as heuristic(state, problem): null, manhattan or misplaced"},
	{"run.java_api", "\"\"", "princeton: grade the Java Board/Solver API through kpuzzle's harness, compiled with the submission: the Coursera API (dimension(), twin(), Solver.isSolvable()) or the COS226 2019+ one (size(), tileAt(), Board.isSolvable(), a Solver that throws on unsolvable boards), told apart from the classes; build.command, run.command and run.memory (2GiB) get defaults"},
	{"run.entry", "\"\"", "a pattern (such as *_1.py) finding the submission's file that {entry} names in run.command and build.command, for files named after the student or group; exactly one file must match"},
	{"run.files", "[]", "the instructor's files or folders every run gets in its copy of the submission, read-only, under their own names (a shared utils.py, a data file); they replace a student's files of those names"},
	{"run.stdin", "\"\"", "what an interactive program reads on stdin instead of the puzzle file: a template with {rows}, {cells}, {size}, {height}, {width} and {choice}"},
	{"run.choices", "[]", "{choice} per test, as PATTERN=VALUE entries (the first pattern matching the test's name wins), such as a menu number"},
	{"run.extract.moves", "\"\"", "regular expression finding the answer in stdout (run.answer: stdout) or in the answer file (a report written there): every match's group, one move or line each"},
	{"run.extract.unsolvable", "\"\"", "regular expression matching a program's own way of saying there is no solution (\"cannot be solved\"): the answer is then UNSOLVABLE"},
	{"run.extract.length", "\"\"", "regular expression whose group is the solution length the program reports, for its feedback"},
	{"run.extract.expanded", "\"\"", "regular expression whose group is the number of nodes the program reports it expanded"},
	{"run.extract.frontier", "\"\"", "regular expression whose group is the largest frontier the program reports"},
	{"run.isolation", "auto", "sandbox isolation of builds and runs: auto, namespaces (an error where the kernel refuses them) or rlimits (the fallback a container without user namespaces gets; see docs/security.md)"},
	{"claims.algorithm", "\"\"", "the search the programs claim to run (astar, bfs, ucs, idastar, ...): the expanded and frontier counts run.extract finds are judged against it, as kpuzzle audit stats does"},
	{"claims.heuristic", "\"\"", "the heuristic of that search (manhattan, misplaced, linear-conflict, ...)"},
	{"groups", "[]", "per-test settings: a list of {tests: PATTERN, claims: {algorithm, heuristic}, rubric: {...}}; the first group whose pattern (as in run.choices) matches a test gives it its claims and the rubric keys it names; a group whose algorithm does not promise shortest paths (dfs, greedy) judges any solution as valid"},
	{"tools.path", "[]", "folders put before PATH in every build and run (a Go toolchain's bin, the course's Python), visible read-only"},
	{"tools.read_only", "[]", "further files or folders every build and run sees read-only at their own paths (a Go module cache, vendored libraries, a virtualenv)"},
	{"build.command", `""`, "build command run once per submission in a copy of it (javac, make); may use {submission}"},
	{"build.wall_time", "2m", "real time for the build"},
	{"build.cpu_time", "build.wall_time", "CPU time of each process of the build, rounded up to whole seconds"},
	{"build.memory", "2GiB", "address space of each process of the build"},
	{"build.processes", "256", "processes and threads for the build"},
	{"build.output", "1MiB", "cap on the build's stdout and stderr"},
	{"build.disk", "1GiB", "disk space of the build, as run.disk"},
	{"build.env", "[]", "extra environment variables for the build"},
	{"rubric.solved", "1", "points for a legal answer that reaches the goal"},
	{"rubric.optimal", "1", "further points for an optimal answer"},
	{"rubric.partial", "linear", "share of rubric.optimal for a suboptimal answer, a function of ratio = optimal/length: none, linear, power or steps"},
	{"rubric.partial_exponent", "2", "exponent of partial: power"},
	{"rubric.partial_steps", "[]", "steps of partial: steps, a list of {ratio, credit}"},
	{"rubric.unsolvable", "rubric.solved + rubric.optimal", "points for answering UNSOLVABLE to an unsolvable puzzle"},
	{"rubric.unverified", "0", "share of rubric.optimal for a solved answer whose optimality could not be verified"},
	{"rubric.api", "{} (every check 0)", "points per method check of run.java_api, on top of the verdict's: dimension, hamming, manhattan, is_goal, neighbors, twin, equals, moves, tile_at, is_solvable (e.g. {hamming: 1, manhattan: 1}); a check of the other API than the submission's passes as not applicable"},
	{"rubric.claims", "{} (every check 0)", "points per claim check of claims.algorithm on solvable tests: length, expanded, frontier (each needs its run.extract pattern)"},
	{"rubric.search", "{} (every check 0)", "points for the search check of run.problem: berkeley on solvable tests: order (the states expanded, in the reference's order)"},
	{"visibility.visible", "visible", "Gradescope visibility of ordinary tests"},
	{"visibility.hidden", "after_published", "Gradescope visibility of hidden tests"},
	{"visibility.hidden_tests", "[]", "patterns of test names to hide besides the manifest's hidden entries"},
	{"feedback.template", "built-in", "text/template file for the per-student Markdown feedback"},
	{"optimal.timeout", "60s", "time to prove each optimal length the answer key lacks"},
	{"optimal.verify", "10s", "time to prove again, before any submission runs, each optimal length the answer key gives (a key that disagrees stops the grading; 0 trusts the key)"},
	{"results.times", "false", "put run times in results.json, JUnit XML and the summary page (makes them differ run to run)"},
	{"results.leaderboard", "false", "add a Gradescope leaderboard"},
	{"results.replays", "true", "keep each answer in OUT/answers and write a replay page per student and test in OUT/replays, linked from OUT/summary.html"},
	{"results.gradebook", "[]", "also write the class's scores as the gradebook CSV of canvas and/or moodle (OUT/gradebook-canvas.csv, OUT/gradebook-moodle.csv), matched through the roster; students missing from either side go to OUT/gradebook-missing.txt"},
	{"prairielearn.submit", "upload", "how the PrairieLearn question (kpuzzle bundle prairielearn) asks for the files: upload (pl-file-upload) or editor (a pl-file-editor per file)"},
	{"hide", "[]", "further paths students' programs must not see (the puzzle set, submissions, output and this file always are)"},
	{"integrity", "flag", "what happens to a submission that brings a build of kpuzzle, its tables or answer keys, executables its language makes none of, or kpuzzle's source, or whose run executes kpuzzle: flag (grade normally, name each file in the reports) or zero (the submission scores 0, with the reason shown)"},
}

// AssignmentSections are the top-level keys of an assignment.
func AssignmentSections() []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range AssignmentKeys {
		top, _, _ := strings.Cut(k.Key, ".")
		if !seen[top] {
			seen[top] = true
			out = append(out, top)
		}
	}
	return out
}

// ParseAssignment builds an assignment from decoded configuration settings
// (nested maps as a YAML or JSON decoder gives them, keys in lower case),
// takes relative paths from baseDir, fills in defaults and validates it.
// Keys that are not assignment keys are errors, except top-level keys
// listed in ignore (the command line's own settings). Every error is a
// *ConfigError naming the key.
func ParseAssignment(settings map[string]any, baseDir string, ignore []string) (Assignment, error) {
	known := map[string]bool{}
	for _, k := range AssignmentKeys {
		known[k.Key] = true
	}
	sections := map[string]bool{}
	for _, s := range AssignmentSections() {
		sections[s] = true
	}
	skip := map[string]bool{}
	for _, k := range ignore {
		skip[strings.ToLower(k)] = true
	}
	kept := map[string]any{}
	var keys []string
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		lk := strings.ToLower(k)
		switch {
		case sections[lk]:
			kept[lk] = settings[k]
			if err := checkKeys(lk, settings[k], known); err != nil {
				return Assignment{}, err
			}
		case skip[lk]:
		default:
			return Assignment{}, UnknownKey(displayKey(k), "one of "+strings.Join(AssignmentSections(), ", "), AssignmentSections())
		}
	}
	if err := checkPositiveLimits(kept); err != nil {
		return Assignment{}, err
	}
	data, err := json.Marshal(kept)
	if err != nil {
		return Assignment{}, &ConfigError{Key: "(file)", Msg: err.Error()}
	}
	var a Assignment
	if err := decodeStrict(data, &a); err != nil {
		return Assignment{}, err
	}
	a.BaseDir = baseDir
	if err := a.Normalize(); err != nil {
		return Assignment{}, err
	}
	return a, nil
}

// checkPositiveLimits rejects a limit given as zero or less: an absent
// limit takes its default, but a written 0 (or 0s, 0MiB) is a mistake to
// report, not a default to guess.
func checkPositiveLimits(settings map[string]any) error {
	for _, section := range []string{"run", "build"} {
		m, _ := settings[section].(map[string]any)
		for key, v := range m {
			full := section + "." + strings.ToLower(key)
			var zero bool
			switch strings.ToLower(key) {
			case "processes":
				n, ok := toFloat(v)
				zero = ok && n <= 0
			case "wall_time", "cpu_time":
				if s, ok := v.(string); ok {
					d, err := ParseDuration(s)
					zero = err == nil && d == 0
				} else if n, ok := toFloat(v); ok {
					zero = n <= 0
				}
			case "memory", "output", "disk":
				if s, ok := v.(string); ok {
					b, err := ParseByteSize(s)
					zero = err == nil && b == 0
				} else if n, ok := toFloat(v); ok {
					zero = n <= 0
				}
			default:
				continue
			}
			if zero {
				return &ConfigError{Key: full, Msg: fmt.Sprintf("%v: expected more than 0 (leave the key out for the default, %s)", v, defaultOf(full))}
			}
		}
	}
	return nil
}

// toFloat reads a decoded number.
func toFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	}
	return 0, false
}

// defaultOf is the documented default of a key.
func defaultOf(key string) string {
	for _, k := range AssignmentKeys {
		if k.Key == key {
			return k.Default
		}
	}
	return "none"
}

// checkKeys rejects keys below a section that are not assignment keys.
func checkKeys(prefix string, v any, known map[string]bool) error {
	m, ok := v.(map[string]any)
	if !ok || known[prefix] {
		if !known[prefix] {
			return &ConfigError{Key: prefix, Msg: "expected a section of keys such as " + exampleKeys(prefix, known)}
		}
		return nil
	}
	for k, sub := range m {
		key := prefix + "." + strings.ToLower(k)
		if !known[key] && exampleKeys(key, known) == "" {
			var near []string
			for _, ak := range AssignmentKeys {
				if rest, ok := strings.CutPrefix(ak.Key, prefix+"."); ok {
					near = append(near, prefix+"."+rest)
				}
			}
			return UnknownKey(prefix+"."+displayKey(k), "one of "+exampleKeys(prefix, known), near)
		}
		if err := checkKeys(key, sub, known); err != nil {
			return err
		}
	}
	return nil
}

func exampleKeys(prefix string, known map[string]bool) string {
	var out []string
	for _, k := range AssignmentKeys {
		if rest, ok := strings.CutPrefix(k.Key, prefix+"."); ok {
			out = append(out, rest)
		}
	}
	return strings.Join(out, ", ")
}

// decodeStrict decodes JSON into a, turning type errors into ConfigErrors
// naming the key.
func decodeStrict(data []byte, a *Assignment) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(a); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			want, got := typeName(te.Type.Kind().String()), te.Value
			if want == "number" && strings.HasPrefix(got, "number") {
				// A number the field's type cannot hold: too large, or not whole.
				return &ConfigError{Key: jsonKey(te.Field), Msg: fmt.Sprintf("%s is out of range; expected a whole number that fits the setting", strings.TrimSpace(strings.TrimPrefix(got, "number")))}
			}
			return &ConfigError{Key: jsonKey(te.Field), Msg: fmt.Sprintf("expected %s, got %s", article(want), article(got))}
		}
		// Errors from the Duration and ByteSize decoders carry no key;
		// find it by decoding field by field.
		return &ConfigError{Key: findBadKey(data), Msg: err.Error()}
	}
	return nil
}

// displayKey quotes a key that would not read as one.
func displayKey(k string) string {
	if k == "" || strings.ContainsAny(k, " \t\n\".") {
		return strconv.Quote(k)
	}
	return k
}

// jsonKey turns a JSON decoder's field path into a configuration key,
// dropping the names of embedded structs ("run.Limits.memory" is
// "run.memory").
func jsonKey(field string) string {
	var parts []string
	for _, p := range strings.Split(field, ".") {
		if p != "" && !unicode.IsUpper(rune(p[0])) {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "(file)"
	}
	return strings.Join(parts, ".")
}

// article puts "a" or "an" before a type's name.
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

func typeName(kind string) string {
	switch kind {
	case "float64", "float32", "int", "int64":
		return "number"
	case "slice":
		return "list"
	case "struct", "map":
		return "section"
	}
	return kind
}

// findBadKey decodes each leaf of the settings alone to find the one that
// fails.
func findBadKey(data []byte) string {
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return "(file)"
	}
	var bad string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if bad != "" {
			return
		}
		if sub, ok := v.(map[string]any); ok && prefix != "" && !isLeafKey(prefix) {
			for k, x := range sub {
				walk(prefix+"."+k, x)
			}
			return
		}
		if prefix == "" {
			for k, x := range v.(map[string]any) {
				walk(k, x)
			}
			return
		}
		one := map[string]any{}
		cur := one
		parts := strings.Split(prefix, ".")
		for _, p := range parts[:len(parts)-1] {
			next := map[string]any{}
			cur[p] = next
			cur = next
		}
		cur[parts[len(parts)-1]] = v
		b, _ := json.Marshal(one)
		var a Assignment
		if json.Unmarshal(b, &a) != nil {
			bad = prefix
		}
	}
	walk("", m)
	if bad == "" {
		return "(file)"
	}
	return bad
}

func isLeafKey(k string) bool {
	for _, d := range AssignmentKeys {
		if d.Key == k {
			return true
		}
	}
	return false
}

// Default limits.
var (
	defaultRunLimits   = Limits{WallTime: Duration(10 * time.Second), Memory: 1 << 30, Processes: 64, Output: 1 << 20, Disk: 256 << 20}
	defaultBuildLimits = Limits{WallTime: Duration(2 * time.Minute), Memory: 2 << 30, Processes: 256, Output: 1 << 20, Disk: 1 << 30}
)

// Normalize fills in defaults, resolves relative paths against BaseDir and
// validates every key. It is idempotent.
func (a *Assignment) Normalize() error {
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(a.BaseDir, p)
	}
	if a.Puzzles.Dir == "" {
		return &ConfigError{Key: "puzzles.dir", Msg: "missing; expected the folder of the puzzle set"}
	}
	switch a.PrairieLearn.Submit {
	case "", "upload", "editor":
	default:
		return &ConfigError{Key: "prairielearn.submit", Msg: fmt.Sprintf("%q: expected upload or editor", a.PrairieLearn.Submit)}
	}
	for _, g := range a.Results.Gradebook {
		if g != "canvas" && g != "moodle" {
			return &ConfigError{Key: "results.gradebook", Msg: fmt.Sprintf("%q: expected canvas or moodle", g)}
		}
	}
	a.Puzzles.Dir = abs(a.Puzzles.Dir)
	a.Puzzles.Manifest = abs(a.Puzzles.Manifest)
	if a.Puzzles.Glob != "" {
		if _, err := path.Match(a.Puzzles.Glob, ""); err != nil || path.IsAbs(a.Puzzles.Glob) {
			return &ConfigError{Key: "puzzles.glob", Msg: fmt.Sprintf("%q is not a pattern inside puzzles.dir", a.Puzzles.Glob)}
		}
	}
	if a.Puzzles.Name != "" {
		return &ConfigError{Key: "puzzles.name", Msg: "only a further set in puzzles.extra has a name; the main set's tests are not prefixed"}
	}
	setNames := map[string]bool{}
	for i := range a.Puzzles.Extra {
		e := &a.Puzzles.Extra[i]
		key := fmt.Sprintf("puzzles.extra[%d]", i)
		if e.Dir == "" {
			return &ConfigError{Key: key + ".dir", Msg: "missing; expected the folder of the further puzzle set"}
		}
		if len(e.Extra) > 0 {
			return &ConfigError{Key: key + ".extra", Msg: "a further set cannot have further sets of its own; list them all under puzzles.extra"}
		}
		e.Dir = abs(e.Dir)
		e.Manifest = abs(e.Manifest)
		if e.Glob != "" {
			if _, err := path.Match(e.Glob, ""); err != nil || path.IsAbs(e.Glob) {
				return &ConfigError{Key: key + ".glob", Msg: fmt.Sprintf("%q is not a pattern inside its dir", e.Glob)}
			}
		}
		name := e.Name
		if name == "" {
			name = filepath.Base(filepath.Clean(e.Dir))
		}
		if !validSetName(name) {
			return &ConfigError{Key: key + ".name", Msg: fmt.Sprintf("%q: expected a name of letters, digits, '.', '-' or '_' to put before its test names", name)}
		}
		if setNames[name] {
			return &ConfigError{Key: key + ".name", Msg: fmt.Sprintf("%q names two further sets; give each its own name", name)}
		}
		setNames[name] = true
	}
	if a.Goal != "" {
		if _, err := puzzles.GoalByName(a.Goal, puzzles.Shape{Rows: 3, Cols: 3}); err != nil {
			a.Goal = abs(a.Goal)
		}
	}
	if a.Moves == "" {
		a.Moves = "tile"
		if a.Run.Problem == ProblemBerkeley {
			// CS188's actions are the blank's moves.
			a.Moves = "blank"
		}
	}
	c, err := puzzles.ParseConvention(a.Moves)
	if err != nil {
		return &ConfigError{Key: "moves", Msg: fmt.Sprintf("%q: expected tile or blank", a.Moves)}
	}
	a.convention = c
	a.Moves = c.String()
	n, err := notation.ParseName(a.Answer.Format)
	if err != nil {
		return &ConfigError{Key: "answer.format", Msg: fmt.Sprintf("%q: expected auto, lines, letters, words, list, tiles or boards", a.Answer.Format)}
	}
	a.notation = n
	a.Answer.Format = n.String()
	if n == notation.Auto {
		a.Answer.Format = "" // the default, left out of the fingerprint
	}

	// run
	if err := a.Run.Interface().normalize(a); err != nil {
		return err
	}
	if strings.TrimSpace(a.Run.Command) == "" {
		return &ConfigError{Key: "run.command", Msg: "missing; expected a command template such as \"python3 {submission}/solver.py {input} {output}\""}
	}
	if a.Run.command, err = ParseCommand(a.Run.Command); err != nil {
		return &ConfigError{Key: "run.command", Msg: err.Error()}
	}
	switch a.Run.Answer {
	case "":
		a.Run.Answer = "file"
	case "file", "stdout":
	default:
		if !a.Run.AnswerInFolder() {
			return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q: expected file, stdout, or the path of a file inside the working folder, such as output.txt", a.Run.Answer)}
		}
		a.Run.Answer = filepath.ToSlash(filepath.Clean(a.Run.Answer))
	}
	if a.Run.Answer == "file" && !a.Run.command.Uses(PlaceOutput) {
		return &ConfigError{Key: "run.command", Msg: "has no {output}, but run.answer is file; add {output}, set run.answer: stdout, or name the file the program writes in its working folder (run.answer: output.txt)"}
	}
	switch a.Run.Solution {
	case "", SolutionMoves:
		a.Run.Solution = "" // the default, left out of the fingerprint
	case SolutionReported:
		if a.Run.Extract[ExtractLength] == "" {
			return &ConfigError{Key: "run.solution", Msg: "reported, but run.extract.length is not set; give the pattern of the length the program reports, such as \"[Dd]epth[^0-9]*(\\d+)\""}
		}
		if a.Run.Extract[ExtractMoves] != "" || a.Run.Function != "" || a.Run.JavaAPI != "" {
			return &ConfigError{Key: "run.solution", Msg: "reported, but the assignment also reads moves (run.extract.moves, run.function or run.java_api); leave one out"}
		}
	default:
		return &ConfigError{Key: "run.solution", Msg: fmt.Sprintf("%q: expected moves or reported", a.Run.Solution)}
	}
	if err := a.Run.Limits.normalize("run", defaultRunLimits); err != nil {
		return err
	}
	if err := a.Run.Interface().checkLimits(a); err != nil {
		return err
	}
	if err := checkEnv("run.env", a.Run.Env); err != nil {
		return err
	}
	if err := a.Run.checkInterface(); err != nil {
		return err
	}
	names := map[string]string{}
	for i, f := range a.Run.Files {
		if strings.TrimSpace(f) == "" {
			return &ConfigError{Key: "run.files", Msg: fmt.Sprintf("entry %d is empty; expected a file or folder path", i+1)}
		}
		a.Run.Files[i] = abs(f)
		base := filepath.Base(a.Run.Files[i])
		if other, dup := names[base]; dup {
			return &ConfigError{Key: "run.files", Msg: fmt.Sprintf("%s and %s have the same name %s; each is copied under its own name", other, f, base)}
		}
		names[base] = f
	}
	if err := a.Run.normalizeClaims("claims", &a.Claims); err != nil {
		return err
	}
	if err := a.Tools.normalize(abs); err != nil {
		return err
	}
	iso, err := isolation.Parse(a.Run.Isolation)
	if err != nil {
		return &ConfigError{Key: "run.isolation", Msg: fmt.Sprintf("%q: expected auto, namespaces or rlimits", a.Run.Isolation)}
	}
	a.Run.Isolation = string(iso)
	if iso == isolation.Auto {
		a.Run.Isolation = "" // the default, left out of the fingerprint
	}

	// build
	if strings.TrimSpace(a.Build.Command) != "" {
		if a.Build.command, err = ParseCommand(a.Build.Command); err != nil {
			return &ConfigError{Key: "build.command", Msg: err.Error()}
		}
		if slices.ContainsFunc(TestPlaceholders, a.Build.command.Uses) {
			return &ConfigError{Key: "build.command", Msg: "may use {submission} and {entry} only"}
		}
	}
	if err := a.checkEntry(); err != nil {
		return err
	}
	if err := a.Build.Limits.normalize("build", defaultBuildLimits); err != nil {
		return err
	}
	if err := checkEnv("build.env", a.Build.Env); err != nil {
		return err
	}

	if err := a.Rubric.normalize(); err != nil {
		return err
	}
	var claimed []string
	if a.Claims.Algorithm != "" {
		for _, name := range ClaimChecks {
			if name == CheckFrontier && !reference.FrontierBounded(a.Claims.Algorithm) {
				if _, ok := a.Rubric.Claims[name]; ok {
					return &ConfigError{Key: "rubric.claims.frontier", Msg: fmt.Sprintf("no check: %s's largest frontier is bounded only by the number of reachable states, which no run exceeds, so the check could never fail; the count is still shown in the feedback", a.Claims.Algorithm)}
				}
				continue
			}
			if a.Run.patterns[name] != nil {
				claimed = append(claimed, name)
			}
		}
	}
	if err := a.Rubric.normalizeChecks(a.Run.JavaAPI != "", claimed, a.Run.Problem != ""); err != nil {
		return err
	}
	a.Rubric.AnyLength = !promisesShortest(a.Claims.Algorithm)
	if err := a.normalizeGroups(); err != nil {
		return err
	}

	// visibility
	if a.Visibility.Visible == "" {
		a.Visibility.Visible = "visible"
	}
	if a.Visibility.Hidden == "" {
		a.Visibility.Hidden = "after_published"
	}
	for key, v := range map[string]string{"visibility.visible": a.Visibility.Visible, "visibility.hidden": a.Visibility.Hidden} {
		if !contains(visibilities, v) {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected one of %s", v, strings.Join(visibilities, ", "))}
		}
	}
	for _, p := range a.Visibility.HiddenTests {
		if _, err := path.Match(p, ""); err != nil {
			return &ConfigError{Key: "visibility.hidden_tests", Msg: fmt.Sprintf("%q is not a pattern (an unclosed [ or a trailing \\); expected a shell pattern such as \"n_equals_5/*\"", p)}
		}
	}
	a.Feedback.Template = abs(a.Feedback.Template)
	for i, p := range a.Hide {
		if strings.TrimSpace(p) == "" {
			return &ConfigError{Key: "hide", Msg: "an empty path; expected files or folders to hide"}
		}
		a.Hide[i] = abs(p)
	}
	if a.Optimal.Timeout == 0 {
		a.Optimal.Timeout = Duration(60 * time.Second)
	}
	switch a.Integrity {
	case "":
		a.Integrity = IntegrityFlag
	case IntegrityFlag, IntegrityZero:
	default:
		return &ConfigError{Key: "integrity", Msg: fmt.Sprintf("%q: expected flag or zero", a.Integrity)}
	}
	return nil
}

// Values of Assignment.Integrity.
const (
	IntegrityFlag = "flag"
	IntegrityZero = "zero"
)

func (l *Limits) normalize(section string, def Limits) error {
	if l.WallTime == 0 {
		l.WallTime = def.WallTime
	}
	if l.CPUTime == 0 {
		l.CPUTime = l.WallTime
	}
	if l.Memory == 0 {
		l.Memory = def.Memory
	}
	if l.Processes == 0 {
		l.Processes = def.Processes
	}
	if l.Output == 0 {
		l.Output = def.Output
	}
	if l.Disk == 0 {
		l.Disk = def.Disk
	}
	switch {
	case l.Processes < 0:
		return &ConfigError{Key: section + ".processes", Msg: fmt.Sprintf("%d: expected a positive number", l.Processes)}
	case l.Memory < 1<<20:
		return &ConfigError{Key: section + ".memory", Msg: fmt.Sprintf("%s is too small; expected at least 1MiB", l.Memory)}
	case l.WallTime < Duration(10*time.Millisecond):
		return &ConfigError{Key: section + ".wall_time", Msg: fmt.Sprintf("%s is too short; expected at least 10ms", l.WallTime)}
	case l.CPUTime < Duration(10*time.Millisecond):
		return &ConfigError{Key: section + ".cpu_time", Msg: fmt.Sprintf("%s is too short; expected at least 10ms", l.CPUTime)}
	}
	return nil
}

func checkEnv(key string, env []string) error {
	for _, kv := range env {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t\x00") {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected NAME=value", kv)}
		}
	}
	return nil
}

func (r *Rubric) normalize() error {
	if r.Solved == nil {
		r.Solved = Points(1)
	}
	if r.Optimal == nil {
		r.Optimal = Points(1)
	}
	if r.Partial == "" {
		r.Partial = PartialLinear
	}
	if r.Unsolvable == nil {
		r.Unsolvable = Points(*r.Solved + *r.Optimal)
	}
	for key, v := range map[string]float64{"rubric.solved": *r.Solved, "rubric.optimal": *r.Optimal, "rubric.unsolvable": *r.Unsolvable} {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%v: expected a number of points, 0 or more", v)}
		}
	}
	if r.Unverified < 0 || r.Unverified > 1 || math.IsNaN(r.Unverified) {
		return &ConfigError{Key: "rubric.unverified", Msg: fmt.Sprintf("%v: expected a share from 0 to 1", r.Unverified)}
	}
	switch r.Partial {
	case PartialNone, PartialLinear:
	case PartialPower:
		if r.PartialExponent == 0 {
			r.PartialExponent = 2
		}
		if r.PartialExponent < 0 || math.IsNaN(r.PartialExponent) || math.IsInf(r.PartialExponent, 0) {
			return &ConfigError{Key: "rubric.partial_exponent", Msg: fmt.Sprintf("%v: expected a positive number", r.PartialExponent)}
		}
	case PartialSteps:
		if len(r.PartialSteps) == 0 {
			return &ConfigError{Key: "rubric.partial_steps", Msg: "missing; partial: steps needs a list of {ratio, credit}"}
		}
		for i, s := range r.PartialSteps {
			if !(s.Ratio > 0 && s.Ratio <= 1) || !(s.Credit >= 0 && s.Credit <= 1) {
				return &ConfigError{Key: fmt.Sprintf("rubric.partial_steps[%d]", i), Msg: fmt.Sprintf("ratio %v, credit %v: expected a ratio in (0, 1] and a credit in [0, 1]", s.Ratio, s.Credit)}
			}
		}
		sort.SliceStable(r.PartialSteps, func(i, j int) bool { return r.PartialSteps[i].Ratio > r.PartialSteps[j].Ratio })
	default:
		return &ConfigError{Key: "rubric.partial", Msg: fmt.Sprintf("%q: expected none, linear, power or steps", r.Partial)}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ExpectedFiles lists the files a submission must hold for the assignment
// to build and run it: those the build command names, or, without a build
// step, those the run command names (a build's outputs are not expected
// from the student). Valid after Normalize.
func (a Assignment) ExpectedFiles() []string {
	var out []string
	if !a.Build.command.IsZero() {
		out = a.Build.command.SubmissionFiles()
	} else {
		out = a.Run.command.SubmissionFiles()
	}
	if a.Run.Entry != "" {
		out = append(out, a.Run.Entry)
	}
	if f := a.Run.FunctionModuleFile(); f != "" {
		// The harness is kpuzzle's, not expected from the student.
		out = append(out, f)
	}
	// The harnesses are kpuzzle's, not expected from the student, and
	// algs4.jar is on the Java API's class path only when there is one.
	kept := out[:0]
	for _, x := range out {
		if x != HarnessFile && x != BerkeleyHarnessFile && x != JavaHarnessFile && !(a.Run.JavaAPI != "" && x == "algs4.jar") {
			kept = append(kept, x)
		}
	}
	return kept
}

// checkEntry validates run.entry against the commands: {entry} needs the
// pattern, and the pattern needs a command that uses it.
func (a *Assignment) checkEntry() error {
	uses := a.Run.command.Uses(PlaceEntry) || a.Build.command.Uses(PlaceEntry)
	switch {
	case a.Run.Entry == "" && uses:
		return &ConfigError{Key: "run.entry", Msg: "missing, but a command uses {entry}; give a pattern such as \"*_1.py\""}
	case a.Run.Entry == "":
		return nil
	case !uses:
		return &ConfigError{Key: "run.entry", Msg: "set, but neither run.command nor build.command uses {entry}"}
	}
	if _, err := path.Match(a.Run.Entry, ""); err != nil || path.IsAbs(a.Run.Entry) || !filepath.IsLocal(a.Run.Entry) {
		return &ConfigError{Key: "run.entry", Msg: fmt.Sprintf("%q: expected a pattern inside the submission, such as \"*_1.py\"", a.Run.Entry)}
	}
	return nil
}

// AnswerNotation is the parsed answer notation, notation.Auto by
// default; valid after Normalize.
func (a Assignment) AnswerNotation() notation.Notation { return a.notation }

// Convention is the parsed move convention; valid after Normalize.
func (a Assignment) Convention() puzzles.Convention { return a.convention }

// RunCommand is the parsed run command; valid after Normalize.
func (a Assignment) RunCommand() Command { return a.Run.command }

// BuildCommand is the parsed build command, zero when there is no build
// step; valid after Normalize.
func (a Assignment) BuildCommand() Command { return a.Build.command }

// IsHidden reports whether a test is hidden from students: the manifest
// marks it, or its name matches visibility.hidden_tests.
func (a Assignment) IsHidden(t Test) bool {
	if t.Hidden {
		return true
	}
	for _, p := range a.Visibility.HiddenTests {
		if ok, _ := path.Match(p, t.Name); ok {
			return true
		}
	}
	return false
}

// LoadTests reads the assignment's puzzle set; see the function LoadTests.
func (a Assignment) LoadTests() ([]Test, error) {
	tests, err := LoadTests(a.Puzzles, a.Goal)
	if err != nil {
		return nil, err
	}
	for i := range tests {
		tests[i].Hidden = a.IsHidden(tests[i])
		if err := a.Run.Interface().fits(tests[i]); err != nil {
			return nil, err
		}
	}
	// Students see their tests first: the visible ones in the set's order,
	// then the hidden ones.
	sort.SliceStable(tests, func(i, j int) bool { return !tests[i].Hidden && tests[j].Hidden })
	for i := range tests {
		tests[i].Number = i + 1
	}
	return tests, nil
}

// validSetName reports whether name can prefix test names: letters,
// digits, '.', '-' and '_', not "." or "..".
func validSetName(name string) bool {
	if name == "" || name == "." || name == ".." {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// answerSettings is s, or nil for the defaults.
func answerSettings(s AnswerSettings) *AnswerSettings {
	if s == (AnswerSettings{}) {
		return nil
	}
	return &s
}

// Fingerprint is a digest of everything in the assignment that affects
// what a test's run produces (the puzzle set, goal, convention, run and
// build steps, the optimal-length search), for telling whether a journal
// belongs to it. The rubric, visibility and report settings are left out:
// the journal keeps verdicts, not points, so they can change between a run
// and its resumption.
func (a Assignment) Fingerprint() string {
	b, _ := json.Marshal(struct {
		Puzzles PuzzleSet
		Goal    string
		Moves   string
		Run     RunStep
		Build   BuildStep
		Optimal OptimalSearch
		// Claims change the details of results; left out when not set,
		// so that earlier fingerprints stay the same.
		Claims *ClaimSettings `json:",omitempty"`
		// Answer is left out when it is the default, so that journals
		// written before answer.format existed still resume.
		Answer *AnswerSettings `json:",omitempty"`
		// Checks marks assignments whose results carry sub-checks (a
		// Java API, claims): a journal from before results had them
		// would resume with none, and scored checks would fail.
		Checks int `json:",omitempty"`
		// Groups and Tools are left out when not set, as Claims.
		Groups []TestGroup `json:",omitempty"`
		Tools  *Tools      `json:",omitempty"`
	}{a.Puzzles, a.Goal, a.Moves, a.Run, a.Build, a.Optimal, claimsOrNil(a.Claims), answerSettings(a.Answer), a.checksVersion(), a.Groups, toolsOrNil(a.Tools)})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// checksVersion is 1 when the assignment's results carry sub-checks.
func (a Assignment) checksVersion() int {
	if a.Run.JavaAPI != "" || a.Claims.Algorithm != "" {
		return 1
	}
	for _, g := range a.Groups {
		if g.Claims != nil && g.Claims.Algorithm != "" {
			return 1
		}
	}
	return 0
}

func toolsOrNil(t Tools) *Tools {
	if len(t.Path) == 0 && len(t.ReadOnly) == 0 {
		return nil
	}
	return &t
}

func claimsOrNil(c ClaimSettings) *ClaimSettings {
	if c == (ClaimSettings{}) {
		return nil
	}
	return &c
}
