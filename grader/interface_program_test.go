package grader_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func interfaceAssignment(t *testing.T, run string) (grader.Assignment, error) {
	t.Helper()
	return grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "python3 {submission}/menu.py", "answer": "stdout"`+run+`}}`), "/c", nil)
}

func TestStdinTemplate(t *testing.T) {
	a, err := interfaceAssignment(t, `, "stdin": "2\n{size}\n{rows}\n{cells}\n{height}x{width}\n{choice}", "choices": ["4x4/*=3", "*=1"]`)
	if err != nil {
		t.Fatal(err)
	}
	b := puzzles.MustBoard(2, 3, 1, 2, 3, 4, 0, 5)
	got := string(a.Run.StdinFor(grader.Test{Name: "2x3/p1.txt", Board: b}))
	if want := "2\n2 3\n1 2 3\n4 0 5\n1 2 3 4 0 5\n2x3\n1\n"; got != want {
		t.Errorf("stdin %q, want %q", got, want)
	}
	if c := a.Run.ChoiceFor("4x4/p2.txt"); c != "3" {
		t.Errorf("choice for 4x4/p2.txt: %q", c)
	}
	sq := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	if got := string(a.Run.StdinFor(grader.Test{Name: "p", Board: sq})); !strings.HasPrefix(got, "2\n3\n1 2 3\n4 5 6\n7 0 8\n") {
		t.Errorf("square board's stdin %q", got)
	}
	none, _ := interfaceAssignment(t, "")
	if none.Run.StdinFor(grader.Test{Board: sq}) != nil {
		t.Error("stdin without run.stdin")
	}
}

func TestExtract(t *testing.T) {
	a, err := interfaceAssignment(t, `, "extract": {"moves": "Solution: (?P<moves>[UDLR ]+)", "length": "depth (\\d+)", "expanded": "expanded: ([\\d,_]+)", "frontier": "frontier: (\\S+)"}`)
	if err != nil {
		t.Fatal(err)
	}
	out := []byte("expanded: 10\ndepth 3\nexpanded: 1,264\nSolution: U L R\nfrontier: many\n")
	answer, found := a.Run.MovesIn(out)
	if !found || string(answer) != "U L R\n" {
		t.Errorf("answer %q, %v", answer, found)
	}
	c, problems := a.Run.ExtractClaims(out)
	if c.Length == nil || *c.Length != 3 || c.Expanded == nil || *c.Expanded != 1264 || c.Frontier != nil {
		t.Errorf("claims %+v", c)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], `run.extract.frontier matched "many"`) {
		t.Errorf("problems %q", problems)
	}
	if _, found := a.Run.MovesIn([]byte("no solution here")); found {
		t.Error("found an answer in text without one")
	}
	optimal := 2
	d := strings.Join(grader.ClaimDetails(c, 3, true, &optimal), "\n")
	if !strings.Contains(d, "it reports a solution of 3 moves, as its answer has; the optimal length is 2") || !strings.Contains(d, "1264 nodes expanded") {
		t.Errorf("details %q", d)
	}
	short := 1
	if d := grader.ClaimDetails(grader.Claims{Length: &short}, 5, true, &optimal); !strings.Contains(d[0], "but its answer has 5; the optimal length is 2, so no solution is that short") {
		t.Errorf("a claim shorter than the optimum: %q", d)
	}
}

func TestInterfaceErrorsNameTheKey(t *testing.T) {
	for _, c := range []struct{ run, key, msg string }{
		{`, "stdin": "{rows}\n{algo}"`, "run.stdin", "unknown placeholder {algo}"},
		{`, "stdin": "{rows}", "choices": ["*=1"]`, "run.choices", "has a {choice}"},
		{`, "stdin": "{choice}", "choices": ["nopattern"]`, "run.choices", "expected PATTERN=VALUE"},
		{`, "stdin": "{choice}", "choices": ["[=1"]`, "run.choices", "bad pattern"},
		{`, "extract": {"moves": "Move: \\w+"}`, "run.extract.moves", "has no group"},
		{`, "extract": {"moves": "(("}`, "run.extract.moves", "not a regular expression"},
		{`, "extract": {"nodes": "(\\d+)"}`, "run.extract.nodes", "unknown key"},
	} {
		_, err := interfaceAssignment(t, c.run)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != c.key || !strings.Contains(ce.Error(), c.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", c.run, err, c.key, c.msg)
		}
	}
	// A report written to the answer file is read with run.extract too.
	if _, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "x {output}", "extract": {"moves": "(\\w+)"}}}`), "/c", nil); err != nil {
		t.Errorf("extract.moves with run.answer file: %v", err)
	}
}

