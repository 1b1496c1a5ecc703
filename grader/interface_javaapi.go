package grader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// JavaAPIReportSuffix is appended to the answer path to name the method
// report the Java API harness writes beside the answer.
const JavaAPIReportSuffix = ".api"

// CriteriaAPI holds the method checks of run.java_api (rubric.api).
const CriteriaAPI = "api"

// Method checks of run.java_api: princeton, in report order.
const (
	APIDimension = "dimension"
	APIHamming   = "hamming"
	APIManhattan = "manhattan"
	APIIsGoal    = "is_goal"
	APINeighbors = "neighbors"
	APITwin      = "twin"
	APIEquals    = "equals"
	APIMoves     = "moves"
	// APITileAt and APIIsSolvable are the campus API's (COS226 since
	// 2019): tileAt(row, col) on every cell, Board.isSolvable().
	APITileAt     = "tile_at"
	APIIsSolvable = "is_solvable"
)

// APICriteria are the names of the method checks, the keys of rubric.api.
var APICriteria = []string{APIDimension, APIHamming, APIManhattan, APIIsGoal, APINeighbors, APITwin, APIEquals, APIMoves, APITileAt, APIIsSolvable}

// javaAPIHeader is the first line of a method report.
const javaAPIHeader = "kpuzzle-api 1"

// Kinds of APIEntry.
const (
	// APIValue: the method returned Value.
	APIValue = '='
	// APIThrown: the method threw; Value is the exception's class and
	// message.
	APIThrown = '!'
	// APIBoard: the method returned a board; Board holds the lines of its
	// toString().
	APIBoard = ':'
)

// APIReport is the method report of the Java API harness
// (templates/harness/KpuzzleHarness.java): what each Board method
// returned on the test's board. Its format, one entry per line:
//
//	kpuzzle-api 1
//	hamming = 5
//	manhattan ! java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds
//	twin :
//	| 3
//	|  2  1  3
//
// KEY = VALUE is a value, KEY ! TEXT an exception, KEY : a board whose
// toString() lines follow, each after "|" and one optional space.
type APIReport struct {
	Entries []APIEntry
}

// APIEntry is one entry of an APIReport.
type APIEntry struct {
	// Key names the call: dimension, hamming, manhattan, is_goal,
	// goal_is_goal, neighbor (one per board), neighbors (their count),
	// twin, equals_same, equals_neighbor, equals_null, moves, board (new
	// Board threw).
	Key string
	// Kind is APIValue, APIThrown or APIBoard.
	Kind byte
	// Value is the value or the exception.
	Value string
	// Board is the lines of a board's toString().
	Board []string
	// Line is the entry's line in the report.
	Line int
}

// ErrAPIReport is wrapped by every error of ParseAPIReport.
var ErrAPIReport = errors.New("malformed method report")

// ParseAPIReport reads a method report; name labels errors, each a
// *puzzles.ParseError naming the line and column.
func ParseAPIReport(r io.Reader, name string) (APIReport, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return APIReport{}, err
	}
	fail := func(line, col int, format string, args ...any) (APIReport, error) {
		return APIReport{}, &puzzles.ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf("%w: %s", ErrAPIReport, fmt.Sprintf(format, args...))}
	}
	lines := strings.Split(string(data), "\n")
	if strings.TrimRight(lines[0], "\r") != javaAPIHeader {
		return fail(1, 1, "expected the header %q", javaAPIHeader)
	}
	var rep APIReport
	var board *APIEntry
	for i, l := range lines[1:] {
		n := i + 2
		l = strings.TrimRight(l, "\r")
		if rest, ok := strings.CutPrefix(l, "|"); ok {
			if board == nil {
				return fail(n, 1, "a board line (|) outside a board; expected KEY = VALUE, KEY ! EXCEPTION or KEY :")
			}
			board.Board = append(board.Board, strings.TrimPrefix(rest, " "))
			continue
		}
		board = nil
		if strings.TrimSpace(l) == "" {
			continue
		}
		key, rest, _ := strings.Cut(l, " ")
		for j, c := range key {
			if (c < 'a' || c > 'z') && c != '_' {
				return fail(n, j+1, "%q in a key; expected lower-case letters and _", c)
			}
		}
		if key == "" {
			return fail(n, 1, "expected a key")
		}
		col := len(key) + 2
		e := APIEntry{Key: key, Line: n}
		switch {
		case rest == ":":
			e.Kind = APIBoard
		case strings.HasPrefix(rest, "= "):
			e.Kind, e.Value = APIValue, rest[2:]
		case strings.HasPrefix(rest, "! "):
			e.Kind, e.Value = APIThrown, rest[2:]
		default:
			return fail(n, col, "expected \" = VALUE\", \" ! EXCEPTION\" or \" :\" after the key %s", key)
		}
		rep.Entries = append(rep.Entries, e)
		if e.Kind == APIBoard {
			board = &rep.Entries[len(rep.Entries)-1]
		}
	}
	return rep, nil
}

