package replay

import (
	"errors"
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The verdicts on an answer, spelt as the grader spells them. Write
// decides one of them itself when Page.Verdict is empty. A caller may set
// any other verdict string too (the grader's run verdicts such as
// "timeout"); the page shows it without a colour.
const (
	VerdictValid             = string(check.Valid)
	VerdictOptimal           = string(check.Optimal)
	VerdictSuboptimal        = string(check.Suboptimal)
	VerdictIllegal           = string(check.Illegal)
	VerdictIncomplete        = string(check.Incomplete)
	VerdictUnsolvableCorrect = string(check.UnsolvableCorrect)
	VerdictUnsolvableWrong   = string(check.UnsolvableWrong)
	VerdictMalformed         = string(check.Malformed)
)

// Page is everything a replay page shows. Only Start is required; the
// zero value of every other field means "not known" or "default".
type Page struct {
	// Title heads the page, for example "answer.txt on puzzle.txt".
	// Empty means "Replay".
	Title string
	// Start is the puzzle's board.
	Start puzzles.Board
	// Goal is the goal the answer is played towards; the zero Goal means
	// puzzles.DefaultGoal of Start's shape.
	Goal puzzles.Goal
	// Convention says what the answer's tokens mean.
	Convention puzzles.Convention
	// Answer is the answer to replay, as puzzles.ParseAnswer read it; its
	// Lines (when present) are shown beside each move. Write replays it
	// with puzzles.Replay and stops at the first illegal move.
	Answer puzzles.Answer
	// AnswerError, when not nil, says why the answer could not be read
	// (usually a *puzzles.ParseError); the page then shows the start
	// board, the error with its line and column, and no moves, and Answer
	// is ignored.
	AnswerError error

	// Verdict is the verdict on the answer, one of the grader's verdict
	// strings. When empty, Write decides it from the replay alone:
	// malformed, illegal, incomplete, unsolvable-correct or
	// unsolvable-wrong (by the parity rule), and for an answer that
	// reaches the goal optimal or suboptimal when OptimalLength is set
	// and valid (optimality not verified) when it is not.
	Verdict string
	// Summary explains the verdict in one sentence; empty means the
	// explanation Write derives from the replay.
	Summary string
	// OptimalLength is the optimal solution length when known.
	OptimalLength *int
	// OptimalSource says where OptimalLength comes from, for example
	// "answer key" or "exact table 3x3".
	OptimalSource string
	// Note is shown under the verdict: anything else the student should
	// know.
	Note string
	// OffPath, when set, is where the answer left every optimal path
	// (check.Report.OffPath): the page marks that move, draws which
	// tiles would have stayed on an optimal path, and opens on the board
	// before it.
	OffPath *check.OffPath
	// Remaining, when set, is how many moves an answer that stops short
	// still needed from its last board.
	Remaining *int
	// MaxMoves caps the moves the page holds, so that its size stays
	// bounded whatever the answer's length: 0 means DefaultMaxMoves, a
	// negative value no cap. The page of a longer answer holds its first
	// MaxMoves moves and says plainly that the rest was cut and how long
	// the answer is; its verdict, summary and final board (after every
	// legal move of the whole answer) are still the whole answer's.
	MaxMoves int
}

// KeyframeEvery is how many moves apart the page stores a whole board;
// between two, a board is rebuilt from the blank's cells.
const KeyframeEvery = 256

// DefaultMaxMoves is the most moves a page holds when Page.MaxMoves is
// 0: at five to twelve bytes a move (the most on a large board with blank
// lines between moves), the page of any answer stays under about 150 KB.
const DefaultMaxMoves = 10_000

// replayed is what the replay of a page's answer establishes.
type replayed struct {
	goal puzzles.Goal
	// answer is the page's answer with its line numbers filled in (1, 2,
	// 3 ... when it had none).
	answer puzzles.Answer
	// path is the blank's legal moves, up to the first illegal one.
	path []puzzles.Dir
	// shown is how many of the answer's moves the page holds: all of
	// them, or the first Page.MaxMoves.
	shown int
	// blanks[k] is the blank's cell after k legal moves, for the moves
	// shown.
	blanks []int
	// keyframes[j] is the board after j*KeyframeEvery legal moves, for
	// the moves shown.
	keyframes [][]int
	// final is the board after every legal move of the answer.
	final   []int
	illegal *puzzles.IllegalMoveError
	solved  bool
}

// cut reports whether the page holds fewer moves than the answer.
func (r replayed) cut() bool { return r.shown < len(r.answer.Tokens) }

// errNoStart is returned by Write for a page without a start board.
var errNoStart = errors.New("replay page: no start board")

// replay checks the page and plays its answer.
func (p Page) replay() (replayed, error) {
	if p.Start.IsZero() {
		return replayed{}, errNoStart
	}
	r := replayed{goal: p.Goal}
	if r.goal.IsZero() {
		r.goal = puzzles.DefaultGoal(p.Start.Shape())
	}
	if r.goal.Shape() != p.Start.Shape() {
		return replayed{}, fmt.Errorf("replay page: the goal is %s but the board is %s", r.goal.Shape(), p.Start.Shape())
	}
	if p.AnswerError == nil {
		r.answer = p.Answer
	}
	switch n := len(r.answer.Lines); {
	case n == 0 && len(r.answer.Tokens) > 0:
		r.answer.Lines = make([]int32, len(r.answer.Tokens))
		for i := range r.answer.Lines {
			r.answer.Lines[i] = int32(i + 1)
		}
	case n != len(r.answer.Tokens):
		return replayed{}, fmt.Errorf("replay page: the answer has %d moves but %d line numbers", len(r.answer.Tokens), n)
	}
	if p.AnswerError != nil || p.Answer.Unsolvable {
		r.blanks = []int{p.Start.Blank()}
		r.keyframes = [][]int{p.Start.Cells()}
		r.final = p.Start.Cells()
		r.shown = len(r.answer.Tokens)
		r.solved = r.goal.Reached(p.Start)
		return r, nil
	}
	r.shown = len(r.answer.Tokens)
	switch limit := p.MaxMoves; {
	case limit == 0 && r.shown > DefaultMaxMoves:
		r.shown = DefaultMaxMoves
	case limit > 0 && r.shown > limit:
		r.shown = limit
	}
	final, err := puzzles.Replay(p.Start, r.answer, p.Convention)
	if err != nil && !errors.As(err, &r.illegal) {
		return replayed{}, fmt.Errorf("replay page: %w", err)
	}
	played := r.answer.Len()
	if r.illegal != nil {
		played = r.illegal.Index
	}
	r.path = r.answer.Path(p.Convention)[:played]
	shownPlayed := min(played, r.shown)
	r.blanks = make([]int, 0, shownPlayed+1)
	r.blanks = append(r.blanks, p.Start.Blank())
	r.keyframes = [][]int{p.Start.Cells()}
	// Play the legal moves on a scratch copy, one swap each, recording
	// those the page shows.
	shape := p.Start.Shape()
	cells := p.Start.Cells()
	blank := p.Start.Blank()
	for k, d := range r.path {
		next, _ := shape.Neighbor(blank, d) // legal: puzzles.Replay played it
		cells[blank], cells[next] = cells[next], 0
		blank = next
		if k >= shownPlayed {
			continue
		}
		r.blanks = append(r.blanks, blank)
		if (k+1)%KeyframeEvery == 0 {
			r.keyframes = append(r.keyframes, append([]int(nil), cells...))
		}
	}
	r.final = cells
	r.solved = r.illegal == nil && r.goal.Reached(final)
	return r, nil
}

// verdict is Page.Verdict, or the verdict the replay alone decides.
func (p Page) verdict(r replayed) string {
	if p.Verdict != "" {
		return p.Verdict
	}
	switch {
	case p.AnswerError != nil:
		return VerdictMalformed
	case p.Answer.Unsolvable:
		if puzzles.Solvable(p.Start, r.goal) {
			return VerdictUnsolvableWrong
		}
		return VerdictUnsolvableCorrect
	case r.illegal != nil:
		return VerdictIllegal
	case !r.solved:
		return VerdictIncomplete
	case p.OptimalLength == nil:
		return VerdictValid
	case p.Answer.Len() == *p.OptimalLength:
		return VerdictOptimal
	}
	return VerdictSuboptimal
}

// summary is Page.Summary, or one sentence the replay alone can say.
func (p Page) summary(r replayed) string {
	if p.Summary != "" {
		return p.Summary
	}
	n := p.Answer.Len()
	switch {
	case p.AnswerError != nil:
		return "the answer file cannot be read, so there is nothing to replay"
	case p.Answer.Unsolvable:
		if puzzles.Solvable(p.Start, r.goal) {
			return "the answer says UNSOLVABLE, but the puzzle is solvable"
		}
		return "the answer says UNSOLVABLE, and the puzzle indeed has no solution"
	case r.illegal != nil:
		return fmt.Sprintf("%s is illegal: %s", moveWhere(r.illegal.Index, r.illegal.Line), check.IllegalReason(r.illegal, p.Convention))
	case !r.solved:
		return fmt.Sprintf("all %d %s legal, but the final board is not the goal", n, plural(n, "move is", "moves are"))
	case p.OptimalLength == nil:
		return fmt.Sprintf("%d legal %s reach the goal; optimality is not verified", n, plural(n, "move", "moves"))
	case n == *p.OptimalLength:
		return fmt.Sprintf("%d %s reach the goal: the optimal length", n, plural(n, "move", "moves"))
	}
	return fmt.Sprintf("%d moves reach the goal, but the optimal length is %d", n, *p.OptimalLength)
}

// answerErrorText is an answer error as "line 3, column 1: message".
func answerErrorText(err error) string {
	var pe *puzzles.ParseError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	switch {
	case pe.Line == 0:
		return pe.Err.Error()
	case pe.Col == 0:
		return fmt.Sprintf("line %d: %v", pe.Line, pe.Err)
	}
	return fmt.Sprintf("line %d, column %d: %v", pe.Line, pe.Col, pe.Err)
}

// moveWhere names a move by its 1-based number and, when known, its line.
func moveWhere(index, line int) string {
	if line > 0 {
		return fmt.Sprintf("move %d (line %d)", index+1, line)
	}
	return fmt.Sprintf("move %d", index+1)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
