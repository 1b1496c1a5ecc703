package report

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// maxPictureCells bounds the boards AnswerPicture draws (a 5x5 board has
// 25): larger boards are left to the replay page.
const maxPictureCells = 64

// AnswerPicture is a small SVG picture (as a data: URL) of where the
// answer to test i of s went: the start board, the board the answer
// reached (or, for an illegal move, the board just before it, with the
// move named) and the goal. answer is the answer file as the grader read
// it, read as ro says (its notation, words, block and move convention;
// the start board and limits are the test's). It returns false when there is nothing to draw: a hidden test, an
// answer that does not parse, an UNSOLVABLE claim, or a board too large.
func (gb Gradebook) AnswerPicture(s Submission, i int, answer []byte, ro notation.Options) (PrairieLearnImage, bool) {
	t := gb.Tests[i]
	if t.Hidden || t.Board.IsZero() || t.Goal.IsZero() || t.Board.Len() > maxPictureCells {
		return PrairieLearnImage{}, false
	}
	ro.Start, ro.Limits = t.Board, puzzles.AnswerLimits{MaxBytes: int64(len(answer)) + 1}
	ans, _, err := notation.Read(bytes.NewReader(answer), "answer", ro)
	if err != nil || ans.Unsolvable {
		return PrairieLearnImage{}, false
	}
	end, err := puzzles.Replay(t.Board, ans, ro.Moves)
	middle := fmt.Sprintf("after all %d moves", len(ans.Tokens))
	var im *puzzles.IllegalMoveError
	if errors.As(err, &im) {
		middle = fmt.Sprintf("before move %d (%s), which is illegal", im.Index+1, im.Token)
	} else if err != nil {
		return PrairieLearnImage{}, false
	}
	svg := boardsSVG([]string{"start", middle, "goal"}, []puzzles.Board{t.Board, end, t.Goal.Board()})
	return PrairieLearnImage{
		Label: fmt.Sprintf("Test %d: the start, where the answer got to, and the goal", t.Number),
		URL:   "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg)),
	}, true
}

// boardsSVG draws boards side by side, each under its caption.
func boardsSVG(captions []string, boards []puzzles.Board) string {
	const cell, gap, top = 36, 24, 28
	sh := boards[0].Shape()
	bw, bh := sh.Cols*cell, sh.Rows*cell
	// Captions are wider than small boards.
	colW := max(bw, 190)
	width := len(boards)*colW + (len(boards)-1)*gap + 2*gap
	height := top + bh + gap
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`, width, height, width, height)
	sb.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>`)
	for k, b := range boards {
		x0 := gap + k*(colW+gap)
		bx := x0 + (colW-bw)/2
		fmt.Fprintf(&sb, `<text x="%d" y="18" font-size="13" text-anchor="middle" fill="#222">%s</text>`, x0+colW/2, xmlEscape(captions[k]))
		for r := range sh.Rows {
			for c := range sh.Cols {
				v := b.At(sh.Index(r, c))
				x, y := bx+c*cell, top+r*cell
				if v == 0 {
					fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eeeeee" stroke="#999"/>`, x, y, cell, cell)
					continue
				}
				fill := "#cfe3ff"
				if v == boards[len(boards)-1].At(sh.Index(r, c)) {
					fill = "#c8f0c8" // in its goal place
				}
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#555"/>`, x, y, cell, cell, fill)
				fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#000">%d</text>`, x+cell/2, y+cell/2+5, v)
			}
		}
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

func xmlEscape(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