// Format writes the report in the format ParseAPIReport reads.
func (r APIReport) Format() string {
	var sb strings.Builder
	sb.WriteString(javaAPIHeader + "\n")
	for _, e := range r.Entries {
		switch e.Kind {
		case APIBoard:
			sb.WriteString(e.Key + " :\n")
			for _, l := range e.Board {
				sb.WriteString("| " + l + "\n")
			}
		default:
			fmt.Fprintf(&sb, "%s %c %s\n", e.Key, e.Kind, e.Value)
		}
	}
	return sb.String()
}

// Get returns the last entry of key.
func (r APIReport) Get(key string) (APIEntry, bool) {
	for i := len(r.Entries) - 1; i >= 0; i-- {
		if r.Entries[i].Key == key {
			return r.Entries[i], true
		}
	}
	return APIEntry{}, false
}

// All returns every entry of key, in order.
func (r APIReport) All(key string) []APIEntry {
	var out []APIEntry
	for _, e := range r.Entries {
		if e.Key == key {
			out = append(out, e)
		}
	}
	return out
}

// JudgeJavaAPI compares a method report with what the Princeton API
// must return on test t's board, computed here: dimension() the side;
// hamming() the tiles out of place, the blank not counted; manhattan()
// the tiles' Manhattan distances to their goal cells; isGoal() false
// unless the board is the goal, and true on the goal board; neighbors()
// the boards one move away, as a set; twin() the board with two tiles
// (not the blank) swapped, hence of the opposite solvability; equals()
// true for a board of the same tiles, false for a board one move away
// and for null; moves() the optimal length (-1 for an unsolvable
// puzzle). result is the test's result from the answer, for moves() when
// the optimal length is unknown. Each check's detail says what was
// returned and what was expected. A check the report lacks failed: the
// run ended before the harness called it.
//
// The report says which API the classes follow (APICoursera, the
// default of a report that does not say, or APICampus); a check of a
// method the other API has (twin() on campus, tileAt() on Coursera)
// passes as not applicable (NotApplicable). Classes that match neither fail every check
// with the harness's reason.
func JudgeJavaAPI(rep APIReport, t Test, result Result) []Criterion {
	j := apiJudge{rep: rep, t: t, r: result, goal: t.Goal, api: APICoursera}
	if j.goal.IsZero() {
		j.goal = puzzles.DefaultGoal(t.Board.Shape())
	}
	api, hasAPI := rep.Get("api")
	if hasAPI && api.Kind == APIValue {
		j.api = strings.TrimSpace(api.Value)
	}
	var out []Criterion
	for _, name := range APICriteria {
		c := Criterion{Group: CriteriaAPI, Name: name}
		if e, ok := rep.Get("board"); ok && e.Kind == APIThrown {
			c.Detail = "new Board(tiles) threw " + Printable(e.Value)
		} else if hasAPI && api.Kind == APIThrown {
			c.Detail = "not checked: the submission matches neither Princeton API: " + Printable(api.Value)
		} else if other := otherAPI(j.api, name); other != "" {
			c.Passed, c.Detail = true, fmt.Sprintf(NotApplicable+"%s is part of the %s API, and these classes follow the %s API", apiCall[name], other, j.api)
		} else {
			c.Passed, c.Detail = j.judge(name)
			if !c.Passed {
				c.Counterexample = j.heuristicCounterexample(name)
			}
		}
		out = append(out, c)
	}
	return out
}

