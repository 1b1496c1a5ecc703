package grader

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// KindBerkeley: a Berkeley CS188 search function (run.problem:
// berkeley, run.function) given a search problem by kpuzzle's harness
// (BerkeleyHarnessFile).
const KindBerkeley = "berkeley"

// CriteriaSearch holds the checks of a Berkeley CS188 search
// function's run (run.problem: berkeley, rubric.search).
const CriteriaSearch = "search"

// SearchOrder is the search check of run.problem: berkeley: the states
// the student's search expanded, in order, against the reference's.
const SearchOrder = "order"

// SearchCriteria are the names of the search checks, the keys of
// rubric.search.
var SearchCriteria = []string{SearchOrder}

// ExpandedSuffix is appended to the answer path to name the file in which
// the Berkeley harness (run.problem: berkeley) records the states the
// student's search expanded.
const ExpandedSuffix = ".expanded"

// The Berkeley harness records at most MaxExpandedStates states, and no
// more than MaxExpandedBytes of them, so that the record fits under the
// default run.output; the total line still counts every expansion.
const (
	MaxExpandedStates = 100_000
	MaxExpandedBytes  = 1_000_000
)

// berkeleyRecordBytes is the largest record of expanded states: the
// states and room for the header and the total line.
const berkeleyRecordBytes = MaxExpandedBytes + 64

// expandedHeader starts an expanded-states file; the board's shape
// follows it.
const expandedHeader = "kpuzzle expanded"

// stateDigits are the characters of a state line: cell i holds
// stateDigits[tile]. Boards of up to 36 cells can be recorded.
const stateDigits = "0123456789abcdefghijklmnopqrstuvwxyz"

// ExpandedOrder is the record of the states a search function expanded
// (called getSuccessors on), in order.
type ExpandedOrder struct {
	// Shape is the boards' shape.
	Shape puzzles.Shape
	// States are the recorded states, the first len(States) expansions.
	States []puzzles.Board
	// Total counts every expansion, recorded or not: more than
	// len(States) when the record is capped.
	Total int
}

// Capped reports whether the search expanded more states than the record
// holds.
func (e ExpandedOrder) Capped() bool { return e.Total > len(e.States) }

// WriteExpanded writes e in the expanded-states format (docs/formats.md):
// the line "kpuzzle expanded RxC", one line per state with one character
// per cell (0-9 then a-z, the blank 0), and the line "total N".
func WriteExpanded(w io.Writer, e ExpandedOrder) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s\n", expandedHeader, e.Shape)
	for _, s := range e.States {
		b.WriteString(stateLine(s))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "total %d\n", e.Total)
	_, err := w.Write(b.Bytes())
	return err
}

// stateLine is a state as the expanded-states format writes it.
func stateLine(s puzzles.Board) string {
	out := make([]byte, s.Len())
	for i := range out {
		out[i] = stateDigits[s.At(i)]
	}
	return string(out)
}

// ParseExpanded reads an expanded-states file (see [WriteExpanded]).
// Blank lines and surrounding spaces are ignored; the header must come
// first and the total line last, counting at least the states listed.
// Errors are *puzzles.ParseError naming name, the line and the column.
func ParseExpanded(r io.Reader, name string) (ExpandedOrder, error) {
	var e ExpandedOrder
	fail := func(line, col int, format string, args ...any) (ExpandedOrder, error) {
		return ExpandedOrder{}, &puzzles.ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf(format, args...)}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n, header, total := 0, false, false
	for sc.Scan() {
		n++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		col := strings.Index(raw, line) + 1
		switch {
		case line == "":
			continue
		case total:
			return fail(n, col, "expected nothing after the total line")
		case !header:
			rest, ok := strings.CutPrefix(line, expandedHeader+" ")
			if !ok {
				return fail(n, col, "expected the header %q followed by the board's shape (3x3)", expandedHeader)
			}
			s, err := puzzles.ParseShape(rest)
			if err == nil && !strings.Contains(rest, "x") {
				err = errors.New("no x")
			}
			if err == nil {
				err = s.Validate()
			}
			if err != nil || s.Cells() > len(stateDigits) {
				return fail(n, col+len(expandedHeader)+1, "expected a board shape RxC of at most %d cells, got %q", len(stateDigits), rest)
			}
			e.Shape, header = s, true
		case strings.HasPrefix(line, "total"):
			v, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "total")))
			if err != nil || v < len(e.States) || !strings.HasPrefix(line, "total ") {
				return fail(n, col, "expected \"total N\", N at least the number of states listed (%d)", len(e.States))
			}
			e.Total, total = v, true
		default:
			b, c, msg := parseState(line, e.Shape)
			if msg != "" {
				return fail(n, col+c, "%s", msg)
			}
			e.States = append(e.States, b)
		}
	}
	if err := sc.Err(); err != nil {
		return fail(n+1, 1, "%v", err)
	}
	switch {
	case !header:
		return fail(1, 1, "empty; expected the header %q", expandedHeader)
	case !total:
		return fail(n+1, 1, "no total line: the harness did not finish the record")
	}
	return e, nil
}

