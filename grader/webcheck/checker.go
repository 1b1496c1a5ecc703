package webcheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Config is what `kpuzzle page` builds into a page: the course's
// defaults and its public set with the answer key. Its zero value is a
// page for any puzzle, default goal, tile convention.
type Config struct {
	// Title heads the page; empty means "kpuzzle checker".
	Title string `json:"title,omitempty"`
	// Convention is the course's move convention, "tile" or "blank" ("" means
	// tile).
	Convention string `json:"moves,omitempty"`
	// Goal is the course's goal: "default", "blank-first" or an explicit
	// goal board's cells ("0 1 2 3 4 5 6 7 8"); "" means default.
	Goal string `json:"goal,omitempty"`
	// BudgetSeconds is how long the page lets the search prove an optimal
	// length before it stops it (0 means DefaultBudgetSeconds).
	BudgetSeconds int `json:"budget_seconds,omitempty"`
	// Set is the course's public puzzle set, when one is built in.
	Set []Puzzle `json:"set,omitempty"`
	// SetName names the set on the page.
	SetName string `json:"set_name,omitempty"`
}

// DefaultBudgetSeconds is the page's default time budget for the search.
const DefaultBudgetSeconds = 30

// Puzzle is one puzzle of a built-in set with its answer key.
type Puzzle struct {
	// Name is the puzzle file's name in the set ("n_equals_3/input_1.txt").
	Name string `json:"name"`
	// Cells are the board's cells, row-major, separated by spaces.
	Cells string `json:"cells"`
	// Shape is the board's shape ("3x3").
	Shape string `json:"shape"`
	// Goal is the goal's cells, row-major, separated by spaces.
	Goal string `json:"goal"`
	// Text is the puzzle as a puzzle file (one row a line), for the
	// page's text box.
	Text string `json:"text"`
	// Optimal is the answer key's optimal length; -1 when the key has
	// none (or the puzzle is unsolvable).
	Optimal int `json:"optimal"`
}

// Stage says how far a check goes; see the package documentation.
type Stage string

// The stages of a check.
const (
	StageQuick   Stage = "quick"
	StageProve   Stage = "prove"
	StageStopped Stage = "stopped"
)

// Request is one check as the page asks for it: the text boxes' contents
// and the options.
type Request struct {
	// Puzzle is the puzzle file's text (any form kpuzzle reads).
	Puzzle string `json:"puzzle"`
	// Answer is the answer file's text.
	Answer string `json:"answer"`
	// Convention is "tile", "blank" or "" for the page's convention.
	Convention string `json:"moves,omitempty"`
	// Goal is "default", "blank-first" or "" for the page's goal.
	Goal string `json:"goal,omitempty"`
	// Stage is the stage to run; "" means StageQuick.
	Stage Stage `json:"stage,omitempty"`
	// Cancelled, with StageStopped, says the student stopped the search
	// (otherwise it ran out of its budget).
	Cancelled bool `json:"cancelled,omitempty"`
}

// Response is the outcome of a check: what `kpuzzle check` prints, and
// the replay page.
type Response struct {
	// Error is set, alone, when the puzzle (or an option) cannot be read:
	// one line naming the line and column and what was expected.
	Error string `json:"error,omitempty"`
	// Verdict is the checker's verdict name (check.Verdict).
	Verdict string `json:"verdict,omitempty"`
	// Tone is how the page colours the verdict: "good" (optimal,
	// unsolvable-correct), "warn" (valid, suboptimal) or "bad".
	Tone string `json:"tone,omitempty"`
	// Summary is kpuzzle check's one-line explanation.
	Summary string `json:"summary,omitempty"`
	// Details are kpuzzle check's further lines that draw no board
	// (check.Report.Notes): the replay page below draws the boards.
	Details []string `json:"details,omitempty"`
	// Heading says what was checked: shape, goal and convention.
	Heading string `json:"heading,omitempty"`
	// Report is kpuzzle check --json's report.
	Report *check.Report `json:"report,omitempty"`
	// Proving is set by StageQuick when only a search can prove the
	// optimal length the verdict's explanation needs (a solved answer, or
	// UNSOLVABLE for a solvable puzzle, where kpuzzle check says how short
	// a solution is): the page runs StageProve next.
	Proving bool `json:"proving,omitempty"`
	// Replay is the replay page (grader/replay) of the answer.
	Replay string `json:"replay,omitempty"`
	// Fragment is the link fragment that reopens this check; empty when
	// it would be longer than MaxLinkFragment.
	Fragment string `json:"fragment,omitempty"`
	// SetPuzzle names the built-in set's puzzle when the board is one.
	SetPuzzle string `json:"set_puzzle,omitempty"`
}

