package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// columbiaSet is a 2x3 set named after the search each test asks for
// (bfs_*, dfs_*, ast_*), goal blank first, as ColumbiaX's driver.py is
// graded.
var columbiaSet = filepath.Join(testdata, "puzzles", "columbia")

// One assignment grades a ColumbiaX-shaped driver's bfs, dfs and A*
// tests, each by its own search (groups): the program writes output.txt
// in its working folder (run.answer: output.txt, no {output}); a dfs
// answer longer than the optimum is a valid dfs path worth every point,
// where without the groups it is a suboptimal A* answer.
func TestColumbiaGroups(t *testing.T) {
	needTool(t, "python3")
	root := copySubmissions(t, "python-columbia")
	asg := func(groups string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "*.txt"}, "goal": "blank-first", "moves": "blank",
	"run": {"command": "python3 {submission}/driver.py {choice} {cells_comma} {height} {width}", "answer": "output.txt", "wall_time": "60s",
		"choices": ["bfs_*=bfs", "dfs_*=dfs", "ast_*=ast"],
		"extract": {"moves": "'(Up|Down|Left|Right)'", "length": "cost_of_path: (\\d+)", "expanded": "nodes_expanded: (\\d+)"}},
	"claims": {"algorithm": "astar", "heuristic": "manhattan"},
	"rubric": {"claims": {"length": 1}}%s
}`, mustAbs(t, columbiaSet), groups))
	}
	a := asg(`, "groups": [{"tests": "bfs_*", "claims": {"algorithm": "bfs"}}, {"tests": "dfs_*", "claims": {"algorithm": "dfs"}}]`)
	o := grade(t, batch.Options{Assignment: a, Oracle: referenceOracle}, root)
	for _, tc := range o.Tests {
		r := o.Results["python-columbia"][tc.Name]
		t.Logf("%s:\n%s\nchecks %+v", tc.Name, resultText(r), r.Criteria)
		want := check.Optimal
		if strings.HasPrefix(tc.Name, "dfs_") {
			want = check.Valid
			if !strings.Contains(r.Summary, "dfs does not promise a shortest solution, so any solution is valid") || r.Length <= *r.OptimalLength {
				t.Errorf("%s: %s", tc.Name, r.Summary)
			}
		}
		if r.Verdict != want || r.Score(a.Rubric) != 3 || r.Max(a.Rubric) != 3 || len(r.Criteria) == 0 || r.FailedCriteria(a.Rubric) != 0 {
			t.Errorf("%s: want %s with 3 of 3 points, got %v of %v:\n%s\nchecks %+v", tc.Name, want, r.Score(a.Rubric), r.Max(a.Rubric), resultText(r), r.Criteria)
		}
	}
	// The same answers judged as A* answers: the dfs ones are suboptimal,
	// and their length check fails, A* promising the optimum.
	b := asg("")
	o = grade(t, batch.Options{Assignment: b, Oracle: referenceOracle}, root)
	for _, name := range []string{"dfs_1.txt", "dfs_2.txt"} {
		r := o.Results["python-columbia"][name]
		if r.Verdict != check.Suboptimal || r.Score(b.Rubric) >= 2 {
			t.Errorf("%s without groups: %v points\n%s", name, r.Score(b.Rubric), resultText(r))
		}
	}
}

// A UCR CS170-shaped program reports its solution instead of listing
// it: an interactive menu, a trace of every expansion, and the depth of
// the goal. With run.solution: reported, the depth is judged against
// the proven optimum and the claimed counts against the claimed search,
// the trace's last lines kept in the feedback; on the unsolvable board
// its trace passes the default run.output cap (1MiB), which says so.
func TestReportedSolution(t *testing.T) {
	if testing.Short() {
		t.Skip("searches a whole 3x3 half-space in Python; go test without -short runs it")
	}
	needTool(t, "python3")
	root := copySubmissions(t, "python-ucr")
	asg := func(solution string) grader.Assignment {
		return assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[124].txt"},
	"run": {"command": "python3 {submission}/main.py", "answer": "stdout", "wall_time": "60s", "stdin": "2\n{rows}\n{choice}", "choices": ["*=3"], %s
		"extract": {"length": "depth of the goal node was (\\d+)", "expanded": "expanded a total of (\\d+) nodes", "frontier": "queue at any one time: (\\d+)", "unsolvable": "No solution found"}},
	"claims": {"algorithm": "astar", "heuristic": "manhattan"},
	"rubric": {"claims": {"length": 1}}
}`, mustAbs(t, smallSet), solution))
	}
	a := asg(`"solution": "reported",`)
	o := grade(t, batch.Options{Assignment: a}, root)
	for _, name := range []string{"p1.txt", "p2.txt"} {
		r := o.Results["python-ucr"][name]
		t.Logf("%s:\n%s\nchecks %+v", name, resultText(r), r.Criteria)
		details := strings.Join(r.Details, "\n")
		// The depth is a claim, not a checked path: half of the
		// verdict's 2 points (rubric.reported), and the length check's 1.
		if r.Verdict != check.Optimal || !r.Unchecked || r.OptimalLength == nil || r.Length != *r.OptimalLength || r.Score(a.Rubric) != 2 ||
			!strings.Contains(r.Summary, fmt.Sprintf("reports a solution of %d moves, the optimal length (its moves are not listed, so the length is its claim, not checked", r.Length)) ||
			strings.Contains(details, "as its answer has") ||
			!strings.Contains(details, "report (last 12 of ") || !strings.Contains(details, fmt.Sprintf("The depth of the goal node was %d.", r.Length)) ||
			r.Claims == nil || r.Claims.Expanded == nil {
			t.Errorf("%s: %v points:\n%s", name, r.Score(a.Rubric), resultText(r))
		}
	}
	if r := o.Results["python-ucr"]["p4.txt"]; r.Verdict != check.OutputLimit || !strings.Contains(r.Summary, "run.output (1MiB)") {
		t.Errorf("unsolvable p4 under the default output cap:\n%s", resultText(r))
	}
	// With room for its trace (about 18 MB here), it searches the whole
	// reachable half and says there is no solution.
	big := a
	big.Puzzles.Glob, big.Run.Output = "p4.txt", 64<<20
	if err := big.Normalize(); err != nil {
		t.Fatal(err)
	}
	if r := grade(t, batch.Options{Assignment: big}, root).Results["python-ucr"]["p4.txt"]; r.Verdict != check.UnsolvableCorrect {
		t.Errorf("unsolvable p4 with run.output 64MiB:\n%s", resultText(r))
	}
	// A program that only claims a depth (python-depthliar: 31 on every
	// puzzle, no search) earns at most rubric.reported of each test's
	// verdict points, and nothing where the claim is impossible; with a
	// dfs group, which promises no shortest path, still at most half
	// (31.4 measured 51.2 and 55.6 of 60 before the cap).
	liar := copySubmissions(t, "python-depthliar")
	for _, groups := range []string{``, `, "groups": [{"tests": "*", "claims": {"algorithm": "dfs"}}]`} {
		la := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[123].txt"},
	"run": {"command": "python3 {submission}/main.py", "answer": "stdout", "stdin": "2\n{rows}\n3", "solution": "reported",
		"extract": {"length": "depth of the goal node was (\\d+)"}},
	"rubric": {"solved": 6, "optimal": 4}%s
}`, mustAbs(t, smallSet), groups))
		for name, r := range grade(t, batch.Options{Assignment: la}, liar).Results["python-depthliar"] {
			if !r.Unchecked || r.Length != 31 || r.Score(la.Rubric) > 5 || (r.Verdict.Solved() && !strings.Contains(r.Summary, "not checked")) {
				t.Errorf("liar%s %s: %v of %v points:\n%s", groups, name, r.Score(la.Rubric), r.Max(la.Rubric), resultText(r))
			}
		}
	}

	// Without it, the same program has no moves to check.
	b := asg("")
	o = grade(t, batch.Options{Assignment: b}, root)
	if r := o.Results["python-ucr"]["p1.txt"]; r.Verdict.Solved() {
		t.Errorf("moves expected: %s", resultText(r))
	}
}

// A program may write its answer at a path of its own choosing in its
// working folder, say "unsolvable" on stderr (run.read_stderr), or write
// nothing: an empty answer is no answer, labelled as such.
func TestAnswerWhereTheProgramPutsIt(t *testing.T) {
	root := t.TempDir()
	write := func(sub, script string) {
		if err := os.MkdirAll(filepath.Join(root, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, sub, "run.sh"), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// p1's key, in a folder of its own; p4 is unsolvable.
	write("fixed", `mkdir -p out