// parseState reads one state line of shape s; on error it gives the
// column (0-based) and what was expected.
func parseState(line string, s puzzles.Shape) (puzzles.Board, int, string) {
	cells := make([]int, 0, s.Cells())
	seen := make([]bool, s.Cells())
	for i := 0; i < len(line); i++ {
		t := strings.IndexByte(stateDigits, line[i])
		switch {
		case i >= s.Cells():
			return puzzles.Board{}, i, fmt.Sprintf("expected %d cells for a %s board, got more", s.Cells(), s)
		case t < 0 || t >= s.Cells():
			return puzzles.Board{}, i, fmt.Sprintf("expected a tile 0-%c, got %q", stateDigits[s.Cells()-1], line[i])
		case seen[t]:
			return puzzles.Board{}, i, fmt.Sprintf("tile %c appears twice", line[i])
		}
		seen[t] = true
		cells = append(cells, t)
	}
	if len(cells) != s.Cells() {
		return puzzles.Board{}, len(line), fmt.Sprintf("expected %d cells for a %s board, got %d", s.Cells(), s, len(cells))
	}
	b, err := puzzles.NewBoard(s, cells)
	if err != nil {
		return puzzles.Board{}, 0, err.Error()
	}
	return b, 0, ""
}

// BerkeleyGoal is the value of BerkeleyGoalEnv for test t: its goal's
// cells, row-major, separated by spaces.
func BerkeleyGoal(t Test) string {
	return testGoal(t).Board().String()
}

func testGoal(t Test) puzzles.Goal {
	if t.Goal.IsZero() {
		return puzzles.DefaultGoal(t.Board.Shape())
	}
	return t.Goal
}

// BerkeleyReference runs the CS188 search of run.search (with
// run.heuristic) on test t, recording at most MaxExpandedStates + 1
// expansions.
func BerkeleyReference(ctx context.Context, r RunStep, t Test) (berkeley.Result, error) {
	g := testGoal(t)
	h, err := berkeley.NewHeuristic(r.Heuristic, g)
	if err != nil {
		return berkeley.Result{}, err
	}
	return berkeley.Search(ctx, t.Board, g, berkeley.Options{Algorithm: berkeley.Algorithm(r.Search), Heuristic: h, MaxExpanded: MaxExpandedStates + 1})
}

