package notation

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// letters reads the letters U, D, L, R (any case) on one or more lines,
// with or without spaces, commas or semicolons between them.
func (p *parser) letters() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(false); ok {
		return claim(line), nil
	}
	var a puzzles.Answer
	err := p.eachLine(func(no int, line string) error {
		run := -1 // where the current run of letters starts
		for i, r := range line {
			if moveSep(r) {
				run = -1
				continue
			}
			if run < 0 {
				run = i
			}
			if strings.HasPrefix(strings.ToUpper(line[i:]), puzzles.UnsolvableToken) {
				return p.errAt(no, i+1, onlyToken())
			}
			d, ok := p.letter(r)
			if !ok {
				if unicode.IsLetter(r) && i-run < 2 {
					// A word, such as LEFT, not letters gone wrong: name
					// the word, where it starts.
					word := line[run:]
					if end := strings.IndexFunc(word, moveSep); end >= 0 {
						word = word[:end]
					}
					return p.errAt(no, run+1, fmt.Errorf("%w: found %q; expected the letters U, D, L, R, with or without spaces or commas between them", puzzles.ErrBadMove, clip(word)))
				}
				return p.errAt(no, i+1, fmt.Errorf("%w: found %q; expected the letters U, D, L, R, with or without spaces or commas between them", puzzles.ErrBadMove, string(r)))
			}
			if err := p.add(&a, d, no, i+1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return puzzles.Answer{}, err
	}
	return a, nil
}

// word reads a move word: a direction token as puzzles.ParseDir reads it,
// or TOP and BOTTOM (the 42-school words) for UP and DOWN.
func word(s string) (puzzles.Dir, bool) {
	if d, ok := puzzles.ParseDir(s); ok {
		return d, true
	}
	switch strings.ToUpper(s) {
	case "TOP":
		return puzzles.Up, true
	case "BOTTOM":
		return puzzles.Down, true
	}
	return 0, false
}

// words reads move words separated by spaces, commas or semicolons, on
// one or more lines, optionally after a label ending in ':' or '=' on the
// first line that holds anything (Path to goal: left, down).
func (p *parser) words() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(false); ok {
		return claim(line), nil
	}
	var a puzzles.Answer
	first := true
	err := p.eachLine(func(no int, line string) error {
		if first && strings.TrimSpace(line) != "" {
			first = false
			if n := p.label(line); n > 0 {
				line = strings.Repeat(" ", n) + line[n:]
			}
		}
		for _, t := range split(line, moveSep) {
			d, ok := p.word(t.text)
			if !ok {
				if strings.EqualFold(t.text, puzzles.UnsolvableToken) {
					return p.errAt(no, t.col, onlyToken())
				}
				return p.errAt(no, t.col, fmt.Errorf("%w: found %q; expected %s separated by spaces or commas", puzzles.ErrBadMove, clip(t.text), p.expectedWords()))
			}
			if err := p.add(&a, d, no, t.col); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return puzzles.Answer{}, err
	}
	return a, nil
}

// label is the length of a label that starts line, its ':' or '='
// included: letters, digits, '_', '-' and spaces (Path to goal:,
// path_to_goal =), not all of them move words, with something after it;
// 0 when the line has none.
func (p *parser) label(line string) int {
	end := 0
	for end < len(line) && isIdent(line[end]) {
		end++
	}
	if end == 0 || end == len(line) || (line[end] != ':' && line[end] != '=') || strings.TrimSpace(line[end+1:]) == "" {
		return 0
	}
	moves := true
	for _, t := range split(line[:end], moveSep) {
		if _, ok := p.word(t.text); !ok {
			moves = false
		}
	}
	if moves {
		return 0
	}
	return end + 1
}

// scanner walks the text a character at a time, keeping the line and
// column, for the list notation, whose items may span lines.
type scanner struct {
	text      string
	pos       int
	line, col int // of the next character, 1-based; col counts bytes
}

func (s *scanner) peek() (byte, bool) {
	if s.pos >= len(s.text) {
		return 0, false
	}
	return s.text[s.pos], true
}

func (s *scanner) next() byte {
	c := s.text[s.pos]
	s.pos++
	if c == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	return c
}

func (s *scanner) skipSpace() {
	for {
		c, ok := s.peek()
		if !ok || (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f') {
			return
		}
		s.next()
	}
}

// rest is the text from the scanner to the end of its line, clipped, for
// an error message.
func (s *scanner) rest() string {
	r := s.text[s.pos:]
	if i := strings.IndexAny(r, "\r\n"); i >= 0 {
		r = r[:i]
	}
	return clip(r)
}

func isIdent(c byte) bool {
	return c == '_' || c == '-' || c == ' ' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// list reads a JSON or Python list of move words: ["UP", "LEFT"],
// ['Up', 'Left'] or [Up, Left], over one or more lines, optionally after
// a label ending in ':' or '=' (path_to_goal: [...]).
func (p *parser) list() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(false); ok {
		return claim(line), nil
	}
	s := &scanner{text: p.text, line: 1, col: 1}
	s.skipSpace()
	if _, ok := s.peek(); !ok {
		return puzzles.Answer{}, nil // an empty file: no moves
	}
	expected := "expected a list of moves such as [\"UP\", \"LEFT\"] or ['Up', 'Left']"
	// An optional label: letters, digits, _, - and spaces, then : or =.
	if c, _ := s.peek(); c != '[' {
		labelLine, labelCol := s.line, s.col
		end := s.pos
		for end < len(s.text) && isIdent(s.text[end]) {
			end++
		}
		if end == s.pos || end == len(s.text) || (s.text[end] != ':' && s.text[end] != '=') {
			return puzzles.Answer{}, p.errAt(labelLine, labelCol, fmt.Errorf("%w: found %q; %s", puzzles.ErrSyntax, s.rest(), expected))
		}
		for s.pos <= end {
			s.next()
		}
		s.skipSpace()
		if c, ok := s.peek(); !ok || c != '[' {
			return puzzles.Answer{}, p.errAt(s.line, s.col, fmt.Errorf("%w: found %q after the label; %s", puzzles.ErrSyntax, s.rest(), expected))
		}
	}
	openLine := s.line
	s.next() // [
	var a puzzles.Answer
	type item struct {
		line, col int
		text      string
	}
	var items []item
	for {
		endLine, endCol := s.line, s.col // just after the list so far
		s.skipSpace()
		c, ok := s.peek()
		if !ok {
			return puzzles.Answer{}, p.errAt(endLine, endCol, fmt.Errorf("%w: the list opened on line %d has no closing ]; %s", puzzles.ErrSyntax, openLine, expected))
		}
		if c == ']' {
			s.next()
			break
		}
		if len(items) > 0 {
			if c != ',' {
				return puzzles.Answer{}, p.errAt(s.line, s.col, fmt.Errorf("%w: found %q; expected a comma or ] after a move", puzzles.ErrSyntax, s.rest()))
			}
			s.next()
			s.skipSpace()
			if c, ok = s.peek(); ok && c == ']' { // a trailing comma
				s.next()
				break
			}
		}
		it := item{line: s.line, col: s.col}
		switch {
		case !ok:
			continue // reported above on the next round
		case c == '"' || c == '\'':
			quote := s.next()
			it.col++ // the word, inside the quote
			start := s.pos
			for {
				c, ok := s.peek()
				if !ok || c == '\n' {
					return puzzles.Answer{}, p.errAt(it.line, it.col, fmt.Errorf("%w: a quoted move is not closed on its line", puzzles.ErrSyntax))
				}
				if c == quote {
					break
				}
				s.next()
			}
			it.text = s.text[start:s.pos]
			s.next()
		default:
			start := s.pos
			for {
				c, ok := s.peek()
				if !ok || c == ',' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
					break
				}
				s.next()
			}
			it.text = s.text[start:s.pos]
		}
		if len(items) == p.lim.MaxMoves {
			return puzzles.Answer{}, p.errAt(it.line, it.col, fmt.Errorf("%w: more than %d moves", puzzles.ErrTooLarge, p.lim.MaxMoves))
		}
		items = append(items, it)
	}
	s.skipSpace()
	if _, ok := s.peek(); ok {
		return puzzles.Answer{}, p.errAt(s.line, s.col, fmt.Errorf("%w: found %q after the list; expected the end of the file", puzzles.ErrSyntax, s.rest()))
	}
	if len(items) == 1 && strings.EqualFold(strings.TrimSpace(items[0].text), puzzles.UnsolvableToken) {
		return claim(items[0].line), nil
	}
	for _, it := range items {
		d, ok := p.word(strings.TrimSpace(it.text))
		if !ok {
			if strings.EqualFold(strings.TrimSpace(it.text), puzzles.UnsolvableToken) {
				return puzzles.Answer{}, p.errAt(it.line, it.col, onlyToken())
			}
			return puzzles.Answer{}, p.errAt(it.line, it.col, fmt.Errorf("%w: found %q in the list; expected %s", puzzles.ErrBadMove, clip(it.text), p.expectedWords()))
		}
		a.Tokens = append(a.Tokens, d)
		a.Lines = append(a.Lines, int32(it.line))
	}
	return a, nil
}