// MaxLinkFragment is the longest fragment a Response offers as a link
// (a link is for sharing, and chat programs and mail cut long ones).
const MaxLinkFragment = 8 << 10

// Checker checks answers for one page. It keeps the exact tables and
// pattern databases it builds, so a second check on the same goal is
// fast. It is safe for concurrent use.
type Checker struct {
	cfg    Config
	goal   *puzzles.Board // explicit course goal, nil for a named one
	prover *reference.Prover
}

// New makes the checker of a page with configuration cfg. It fails for a
// configuration that names an unknown convention or goal, or a set entry
// that is not a board.
func New(cfg Config) (*Checker, error) {
	if cfg.Convention == "" {
		cfg.Convention = "tile"
	}
	if _, err := puzzles.ParseConvention(cfg.Convention); err != nil {
		return nil, fmt.Errorf("page configuration: %w", err)
	}
	c := &Checker{cfg: cfg, prover: &reference.Prover{Heuristics: Heuristics()}}
	switch cfg.Goal {
	case "", puzzles.GoalDefault, puzzles.GoalBlankFirst:
	default:
		b, err := puzzles.ParseCells(cfg.Goal, puzzles.Shape{})
		if err != nil {
			return nil, fmt.Errorf("page configuration: goal: %w", err)
		}
		c.goal = &b
	}
	for i, p := range cfg.Set {
		if _, _, err := p.boards(); err != nil {
			return nil, fmt.Errorf("page configuration: set puzzle %d (%s): %w", i+1, p.Name, err)
		}
	}
	return c, nil
}

// boards reads a set entry's board and goal.
func (p Puzzle) boards() (puzzles.Board, puzzles.Board, error) {
	s, err := puzzles.ParseShape(p.Shape)
	if err != nil {
		return puzzles.Board{}, puzzles.Board{}, err
	}
	b, err := puzzles.ParseCells(p.Cells, s)
	if err != nil {
		return puzzles.Board{}, puzzles.Board{}, err
	}
	g, err := puzzles.ParseCells(p.Goal, s)
	if err != nil {
		return puzzles.Board{}, puzzles.Board{}, fmt.Errorf("goal: %w", err)
	}
	return b, g, nil
}

// Heuristics is the heuristics the page's prover chooses from: those the
// auto route chooses from (reference.AutoHeuristics), and on 4x4 the
// pattern database 5-5-5 built in memory (3 x 524,160 entries, never
// written anywhere).
func Heuristics() *reference.Heuristics {
	hs := reference.AutoHeuristics()
	build := func(ctx context.Context, g puzzles.Goal) (search.Heuristic, error) {
		// Built in memory, one table at a time, rather than through
		// pdb.OpenSpec, whose file cache and spec parsing the page has
		// no use for (and its module would carry).
		part, err := pdb.Named("555", g)
		if err != nil {
			return nil, err
		}
		tables := make([]*pdb.Table, len(part.Patterns))
		for i, tiles := range part.Patterns {
			if tables[i], err = pdb.BuildTable(ctx, g, part.Mode, tiles, pdb.BuildOptions{Workers: 1}); err != nil {
				return nil, fmt.Errorf("pattern database 555: %w", err)
			}
		}
		return pdb.New(part, tables, false)
	}
	four := puzzles.Shape{Rows: 4, Cols: 4}
	err := hs.Register(reference.HeuristicInfo{
		Name:        "pdb:555",
		Strength:    300,
		Description: "pattern database 5-5-5, built in memory",
		Fits:        func(s puzzles.Shape) bool { return s == four },
		Build:       build,
		AutoBuild:   build,
	})
	if err != nil {
		panic("webcheck: register pdb:555: " + err.Error())
	}
	return hs
}

// BudgetSeconds is the page's time budget for the search.
func (c *Checker) BudgetSeconds() int {
	if c.cfg.BudgetSeconds > 0 {
		return c.cfg.BudgetSeconds
	}
	return DefaultBudgetSeconds
}

