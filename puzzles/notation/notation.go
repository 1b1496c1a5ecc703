package notation

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// Notation is a way of writing an answer.
type Notation uint8

// The notations. Auto, the zero value, detects the notation.
const (
	Auto Notation = iota
	Lines
	Letters
	Words
	List
	Tiles
	Boards
)

// notation is one entry of the notations' table.
type notation struct {
	// name is the notation's name, as answer.format and --answer-format
	// spell it.
	name string
	// description says in a few words what the notation is.
	description string
	// needsStart: reading the notation needs the start board.
	needsStart bool
	// read reads the parser's text in the notation (nil for Auto, which
	// detects it).
	read func(p *parser) (puzzles.Answer, error)
}

// notations is the one table of the notations, by Notation: everything
// that lists, names, describes or reads them ranges over it. Each
// notation's reader has its own file (moveLines here, letters, words and
// list in moves.go, tiles in tiles.go, boards in boards.go); adding a
// notation is its reader, a constant and a line here.
var notations = [...]notation{
	Auto:    {name: "auto", description: "detected"},
	Lines:   {name: "lines", description: "one move per line", read: (*parser).moveLines},
	Letters: {name: "letters", description: "move letters on a line", read: (*parser).letters},
	Words:   {name: "words", description: "move words on a line", read: (*parser).words},
	List:    {name: "list", description: "a list of move words", read: (*parser).list},
	Tiles:   {name: "tiles", description: "tile numbers", needsStart: true, read: (*parser).tiles},
	Boards:  {name: "boards", description: "a sequence of boards", needsStart: true, read: (*parser).boards},
}

// Notations lists every notation but Auto, in the order Auto prefers
// them (the table's).
var Notations = notationList()

func notationList() []Notation {
	out := make([]Notation, 0, len(notations)-1)
	for n := range notations {
		if Notation(n) != Auto {
			out = append(out, Notation(n))
		}
	}
	return out
}

// Names lists the notations' names, auto first.
func Names() []string {
	out := make([]string, len(notations))
	for i, n := range notations {
		out[i] = n.name
	}
	return out
}

// Choices lists the notations' names for a message: "auto, lines, ...
// tiles or boards".
func Choices() string { return suggest.List(Names(), "or") }

// ErrAmbiguous reports an answer that two notations read differently.
var ErrAmbiguous = errors.New("ambiguous answer")

// String is the notation's name: auto, lines, letters, words, list,
// tiles or boards.
func (n Notation) String() string {
	if int(n) < len(notations) {
		return notations[n].name
	}
	return fmt.Sprintf("Notation(%d)", uint8(n))
}

// Description says in a few words what the notation is ("tile numbers").
func (n Notation) Description() string {
	if int(n) < len(notations) {
		return notations[n].description
	}
	return n.String()
}

// NeedsStart reports whether reading the notation needs the start board.
func (n Notation) NeedsStart() bool { return int(n) < len(notations) && notations[n].needsStart }

// ParseName reads a notation's name, case-insensitively; "" is Auto.
func ParseName(s string) (Notation, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return Auto, nil
	}
	for i, n := range notations {
		if s == n.name {
			return Notation(i), nil
		}
	}
	return Auto, fmt.Errorf("answer format %q: expected %s", s, strings.Join(Names(), ", "))
}

// MarshalText writes the notation's name, so that it reads as
// "answer_format": "tiles" in JSON.
func (n Notation) MarshalText() ([]byte, error) {
	if int(n) >= len(notations) {
		return nil, fmt.Errorf("notation: unknown notation %d", uint8(n))
	}
	return []byte(notations[n].name), nil
}

