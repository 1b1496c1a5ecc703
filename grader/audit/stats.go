package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Figures a search-statistics claim may state.
const (
	FigureExpanded    = "expanded"
	FigureMaxFrontier = "max_frontier"
	FigureGenerated   = "generated"
)

// Verdicts on a claimed figure.
const (
	VerdictPossible   = "possible"
	VerdictImpossible = "impossible"
	VerdictUnchecked  = "unchecked"
)

// Counting conventions of an expanded-node count. kpuzzle counts the
// nodes whose successors were generated: the start, not the goal (a
// search that tests the goal when it takes it off the frontier stops
// there). Programs and course specifications also count the goal's pop as
// an expansion, or leave the start out; the bands accept each, one node
// apart, and a verdict says which one a count matched.
const (
	// ConventionKpuzzle counts the start and not the goal (or both, which
	// gives the same number).
	ConventionKpuzzle = "start counted, goal not"
	// ConventionGoalCounted counts the goal's pop as an expansion too.
	ConventionGoalCounted = "goal counted"
	// ConventionStartNotCounted leaves the start out.
	ConventionStartNotCounted = "start not counted"
)

// statsColumns maps accepted header spellings to column names.
var statsColumns = map[string]string{
	"algorithm": "algorithm", "algo": "algorithm", "search": "algorithm",
	"heuristic": "heuristic", "h": "heuristic",
	"puzzle": "puzzle", "board": "puzzle", "state": "puzzle", "instance": "puzzle", "start": "puzzle",
	"expanded": FigureExpanded, "nodes_expanded": FigureExpanded, "expansions": FigureExpanded, "nodes": FigureExpanded,
	"max_frontier": FigureMaxFrontier, "frontier": FigureMaxFrontier, "max_frontier_size": FigureMaxFrontier,
	"frontier_size": FigureMaxFrontier, "max_fringe": FigureMaxFrontier, "fringe": FigureMaxFrontier,
	"generated": FigureGenerated, "nodes_generated": FigureGenerated,
}

// StatsClaim is one row of a claimed search-statistics table.
type StatsClaim struct {
	// Line is the row's line in the file.
	Line int
	// Algorithm is the canonical name (bfs, ids, astar ...).
	Algorithm string
	// Heuristic is the heuristic's name as written ("" for none).
	Heuristic string
	// Puzzle is the puzzle as written; Board the puzzle it names.
	Puzzle string
	Board  puzzles.Board
	// Goal is the goal the puzzle is posed against when the resolver
	// named one (an instance of a shipped set: its set's goal); the zero
	// Goal means StatsOptions.Goal.
	Goal puzzles.Goal
	// Figures holds the claimed figures by name (FigureExpanded,
	// FigureMaxFrontier, FigureGenerated); Texts the same as written.
	Figures map[string]float64
	Texts   map[string]string
}

// StatsOptions configure reading and checking search-statistics claims.
type StatsOptions struct {
	// Shape is the board of puzzles written inline as cells; the zero
	// Shape means square boards inferred from the number of cells.
	Shape puzzles.Shape
	// Goal is the goal of a puzzle of shape s; nil means the default goal.
	Goal func(s puzzles.Shape) (puzzles.Goal, error)
	// Resolve reads a puzzle field that is not a list of cells (for
	// example a file name or set:NAME/ID), and the goal the puzzle is
	// posed against if it comes with one (the zero Goal when it does
	// not); nil accepts only cells.
	Resolve func(puzzle string) (puzzles.Board, puzzles.Goal, error)
	// Heuristics resolves heuristic names; nil means
	// reference.StandardHeuristics(PDB).
	Heuristics *reference.Heuristics
	// PDB configures the pattern databases used to find optimal lengths
	// on boards too large for an exact table.
	PDB pdb.Options
	// SolveTimeout bounds the search for one puzzle's optimal length; 0
	// means DefaultSolveTimeout.
	SolveTimeout time.Duration
	// MaxBandBytes bounds the memory of the breadth-first searches from a
	// puzzle that the expansion bands need (estimated); 0 means 512 MiB.
	// A band that would need more is reported as unchecked.
	MaxBandBytes int64
	// Cache, when not nil, keeps each puzzle's optimal length and A*
	// bands for the next call: a grading judges every program's counts
	// on the same tests.
	Cache *ClaimCache
}

// ReadStatsFile parses the claims file at path; see ParseStatsClaims.
func ReadStatsFile(path string, opts StatsOptions) ([]StatsClaim, error) {
	f, err := puzzles.OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseStatsClaims(f, path, opts)
}