if grep -q '^5 7 3' "$1"; then echo "Unsolvable" >&2; exit 0; fi
printf 'RIGHT\nUP\nLEFT\nLEFT\nDOWN\nDOWN\nRIGHT\nRIGHT\nUP\nUP\nLEFT\nLEFT\n' > out/answer.txt
`)
	write("empty", "exit 0\n")
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p[14].txt"},
	"run": {"command": "sh {submission}/run.sh {input}", "answer": "out/answer.txt", "read_stderr": true,
		"extract": {"unsolvable": "(?im)^unsolvable$"}}
}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	got := fmt.Sprint(verdicts(o, "fixed"), verdicts(o, "empty"))
	if want := "[optimal unsolvable-correct] [no-answer no-answer]"; got != want {
		t.Errorf("verdicts %s, want %s", got, want)
	}
	if r := o.Results["empty"]["p1.txt"]; !strings.Contains(r.Summary, "wrote no answer to out/answer.txt in its working folder") {
		t.Errorf("empty: %s", resultText(r))
	}
	// Without run.read_stderr, what stderr says is not an answer.
	a.Run.ReadStderr = false
	o = grade(t, batch.Options{Assignment: a}, root)
	if r := o.Results["fixed"]["p4.txt"]; r.Verdict != check.NoAnswer {
		t.Errorf("stderr not read: %s", resultText(r))
	}
	// On stdout, an empty answer is labelled too.
	a.Run.Answer, a.Run.Command = "stdout", "sh {submission}/run.sh {input}"
	if err := a.Normalize(); err != nil {
		t.Fatal(err)
	}
	o = grade(t, batch.Options{Assignment: a}, root)
	if r := o.Results["empty"]["p1.txt"]; r.Verdict != check.NoAnswer || r.Summary != "the program exited normally but printed nothing on stdout" {
		t.Errorf("empty stdout: %s", resultText(r))
	}
}

// An answer written at run.answer's path that comes within 10% of
// run.output is marked near the limit, as one at the output path is.
func TestAnswerInFolderNearLimit(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "padded")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// p1's twelve optimal moves (59 bytes), then blank lines to 950 bytes.
	script := "mkdir -p out\nprintf 'RIGHT\\nUP\\nLEFT\\nLEFT\\nDOWN\\nDOWN\\nRIGHT\\nRIGHT\\nUP\\nUP\\nLEFT\\nLEFT\\n' > out/answer.txt\n" +
		"head -c 891 /dev/zero | tr '\\0' '\\n' >> out/answer.txt\n"
	if err := os.WriteFile(filepath.Join(sub, "run.sh"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{
	"puzzles": {"dir": %q, "glob": "p1.txt"},
	"run": {"command": "sh {submission}/run.sh {input}", "answer": "out/answer.txt", "output": "1000"}
}`, mustAbs(t, smallSet)))
	r := grade(t, batch.Options{Assignment: a}, root).Results["padded"]["p1.txt"]
	if r.Verdict != check.Optimal || r.NearLimit != "answer file (run.output 1000)" {
		t.Errorf("a 950-byte answer at out/answer.txt under run.output 1000: near limit %q, want the answer file's:\n%s", r.NearLimit, resultText(r))
	}
}

