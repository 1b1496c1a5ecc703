package puzzles

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxPuzzleBytes caps how much of a puzzle file is read; a 16x16 board
// written generously fits many times over.
const MaxPuzzleBytes = 1 << 20

// Format is a way of writing a board to a file.
type Format uint8

const (
	// FormatRows is the CS3243 format: one row of whitespace-separated
	// integers per line, no header.
	FormatRows Format = iota
	// FormatPrinceton is a first line holding n, then n rows of n
	// integers (square boards only).
	FormatPrinceton
	// FormatLine is every cell on one line (square boards only when read
	// back, since the shape is inferred from the count).
	FormatLine
	// FormatNPuzzle is the 42 school's n-puzzle format: the Princeton
	// layout after a "#" comment line; "#" starts a comment anywhere on
	// a line (square boards only).
	FormatNPuzzle
	// FormatJSON is a JSON list of rows, [[1,2,3],[4,5,6],[7,8,0]]. A
	// flat list of cells, and an object with a "board" field and an
	// optional "shape" (as show --json writes), are read too.
	FormatJSON
)

// ParseFormat reads a format name: "rows" (or "cs3243"), "princeton",
// "line", "42" (or "npuzzle") or "json".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "rows", "cs3243", "":
		return FormatRows, nil
	case "princeton":
		return FormatPrinceton, nil
	case "line", "one-line":
		return FormatLine, nil
	case "42", "npuzzle", "n-puzzle":
		return FormatNPuzzle, nil
	case "json":
		return FormatJSON, nil
	}
	return 0, fmt.Errorf("format %q: expected rows, princeton, line, 42 or json", s)
}

// SquareOnly reports whether the format has a size line and so describes
// square boards only (Princeton and 42).
func (f Format) SquareOnly() bool { return f == FormatPrinceton || f == FormatNPuzzle }

// String is the format's name as ParseFormat reads it.
func (f Format) String() string {
	switch f {
	case FormatPrinceton:
		return "princeton"
	case FormatLine:
		return "line"
	case FormatNPuzzle:
		return "42"
	case FormatJSON:
		return "json"
	}
	return "rows"
}

// BlankTokens are the words read as the blank besides 0, whatever the
// options: courses write the blank as _, b, x or * (either case).
var BlankTokens = []string{"_", "b", "x", "*"}

// ReadOptions say how to read a puzzle written in a course's own
// notation. The zero ReadOptions reads every file kpuzzle writes and the
// common notations of courses.
type ReadOptions struct {
	// Blank is one more token read as the blank (besides 0 and
	// BlankTokens), such as "-" or "B0"; "" for none. It must not be a
	// number.
	Blank string
	// Shape is the board's shape when the file does not say it: all
	// cells on one line of a rectangular board ("1 2 3 4 5 0 6 7" with
	// 2x4). A file whose rows give another shape is an error. The zero
	// Shape infers the shape from the file.
	Shape Shape
}