// ParseStatsClaims reads a table of claimed search statistics: a header
// naming the columns algorithm, puzzle and at least one of expanded,
// max_frontier and generated (heuristic is optional; spellings such as
// "nodes expanded" and "max frontier" are accepted, other columns are
// ignored), then one row per claim. Fields are separated by commas or,
// when the header holds a tab, by tabs. A puzzle is its cells separated
// by spaces, or whatever opts.Resolve accepts. A figure is a count such
// as 181440, 181,440 (quoted in CSV), 6e12 or 6·10^12; an empty field
// claims nothing. Errors are *puzzles.ParseError values naming name, the
// line and the column.
func ParseStatsClaims(r io.Reader, name string, opts StatsOptions) ([]StatsClaim, error) {
	t, err := readTable(r, name, "a table of search statistics with a header such as algorithm,heuristic,puzzle,expanded,max_frontier")
	if err != nil {
		return nil, err
	}
	errAt := t.errAt
	header, err := t.header()
	if errors.Is(err, io.EOF) {
		return nil, &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: expected a header such as algorithm,heuristic,puzzle,expanded,max_frontier", puzzles.ErrEmpty)}
	}
	if err != nil {
		return nil, err
	}
	headerLine := t.headerLine
	cols := map[string]int{}
	for i, f := range header {
		key := strings.Join(strings.FieldsFunc(strings.ToLower(f), func(r rune) bool {
			return r == ' ' || r == '-' || r == '_' || r == '\t'
		}), "_")
		if col, ok := statsColumns[key]; ok {
			if _, dup := cols[col]; dup {
				return nil, errAt(headerLine, t.column(i), fmt.Errorf("%w: two %s columns", ErrHeader, col))
			}
			cols[col] = i
		}
	}
	_, hasAlgo := cols["algorithm"]
	_, hasPuzzle := cols["puzzle"]
	figures := 0
	for _, f := range []string{FigureExpanded, FigureMaxFrontier, FigureGenerated} {
		if _, ok := cols[f]; ok {
			figures++
		}
	}
	if !hasAlgo || !hasPuzzle || figures == 0 {
		return nil, errAt(headerLine, 0, fmt.Errorf("%w: found %q; expected a header naming algorithm, puzzle and at least one of expanded, max_frontier, generated (heuristic optional), such as algorithm,heuristic,puzzle,expanded,max_frontier",
			ErrHeader, clip(strings.Join(header, string(t.cr.Comma)))))
	}
	var out []StatsClaim
	for {
		rec, line, err := t.row()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		field := func(col string) (string, int) {
			i := cols[col]
			return strings.TrimSpace(rec[i]), t.column(i)
		}
		cl := StatsClaim{Line: line, Figures: map[string]float64{}, Texts: map[string]string{}}
		algo, ac := field("algorithm")
		canon, ok := reference.CanonicalAlgorithm(algo)
		if !ok {
			return nil, errAt(line, ac, fmt.Errorf("%w: unknown algorithm %q; expected %s", puzzles.ErrSyntax, clip(algo), reference.SearchAlgorithmChoices()))
		}
		cl.Algorithm = canon
		if _, ok := cols["heuristic"]; ok {
			cl.Heuristic, _ = field("heuristic")
		}
		pz, pc := field("puzzle")
		cl.Puzzle = pz
		if cl.Board, cl.Goal, err = resolvePuzzle(pz, opts); err != nil {
			return nil, errAt(line, pc, err)
		}
		for _, f := range []string{FigureExpanded, FigureMaxFrontier, FigureGenerated} {
			if _, ok := cols[f]; !ok {
				continue
			}
			text, fc := field(f)
			if text == "" {
				continue
			}
			v, err := ParseCount(text)
			if err != nil {
				return nil, errAt(line, fc, fmt.Errorf("%w (the %s column)", err, f))
			}
			cl.Figures[f], cl.Texts[f] = v, text
		}
		out = append(out, cl)
	}
	if len(out) == 0 {
		return nil, &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: a header but no claims; expected one row per claim", puzzles.ErrEmpty)}
	}
	return out, nil
}

func resolvePuzzle(text string, opts StatsOptions) (puzzles.Board, puzzles.Goal, error) {
	toks := strings.Fields(text)
	numeric := len(toks) >= 4
	for _, t := range toks {
		if _, err := strconv.Atoi(t); err != nil {
			numeric = false
			break
		}
	}
	if !numeric {
		if opts.Resolve == nil {
			return puzzles.Board{}, puzzles.Goal{}, fmt.Errorf("%w: puzzle %q; expected its cells separated by spaces", puzzles.ErrSyntax, clip(text))
		}
		b, g, err := opts.Resolve(text)
		if err == nil && !g.IsZero() && g.Shape() != b.Shape() {
			err = fmt.Errorf("puzzle %q is %s but its goal is %s", clip(text), b.Shape(), g.Shape())
		}
		return b, g, err
	}
	b, err := puzzles.ParseCells(text, opts.Shape)
	return b, puzzles.Goal{}, err
}

