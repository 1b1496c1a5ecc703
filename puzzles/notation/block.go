package notation

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Block says where an answer stands in a longer text: a report with a
// menu before the moves or boards and statistics after them. The zero
// Block reads the whole text, and, when no notation reads it whole, the
// one block of moves or boards in it, if that is unambiguous (see Read).
type Block struct {
	// Last takes the last block of moves or boards in the text, whatever
	// stands around it: a search that prints a trace of boards before
	// the path it found.
	Last bool
	// After and Before name the block by the lines around it: the answer
	// is the text after the last line After matches (from the start when
	// After is nil) and before the first line after it that Before
	// matches (to the end when Before is nil).
	After, Before Pattern
	// Lines, when not zero, are the answer's lines, as a reading found
	// them before (ReadSpan's Span): they are read, in the notation named,
	// without looking for the answer again. It takes precedence over the
	// other fields.
	Lines Span
}

// Pattern matches a line: a *regexp.Regexp (answer.after and
// answer.before are regular expressions). It is an interface so that a
// program that names no block, such as the browser checker, links no
// regular expressions.
type Pattern interface {
	MatchString(line string) bool
	// String is the pattern as written, for messages.
	String() string
}

// IsZero reports whether b is the zero Block.
func (b Block) IsZero() bool { return !b.Last && !b.named() && b.Lines.IsZero() }

func (b Block) named() bool { return b.After != nil || b.Before != nil }

// Span is where an answer was found in a longer text: its first and last
// lines, 1-based (Last is First-1 for no lines at all). The zero Span is
// the whole text.
type Span struct {
	First int `json:"first"`
	Last  int `json:"last"`
}

// IsZero reports whether s is the whole text.
func (s Span) IsZero() bool { return s.First == 0 }

// String is "lines 12-40" (or "line 12", or "no line after line 11").
func (s Span) String() string {
	if s.Last < s.First {
		return "no line after line " + strconv.Itoa(s.Last)
	}
	if s.First == s.Last {
		return "line " + strconv.Itoa(s.First)
	}
	return fmt.Sprintf("lines %d-%d", s.First, s.Last)
}

// A block kind: what a run of lines holds.
type blockKind uint8

const (
	movesBlock blockKind = iota + 1
	listBlock
	boardsBlock
)

// span is a block of the text: its lines (1-based, inclusive) and kind.
type span struct {
	first, last int
	kind        blockKind
}

// A line's class, for finding blocks.
type lineClass uint8

const (
	textLine     lineClass = iota // anything else
	blankLine                     // only spaces
	moveLine                      // move words or letters, or UNSOLVABLE
	labelledLine                  // a label, then move words (Path to goal: left, up)
	listLine                      // a list of moves on one line
	boardRow                      // a row (or a whole board) of cells
	boardSep                      // a header, a grid border or a size line between boards
)

// lines splits the text into its lines, without their line ends.
func (p *parser) lines() []string {
	var out []string
	eachLine(p.text, func(_ int, line string) error {
		out = append(out, line)
		return nil
	})
	return out
}

// classify says what a line holds.
func (p *parser) classify(line string) lineClass {
	trimmed := strings.TrimSpace(line)
	if trimmed == "" {
		return blankLine
	}
	if !p.start.IsZero() {
		shape := p.start.Shape()
		toks := split(line, cellSep)
		cells := allCells(toks)
		switch {
		case cells && (len(toks) == shape.Cols || len(toks) == shape.Cells()):
			return boardRow
		case cells && len(toks) == 1 && shape.Rows == shape.Cols && toks[0].text == strconv.Itoa(shape.Rows):
			return boardSep
		case drawing(line):
			return boardSep
		}
	}
	if strings.EqualFold(trimmed, puzzles.UnsolvableToken) {
		return moveLine
	}
	moves := true
	for _, t := range split(line, moveSep) {
		if _, ok := p.word(t.text); !ok && !p.letterRun(t.text) {
			moves = false
			break
		}
	}
	if moves {
		return moveLine
	}
	if n := p.label(line); n > 0 {
		labelled := true
		for _, t := range split(line[n:], moveSep) {
			if _, ok := p.word(t.text); !ok {
				labelled = false
				break
			}
		}
		if labelled {
			return labelledLine
		}
	}
	if strings.HasSuffix(trimmed, "]") && strings.Contains(trimmed, "[") {
		sub := *p
		sub.text, sub.data = line, line
		if _, err := sub.list(); err == nil {
			return listLine
		}
	}
	if !p.start.IsZero() && header(line) {
		return boardSep
	}
	return textLine
}

// letterRun reports whether s is only move letters (U, D, L, R, or the
// vocabulary's one-letter words).
func (p *parser) letterRun(s string) bool {
	for _, r := range s {
		if _, ok := p.letter(r); !ok {
			return false
		}
	}
	return s != ""
}