// NotApplicable begins the detail of a method check the submission's
// API does not have; it passes, and reports leave it out when the rubric
// gives it no points.
const NotApplicable = "not applicable: "

// The Princeton 8puzzle APIs the harness tells apart.
const (
	// APICoursera: Board.dimension(), Board.twin(), Solver.isSolvable().
	APICoursera = "coursera"
	// APICampus: COS226 since 2019: Board.size(), Board.tileAt(row,
	// col), Board.isSolvable(), no twin(); new Solver(board) throws
	// IllegalArgumentException on an unsolvable board.
	APICampus = "campus"
)

// apiCall names the method a check calls, for the checks one API lacks.
var apiCall = map[string]string{APITwin: "twin()", APITileAt: "tileAt(row, col)", APIIsSolvable: "Board.isSolvable()"}

// otherAPI is the API that has check name when api does not, or "".
func otherAPI(api, name string) string {
	switch {
	case api == APICampus && name == APITwin:
		return APICoursera
	case api != APICampus && (name == APITileAt || name == APIIsSolvable):
		return APICampus
	}
	return ""
}

// UnreadableAPIReport is the checks of a method report that cannot be
// read: each failed, saying why.
func UnreadableAPIReport(err error) []Criterion {
	var out []Criterion
	for _, name := range APICriteria {
		out = append(out, Criterion{Group: CriteriaAPI, Name: name, Detail: "not checked: the harness's method report is unreadable: " + Printable(err.Error())})
	}
	return out
}

type apiJudge struct {
	rep  APIReport
	t    Test
	r    Result
	goal puzzles.Goal
	api  string
}

// missing explains a call the report lacks.
func (j apiJudge) missing(call string) string {
	if j.r.Verdict.FromRun() {
		return fmt.Sprintf("not reported: the run ended (%s) before the harness called %s", j.r.Verdict, call)
	}
	return fmt.Sprintf("not reported: the harness did not get to call %s", call)
}

// scalar reads a value entry: ok is false (and detail says why) when it
// is missing or an exception.
func (j apiJudge) scalar(key, call string) (value string, ok bool, detail string) {
	e, found := j.rep.Get(key)
	switch {
	case !found:
		return "", false, j.missing(call)
	case e.Kind == APIThrown:
		return "", false, call + " threw " + Printable(e.Value)
	case e.Kind != APIValue:
		return "", false, call + " was reported as a board, not a value"
	}
	return strings.TrimSpace(e.Value), true, ""
}

func (j apiJudge) judge(name string) (bool, string) {
	b := j.t.Board
	switch name {
	case APIDimension:
		if j.api == APICampus {
			return j.number("size", "size()", b.Shape().Rows, "the board's side")
		}
		return j.number(APIDimension, "dimension()", b.Shape().Rows, "the board's side")
	case APITileAt:
		return j.tileAt()
	case APIIsSolvable:
		v, ok, why := j.scalar(APIIsSolvable, "isSolvable()")
		if !ok {
			return false, why
		}
		if v != fmt.Sprint(j.t.Solvable) {
			return false, fmt.Sprintf("isSolvable() returned %s, expected %v (the parity rule)", Printable(v), j.t.Solvable)
		}
		return true, fmt.Sprintf("isSolvable() returned %v", j.t.Solvable)
	case APIHamming:
		return j.number(APIHamming, "hamming()", j.goal.Misplaced(b), "the number of tiles out of place, the blank not counted")
	case APIManhattan:
		return j.number(APIManhattan, "manhattan()", j.goal.Manhattan(b), "the sum of the tiles' Manhattan distances to their goal cells, the blank not counted")
	case APIIsGoal:
		return j.isGoal()
	case APINeighbors:
		return j.neighbors()
	case APITwin:
		return j.twin()
	case APIEquals:
		return j.equals()
	case APIMoves:
		return j.moves()
	}
	return false, "unknown check"
}