// run.java_api: princeton grades both Princeton APIs, told apart from
// the classes: the COS226 2019+ one (size(), tileAt(), Board.isSolvable(),
// no twin(), a Solver that throws on an unsolvable board) as the
// Coursera one, with its own method checks; classes that match neither
// are told so; a compiler error is shown from the first one, in the
// student's own file, since the harness calls the classes by reflection.
func TestJavaPrincetonCampusAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs Java API submissions; go test without -short runs it")
	}
	needTool(t, "javac")
	needTool(t, "java")
	root := copySubmissions(t, "java-princeton-campus", "java-princeton")
	neither := filepath.Join(root, "java-neither")
	copyInto(t, filepath.Join(root, "java-princeton-campus"), neither)
	board, _ := os.ReadFile(filepath.Join(neither, "Board.java"))
	os.WriteFile(filepath.Join(neither, "Board.java"), []byte(strings.Replace(string(board), "public int size()", "public int side()", 1)), 0o644)
	broken := filepath.Join(root, "java-broken")
	copyInto(t, filepath.Join(root, "java-princeton-campus"), broken)
	os.WriteFile(filepath.Join(broken, "Board.java"), []byte(strings.Replace(string(board), "return tiles[row][col];", "return tiles[row][col]", 1)), 0o644)
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p[124].txt"}, "run": {"java_api": "princeton", "wall_time": "60s"}, "build": {"wall_time": "5m"},
		"rubric": {"api": {"tile_at": 1, "is_solvable": 1, "manhattan": 1, "dimension": 1, "moves": 1}}}`, mustAbs(t, smallSet)))
	o := grade(t, batch.Options{Assignment: a}, root)
	for _, sub := range []string{"java-princeton-campus", "java-princeton"} {
		for test, r := range o.Results[sub] {
			if (r.Verdict != check.Optimal && r.Verdict != check.UnsolvableCorrect) || r.FailedCriteria(a.Rubric) != 0 || r.Score(a.Rubric) != r.Max(a.Rubric) {
				t.Errorf("%s %s: %v of %v points:\n%s\nchecks %+v", sub, test, r.Score(a.Rubric), r.Max(a.Rubric), resultText(r), r.Criteria)
			}
		}
	}
	details := map[string]string{}
	for _, c := range o.Results["java-princeton-campus"]["p4.txt"].Criteria {
		details[c.Name] = c.Detail
	}
	for name, want := range map[string]string{
		"dimension":   "size() returned 3",
		"tile_at":     "tileAt(row, col) returned every cell's tile (0 for the blank)",
		"is_solvable": "isSolvable() returned false",
		"twin":        "not applicable: twin() is part of the coursera API, and these classes follow the campus API",
		"moves":       "new Solver(board) threw IllegalArgumentException: the puzzle has no solution",
	} {
		if details[name] != want {
			t.Errorf("campus p4 %s: %q, want %q", name, details[name], want)
		}
	}
	if r := o.Results["java-neither"]["p1.txt"]; r.Verdict != check.Crashed || !strings.Contains(r.Summary, "kpuzzle: the submission matches neither Princeton 8puzzle API: Board has neither dimension()") || r.Score(a.Rubric) != 0 {
		t.Errorf("neither API:\n%s", resultText(r))
	}
	r := o.Results["java-broken"]["p1.txt"]
	if d := strings.Join(r.Details, "\n"); r.Verdict != check.BuildFailed || !strings.Contains(d, "<submission>/Board.java:") || !strings.Contains(d, "error: ';' expected") || strings.Contains(d, "KpuzzleHarness") {
		t.Errorf("compiler error:\n%s", resultText(r))
	}
}