// FuzzExtract runs run.extract's patterns over any output: no panic,
// counts are never negative, an answer found ends in a newline.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"Move 1: UP\nMove 2: LEFT\nDepth: 2\nExpanded: 1,234\nFrontier: 9\n", "Depth: -3\n", "Expanded: 99999999999999999999\n", ""} {
		f.Add([]byte(s))
	}
	a, err := grader.ParseAssignment(map[string]any{"puzzles": map[string]any{"dir": "s"}, "run": map[string]any{
		"command": "x", "answer": "stdout",
		"extract": map[string]any{"moves": `Move \d+: (\w+)`, "length": `Depth: (-?\d+)`, "expanded": `Expanded: ([\d,]+)`, "frontier": `Frontier: (\S+)`},
	}}, "/c", nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		if answer, found := a.Run.MovesIn(out); found && !strings.HasSuffix(string(answer), "\n") {
			t.Fatalf("answer %q", answer)
		}
		c, problems := a.Run.ExtractClaims(out)
		for _, n := range []*int{c.Length, c.Expanded, c.Frontier} {
			if n != nil && *n < 0 {
				t.Fatalf("negative count in %+v", c)
			}
		}
		for _, p := range problems {
			if strings.Contains(p, "\n") {
				t.Fatalf("problem %q spans lines", p)
			}
		}
	})
}

func TestClaimSettings(t *testing.T) {
	extract := `, "extract": {"expanded": "Expanded: (\\d+)"}`
	a, err := interfaceAssignment(t, extract+`}, "claims": {"algorithm": "A*", "heuristic": "manhattan"`)
	if err != nil || a.Claims.Algorithm != "astar" {
		t.Fatalf("claims: %+v, %v", a.Claims, err)
	}
	plain, _ := interfaceAssignment(t, extract)
	if a.Fingerprint() == plain.Fingerprint() {
		t.Error("claims do not change the fingerprint (resumed results would keep stale judgements)")
	}
	for _, c := range []struct{ run, key, msg string }{
		{extract + `}, "claims": {"algorithm": "hill-climbing"`, "claims.algorithm", "expected bfs"},
		{extract + `}, "claims": {"heuristic": "manhattan"`, "claims.heuristic", "without claims.algorithm"},
	} {
		_, err := interfaceAssignment(t, c.run)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != c.key || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", c.run, err, c.key, c.msg)
		}
	}
}

// Which search a test expects can be said for every interface kind,
// with or without counts to judge (34.4: a function harness's dfs was
// "suboptimal 461/7" and claims: {algorithm: dfs} was refused): a search
// that does not promise a shortest path judges any checked path valid,
// worth every point, and says so; Berkeley's run.search says it when the
// claims do not.
func TestExpectedSearchForEveryInterface(t *testing.T) {
	for _, c := range []struct{ name, js, search string }{
		{"program without counts", `"run": {"command": "x {input} {output}"}, "claims": {"algorithm": "dfs"}`, "dfs"},
		{"function", `"run": {"function": "solver:solve"}, "claims": {"algorithm": "dfs"}`, "dfs"},
		{"function, per group", `"run": {"function": "solver:solve"}, "groups": [{"tests": "a*", "claims": {"algorithm": "greedy"}}]`, "greedy"},
		{"java api", `"run": {"java_api": "princeton"}, "groups": [{"tests": "*", "claims": {"algorithm": "dfs"}}]`, "dfs"},
		{"stdin program", `"run": {"command": "x", "stdin": "{rows}", "answer": "stdout"}, "claims": {"algorithm": "dfs"}`, "dfs"},
		{"berkeley, from run.search", `"run": {"problem": "berkeley", "function": "search:depthFirstSearch"}`, "dfs"},
		{"berkeley, claims first", `"run": {"problem": "berkeley", "function": "search:depthFirstSearch"}, "claims": {"algorithm": "bfs"}`, "bfs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "rubric": {"solved": 2, "optimal": 3}, `+c.js+`}`), "/c", nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.ExpectedSearch("a.txt"); got != c.search {
				t.Errorf("expected search %q, want %q", got, c.search)
			}
			shortest := c.search == "bfs"
			if a.Rubric.ForTest("a.txt").AnyLength == shortest {
				t.Errorf("any length %v for %s", !shortest, c.search)
			}
			// A checked legal path twice the optimum, as the checker
			// gives it: valid with every point for dfs and greedy.
			res := grader.Result{Test: "a.txt", Verdict: check.Valid, Solvable: true, Length: 14, OptimalLength: ptr(7)}
			if !shortest && res.VerdictScore(a.Rubric) != 5 {
				t.Errorf("a checked %s path scores %v of 5", c.search, res.VerdictScore(a.Rubric))
			}
		})
	}
}