// ErrCount is wrapped by ParseCount's errors.
var ErrCount = errors.New("not a count")

// ParseCount reads a claimed count: digits, optionally grouped by commas,
// underscores, spaces or apostrophes (181,440), in scientific notation
// (6e12, 6.5E12) or as a power of ten (6·10^12, 6*10^12, 6x10^12,
// 6×10^12, 10^12). It must be a finite whole number ≥ 0.
func ParseCount(s string) (float64, error) {
	t := strings.TrimSpace(s)
	bad := func() (float64, error) {
		return 0, fmt.Errorf("%w: %q; expected a whole number such as 181440, 181,440, 6e12 or 6·10^12", ErrCount, clip(s))
	}
	if t == "" {
		return bad()
	}
	mant, exp := t, ""
	if i := strings.Index(t, "10^"); i >= 0 {
		mant, exp = strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+3:])
		for _, sep := range []string{"·", "*", "×", "x", "X", "⋅"} {
			if rest, ok := strings.CutSuffix(mant, sep); ok {
				mant = strings.TrimSpace(rest)
				break
			}
		}
		if i > 0 && mant == strings.TrimSpace(t[:i]) {
			return bad() // something stands before 10^ without a multiplication sign
		}
		if mant == "" {
			mant = "1"
		}
	}
	mant = strings.NewReplacer(",", "", "_", "", " ", "", "'", "", "\u202f", "", "\u00a0", "").Replace(mant)
	for _, r := range mant {
		if !(r >= '0' && r <= '9' || r == '.' || r == 'e' || r == 'E' || r == '+') {
			return bad()
		}
	}
	v, err := strconv.ParseFloat(mant, 64)
	if err != nil {
		return bad()
	}
	if exp != "" {
		e, err := strconv.Atoi(exp)
		if err != nil || e < 0 || e > 300 {
			return bad()
		}
		v *= math.Pow(10, float64(e))
	}
	if math.IsInf(v, 0) || math.IsNaN(v) || v < 0 || v != math.Floor(v) {
		return bad()
	}
	return v, nil
}

// StatsReport is the verdict on a table of search-statistics claims.
type StatsReport struct {
	Claims []StatsVerdict `json:"claims"`
	// AllPossible is true when no figure is impossible.
	AllPossible bool `json:"all_possible"`
	// Impossible and Unchecked count the figures of each verdict.
	Impossible int `json:"impossible"`
	Unchecked  int `json:"unchecked"`
}

// StatsVerdict is the verdict on one claim.
type StatsVerdict struct {
	Line      int    `json:"line"`
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic,omitempty"`
	Puzzle    string `json:"puzzle"`
	Shape     string `json:"shape"`
	// OptimalLength is C*, -1 when unknown or unsolvable.
	OptimalLength int `json:"optimal_length"`
	// Reachable is the number of states that can reach the goal.
	Reachable *big.Int `json:"reachable_states"`
	// Branching is the largest number of moves from any state.
	Branching int             `json:"branching_factor"`
	Figures   []FigureVerdict `json:"figures"`
	// Possible is true when no figure is impossible.
	Possible bool   `json:"possible"`
	Note     string `json:"note,omitempty"`
}

// FigureVerdict is the verdict on one claimed figure, with the range it
// must lie in where one is known.
type FigureVerdict struct {
	Name    string   `json:"name"`
	Claimed float64  `json:"claimed"`
	Text    string   `json:"text"`
	Verdict string   `json:"verdict"`
	Low     *float64 `json:"low,omitempty"`
	High    *float64 `json:"high,omitempty"`
	Reason  string   `json:"reason"`
	// Convention is the counting convention (ConventionKpuzzle,
	// ConventionGoalCounted, ConventionStartNotCounted) an expanded
	// count matched its band in; "" when the figure has no band.
	Convention string `json:"convention,omitempty"`
	// Vacuous is true when the only bound is the whole state space
	// (0..reachable states): no count a search could make fails it, so
	// it is no check.
	Vacuous bool `json:"vacuous,omitempty"`

	// The teaching fields of an impossible figure (see teach.go).
	// Outside is OutsideBelow or OutsideAbove: which end of its range
	// the figure falls outside (for an expanded count in a band, below
	// the states every correct run must expand or above the most any
	// may).
	Outside string `json:"outside,omitempty"`
	// Nearest is the nearest count a correct search of the claimed kind
	// could report, under NearestConvention when that is not kpuzzle's
	// own (an expanded count in a band: the start left out below it, the
	// goal's pop counted above it).
	Nearest           *float64 `json:"nearest,omitempty"`
	NearestConvention string   `json:"nearest_convention,omitempty"`
	// Hint says what makes a correct program's count fall there.
	Hint string `json:"hint,omitempty"`
	// Fits lists other variants of the claimed heuristic (the Euclidean
	// distances of reference/heuristics.EuclideanVariants) for which an
	// impossible A* expanded count is possible, with their bands.
	Fits []Fit `json:"fits,omitempty"`
}

