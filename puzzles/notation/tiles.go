package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// placed is a number read from the answer and where it was written.
type placed struct {
	line, col int
	text      string
}

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
	var nums []placed
	err := eachLine(text, func(no int, line string) error {
		for _, t := range split(line, moveSep) {
			if len(nums) == p.lim.MaxMoves {
				return p.errAt(no, t.col, fmt.Errorf("%w: more than %d moves", puzzles.ErrTooLarge, p.lim.MaxMoves))
			}
			nums = append(nums, placed{no, t.col, t.text})
		}
		return nil
	})
	if err != nil {
		return puzzles.Answer{}, err
	}
	tiles := make([]int, len(nums))
	for i, n := range nums {
		t, err := strconv.Atoi(n.text)
		switch {
		case err != nil && strings.EqualFold(n.text, puzzles.UnsolvableToken):
			return puzzles.Answer{}, p.errAt(n.line, n.col, onlyToken())
		case err != nil:
			return puzzles.Answer{}, p.errAt(n.line, n.col, fmt.Errorf("%w: found %q; expected the numbers (1..%d) of the tiles moved, separated by spaces or commas", puzzles.ErrBadMove, clip(n.text), k-1))
		case t == 0:
			return puzzles.Answer{}, p.errAt(n.line, n.col, fmt.Errorf("%w: found 0, the blank; expected the number (1..%d) of the tile that slides", puzzles.ErrRange, k-1))
		case t < 0 || t >= k:
			return puzzles.Answer{}, p.errAt(n.line, n.col, fmt.Errorf("%w: tile %s; a %s board holds tiles 1..%d", puzzles.ErrRange, clip(n.text), p.start.Shape(), k-1))
		}
		tiles[i] = t
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
	for i, t := range tiles {
		at := where[t]
		d, ok := direction(shape, blank, at)
		if !ok {
			br, bc := shape.RowCol(blank)
			tr, tc := shape.RowCol(at)
			a.Illegal = &puzzles.IllegalMoveError{
				Index: i, Line: nums[i].line, Token: strconv.Itoa(t), NotASlide: true,
				Reason: fmt.Sprintf("tile %d is at row %d, column %d, not next to the blank at row %d, column %d", t, tr+1, tc+1, br+1, bc+1),
			}
			break
		}
		a.Tokens = append(a.Tokens, p.conv.TokenDir(d))
		a.Lines = append(a.Lines, int32(nums[i].line))
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