// Check runs one stage of a check. A puzzle that cannot be read is a
// Response with Error set; the error result is for a cancelled ctx and for
// an answer key that contradicts the puzzle.
func (c *Checker) Check(ctx context.Context, req Request) (Response, error) {
	p, setName, err := c.problem(req)
	if err != nil {
		return Response{Error: err.Error()}, nil
	}
	stage := req.Stage
	if stage == "" {
		stage = StageQuick
	}
	var opts check.Options
	switch stage {
	case StageQuick:
		// A board of an exact table is answered at once (the distances
		// of the first move off every optimal path too); a larger one
		// waits for StageProve.
		switch {
		case p.Board.Len() <= reference.DefaultMaxTableCells:
			opts.Oracle = c.oracle()
		case !p.Optimum.Known:
			p.Optimum.Unknown = "the search is proving the optimal length"
		}
	case StageProve:
		opts.Oracle = c.oracle()
		opts.OffPath.Oracle = c.distances()
	case StageStopped:
		if req.Cancelled {
			p.Optimum.Unknown = "the search was cancelled before it proved the optimal length"
		} else {
			p.Optimum.Unknown = fmt.Sprintf("the reference solver did not finish within the page's budget of %d s (run kpuzzle check with a longer --timeout)", c.BudgetSeconds())
		}
	default:
		return Response{Error: fmt.Sprintf("stage %q; expected quick, prove or stopped", clip(string(stage)))}, nil
	}
	rep, err := check.Answer(ctx, p, strings.NewReader(req.Answer), "answer", opts)
	if err != nil {
		return Response{}, err
	}
	resp := Response{
		Verdict:   string(rep.Verdict),
		Tone:      string(rep.Verdict.Tone()),
		Summary:   rep.Summary(),
		Details:   rep.Notes(),
		Heading:   fmt.Sprintf("%s, %s goal, moves name where the %s goes", p.Board.Shape(), p.Goal.Name(), rep.Convention),
		Report:    &rep,
		Proving:   needsSearch(stage, p, rep),
		SetPuzzle: setName,
	}
	resp.Replay, err = c.replay(p, rep)
	if err != nil {
		return Response{}, err
	}
	resp.Fragment = c.fragment(p, req)
	return resp, nil
}

// needsSearch reports whether a quick stage's report lacks what only a
// search can give, so that the page runs StageProve next: the optimal
// length a solved answer's verdict (or UNSOLVABLE's explanation) needs,
// and the distances behind the first move off every optimal path of a
// suboptimal or incomplete answer (the quick stage searches only boards
// of an exact table).
func needsSearch(stage Stage, p check.Problem, rep check.Report) bool {
	if stage != StageQuick || p.Board.Len() <= reference.DefaultMaxTableCells {
		return false
	}
	switch rep.Verdict {
	case check.Valid:
		return true
	case check.UnsolvableWrong:
		return rep.OptimalLength == nil
	case check.Suboptimal, check.Incomplete:
		return rep.Solvable && rep.OffPath == nil && rep.OffPathUnknown != ""
	}
	return false
}

// DistanceNodes is the work the page allows each distance the search for
// the first move off every optimal path proves (IDA* expansions): a node
// budget, not a clock, so that the same answer gets the same explanation
// on every machine, and a search in the page's worker stays within its
// time budget.
const DistanceNodes = 1_000_000

// distances proves the distances of the first move off every optimal
// path with the page's prover, within DistanceNodes each.
func (c *Checker) distances() check.Oracle {
	return check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
		proof, err := c.prover.ProveWithin(ctx, b, g, search.Limits{MaxNodes: DistanceNodes})
		if errors.Is(err, search.ErrNodeLimit) {
			return 0, proof.Method, fmt.Errorf("%w: %d expansions", check.ErrOutOfBudget, DistanceNodes)
		}
		return proof.Length, proof.Method, err
	})
}

// oracle proves optimal lengths with the page's prover.
func (c *Checker) oracle() check.Oracle {
	return check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
		proof, err := c.prover.Prove(ctx, b, g)
		return proof.Length, proof.Method, err
	})
}