// JudgeExpandedOrder is the order check of run.problem: berkeley: got,
// the states the student's search expanded, against want, the
// reference's (from BerkeleyReference), search naming it (run.search).
// It passes when the sequences are equal (as far as the records go, when
// a record is capped); otherwise its detail says where they first differ
// (the expansion's number, the state expected, the state seen) and how
// many states each expanded.
func JudgeExpandedOrder(got ExpandedOrder, want berkeley.Result, search string) Criterion {
	c := Criterion{Group: CriteriaSearch, Name: SearchOrder}
	refCount := strconv.Itoa(len(want.Expanded))
	if want.Capped {
		refCount = "more than " + strconv.Itoa(len(want.Expanded)-1)
	}
	counts := fmt.Sprintf("the search expanded %s, the reference %s %s", states(got.Total), search, refCount)
	if len(want.Expanded) > 0 && got.Shape != want.Expanded[0].Shape() {
		c.Detail = fmt.Sprintf("the record holds %s boards, but the puzzle is %s", got.Shape, want.Expanded[0].Shape())
		return c
	}
	seen := map[string]int{}
	for i := 0; i < len(got.States) && i < len(want.Expanded); i++ {
		g, w := got.States[i], want.Expanded[i]
		if !g.Equal(w) {
			c.Detail = fmt.Sprintf("expansion %d differs: expected %s, seen %s", i+1, w, g)
			if j, ok := seen[string(g.Bytes())]; ok {
				c.Detail += fmt.Sprintf(", which it had expanded already at %d (a graph search expands each state once)", j+1)
			}
			c.Detail += "; " + counts
			return c
		}
		seen[string(g.Bytes())] = i
	}
	n, m := len(got.States), len(want.Expanded)
	switch {
	case !got.Capped() && !want.Capped && n == m:
		c.Passed, c.Detail = true, fmt.Sprintf("the %s expanded are the reference %s's, in its order", states(n), search)
	case got.Capped() && want.Capped:
		c.Passed, c.Detail = true, fmt.Sprintf("the first %d states expanded are the reference %s's, in its order (both expanded more than the %d the record holds)", n, search, n)
	case got.Capped() && got.Total == m:
		c.Passed, c.Detail = true, fmt.Sprintf("the %d states recorded are the reference %s's first, in its order, and both expanded %d", n, search, m)
	case n < m && !got.Capped():
		c.Detail = fmt.Sprintf("the search stopped after expansion %d, where the reference expanded %s next; %s", n, want.Expanded[n], counts)
	case n > m:
		c.Detail = fmt.Sprintf("the search went on after the reference's last expansion (%d), expanding %s; %s", m, got.States[m], counts)
	default:
		c.Detail = "the states recorded agree, but " + counts
	}
	return c
}

// states is "1 state" or "n states".
func states(n int) string {
	if n == 1 {
		return "1 state"
	}
	return strconv.Itoa(n) + " states"
}

// ReadExpandedOrder judges the expanded-states record in data against the
// reference's; an unreadable record fails the check, saying why.
func ReadExpandedOrder(data []byte, want berkeley.Result, search string) Criterion {
	got, err := ParseExpanded(bytes.NewReader(data), "expanded states")
	if err != nil {
		return Criterion{Group: CriteriaSearch, Name: SearchOrder, Detail: "not checked: the harness's record of expanded states is unreadable: " + Printable(err.Error())}
	}
	return JudgeExpandedOrder(got, want, search)
}

// berkeleyFunction is KindBerkeley.
type berkeleyFunction struct{ program }

// Name is KindBerkeley.
func (berkeleyFunction) Name() string { return KindBerkeley }

// Title is what it grades.
func (berkeleyFunction) Title() string { return "a Python search function" }

// Language is LanguagePython.
func (berkeleyFunction) Language() string { return LanguagePython }

// Starter is none: the interface grades the CS188 search functions of
// Berkeley's own project code.
func (berkeleyFunction) Starter() Starter {
	return Starter{Name: KindBerkeley, Title: "a Berkeley CS188 search function",
		Missing: "the berkeley interface (run.problem: berkeley) grades the CS188 search functions of Berkeley's own project code, which kpuzzle does not ship; write its run section by hand (docs/grading.md)"}
}

func (berkeleyFunction) selects(r RunStep) bool { return r.Problem != "" }
func (berkeleyFunction) selector() string       { return "run.problem: berkeley" }
func (berkeleyFunction) with(p program) Kind    { return berkeleyFunction{p} }

// refines KindFunction: run.function is the search function.
func (berkeleyFunction) refines() string { return KindFunction }

// convention is the blank's moves: CS188's actions.
func (berkeleyFunction) convention() string { return "blank" }

// expects is the search function's module.
func (b berkeleyFunction) expects() []string { return []string{b.run.FunctionModuleFile()} }

// search is run.search.
func (b berkeleyFunction) search() string { return b.run.Search }

// criteriaGroup is the search checks (rubric.search), reported after the
// others on solvable tests.
func (berkeleyFunction) criteriaGroup() *CriteriaGroup { return &searchCriteria }

