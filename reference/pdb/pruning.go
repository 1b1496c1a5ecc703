package pdb

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/movefsm"
)

// Pruning chooses which sequences of moves an IDA* search leaves out
// (Solve, and dynamic.Solve).
type Pruning int

const (
	// PruneDuplicates, the default, leaves out every move that completes
	// a sequence of up to DuplicateDepth moves reaching a state that an
	// earlier sequence from the same cell reaches (shorter, or as long
	// and first in the order up, down, left, right): the finite-state
	// machine of Taylor and Korf (package movefsm). The search stays
	// optimal and generates fewer nodes.
	PruneDuplicates Pruning = iota
	// PruneInverse leaves out only the move that undoes the last one:
	// kpuzzle's searches before duplicate pruning, node for node.
	PruneInverse
)

// pruningNames are the names of the Prunings, for flags and reports.
var pruningNames = []string{"duplicates", "inverse"}

// Prunings lists the names ParsePruning accepts.
func Prunings() []string { return append([]string(nil), pruningNames...) }

// String is the pruning's name.
func (p Pruning) String() string {
	if int(p) >= 0 && int(p) < len(pruningNames) {
		return pruningNames[p]
	}
	return fmt.Sprintf("Pruning(%d)", int(p))
}

// ParsePruning reads a pruning's name (duplicates or inverse).
func ParsePruning(s string) (Pruning, error) {
	for i, name := range pruningNames {
		if strings.EqualFold(s, name) {
			return Pruning(i), nil
		}
	}
	return 0, fmt.Errorf("unknown pruning %q (want %s)", s, strings.Join(pruningNames, " or "))
}

// DuplicateDepth is the length of the longest sequence PruneDuplicates
// forbids on a board of shape s. The machines of the 15- and 24-puzzle
// (12 and 14 moves: 13,486 and 236,314 states) ship in the binary;
// others are built on first use, in milliseconds at these depths
// (shorter on larger boards, whose machines take longer to build).
func DuplicateDepth(s puzzles.Shape) int {
	switch n := s.Cells(); {
	case s == puzzles.Shape{Rows: 5, Cols: 5}:
		return 14
	case n <= 16:
		return 12
	case n <= 25:
		return 10
	default:
		return 8
	}
}

// Machine is the finite-state machine that applies p on a board of shape
// s, built on first use and kept for the life of the process.
func (p Pruning) Machine(s puzzles.Shape) *movefsm.Machine {
	if p == PruneInverse {
		return movefsm.For(s, 2)
	}
	return movefsm.For(s, DuplicateDepth(s))
}
