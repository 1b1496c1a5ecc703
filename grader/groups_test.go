package grader_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// One assignment grades bfs, dfs and A* tests, each by its own search
// and points (ColumbiaX's driver.py): a group's rubric replaces the keys
// it names and keeps the others, and a dfs group takes any solution as
// a valid one worth every point.
func TestGroupsGiveTestsTheirOwnClaimsAndPoints(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{
		"puzzles": {"dir": "set"},
		"run": {"command": "python3 driver.py {choice} {cells_comma}", "answer": "output.txt", "choices": ["bfs_*=bfs", "dfs_*=dfs", "*=ast"],
			"extract": {"moves": "path_to_goal: \\[(.*)\\]", "expanded": "nodes_expanded: (\\d+)", "length": "cost_of_path: (\\d+)"}},
		"claims": {"algorithm": "astar", "heuristic": "manhattan"},
		"rubric": {"solved": 2, "optimal": 3, "claims": {"expanded": 1}},
		"groups": [
			{"tests": "bfs_*", "claims": {"algorithm": "BFS"}},
			{"tests": "dfs_*", "claims": {"algorithm": "dfs"}, "rubric": {"optimal": 0, "claims": {"length": 2}}}
		]
	}`), "/c", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.RunCommand().Uses(grader.PlaceOutput) || !a.Run.AnswerInFolder() {
		t.Errorf("run.answer: output.txt needs no {output}: %+v", a.Run)
	}
	claims := map[string]string{}
	points := map[string][3]float64{}
	for _, name := range []string{"bfs_1.txt", "sets/dfs_2.txt", "ast_1.txt"} {
		claims[name] = a.ClaimsFor(name).Algorithm
		r := a.Rubric.ForTest(name)
		points[name] = [3]float64{r.Max(true), r.Claims["expanded"], r.Claims["length"]}
	}
	if diff := cmp.Diff(map[string]string{"bfs_1.txt": "bfs", "sets/dfs_2.txt": "dfs", "ast_1.txt": "astar"}, claims); diff != "" {
		t.Errorf("claims (-want +got):\n%s", diff)
	}
	// The dfs group replaced rubric.claims; the bfs group kept it.
	if diff := cmp.Diff(map[string][3]float64{"bfs_1.txt": {5, 1, 0}, "sets/dfs_2.txt": {2, 0, 2}, "ast_1.txt": {5, 1, 0}}, points); diff != "" {
		t.Errorf("points (max, expanded, length) (-want +got):\n%s", diff)
	}
	if !a.Rubric.ForTest("dfs_1.txt").AnyLength || a.Rubric.ForTest("bfs_1.txt").AnyLength || a.Rubric.AnyLength {
		t.Error("only the dfs group takes any length")
	}
	// A valid dfs answer earns every point; a suboptimal A* one does not.
	dfs := grader.Result{Test: "dfs_1.txt", Verdict: check.Valid, Solvable: true, Length: 40, OptimalLength: ptr(12)}
	ast := grader.Result{Test: "ast_1.txt", Verdict: check.Suboptimal, Solvable: true, Length: 24, OptimalLength: ptr(12)}
	if dfs.VerdictScore(a.Rubric) != 2 || ast.VerdictScore(a.Rubric) != 3.5 {
		t.Errorf("dfs %v of 2, A* %v of 5 (2 + 3/2)", dfs.VerdictScore(a.Rubric), ast.VerdictScore(a.Rubric))
	}
	// Normalize again: the same groups.
	b := a
	if err := b.Normalize(); err != nil || !cmp.Equal(a.Rubric, b.Rubric) {
		t.Errorf("normalize twice: %v", err)
	}
	if a.Fingerprint() == without(t, a).Fingerprint() {
		t.Error("the groups do not change the fingerprint")
	}
}

// without is a with no groups.
func without(t *testing.T, a grader.Assignment) grader.Assignment {
	a.Groups = nil
	if err := a.Normalize(); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestCourseSettingsErrors(t *testing.T) {
	base := `"puzzles": {"dir": "s"}, "run": {"command": "x {input}", "answer": "stdout", "extract": {"expanded": "e: (\\d+)"}}`
	tests := []struct{ js, key, msg string }{
		{`{` + base + `, "groups": [{"tests": "[", "claims": {"algorithm": "dfs"}}]}`, "groups[0].tests", "expected a pattern"},
		{`{` + base + `, "groups": [{"tests": "a*", "claims": {"algorithm": "hillclimb"}}]}`, "groups[0].claims.algorithm", "expected bfs, dfs"},
		{`{` + base + `, "groups": [{"tests": "a*", "claims": {"heuristic": "manhattan"}}]}`, "groups[0].claims.heuristic", "set without"},
		{`{` + base + `, "groups": [{"tests": "a*", "rubric": {"sloved": 1}}]}`, "groups[0].rubric.sloved", "unknown key"},
		{`{` + base + `, "groups": [{"tests": "a*", "rubric": {"solved": -1}}]}`, "groups[0].rubric.solved", "0 or more"},
		{`{` + base + `, "groups": [{"tests": "a*", "rubric": {"claims": {"depth": 1}}}]}`, "groups[0].rubric.claims.depth", "unknown check"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x", "answer": "/tmp/out.txt"}}`, "run.answer", "inside the working folder"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x", "answer": "../out.txt"}}`, "run.answer", "inside the working folder"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x", "answer": "stdout", "solution": "depth"}}`, "run.solution", "expected moves or reported"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x", "answer": "stdout", "solution": "reported"}}`, "run.solution", "run.extract.length is not set"},
		{`{"puzzles": {"dir": "s"}, "run": {"function": "solver:solve", "solution": "reported", "extract": {"length": "d: (\\d+)"}}}`, "run.solution", "leave run.solution out"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}"}, "rubric": {"reported": 1.5}}`, "rubric.reported", "a share from 0 to 1"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}"}, "groups": [{"tests": "a*", "rubric": {"reported": -0.1}}]}`, "groups[0].rubric.reported", "a share from 0 to 1"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}"}, "tools": {"path": ["/opt/a:/opt/b"]}}`, "tools.path", "expected a folder path"},
		{`{"puzzles": {"dir": "s"}, "run": {"command": "x {output}"}, "tools": {"read_only": [""]}}`, "tools.read_only", "expected a folder path"},
	}
	for _, tc := range tests {
		_, err := grader.ParseAssignment(settings(t, tc.js), "/c", nil)
		var ce *grader.ConfigError
		if !errors.As(err, &ce) || ce.Key != tc.key || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%s:\n got  %v\n want %s: ...%s...", tc.js, err, tc.key, tc.msg)
		}
	}
}

// The tools' relative paths are the assignment folder's; Visible lists
// every one, and the run.answer path is kept as a slash path.
func TestToolsAndFixedAnswer(t *testing.T) {
	a, err := grader.ParseAssignment(settings(t, `{"puzzles": {"dir": "s"},
		"run": {"command": "./npuzzle {input}", "answer": "out/./answer.txt", "read_stderr": true, "extract": {"unsolvable": "(?i)unsolvable"}},
		"tools": {"path": ["/usr/local/go/bin", "venv/bin"], "read_only": ["gomodcache"]}}`), "/course", nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"/course/gomodcache", "/usr/local/go/bin", "/course/venv/bin"}, a.Tools.Visible()); diff != "" {
		t.Errorf("visible (-want +got):\n%s", diff)
	}
	if a.Run.Answer != "out/answer.txt" {
		t.Errorf("run.answer %q", a.Run.Answer)
	}
	if err := a.Tools.CheckTools(); err == nil || !strings.Contains(err.Error(), "/course/gomodcache does not exist") && !strings.Contains(err.Error(), "/course/venv/bin does not exist") {
		t.Errorf("CheckTools: %v", err)
	}
}
