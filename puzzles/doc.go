// Package puzzles is the domain of the sliding-tile puzzle (the
// "k-puzzle"): board shapes, boards, goals, moves and their two naming
// conventions, parsing and formatting of puzzle and answer files,
// solvability with its explanation, seeded random generation, compact
// encodings for fast search, and the standard puzzle sets shipped in the
// binary.
//
// # Conventions
//
// A board has R rows and C columns; cells are numbered 0..R*C-1 in
// row-major order and the tile 0 is the blank. The default goal holds the
// tiles 1..k in row-major order with the blank last; the blank-first goal
// (Korf's convention) is 0 1 2 ... k; any board may serve as a goal.
//
// Internally a move is the direction in which the blank travels ([Dir]).
// Answer files name moves by a token (UP, DOWN, LEFT, RIGHT or U, D, L, R),
// and a [Convention] says what the token means: under [TileMoves] (the
// default, as in NUS CS3243) the token is the direction the tile slides
// into the blank, so the blank travels the opposite way; under
// [BlankMoves] (Berkeley) the token is the blank's own direction.
//
// [ParseAnswer] reads kpuzzle's own answer file, one move per line. The
// other notations solvers print (letters on a line, lists of words, tile
// numbers, sequences of boards) are read by the subpackage notation,
// which converts each to an [Answer].
//
// # Errors
//
// Malformed input produces a [*ParseError] naming the file, line and
// column; an illegal move produces a [*IllegalMoveError]. Both unwrap to
// the sentinel errors declared in errors.go.
package puzzles