// Validate checks the options: a Blank that is a number or holds a
// separator (space or comma) could never be read as one token.
func (o ReadOptions) Validate() error {
	if o.Blank != "" {
		if _, err := strconv.Atoi(o.Blank); err == nil {
			return fmt.Errorf("blank token %q is a number; expected a word such as _ or -", o.Blank)
		}
		if strings.ContainsFunc(o.Blank, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '#' }) {
			return fmt.Errorf("blank token %q holds a space, a comma or a #; expected one word", o.Blank)
		}
	}
	if o.Shape != (Shape{}) {
		if err := o.Shape.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// ReadBoardFile parses the puzzle file at path; errors name the path.
func ReadBoardFile(path string) (Board, error) {
	return ReadBoardFileOptions(path, ReadOptions{})
}

// ReadBoardFileOptions parses the puzzle file at path as o says; errors
// name the path.
func ReadBoardFileOptions(path string, o ReadOptions) (Board, error) {
	f, err := OpenFile(path)
	if err != nil {
		return Board{}, err
	}
	defer f.Close()
	b, _, err := ParseBoardOptions(f, path, o)
	return b, err
}

// ParseBoard reads a puzzle in any accepted format; name is used in
// errors. See ParseBoardFormat.
func ParseBoard(r io.Reader, name string) (Board, error) {
	b, _, err := ParseBoardFormat(r, name)
	return b, err
}

type token struct {
	line int // 1-based line of the token
	col  int
	text string
}

type line struct {
	no   int
	toks []token
}

// ParseBoardFormat reads a puzzle and reports which format it was in. It
// accepts rows of whitespace-separated integers (CS3243; the shape is the
// number of rows by the number of numbers in a row), an optional first
// line holding only n (Princeton), or all cells of a square board on one
// line; CRLF line ends, tabs, blank lines, surrounding spaces, a missing
// final newline and a UTF-8 byte-order mark are tolerated. Cells may be
// separated by commas too ("1, 2, 3"), and the blank may be written as
// any of BlankTokens. Every error is a *ParseError naming the file, line
// and column.
func ParseBoardFormat(r io.Reader, name string) (Board, Format, error) {
	return ParseBoardOptions(r, name, ReadOptions{})
}

// ParseBoardOptions is ParseBoardFormat reading the course's notation o
// describes: another blank token, or the shape of a board written on one
// line.
func ParseBoardOptions(r io.Reader, name string, o ReadOptions) (Board, Format, error) {
	if err := o.Validate(); err != nil {
		return Board{}, 0, &ParseError{File: name, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxPuzzleBytes+1))
	if err != nil {
		return Board{}, 0, &ParseError{File: name, Err: err}
	}
	if len(data) > MaxPuzzleBytes {
		return Board{}, 0, &ParseError{File: name, Err: fmt.Errorf("%w: more than %d bytes; expected a puzzle board", ErrTooLarge, MaxPuzzleBytes)}
	}
	p := boardParser{file: name, opts: o}
	if looksJSON(data) {
		return p.parseJSON(data)
	}
	lines, comments, err := splitLines(data, name)
	if err != nil {
		return Board{}, 0, err
	}
	if len(lines) == 0 {
		return Board{}, 0, &ParseError{File: name, Err: fmt.Errorf("%w: expected rows of integers", ErrEmpty)}
	}
	p.comments = comments
	return p.parse(lines)
}

// splitLines cuts the input into non-blank lines of tokens, rejecting
// binary data. A "#" starts a comment that runs to the end of its line
// (the 42 school's n-puzzle format); comments reports whether there was
// one.
func splitLines(data []byte, name string) (out []line, comments bool, err error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for no := 1; len(data) > 0; no++ {
		raw := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if col, bad := findBinary(raw); bad {
			return nil, false, &ParseError{File: name, Line: no, Col: col, Err: fmt.Errorf("%w: expected text of integers", ErrBinary)}
		}
		if i := bytes.IndexByte(raw, '#'); i >= 0 {
			raw, comments = raw[:i], true
		}
		toks, col := tokenizeCells(string(raw))
		if col > 0 {
			return nil, false, &ParseError{File: name, Line: no, Col: col, Err: fmt.Errorf("%w: found an empty cell between commas; expected a tile number", ErrSyntax)}
		}
		for i := range toks {
			toks[i].line = no
		}
		if len(toks) > 0 {
			out = append(out, line{no: no, toks: toks})
		}
	}
	return out, comments, nil
}

// findBinary reports the 1-based column of the first byte that cannot be
// in a text file: NUL, DEL, other control characters than whitespace, or
// invalid UTF-8.
func findBinary(b []byte) (int, bool) { return BinaryColumn(b) }

// BinaryColumn reports the 1-based column of the first byte of line that
// cannot be in a text file (NUL, DEL, other control characters than
// whitespace, or invalid UTF-8), and whether there is one: the check
// every reader of kpuzzle's text formats makes before it reads a line.
func BinaryColumn[T string | []byte](line T) (int, bool) {
	for i := 0; i < len(line); {
		if c := line[i]; c >= 0x20 && c < 0x7f || c == '\t' {
			i++ // printable ASCII, the common case
			continue
		}
		var r rune
		var size int
		switch l := any(line[i:]).(type) {
		case string:
			r, size = utf8.DecodeRuneInString(l)
		case []byte:
			r, size = utf8.DecodeRune(l)
		}
		if r == utf8.RuneError && size <= 1 {
			return i + 1, true
		}
		if (r < 0x20 && r != '\t' && r != '\r' && r != '\v' && r != '\f') || r == 0x7f {
			return i + 1, true
		}
		i += size
	}
	return 0, false
}

// tokenize splits s into whitespace-separated tokens.
func tokenize(s string) []token {
	var toks []token
	start := -1
	for i, r := range s {
		if unicode.IsSpace(r) {
			if start >= 0 {
				toks = append(toks, token{col: start + 1, text: s[start:i]})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, token{col: start + 1, text: s[start:]})
	}
	return toks
}

// tokenizeCells splits a line into cells separated by spaces or commas. Two
// commas with nothing but spaces between them leave out a cell: the
// second comma's 1-based column is returned as the error's place (0 for
// none). A comma at the end of a line is allowed ("1, 2, 3,").
func tokenizeCells(s string) (toks []token, emptyCell int) {
	start := -1
	comma := false // a comma was seen since the last token
	for i, r := range s {
		sep := unicode.IsSpace(r) || r == ','
		if sep && start >= 0 {
			toks = append(toks, token{col: start + 1, text: s[start:i]})
			start = -1
		}
		switch {
		case r == ',':
			if comma || len(toks) == 0 {
				return nil, i + 1
			}
			comma = true
		case !sep:
			if start < 0 {
				start = i
				comma = false
			}
		}
	}
	if start >= 0 {
		toks = append(toks, token{col: start + 1, text: s[start:]})
	}
	return toks, 0
}

type boardParser struct {
	file     string
	opts     ReadOptions
	comments bool // the file held a "#" comment
}

// isBlank reports whether a token names the blank.
func (p *boardParser) isBlank(text string) bool {
	if p.opts.Blank != "" && text == p.opts.Blank {
		return true
	}
	for _, b := range BlankTokens {
		if strings.EqualFold(text, b) {
			return true
		}
	}
	return false
}

func (p *boardParser) errAt(l line, col int, err error) error {
	return &ParseError{File: p.file, Line: l.no, Col: col, Err: err}
}

func (p *boardParser) errTok(t token, err error) error {
	return &ParseError{File: p.file, Line: t.line, Col: t.col, Err: err}
}

func (p *boardParser) number(t token) (int, error) {
	if p.isBlank(t.text) {
		return 0, nil
	}
	n, err := strconv.Atoi(t.text)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, p.errTok(t, fmt.Errorf("%w: %q is far too large to be a tile", ErrRange, clip(t.text)))
		}
		blank := "0, " + strings.Join(BlankTokens, ", ")
		if p.opts.Blank != "" {
			blank += ", " + p.opts.Blank
		}
		return 0, p.errTok(t, fmt.Errorf("%w: found %q, expected a tile number or the blank (%s)", ErrSyntax, clip(t.text), blank))
	}
	return n, nil
}