// number judges a method returning an int.
func (j apiJudge) number(key, call string, want int, what string) (bool, string) {
	v, ok, why := j.scalar(key, call)
	if !ok {
		return false, why
	}
	if v != fmt.Sprint(want) {
		return false, fmt.Sprintf("%s returned %s, expected %d (%s)", call, Printable(v), want, what)
	}
	return true, fmt.Sprintf("%s returned %d", call, want)
}

func (j apiJudge) isGoal() (bool, string) {
	want := fmt.Sprint(j.goal.Reached(j.t.Board))
	v, ok, why := j.scalar("is_goal", "isGoal()")
	if !ok {
		return false, why
	}
	if v != want {
		return false, fmt.Sprintf("isGoal() returned %s on this board, expected %s", Printable(v), want)
	}
	g, ok, why := j.scalar("goal_is_goal", "isGoal() on the goal board")
	if !ok {
		return false, why
	}
	if g != "true" {
		return false, fmt.Sprintf("isGoal() returned %s on this board, rightly, but %s on the goal board (1 2 3 ... with the blank last)", v, Printable(g))
	}
	return true, fmt.Sprintf("isGoal() returned %s on this board and true on the goal board", v)
}

// parseAPIBoard reads a board's toString() with the puzzle readers.
func parseAPIBoard(e APIEntry) (puzzles.Board, error) {
	return puzzles.ParseBoard(strings.NewReader(strings.Join(e.Board, "\n")), fmt.Sprintf("method report line %d", e.Line))
}

