package grader

// The documentation of every assignment key: the table kpuzzle grade
// --help, docs/grading.md and the unknown-key messages are made from.

import (
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

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
	{"goal", "the manifest's goal, else default", puzzles.GoalChoicesDescribed()},
	{"moves", "tile", "answer convention: tile (token = where the tile moves) or blank (where the blank moves)"},
	{"answer.format", "auto", "answer notation: auto (detect it), lines (one move per line), letters, words, list, tiles (tile numbers) or boards (a sequence of boards); see docs/formats.md"},
	{"answer.words", "{}", "the course's own words for the moves, read beside UP, DOWN, LEFT, RIGHT: {up: acima, down: abaixo, left: esquerda, right: direita}, each a word or a list of words"},
	{"answer.block", "auto", "where the answer stands in a longer text (a menu before it, statistics after it): auto (the whole text, or its one block of moves or boards when that is unambiguous) or last (the last block, after a trace of the search)"},
	{"answer.after", "\"\"", "regular expression matching the line just before the answer in a longer text (the last such line counts): the answer is what follows it, up to answer.before"},
	{"answer.before", "\"\"", "regular expression matching the line just after the answer (the first such line after answer.after)"},
	{"run.command", "(required)", "command template with {submission}, {input}, {output}, {entry}, and the puzzle as {cells}, {cells_comma}, {board}, {size}, {height}, {width}, {choice}; run without a shell (sh -c and bash -c wrappers run with pipefail); stdin is the puzzle when {input} is absent"},
	{"run.answer", "file", "where the answer is read: file (the {output} path), stdout, or a path in the working folder that the program writes itself (output.txt, or {choice}_output.txt and {algorithm}_output.txt named after the test's run); an empty answer is no answer"},
	{"run.solution", "moves", "what the answer holds: moves, or reported: a report (a trace, depth, statistics) whose run.extract.length is the length found, judged against the proven optimum as a claim worth at most rubric.reported of the test's points (half by default), the report kept in the feedback; a path the report lists (run.extract.moves) is checked like moves instead"},
	{"run.board.blank", "0", "how the blank is written in every placeholder of the board ({cells}, {cells_comma}, {rows}, {board}): _, x, ..."},
	{"run.board.separator", "\"\"", "what goes between the cells of a row in {board}, the board as one string (1_3428765 with blank _ and no separator)"},
	{"run.board.row_separator", "run.board.separator", "what goes between the rows in {board}"},
	{"run.writable_submission", "false", "each run gets a copy of the submission it may write in (a log beside the program), inside its working folder, counted in run.disk"},
	{"run.recheck", "first", "which tests run a second time to find a program whose answers vary run to run (named in its results): first (each submission's first visible solvable test), all or none"},
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
	{"run.files", "[]", "the instructor's files or folders every run gets in its copy of the submission, read-only, under their own names (a shared utils.py, a data file); they replace a student's files of those names; a Python file the runs' python cannot compile (Python 2 code under python3) stops the grading"},
	{"run.stdin", "\"\"", "what an interactive program reads on stdin instead of the puzzle file: a template with {rows}, {cells}, {board}, {size}, {height}, {width} and {choice}"},
	{"run.choices", "[]", "{choice} per test, as PATTERN=VALUE entries (the first pattern matching the test's name wins), such as a menu number"},
	{"run.extract.moves", "\"\"", "regular expression finding the answer in the answer's text (stdout with run.answer: stdout, else the answer file; stderr after it with run.read_stderr): every match's group, in order, one per line"},
	{"run.extract.unsolvable", "\"\"", "regular expression matching a program's own way of saying there is no solution (\"cannot be solved\") anywhere it wrote (the answer's text, stdout, stderr with run.read_stderr): the answer is then UNSOLVABLE, with or without an answer file"},
	{"run.extract.length", "\"\"", "regular expression whose group is the solution length the program reports, for its feedback"},
	{"run.extract.expanded", "\"\"", "regular expression whose group is the number of nodes the program reports it expanded"},
	{"run.extract.frontier", "\"\"", "regular expression whose group is the largest frontier the program reports"},
	{"run.isolation", "auto", "sandbox isolation of builds and runs: auto, namespaces (an error where the kernel refuses them) or rlimits (the fallback a container without user namespaces gets; see docs/security.md)"},
	{"claims.algorithm", "\"\"", "the search the tests expect, for every interface (astar, bfs, dfs, greedy, ...): one that does not promise a shortest path (dfs, greedy) judges any checked legal path valid, worth every point; the expanded and frontier counts run.extract finds, if it has those patterns, are judged against it, as kpuzzle audit stats does"},
	{"claims.heuristic", "\"\"", "the heuristic of that search (manhattan, misplaced, linear-conflict, euclidean (the real sum) or a variant of it: euclidean-tile-floor for h += (int) sqrt(...), euclidean-ceil, ...; docs/heuristics.md lists them)"},
	{"groups", "[]", "per-test settings: a list of {tests: PATTERN, claims: {algorithm, heuristic}, rubric: {...}}; the first group whose pattern (as in run.choices) matches a test gives it its claims and the rubric keys it names; a group whose algorithm does not promise shortest paths (dfs, greedy) judges any checked solution as valid"},
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
	{"rubric.reported", "0.5", "the most a length whose moves were not checked (run.solution: reported, the report listing no path) earns, as a share of the test's points (solved + optimal): by default at most half; the verdict's summary says so"},
	{"rubric.api", "{} (every check 0)", "points per method check of run.java_api, on top of the verdict's: dimension, hamming, manhattan, is_goal, neighbors, twin, equals, moves, tile_at, is_solvable (e.g. {hamming: 1, manhattan: 1}); a check of the other API than the submission's passes as not applicable"},
	{"rubric.claims", "{} (every check 0)", "points per claim check of claims.algorithm on solvable tests: length, expanded, frontier (each needs its run.extract pattern)"},
	{"rubric.search", "{} (every check 0)", "points for the search check of run.problem: berkeley on solvable tests: order (the states expanded, in the reference's order)"},
	{"visibility.visible", "visible", "Gradescope visibility of ordinary tests"},
	{"visibility.hidden", "after_published", "Gradescope visibility of hidden tests"},
	{"visibility.hidden_tests", "[]", "patterns of test names to hide besides the manifest's hidden entries"},
	{"feedback.template", "built-in", "text/template file for the per-student Markdown feedback"},
	{"feedback.off_path", "show", "what the tests students see say of a suboptimal or incomplete answer's first move off every optimal path: show (the move, the board before it, the moves that stayed optimal), move (its number only) or off (no search)"},
	{"feedback.off_path_hidden", "none", "what hidden tests say of it when their results are shown: none or move (its number only; a hidden test never shows its board)"},
	{"feedback.checker_url", `""`, "address (http or https) where the course publishes its browser checker page (kpuzzle page); every test students see then links it, opened on the student's answer (verdict and replay)"},
	{"feedback.off_path_nodes", "2000000", "work the search may spend on each distance it proves (IDA* expansions, about half a second on one core); a distance not proved within it is reported as such, never guessed"},
	{"optimal.timeout", "60s", "time to prove each optimal length the answer key lacks"},
	{"optimal.verify", "10s", "time to prove again, before any submission runs, each optimal length the answer key gives (a key that disagrees stops the grading; 0 trusts the key)"},
	{"results.times", "false", "put run times in results.json, JUnit XML and the summary page (makes them differ run to run)"},
	{"results.leaderboard", "false", "add a Gradescope leaderboard"},
	{"results.replays", "true", "keep each answer in OUT/answers and write a replay page per student and test in OUT/replays, linked from OUT/summary.html"},
	{"results.gradebook", "[]", "also write the class's scores as the gradebook import CSV of each learning-management system named (the formats --gradebook takes; OUT/gradebook-NAME.csv), matched through the roster; students missing from either side go to OUT/gradebook-missing.txt"},
	{"prairielearn.submit", "upload", "how the PrairieLearn question (kpuzzle bundle prairielearn) asks for the files: upload (pl-file-upload) or editor (a pl-file-editor per file)"},
	{"prairielearn.hidden", "release", "what the question's grading jobs do with the hidden tests: release (they run the public tests only, and the score counts those alone; staff grade the hidden tests at release with kpuzzle grade on PrairieLearn's download and upload the scores) or fold (every test runs; the hidden ones are one entry, all or nothing, which tells a student at most one bit a submission)"},
	{"prairielearn.question", "from name", "the PrairieLearn question's id (its folder under questions/, and the qid of PrairieLearn's downloads at release): letters, digits, - and _"},
	{"gradescope.feedback_budget", "0 (no budget)", "full feedback on the first N submissions in each gradescope.feedback_period, counted from Gradescope's submission metadata (previous_submissions); later ones show each visible test's points and verdict only (against debugging by autograder)"},
	{"gradescope.feedback_period", "24h", "the window gradescope.feedback_budget counts submissions in, back from each submission's own time"},
	{"hide", "[]", "further paths students' programs must not see (the puzzle set, submissions, output and this file always are)"},
	{"integrity.action", "flag", "what happens to a submission that brings a build of kpuzzle, its tables or answer keys, executables its language makes none of, kpuzzle's source or opaque data, or whose run executes kpuzzle, a memory file or a file it wrote: flag (grade normally, name each file in the reports) or zero (the submission scores 0, with the reason shown); integrity: zero is short for integrity: {action: zero}"},
	{"integrity.opaque_above", "1MiB", "a file of data the grader cannot look into (compressed, encrypted or packed data of no known kind, or long runs of base64 or hex in a text) is named from this size, and smaller ones that add up to it"},
	{"integrity.large_above", "64MiB", "a submission holding more than this (git's own files aside), and more than 64 times its source code, is named"},
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

// defaultOf is the documented default of a key.
func defaultOf(key string) string {
	for _, k := range AssignmentKeys {
		if k.Key == key {
			return k.Default
		}
	}
	return "none"
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