func (p *boardParser) parse(lines []line) (Board, Format, error) {
	format := FormatRows
	var shape Shape
	rows := lines
	switch {
	case len(lines[0].toks) == 1:
		// Princeton: the first line holds only n.
		format = FormatPrinceton
		if p.comments {
			format = FormatNPuzzle
		}
		n, err := p.number(lines[0].toks[0])
		if err != nil {
			return Board{}, 0, err
		}
		if n < MinSide || n > MaxSide {
			return Board{}, 0, p.errAt(lines[0], lines[0].toks[0].col,
				fmt.Errorf("%w: size line says %d; expected a side from %d to %d", ErrSize, n, MinSide, MaxSide))
		}
		shape = Shape{n, n}
		rows = lines[1:]
		if len(rows) < n {
			last := lines[len(lines)-1]
			return Board{}, 0, p.errAt(last, 0,
				fmt.Errorf("%w: size line says %d, so %d rows of %d numbers were expected; found %d rows", ErrSize, n, n, n, len(rows)))
		}
		if len(rows) > n {
			return Board{}, 0, p.errAt(rows[n], 0,
				fmt.Errorf("%w: size line says %d, but row %d follows; expected end of file", ErrSize, n, n+1))
		}
	case len(lines) == 1 && p.opts.Shape != (Shape{}):
		format = FormatLine
		shape = p.opts.Shape
		if k := len(lines[0].toks); k != shape.Cells() {
			return Board{}, 0, p.errAt(lines[0], 0,
				fmt.Errorf("%w: a single line of %d cells; a %s board (the shape given) has %d", ErrSize, k, shape, shape.Cells()))
		}
	case len(lines) == 1:
		format = FormatLine
		k := len(lines[0].toks)
		side := int(math.Round(math.Sqrt(float64(k))))
		if side*side != k || side < MinSide || side > MaxSide {
			return Board{}, 0, p.errAt(lines[0], 0,
				fmt.Errorf("%w: a single line of %d numbers is not a square board; give its shape (RxC) or write one row per line", ErrSize, k))
		}
		shape = Shape{side, side}
	default:
		shape = Shape{len(lines), len(lines[0].toks)}
	}
	ref := fmt.Sprintf("line %d", rows[0].no)
	if format == FormatPrinceton || format == FormatNPuzzle {
		ref = "the size line"
	}
	return p.fill(format, shape, rows, format == FormatLine, ref)
}

