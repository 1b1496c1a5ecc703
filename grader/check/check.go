package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// Problem is one puzzle as posed to a student: the start board, the goal,
// the move convention answers are written in, and what the answer key
// says about the optimal length.
type Problem struct {
	Board      puzzles.Board
	Goal       puzzles.Goal
	Convention puzzles.Convention
	// Optimum, when Known, is the optimal length (from the answer key or
	// proved beforehand). When it is not known, Answer asks the oracle, but
	// only if the answer needs it.
	Optimum Optimum
}

// Options are the optional inputs of Answer and Parsed.
type Options struct {
	// Oracle proves optimal lengths the problem does not carry; nil means
	// no solver, so a solved answer without a known optimum is Valid.
	Oracle Oracle
	// OracleTimeout bounds the oracle; 0 means only ctx bounds it.
	OracleTimeout time.Duration
	// Limits caps what is read of the answer; zero fields take the
	// puzzles package defaults.
	Limits puzzles.AnswerLimits
	// Notation is the notation Answer reads the answer in; the zero value,
	// notation.Auto, detects it.
	Notation notation.Notation
	// OffPath configures the search for the first move off every
	// optimal path of a legal answer longer than the optimum or stopping
	// short of the goal (Report.OffPath); its zero value searches with
	// Oracle.
	OffPath OffPathOptions
	// Words are the course's own words for the moves, and Block where
	// the answer stands in a longer text (see package notation).
	Words notation.Vocabulary
	Block notation.Block
}

// Finding says what is wrong with an answer: the answer-file line (0 when
// the problem is not at one line) and a message.
type Finding struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Report is the verdict on one answer with everything needed to explain it.
// Its JSON form is the output of `kpuzzle check --json`.
type Report struct {
	Verdict Verdict `json:"verdict"`
	// Length is the number of moves in the answer (0 for an UNSOLVABLE
	// claim or an unreadable answer), those after an illegal one included.
	Length int `json:"length"`
	// OptimalLength is the proven optimal length; null when the puzzle is
	// unsolvable or the length is not known.
	OptimalLength *int `json:"optimal_length"`
	// Error says what is wrong; absent for accepted answers.
	Error *Finding `json:"error,omitempty"`

	// OptimalSource says where OptimalLength comes from ("answer key",
	// "exact table 3x3", ...).
	OptimalSource string `json:"optimal_source,omitempty"`
	// Solvable is the parity rule's verdict on the puzzle.
	Solvable bool `json:"solvable"`
	// Convention is the convention the answer was read in: "tile" or "blank".
	Convention string `json:"moves"`
	// Move is the 1-based index of the first illegal move.
	Move int `json:"move,omitempty"`
	// Token is the first illegal move as written.
	Token string `json:"token,omitempty"`
	// Board is, for an illegal answer, the board just before the illegal
	// move, and for an incomplete one the final board; cells row-major.
	Board string `json:"board,omitempty"`
	// Note adds what a student should know: why optimality is not
	// verified, that an incomplete answer passed through the goal, or that
	// the expected answer was UNSOLVABLE.
	Note string `json:"note,omitempty"`
	// OffPath is, for a legal answer longer than the optimum or stopping
	// short of the goal, the first move after which the goal could no
	// longer be reached in the optimal number of moves; nil when every
	// move stays on an optimal path, when the optimum is not known, or
	// when it could not be found (OffPathUnknown says why).
	OffPath *OffPath `json:"off_path,omitempty"`
	// Remaining is, for an incomplete answer to a solvable puzzle, the
	// optimal number of moves still needed from its final board, when
	// proved.
	Remaining *int `json:"remaining,omitempty"`
	// OffPathUnknown says why OffPath (or Remaining) could not be
	// found: a distance the reference solver could not prove in its
	// budget, no optimal length to measure against.
	OffPathUnknown string `json:"off_path_unknown,omitempty"`
	// Notation is the notation the answer was read in (lines,
	// letters, words, list, tiles, boards); for a malformed answer, the
	// notation whose error is shown ("auto" when the file is no text or
	// over the limits). Answer sets it; Parsed leaves it at Auto, for
	// the caller to set. (Its JSON name is the answer.format key's.)
	Notation notation.Notation `json:"answer_format"`
	// AnswerBlock, when the answer was found among other text, says
	// where: "lines 12-40" of the answer file.
	AnswerBlock string `json:"answer_block,omitempty"`
	// Span is the lines AnswerBlock names; zero when the answer is the
	// whole text. With Notation it reads the answer again as it was
	// read (notation.Block.Lines), without detecting or looking for it.
	Span notation.Span `json:"-"`

	// At is the board behind Board, for drawing.
	At puzzles.Board `json:"-"`
	// Goal is the goal the answer was checked against.
	Goal puzzles.Goal `json:"-"`
	// Solvability explains the parity rule's verdict.
	Solvability puzzles.Solvability `json:"-"`

	// Answer is the answer as it was read, in whichever notation;
	// nil when it could not be read (Malformed). A report carries it to
	// whatever shows the answer after the check (a test result's digest,
	// the replay page), so that nothing reads or detects it again.
	Answer *puzzles.Answer `json:"-"`

	// reason is why the first illegal move is illegal.
	reason string
}