func (j apiJudge) neighbors() (bool, string) {
	count, ok := j.rep.Get("neighbors")
	if !ok {
		return false, j.missing("neighbors()")
	}
	if count.Kind == APIThrown {
		return false, "neighbors() threw " + Printable(count.Value)
	}
	want := map[string]int{}
	for _, s := range j.t.Board.Neighbors() {
		want["["+s.Board.String()+"]"]++
	}
	got := map[string]int{}
	var bad []string
	boards := j.rep.All("neighbor")
	for _, e := range boards {
		if e.Kind == APIThrown {
			return false, "neighbors() returned a board whose toString() threw " + Printable(e.Value)
		}
		nb, err := parseAPIBoard(e)
		if err != nil {
			bad = append(bad, Printable(err.Error()))
			continue
		}
		got["["+nb.String()+"]"]++
	}
	if len(bad) > 0 {
		return false, fmt.Sprintf("neighbors() returned a board whose toString() is not a board: %s", bad[0])
	}
	var missing, extra []string
	for k, n := range want {
		if got[k] < n {
			missing = append(missing, k)
		}
	}
	for k, n := range got {
		if n > want[k] {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	if len(missing) == 0 && len(extra) == 0 {
		return true, fmt.Sprintf("neighbors() returned the %d boards one move away", len(boards))
	}
	s := fmt.Sprintf("neighbors() returned %d boards, expected the %d boards one move away (one tile slid into the blank)", len(boards), len(j.t.Board.Neighbors()))
	if len(missing) > 0 {
		s += "; missing " + strings.Join(missing, ", ")
	}
	if len(extra) > 0 {
		s += "; not one move away or repeated: " + strings.Join(extra, ", ")
	}
	return false, s
}

func (j apiJudge) twin() (bool, string) {
	e, ok := j.rep.Get("twin")
	switch {
	case !ok:
		return false, j.missing("twin()")
	case e.Kind == APIThrown:
		return false, "twin() (or its toString()) threw " + Printable(e.Value)
	case e.Kind != APIBoard:
		return false, "twin() returned " + Printable(e.Value) + ", not a board"
	}
	tw, err := parseAPIBoard(e)
	if err != nil {
		return false, "twin() returned a board whose toString() is not a board: " + Printable(err.Error())
	}
	b := j.t.Board
	if tw.Shape() != b.Shape() {
		return false, fmt.Sprintf("twin() returned a %s board for a %s one", tw.Shape(), b.Shape())
	}
	var diff []int
	for i := range b.Len() {
		if b.At(i) != tw.At(i) {
			diff = append(diff, i)
		}
	}
	if len(diff) != 2 || b.At(diff[0]) != tw.At(diff[1]) || b.At(diff[1]) != tw.At(diff[0]) {
		return false, fmt.Sprintf("twin() returned [%s], which differs from the board in %d cells; a twin swaps exactly two tiles (not the blank)", tw, len(diff))
	}
	x, y := b.At(diff[0]), b.At(diff[1])
	if x == 0 || y == 0 {
		tile := x + y
		return false, fmt.Sprintf("twin() swapped the blank with tile %d: that is a move (the same solvability), but a twin swaps two tiles, not the blank, so that exactly one of the board and its twin is solvable", tile)
	}
	if puzzles.Solvable(b, j.goal) == puzzles.Solvable(tw, j.goal) {
		return false, fmt.Sprintf("twin() swapped tiles %d and %d, but the twin has the board's solvability", x, y)
	}
	return true, fmt.Sprintf("twin() swapped tiles %d and %d: exactly one of the board and its twin is solvable", x, y)
}

func (j apiJudge) equals() (bool, string) {
	type call struct{ key, what, want string }
	var wrong []string
	for _, c := range []call{
		{"equals_same", "a board of the same tiles", "true"},
		{"equals_neighbor", "a board one move away", "false"},
		{"equals_null", "null", "false"},
	} {
		v, ok, why := j.scalar(c.key, "equals("+c.what+")")
		switch {
		case !ok:
			wrong = append(wrong, why)
		case v != c.want:
			wrong = append(wrong, fmt.Sprintf("equals(%s) returned %s, expected %s", c.what, Printable(v), c.want))
		}
	}
	if len(wrong) > 0 {
		return false, strings.Join(wrong, "; ")
	}
	return true, "equals() is true for a board of the same tiles, false for a board one move away and for null"
}

// tileAt judges tileAt(row, col) on every cell, in row-major order.
func (j apiJudge) tileAt() (bool, string) {
	v, ok, why := j.scalar(APITileAt, "tileAt(row, col)")
	if !ok {
		return false, why
	}
	want := make([]string, j.t.Board.Len())
	for i := range want {
		want[i] = fmt.Sprint(j.t.Board.At(i))
	}
	if got := strings.Fields(v); !slices.Equal(got, want) {
		return false, fmt.Sprintf("tileAt(row, col) over the rows gave %s, expected %s", Printable(v), strings.Join(want, " "))
	}
	return true, "tileAt(row, col) returned every cell's tile (0 for the blank)"
}

func (j apiJudge) moves() (bool, string) {
	if e, ok := j.rep.Get("solver"); ok && e.Kind == APIThrown && j.api == APICampus {
		if j.t.Solvable {
			return false, "new Solver(board) threw " + Printable(e.Value) + ", but the puzzle can be solved"
		}
		if !strings.HasPrefix(e.Value, "java.lang.IllegalArgumentException") {
			return false, "new Solver(board) threw " + Printable(e.Value) + "; expected an IllegalArgumentException for an unsolvable board"
		}
		return true, "new Solver(board) threw IllegalArgumentException: the puzzle has no solution"
	}
	v, ok, why := j.scalar("moves", "moves()")
	if !ok {
		return false, why
	}
	t := j.t
	switch {
	case !t.Solvable:
		if v != "-1" {
			return false, fmt.Sprintf("moves() returned %s, expected -1: the puzzle has no solution", Printable(v))
		}
		return true, "moves() returned -1: the puzzle has no solution"
	case t.Optimum.Known:
		if v != fmt.Sprint(t.Optimum.Length) {
			return false, fmt.Sprintf("moves() returned %s, expected %d, the optimal length (%s)", Printable(v), t.Optimum.Length, t.Optimum.Source)
		}
		return true, fmt.Sprintf("moves() returned %d, the optimal length", t.Optimum.Length)
	case j.r.Verdict.Solved():
		if v != fmt.Sprint(j.r.Length) {
			return false, fmt.Sprintf("moves() returned %s, but solution() has %d moves (the optimal length is not known)", Printable(v), j.r.Length)
		}
		return true, fmt.Sprintf("moves() returned %d, as many as solution() has (the optimal length is not known)", j.r.Length)
	}
	return true, fmt.Sprintf("moves() returned %s; not judged: the optimal length is not known and solution() did not reach the goal", Printable(v))
}

// ReadAPIReport parses a method report held in data, or gives the checks
// of an unreadable one.
func ReadAPIReport(data []byte, t Test, result Result) []Criterion {
	rep, err := ParseAPIReport(bytes.NewReader(data), "method report")
	if err != nil {
		return UnreadableAPIReport(err)
	}
	return JudgeJavaAPI(rep, t, result)
}

// KindJavaAPI: Princeton's Java Board and Solver classes
// (run.java_api) driven by kpuzzle's harness (JavaHarnessFile).
const KindJavaAPI = "java_api"

// javaAPI is KindJavaAPI.
type javaAPI struct{ program }

// Name is KindJavaAPI.
func (javaAPI) Name() string { return KindJavaAPI }

// Language is LanguageJava.
func (javaAPI) Language() string { return LanguageJava }

// HarnessFiles is the Java API harness.
func (javaAPI) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/KpuzzleHarness.java", Name: JavaHarnessFile}}
}

// Title is what it grades.
func (javaAPI) Title() string { return "a Java API" }

// Aliases are kpuzzle init's spellings.
func (javaAPI) Aliases() []string { return []string{"java-api", "javaapi"} }

// Starter is Princeton's Board and Solver classes, driven by kpuzzle's
// harness.
func (javaAPI) Starter() Starter {
	return Starter{Name: "java-api", Title: "Princeton's Java Board and Solver classes",
		Help:      "Princeton's Board.java and Solver.java",
		Languages: []string{"java"}, Square: "Princeton's Board",
		Adapt: func(c StarterCode, wallTime string) StarterCode {
			c.Files = []string{"Board.java", "Solver.java"}
			// java_api gives the build and run commands, and memory and
			// processes enough for a JVM.
			c.Build = nil
			c.Run = []string{"java_api: " + JavaAPIPrinceton, "wall_time: " + wallTime}
			c.Usage = "new Solver(new Board(tiles))"
			c.Local = "javac Board.java Solver.java && java Solver puzzles/%s > answer.txt"
			return c
		}}
}

func (javaAPI) selects(r RunStep) bool { return r.JavaAPI != "" }
func (javaAPI) selector() string       { return "run.java_api" }
func (javaAPI) with(p program) Kind    { return javaAPI{p} }

// optional is algs4.jar, on the class path only when there is one.
func (javaAPI) optional() []string { return []string{"algs4.jar"} }

// criteriaGroup is the method checks (rubric.api), reported before the
// others on every test.
func (javaAPI) criteriaGroup() *CriteriaGroup { return &apiCriteria }

// apiCriteria is the method checks: on every test, before the others;
// one passed in a run that timed out earns nothing; the fingerprint marks
// assignments that make them (a journal from before method checks
// existed would resume with none).
var apiCriteria = CriteriaGroup{
	Name: CriteriaAPI, What: "method", Criteria: APICriteria, First: true, TimeoutVoids: true, Fingerprint: true,
	Title:  apiCheckTitle,
	points: func(r *Rubric) *map[string]float64 { return &r.API },
}

// apiCheckTitle names a method check by its call: "manhattan()",
// "isGoal()".
func apiCheckTitle(name string) string {
	switch name {
	case APIIsGoal:
		return "isGoal()"
	case APITileAt:
		return "tileAt()"
	case APIIsSolvable:
		return "isSolvable()"
	}
	return name + "()"
}

func (javaAPI) normalize(a *Assignment) error { return a.javaAPICommands() }

func (j javaAPI) fits(t Test) error { return j.run.fitsJavaAPI(t) }

// JudgeCriteria judges the harness's method report (JavaAPIReportSuffix) and
// puts its checks before the others; a heuristic check's counterexample
// gets the true distances the test's optimum does not give from
// run.Distances.
func (javaAPI) JudgeCriteria(ctx context.Context, run FinishedRun, r *Result) {
	data, problem, err := run.ReadBeside(JavaAPIReportSuffix)
	var checks []Criterion
	switch {
	case err != nil:
		checks = UnreadableAPIReport(err)
	case problem == "missing":
		return
	case problem != "":
		checks = UnreadableAPIReport(fmt.Errorf("it is %s", problem))
	default:
		checks = ReadAPIReport(data, run.Test, *r)
		// A true distance the test's optimum does not give (a
		// neighbour's) is proved within the grading's budget; only ctx's
		// end stops it, and the result then means nothing.
		_ = ProveHeuristicDistances(ctx, checks, testGoal(run.Test), run.Distances)
	}
	r.Criteria = append(checks, r.Criteria...)
}

// JavaHarnessFile is the name under which the Java API harness is copied
// into a submission's copy when run.java_api is set.
const JavaHarnessFile = "KpuzzleHarness.java"

// JavaAPIPrinceton is the Princeton 8puzzle API: a Board class built from
// int[][] tiles and a Solver with isSolvable(), moves() and solution().
const JavaAPIPrinceton = "princeton"

// Commands run.java_api: princeton uses unless the assignment gives its
// own: algs4.jar, when the submission or run.files holds it, is on the
// class path (Princeton's MinPQ); the JVM flags keep the address space of
// javac and java within build.memory and run.memory (2GiB by default
// then), and their threads within 256 processes.
const (
	princetonBuild = "javac -J-Xmx256m -J-XX:+UseSerialGC -J-XX:CompressedClassSpaceSize=64m -J-XX:ReservedCodeCacheSize=64m " +
		"-encoding UTF-8 -cp {submission}:{submission}/algs4.jar -d {submission} " +
		"{submission}/KpuzzleHarness.java {submission}/Board.java {submission}/Solver.java"
	princetonRun = "java -Xmx512m -Xss16m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m " +
		"-XX:MaxMetaspaceSize=128m -cp {submission}:{submission}/algs4.jar KpuzzleHarness {input} {output}"
	javaAPIMemory = 2 << 30
	// javaAPIProcesses leaves room for a JVM's threads.
	javaAPIProcesses = 256
)

// fitsJavaAPI says why test cannot be posed through run.java_api:
// Princeton's Board is n-by-n and its goal has the blank last.
func (r RunStep) fitsJavaAPI(t Test) error {
	if r.JavaAPI == "" {
		return nil
	}
	if s := t.Board.Shape(); s.Rows != s.Cols {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%s: test %s is a %s board, but Princeton's Board is n-by-n; keep square boards in this assignment's sets", r.JavaAPI, t.Name, s)}
	}
	if !t.Goal.IsDefault() {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%s: test %s has the %s goal, but Princeton's Board.isGoal() and Solver mean the blank last; use goal: default", r.JavaAPI, t.Name, t.Goal.Name())}
	}
	return nil
}

// checkJavaAPIName validates run.java_api's value.
func checkJavaAPIName(api string) error {
	if api != JavaAPIPrinceton {
		return &ConfigError{Key: "run.java_api", Msg: fmt.Sprintf("%q: expected princeton (the Board and Solver API)", api)}
	}
	return nil
}

// javaAPICommands fills in the build and run commands and the memory of
// run.java_api.
func (a *Assignment) javaAPICommands() error {
	if err := checkJavaAPIName(a.Run.JavaAPI); err != nil {
		return err
	}
	if a.Run.Answer != "" && a.Run.Answer != "file" {
		return &ConfigError{Key: "run.answer", Msg: a.Run.Answer + ", but run.java_api writes solution() to the answer file; leave run.answer out"}
	}
	if strings.TrimSpace(a.Build.Command) == "" {
		a.Build.Command = princetonBuild
	}
	if strings.TrimSpace(a.Run.Command) == "" {
		a.Run.Command = princetonRun
	}
	if a.Run.Memory == 0 {
		a.Run.Memory = javaAPIMemory
	}
	if a.Build.Memory == 0 {
		a.Build.Memory = javaAPIMemory
	}
	if a.Run.Processes == 0 {
		a.Run.Processes = javaAPIProcesses
	}
	if a.Build.Processes == 0 {
		a.Build.Processes = javaAPIProcesses
	}
	return nil
}
