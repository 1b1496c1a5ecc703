package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// headerWords start the lines that may separate boards ("Step 3:",
// "Move 3", "Minimum number of moves = 4", "Initial state", "Goal").
var headerWords = map[string]bool{
	"step": true, "move": true, "moves": true, "state": true, "board": true,
	"depth": true, "iteration": true, "initial": true, "start": true,
	"goal": true, "final": true, "solution": true, "minimum": true,
	"number": true, "total": true, "cost": true,
}

// blankSymbols are the ways courses write the blank on a board.
var blankSymbols = map[string]bool{"0": true, "_": true, "b": true, "B": true, "x": true, "X": true, "*": true, ".": true}

// cellSep separates the cells of a row: spaces, commas, bars and brackets
// (rows printed as Python lists).
func cellSep(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",|[](){}", r)
}

// drawing reports whether a line only draws a grid's border (+---+) or
// an arrow from one board to the next (a line of | then one of v).
func drawing(line string) bool {
	s := strings.TrimSpace(line)
	return s != "" && (strings.Trim(s, "+-=|: \t") == "" || s == "v" || s == "V" || s == "↓")
}

// header reports whether a line is a header that separates boards.
func header(line string) bool {
	s := strings.TrimSpace(line)
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return i > 0 && headerWords[strings.ToLower(s[:i])]
}

// allCells reports whether a line's pieces are all cells: tile numbers
// or the blank, and at least one.
func allCells(toks []token) bool {
	for _, t := range toks {
		if _, err := strconv.Atoi(t.text); err != nil && !blankSymbols[t.text] {
			return false
		}
	}
	return len(toks) > 0
}

// placed is a cell read from the answer and where it was written.
type placed struct {
	line, col int
	text      string
}

// boards reads a sequence of boards and converts each step into a move.
// Boards are checked and converted as they are completed, so that only
// the board being read and the one before it are held.
func (p *parser) boards() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(true); ok {
		return claim(line), nil
	}
	shape := p.start.Shape()
	k := shape.Cells()
	var (
		a        puzzles.Answer
		cur      = p.start.Cells() // the board before the next one
		next     = make([]int, k)
		seen     = make([]int, k)
		read     int      // boards read
		illegal  bool     // a step was illegal: check the rest, convert no more
		block    []placed // the cells of the board being read
		rows     int      // rows read since the last separator
		rowsLine int      // the line of the first of them
	)
	// board checks the board held in block and takes its step.
	board := func() error {
		line := block[0].line
		clear(seen)
		for j, c := range block {
			t := 0
			if !blankSymbols[c.text] || c.text == "0" {
				var err error
				if t, err = strconv.Atoi(c.text); err != nil || t < 0 || t >= k {
					return p.errAt(c.line, c.col, fmt.Errorf("%w: tile %s; a %s board holds tiles 1..%d and the blank", puzzles.ErrRange, clip(c.text), shape, k-1))
				}
			}
			if seen[t] > 0 {
				what := fmt.Sprintf("tile %d", t)
				if t == 0 {
					what = "the blank"
				}
				prev := block[seen[t]-1]
				return p.errAt(c.line, c.col, fmt.Errorf("%w: %s appears twice on this board (also at line %d, column %d)", puzzles.ErrDuplicate, what, prev.line, prev.col))
			}
			seen[t] = j + 1
			next[j] = t
		}
		block = block[:0]
		read++
		switch {
		case illegal:
			a.AfterIllegal++
			return nil
		case read == 1 && equalCells(next, cur):
			return nil // the start board, written first
		}
		if len(a.Tokens) == p.lim.MaxMoves {
			return p.errAt(line, 0, fmt.Errorf("%w: more than %d moves", puzzles.ErrTooLarge, p.lim.MaxMoves))
		}
		d, ok := slide(shape, cur, next)
		if !ok {
			reason := fmt.Sprintf("the board at line %d is the same as the one before it; each board must be one slide from the one before", line)
			if n := differing(cur, next); n > 0 {
				reason = fmt.Sprintf("the board at line %d differs from the one before it in %d cells; one move slides one tile next to the blank into it", line, n)
			}
			a.Illegal = &puzzles.IllegalMoveError{Index: len(a.Tokens), Line: line, Token: "board", Reason: reason, NotASlide: true}
			illegal = true
			return nil
		}
		a.Tokens = append(a.Tokens, p.conv.TokenDir(d))
		a.Lines = append(a.Lines, int32(line))
		cur, next = next, cur
		return nil
	}
	// separate ends a run of rows, which must have made whole boards.
	separate := func() error {
		if len(block) > 0 {
			return p.errAt(rowsLine, 0, fmt.Errorf("%w: %d rows here; a %s board has %d (separate boards by blank lines or headers)", puzzles.ErrRagged, rows, shape, shape.Rows))
		}
		rows = 0
		return nil
	}
	expected := fmt.Sprintf("expected rows of %d tile numbers (the blank as 0 or _), a blank line or a header such as \"Step 3:\"", shape.Cols)
	err := p.eachLine(func(no int, line string) error {
		if drawing(line) && len(block) > 0 {
			return nil // a grid's border between the rows of a board
		}
		if strings.TrimSpace(line) == "" || drawing(line) {
			return separate()
		}
		toks := split(line, cellSep)
		if !allCells(toks) {
			if header(line) {
				return separate()
			}
			col := 1
			if len(toks) > 0 {
				col = toks[0].col
			}
			return p.errAt(no, col, fmt.Errorf("%w: found %q; %s", puzzles.ErrSyntax, clip(strings.TrimSpace(line)), expected))
		}
		switch len(toks) {
		case shape.Cols:
		case k:
			// A whole board on one line.
			if err := separate(); err != nil {
				return err
			}
		case 1:
			if shape.Rows == shape.Cols && toks[0].text == strconv.Itoa(shape.Rows) {
				return separate() // Princeton's size line
			}
			fallthrough
		default:
			return p.errAt(no, 0, fmt.Errorf("%w: this row has %d cells; a %s board has %d in a row (or %d on one line)", puzzles.ErrRagged, len(toks), shape, shape.Cols, k))
		}
		if rows == 0 {
			rowsLine = no
		}
		rows++
		for _, t := range toks {
			block = append(block, placed{no, t.col, t.text})
		}
		if len(block) == k {
			return board()
		}
		return nil
	})
	if err == nil {
		err = separate()
	}
	if err != nil {
		return puzzles.Answer{}, err
	}
	if read == 0 && strings.TrimSpace(p.text) != "" {
		return puzzles.Answer{}, p.errAt(firstLine(p.text), 0, fmt.Errorf("%w: no board; %s", puzzles.ErrSyntax, expected))
	}
	return a, nil
}

func equalCells(a, b []int) bool { return differing(a, b) == 0 }

// differing counts the cells in which two boards differ.
func differing(a, b []int) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// slide is the blank's direction when next is one slide from cur.
func slide(shape puzzles.Shape, cur, next []int) (puzzles.Dir, bool) {
	if differing(cur, next) != 2 {
		return 0, false
	}
	from, to := -1, -1
	for i := range cur {
		if cur[i] == 0 {
			from = i
		}
		if next[i] == 0 {
			to = i
		}
	}
	if from < 0 || to < 0 || next[from] != cur[to] {
		return 0, false
	}
	return direction(shape, from, to)
}