// facts are what the checks know about one puzzle.
type facts struct {
	goal       puzzles.Goal
	cost       int    // C*, -1 unknown
	costNote   string // why cost is unknown
	start      puzzles.Board
	layersMu   sync.Mutex // guards the layers: facts are shared through a ClaimCache
	layers     []float64  // states at each distance from the start, up to C*; nil unknown
	layerNote  string
	layersDone bool
	walks      []float64 // blank-move sequences of each length from the start, up to C*
	reachable  float64
	branching  int
}

// JudgeStats judges each claim: whether each figure is possible for the
// algorithm on the puzzle. Graph searches (bfs, ucs, astar, greedy,
// wastar, bidirectional) expand each reachable state at most once and
// keep distinct states on their frontier; A* (and UCS and BFS) must
// expand within a band computed from the states around the puzzle (see
// docs/audit.md); IDS, IDA* and RBFS keep at most branching factor ×
// depth nodes, and IDS and IDA* expand between the states their complete
// iterations must visit and the number of move sequences their
// iterations can try. generated must lie between expanded and branching
// factor × expanded.
func JudgeStats(ctx context.Context, claims []StatsClaim, opts StatsOptions) (*StatsReport, error) {
	if opts.SolveTimeout <= 0 {
		opts.SolveTimeout = DefaultSolveTimeout
	}
	if opts.MaxBandBytes <= 0 {
		opts.MaxBandBytes = 512 << 20
	}
	if opts.Goal == nil {
		opts.Goal = func(s puzzles.Shape) (puzzles.Goal, error) { return puzzles.DefaultGoal(s), nil }
	}
	if opts.Heuristics == nil {
		opts.Heuristics = reference.StandardHeuristics(opts.PDB)
	}
	rep := &StatsReport{AllPossible: true, Claims: []StatsVerdict{}}
	cache := map[string]*facts{}
	oracles := map[string]*oracle{}
	for _, cl := range claims {
		g := cl.Goal
		var err error
		if g.IsZero() {
			if g, err = opts.Goal(cl.Board.Shape()); err != nil {
				return nil, err
			}
		}
		key := g.Board().String() + "|" + cl.Board.String()
		f := cache[key]
		if f == nil {
			compute := func() (*facts, error) { return puzzleFacts(ctx, cl.Board, g, opts, oracles) }
			if opts.Cache != nil {
				f, err = opts.Cache.facts(ctx, key, compute)
			} else {
				f, err = compute()
			}
			if err != nil {
				return nil, err
			}
			cache[key] = f
		}
		v, err := checkClaim(ctx, cl, f, opts)
		if err != nil {
			return nil, err
		}
		for _, fv := range v.Figures {
			switch fv.Verdict {
			case VerdictImpossible:
				rep.Impossible++
				rep.AllPossible = false
			case VerdictUnchecked:
				rep.Unchecked++
			}
		}
		rep.Claims = append(rep.Claims, v)
	}
	return rep, nil
}

// branching is the largest number of moves from any state of s.
func branching(s puzzles.Shape) int {
	b := 2
	if s.Rows >= 3 || s.Cols >= 3 {
		b = 3
	}
	if s.Rows >= 3 && s.Cols >= 3 {
		b = 4
	}
	return b
}

func puzzleFacts(ctx context.Context, b puzzles.Board, g puzzles.Goal, opts StatsOptions, oracles map[string]*oracle) (*facts, error) {
	s := b.Shape()
	reach, _ := new(big.Float).SetInt(ReachableStates(s)).Float64()
	f := &facts{goal: g, cost: -1, reachable: reach, branching: branching(s)}
	if !puzzles.Solvable(b, g) {
		f.costNote = "the puzzle cannot reach the goal"
		return f, nil
	}
	gk := g.Board().String()
	or := oracles[gk]
	if or == nil {
		var err error
		if or, _, err = newOracle(ctx, Options{Goal: g, PDB: opts.PDB, SolveTimeout: opts.SolveTimeout}); err != nil {
			return nil, err
		}
		oracles[gk] = or
	}
	d, err := or.distance(ctx, b.Bytes())
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		f.costNote = fmt.Sprintf("its optimal length could not be found (%s: %v)", or.name, err)
		return f, nil
	}
	f.cost = d
	f.walks = walkCounts(b, d)
	f.start = b
	return f, nil
}

