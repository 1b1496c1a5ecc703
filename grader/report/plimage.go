package report

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// maxPictureCells bounds the boards AnswerPicture draws (a 5x5 board has
// 25): larger boards are left to the replay page.
const maxPictureCells = 64

// AnswerPicture is a small SVG picture (as a data: URL) of where the
// answer to test i of s went wrong, as the replay page shows it: the
// start board, then for an illegal move the board before it with the
// blocked side of the blank in red and the move named, for a suboptimal
// or incomplete answer with a first move off every optimal path the
// board before that move with the tile it slid outlined in red and those
// that would have stayed optimal in green, for an incomplete answer the
// board it stopped at; and the goal. answer is the answer file as the
// grader read it, read as its check read it (grader.Result.ReadKept: the
// result's notation and lines, ro's words and move convention). It returns
// false when there is nothing to draw: a hidden test, an answer that
// does not parse, an UNSOLVABLE claim, or a board too large.
func (gb Gradebook) AnswerPicture(s Submission, i int, answer []byte, ro notation.Options) (PrairieLearnImage, bool) {
	t := gb.Tests[i]
	if t.Hidden || t.Board.IsZero() || t.Goal.IsZero() || t.Board.Len() > maxPictureCells {
		return PrairieLearnImage{}, false
	}
	ans, err := s.Results[i].ReadKept(answer, t, ro)
	if err != nil || ans.Unsolvable {
		return PrairieLearnImage{}, false
	}
	end, err := puzzles.Replay(t.Board, ans, ro.Convention)
	var im *puzzles.IllegalMoveError
	if err != nil && !errors.As(err, &im) {
		return PrairieLearnImage{}, false
	}
	pics := []picture{{caption: "start", board: t.Board}}
	r := s.Results[i]
	off := r.OffPath
	if gb.FeedbackSettings.OffPath == grader.OffPathOff || gb.FeedbackSettings.OffPath == grader.OffPathMove {
		off = nil // students are not shown the board
	}
	switch {
	case im != nil:
		p := picture{caption: fmt.Sprintf("before move %d (%s), which is illegal", im.Index+1, im.Token), board: end, bad: true}
		if !im.NotASlide {
			p.blocked = im.Dir
			p.hasBlocked = true
		}
		pics = append(pics, p)
	case off != nil && off.Move >= 1 && off.Move <= ans.Len():
		before, err := t.Board.Apply(ans.Path(ro.Convention)[:off.Move-1])
		if err != nil {
			return PrairieLearnImage{}, false
		}
		p := picture{caption: fmt.Sprintf("before move %d (%s), off every optimal path", off.Move, check.MoveLabel(off.Played)), board: before, marks: map[int]string{}}
		if j, ok := before.Shape().Neighbor(before.Blank(), ans.Path(ro.Convention)[off.Move-1]); ok {
			p.marks[j] = svgBad
		}
		for _, name := range off.OptimalMoves {
			if j, ok := cellOfMove(before, name, ro.Convention); ok {
				p.marks[j] = svgGood
			}
		}
		pics = append(pics, p)
	case !t.Goal.Reached(end):
		pics = append(pics, picture{caption: fmt.Sprintf("after all %d moves", len(ans.Tokens)), board: end})
	}
	pics = append(pics, picture{caption: "goal", board: t.Goal.Board()})
	return PrairieLearnImage{
		Label: fmt.Sprintf("Test %d: the start, where the answer went wrong, and the goal", t.Number),
		URL:   "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(boardsSVG(pics, t.Goal.Board()))),
	}, true
}

