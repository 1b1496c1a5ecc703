package report

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The class report's part of the summary page: a stacked bar of each
// test's verdicts beside the counts, the boards where answers most often
// left every optimal path, the claims outside their bands by algorithm,
// and the shared answers to review.

// barSegment is one verdict's share of a test's stacked bar.
type barSegment struct {
	Tone    string
	Percent string // CSS width, "12.5%"
	Title   string
}

// verdictBar is the stacked bar of a test's verdicts, in verdict order.
func verdictBar(counts []verdictCount, total int) []barSegment {
	if total == 0 {
		return nil
	}
	var out []barSegment
	for _, c := range counts {
		pct := 100 * float64(c.Count) / float64(total)
		out = append(out, barSegment{Tone: c.Tone, Percent: strconv.FormatFloat(pct, 'f', 2, 64) + "%",
			Title: fmt.Sprintf("%s: %d of %d", c.Verdict, c.Count, total)})
	}
	return out
}

// whyRow is a test with the commonest first moves off every optimal path.
type whyRow struct {
	Number int
	Name   string
	Hidden bool
	Boards []whyBoard
}

// whyBoard draws one common first move off every optimal path.
type whyBoard struct {
	Cols    int
	Cells   []whyCell
	Caption string
}

type whyCell struct {
	Text  string
	Class string
	Title string
}

// claimRow is one claimed search's counts outside their bands, over the
// tests that claim it.
type claimRow struct {
	Search  string
	Check   string
	Outside int
	Judged  int
	Tests   string
}

// sharedRow is one shared answer for the page.
type sharedRow struct {
	Test, Students, Verdict string
	Length                  int
	Answers, Optimal, Near  string
	NotCounted              string
}

// classView is what the summary template sees of the class report.
type classView struct {
	Why    []whyRow
	Claims []claimRow
	Shared []sharedRow
}

func (gb Gradebook) classView(c *Class) *classView {
	if c == nil {
		return nil
	}
	v := &classView{}
	for _, t := range c.Tests {
		if len(t.OffPaths) == 0 {
			continue
		}
		row := whyRow{Number: t.Number, Name: grader.Printable(t.Test), Hidden: t.Hidden}
		for _, o := range t.OffPaths {
			row.Boards = append(row.Boards, gb.whyBoard(o))
		}
		v.Why = append(v.Why, row)
	}
	claims := map[string]*claimRow{}
	var keys []string
	for _, t := range c.Tests {
		for _, cl := range t.Claims {
			search := cl.Algorithm
			if cl.Heuristic != "" {
				search += " with " + cl.Heuristic
			}
			key := search + "\x00" + cl.Check
			if claims[key] == nil {
				claims[key] = &claimRow{Search: search, Check: cl.Check}
				keys = append(keys, key)
			}
			cr := claims[key]
			cr.Outside += cl.Outside
			cr.Judged += cl.Judged
			if cl.Outside > 0 {
				if cr.Tests != "" {
					cr.Tests += ", "
				}
				cr.Tests += strconv.Itoa(t.Number)
			}
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		v.Claims = append(v.Claims, *claims[k])
	}
	for _, s := range c.SharedAnswers {
		row := sharedRow{Test: grader.Printable(s.Test), Verdict: string(s.Verdict), Length: s.Length,
			Answers: bigText(s.Answers), Optimal: bigText(s.OptimalPaths), Near: bigText(s.NearOptimalPaths), NotCounted: s.NotCounted}
		var names []string
		for _, n := range s.Students {
			names = append(names, grader.Printable(n))
		}
		row.Students = strings.Join(names, ", ")
		v.Shared = append(v.Shared, row)
	}
	return v
}

// whyBoard draws the board before a common first move off every optimal
// path: the tile the move slid outlined as bad, the tiles whose moves
// would have stayed optimal as good.
func (gb Gradebook) whyBoard(o CommonOffPath) whyBoard {
	off := check.OffPath{Move: o.Move, Played: o.Played, BoardBefore: o.BoardBefore, OptimalMoves: o.OptimalMoves}
	wb := whyBoard{}
	b, err := off.Before()
	if err != nil {
		wb.Caption = fmt.Sprintf("move %d, %s: %d students", o.Move, o.Played, o.Students)
		return wb
	}
	wb.Cols = b.Shape().Cols
	marks := map[int]string{}
	if j, ok := cellOfMove(b, o.Played, gb.Convention); ok {
		marks[j] = "played"
	}
	for _, m := range o.OptimalMoves {
		if j, ok := cellOfMove(b, m, gb.Convention); ok {
			marks[j] = "better"
		}
	}
	wb.Cells = miniCells(b)
	for i := range wb.Cells {
		c := &wb.Cells[i]
		switch marks[i] {
		case "played":
			c.Class += " played"
			c.Title = "slid by the answers (" + o.Played + ")"
		case "better":
			c.Class += " better"
			c.Title = "its move stays on an optimal path"
		}
	}
	students := "students"
	if o.Students == 1 {
		students = "student"
	}
	wb.Caption = fmt.Sprintf("%d %s: move %d, %s, with the goal %d moves away", o.Students, students, o.Move, o.Played, o.DistanceBefore)
	if len(o.OptimalMoves) > 0 {
		wb.Caption += "; " + strings.Join(o.OptimalMoves, " or ") + " stays optimal"
	}
	return wb
}

// miniCells are b's cells as the page's small boards (.mini) draw them:
// each tile's number, the blank empty.
func miniCells(b puzzles.Board) []whyCell {
	cells := make([]whyCell, b.Len())
	for i := range cells {
		cells[i].Class = "tile"
		if t := b.At(i); t == 0 {
			cells[i].Class = "blank"
		} else {
			cells[i].Text = strconv.Itoa(t)
		}
	}
	return cells
}

// bigText writes a count with thousands separators, "–" when not known.
func bigText(n *big.Int) string {
	if n == nil {
		return "–"
	}
	s := n.String()
	if len(s) > 15 {
		return fmt.Sprintf("%s × 10^%d", s[:1]+"."+s[1:3], len(s)-1)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
