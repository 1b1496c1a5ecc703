package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// tiles reads the numbers of the tiles moved, separated by spaces, commas,
// semicolons or line ends, optionally inside one pair of brackets, and
// converts them to moves from the start board.
func (p *parser) tiles() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(false); ok {
		return claim(line), nil
	}
	k := p.start.Len()
	// The optional brackets: the first and last characters of the text.
	trimmed := strings.TrimSpace(p.text)
	bracketed := strings.HasPrefix(trimmed, "[")
	if bracketed && !strings.HasSuffix(trimmed, "]") {
		no := strings.Count(strings.TrimRight(p.text, " \t\r\n\v\f"), "\n") + 1
		return puzzles.Answer{}, p.errAt(no, 0, fmt.Errorf("%w: the list of tiles has no closing ]", puzzles.ErrSyntax))
	}
	text := p.text
	if bracketed {
		// Blank the brackets out, keeping every column where it is.
		b := []byte(text)
		b[strings.Index(text, "[")] = ' '
		b[strings.LastIndex(text, "]")] = ' '
		text = string(b)
	}
	// Each number is checked as it is read, so that a text that is not
	// tile numbers fails at once.
	type tileAt struct {
		tile, line int
	}
	var tiles []tileAt
	err := eachLine(text, func(no int, line string) error {
		for _, n := range split(line, moveSep) {
			if len(tiles) == p.lim.MaxMoves {
				return p.errAt(no, n.col, fmt.Errorf("%w: more than %d moves", puzzles.ErrTooLarge, p.lim.MaxMoves))
			}
			t, err := strconv.Atoi(n.text)
			switch {
			case err != nil && strings.EqualFold(n.text, puzzles.UnsolvableToken):
				return p.errAt(no, n.col, onlyToken())
			case err != nil:
				return p.errAt(no, n.col, fmt.Errorf("%w: found %q; expected the numbers (1..%d) of the tiles moved, separated by spaces or commas", puzzles.ErrBadMove, clip(n.text), k-1))
			case t == 0:
				return p.errAt(no, n.col, fmt.Errorf("%w: found 0, the blank; expected the number (1..%d) of the tile that slides", puzzles.ErrRange, k-1))
			case t < 0 || t >= k:
				return p.errAt(no, n.col, fmt.Errorf("%w: tile %s; a %s board holds tiles 1..%d", puzzles.ErrRange, clip(n.text), p.start.Shape(), k-1))
			}
			tiles = append(tiles, tileAt{t, no})
		}
		return nil
	})
	if err != nil {
		return puzzles.Answer{}, err
	}
	// Play the tiles from the start board.
	shape := p.start.Shape()
	cells := p.start.Bytes()
	where := make([]int, k)
	for i, t := range cells {
		where[t] = i
	}
	blank := p.start.Blank()
	var a puzzles.Answer
	for i, ta := range tiles {
		t := ta.tile
		at := where[t]
		d, ok := direction(shape, blank, at)
		if !ok {
			br, bc := shape.RowCol(blank)
			tr, tc := shape.RowCol(at)
			a.Illegal = &puzzles.IllegalMoveError{
				Index: i, Line: ta.line, Token: strconv.Itoa(t), NotASlide: true,
				Reason: fmt.Sprintf("tile %d is at row %d, column %d, not next to the blank at row %d, column %d", t, tr+1, tc+1, br+1, bc+1),
			}
			a.AfterIllegal = len(tiles) - i - 1
			break
		}
		a.Tokens = append(a.Tokens, p.conv.TokenDir(d))
		a.Lines = append(a.Lines, int32(ta.line))
		cells[blank], cells[at] = cells[at], 0
		where[t] = blank
		blank = at
	}
	return a, nil
}

// direction is the way the blank travels from cell from to the
// neighbouring cell to, and false when the cells are not neighbours.
func direction(shape puzzles.Shape, from, to int) (puzzles.Dir, bool) {
	for _, d := range puzzles.Dirs {
		if j, ok := shape.Neighbor(from, d); ok && j == to {
			return d, true
		}
	}
	return 0, false
}
