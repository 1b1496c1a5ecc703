package grader_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// settings decodes JSON into the nested maps a YAML decoder gives.
func settings(t testing.TB, js string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("bad test JSON: %v", err)
	}
	return m
}

func TestParseAssignmentDefaults(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{
		"puzzles": {"dir": "set"},
		"run": {"command": "python3 {submission}/solver.py {input} {output}"}
	}`), "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := grader.Assignment{
		Puzzles:        grader.PuzzleSet{Dir: "/course/set"},
		ConventionName: "tile",
		Run: grader.RunStep{
			Command: "python3 {submission}/solver.py {input} {output}",
			Answer:  "file",
			Limits:  grader.Limits{WallTime: grader.Duration(10 * time.Second), CPUTime: grader.Duration(10 * time.Second), Memory: 1 << 30, Processes: 64, Output: 1 << 20, Disk: 256 << 20},
		},
		Build: grader.BuildStep{
			Limits: grader.Limits{WallTime: grader.Duration(2 * time.Minute), CPUTime: grader.Duration(2 * time.Minute), Memory: 2 << 30, Processes: 256, Output: 1 << 20, Disk: 1 << 30},
		},
		Rubric:     grader.Rubric{Solved: grader.Points(1), Optimal: grader.Points(1), Partial: "linear", Unsolvable: grader.Points(2), Reported: grader.Points(grader.DefaultReportedShare)},
		Visibility: grader.Visibility{Visible: "visible", Hidden: "after_published"},
		Feedback:   grader.Feedback{OffPath: "show", OffPathHidden: "none", OffPathNodes: grader.DefaultOffPathNodes},
		Optimal:    grader.OptimalSearch{Timeout: grader.Duration(time.Minute)},
		Integrity:  grader.IntegritySettings{Action: grader.IntegrityFlag, OpaqueAbove: 1 << 20, LargeAbove: 64 << 20},
		BaseDir:    "/course",
	}
	if diff := cmp.Diff(want, a, cmpopts.IgnoreUnexported(grader.Assignment{}, grader.RunStep{}, grader.BuildStep{})); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
	if a.Convention() != puzzles.TileMoves {
		t.Errorf("convention %v", a.Convention())
	}
	if got := a.RunCommand().Expand(map[string]string{"submission": "/s", "input": "/w/in.txt", "output": "/w/out.txt"}); !cmp.Equal(got, []string{"python3", "/s/solver.py", "/w/in.txt", "/w/out.txt"}) {
		t.Errorf("run command expands to %q", got)
	}
	if !a.BuildCommand().IsZero() {
		t.Errorf("no build step expected")
	}
}

func TestParseAssignmentFull(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{
		"name": "P1",
		"puzzles": {"dir": "/abs/set", "glob": "n_*/input_*.txt", "manifest": "key.json"},
		"goal": "blank-first",
		"moves": "BLANK",
		"run": {"command": "java -cp {submission} Main", "answer": "stdout", "wall_time": "2.5", "cpu_time": "1s",
		        "memory": "512MiB", "processes": 32, "output": "64k", "env": ["JAVA_TOOL_OPTIONS=-Xmx256m"]},
		"build": {"command": "javac -d {submission} {submission}/Main.java", "wall_time": "1m"},
		"rubric": {"solved": 6, "optimal": 4, "partial": "steps", "partial_steps": [{"ratio": 0.5, "credit": 0.25}, {"ratio": 0.9, "credit": 0.75}],
		           "unsolvable": 0, "unverified": 0.5},
		"visibility": {"visible": "after_due_date", "hidden": "after_due_date", "hidden_tests": ["n_5/*"]},
		"feedback": {"template": "fb.tmpl"},
		"optimal": {"timeout": "5s"},
		"results": {"times": true, "leaderboard": true},
		"jobs": 3
	}`), "/course", []string{"jobs"})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want any
	}{
		{"manifest", a.Puzzles.Manifest, "/course/key.json"},
		{"dir", a.Puzzles.Dir, "/abs/set"},
		{"convention", a.Convention(), puzzles.BlankMoves},
		{"wall", a.Run.WallTime.Std(), 2500 * time.Millisecond},
		{"cpu", a.Run.CPUTime.Std(), time.Second},
		{"memory", a.Run.Memory, grader.ByteSize(512 << 20)},
		{"output", a.Run.Output, grader.ByteSize(64 << 10)},
		{"build wall", a.Build.WallTime.Std(), time.Minute},
		{"build cpu defaults to its wall", a.Build.CPUTime.Std(), time.Minute},
		{"unsolvable 0 is kept", *a.Rubric.Unsolvable, 0.0},
		{"steps sorted", a.Rubric.PartialSteps[0].Ratio, 0.9},
		{"template", a.Feedback.Template, "/course/fb.tmpl"},
		{"goal", a.Goal, "blank-first"},
		{"stdin when no {input}", a.RunCommand().Uses(grader.PlaceInput), false},
	}
	for _, c := range checks {
		if !cmp.Equal(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if !a.IsHidden(grader.Test{Name: "n_5/input_2.txt"}) || a.IsHidden(grader.Test{Name: "n_4/input_2.txt"}) || !a.IsHidden(grader.Test{Name: "x", Hidden: true}) {
		t.Error("IsHidden")
	}
}

func TestParseAssignmentErrorsNameTheKey(t *testing.T) {
	base := `"puzzles": {"dir": "set"}, "run": {"command": "./solve {input} {output}"}`
	tests := []struct {
		js  string
		key string
		msg string
	}{
		{`{"run": {"command": "x {input} {output}"}}`, "puzzles.dir", "missing"},
		{`{"puzzles": {"dir": "s"}}`, "run.command", "missing"},
		{`{` + base + `, "rubrics": {}}`, "rubrics", "unknown key rubrics: expected one of name, puzzles"},
		{`{` + base + `, "rubric": {"optmal": 1}}`, "rubric.optmal", "unknown key"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "wall_tme": "1s"}}`, "run.wall_tme", "unknown key"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "wall_time": "fast"}}`, "run.wall_time", "not a duration"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "memory": "lots"}}`, "run.memory", "not a size"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "memory": "10k"}}`, "run.memory", "too small"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "processes": "many"}}`, "run.processes", "expected a number"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input}"}}`, "run.command", "no {output}"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {inptu} {output}"}}`, "run.command", "unknown placeholder {inptu}"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x 'unclosed {output}"}}`, "run.command", "unclosed"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "answer": "socket"}}`, "run.answer", "expected file, stdout, or the path of a file"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "env": ["NOEQUALS"]}}`, "run.env", "NAME=value"},
		{`{` + base + `, "moves": "diagonal"}`, "moves", "expected tile or blank"},
		{`{` + base + `, "answer": {"format": "morse"}}`, "answer.format", "expected auto, lines, letters, words, list, tiles or boards"},
		{`{` + base + `, "answer": {"formats": "tiles"}}`, "answer.formats", "unknown key answer.formats: expected one of format, words, block, after, before; did you mean answer.format?"},
		{`{` + base + `, "answer": {"words": {"nord": "acima"}}}`, "answer.words.nord", "expected up, down, left or right"},
		{`{` + base + `, "answer": {"words": {"u": "acima"}}}`, "answer.words.u", "expected up, down, left or right"},
		{`{` + base + `, "answer": {"words": {"up": "para cima"}}}`, "answer.words.up", `"para cima": expected one word`},
		{`{` + base + `, "answer": {"words": {"up": "alto", "down": "ALTO"}}}`, "answer.words.down", `"ALTO" is also a word for UP`},
		{`{` + base + `, "answer": {"words": {"up": 3}}}`, "answer.words", "expected a word or a list of words"},
		{`{` + base + `, "answer": {"block": "first"}}`, "answer.block", `"first": expected auto`},
		{`{` + base + `, "answer": {"block": "last", "after": "Path"}}`, "answer.block", "give one or the other"},
		{`{` + base + `, "answer": {"after": "(("}}`, "answer.after", "not a regular expression"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"blank": "0"}}}`, "run.board.blank", "without spaces or digits"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"blank": "_", "separator": "1"}}}`, "run.board.separator", "without digits"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"blank": "_", "row_separator": "__"}}}`, "run.board.row_separator", "holds the blank's symbol"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"separator": "\u0000"}}}`, "run.board.separator", "expected printable characters"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"row_separator": "\u001b"}}}`, "run.board.row_separator", "expected printable characters"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {board} {output}", "board": {"blank": "\u0007"}}}`, "run.board.blank", "without spaces or digits"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {cells} {output}", "board": {"separator": ","}}}`, "run.board", "has a {board} to write"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "board": {"blanc": "_"}}}`, "run.board.blanc", "unknown key"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input}", "answer": "{alg}_output.txt"}}`, "run.answer", "unknown placeholder {alg}; expected {choice}"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input}", "answer": "{choice}/"}}`, "run.answer", "expected file, stdout, or the path"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "recheck": "twice"}}`, "run.recheck", `"twice": expected first`},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}", "writable_submission": "yes"}}`, "run.writable_submission", "expected a bool"},
		{`{` + base + `, "build": {"command": "make {output}"}}`, "build.command", "{submission} and {entry} only"},
		{`{` + base + `, "build": {"command": "make {cells}"}}`, "build.command", "{submission} and {entry} only"},
		{`{` + base + `, "rubric": {"solved": -1}}`, "rubric.solved", "0 or more"},
		{`{` + base + `, "rubric": {"partial": "cubic"}}`, "rubric.partial", "none, linear, power or steps"},
		{`{` + base + `, "rubric": {"partial": "steps"}}`, "rubric.partial_steps", "missing"},
		{`{` + base + `, "rubric": {"partial": "steps", "partial_steps": [{"ratio": 2, "credit": 1}]}}`, "rubric.partial_steps[0]", "ratio in (0, 1]"},
		{`{` + base + `, "rubric": {"unverified": 2}}`, "rubric.unverified", "from 0 to 1"},
		{`{` + base + `, "visibility": {"hidden": "secret"}}`, "visibility.hidden", "after_published"},
		{`{` + base + `, "visibility": {"hidden": "hidden"}}`, "visibility.hidden", "shows students their total score at once"},
		{`{` + base + `, "visibility": {"hidden_tests": ["[x"]}}`, "visibility.hidden_tests", "not a pattern"},
		{`{` + base + `, "puzzles": {"dir": "s", "glob": "/abs/*"}}`, "puzzles.glob", "not a pattern inside"},
		{`{` + base + `, "rubric": 3}`, "rubric", "expected a section"},
		{`{` + base + `, "integrity": "warn"}`, "integrity.action", "expected flag or zero"},
		{`{` + base + `, "integrity": {"action": "zero", "opaque": "1MiB"}}`, "integrity.opaque", "unknown"},
		{`{` + base + `, "integrity": {"opaque_above": "lots"}}`, "integrity.opaque_above", ""},
		{`{` + base + `, "feedback": {"off_path": "board"}}`, "feedback.off_path", "expected show, move or off"},
		{`{` + base + `, "feedback": {"off_path_hidden": "show"}}`, "feedback.off_path_hidden", "a hidden test never shows its board"},
		{`{` + base + `, "feedback": {"off_path_nodes": -5}}`, "feedback.off_path_nodes", "expected a positive number"},
		{`{` + base + `, "feedback": {"checker_url": "javascript:alert(1)"}}`, "feedback.checker_url", "expected the http or https address"},
		{`{` + base + `, "puzzles": {"dir": "s", "name": "x"}}`, "puzzles.name", "unknown key puzzles.name: expected one of dir, manifest, glob, hidden, extra"},
		{`{` + base + `, "puzzles": {"dir": "s", "extra": [{"glob": "*"}]}}`, "puzzles.extra[0].dir", "missing"},
		{`{` + base + `, "puzzles": {"dir": "s", "extra": [{"dir": "p", "extra": [{"dir": "q"}]}]}}`, "puzzles.extra[0].extra", "cannot have further sets"},
		{`{` + base + `, "puzzles": {"dir": "s", "extra": [{"dir": "p", "glob": "/abs"}]}}`, "puzzles.extra[0].glob", "not a pattern inside"},
		{`{` + base + `, "puzzles": {"dir": "s", "extra": [{"dir": "p", "name": "a b"}]}}`, "puzzles.extra[0].name", "letters, digits"},
		{`{` + base + `, "puzzles": {"dir": "s", "extra": [{"dir": "x/p"}, {"dir": "y/p"}]}}`, "puzzles.extra[1].name", "names two further sets"},
	}
	for _, tc := range tests {
		_, err := grader.ParseAssignment(settings(t, tc.js), "/course", nil)
		var ce *grader.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: err %v, want a ConfigError", tc.js, err)
			continue
		}
		if ce.Key != tc.key || !strings.Contains(ce.Error(), tc.msg) {
			t.Errorf("%s:\n got  %v\n want %s: ...%s...", tc.js, ce, tc.key, tc.msg)
		}
	}
}

