package puzzles

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Default caps for reading answer files. An answer longer than these is
// malformed; the caps keep a hostile multi-gigabyte file from exhausting
// memory or time.
const (
	DefaultMaxMoves       = 1_000_000
	DefaultMaxLineBytes   = 4096
	DefaultMaxAnswerBytes = 64 << 20
)

// UnsolvableToken is the only token of an answer that claims the puzzle has
// no solution.
const UnsolvableToken = "UNSOLVABLE"

// Answer is a parsed answer file: either a claim that the puzzle is
// unsolvable or a sequence of move tokens.
type Answer struct {
	// Unsolvable is set when the file's only token is UNSOLVABLE.
	Unsolvable bool
	// Tokens are the directions as written, before a Convention says what
	// they mean.
	Tokens []Dir
	// Lines holds the 1-based file line of each token.
	Lines []int32
	// UnsolvableLine is the line of the UNSOLVABLE token, 0 when there is
	// none.
	UnsolvableLine int
	// Illegal, when set, is a move written after Tokens that is no legal
	// slide at all. Notations that name moves by the board (tile numbers,
	// a sequence of boards; see package notation) find such a move while
	// converting it and keep it here, since no direction describes it;
	// Replay reports it after playing Tokens. Its Index is len(Tokens).
	Illegal *IllegalMoveError
	// AfterIllegal counts the moves written after Illegal, which cannot
	// be converted once a move is no slide.
	AfterIllegal int
}

// Len is the number of moves in Tokens.
func (a Answer) Len() int { return len(a.Tokens) }

// Written is the number of moves the answer writes: Len, and when there
// is an Illegal move, that move and those after it.
func (a Answer) Written() int {
	if a.Illegal == nil {
		return len(a.Tokens)
	}
	return len(a.Tokens) + 1 + a.AfterIllegal
}

// Path converts the tokens into the blank's moves under convention c.
func (a Answer) Path(c Convention) []Dir {
	out := make([]Dir, len(a.Tokens))
	for i, t := range a.Tokens {
		out[i] = c.BlankDir(t)
	}
	return out
}

// AnswerLimits caps what ParseAnswer accepts; zero fields take the
// defaults above.
type AnswerLimits struct {
	MaxMoves     int
	MaxLineBytes int
	MaxBytes     int64
}

func (l AnswerLimits) withDefaults() AnswerLimits {
	if l.MaxMoves <= 0 {
		l.MaxMoves = DefaultMaxMoves
	}
	if l.MaxLineBytes <= 0 {
		l.MaxLineBytes = DefaultMaxLineBytes
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxAnswerBytes
	}
	return l
}

// ReadAnswerFile parses the answer file at path with default limits.
func ReadAnswerFile(path string) (Answer, error) {
	f, err := OpenFile(path)
	if err != nil {
		return Answer{}, err
	}
	defer f.Close()
	return ParseAnswer(f, path, AnswerLimits{})
}

