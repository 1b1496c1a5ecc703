package check

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// OffPath is where a legal answer left every optimal path: the first move
// after which the goal can no longer be reached in the optimal number of
// moves (the first i with i + distance(board after i moves) > the
// optimum). Its JSON form is `kpuzzle check --json`'s off_path.
type OffPath struct {
	// Move is the move's 1-based number in the answer.
	Move int `json:"move"`
	// Line is its answer-file line, 0 when not known.
	Line int `json:"line"`
	// Played is the move as the answer's notation writes it ("LEFT",
	// "L", or the number of the tile that slid).
	Played string `json:"played"`
	// BoardBefore is the board just before the move, one list of cells
	// per row, 0 for the blank.
	BoardBefore [][]int `json:"board_before"`
	// OptimalMoves are the moves that would have stayed on an optimal
	// path from BoardBefore, in the answer's notation and in the order
	// UP, DOWN, LEFT, RIGHT of the blank; empty when BoardBefore is the
	// goal (the answer should have stopped there).
	OptimalMoves []string `json:"optimal_moves"`
	// DistanceBefore is the optimal number of moves from BoardBefore to
	// the goal; the played move leaves DistanceBefore+1 to go.
	DistanceBefore int `json:"distance_before"`
	// Unknown, when set, says which of the other moves the reference
	// solver could not judge within its budget: OptimalMoves then lists
	// only those it proved.
	Unknown string `json:"unknown,omitempty"`
}

// Before is BoardBefore as a board.
func (o OffPath) Before() (puzzles.Board, error) {
	b, err := puzzles.FromRows(o.BoardBefore)
	if err != nil {
		return puzzles.Board{}, fmt.Errorf("off path: %w", err)
	}
	return b, nil
}

// OffPathOptions configure the search for the first move off every
// optimal path, which Answer makes for a legal answer longer than the
// optimum or stopping short of the goal.
type OffPathOptions struct {
	// Skip turns the search off.
	Skip bool
	// Oracle proves the distances the search needs; nil means
	// Options.Oracle. An Oracle that gives up on a board (ctx done,
	// or an error wrapping ErrOutOfBudget) leaves the answer to that
	// board unknown, which the report says rather than guess. Wrap it in
	// NewMemoOracle when many answers to the same puzzle are checked.
	Oracle Oracle
	// Timeout bounds the whole search of one answer; 0 means only ctx
	// (and the oracle's own budget) bound it.
	Timeout time.Duration
}

// ErrOutOfBudget is wrapped by an Oracle that stops because it reached
// the work budget its maker gave it (a number of search nodes, say), not
// because the board has no answer: the length is then unknown, as when it
// runs out of time.
var ErrOutOfBudget = errors.New("the reference solver reached its work budget")

// distances answers the off-path search's questions about one goal,
// keeping what it learnt.
type distances struct {
	oracle Oracle
	goal   puzzles.Goal
	known  map[string]int
}

// errUnknown is a distance the oracle could not prove; why says why.
type errUnknown struct{ why string }

func (e errUnknown) Error() string { return e.why }

// of is the distance of b to the goal. An oracle that gives up returns
// an errUnknown; ctx's own end and other failures are errors.
func (d *distances) of(ctx context.Context, b puzzles.Board) (int, error) {
	if d.goal.Reached(b) {
		return 0, nil
	}
	key := string(b.Bytes())
	if n, ok := d.known[key]; ok {
		return n, nil
	}
	if d.oracle == nil {
		return 0, errUnknown{"no solver to prove the distances"}
	}
	n, _, err := d.oracle.Optimal(ctx, b, d.goal)
	switch {
	case err == nil && n >= 0:
		d.known[key] = n
		return n, nil
	case err == nil:
		return 0, fmt.Errorf("%w: the solver returned a negative length %d", ErrKeyContradiction, n)
	case errors.Is(err, puzzles.ErrUnsolvable):
		return 0, fmt.Errorf("%w: the solver says %s is unsolvable, but it is a board of a legal answer to a solvable puzzle", ErrKeyContradiction, b)
	case ctx.Err() != nil:
		return 0, ctx.Err()
	case errors.Is(err, ErrOutOfBudget):
		return 0, errUnknown{err.Error()}
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return 0, errUnknown{"the reference solver ran out of time"}
	}
	return 0, fmt.Errorf("prove a distance: %w", err)
}

// walk is a legal answer's boards, rebuilt on demand from the start.
type walk struct {
	start puzzles.Board
	path  []puzzles.Dir
}

// after is the board after the first k moves.
func (w walk) after(k int) puzzles.Board {
	b, _ := w.start.Apply(w.path[:k]) // legal: the checker replayed it
	return b
}