func TestAssignmentKeysAreAllAccepted(t *testing.T) {
	// Every documented key must parse (each with a plausible value).
	values := map[string]any{
		"name": "x", "puzzles.dir": "d", "puzzles.manifest": "m.json", "puzzles.glob": "*.txt", "puzzles.hidden": false,
		"puzzles.extra": []any{map[string]any{"dir": "private", "hidden": true, "name": "private"}}, "goal": "default", "moves": "tile", "answer.format": "tiles",
		"answer.words": map[string]any{"up": "acima", "down": []any{"abaixo", "baixo"}}, "answer.block": "auto", "answer.after": "^Path", "answer.before": "^Goal",
		"run.command": "x {entry} {input} {output}", "run.answer": "stdout", "run.stdin": "{size}\n{rows}\n{choice}\n{board}", "run.board.blank": "_", "run.board.separator": ",", "run.board.row_separator": "/", "run.writable_submission": true, "run.recheck": "all", "run.choices": []any{"4x4/*=3", "*=1"},
		"claims.algorithm": "astar", "claims.heuristic": "manhattan", "run.function": "solver:solve", "run.java_api": "princeton", "run.files": []any{"utils.py"}, "run.entry": "*_1.py", "run.extract.moves": "Move: (\\w+)", "run.extract.unsolvable": "no solution", "run.extract.length": "Depth: (\\d+)", "run.extract.expanded": "Expanded: ([\\d,]+)", "run.extract.frontier": "Frontier: (\\d+)", "run.wall_time": "1s", "run.cpu_time": "1s", "run.memory": "64MiB",
		"run.processes": 4, "run.output": "1k", "run.disk": "64MiB", "run.env": []any{"A=b"}, "run.isolation": "rlimits",
		"build.command": "make", "build.wall_time": "1s", "build.cpu_time": "1s", "build.memory": "64MiB", "build.processes": 4,
		"build.output": "1k", "build.disk": "64MiB", "build.env": []any{"A=b"},
		"rubric.solved": 1, "rubric.optimal": 1, "rubric.partial": "power", "rubric.partial_exponent": 3, "rubric.partial_steps": []any{},
		"rubric.unsolvable": 2, "rubric.unverified": 0.5, "rubric.reported": 0.25,
		// rubric.api needs run.java_api, which is parsed alone.
		"rubric.api": map[string]any{}, "rubric.claims": map[string]any{"length": 1, "expanded": 0.5},
		// run.problem's keys are parsed together, below.
		"run.problem": "berkeley", "run.search": "astar", "run.heuristic": "manhattan", "rubric.search": map[string]any{"order": 1},
		"visibility.visible": "visible", "visibility.hidden": "after_due_date", "visibility.hidden_tests": []any{"a*"},
		"feedback.template": "t.tmpl", "feedback.off_path": "move", "feedback.off_path_hidden": "move", "feedback.off_path_nodes": 1000, "feedback.checker_url": "https://course.example/checker.html", "optimal.timeout": "1s", "optimal.verify": "2s", "results.times": true, "results.leaderboard": false, "results.replays": false, "results.gradebook": []any{"canvas", "moodle"}, "prairielearn.submit": "editor", "prairielearn.hidden": "fold", "prairielearn.question": "hw2_kpuzzle", "gradescope.feedback_budget": 3, "gradescope.feedback_period": "12h", "hide": []any{"ref/"}, "integrity.action": "zero", "integrity.opaque_above": "4MiB", "integrity.large_above": "1GiB",
		"run.solution": "moves", "run.read_stderr": true, "tools.path": []any{"/opt/go/bin"}, "tools.read_only": []any{"modcache"},
		"groups": []any{map[string]any{"tests": "dfs_*", "claims": map[string]any{"algorithm": "dfs"}, "rubric": map[string]any{"optimal": 0}}},
	}
	// run.function makes the command and reads the answer file, which
	// run.answer: stdout and run.extract.moves exclude: it is parsed
	// on its own below.
	alone := map[string]bool{"run.function": true, "run.java_api": true}
	together := map[string]bool{}
	berkeley := map[string]any{"puzzles": map[string]any{"dir": "d"}, "run": map[string]any{"function": "search:aStarSearch"}, "rubric": map[string]any{}}
	for _, k := range []string{"run.problem", "run.search", "run.heuristic", "rubric.search"} {
		top, sub, _ := strings.Cut(k, ".")
		berkeley[top].(map[string]any)[sub] = values[k]
		together[k] = true
	}
	if _, err := grader.ParseAssignment(berkeley, "/c", nil); err != nil {
		t.Errorf("run.problem: berkeley: %v", err)
	}
	root := map[string]any{}
	for _, k := range grader.AssignmentKeys {
		v, ok := values[k.Key]
		if !ok {
			t.Fatalf("no test value for documented key %s", k.Key)
		}
		if alone[k.Key] || together[k.Key] {
			continue
		}
		cur := root
		parts := strings.Split(k.Key, ".")
		for _, p := range parts[:len(parts)-1] {
			if cur[p] == nil {
				cur[p] = map[string]any{}
			}
			cur = cur[p].(map[string]any)
		}
		cur[parts[len(parts)-1]] = v
	}
	if len(values) != len(grader.AssignmentKeys) {
		t.Errorf("%d test values for %d documented keys", len(values), len(grader.AssignmentKeys))
	}
	if _, err := grader.ParseAssignment(root, "/c", nil); err != nil {
		t.Errorf("every documented key: %v", err)
	}
	for k := range alone {
		top, sub, _ := strings.Cut(k, ".")
		if _, err := grader.ParseAssignment(map[string]any{"puzzles": map[string]any{"dir": "d"}, top: map[string]any{sub: values[k]}}, "/c", nil); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
}

func TestFingerprintIgnoresReportSettings(t *testing.T) {
	parse := func(extra string) grader.Assignment {
		a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}"}`+extra+`}`), "/c", nil)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	plain := parse("").Fingerprint()
	if got := parse(`, "rubric": {"solved": 5}, "name": "n", "visibility": {"hidden": "after_due_date"}`).Fingerprint(); got != plain {
		t.Error("rubric, name or visibility changed the fingerprint")
	}
	if got := parse(`, "moves": "blank"`).Fingerprint(); got == plain {
		t.Error("moves did not change the fingerprint")
	}
	if got := parse(`, "puzzles": {"dir": "other"}`).Fingerprint(); got == plain {
		t.Error("the puzzle set did not change the fingerprint")
	}
	if got := parse(`, "answer": {"format": "tiles"}`).Fingerprint(); got == plain {
		t.Error("answer.format did not change the fingerprint")
	}
	if got := parse(`, "answer": {"format": "Auto"}`).Fingerprint(); got != plain {
		t.Error("answer.format: auto, the default, changed the fingerprint")
	}
}

func TestAnswerFormat(t *testing.T) {
	for js, want := range map[string]notation.Notation{"": notation.Auto, `, "answer": {"format": "auto"}`: notation.Auto, `, "answer": {"format": " Tiles"}`: notation.Tiles, `, "answer": {"format": "boards"}`: notation.Boards} {
		a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}"}`+js+`}`), "/c", nil)
		if err != nil || a.AnswerNotation() != want {
			t.Errorf("%s: %v, %v; want %v", js, a.AnswerNotation(), err, want)
		}
	}
}