func TestEntrySettings(t *testing.T) {
	for _, c := range []struct{ js, key, msg string }{
		{`"run": {"command": "python3 {entry} {input} {output}"}`, "run.entry", "missing, but a command uses {entry}"},
		{`"run": {"command": "python3 {submission}/a.py {input} {output}", "entry": "*.py"}`, "run.entry", "neither run.command nor build.command"},
		{`"run": {"command": "python3 {entry} {input} {output}", "entry": "../*.py"}`, "run.entry", "a pattern inside the submission"},
		{`"run": {"command": "python3 {entry} {input} {output}", "entry": "[.py"}`, "run.entry", "a pattern inside the submission"},
	} {
		_, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, `+c.js+`}`), "/c", nil)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != c.key || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", c.js, err, c.key, c.msg)
		}
	}
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "java -cp {submission} Main {input} {output}", "entry": "*Solver.java"}, "build": {"command": "javac {entry}"}}`), "/c", nil)
	if err != nil {
		t.Fatalf("{entry} in the build command: %v", err)
	}
	if got := a.ExpectedFiles(); len(got) == 0 || got[len(got)-1] != "*Solver.java" {
		t.Errorf("expected files %q", got)
	}
}

func TestExtractUnsolvable(t *testing.T) {
	a, err := interfaceAssignment(t, `, "extract": {"moves": "Moved (\\w+)", "unsolvable": "(?i)cannot be solved"}`)
	if err != nil {
		t.Fatal(err)
	}
	said := a.Run.ReadAnswer([]grader.Stream{{Name: "stdout", Text: []byte("Expanding...\nThis puzzle Cannot be solved.\n"), Answer: true}})
	if want := "it says the puzzle has no solution (run.extract.unsolvable matched stdout, line 2: This puzzle Cannot be solved.)"; said.Kind != grader.AnswerUnsolvable || said.Said != want {
		t.Errorf("no-solution sentence: %+v, want %q", said, want)
	}
	if got := a.Run.ReadAnswer([]grader.Stream{{Name: "stdout", Text: []byte("Moved UP\nMoved LEFT\n"), Answer: true}}); got.Kind != grader.AnswerText || string(got.Answer) != "UP\nLEFT\n" {
		t.Errorf("moves: %+v", got)
	}
	if _, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "x {output}", "extract": {"unsolvable": "none"}}}`), "/c", nil); err != nil {
		t.Errorf("unsolvable pattern with run.answer file: %v", err)
	}
}

func TestFunctionSettings(t *testing.T) {
	parse := func(run string) (grader.Assignment, error) {
		return grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {`+run+`}}`), "/c", nil)
	}
	a, err := parse(`"function": "pkg.solver:solve"`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "python3 {submission}/kpuzzle_harness.py pkg.solver:solve {input} {output}"; a.Run.Command != want {
		t.Errorf("command %q, want %q", a.Run.Command, want)
	}
	if got := a.ExpectedFiles(); len(got) != 1 || got[0] != "pkg/solver.py" {
		t.Errorf("expected files %q", got)
	}
	again := a
	if err := again.Normalize(); err != nil || again.Run.Command != a.Run.Command || again.Fingerprint() != a.Fingerprint() {
		t.Errorf("normalizing twice: %q, %v", again.Run.Command, err)
	}
	if b, err := parse(`"function": "solver:solve", "command": "python3.11 -X utf8"`); err != nil || !strings.HasPrefix(b.Run.Command, "python3.11 -X utf8 {submission}/kpuzzle_harness.py") {
		t.Errorf("an interpreter: %q, %v", b.Run.Command, err)
	}
	for _, c := range []struct{ run, key, msg string }{
		{`"function": "solver.solve"`, "run.function", "expected MODULE:FUNCTION"},
		{`"function": "solver:solve", "answer": "stdout"`, "run.answer", "leave run.answer out"},
		{`"function": "solver:solve", "command": "python3 {submission}/x.py"`, "run.command", "the Python interpreter only"},
	} {
		_, err := parse(c.run)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != c.key || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", c.run, err, c.key, c.msg)
		}
	}
}