// UnmarshalText reads a notation's name as ParseName does.
func (n *Notation) UnmarshalText(text []byte) error {
	v, err := ParseName(string(text))
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// Options are the inputs of Read besides the answer.
type Options struct {
	// Notation is the notation to read; Auto (the zero value) detects it.
	Notation Notation
	// Start is the start board, which tiles and boards need; with a zero
	// Start those notations fail (Auto does not try them).
	Start puzzles.Board
	// Convention is the convention the answer's tokens are in. Tiles and boards
	// are converted to tokens under it.
	Convention puzzles.Convention
	// Limits caps what is read; zero fields take the puzzles package
	// defaults.
	Limits puzzles.AnswerLimits
	// Words are the course's own words for the moves, read beside the
	// standard ones (see Vocabulary); the zero value has none.
	Words Vocabulary
	// Block says where the answer stands in a longer text (see Block);
	// the zero value reads the whole text, or the one block of moves or
	// boards in it.
	Block Block
}

func withDefaults(l puzzles.AnswerLimits) puzzles.AnswerLimits {
	if l.MaxMoves <= 0 {
		l.MaxMoves = puzzles.DefaultMaxMoves
	}
	if l.MaxLineBytes <= 0 {
		l.MaxLineBytes = puzzles.DefaultMaxLineBytes
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = puzzles.DefaultMaxAnswerBytes
	}
	return l
}

// ReadFile reads the answer file at path; see Read.
func ReadFile(path string, opts Options) (puzzles.Answer, Notation, error) {
	f, err := puzzles.OpenFile(path)
	if err != nil {
		return puzzles.Answer{}, opts.Notation, err
	}
	defer f.Close()
	return Read(f, path, opts)
}

// Read reads an answer in the notation opts names (or detects it) and
// returns it with the notation it was read in. On an error the notation
// is the one whose error is returned (Auto when the input is no text at
// all or over the limits). The input is read whole, up to
// Limits.MaxBytes, but for the lines notation without a vocabulary or a
// block, which is streamed ([puzzles.ParseAnswer]). Every error is a
// *puzzles.ParseError naming name, the line and the column; an ambiguous
// answer's wraps ErrAmbiguous.
//
// An answer may stand among other text (a menu before it, statistics
// after it): with Options.Block naming it by the lines around it, that
// text is read; otherwise, when the notation (or none, with Auto) reads
// the text whole, the answer is found in it as a block of moves (lines
// of move words or letters, or a list on one line) or of boards (rows,
// with the headers, borders and blank lines between boards). With
// Block.Last the last block is read, whatever is around it. Without it
// a block is taken only where that is unambiguous: every line around the
// blocks is text (not a lone word, which may be a misspelt move, nor a
// line that names a move), every block reads, and the blocks that hold
// moves all read the same; several that differ are ambiguous, and the
// error lists them. Tile numbers are never looked for among text, nor
// one move per line when the lines notation is named, without
// Block.Last: that is kpuzzle's own strict format. The answer's lines
// (and any error's) are lines of the whole text.
func Read(r io.Reader, name string, opts Options) (puzzles.Answer, Notation, error) {
	a, n, _, err := ReadSpan(r, name, opts)
	return a, n, err
}

// ReadSpan is Read, and also says where the answer was found: the zero
// Span when it is the whole text, else the block's lines.
func ReadSpan(r io.Reader, name string, opts Options) (puzzles.Answer, Notation, Span, error) {
	lim := withDefaults(opts.Limits)
	if opts.Notation == Lines && opts.Words.IsZero() && opts.Block.IsZero() {
		// One move per line is read as a stream, never held whole.
		a, err := puzzles.ParseAnswer(r, name, lim)
		return a, Lines, Span{}, err
	}
	// A strings.Builder holds the text without the copy a conversion
	// from bytes would make.
	var sb strings.Builder
	if _, err := io.Copy(&sb, io.LimitReader(r, lim.MaxBytes+1)); err != nil {
		return puzzles.Answer{}, opts.Notation, Span{}, &puzzles.ParseError{File: name, Err: err}
	}
	data := sb.String()
	p := &parser{file: name, lim: lim, start: opts.Start, conv: opts.Convention, data: data, vocab: opts.Words}
	if int64(len(data)) > lim.MaxBytes {
		line := 1 + strings.Count(data[:lim.MaxBytes], "\n")
		return puzzles.Answer{}, Auto, Span{}, p.errAt(line, 0, fmt.Errorf("%w: more than %d bytes", puzzles.ErrTooLarge, lim.MaxBytes))
	}
	p.text = strings.TrimPrefix(data, "\xef\xbb\xbf")
	if err := p.checkText(); err != nil {
		return puzzles.Answer{}, Auto, Span{}, err
	}
	if !opts.Block.Lines.IsZero() {
		return p.within(opts.Block.Lines, opts.Notation)
	}
	if opts.Block.named() {
		if line, ok := p.unsolvable(opts.Notation == Auto || opts.Notation == Boards); ok {
			// The claim alone is read as such in every notation, wherever
			// the block would be.
			n := opts.Notation
			if n == Auto {
				n = Lines
			}
			return claim(line), n, Span{}, nil
		}
		return p.between(opts.Block, opts.Notation)
	}
	var (
		a   puzzles.Answer
		n   = opts.Notation
		err error
	)
	switch {
	case n != Auto:
		a, err = p.read(n)
	case strings.TrimSpace(p.text) == "":
		// No moves, in every notation alike.
		return puzzles.Answer{}, Lines, Span{}, nil
	default:
		a, n, err = p.auto()
	}
	if err == nil || !searchable(err) || opts.Notation == Tiles || opts.Notation == Lines && !opts.Block.Last {
		return a, n, Span{}, err
	}
	return p.findBlock(opts.Notation, opts.Block.Last, err, n)
}

// searchable reports whether an error of reading the whole text leaves
// room for an answer among other text: not a limit passed, not an
// ambiguity, not a missing start board.
func searchable(err error) bool {
	var pe *puzzles.ParseError
	return errors.As(err, &pe) && pe.Line > 0 && !errors.Is(err, puzzles.ErrTooLarge) && !errors.Is(err, ErrAmbiguous)
}

// parser holds one answer being read.
type parser struct {
	file  string
	lim   puzzles.AnswerLimits
	start puzzles.Board
	conv  puzzles.Convention
	data  string // as read, for the lines notation
	text  string // without a byte-order mark
	vocab Vocabulary
}

func (p *parser) errAt(line, col int, err error) error {
	return &puzzles.ParseError{File: p.file, Line: line, Col: col, Err: err}
}

// eachLine calls f on every line of the text, 1-based, without its line
// end, stopping at the first error.
func (p *parser) eachLine(f func(no int, line string) error) error {
	return eachLine(p.text, f)
}

// eachLine calls f on every line of text, 1-based, without its line end,
// stopping at the first error.
func eachLine(text string, f func(no int, line string) error) error {
	for no := 1; len(text) > 0; no++ {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if err := f(no, strings.TrimSuffix(line, "\r")); err != nil {
			return err
		}
	}
	return nil
}

// checkText rejects lines over the length cap and binary data, whatever
// the notation.
func (p *parser) checkText() error {
	return p.eachLine(func(no int, line string) error {
		if len(line) > p.lim.MaxLineBytes {
			return p.errAt(no, 0, fmt.Errorf("%w: line longer than %d bytes; expected an answer of moves", puzzles.ErrTooLarge, p.lim.MaxLineBytes))
		}
		if col, bad := puzzles.BinaryColumn(line); bad {
			return p.errAt(no, col, fmt.Errorf("%w: expected an answer of moves", puzzles.ErrBinary))
		}
		return nil
	})
}

// read reads the text in notation n.
func (p *parser) read(n Notation) (puzzles.Answer, error) {
	if n.NeedsStart() && p.start.IsZero() {
		return puzzles.Answer{}, p.errAt(0, 0, fmt.Errorf("%w: the %s notation needs the start board", puzzles.ErrSyntax, n))
	}
	if int(n) < len(notations) && notations[n].read != nil {
		return notations[n].read(p)
	}
	return puzzles.Answer{}, p.errAt(0, 0, fmt.Errorf("%w: unknown notation %v", puzzles.ErrSyntax, n))
}

// moveLines reads one move per line, kpuzzle's own answer file (in the
// course's words too, when it has some).
func (p *parser) moveLines() (puzzles.Answer, error) {
	if !p.vocab.IsZero() {
		return p.wordLines()
	}
	return puzzles.ParseAnswer(strings.NewReader(p.data), p.file, p.lim)
}

// autoOrder is the order in which Auto reports errors when every
// notation fails and two read equally far: boards before tiles, since a
// board's bad cell is better explained as a board's.
var autoOrder = []Notation{Lines, Letters, Words, List, Boards, Tiles}

// attempt is one notation's reading of the answer.
type attempt struct {
	n   Notation
	a   puzzles.Answer
	err error
}

func (p *parser) auto() (puzzles.Answer, Notation, error) {
	return p.autoAmong(autoOrder)
}

// autoAmong is auto over the notations of order only.
func (p *parser) autoAmong(order []Notation) (puzzles.Answer, Notation, error) {
	var ok, failed []attempt
	// Tile numbers and boards need digits (but for Princeton's "No
	// solution possible"); a text without any is not worth their reading.
	digits := strings.ContainsAny(p.text, "0123456789")
	_, princetonClaim := p.unsolvable(true)
	for _, n := range order {
		if n.NeedsStart() && (p.start.IsZero() || !digits && !(n == Boards && princetonClaim)) {
			continue
		}
		a, err := p.read(n)
		if err != nil {
			failed = append(failed, attempt{n, a, err})
		} else {
			ok = append(ok, attempt{n, a, nil})
		}
	}
	if len(ok) == 0 && len(failed) == 0 {
		// None was worth trying (boards without a digit): the first says
		// why not.
		a, err := p.read(order[0])
		if err == nil {
			return a, order[0], nil
		}
		failed = append(failed, attempt{order[0], a, err})
	}
	if len(ok) > 0 {
		best, err := p.agree(ok)
		if err != nil {
			return puzzles.Answer{}, Auto, err
		}
		return best.a, best.n, nil
	}
	best := failed[0]
	for _, at := range failed[1:] {
		if further(at.err, best.err) {
			best = at
		}
	}
	return puzzles.Answer{}, best.n, best.err
}

// agree picks, among the notations that read the answer, the first in
// the documented order, when all readings make the same moves; otherwise
// the answer is ambiguous.
func (p *parser) agree(ok []attempt) (attempt, error) {
	best := ok[0]
	for _, at := range ok[1:] {
		if at.n < best.n {
			best = at
		}
	}
	for _, at := range ok {
		if !sameReading(best.a, at.a) {
			first, second := best, at
			if second.n < first.n {
				first, second = second, first
			}
			return attempt{}, p.errAt(firstLine(p.text), 0, fmt.Errorf(
				"%w: read as %s it is %s, but read as %s it is %s; name the notation (--answer-format or answer.format)",
				ErrAmbiguous, first.n, describe(first.a), second.n, describe(second.a)))
		}
	}
	return best, nil
}

// further reports whether error a is at a later place than b.
func further(a, b error) bool {
	var pa, pb *puzzles.ParseError
	if !errors.As(a, &pa) || !errors.As(b, &pb) {
		return false
	}
	if pa.Line != pb.Line {
		return pa.Line > pb.Line
	}
	return pa.Col > pb.Col
}

// firstLine is the number of the first line that holds anything, 1 for
// an empty text.
func firstLine(text string) int {
	i := strings.IndexFunc(text, func(r rune) bool { return !unicode.IsSpace(r) })
	if i < 0 {
		return 1
	}
	return 1 + strings.Count(text[:i], "\n")
}

// sameReading reports whether two answers make the same moves under one
// convention.
func sameReading(a, b puzzles.Answer) bool {
	if a.Unsolvable != b.Unsolvable || len(a.Tokens) != len(b.Tokens) || (a.Illegal == nil) != (b.Illegal == nil) {
		return false
	}
	for i := range a.Tokens {
		if a.Tokens[i] != b.Tokens[i] {
			return false
		}
	}
	return a.Illegal == nil || (a.Illegal.Token == b.Illegal.Token && a.Illegal.Line == b.Illegal.Line)
}

// describe says what an answer is, for an ambiguity error: its first
// moves as letters.
func describe(a puzzles.Answer) string {
	if a.Unsolvable {
		return "the claim UNSOLVABLE"
	}
	var sb strings.Builder
	switch n := a.Len(); n {
	case 0:
		sb.WriteString("no moves")
	case 1:
		sb.WriteString("1 move, ")
	default:
		fmt.Fprintf(&sb, "%d moves, ", n)
	}
	for i, t := range a.Tokens {
		if i == 12 {
			sb.WriteString("...")
			break
		}
		sb.WriteString(t.Letter())
	}
	if a.Illegal != nil {
		fmt.Fprintf(&sb, " then an illegal move (%s) on line %d", a.Illegal.Token, a.Illegal.Line)
	}
	return sb.String()
}

// token is a piece of a line and its 1-based column.
type token struct {
	col  int
	text string
}

// split cuts a line into the runs of characters that are not separators.
func split(line string, sep func(rune) bool) []token {
	var toks []token
	start := -1
	for i, r := range line {
		if sep(r) {
			if start >= 0 {
				toks = append(toks, token{start + 1, line[start:i]})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, token{start + 1, line[start:]})
	}
	return toks
}

// moveSep separates moves written on a line: spaces, commas, semicolons.
func moveSep(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }

// unsolvable reports the line of the file's only token when that token
// is UNSOLVABLE (any case), or of Princeton's "No solution possible"
// when princeton is set.
func (p *parser) unsolvable(princeton bool) (int, bool) {
	trimmed := strings.TrimSpace(p.text)
	if len(trimmed) > 64 { // neither claim is that long
		return 0, false
	}
	if !strings.EqualFold(trimmed, puzzles.UnsolvableToken) && !(princeton && strings.EqualFold(strings.Join(strings.Fields(trimmed), " "), "No solution possible")) {
		return 0, false
	}
	return firstLine(p.text), true
}

// claim is the answer that claims the puzzle is unsolvable.
func claim(line int) puzzles.Answer {
	return puzzles.Answer{Unsolvable: true, UnsolvableLine: line}
}

// onlyToken is the error for UNSOLVABLE among moves.
func onlyToken() error {
	return fmt.Errorf("%w: UNSOLVABLE must be the only token of the file", puzzles.ErrBadMove)
}

// add appends a move, enforcing the move cap.
func (p *parser) add(a *puzzles.Answer, d puzzles.Dir, line, col int) error {
	if len(a.Tokens) == p.lim.MaxMoves {
		return p.errAt(line, col, fmt.Errorf("%w: more than %d moves", puzzles.ErrTooLarge, p.lim.MaxMoves))
	}
	a.Tokens = append(a.Tokens, d)
	a.Lines = append(a.Lines, int32(line))
	return nil
}

// clip shortens a token for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
