package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// The summary page's section on heuristic methods that returned wrong
// values (grader.HeuristicCounterexample): per test and check, the
// boards drawn as the page's other boards are, with what the students'
// methods returned against the right value and the true distance.

// maxHeuristicExamples is the number of distinct wrong values drawn per
// test and check, the commonest first.
const maxHeuristicExamples = 4

// heuristicRow is one heuristic check of one test that some students'
// methods got wrong.
type heuristicRow struct {
	Number int
	Name   string
	Hidden bool
	// Check names the method: "manhattan()".
	Check string
	// Wrong counts the submissions whose value was wrong, of Total.
	Wrong, Total int
	Examples     []heuristicExample
	// More counts the distinct wrong values not drawn.
	More int
}

// heuristicExample is one wrong value, with the neighbour across which
// it breaks consistency when there is one.
type heuristicExample struct {
	Board    whyBoard
	Neighbor *whyBoard
	// Arrow names the blank's move from Board to Neighbor.
	Arrow   string
	Caption string
	count   int
}

// heuristicRows gathers the counterexamples of every test's checks over
// the submissions, in test order and then the checks' report order.
func (gb Gradebook) heuristicRows() []heuristicRow {
	var out []heuristicRow
	for i, t := range gb.Tests {
		rows := map[string]*heuristicRow{}
		var order []string
		examples := map[string]map[string]*heuristicExample{}
		for _, s := range gb.Submissions {
			for _, c := range s.Results[i].Criteria {
				ce := c.Counterexample
				if ce == nil {
					continue
				}
				row := rows[c.Title()]
				if row == nil {
					row = &heuristicRow{Number: t.Number, Name: grader.Printable(t.Name), Hidden: t.Hidden, Check: c.Title(), Total: len(gb.Submissions)}
					rows[c.Title()] = row
					examples[c.Title()] = map[string]*heuristicExample{}
					order = append(order, c.Title())
				}
				row.Wrong++
				key := fmt.Sprint(ce.Board, ce.H, ce.Move)
				if ce.Neighbor != nil {
					key += fmt.Sprint(ce.Neighbor.Board, ce.Neighbor.H)
				}
				if e := examples[c.Title()][key]; e != nil {
					e.count++
				} else if e, ok := heuristicFigure(ce); ok {
					e.count = 1
					examples[c.Title()][key] = &e
				}
			}
		}
		for _, name := range order {
			row := rows[name]
			var all []*heuristicExample
			for _, e := range examples[name] {
				all = append(all, e)
			}
			sort.Slice(all, func(a, b int) bool {
				if all[a].count != all[b].count {
					return all[a].count > all[b].count
				}
				return all[a].Caption < all[b].Caption
			})
			for k, e := range all {
				if k == maxHeuristicExamples {
					row.More = len(all) - k
					break
				}
				students := "students"
				if e.count == 1 {
					students = "student"
				}
				e.Caption = fmt.Sprintf("%d %s: %s", e.count, students, e.Caption)
				row.Examples = append(row.Examples, *e)
			}
			out = append(out, *row)
		}
	}
	return out
}

// heuristicFigure draws a counterexample: its board and, when a move
// breaks consistency, the neighbour, each captioned with h, the right
// value and h*, and under both what they show.
func heuristicFigure(ce *grader.HeuristicCounterexample) (heuristicExample, bool) {
	b, err := ce.AsBoard()
	if err != nil {
		return heuristicExample{}, false
	}
	e := heuristicExample{Board: whyBoard{Cols: b.Shape().Cols, Cells: miniCells(b), Caption: ce.Caption()}}
	var says []string
	switch {
	case ce.Overestimates:
		says = append(says, fmt.Sprintf("h = %d overestimates h* = %d: not admissible", ce.H, *ce.HStar))
	case ce.HStar != nil:
		says = append(says, fmt.Sprintf("h = %d, not %d, below h* = %d", ce.H, ce.Right, *ce.HStar))
	default:
		says = append(says, fmt.Sprintf("h = %d, not %d; h* not known (%s)", ce.H, ce.Right, ce.HStarUnknown))
	}
	if ce.Neighbor != nil {
		if nb, err := ce.Neighbor.AsBoard(); err == nil {
			e.Neighbor = &whyBoard{Cols: nb.Shape().Cols, Cells: miniCells(nb), Caption: ce.Neighbor.Caption()}
			e.Arrow = "blank " + ce.Move + " →"
			change, how := ce.Neighbor.H-ce.H, "rises"
			if change < 0 {
				change, how = -change, "drops"
			}
			says = append(says, fmt.Sprintf("one move away h %s by %d: not consistent", how, change))
		}
	}
	e.Caption = strings.Join(says, "; ")
	return e, true
}