// fill reads the cells of rows into a board of the given shape. flat says
// the rows are one run of cells (one line, or a flat JSON list) rather
// than rows of the board; ref names what fixes a row's length, for the
// error on a ragged row.
func (p *boardParser) fill(format Format, shape Shape, rows []line, flat bool, ref string) (Board, Format, error) {
	cells := make([]int, 0, shape.Cells())
	places := make([]token, 0, shape.Cells())
	for ri, l := range rows {
		if !flat && ri == MaxSide {
			return Board{}, 0, p.errAt(l, 0, fmt.Errorf("%w: more than %d rows; a side is at most %d", ErrSize, MaxSide, MaxSide))
		}
		for ti, t := range l.toks {
			if !flat && ti == MaxSide {
				return Board{}, 0, p.errTok(t, fmt.Errorf("%w: more than %d numbers in a row; a side is at most %d", ErrSize, MaxSide, MaxSide))
			}
			n, err := p.number(t)
			if err != nil {
				return Board{}, 0, err
			}
			cells = append(cells, n)
			places = append(places, t)
		}
		if !flat && len(l.toks) != shape.Cols {
			return Board{}, 0, p.errAt(l, 0,
				fmt.Errorf("%w: this row has %d numbers, expected %d as %s says", ErrRagged, len(l.toks), shape.Cols, ref))
		}
	}
	if err := shape.Validate(); err != nil {
		return Board{}, 0, p.errAt(rows[0], 0, fmt.Errorf("%w: %v", ErrSize, err))
	}
	if want := p.opts.Shape; want != (Shape{}) && shape != want {
		return Board{}, 0, p.errAt(rows[0], 0, fmt.Errorf("%w: the file's board is %s, but the shape given is %s", ErrSize, shape, want))
	}

	k := shape.Cells()
	first := make(map[int]int, k)
	for i, t := range cells {
		pl := places[i]
		if t < 0 || t >= k {
			if t == k && !containsZero(cells) {
				return Board{}, 0, p.errTok(pl,
					fmt.Errorf("%w: no 0 on the board, and tile %d is out of range; a %s board holds tiles 1..%d and 0 for the blank", ErrMissingBlank, t, shape, k-1))
			}
			return Board{}, 0, p.errTok(pl,
				fmt.Errorf("%w: tile %d; a %s board holds tiles 1..%d and 0 for the blank", ErrRange, t, shape, k-1))
		}
		if j, dup := first[t]; dup {
			what := fmt.Sprintf("tile %d", t)
			if t == 0 {
				what = "the blank (0)"
			}
			return Board{}, 0, p.errTok(pl,
				fmt.Errorf("%w: %s appears twice (also at line %d, column %d)", ErrDuplicate, what, places[j].line, places[j].col))
		}
		first[t] = i
	}
	b, err := NewBoard(shape, cells)
	if err != nil {
		return Board{}, 0, &ParseError{File: p.file, Err: err}
	}
	return b, format, nil
}

func containsZero(cells []int) bool {
	for _, c := range cells {
		if c == 0 {
			return true
		}
	}
	return false
}

// clip shortens a token for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// ParseCells reads a board written as its cells separated by whitespace,
// in row-major order ("1 2 3 4 5 6 7 8 0"), the form kpuzzle uses for a
// state inside a table or a message. With a zero shape the board must be
// square and its side is inferred from the count. Errors wrap ErrSize,
// ErrSyntax, ErrRange or ErrDuplicate and say what was expected; callers
// place them in their file.
func ParseCells(text string, shape Shape) (Board, error) {
	toks := strings.Fields(text)
	if shape == (Shape{}) {
		side := int(math.Round(math.Sqrt(float64(len(toks)))))
		shape = Shape{side, side}
		if side*side != len(toks) || shape.Validate() != nil {
			return Board{}, fmt.Errorf("%w: %d cells is not a square board; give the shape (RxC)", ErrSize, len(toks))
		}
	}
	n := shape.Cells()
	if len(toks) != n {
		return Board{}, fmt.Errorf("%w: %d cells; a %s board has %d, separated by spaces", ErrSize, len(toks), shape, n)
	}
	cells := make([]int, n)
	seen := make([]bool, n)
	for i, tok := range toks {
		t, err := strconv.Atoi(tok)
		if err != nil {
			return Board{}, fmt.Errorf("%w: %q; expected %d tile numbers separated by spaces", ErrSyntax, clip(tok), n)
		}
		if t < 0 || t >= n {
			return Board{}, fmt.Errorf("%w: tile %d; a %s board holds 1..%d and 0 for the blank", ErrRange, t, shape, n-1)
		}
		if seen[t] {
			return Board{}, fmt.Errorf("%w: tile %d appears twice", ErrDuplicate, t)
		}
		seen[t] = true
		cells[i] = t
	}
	return NewBoard(shape, cells)
}