func TestJavaAPISettings(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"java_api": "princeton"}}`), "/c", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.Run.Command, "KpuzzleHarness {input} {output}") || !strings.Contains(a.Build.Command, "{submission}/Board.java {submission}/Solver.java") ||
		a.Run.Memory != 2<<30 || a.Run.Processes != 256 {
		t.Errorf("defaults: run %q, build %q, memory %d, processes %d", a.Run.Command, a.Build.Command, a.Run.Memory, a.Run.Processes)
	}
	own, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"java_api": "princeton", "memory": "3GiB", "command": "java -cp {submission} KpuzzleHarness {input} {output}"}}`), "/c", nil)
	if err != nil || own.Run.Memory != 3<<30 || own.Run.Command != "java -cp {submission} KpuzzleHarness {input} {output}" {
		t.Errorf("the assignment's own settings: %+v, %v", own.Run, err)
	}
	for _, c := range []struct{ run, key, msg string }{
		{`"java_api": "berkeley"`, "run.java_api", "expected princeton"},
		{`"java_api": "princeton", "function": "a:b"`, "run.java_api", "not both"},
		{`"java_api": "princeton", "answer": "stdout"`, "run.answer", "leave run.answer out"},
	} {
		_, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {`+c.run+`}}`), "/c", nil)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != c.key || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", c.run, err, c.key, c.msg)
		}
	}
}

// run.java_api poses tests through Princeton's Board, which is n-by-n
// with the blank last in its goal: a rectangular test or another goal is
// refused when the tests load, naming the test.
func TestJavaAPIRefusesWhatPrincetonCannotPose(t *testing.T) {
	square, _ := puzzles.NewBoard(puzzles.Shape{Rows: 3, Cols: 3}, []int{1, 2, 3, 4, 5, 6, 7, 0, 8})
	wide, _ := puzzles.NewBoard(puzzles.Shape{Rows: 2, Cols: 3}, []int{1, 2, 3, 4, 0, 5})
	load := func(boards map[string]puzzles.Board, goal string) error {
		dir := writeSet(t, boards, nil)
		js := fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "run": {"java_api": "princeton"}}`, dir)
		if goal != "" {
			js = fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "*.txt"}, "goal": %q, "run": {"java_api": "princeton"}}`, dir, goal)
		}
		a, err := grader.ParseAssignment(settings(t, js), "/c", nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.LoadTests()
		return err
	}
	if err := load(map[string]puzzles.Board{"a.txt": square}, ""); err != nil {
		t.Errorf("a square board to the default goal: %v", err)
	}
	for _, c := range []struct {
		boards map[string]puzzles.Board
		goal   string
		msg    string
	}{
		{map[string]puzzles.Board{"a.txt": square, "b.txt": wide}, "", "test b.txt is a 2x3 board, but Princeton's Board is n-by-n"},
		{map[string]puzzles.Board{"a.txt": square}, "blank-first", "test a.txt has the blank-first goal"},
	} {
		err := load(c.boards, c.goal)
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != "run.java_api" || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("goal %q: %v, want run.java_api: ...%s...", c.goal, err, c.msg)
		}
	}
}

// run.board writes the board as one string for {board} ("1_3428765"),
// with the blank's symbol in every placeholder of the board.
func TestBoardText(t *testing.T) {
	b := puzzles.MustBoard(3, 3, 1, 0, 3, 4, 2, 8, 7, 6, 5)
	for _, tc := range []struct {
		board, want, cells, stdin string
	}{
		{`{"blank": "_"}`, "1_3428765", "1 _ 3 4 2 8 7 6 5", "1 _ 3\n4 2 8\n7 6 5\n1_3428765\n"},
		{`{"separator": ","}`, "1,0,3,4,2,8,7,6,5", "1 0 3 4 2 8 7 6 5", "1 0 3\n4 2 8\n7 6 5\n1,0,3,4,2,8,7,6,5\n"},
		{`{"blank": "x", "separator": " ", "row_separator": "/"}`, "1 x 3/4 2 8/7 6 5", "1 x 3 4 2 8 7 6 5", "1 x 3\n4 2 8\n7 6 5\n1 x 3/4 2 8/7 6 5\n"},
		{`{}`, "103428765", "1 0 3 4 2 8 7 6 5", "1 0 3\n4 2 8\n7 6 5\n103428765\n"},
	} {
		a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "python3 {submission}/s.py {board}", "answer": "stdout", "stdin": "{rows}\n{board}", "board": `+tc.board+`}}`), "/c", nil)
		if err != nil {
			t.Fatal(err)
		}
		test := grader.Test{Name: "p.txt", Board: b}
		v := a.Run.CommandValues(test)
		if v[grader.PlaceBoard] != tc.want || v[grader.PlaceCells] != tc.cells {
			t.Errorf("%s: {board} %q, {cells} %q; want %q, %q", tc.board, v[grader.PlaceBoard], v[grader.PlaceCells], tc.want, tc.cells)
		}
		if got := a.RunCommand().Expand(v); got[len(got)-1] != tc.want {
			t.Errorf("%s: command %q", tc.board, got)
		}
		if got := string(a.Run.StdinFor(test)); got != tc.stdin {
			t.Errorf("%s: stdin %q, want %q", tc.board, got, tc.stdin)
		}
	}
}