// Answer reads an answer, in the notation opts names or the one it
// detects (see package notation), and judges it against p. name labels
// the answer in messages. An unreadable answer is not an error but a Malformed report;
// the error result is reserved for a failed read of r that is not the
// answer's fault, for a cancelled ctx, and for an answer key or oracle
// that contradicts the puzzle (wrapping ErrKeyContradiction).
func Answer(ctx context.Context, p Problem, r io.Reader, name string, opts Options) (Report, error) {
	// The size cap is checked here as well as by the notations, because a
	// cap that cuts the last line in two makes the lines notation report
	// the cut token rather than the size.
	limit := opts.Limits.MaxBytes
	if limit <= 0 {
		limit = puzzles.DefaultMaxAnswerBytes
	}
	lr := &io.LimitedReader{R: r, N: limit + 1}
	a, n, span, err := notation.ReadSpan(lr, name, notation.Options{Notation: opts.Notation, Start: p.Board, Convention: p.Convention, Limits: opts.Limits, Words: opts.Words, Block: opts.Block})
	if err != nil && lr.N <= 0 {
		rep := newReport(p)
		rep.Notation = n
		rep.Verdict = Malformed
		rep.Error = &Finding{Message: fmt.Sprintf("%v: the answer is longer than %d bytes", puzzles.ErrTooLarge, limit)}
		return rep, nil
	}
	if err != nil {
		var pe *puzzles.ParseError
		if !errors.As(err, &pe) {
			return Report{}, err
		}
		if pe.Line == 0 && !errors.Is(pe.Err, puzzles.ErrTooLarge) && !errors.Is(pe.Err, puzzles.ErrBinary) {
			// A read error of the file, not a problem in it.
			return Report{}, err
		}
		rep := newReport(p)
		rep.Notation = n
		rep.Verdict = Malformed
		rep.Error = &Finding{Line: pe.Line, Message: parseMessage(pe)}
		return rep, nil
	}
	rep, err := checkAnswer(ctx, p, a, opts, n)
	rep.Notation = n
	if !span.IsZero() {
		rep.AnswerBlock, rep.Span = span.String(), span
	}
	return rep, err
}

// parseMessage is a ParseError's message without the file name (the line is
// reported separately).
func parseMessage(pe *puzzles.ParseError) string {
	msg := pe.Err.Error()
	if pe.Col > 0 {
		msg = fmt.Sprintf("column %d: %s", pe.Col, msg)
	}
	return msg
}

// newReport starts a report with what is known before the answer is
// read, the optimal length the key gives included: an illegal or
// malformed answer's report still tells how short a solution can be.
func newReport(p Problem) Report {
	s := puzzles.CheckSolvable(p.Board, p.Goal)
	rep := Report{Solvable: s.Solvable, Solvability: s, Convention: p.Convention.String(), Goal: p.Goal}
	if p.Optimum.Known && s.Solvable {
		n := p.Optimum.Length
		rep.OptimalLength, rep.OptimalSource = &n, p.Optimum.Source
	}
	return rep
}

// Parsed judges an answer already parsed. See Answer. The moves of
// Report.OffPath are named in opts.Notation (one move a line for Auto).
func Parsed(ctx context.Context, p Problem, a puzzles.Answer, opts Options) (Report, error) {
	return checkAnswer(ctx, p, a, opts, opts.Notation)
}