// layerCounts returns the states at each distance from the start up to
// C*, computing them on first use (only BFS, UCS and IDS claims need
// them).
func (f *facts) layerCounts(ctx context.Context, maxBytes int64) ([]float64, string) {
	if !bandFeasible(f.start.Shape(), f.cost) {
		return nil, bandTooLarge(f.start.Shape(), f.cost)
	}
	f.layersMu.Lock()
	defer f.layersMu.Unlock()
	if !f.layersDone {
		layers, note := layerCounts(ctx, f.start, f.cost, maxBytes)
		if ctx.Err() != nil {
			return nil, note // cut short: not kept
		}
		f.layers, f.layerNote, f.layersDone = layers, note, true
	}
	return f.layers, f.layerNote
}

// maxBandDepth is the deepest optimal length for which the bands are
// computed on boards larger than an exact table: a breadth-first search
// of a 15-puzzle reaches about ten million states by depth 20.
const maxBandDepth = 20

// bandFeasible reports whether the states within depth moves of a puzzle
// on shape s can be enumerated.
func bandFeasible(s puzzles.Shape, depth int) bool {
	return s.Cells() <= exact.MaxCells || depth <= maxBandDepth
}

func bandTooLarge(s puzzles.Shape, depth int) string {
	return fmt.Sprintf("the band needs every state within %d moves of the puzzle, too many on a %s board (computed up to depth %d)", depth, s, maxBandDepth)
}

// walkCounts returns, for j = 0..depth, the number of sequences of j
// blank moves from b (every move allowed, undoing ones included).
func walkCounts(b puzzles.Board, depth int) []float64 {
	s := b.Shape()
	moves := s.Moves()
	cur := make([]float64, s.Cells())
	cur[b.Blank()] = 1
	out := make([]float64, depth+1)
	for j := 0; j <= depth; j++ {
		total := 0.0
		for _, c := range cur {
			total += c
		}
		out[j] = total
		next := make([]float64, len(cur))
		for c, k := range cur {
			if k == 0 {
				continue
			}
			for _, nb := range moves[c] {
				if nb >= 0 {
					next[nb] += k
				}
			}
		}
		cur = next
	}
	return out
}

// layerCounts counts the states at each distance 0..depth from b by
// breadth-first search, or says why it could not within maxBytes.
func layerCounts(ctx context.Context, b puzzles.Board, depth int, maxBytes int64) ([]float64, string) {
	s := b.Shape()
	if s.Cells() <= exact.MaxCells && exact.StateCount(s) <= maxBytes {
		t, err := exact.Build(ctx, puzzles.NewGoal(b, "start"), exact.Options{})
		if err != nil {
			return nil, err.Error()
		}
		counts := t.Counts()
		out := make([]float64, depth+1)
		for d := 0; d <= depth && d < len(counts); d++ {
			out[d] = float64(counts[d])
		}
		return out, ""
	}
	// A breadth-first search keyed by the cells.
	const entryBytes = 64
	seen := map[string]struct{}{string(b.Bytes()): {}}
	layer := [][]uint8{b.Bytes()}
	out := []float64{1}
	moves := s.Moves()
	for d := 1; d <= depth; d++ {
		var next [][]uint8
		for _, c := range layer {
			if err := ctx.Err(); err != nil {
				return nil, err.Error()
			}
			blank := blankOf(c)
			for _, nb := range moves[blank] {
				if nb < 0 {
					continue
				}
				n := append([]uint8(nil), c...)
				n[blank], n[nb] = n[nb], 0
				if _, ok := seen[string(n)]; ok {
					continue
				}
				seen[string(n)] = struct{}{}
				next = append(next, n)
				if int64(len(seen))*entryBytes > maxBytes {
					return nil, fmt.Sprintf("the states within %d moves of the puzzle exceed the memory limit of %d MiB", depth, maxBytes>>20)
				}
			}
		}
		out = append(out, float64(len(next)))
		layer = next
	}
	return out, ""
}

func sum(xs []float64, upto int) float64 {
	t := 0.0
	for i := 0; i <= upto && i < len(xs); i++ {
		t += xs[i]
	}
	return t
}