// searchCriteria is the search checks: on solvable tests, after the
// others.
var searchCriteria = CriteriaGroup{
	Name: CriteriaSearch, What: "search", Criteria: SearchCriteria, SolvableOnly: true,
	Title: func(name string) string {
		if name == SearchOrder {
			return "expanded order"
		}
		return "search " + name
	},
	points: func(r *Rubric) *map[string]float64 { return &r.Search },
}

// HarnessFiles is the Berkeley CS188 harness.
func (berkeleyFunction) HarnessFiles() []Harness {
	return []Harness{{Template: "harness/berkeley_search.py", Name: BerkeleyHarnessFile}}
}

// Env gives the harness the test's goal (BerkeleyGoalEnv).
func (berkeleyFunction) Env(t Test) []string {
	return []string{BerkeleyGoalEnv + "=" + BerkeleyGoal(t)}
}

func (berkeleyFunction) normalize(a *Assignment) error {
	if err := a.berkeleyProblem(); err != nil {
		return err
	}
	return a.Run.functionCommand(BerkeleyHarnessFile)
}

func (berkeleyFunction) checkLimits(a *Assignment) error {
	if a.Run.Output < berkeleyRecordBytes {
		return &ConfigError{Key: "run.output", Msg: fmt.Sprintf("%s, but run.problem: berkeley's record of expanded states takes up to %d bytes; give it 1MiB or more", a.Run.Output, berkeleyRecordBytes)}
	}
	return nil
}

// JudgeCriteria judges the order of the expanded states the harness recorded
// (ExpandedSuffix) against the reference search, on a solvable test, and
// puts the check after the others; none once ctx has ended.
func (b berkeleyFunction) JudgeCriteria(ctx context.Context, run FinishedRun, r *Result) {
	if !run.Test.Solvable || ctx.Err() != nil {
		return
	}
	data, problem, err := run.ReadBeside(ExpandedSuffix)
	unreadable := func(why string) Criterion {
		return Criterion{Group: CriteriaSearch, Name: SearchOrder, Detail: "not checked: the harness's record of expanded states is " + why}
	}
	var c Criterion
	switch {
	case err != nil:
		c = unreadable(fmt.Sprintf("unreadable: %v", err))
	case problem == "missing":
		return
	case problem != "":
		c = unreadable(problem)
	default:
		want, err := b.reference(ctx, run)
		if err != nil {
			c = Criterion{Group: CriteriaSearch, Name: SearchOrder, Detail: "not checked: the reference search failed: " + err.Error()}
		} else {
			c = ReadExpandedOrder(data, want, b.run.Search)
		}
	}
	r.Criteria = append(r.Criteria, c)
}

// stray refuses run.search and run.heuristic without run.problem:
// berkeley.
func (berkeleyFunction) stray(r RunStep) error {
	switch {
	case r.Search != "":
		return &ConfigError{Key: "run.search", Msg: "set without run.problem: berkeley"}
	case r.Heuristic != "":
		return &ConfigError{Key: "run.heuristic", Msg: "set without run.problem: berkeley"}
	}
	return nil
}

// BerkeleyHarnessFile is the name under which the Berkeley CS188 harness
// is copied into a submission's copy when run.problem is berkeley.
const BerkeleyHarnessFile = "kpuzzle_berkeley.py"

// ProblemBerkeley is run.problem's value for a Berkeley CS188 search
// function.
const ProblemBerkeley = "berkeley"

// BerkeleyGoalEnv is the environment variable through which the Berkeley
// harness learns the test's goal: its cells, row-major, separated by
// spaces (the default goal when it is absent).
const BerkeleyGoalEnv = "KPUZZLE_GOAL"

// berkeleySearches maps CS188's function names, and search.py's
// abbreviations of them, to the reference searches.
var berkeleySearches = map[string]berkeley.Algorithm{
	"depthFirstSearch": berkeley.DFS, "dfs": berkeley.DFS,
	"breadthFirstSearch": berkeley.BFS, "bfs": berkeley.BFS,
	"uniformCostSearch": berkeley.UCS, "ucs": berkeley.UCS,
	"aStarSearch": berkeley.AStar, "astar": berkeley.AStar,
}