// checkAnswer is Parsed for an answer read in notation n.
func checkAnswer(ctx context.Context, p Problem, a puzzles.Answer, opts Options, n notation.Notation) (Report, error) {
	rep := newReport(p)
	rep.Answer = &a
	optimum := func() (Optimum, error) {
		if p.Optimum.Known {
			return p.Optimum, nil
		}
		o, err := FindOptimum(ctx, p.Board, p.Goal, opts.Oracle, opts.OracleTimeout)
		if err != nil {
			return Optimum{}, err
		}
		if !o.Known && p.Optimum.Unknown != "" {
			o.Unknown = p.Optimum.Unknown
		}
		return o, nil
	}
	setOptimum := func(o Optimum) {
		if o.Known {
			n := o.Length
			rep.OptimalLength = &n
			rep.OptimalSource = o.Source
		}
	}

	if a.Unsolvable {
		if !rep.Solvable {
			rep.Verdict = UnsolvableCorrect
			return rep, nil
		}
		rep.Verdict = UnsolvableWrong
		o, err := optimum()
		if err != nil {
			return Report{}, err
		}
		setOptimum(o)
		msg := "the answer says UNSOLVABLE, but the puzzle is solvable: " + rep.Solvability.Explanation
		if o.Known {
			msg += fmt.Sprintf("; a solution of %s exists", plural(o.Length, "move"))
		}
		rep.Error = &Finding{Line: 0, Message: msg}
		return rep, nil
	}

	rep.Length = a.Written()
	final, err := puzzles.Replay(p.Board, a, p.Convention)
	var ime *puzzles.IllegalMoveError
	switch {
	case errors.As(err, &ime):
		rep.Verdict = Illegal
		rep.Move = ime.Index + 1
		rep.Token = ime.Token
		rep.At = ime.Board
		rep.Board = ime.Board.String()
		rep.reason = IllegalReason(ime, p.Convention)
		rep.Error = &Finding{Line: ime.Line, Message: fmt.Sprintf("move %d (%s) is illegal: %s", ime.Index+1, ime.Token, rep.reason)}
		rep.Note = wrapNote(p, a, ime)
		return rep, nil
	case err != nil:
		return Report{}, err
	}

	if !p.Goal.Reached(final) {
		rep.Verdict = Incomplete
		rep.At = final
		rep.Board = final.String()
		rep.Error = &Finding{Message: fmt.Sprintf("%s legal, but the final board is not the goal", allMoves(a.Len()))}
		if a.Len() == 0 {
			rep.Error.Message = "the answer has no moves, and the start board is not the goal"
		}
		switch {
		case !rep.Solvable:
			rep.Note = "the puzzle is unsolvable (" + rep.Solvability.Explanation + "); the expected answer is the single word UNSOLVABLE"
		default:
			if k := firstGoalVisit(p.Board, a.Path(p.Convention), p.Goal); k >= 0 {
				rep.Note = fmt.Sprintf("the goal was reached after move %d; the moves after it leave it again", k)
			}
			if err := rep.findOffPath(ctx, p, a, opts, n, optimum); err != nil {
				return Report{}, err
			}
		}
		return rep, nil
	}
	if !rep.Solvable {
		return Report{}, fmt.Errorf("%w: a legal answer reaches the goal although the parity rule says the puzzle is unsolvable", ErrKeyContradiction)
	}

	o, err := optimum()
	if err != nil {
		return Report{}, err
	}
	setOptimum(o)
	switch {
	case !o.Known:
		rep.Verdict = Valid
		rep.Note = "optimality not verified: " + o.Unknown
	case rep.Length == o.Length:
		rep.Verdict = Optimal
	case rep.Length > o.Length:
		rep.Verdict = Suboptimal
		rep.Error = &Finding{Message: fmt.Sprintf("%s the goal, but the optimal length is %d (%s): %s more than needed",
			reach(rep.Length), o.Length, o.Source, plural(rep.Length-o.Length, "move"))}
		if err := rep.findOffPath(ctx, p, a, opts, n, optimum); err != nil {
			return Report{}, err
		}
	default:
		return Report{}, fmt.Errorf("%w: a legal answer of %d moves reaches the goal, but the optimal length is said to be %d (%s)",
			ErrKeyContradiction, rep.Length, o.Length, o.Source)
	}
	return rep, nil
}

// findOffPath fills OffPath, Remaining and OffPathUnknown for a legal
// answer to a solvable puzzle, unless opts skip the search; optimum
// gives the optimal length (asking the oracle when the problem does not
// carry it).
func (rep *Report) findOffPath(ctx context.Context, p Problem, a puzzles.Answer, opts Options, n notation.Notation, optimum func() (Optimum, error)) error {
	if opts.OffPath.Skip {
		return nil
	}
	if opts.Oracle == nil && opts.OffPath.Oracle == nil && !p.Optimum.Known {
		rep.OffPathUnknown = "no optimal length to measure the answer against"
		return nil
	}
	o, err := optimum()
	if err != nil {
		return err
	}
	if !o.Known {
		rep.OffPathUnknown = "the optimal length is not known: " + o.Unknown
		return nil
	}
	if rep.OptimalLength == nil {
		n := o.Length
		rep.OptimalLength, rep.OptimalSource = &n, o.Source
	}
	res, err := findOffPath(ctx, p, a, a.Path(p.Convention), o.Length, n, opts.OffPath, opts.Oracle)
	if err != nil {
		return err
	}
	rep.OffPath, rep.Remaining, rep.OffPathUnknown = res.off, res.remaining, res.unknown
	return nil
}