func checkClaim(ctx context.Context, cl StatsClaim, f *facts, opts StatsOptions) (StatsVerdict, error) {
	s := cl.Board.Shape()
	v := StatsVerdict{Line: cl.Line, Algorithm: cl.Algorithm, Heuristic: cl.Heuristic, Puzzle: cl.Puzzle,
		Shape: s.String(), OptimalLength: f.cost, Reachable: ReachableStates(s), Branching: f.branching, Possible: true, Figures: []FigureVerdict{}}
	bounds, err := claimBounds(ctx, cl, f, opts)
	if err != nil {
		return v, err
	}
	for _, name := range []string{FigureExpanded, FigureMaxFrontier, FigureGenerated} {
		claimed, ok := cl.Figures[name]
		if !ok {
			continue
		}
		fv := judgeFigure(name, claimed, cl, bounds[name], f.reachable)
		if fv.Verdict == VerdictImpossible {
			v.Possible = false
			if err := teach(ctx, &fv, cl, bounds[name], f, opts); err != nil {
				return v, err
			}
		}
		v.Figures = append(v.Figures, fv)
	}
	if f.cost < 0 {
		v.Note = f.costNote
	}
	return v, nil
}

// bound is what is known of one figure of a claimed run: the range it
// must fall in and why.
type bound struct {
	low, high       float64 // NaN: unknown
	lowWhy, highWhy string
	unchecked       string
	// banded is set for an expanded band computed from the states
	// around the puzzle, which the counting conventions shift.
	banded bool
}

// claimBounds is what is known of each figure of the claimed run: from
// the algorithm's family (graph searches, breadth-first and uniform-cost
// layers, A*'s band, iterative deepening's move sequences, IDA* and
// RBFS's depth), and the generated count from the claimed expansions.
func claimBounds(ctx context.Context, cl StatsClaim, f *facts, opts StatsOptions) (map[string]*bound, error) {
	nan := math.NaN()
	bounds := map[string]*bound{}
	for _, name := range []string{FigureExpanded, FigureMaxFrontier, FigureGenerated} {
		bounds[name] = &bound{low: 0, high: nan}
	}
	R := f.reachable
	graph := reference.GraphSearch(cl.Algorithm)
	if graph {
		bounds[FigureExpanded].high = R
		bounds[FigureExpanded].highWhy = fmt.Sprintf("a graph search expands each of the %s reachable states at most once", countString(R))
		bounds[FigureMaxFrontier].high = R
		bounds[FigureMaxFrontier].highWhy = fmt.Sprintf("a graph search's frontier holds distinct states, and only %s states are reachable", countString(R))
	}
	exp, front := bounds[FigureExpanded], bounds[FigureMaxFrontier]
	switch {
	case f.cost < 0 && !graph:
		for _, bd := range bounds {
			bd.unchecked = f.costNote
		}
	case f.cost < 0:
	case cl.Algorithm == "bfs" || cl.Algorithm == "ucs":
		layerBounds(ctx, f, opts, exp)
	case cl.Algorithm == "astar":
		if err := astarBounds(ctx, cl, f, opts, exp); err != nil {
			return nil, err
		}
	case cl.Algorithm == "ids":
		idsBounds(ctx, f, opts, exp, front)
	case cl.Algorithm == "idastar" || cl.Algorithm == "rbfs":
		if err := depthBoundedBounds(ctx, cl, f, opts, exp, front); err != nil {
			return nil, err
		}
	}
	if cl.Algorithm == "dfs" {
		for _, bd := range bounds {
			bd.unchecked = "depth-first search's figures depend on its depth limit, which the table does not give"
		}
	}
	if e, ok := cl.Figures[FigureExpanded]; ok {
		b := float64(f.branching)
		g := bounds[FigureGenerated]
		g.low, g.lowWhy = e, "every expansion generates at least one successor"
		if math.IsNaN(g.high) || b*e < g.high {
			g.high, g.highWhy = b*e, fmt.Sprintf("every expansion generates at most %d successors, and %s were expanded", f.branching, countString(e))
		}
	}
	return bounds, nil
}

// layerBounds bounds breadth-first and uniform-cost search's expansions
// by the states around the puzzle: every state at most d-2 moves away
// must be expanded, none more than d moves away may be.
func layerBounds(ctx context.Context, f *facts, opts StatsOptions, exp *bound) {
	d := f.cost
	layers, note := f.layerCounts(ctx, opts.MaxBandBytes)
	if layers == nil {
		exp.unchecked = note
		return
	}
	lo := sum(layers, d-2)
	hi := sum(layers, d) - 1
	exp.low, exp.high, exp.banded = lo, hi, true
	exp.lowWhy = fmt.Sprintf("it must expand every state at most %d moves from the puzzle (%s of them) before it can reach the goal %d moves away", d-2, countString(lo), d)
	exp.highWhy = fmt.Sprintf("it expands no state more than %d moves from the puzzle and not the goal: %s states", d, countString(hi))
	if d < 2 {
		exp.lowWhy = "it may reach the goal at once"
	}
}

