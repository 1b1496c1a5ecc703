package puzzles

import (
	"fmt"
	"strings"
)

// Dir is a direction on the board. As a move it always names the way the
// blank travels; see [Convention] for how answer-file tokens map to it.
type Dir uint8

// The four directions, in the order successors are generated.
const (
	Up Dir = iota
	Down
	Left
	Right
)

// Dirs lists the four directions in generation order.
var Dirs = [4]Dir{Up, Down, Left, Right}

// Opposite is the direction that undoes d.
func (d Dir) Opposite() Dir { return d ^ 1 }

// String is the long upper-case token: UP, DOWN, LEFT or RIGHT.
func (d Dir) String() string {
	switch d {
	case Up:
		return "UP"
	case Down:
		return "DOWN"
	case Left:
		return "LEFT"
	case Right:
		return "RIGHT"
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// Letter is the one-letter token: U, D, L or R.
func (d Dir) Letter() string { return d.String()[:1] }

// ParseDir reads a direction token, case-insensitively: UP, DOWN, LEFT,
// RIGHT or U, D, L, R.
func ParseDir(token string) (Dir, bool) {
	switch strings.ToUpper(token) {
	case "UP", "U":
		return Up, true
	case "DOWN", "D":
		return Down, true
	case "LEFT", "L":
		return Left, true
	case "RIGHT", "R":
		return Right, true
	}
	return 0, false
}

// Convention says what a move token in an answer file means.
type Convention uint8

const (
	// TileMoves: the token is the direction the tile slides into the blank
	// (the default; NUS CS3243). The blank travels the opposite way.
	TileMoves Convention = iota
	// BlankMoves: the token is the direction the blank travels (Berkeley).
	BlankMoves
)

// ParseConvention reads "tile" or "blank".
func ParseConvention(s string) (Convention, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "tile", "":
		return TileMoves, nil
	case "blank":
		return BlankMoves, nil
	}
	return 0, fmt.Errorf("move convention %q: expected tile or blank", s)
}

// String is "tile" or "blank".
func (c Convention) String() string {
	if c == BlankMoves {
		return "blank"
	}
	return "tile"
}

// BlankDir converts a token's direction to the way the blank travels.
func (c Convention) BlankDir(token Dir) Dir {
	if c == BlankMoves {
		return token
	}
	return token.Opposite()
}

// TokenDir converts the blank's direction to the token written under c.
func (c Convention) TokenDir(blank Dir) Dir {
	if c == BlankMoves {
		return blank
	}
	return blank.Opposite()
}

// Tokens writes a path of blank moves as tokens under convention c.
func (c Convention) Tokens(path []Dir) []string {
	out := make([]string, len(path))
	for i, d := range path {
		out[i] = c.TokenDir(d).String()
	}
	return out
}