// IllegalReason is why an illegal move is illegal, in the words of
// convention conv the answer is written in and then of the other one
// (otherConvention).
func IllegalReason(ime *puzzles.IllegalMoveError, conv puzzles.Convention) string {
	return ime.Reason + otherConvention(ime, conv)
}

// otherConvention names an illegal move in the convention the answer is
// not written in, so that a student who reasons about the other one (the
// starters move the blank) sees the same move: " (in blank terms: the
// blank would move DOWN, off the board)".
func otherConvention(ime *puzzles.IllegalMoveError, conv puzzles.Convention) string {
	if ime.NotASlide {
		return ""
	}
	if conv == puzzles.BlankMoves {
		side := map[puzzles.Dir]string{puzzles.Up: "above", puzzles.Down: "below", puzzles.Left: "left of", puzzles.Right: "right of"}[ime.Dir]
		return fmt.Sprintf(" (in tile terms: %s, but no tile is %s the blank to slide %s)", ime.Dir.Opposite(), side, strings.ToLower(ime.Dir.Opposite().String()))
	}
	return fmt.Sprintf(" (in blank terms: the blank would move %s, off the board)", ime.Dir)
}

// wrapNote says when an illegal move is what a solver that keeps the
// board as one row-major list does when it forgets the board's edges: the
// blank steps one cell along the list (LEFT and RIGHT wrap to the row
// before or after) or a row along it (UP from the top row is index
// -width, which Python reads from the end of the list). It is definite
// when the rest of the answer, played with such wraps, reaches the goal;
// otherwise it names where a wrap would have taken the blank. Empty when
// no wrap stays on the board.
func wrapNote(p Problem, a puzzles.Answer, ime *puzzles.IllegalMoveError) string {
	if ime.NotASlide || ime.Index >= len(a.Tokens) {
		return ""
	}
	shape := p.Board.Shape()
	from := ime.Board.Blank()
	to, ok := wrapped(shape, from, ime.Dir)
	if !ok {
		return ""
	}
	r0, c0 := shape.RowCol(from)
	r1, c1 := shape.RowCol(to)
	where := fmt.Sprintf("from row %d, column %d to row %d, column %d", r0+1, c0+1, r1+1, c1+1)
	// Play the whole answer with wraps allowed.
	cells := ime.Board.Bytes()
	blank := from
	wraps := 0
	for _, tok := range a.Tokens[ime.Index:] {
		d := p.Convention.BlankDir(tok)
		next, ok := shape.Neighbor(blank, d)
		if !ok {
			if next, ok = wrapped(shape, blank, d); !ok {
				wraps = -1
				break
			}
			wraps++
		}
		cells[blank], cells[next] = cells[next], 0
		blank = next
	}
	if wraps > 0 && a.Illegal == nil && p.Goal.Reached(puzzles.FromBytes(shape, cells)) {
		return fmt.Sprintf("the blank wrapped across the board's edge here, %s, as in a row-major list where it moves by one cell (or one row) without checking the edge; "+
			"with %s the rest of the answer reaches the goal, so the solver lets the blank wrap: check the blank's row and column before each move", where, plural(wraps, "such wrap"))
	}
	return fmt.Sprintf("a solver that keeps the board as one row-major list and moves the blank along it without checking the edge would have wrapped the blank %s", where)
}

// wrapped is where the blank at cell i lands when it steps in direction d
// along the row-major list of cells without regard for the edges (UP from
// the top row as Python's negative index does), and false when that
// leaves the list or is a legal move.
func wrapped(s puzzles.Shape, i int, d puzzles.Dir) (int, bool) {
	if _, legal := s.Neighbor(i, d); legal {
		return 0, false
	}
	n := s.Cells()
	j := i
	switch d {
	case puzzles.Left:
		j = i - 1
	case puzzles.Right:
		j = i + 1
	case puzzles.Up:
		j = i - s.Cols + n // a negative index counts from the end
	case puzzles.Down:
		return 0, false // past the end of the list: an IndexError, not a wrap
	}
	if j < 0 || j >= n {
		return 0, false
	}
	return j, true
}