// CounterexamplePicture is a small SVG picture (as a data: URL) of where
// a heuristic check's value is wrong on test i, the boards drawn as
// AnswerPicture draws them: the test's board captioned with h, the right
// value and h* (in red where h overestimates h*), and, when a move
// breaks consistency, the board one move away with its own. It returns
// false when there is nothing to draw: no counterexample, a hidden test,
// or a board too large.
func (gb Gradebook) CounterexamplePicture(i int, c grader.Criterion) (PrairieLearnImage, bool) {
	t, ce := gb.Tests[i], c.Counterexample
	if ce == nil || t.Hidden || t.Goal.IsZero() {
		return PrairieLearnImage{}, false
	}
	var pics []picture
	for k, hb := range []*grader.HeuristicBoard{&ce.HeuristicBoard, ce.Neighbor} {
		if hb == nil {
			continue
		}
		b, err := hb.AsBoard()
		if err != nil || b.Len() > maxPictureCells || b.Shape() != t.Goal.Board().Shape() {
			return PrairieLearnImage{}, false
		}
		// Captions fit above a 3x3 board: "h = 14 (right 12), h* = 12".
		caption := fmt.Sprintf("h = %d", hb.H)
		if hb.H != hb.Right {
			caption += fmt.Sprintf(" (right %d)", hb.Right)
		}
		if hb.HStar != nil {
			caption += fmt.Sprintf(", h* = %d", *hb.HStar)
		}
		if k == 1 {
			caption = ce.Move + ": " + caption
		}
		pics = append(pics, picture{caption: caption, board: b, bad: hb.Overestimates})
	}
	return PrairieLearnImage{
		Label: fmt.Sprintf("Test %d: where %s is wrong, h against the true distance h*", t.Number, c.Title()),
		URL:   "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(boardsSVG(pics, t.Goal.Board()))),
	}, true
}

// cellOfMove is the cell of the tile a move named as OffPath names it
// (a direction under conv, or a tile number) would slide from board b.
func cellOfMove(b puzzles.Board, name string, conv puzzles.Convention) (int, bool) {
	if d, ok := puzzles.ParseDir(name); ok {
		return b.Shape().Neighbor(b.Blank(), conv.BlankDir(d))
	}
	for j := range b.Len() {
		if b.At(j) != 0 && strconv.Itoa(b.At(j)) == name {
			return j, true
		}
	}
	return 0, false
}

// picture is one board of AnswerPicture with its caption: bad draws the
// caption in red; blocked, when hasBlocked, is the side of the blank an
// illegal move would have left through; marks outline cells.
type picture struct {
	caption    string
	board      puzzles.Board
	bad        bool
	blocked    puzzles.Dir
	hasBlocked bool
	marks      map[int]string
}

// Colours of the pictures, those of the replay page.
const (
	svgBad  = "#b42318"
	svgGood = "#1f7a3a"
)

// boardsSVG draws boards side by side, each under its caption; tiles on
// their goal cell are green.
func boardsSVG(pics []picture, goal puzzles.Board) string {
	const cell, gap, top = 36, 24, 28
	sh := pics[0].board.Shape()
	bw, bh := sh.Cols*cell, sh.Rows*cell
	// Captions are wider than small boards.
	colW := max(bw, 230)
	width := len(pics)*colW + (len(pics)-1)*gap + 2*gap
	height := top + bh + gap
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`, width, height, width, height)
	sb.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>`)
	for k, p := range pics {
		b := p.board
		x0 := gap + k*(colW+gap)
		bx := x0 + (colW-bw)/2
		ink := "#222"
		if p.bad {
			ink = svgBad
		}
		fmt.Fprintf(&sb, `<text x="%d" y="18" font-size="13" text-anchor="middle" fill="%s">%s</text>`, x0+colW/2, ink, xmlEscape(p.caption))
		for r := range sh.Rows {
			for c := range sh.Cols {
				i := sh.Index(r, c)
				v := b.At(i)
				x, y := bx+c*cell, top+r*cell
				if v == 0 {
					fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eeeeee" stroke="#999"/>`, x, y, cell, cell)
					if p.hasBlocked {
						x1, y1, x2, y2 := x, y, x+cell, y // up: the top edge
						switch p.blocked {
						case puzzles.Down:
							y1, y2 = y+cell, y+cell
						case puzzles.Left:
							x2, y2 = x, y+cell
						case puzzles.Right:
							x1, x2, y2 = x+cell, x+cell, y+cell
						}
						fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="5"/>`, x1, y1, x2, y2, svgBad)
					}
					continue
				}
				fill := "#cfe3ff"
				if v == goal.At(i) {
					fill = "#c8f0c8" // in its goal place
				}
				stroke, sw := "#555", 1
				if m, ok := p.marks[i]; ok {
					stroke, sw = m, 4
				}
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="%d"/>`, x, y, cell, cell, fill, stroke, sw)
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