// ParseAnswer streams an answer file: one move token per line (UP, DOWN,
// LEFT, RIGHT or U, D, L, R, any case), blank lines and surrounding spaces
// ignored, CRLF and a UTF-8 byte-order mark accepted; or a file whose only
// token is UNSOLVABLE. The input is read line by line and never held
// whole; exceeding a limit is an error. Every error is a *ParseError
// naming the file and line.
func ParseAnswer(r io.Reader, name string, limits AnswerLimits) (Answer, error) {
	limits = limits.withDefaults()
	lr := &io.LimitedReader{R: r, N: limits.MaxBytes + 1}
	sc := bufio.NewScanner(lr)
	// Room for a line of MaxLineBytes and its CR, LF and (on line 1) a
	// byte-order mark; the line itself is measured below.
	sc.Buffer(make([]byte, 0, min(256, limits.MaxLineBytes)), limits.MaxLineBytes+5)
	var a Answer
	unsolvableLine := 0
	errAt := func(no, col int, err error) error {
		return &ParseError{File: name, Line: no, Col: col, Err: err}
	}
	no := 0
	var consumed int64 // bytes of the lines seen so far, newlines included
	for sc.Scan() {
		no++
		raw := sc.Bytes()
		if no == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
		}
		consumed += int64(len(sc.Bytes())) + 1
		if consumed > limits.MaxBytes && lr.N <= 0 {
			// The byte cap cut the input, perhaps in the middle of this
			// line: report the cap, not a truncated token.
			return Answer{}, errAt(no, 0, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limits.MaxBytes))
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if len(raw) > limits.MaxLineBytes {
			return Answer{}, errAt(no, 0, fmt.Errorf("%w: line longer than %d bytes; expected one move per line", ErrTooLarge, limits.MaxLineBytes))
		}
		if col, bad := findBinary(raw); bad {
			return Answer{}, errAt(no, col, fmt.Errorf("%w: expected one move per line", ErrBinary))
		}
		toks := tokenize(string(raw))
		switch {
		case len(toks) == 0:
			continue
		case len(toks) > 1:
			return Answer{}, errAt(no, toks[1].col,
				fmt.Errorf("%w: found %q after %q; expected one move per line", ErrBadMove, clip(toks[1].text), clip(toks[0].text)))
		}
		t := toks[0]
		if strings.EqualFold(t.text, UnsolvableToken) {
			if len(a.Tokens) > 0 || unsolvableLine > 0 {
				return Answer{}, errAt(no, t.col, fmt.Errorf("%w: UNSOLVABLE must be the only token of the file", ErrBadMove))
			}
			unsolvableLine = no
			continue
		}
		if unsolvableLine > 0 {
			return Answer{}, errAt(no, t.col,
				fmt.Errorf("%w: found %q after UNSOLVABLE on line %d; UNSOLVABLE must be the only token", ErrBadMove, clip(t.text), unsolvableLine))
		}
		d, ok := ParseDir(t.text)
		if !ok {
			return Answer{}, errAt(no, t.col,
				fmt.Errorf("%w: found %q, expected UP, DOWN, LEFT, RIGHT (or U, D, L, R) or UNSOLVABLE", ErrBadMove, clip(t.text)))
		}
		if len(a.Tokens) == limits.MaxMoves {
			return Answer{}, errAt(no, 0, fmt.Errorf("%w: more than %d moves", ErrTooLarge, limits.MaxMoves))
		}
		a.Tokens = append(a.Tokens, d)
		a.Lines = append(a.Lines, int32(no))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Answer{}, errAt(no+1, 0, fmt.Errorf("%w: line longer than %d bytes; expected one move per line", ErrTooLarge, limits.MaxLineBytes))
		}
		return Answer{}, &ParseError{File: name, Err: err}
	}
	if lr.N <= 0 {
		return Answer{}, errAt(no, 0, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limits.MaxBytes))
	}
	a.Unsolvable = unsolvableLine > 0
	a.UnsolvableLine = unsolvableLine
	return a, nil
}

// Format writes the answer as a file under convention-free tokens: one
// long token per line, or UNSOLVABLE.
func (a Answer) Format() string {
	if a.Unsolvable {
		return UnsolvableToken + "\n"
	}
	var sb strings.Builder
	for _, t := range a.Tokens {
		sb.WriteString(t.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// AnswerFromPath makes the answer that writes a path of blank moves under
// convention c.
func AnswerFromPath(path []Dir, c Convention) Answer {
	a := Answer{Tokens: make([]Dir, len(path)), Lines: make([]int32, len(path))}
	for i, d := range path {
		a.Tokens[i] = c.TokenDir(d)
		a.Lines[i] = int32(i + 1)
	}
	return a
}

// Replay plays an answer's moves from start under convention c and returns
// the final board. The first illegal move stops it with a
// *IllegalMoveError carrying the move's index, file line and token, the
// board before it and the reason in the words of the convention; an
// answer's Illegal move is reported after its Tokens.
func Replay(start Board, a Answer, c Convention) (Board, error) {
	cur := Board{shape: start.shape, cells: append([]uint8(nil), start.cells...), blank: start.blank}
	for i, tok := range a.Tokens {
		d := c.BlankDir(tok)
		j, ok := cur.shape.Neighbor(cur.blank, d)
		if !ok {
			line := 0
			if i < len(a.Lines) {
				line = int(a.Lines[i])
			}
			snapshot := Board{shape: cur.shape, cells: append([]uint8(nil), cur.cells...), blank: cur.blank}
			return snapshot, newIllegalMove(snapshot, i, line, d, c)
		}
		cur.cells[cur.blank], cur.cells[j] = cur.cells[j], 0
		cur.blank = j
	}
	if a.Illegal != nil {
		e := *a.Illegal
		e.Index = len(a.Tokens)
		e.Board = Board{shape: cur.shape, cells: append([]uint8(nil), cur.cells...), blank: cur.blank}
		return e.Board, &e
	}
	return cur, nil
}
