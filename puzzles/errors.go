package puzzles

import (
	"errors"
	"fmt"
)

// Sentinel errors. A *ParseError's Err wraps one of them, so callers can
// test the kind of problem with errors.Is.
var (
	ErrEmpty        = errors.New("empty file")
	ErrBinary       = errors.New("binary data")
	ErrSyntax       = errors.New("syntax error")
	ErrRagged       = errors.New("ragged rows")
	ErrSize         = errors.New("bad board size")
	ErrRange        = errors.New("tile out of range")
	ErrDuplicate    = errors.New("duplicate tile")
	ErrMissingBlank = errors.New("missing blank")
	ErrTooLarge     = errors.New("file too large")
	ErrBadMove      = errors.New("bad move")
	ErrIllegalMove  = errors.New("illegal move")
	// ErrUnsolvable reports a board that cannot reach its goal.
	ErrUnsolvable = errors.New("puzzle is unsolvable")
)

// ParseError is a problem at a place in an input file. Line and Col are
// 1-based; Col is 0 when the problem concerns a whole line, and Line is 0
// when it concerns the whole file.
type ParseError struct {
	File string
	Line int
	Col  int
	Err  error
}

// Error is "file:line:col: message" (omitting what is unknown).
func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "<input>"
	}
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", file, e.Err)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %v", file, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", file, e.Line, e.Col, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// IllegalMoveError reports the first move of a sequence that would take the
// blank off the board, or that is no slide at all.
type IllegalMoveError struct {
	Index int    // 0-based position of the move in the sequence
	Line  int    // answer-file line of the move, 0 when not from a file
	Token string // the move as written, e.g. "UP"
	Dir   Dir    // the direction the blank would have travelled
	Board Board  // the board just before the move
	// NotASlide is set for a move that is no slide in any direction: a
	// tile number not next to the blank, or a board that is not one slide
	// from the one before (see package notation). Dir means nothing then.
	NotASlide bool
	// Reason says why the move is illegal in the words of the convention
	// the token was written in.
	Reason string
}

// Error describes the move, where it is, and why it is illegal.
func (e *IllegalMoveError) Error() string {
	where := fmt.Sprintf("move %d", e.Index+1)
	if e.Line > 0 {
		where = fmt.Sprintf("line %d (move %d)", e.Line, e.Index+1)
	}
	return fmt.Sprintf("%s: illegal move %s: %s", where, e.Token, e.Reason)
}

// Unwrap returns ErrIllegalMove.
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }

func newIllegalMove(b Board, index, line int, blankDir Dir, c Convention) *IllegalMoveError {
	token := c.TokenDir(blankDir)
	r, col := b.shape.RowCol(b.blank)
	edge := map[Dir]string{Up: "top row", Down: "bottom row", Left: "leftmost column", Right: "rightmost column"}[blankDir]
	var reason string
	if c == BlankMoves {
		reason = fmt.Sprintf("the blank is at row %d, column %d, on the %s, so it cannot move %s", r+1, col+1, edge, token)
	} else {
		side := map[Dir]string{Up: "above", Down: "below", Left: "left of", Right: "right of"}[blankDir]
		reason = fmt.Sprintf("the blank is at row %d, column %d, on the %s: there is no tile %s it to slide %s", r+1, col+1, edge, side, token)
	}
	return &IllegalMoveError{Index: index, Line: line, Token: token.String(), Dir: blankDir, Board: b, Reason: reason}
}
