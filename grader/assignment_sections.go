package grader

// The sections of an assignment file, one type each: what each key means
// and its unit. Their defaults and checks are in assignment_normalize.go,
// their documentation in assignment_keys.go.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

// AnswerSettings say how students' answers are written.
type AnswerSettings struct {
	// Notation is the answer notation (see package notation): empty or
	// "auto" detects it; lines, letters, words, list, tiles or boards
	// force one.
	Notation string `json:"format,omitempty"`
	// Words are the course's own words for the moves, by direction (up,
	// down, left, right), each a word or a list of words, read beside
	// UP, DOWN, LEFT, RIGHT (notation.Vocabulary).
	Words map[string]WordList `json:"words,omitempty"`
	// Block is where the answer stands in a longer text: "" (the whole
	// text, or its one unambiguous block of moves or boards) or "last"
	// (the last block, whatever is around it).
	Block string `json:"block,omitempty"`
	// After and Before are regular expressions matching the lines around
	// the answer in a longer text: it stands after the last line After
	// matches and before the next line Before matches.
	After  string `json:"after,omitempty"`
	Before string `json:"before,omitempty"`
}

// WordList is one word or a list of words in an assignment file
// ("acima" or [acima, cima]).
type WordList []string

// UnmarshalJSON reads a string or a list of strings.
func (w *WordList) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*w = WordList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("expected a word or a list of words")
	}
	*w = many
	return nil
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
	// Board says how the placeholders of the board ({board}, {cells},
	// {cells_comma}, {rows}) write it.
	Board BoardText `json:"board,omitzero"`
	// WritableSubmission gives each run a copy of the submission it may
	// write in (a log beside the program), inside its working folder.
	WritableSubmission bool `json:"writable_submission,omitempty"`
	// Recheck says which tests run a second time to find a program whose
	// answers vary run to run: "" (the first visible solvable test of
	// each submission), "all" or "none".
	Recheck string `json:"recheck,omitempty"`

	command  Command
	patterns map[string]*regexp.Regexp
}

// Values of run.recheck: which tests run a second time, to find a
// program whose answers vary run to run.
const (
	// RecheckFirst (the default, written "" after Normalize) runs each
	// submission's first visible test whose puzzle is solvable twice.
	RecheckFirst = "first"
	// RecheckAll runs every test twice.
	RecheckAll = "all"
	// RecheckNone runs every test once.
	RecheckNone = "none"
)