// astarBounds bounds A*'s expansions by its band with the claimed
// heuristic; the error is the context's alone.
func astarBounds(ctx context.Context, cl StatsClaim, f *facts, opts StatsOptions, exp *bound) error {
	d, s := f.cost, cl.Board.Shape()
	h, err := claimHeuristic(ctx, cl, f, opts)
	if err != nil {
		exp.unchecked = err.Error()
		return nil
	}
	if !bandFeasible(s, d) {
		exp.unchecked = bandTooLarge(s, d)
		return nil
	}
	band, err := opts.aStarBand(ctx, cl.Board, f.goal, h)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		exp.unchecked = "the A* band could not be computed: " + err.Error()
		return nil
	}
	lo, hi := float64(band.MustExpand), float64(band.MayExpand)
	exp.low, exp.high, exp.banded = lo, hi, true
	exp.lowWhy = fmt.Sprintf("A* with %s must expand every state with g*+h < C* = %d: %s states, the must-expand end of its band", h.Name(), d, countString(lo))
	exp.highWhy = fmt.Sprintf("A* with %s (consistent) expands no state with g*+h > C* = %d, nor the goal: at most %s states, the may-expand end of its band", h.Name(), d, countString(hi))
	return nil
}

// idsBounds bounds iterative deepening: its frontier by branching factor
// × depth, its expansions by the move sequences its iterations can try
// and, below, by the states its complete iterations must reach.
func idsBounds(ctx context.Context, f *facts, opts StatsOptions, exp, front *bound) {
	d := f.cost
	front.high = float64(f.branching) * float64(d)
	front.highWhy = fmt.Sprintf("a depth-first search to depth %d keeps at most branching factor × depth = %d × %d nodes", d, f.branching, d)
	hi := 0.0
	for m := 0; m <= d; m++ {
		hi += sum(f.walks, m)
	}
	exp.high = hi
	exp.highWhy = fmt.Sprintf("iterations to depth 0..%d can try at most %s move sequences in all", d, countString(hi))
	if layers, _ := f.layerCounts(ctx, opts.MaxBandBytes); layers != nil {
		lo := 0.0
		for m := 0; m <= d-2; m++ {
			lo += sum(layers, m)
		}
		exp.low, exp.banded = lo, true
		exp.lowWhy = fmt.Sprintf("the complete iterations (to depth %d and less) must expand every state within their depth at least once: %s expansions", max(d-2, 0), countString(lo))
	}
}

// depthBoundedBounds bounds IDA* and RBFS, which with an admissible
// heuristic never go deeper than C*: the frontier by branching factor ×
// depth, IDA*'s expansions by its iterations' move sequences, and both
// from below by A*'s band; the error is the context's alone.
func depthBoundedBounds(ctx context.Context, cl StatsClaim, f *facts, opts StatsOptions, exp, front *bound) error {
	d, s := f.cost, cl.Board.Shape()
	front.high = float64(f.branching) * float64(d)
	front.highWhy = fmt.Sprintf("with an admissible heuristic it never goes deeper than C* = %d, so it keeps at most branching factor × depth = %d × %d nodes", d, f.branching, d)
	h, err := claimHeuristic(ctx, cl, f, opts)
	if err != nil {
		exp.unchecked = err.Error()
		return nil
	}
	h0 := h.Estimate(cl.Board.Bytes())
	if cl.Algorithm == "idastar" {
		iters := float64(max(d-h0+1, 1))
		exp.high = iters * sum(f.walks, d)
		exp.highWhy = fmt.Sprintf("at most C* - h(start) + 1 = %d iterations, each trying at most %s move sequences", int(iters), countString(sum(f.walks, d)))
	}
	if d <= h0 || !bandFeasible(s, d) {
		return nil
	}
	band, err := opts.aStarBand(ctx, cl.Board, f.goal, h)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		exp.lowWhy = ""
		return nil
	}
	exp.low, exp.banded = float64(band.MustExpand), true
	exp.lowWhy = fmt.Sprintf("with %s (consistent) it must expand every state with g*+h < C* = %d at least once: %s states", h.Name(), d, countString(float64(band.MustExpand)))
	return nil
}