func TestRelativePathsFollowTheConfigFile(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "../sets/p1"}, "goal": "snail.txt", "run": {"command": "x {input} {output}"}}`), "/course/a1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Puzzles.Dir != filepath.Clean("/course/sets/p1") || a.Goal != "/course/a1/snail.txt" {
		t.Errorf("dir %s goal %s", a.Puzzles.Dir, a.Goal)
	}
}

// FuzzParseAssignment feeds arbitrary settings to ParseAssignment: it must
// never panic, and an accepted assignment, written back as settings, must
// parse to the same assignment.
func FuzzParseAssignment(f *testing.F) {
	f.Add(`{"puzzles": {"dir": "s"}, "run": {"command": "x {input} {output}"}}`)
	f.Add(`{"puzzles": {"dir": "s", "glob": "*"}, "run": {"command": "a 'b c' \"{output}\"", "wall_time": 3, "memory": "2G"}, "rubric": {"partial": "power"}}`)
	f.Add(`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}", "answer": "stdout"}, "rubric": {"partial": "steps", "partial_steps": [{"ratio": 0.5, "credit": 1}]}}`)
	f.Add(`{"rubric": null, "run": []}`)
	f.Add(`{"puzzles": {"dir": "s"}, "run": {"command": "x", "answer": "out/a.txt", "solution": "reported", "read_stderr": true, "extract": {"length": "d (\\d+)", "expanded": "e (\\d+)"}},
		"claims": {"algorithm": "astar"}, "groups": [{"tests": "dfs_*", "claims": {"algorithm": "dfs"}, "rubric": {"optimal": 0, "claims": {"length": 1}}}], "tools": {"path": ["/opt/go/bin"], "read_only": ["c"]}}`)
	f.Add(`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}"}, "groups": [{"tests": "*", "rubric": [1]}, {"claims": null}]}`)
	f.Fuzz(func(t *testing.T, js string) {
		var m map[string]any
		if json.Unmarshal([]byte(js), &m) != nil {
			return
		}
		a, err := grader.ParseAssignment(m, "/base", nil)
		if err != nil {
			var ce *grader.ConfigError
			if !errors.As(err, &ce) || ce.Key == "" {
				t.Fatalf("error without a key: %v", err)
			}
			return
		}
		data, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var again map[string]any
		if err := json.Unmarshal(data, &again); err != nil {
			t.Fatal(err)
		}
		b, err := grader.ParseAssignment(again, "/base", nil)
		if err != nil {
			t.Fatalf("re-parsing %s: %v", data, err)
		}
		if diff := cmp.Diff(a, b, cmpopts.IgnoreUnexported(grader.Assignment{}, grader.RunStep{}, grader.BuildStep{})); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