// berkeleyProblem validates run.problem, run.search and run.heuristic and
// fills in run.search from run.function's name and run.heuristic (null
// for astar).
func (a *Assignment) berkeleyProblem() error {
	r := &a.Run
	if r.Problem != ProblemBerkeley {
		return &ConfigError{Key: "run.problem", Msg: fmt.Sprintf("%q: expected berkeley (a CS188 search function given a search problem)", r.Problem)}
	}
	if r.Function == "" {
		return &ConfigError{Key: "run.problem", Msg: "berkeley needs run.function, the search function, such as search:breadthFirstSearch"}
	}
	for _, e := range r.Env {
		if strings.HasPrefix(e, BerkeleyGoalEnv+"=") {
			return &ConfigError{Key: "run.env", Msg: fmt.Sprintf("sets %s, which kpuzzle sets to each test's goal with run.problem: berkeley; use goal to change the goal", BerkeleyGoalEnv)}
		}
	}
	if a.ConventionName != "blank" {
		return &ConfigError{Key: "moves", Msg: fmt.Sprintf("%q, but run.problem: berkeley answers with CS188's actions, the moves of the blank; set moves: blank or leave it out", a.ConventionName)}
	}
	if r.Search == "" {
		_, name, _ := strings.Cut(r.Function, ":")
		alg, ok := berkeleySearches[name]
		if !ok {
			return &ConfigError{Key: "run.search", Msg: fmt.Sprintf("missing, and run.function's %s is not one of CS188's names; expected dfs, bfs, ucs or astar", name)}
		}
		r.Search = string(alg)
	}
	if !slices.Contains(berkeley.Algorithms, berkeley.Algorithm(r.Search)) {
		return &ConfigError{Key: "run.search", Msg: fmt.Sprintf("%q: expected dfs, bfs, ucs or astar", r.Search)}
	}
	switch {
	case r.Search != string(berkeley.AStar) && r.Heuristic != "":
		return &ConfigError{Key: "run.heuristic", Msg: fmt.Sprintf("set, but run.search is %s; only astar takes a heuristic", r.Search)}
	case r.Search == string(berkeley.AStar) && r.Heuristic == "":
		r.Heuristic = berkeley.HeuristicNull
	case r.Search == string(berkeley.AStar) && !slices.Contains(berkeley.HeuristicNames, r.Heuristic):
		return &ConfigError{Key: "run.heuristic", Msg: fmt.Sprintf("%q: expected null, manhattan or misplaced", r.Heuristic)}
	}
	return nil
}

// compactReference is a test's reference search as the grading keeps
// it for the test's other runs (FinishedRun.Shared): the expanded
// states' cells one after the other, one byte each (a capped 3x3 test's
// 100,001 states take 900 KB), rather than a Board each.
type compactReference struct {
	shape  puzzles.Shape
	cells  []byte
	capped bool
}

// reference is the reference search of the run's test, made by the first
// run of the test that needs it and kept for the others (run.Shared).
func (b berkeleyFunction) reference(ctx context.Context, run FinishedRun) (berkeley.Result, error) {
	build := func(ctx context.Context) (any, error) {
		r, err := BerkeleyReference(ctx, b.run, run.Test)
		if err != nil {
			return nil, err
		}
		ref := compactReference{shape: run.Test.Board.Shape(), capped: r.Capped}
		for _, s := range r.Expanded {
			ref.cells = s.AppendBytes(ref.cells)
		}
		return ref, nil
	}
	var v any
	var err error
	if run.Shared != nil {
		v, err = run.Shared(ctx, build)
	} else {
		v, err = build(ctx)
	}
	if err != nil {
		return berkeley.Result{}, err
	}
	ref := v.(compactReference)
	n := ref.shape.Cells()
	out := berkeley.Result{Capped: ref.capped, Expanded: make([]puzzles.Board, 0, len(ref.cells)/n)}
	for i := 0; i+n <= len(ref.cells); i += n {
		out.Expanded = append(out.Expanded, puzzles.FromBytes(ref.shape, ref.cells[i:i+n]))
	}
	return out, nil
}
