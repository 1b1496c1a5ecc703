package puzzles

import "fmt"

// Solvability rules, as reported in Solvability.Rule.
const (
	// RuleOddWidth: default goal, odd width — solvable iff the inversion
	// count is even.
	RuleOddWidth = "odd-width-inversions"
	// RuleEvenWidth: default goal, even width — solvable iff inversions plus
	// the blank's row counted from the bottom (1-based) is odd.
	RuleEvenWidth = "even-width-inversions-plus-blank-row"
	// RulePermutationParity: any goal — solvable iff the parity of the
	// permutation taking the board to the goal (blank counted as a tile)
	// equals the parity of the blank's Manhattan distance to its goal cell.
	RulePermutationParity = "permutation-parity"
)

// Solvability is a verdict on whether a board can reach its goal, with the
// figures that explain it.
type Solvability struct {
	Solvable bool `json:"solvable"`
	// Inversions counts pairs of tiles (blank excluded) that appear in
	// row-major order in the opposite order of their numbers — the
	// textbook count, meaningful for the default goal.
	Inversions int `json:"inversions"`
	// BlankRowFromBottom is the blank's row counted from the bottom,
	// 1-based.
	BlankRowFromBottom int `json:"blank_row_from_bottom"`
	// Rule names the rule that decided: RuleOddWidth or RuleEvenWidth for
	// the default goal, RulePermutationParity otherwise.
	Rule string `json:"rule"`
	// Explanation says in one sentence how the rule applies to this board.
	Explanation string `json:"explanation"`
	// PermutationOdd is the parity of the permutation taking the board to
	// the goal, blank counted as a tile.
	PermutationOdd bool `json:"permutation_odd"`
	// BlankDistance is the Manhattan distance from the blank to its goal
	// cell.
	BlankDistance int `json:"blank_distance"`
	// TextbookSolvable is what the textbook inversion rule (which assumes
	// the default goal) says. It differs from Solvable only for
	// non-default goals, where the textbook rule does not apply.
	TextbookSolvable bool `json:"textbook_solvable"`
}

// CheckSolvable decides whether b can reach goal g. The general rule
// (permutation parity against blank distance) decides for every goal; for
// the default goal the classic inversion rule is reported as the
// explanation (the two always agree there).
func CheckSolvable(b Board, g Goal) Solvability {
	s := Solvability{
		Inversions:         Inversions(b),
		BlankRowFromBottom: b.shape.Rows - b.blank/b.shape.Cols,
		BlankDistance:      b.shape.Distance(b.blank, g.Pos(0)),
	}
	s.PermutationOdd = permutationOdd(b, g)
	s.Solvable = s.PermutationOdd == (s.BlankDistance%2 == 1)
	if b.shape.Cols%2 == 1 {
		s.TextbookSolvable = s.Inversions%2 == 0
	} else {
		s.TextbookSolvable = (s.Inversions+s.BlankRowFromBottom)%2 == 1
	}
	verdict := func(ok bool) string {
		if ok {
			return "solvable"
		}
		return "unsolvable"
	}
	switch {
	case g.IsDefault() && b.shape.Cols%2 == 1:
		s.Rule = RuleOddWidth
		s.Explanation = fmt.Sprintf("width %d is odd, so the board is solvable iff its inversion count is even; it has %d inversions (%s): %s",
			b.shape.Cols, s.Inversions, parity(s.Inversions), verdict(s.Solvable))
	case g.IsDefault():
		s.Rule = RuleEvenWidth
		sum := s.Inversions + s.BlankRowFromBottom
		s.Explanation = fmt.Sprintf("width %d is even, so the board is solvable iff inversions + blank row from the bottom is odd; %d + %d = %d (%s): %s",
			b.shape.Cols, s.Inversions, s.BlankRowFromBottom, sum, parity(sum), verdict(s.Solvable))
	default:
		s.Rule = RulePermutationParity
		perm := "even"
		if s.PermutationOdd {
			perm = "odd"
		}
		s.Explanation = fmt.Sprintf("for the %s goal, the board is solvable iff the permutation taking it to the goal (blank counted as a tile) has the parity of the blank's distance to its goal cell; the permutation is %s and the distance is %d (%s): %s",
			g.Name(), perm, s.BlankDistance, parity(s.BlankDistance), verdict(s.Solvable))
		if s.TextbookSolvable != s.Solvable {
			s.Explanation += fmt.Sprintf(" (the textbook inversion rule assumes the default goal and would wrongly say %s)", verdict(s.TextbookSolvable))
		}
	}
	return s
}

// Solvable reports whether b can reach goal g.
func Solvable(b Board, g Goal) bool {
	return permutationOdd(b, g) == (b.shape.Distance(b.blank, g.Pos(0))%2 == 1)
}

// Inversions counts the pairs of tiles, blank excluded, that stand in
// row-major order opposite to the order of their numbers.
func Inversions(b Board) int {
	n := 0
	for i := range b.cells {
		if b.cells[i] == 0 {
			continue
		}
		for j := i + 1; j < len(b.cells); j++ {
			if b.cells[j] != 0 && b.cells[j] < b.cells[i] {
				n++
			}
		}
	}
	return n
}

// permutationOdd is the parity of the permutation that takes every cell's
// tile to its goal cell, computed from its cycle count.
func permutationOdd(b Board, g Goal) bool {
	n := len(b.cells)
	seen := make([]bool, n)
	cycles := 0
	for i := range n {
		if seen[i] {
			continue
		}
		cycles++
		for j := i; !seen[j]; j = g.Pos(int(b.cells[j])) {
			seen[j] = true
		}
	}
	return (n-cycles)%2 == 1
}

func parity(n int) string {
	if n%2 == 0 {
		return "even"
	}
	return "odd"
}