// offPathResult is what the search found for one answer.
type offPathResult struct {
	off       *OffPath
	remaining *int
	unknown   string
}

// findOffPath finds the first move of a legal answer a (path, the
// blank's moves from p.Board) after which the goal is no longer
// reachable in optimum moves, and for an answer that stops short
// (incomplete) how many moves remain from where it stopped.
//
// i + distance(board after i) never decreases along a walk (a move
// changes the distance by one), so the move is found by bisection with
// a few exact distances; Manhattan distance, a lower bound, narrows the
// range first without any search. n and conv name the moves as the
// answer wrote them.
func findOffPath(ctx context.Context, p Problem, a puzzles.Answer, path []puzzles.Dir, optimum int, n notation.Notation, opts OffPathOptions, oracle Oracle) (offPathResult, error) {
	var res offPathResult
	if opts.Oracle != nil {
		oracle = opts.Oracle
	}
	if opts.Timeout > 0 && oracle != nil {
		tctx, cancel := context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
		// ctx's own end stays an error; the timeout's is an unknown.
		oracle = timedOracle{Oracle: oracle, ctx: tctx, timeout: opts.Timeout}
	}
	d := &distances{oracle: oracle, goal: p.Goal, known: map[string]int{}}
	w := walk{start: p.Board, path: path}
	unknown := func(err error, what string) (offPathResult, error) {
		var u errUnknown
		if errors.As(err, &u) {
			res.unknown = fmt.Sprintf("%s could not be proved: %s", what, u.why)
			return res, nil
		}
		return offPathResult{}, err
	}
	final := w.after(len(path))
	// f(i) = i + distance(after i) is optimum at 0 and known above it at
	// the end of a solved answer; hi is the first i known to have
	// f(i) > optimum.
	hi := -1
	if p.Goal.Reached(final) {
		if len(path) > optimum {
			hi = len(path)
		}
	} else {
		rem, err := d.of(ctx, final)
		if err != nil {
			return unknown(err, "the distance from the final board")
		}
		res.remaining = &rem
		if len(path)+rem < optimum {
			return offPathResult{}, fmt.Errorf("%w: the final board is %d moves from the goal, so a solution of %d moves exists, but the optimal length is said to be %d",
				ErrKeyContradiction, rem, len(path)+rem, optimum)
		}
		if len(path)+rem > optimum {
			hi = len(path)
		}
	}
	if hi < 0 {
		return res, nil // every move stays on an optimal path
	}
	// No search: past the optimum every answer is off, and Manhattan
	// distance never exceeds the true distance.
	hi = min(hi, optimum+1)
	cur := p.Board
	for i := 1; i < hi; i++ {
		cur, _ = cur.Move(path[i-1])
		if i+p.Goal.Manhattan(cur) > optimum {
			hi = i
			break
		}
	}
	lo := 1 // f(lo-1) <= optimum
	for lo < hi {
		mid := lo + (hi-lo)/2
		dist, err := d.of(ctx, w.after(mid))
		if err != nil {
			return unknown(err, fmt.Sprintf("the distance from the board after move %d", mid))
		}
		switch {
		case mid+dist < optimum:
			return offPathResult{}, fmt.Errorf("%w: the board after move %d is %d moves from the goal, so a solution of %d moves exists, but the optimal length is said to be %d",
				ErrKeyContradiction, mid, dist, mid+dist, optimum)
		case mid+dist > optimum:
			hi = mid
		default:
			lo = mid + 1
		}
	}
	m := hi // the first move off
	before := w.after(m - 1)
	distBefore := optimum - (m - 1)
	off := &OffPath{Move: m, BoardBefore: before.Rows(), DistanceBefore: distBefore, OptimalMoves: []string{}}
	if m-1 < len(a.Lines) {
		off.Line = int(a.Lines[m-1])
	}
	off.Played = MoveName(before, path[m-1], n, p.Convention)
	var unproved []string
	for _, dir := range puzzles.Dirs {
		next, ok := before.Move(dir)
		if !ok || dir == path[m-1] || distBefore == 0 {
			continue
		}
		if p.Goal.Manhattan(next) > distBefore-1 {
			continue
		}
		dist, err := d.of(ctx, next)
		var u errUnknown
		switch {
		case errors.As(err, &u):
			unproved = append(unproved, MoveName(before, dir, n, p.Convention))
			continue
		case err != nil:
			return offPathResult{}, err
		}
		if dist == distBefore-1 {
			off.OptimalMoves = append(off.OptimalMoves, MoveName(before, dir, n, p.Convention))
		}
	}
	if len(unproved) > 0 {
		off.Unknown = fmt.Sprintf("whether %s would have stayed on an optimal path could not be proved within the reference solver's budget", strings.Join(unproved, " or "))
	}
	res.off = off
	return res, nil
}