// blocks finds the runs of lines that hold moves, a list or boards:
// moves are consecutive lines of moves (blank lines between them
// allowed), a list is one line, and boards are rows with the headers,
// grid borders and blank lines between them, from a row to a row.
func blocks(classes []lineClass) []span {
	var out []span
	for i := 0; i < len(classes); {
		switch classes[i] {
		case moveLine, labelledLine:
			// A label starts a block of its own.
			end := i
			for j := i + 1; j < len(classes) && (classes[j] == moveLine || classes[j] == blankLine); j++ {
				if classes[j] == moveLine {
					end = j
				}
			}
			out = append(out, span{i + 1, end + 1, movesBlock})
			i = end + 1
		case listLine:
			out = append(out, span{i + 1, i + 1, listBlock})
			i++
		case boardRow:
			end := i
			for j := i + 1; j < len(classes) && (classes[j] == boardRow || classes[j] == boardSep || classes[j] == blankLine); j++ {
				if classes[j] == boardRow {
					end = j
				}
			}
			// A header or size line just before the first row belongs to
			// the block ("Step 0:", Princeton's "3").
			first := i
			for first > 0 && classes[first-1] == boardSep {
				first--
			}
			out = append(out, span{first + 1, end + 1, boardsBlock})
			i = end + 1
		default:
			i++
		}
	}
	return out
}

// fits reports whether notation n reads blocks of kind k (Auto reads
// every kind).
func fits(n Notation, k blockKind) bool {
	switch n {
	case Auto:
		return true
	case Lines, Letters, Words:
		return k == movesBlock
	case List:
		return k == listBlock
	case Boards:
		return k == boardsBlock
	}
	return false
}

// isText reports whether a line outside every block is text a program
// prints around its answer ("Nodes expanded: 12", "Goal!!"), not a
// misspelt answer: a lone word ("UPP", "Done") may be a move gone wrong,
// a line that names a move ("Move 3: UP") may be part of the answer, and
// a line of cells only ("7 8 6 9") is a board's row gone wrong.
func (p *parser) isText(line string) bool {
	toks := split(line, func(r rune) bool { return moveSep(r) || cellSep(r) })
	if len(toks) == 1 && strings.IndexFunc(toks[0].text, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
		return false
	}
	for _, t := range toks {
		if _, ok := p.word(t.text); ok {
			return false
		}
	}
	// A line of cells only is a board's row gone wrong; a line of no
	// pieces at all (a bar) is no text either.
	return len(toks) > 0 && !allCells(toks)
}

// reading is a block's reading.
type reading struct {
	s span
	a puzzles.Answer
	n Notation
}

// readSpan reads lines first..last (1-based) of lines, a block of kind k
// (0 for the text the lines around it name), in notation n (Auto detects
// it among the notations that read blocks of that kind), as if they were
// the whole text, and reports lines and errors at their places in the
// whole text.
func (p *parser) readSpan(lines []string, first, last int, k blockKind, n Notation) (puzzles.Answer, Notation, error) {
	sub := *p
	sub.text = strings.Join(lines[first-1:last], "\n") + "\n"
	sub.data = sub.text
	var a puzzles.Answer
	var err error
	got := n
	switch {
	case n != Auto:
		a, err = sub.read(n)
	case strings.TrimSpace(sub.text) == "":
		a, got = puzzles.Answer{}, Lines
	case k == boardsBlock:
		a, got, err = sub.autoAmong([]Notation{Boards})
	case k == listBlock:
		a, got, err = sub.autoAmong([]Notation{List})
	case k == movesBlock:
		a, got, err = sub.autoAmong([]Notation{Lines, Letters, Words})
	default:
		a, got, err = sub.auto()
	}
	off := first - 1
	if err != nil {
		var pe *puzzles.ParseError
		if errors.As(err, &pe) && pe.Line > 0 {
			moved := *pe
			moved.Line += off
			return puzzles.Answer{}, got, &moved
		}
		return puzzles.Answer{}, got, err
	}
	for i := range a.Lines {
		a.Lines[i] += int32(off)
	}
	if a.UnsolvableLine > 0 {
		a.UnsolvableLine += off
	}
	if a.Illegal != nil {
		ill := *a.Illegal
		ill.Line += off
		a.Illegal = &ill
	}
	return a, got, nil
}

// within reads the answer on lines s of the text, in notation n.
func (p *parser) within(s Span, n Notation) (puzzles.Answer, Notation, Span, error) {
	lines := p.lines()
	if s.First < 1 || s.Last > len(lines) || s.Last < s.First-1 {
		return puzzles.Answer{}, n, Span{}, p.errAt(0, 0, fmt.Errorf("%w: the text has %d lines, not the answer's %s", puzzles.ErrSyntax, len(lines), s))
	}
	if s.Last < s.First {
		if n == Auto {
			n = Lines
		}
		return puzzles.Answer{}, n, s, nil
	}
	a, got, err := p.readSpan(lines, s.First, s.Last, 0, n)
	return a, got, s, err
}

