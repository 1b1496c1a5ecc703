package webcheck

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Fragment is what a shared link's URL fragment carries: a puzzle, an
// answer and the options to check it with. Its text form is
// "p=CELLS&a=MOVES&moves=tile|blank&goal=NAME&shape=RxC", every key
// optional:
//
//   - p: the puzzle's cells in row-major order separated by commas, 0 for
//     the blank (1,2,3,4,5,6,0,7,8); shape gives the board's shape when it
//     is not square.
//   - a: the answer's lines separated by commas, each percent-encoded; a
//     line written only with the letters U, D, L and R (LLUR) stands for
//     one move per letter.
//   - moves: the move convention, tile or blank.
//   - goal: default or blank-first.
type Fragment struct {
	// Cells are the puzzle's cells; nil when the fragment has no puzzle.
	Cells []int
	// Shape is the board's shape; zero means square.
	Shape puzzles.Shape
	// Answer holds the answer's lines; nil when the fragment has no
	// answer.
	Answer []string
	// Convention is "tile", "blank" or "" (the page's default).
	Convention string
	// Goal is "default", "blank-first" or "" (the page's default).
	Goal string
}

// ErrFragment is wrapped by every error of ParseFragment.
var ErrFragment = errors.New("bad link")

// maxFragment bounds the fragment ParseFragment reads.
const maxFragment = 1 << 20

// ParseFragment reads a URL fragment (with or without its leading #).
// Errors wrap ErrFragment, name the column of the fragment where the
// problem is and say what was expected. A puzzle that is not a board (a
// repeated tile, a wrong count) is not an error here: the check reports
// it as it reports a bad puzzle file.
func ParseFragment(s string) (Fragment, error) {
	s = strings.TrimPrefix(s, "#")
	if len(s) > maxFragment {
		return Fragment{}, fmt.Errorf("%w: the link is %d bytes; at most %d are read", ErrFragment, len(s), maxFragment)
	}
	var f Fragment
	seen := map[string]bool{}
	col := 1
	for part := range strings.SplitSeq(s, "&") {
		at := col
		col += len(part) + 1
		if part == "" {
			continue
		}
		key, value, _ := strings.Cut(part, "=")
		if seen[key] {
			return Fragment{}, fmt.Errorf("%w: column %d: %q given twice", ErrFragment, at, key)
		}
		seen[key] = true
		var err error
		switch key {
		case "p":
			f.Cells, err = parseCells(value)
			if f.Cells == nil && err == nil {
				f.Cells = []int{}
			}
		case "shape":
			f.Shape, err = puzzles.ParseShape(value)
		case "a":
			f.Answer, err = parseAnswerLines(value)
		case "moves":
			if value != "tile" && value != "blank" {
				err = fmt.Errorf("moves=%q; expected tile or blank", clip(value))
			}
			f.Convention = value
		case "goal":
			if value != "default" && value != "blank-first" {
				err = fmt.Errorf("goal=%q; expected default or blank-first", clip(value))
			}
			f.Goal = value
		default:
			err = fmt.Errorf("unknown key %q; expected p, a, moves, goal or shape", clip(key))
		}
		if err != nil {
			return Fragment{}, fmt.Errorf("%w: column %d: %v", ErrFragment, at, err)
		}
	}
	return f, nil
}

// parseCells reads "1,2,3,0": integers only; their count and range are
// the board parser's business.
func parseCells(v string) ([]int, error) {
	if v == "" {
		return nil, nil
	}
	var cells []int
	for i, tok := range strings.Split(v, ",") {
		n := 0
		if tok == "" || len(tok) > 6 {
			return nil, fmt.Errorf("p: cell %d is %q; expected a tile number", i+1, clip(tok))
		}
		for _, r := range tok {
			if r < '0' || r > '9' {
				return nil, fmt.Errorf("p: cell %d is %q; expected a tile number", i+1, clip(tok))
			}
			n = n*10 + int(r-'0')
		}
		cells = append(cells, n)
	}
	return cells, nil
}

// parseAnswerLines reads the a= value.
func parseAnswerLines(v string) ([]string, error) {
	lines := []string{}
	if v == "" {
		return lines, nil
	}
	for i, raw := range strings.Split(v, ",") {
		if isLetterRun(raw) {
			for _, r := range raw {
				lines = append(lines, string(r))
			}
			continue
		}
		line, err := unescape(raw)
		if err != nil {
			return nil, fmt.Errorf("a: line %d: %q is not percent-encoded text", i+1, clip(raw))
		}
		lines = append(lines, line)
	}
	return lines, nil
}

// errEscape is a '%' not followed by two hexadecimal digits.
var errEscape = errors.New("invalid percent escape")

// unescape decodes the percent escapes of s (%XX, either case), as
// url.PathUnescape does; '+' stays itself. It is written here so that the
// browser checker's module links no package net/url (whose IP address
// tables are made at start-up).
func unescape(s string) (string, error) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			out = append(out, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", errEscape
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", errEscape
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return string(out), nil
}

// unhex is the value of a hexadecimal digit.
func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// isLetterRun reports whether s is two or more of the letters U, D, L, R
// (either case): moves written one letter each.
func isLetterRun(s string) bool {
	if len(s) < 2 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("UDLRudlr", r) {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// String is the fragment's text form (without #); ParseFragment reads it
// back to an equal Fragment. Single-letter moves are joined into one run
// (a=LLUR) so that links stay short.
func (f Fragment) String() string {
	s, _ := f.text(-1)
	return s
}

// text writes the fragment's text form, in time linear in its length;
// with limit ≥ 0 it stops, returning false, as soon as the text would be
// longer than limit bytes.
func (f Fragment) text(limit int) (string, bool) {
	var b strings.Builder
	over := func() bool { return limit >= 0 && b.Len() > limit }
	sep := func() {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
	}
	if f.Cells != nil {
		b.WriteString("p=")
		for i, c := range f.Cells {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(c))
		}
	}
	if f.Shape != (puzzles.Shape{}) {
		sep()
		b.WriteString("shape=" + f.Shape.String())
	}
	if f.Answer != nil {
		sep()
		b.WriteString("a=")
		// Single letters join the run before them; any other line is a
		// field of its own.
		inRun, first := false, true
		for _, line := range f.Answer {
			if over() {
				return "", false
			}
			if len(line) == 1 && strings.ContainsRune("UDLRudlr", rune(line[0])) {
				if !inRun && !first {
					b.WriteByte(',')
				}
				b.WriteString(line)
				inRun, first = true, false
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			b.WriteString(escapeLine(line))
			inRun, first = false, false
		}
	}
	if f.Convention != "" {
		sep()
		b.WriteString("moves=" + f.Convention)
	}
	if f.Goal != "" {
		sep()
		b.WriteString("goal=" + f.Goal)
	}
	if over() {
		return "", false
	}
	return b.String(), true
}

// escapeLine percent-encodes an answer line for a=; a line that would read
// as a run of move letters has its first letter encoded.
func escapeLine(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
			if i == 0 && isLetterRun(line) {
				fmt.Fprintf(&b, "%%%02X", c)
				continue
			}
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	if line == "" {
		return ""
	}
	return b.String()
}