// timedOracle asks its oracle under a context of its own, the off-path
// search's time budget.
type timedOracle struct {
	Oracle
	ctx     context.Context
	timeout time.Duration
}

// Optimal asks within both contexts.
func (t timedOracle) Optimal(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	spent := fmt.Errorf("%w: the search's time (%s) ran out", ErrOutOfBudget, t.timeout)
	if t.ctx.Err() != nil && ctx.Err() == nil {
		return 0, "", spent
	}
	mctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(t.ctx, cancel)
	defer stop()
	n, m, err := t.Oracle.Optimal(mctx, b, g)
	if err != nil && ctx.Err() == nil && t.ctx.Err() != nil {
		return 0, "", spent
	}
	return n, m, err
}

// MoveName is how notation n writes the move of the blank in direction
// dir from board b under convention conv: the token word for one move a
// line, words and lists ("LEFT"), its letter for letters ("L"), and for
// tile numbers and boards, which name the tile that slides, that tile's
// number ("5").
func MoveName(b puzzles.Board, dir puzzles.Dir, n notation.Notation, conv puzzles.Convention) string {
	switch n {
	case notation.Letters:
		return conv.TokenDir(dir).Letter()
	case notation.Tiles, notation.Boards:
		if j, ok := b.Shape().Neighbor(b.Blank(), dir); ok {
			return strconv.Itoa(b.At(j))
		}
	}
	return conv.TokenDir(dir).String()
}

// OffPathLines explain where an answer left every optimal path, one
// string per line, for people: the move, the board before it (drawn
// when board is set), how far the goal was, the moves that would have
// stayed on an optimal path; then, for an answer that stops short, how
// many moves remain; or why none of this could be found. They are empty
// when there is nothing to say.
func OffPathLines(off *OffPath, remaining *int, unknown string, board bool) []string {
	var out []string
	if off != nil {
		out = append(out, "first move off every optimal path: "+off.where())
		b, err := off.Before()
		switch {
		case off.DistanceBefore == 0:
			out = append(out, "  the board before it is the goal: the answer should have stopped there")
		case board && err == nil:
			out = append(out, fmt.Sprintf("  board before it, %s from the goal:", plural(off.DistanceBefore, "move")))
			for _, row := range b.Grid() {
				out = append(out, "    "+row)
			}
		default:
			out = append(out, fmt.Sprintf("  before it the goal was %s away", plural(off.DistanceBefore, "move")))
		}
		if off.DistanceBefore > 0 {
			line := fmt.Sprintf("  %s leaves %s to go", moveLabel(off.Played), plural(off.DistanceBefore+1, "move"))
			if len(off.OptimalMoves) > 0 {
				line += fmt.Sprintf("; %s would have stayed on an optimal path", orList(off.OptimalMoves))
			}
			out = append(out, line)
		}
		if off.Unknown != "" {
			out = append(out, "  "+off.Unknown)
		}
	}
	if remaining != nil {
		out = append(out, fmt.Sprintf("from the final board the goal is %s away", plural(*remaining, "more move")))
	}
	if unknown != "" {
		out = append(out, "first move off every optimal path not found: "+unknown)
	}
	return out
}

// OffPathMoveLine is the one line a hidden test may show: the number of the
// move where the answer left every optimal path, nothing of its board.
func OffPathMoveLine(off *OffPath) string {
	if off == nil {
		return ""
	}
	return fmt.Sprintf("the answer left every optimal path at move %d", off.Move)
}

// where names the move: "move 3 (line 3), LEFT".
func (o OffPath) where() string {
	s := fmt.Sprintf("move %d", o.Move)
	if o.Line > 0 && o.Line != o.Move {
		s += fmt.Sprintf(" (line %d)", o.Line)
	}
	return s + ", " + moveLabel(o.Played)
}

// moveLabel is MoveLabel.
func moveLabel(name string) string { return MoveLabel(name) }

// MoveLabel is a move name (OffPath.Played, OffPath.OptimalMoves) for a
// sentence: a tile number becomes "tile 5", a direction stays as it is.
func MoveLabel(name string) string {
	if _, err := strconv.Atoi(name); err == nil {
		return "tile " + name
	}
	return name
}

// orList joins move names: "UP", "UP or LEFT", "UP, DOWN or LEFT".
func orList(names []string) string {
	labels := make([]string, len(names))
	for i, n := range names {
		labels[i] = moveLabel(n)
	}
	if len(labels) <= 1 {
		return strings.Join(labels, "")
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1]
}