// judgeFigure holds one claimed figure against its bound: impossible
// outside it (an expanded count read in the counting convention that
// fits it best), vacuous when the bound is the whole state space,
// unchecked when no upper bound is known.
func judgeFigure(name string, claimed float64, cl StatsClaim, bd *bound, R float64) FigureVerdict {
	fv := FigureVerdict{Name: name, Claimed: claimed, Text: cl.Texts[name], Verdict: VerdictPossible}
	if !math.IsNaN(bd.low) {
		lo := bd.low
		fv.Low = &lo
	}
	if !math.IsNaN(bd.high) {
		hi := bd.high
		fv.High = &hi
	}
	off := 0.0
	if name == FigureExpanded && bd.banded {
		fv.Convention, off = matchConvention(claimed, bd.low, bd.high)
		claimed -= off
	}
	switch {
	case bd.low <= 0 && !math.IsNaN(bd.high) && bd.high >= R && claimed <= bd.high:
		fv.Vacuous = true
		fv.Reason = fmt.Sprintf("any count up to the %s reachable states is possible for %s, so this bound cannot fail", countString(R), cl.Algorithm)
		if bd.unchecked != "" {
			fv.Reason += " (no tighter bound: " + bd.unchecked + ")"
		}
	case claimed < bd.low:
		fv.Verdict, fv.Outside, fv.Reason = VerdictImpossible, OutsideBelow, fmt.Sprintf("below %s: %s", countString(bd.low), bd.lowWhy)
	case !math.IsNaN(bd.high) && claimed > bd.high:
		fv.Verdict, fv.Outside, fv.Reason = VerdictImpossible, OutsideAbove, fmt.Sprintf("above %s: %s", countString(bd.high), bd.highWhy)
	case bd.unchecked != "" && math.IsNaN(bd.high):
		fv.Verdict, fv.Reason = VerdictUnchecked, bd.unchecked
	case math.IsNaN(bd.high) && bd.low > 0:
		fv.Verdict, fv.Reason = VerdictUnchecked, fmt.Sprintf("at least %s, as it must be (%s); no upper bound is known for %s", countString(bd.low), bd.lowWhy, cl.Algorithm)
	case math.IsNaN(bd.high):
		fv.Verdict, fv.Reason = VerdictUnchecked, "no bound is known for "+cl.Algorithm
	case off != 0:
		fv.Reason = fmt.Sprintf("within %s..%s %s (kpuzzle's count, the start and not the goal, is %s..%s)",
			countString(bd.low+off), boundString(bd.high, off), conventionPhrase[fv.Convention], countString(bd.low), boundString(bd.high, 0))
	default:
		fv.Reason = fmt.Sprintf("within %s..%s", countString(bd.low), countString(bd.high))
		if bd.unchecked != "" {
			fv.Reason += " (no tighter bound: " + bd.unchecked + ")"
		}
	}
	return fv
}

// conventionPhrase says how a convention counts, for a verdict's reason.
var conventionPhrase = map[string]string{
	ConventionGoalCounted:     "counting the goal's pop as an expansion",
	ConventionStartNotCounted: "leaving the start out",
}

// matchConvention finds the counting convention under which an expanded
// count lies in the band low..high (high NaN: no upper bound), kpuzzle's
// own first, and how far that convention's count is from kpuzzle's (+1
// when the goal is counted, -1 when the start is not); "" and 0 when none
// fits.
func matchConvention(claimed, low, high float64) (string, float64) {
	in := func(x float64) bool { return x >= low && (math.IsNaN(high) || x <= high) }
	switch {
	case in(claimed):
		return ConventionKpuzzle, 0
	case in(claimed - 1):
		return ConventionGoalCounted, 1
	case in(claimed + 1):
		return ConventionStartNotCounted, -1
	}
	return "", 0
}

// boundString writes a band's upper end shifted by off, "no limit" when
// there is none.
func boundString(high, off float64) string {
	if math.IsNaN(high) {
		return "no limit"
	}
	return countString(high + off)
}

// claimHeuristic builds the claim's heuristic, which the A* band needs.
func claimHeuristic(ctx context.Context, cl StatsClaim, f *facts, opts StatsOptions) (search.Heuristic, error) {
	name := cl.Heuristic
	if name == "" {
		return nil, errors.New("the claim names no heuristic")
	}
	h, err := opts.Heuristics.Build(ctx, name, f.goal)
	if err != nil {
		return nil, fmt.Errorf("the heuristic is not one kpuzzle knows (%v)", err)
	}
	return h, nil
}

// countString writes a count exactly below 10^15 and in scientific
// notation above.
func countString(v float64) string {
	if v < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