// What a test's board or name cannot give is refused when the tests are
// loaded, naming the key and the test: {board} without a separator on a
// board of two-digit tiles, an answer path whose {choice} or
// {algorithm} the test lacks.
func TestRunSettingsFitEveryTest(t *testing.T) {
	set := t.TempDir()
	writeTestFile(t, set, "dfs_1.txt", "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n")
	writeTestFile(t, set, "ast_1.txt", "1 2 3\n4 5 6\n7 0 8\n")
	for _, tc := range []struct {
		run, top, key, msg string
	}{
		{`"command": "x {board}", "answer": "stdout"`, "", "run.board.separator", "test dfs_1.txt is 4x4: its tiles 10 and up take two digits"},
		{`"command": "x {choice}", "answer": "{choice}_output.txt", "choices": ["ast_*=ast"]`, "", "run.answer", "no entry of run.choices matches test dfs_1.txt"},
		{`"command": "x {input}", "answer": "{algorithm}_output.txt", "extract": {"expanded": "(\\d+)"}`, `"groups": [{"tests": "ast_*", "claims": {"algorithm": "astar"}}]`, "run.answer", "test dfs_1.txt has no claimed algorithm"},
		{`"command": "x {choice}", "answer": "{choice}_output.txt", "choices": ["ast_*=ast", "*=../up"]`, "", "run.answer", `is "../up_output.txt", which is not a file inside the working folder`},
	} {
		js := `{"puzzles": {"dir": "` + set + `", "glob": "*.txt"}, "run": {` + tc.run + `}`
		if tc.top != "" {
			js += ", " + tc.top
		}
		a, err := grader.ParseAssignment(settings(t, js+"}"), "/c", nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.run, err)
		}
		_, err = a.LoadTests()
		ce, ok := err.(*grader.ConfigError)
		if !ok || ce.Key != tc.key || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%s: %v, want %s: ...%s...", tc.run, err, tc.key, tc.msg)
		}
	}
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "`+set+`", "glob": "*.txt"}, "run": {"command": "x {choice}", "answer": "out/{choice}_output.txt", "choices": ["ast_*=ast", "dfs_*=dfs"]}}`), "/c", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := a.LoadTests()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, test := range tests {
		got = append(got, a.AnswerPath(test))
	}
	if want := "[out/ast_output.txt out/dfs_output.txt]"; fmt.Sprint(got) != want {
		t.Errorf("answer paths %v, want %s", got, want)
	}
}

func writeTestFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