// problem reads the request's puzzle and options, and finds its answer
// key in the built-in set.
func (c *Checker) problem(req Request) (check.Problem, string, error) {
	moves := req.Convention
	if moves == "" {
		moves = c.cfg.Convention
	}
	conv, err := puzzles.ParseConvention(moves)
	if err != nil {
		return check.Problem{}, "", fmt.Errorf("moves: %w", err)
	}
	if strings.TrimSpace(req.Puzzle) == "" {
		return check.Problem{}, "", errors.New("puzzle: empty; paste a puzzle file (rows of tile numbers, 0 for the blank)")
	}
	b, err := puzzles.ParseBoard(strings.NewReader(req.Puzzle), "puzzle")
	if err != nil {
		return check.Problem{}, "", err
	}
	g, err := c.goalFor(req.Goal, b.Shape())
	if err != nil {
		return check.Problem{}, "", err
	}
	p := check.Problem{Board: b, Goal: g, Convention: conv}
	for _, e := range c.cfg.Set {
		eb, eg, err := e.boards()
		if err != nil || !eb.Equal(b) || !eg.Equal(g.Board()) {
			continue
		}
		if e.Optimal >= 0 && puzzles.Solvable(b, g) {
			p.Optimum = check.KnownOptimum(e.Optimal, "answer key of "+c.setLabel())
		}
		return p, e.Name, nil
	}
	return p, "", nil
}

func (c *Checker) setLabel() string {
	if c.cfg.SetName != "" {
		return c.cfg.SetName
	}
	return "the course's set"
}

// goalFor is the goal a request names, else the page's, on shape s.
func (c *Checker) goalFor(name string, s puzzles.Shape) (puzzles.Goal, error) {
	switch {
	case name == "" && c.goal != nil:
		if c.goal.Shape() != s {
			return puzzles.Goal{}, fmt.Errorf("puzzle: a %s board, but the course's goal is %s", s, c.goal.Shape())
		}
		return puzzles.NewGoal(*c.goal, "course"), nil
	case name == "":
		name = c.cfg.Goal
	}
	switch name {
	case "", puzzles.GoalDefault, puzzles.GoalBlankFirst:
		return puzzles.GoalByName(name, s)
	}
	return puzzles.Goal{}, fmt.Errorf("goal %q: expected default or blank-first", clip(name))
}

// replay renders the replay page of the answer with the report's
// verdict: the answer as the check read it (Report.Answer), in whichever
// notation.
func (c *Checker) replay(p check.Problem, rep check.Report) (string, error) {
	page := replay.Page{Title: "Replay", Start: p.Board, Goal: p.Goal, Convention: p.Convention}
	if rep.Answer == nil || rep.Verdict == check.Malformed {
		page.AnswerError = errors.New(rep.Summary())
	} else {
		page.Answer = *rep.Answer
	}
	page.Verdict = string(rep.Verdict)
	page.Summary = rep.Summary()
	page.OptimalLength = rep.OptimalLength
	page.OptimalSource = rep.OptimalSource
	page.OffPath, page.Remaining = rep.OffPath, rep.Remaining
	if rep.Verdict != check.Valid {
		page.Note = rep.Note
	}
	var buf bytes.Buffer
	if err := replay.Write(&buf, page); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// fragment is the link fragment of a request, or "" when it would be
// longer than MaxLinkFragment. Its cost is bounded by MaxLinkFragment,
// whatever the answer's length: an answer of more lines than that cannot
// fit (each line takes a byte at least) and is not split at all.
func (c *Checker) fragment(p check.Problem, req Request) string {
	f := Fragment{Cells: p.Board.Cells(), Convention: req.Convention, Goal: req.Goal}
	if s := p.Board.Shape(); s.Rows != s.Cols {
		f.Shape = s
	}
	answer := strings.TrimRight(req.Answer, "\r\n")
	if strings.Count(answer, "\n") >= MaxLinkFragment {
		return ""
	}
	f.Answer = strings.Split(strings.ReplaceAll(answer, "\r\n", "\n"), "\n")
	frag, ok := f.text(MaxLinkFragment)
	if !ok {
		return ""
	}
	return frag
}

// Request is the request a link's fragment stands for: its puzzle as a
// puzzle file's text (one row a line), its answer as an answer file's.
// A fragment without a puzzle gives an empty Puzzle.
func (f Fragment) Request() Request {
	r := Request{Convention: f.Convention, Goal: f.Goal, Answer: strings.Join(f.Answer, "\n")}
	if len(f.Answer) > 0 {
		r.Answer += "\n"
	}
	if len(f.Cells) == 0 {
		return r
	}
	cols := f.Shape.Cols
	if f.Shape == (puzzles.Shape{}) {
		cols = 1
		for cols*cols < len(f.Cells) {
			cols++
		}
	}
	var b strings.Builder
	for i, c := range f.Cells {
		if i > 0 && i%cols == 0 {
			b.WriteByte('\n')
		} else if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, c)
	}
	b.WriteByte('\n')
	r.Puzzle = b.String()
	return r
}