// BoardText says how a board is written in the placeholders of
// run.command and run.stdin, for programs that take it as one string
// ("1_3428765") or in a course's own symbols.
type BoardText struct {
	// Blank is how the blank is written in every placeholder of the
	// board; "" is 0.
	Blank string `json:"blank,omitempty"`
	// Separator goes between the cells of a row in {board}; "" writes
	// them one after the other (boards whose tiles are all one digit).
	Separator string `json:"separator,omitempty"`
	// RowSeparator goes between the rows in {board}; nil is Separator.
	RowSeparator *string `json:"row_separator,omitempty"`
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

// Limits bound one run of a student's program: a test (run.*) or the
// build (build.*). They are the sandbox's limits too, with their
// defaults (limits.RunDefaults, limits.BuildDefaults) and validation in
// package limits.
type Limits = limits.Limits

// Duration is a time.Duration written in configuration as "10s", "1m30s"
// or a bare number of seconds (limits.Duration).
type Duration = limits.Duration

// ByteSize is an amount of memory, output or disk written in
// configuration as "512MiB", "1GiB" or a bare number of bytes
// (limits.ByteSize).
type ByteSize = limits.ByteSize

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
	// Reported is the most a result whose moves were not checked (a
	// length the program reported, run.solution: reported) earns, as a
	// share of the test's Solved + Optimal points; default
	// DefaultReportedShare.
	Reported *float64 `json:"reported,omitempty"`
	// API gives points to the method checks of run.java_api, by name
	// (APICriteria), on top of the verdict's. After Normalize it holds
	// every method check when run.java_api is set (0 points for those
	// the rubric does not name: reported, not scored), and nothing
	// otherwise.
	API map[string]float64 `json:"api,omitempty"`
	// Claims gives points to the claim criteria, by name (ClaimCriteria).
	// After Normalize it holds, when claims.algorithm is set, every claim
	// run.extract has a pattern for, and nothing otherwise.
	Claims map[string]float64 `json:"claims,omitempty"`
	// Search gives points to the search checks of run.problem: berkeley,
	// by name (SearchCriteria). After Normalize it holds every search check
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

// Feedback configures what students are told: the per-student Markdown
// feedback, and where an answer left every optimal path.
type Feedback struct {
	// Template is a text/template file replacing the built-in
	// templates/feedback/feedback.md.tmpl; empty uses the built-in one.
	Template string `json:"template,omitempty"`
	// OffPath is what the tests students see say of the first move off
	// every optimal path of a suboptimal or incomplete answer: OffPathShow
	// (the default), OffPathMove or OffPathOff (no search either).
	OffPath string `json:"off_path,omitempty"`
	// OffPathHidden is what hidden tests say of it, when their results
	// are shown (visibility.hidden): OffPathNone (the default) or
	// OffPathMove. A hidden test never shows its board.
	OffPathHidden string `json:"off_path_hidden,omitempty"`
	// OffPathNodes is the work the search may spend on each distance it
	// proves, in IDA* expansions (0: DefaultOffPathNodes); a distance it
	// cannot prove within it is reported as not proved.
	OffPathNodes int64 `json:"off_path_nodes,omitempty"`
	// CheckerURL is where the course publishes its browser checker page
	// (kpuzzle page); each test students see then links it, opened on the
	// student's answer. Empty: no link.
	CheckerURL string `json:"checker_url,omitempty"`
}

// Values of Feedback.OffPath and Feedback.OffPathHidden.
const (
	// OffPathShow: the move, the board before it, how far the goal was
	// and the moves that would have stayed on an optimal path.
	OffPathShow = "show"
	// OffPathMove: the move's number only.
	OffPathMove = "move"
	// OffPathOff: nothing; the grader does not search.
	OffPathOff = "off"
	// OffPathNone: nothing (hidden tests).
	OffPathNone = "none"
)

// DefaultOffPathNodes is Feedback.OffPathNodes's default: a distance on a
// 4x4 board within about 40 moves of the goal takes far fewer, and two
// million expansions take about half a second on one core
// (docs/performance.md).
const DefaultOffPathNodes = 2_000_000

// SearchesOffPath reports whether the grading searches for the first
// move off every optimal path: unless feedback.off_path is off.
func (f Feedback) SearchesOffPath() bool { return f.OffPath != OffPathOff }

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
	// import CSV is written beside gradebook.csv (package report's
	// gradebook formats, which validate it: report.CheckGradebooks).
	Gradebook []string `json:"gradebook,omitempty"`
}

// PrairieLearnSettings tune the PrairieLearn question of the assignment.
type PrairieLearnSettings struct {
	// Submit is how students hand in their files: "upload" (the
	// default, pl-file-upload) or "editor" (a pl-file-editor per file).
	Submit string `json:"submit,omitempty"`
	// Hidden is what a grading job does with the hidden tests, whose
	// results PrairieLearn would show at once: HiddenRelease (the
	// default) or HiddenFold.
	Hidden string `json:"hidden,omitempty"`
	// Question is the question's id (its folder under questions/), by
	// which the bundle is written and a PrairieLearn download's rows
	// are found at release; empty: from the assignment's name.
	Question string `json:"question,omitempty"`
}

// Values of PrairieLearnSettings.Hidden.
const (
	// HiddenRelease: a grading job runs the public tests only, and its
	// score and entries count them alone; course staff grade the hidden
	// tests at release (kpuzzle grade on PrairieLearn's download of the
	// submissions) and upload the scores.
	HiddenRelease = "release"
	// HiddenFold: a grading job runs every test and folds the hidden
	// ones into one entry worth all their points when every one of them
	// earned full points and none otherwise: at most one bit a
	// submission about them.
	HiddenFold = "fold"
)

// GradescopeSettings tune Gradescope's results.json.
type GradescopeSettings struct {
	// FeedbackBudget, when above 0, is how many submissions in each
	// FeedbackPeriod get the visible tests' full feedback; later ones
	// get their points and verdicts only (see report.FeedbackBudget).
	FeedbackBudget int `json:"feedback_budget,omitempty"`
	// FeedbackPeriod is the window the budget counts submissions in,
	// back from the submission's own time; 24 hours by default.
	FeedbackPeriod Duration `json:"feedback_period,omitempty"`
}

// ReplaysOn reports whether replay pages are written: Replays, on by
// default.
func (s ResultSettings) ReplaysOn() bool { return s.Replays == nil || *s.Replays }

// Gradescope visibility values.
var visibilities = []string{"visible", "after_due_date", "after_published", "hidden"}