// firstGoalVisit is the number of moves after which the walk first stands
// on the goal, or -1 if it never does before its end. The path is known
// to be legal.
func firstGoalVisit(start puzzles.Board, path []puzzles.Dir, g puzzles.Goal) int {
	if len(path) == 0 {
		return -1
	}
	shape := start.Shape()
	cells := start.Bytes()
	goal := g.Board().Bytes()
	blank := start.Blank()
	// misplaced counts the cells that differ from the goal, so that each
	// move is checked in constant time.
	misplaced := 0
	for i := range cells {
		if cells[i] != goal[i] {
			misplaced++
		}
	}
	for k, d := range path[:len(path)-1] {
		j, _ := shape.Neighbor(blank, d)
		for _, c := range [2]int{blank, j} {
			if cells[c] != goal[c] {
				misplaced--
			}
		}
		cells[blank], cells[j] = cells[j], 0
		for _, c := range [2]int{blank, j} {
			if cells[c] != goal[c] {
				misplaced++
			}
		}
		blank = j
		if misplaced == 0 {
			return k + 1
		}
	}
	return -1
}

// Summary is the verdict's one-line explanation, without the verdict word.
func (r Report) Summary() string {
	switch r.Verdict {
	case Optimal:
		return fmt.Sprintf("%s, the optimal length (%s)", plural(r.Length, "move"), r.OptimalSource)
	case Suboptimal:
		return r.Error.Message
	case Valid:
		return fmt.Sprintf("%s the goal; %s", reach(r.Length), r.Note)
	case Illegal:
		where := fmt.Sprintf("move %d", r.Move)
		if r.Error.Line > 0 {
			where = fmt.Sprintf("line %d (move %d)", r.Error.Line, r.Move)
		}
		if r.reason == "" {
			return r.Error.Message
		}
		return fmt.Sprintf("%s, %s: %s", where, r.Token, r.reason)
	case Incomplete:
		return r.Error.Message
	case UnsolvableCorrect:
		return "the puzzle has no solution: " + r.Solvability.Explanation
	case UnsolvableWrong, Malformed:
		if r.Error.Line > 0 {
			return fmt.Sprintf("line %d: %s", r.Error.Line, r.Error.Message)
		}
		return r.Error.Message
	}
	if r.Error != nil {
		return r.Error.Message
	}
	return string(r.Verdict)
}

// Details draws what the summary refers to, one string per line: the
// board before an illegal move, the final board beside the goal for an
// incomplete answer, any note, and where a suboptimal or incomplete
// answer left every optimal path (OffPathLines). It is empty when there
// is nothing to draw.
func (r Report) Details() []string {
	return append(r.VerdictDetails(), OffPathLines(r.OffPath, r.Remaining, r.OffPathUnknown, true)...)
}

// Notes are the Details that draw no board, for a page that draws the
// boards itself (the browser checker, beside its replay): the note, and
// where the answer left every optimal path in words.
func (r Report) Notes() []string {
	var out []string
	if r.Note != "" && r.Verdict != Valid {
		out = append(out, "note: "+r.Note)
	}
	return append(out, OffPathLines(r.OffPath, r.Remaining, r.OffPathUnknown, false)...)
}

// VerdictDetails are the Details without where the answer left every
// optimal path (a test result keeps that apart, for the reports to show
// by the test's visibility).
func (r Report) VerdictDetails() []string {
	var out []string
	switch r.Verdict {
	case Illegal:
		out = append(out, "board before the move:")
		for _, row := range r.At.Grid() {
			out = append(out, "  "+row)
		}
	case Incomplete:
		out = append(out, sideBySide("final board:", r.At.Grid(), "goal:", r.Goal.Board().Grid())...)
	}
	if r.Note != "" && r.Verdict != Valid {
		out = append(out, "note: "+r.Note)
	}
	return out
}

// sideBySide draws two grids next to each other under their titles, the
// rows indented under the titles.
func sideBySide(leftTitle string, left []string, rightTitle string, right []string) []string {
	width := len(leftTitle)
	for _, row := range left {
		width = max(width, 2+len(row))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", width-len(s)) }
	out := []string{pad(leftTitle) + "    " + rightTitle}
	for i := range max(len(left), len(right)) {
		var l, r string
		if i < len(left) {
			l = "  " + left[i]
		}
		if i < len(right) {
			r = "  " + right[i]
		}
		out = append(out, strings.TrimRight(pad(l)+"    "+r, " "))
	}
	return out
}

// plural is "1 move" or "n moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// reach is "1 legal move reaches" or "n legal moves reach".
func reach(n int) string {
	if n == 1 {
		return "1 legal move reaches"
	}
	return fmt.Sprintf("%d legal moves reach", n)
}

// allMoves is "the only move is" or "all n moves are".
func allMoves(n int) string {
	switch n {
	case 1:
		return "the only move is"
	}
	return fmt.Sprintf("all %d moves are", n)
}