// between reads the answer the lines around it name (Block.After,
// Block.Before) in notation n.
func (p *parser) between(b Block, n Notation) (puzzles.Answer, Notation, Span, error) {
	lines := p.lines()
	first, last := 1, len(lines)
	if b.After != nil {
		first = 0
		for i, l := range lines {
			if b.After.MatchString(l) {
				first = i + 2
			}
		}
		if first == 0 {
			return puzzles.Answer{}, n, Span{}, p.errAt(1, 0, fmt.Errorf("%w: no line matches %q, the line before the answer", puzzles.ErrSyntax, b.After.String()))
		}
	}
	if b.Before != nil {
		last = 0
		for i := first - 1; i < len(lines); i++ {
			if b.Before.MatchString(lines[i]) {
				last = i
				break
			}
		}
		if last == 0 && (first > len(lines) || !b.Before.MatchString(lines[len(lines)-1])) {
			return puzzles.Answer{}, n, Span{}, p.errAt(first, 0, fmt.Errorf("%w: no line after the answer's start (line %d) matches %q, the line after the answer", puzzles.ErrSyntax, first, b.Before.String()))
		}
	}
	if first > last {
		// Nothing between the lines: no moves.
		if n == Auto {
			n = Lines
		}
		return puzzles.Answer{}, n, Span{First: first, Last: first - 1}, nil
	}
	a, got, err := p.readSpan(lines, first, last, 0, n)
	return a, got, Span{First: first, Last: last}, err
}

// findBlock looks for the answer among other text once no notation read
// the text whole (whole and wholeN are that failure): the last block of
// moves or boards with last; otherwise the only block, or the blocks
// that all read the same, when every line around them is text (isText).
// It returns whole when no block can be told.
func (p *parser) findBlock(n Notation, last bool, whole error, wholeN Notation) (puzzles.Answer, Notation, Span, error) {
	lines := p.lines()
	if last {
		s, ok := p.lastBlock(lines, n)
		if !ok {
			return puzzles.Answer{}, wholeN, Span{}, whole
		}
		a, got, err := p.readSpan(lines, s.first, s.last, s.kind, n)
		return a, got, Span{s.first, s.last}, err
	}
	classes := make([]lineClass, len(lines))
	for i, l := range lines {
		classes[i] = p.classify(l)
	}
	var found []span
	inBlock := make([]bool, len(lines))
	for _, s := range blocks(classes) {
		if !fits(n, s.kind) {
			continue
		}
		found = append(found, s)
		for i := s.first - 1; i < s.last; i++ {
			inBlock[i] = true
		}
	}
	if len(found) == 0 {
		return puzzles.Answer{}, wholeN, Span{}, whole
	}
	for i, l := range lines {
		// Borders, arrows and headers between boards are not answers
		// gone wrong.
		if !inBlock[i] && classes[i] != blankLine && classes[i] != boardSep && !p.isText(l) {
			return puzzles.Answer{}, wholeN, Span{}, whole
		}
	}
	var first, final *reading
	for _, s := range found {
		a, got, err := p.readSpan(lines, s.first, s.last, s.kind, n)
		if err != nil {
			// A block that cannot be read may be the answer, wrong: its
			// error, not another block, is what to show.
			return puzzles.Answer{}, got, Span{s.first, s.last}, err
		}
		r := &reading{s, a, got}
		if a.Len() == 0 && !a.Unsolvable && a.Illegal == nil {
			// No moves (the start board printed back): the answer only
			// when no block holds moves.
			if first == nil {
				final = r
			}
			continue
		}
		if first == nil {
			first = r
		} else if !sameReading(first.a, a) {
			return puzzles.Answer{}, Auto, Span{}, p.errAt(first.s.first, 0, fmt.Errorf(
				"%w: the text holds %d blocks of moves or boards, which do not read the same: at %s %s, but at %s %s; name the one to read (answer.block: last, or the lines around it: answer.after and answer.before)",
				ErrAmbiguous, len(found), Span{first.s.first, first.s.last}, describe(first.a), Span{s.first, s.last}, describe(a)))
		}
		final = r
	}
	return final.a, final.n, Span{final.s.first, final.s.last}, nil
}

// lastBlock finds the last block that notation n reads, looking at the
// lines from the end only as far as it needs (a trace of a search may be
// millions of lines before the path it found), as blocks would find it.
func (p *parser) lastBlock(lines []string, n Notation) (span, bool) {
	memo := make(map[int]lineClass)
	class := func(i int) lineClass {
		c, ok := memo[i]
		if !ok {
			c = p.classify(lines[i])
			memo[i] = c
		}
		return c
	}
	kindOf := map[lineClass]blockKind{moveLine: movesBlock, labelledLine: movesBlock, listLine: listBlock, boardRow: boardsBlock}
	for end := len(lines) - 1; end >= 0; end-- {
		k, ok := kindOf[class(end)]
		if !ok || !fits(n, k) {
			continue
		}
		first := end
		switch k {
		case movesBlock:
			for i := end - 1; i >= 0 && class(first) != labelledLine && (class(i) == moveLine || class(i) == labelledLine || class(i) == blankLine); i-- {
				if class(i) != blankLine {
					first = i
				}
			}
		case boardsBlock:
			for i := end - 1; i >= 0 && (class(i) == boardRow || class(i) == boardSep || class(i) == blankLine); i-- {
				if class(i) == boardRow {
					first = i
				}
			}
			for first > 0 && class(first-1) == boardSep {
				first--
			}
		}
		return span{first + 1, end + 1, k}, true
	}
	return span{}, false
}
