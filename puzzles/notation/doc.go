// Package notation reads answers written in the notations real courses
// print, and converts each to a [puzzles.Answer]:
//
//   - lines: one move per line (UP, DOWN, LEFT, RIGHT or U, D, L, R, any
//     case) — kpuzzle's own answer file, read by [puzzles.ParseAnswer];
//   - letters: the letters U, D, L, R on one line (or wrapped over
//     several), with or without separators: RRDLU, R R D, R,R,D;
//   - words: move words separated by spaces, commas or semicolons,
//     optionally after a label: up, left or UP LEFT or Path to goal: up,
//     left (TOP and BOTTOM are read as UP and DOWN);
//   - list: a JSON or Python list of move words, optionally after a label:
//     ["UP","LEFT"], ['Up', 'Left'], path_to_goal: ['Up', 'Left'];
//   - tiles: the numbers of the tiles moved, separated by spaces, commas
//     or line ends, optionally in brackets: 5 3 8 or [5, 3, 8];
//   - boards: the sequence of boards from the start (which may be left
//     out) to the end, as Princeton's Solver prints them: rows of tile
//     numbers (the blank as 0, _, b, x, * or .), boards separated by
//     blank lines, by headers such as "Step 3:" or "Move 3", by
//     Princeton's size line, or by nothing at all; a leading "Minimum
//     number of moves = N" line is skipped.
//
// In every notation a file whose only token is UNSOLVABLE claims the
// puzzle has no solution (also ["UNSOLVABLE"] in a list and Princeton's
// "No solution possible" among boards).
//
// Tile numbers and boards say which tile slides, so they do not depend on
// a move convention; they need the start board, and [Read] writes the
// moves they describe as tokens under the convention it is given, so that
// the Answer means the same as the other notations' under that
// convention. A tile that is not next to the blank, or a board that is
// not one slide from the one before, is an illegal move: the Answer keeps
// it in Answer.Illegal, and [puzzles.Replay] reports it after the legal
// moves, with its line.
//
// [Auto] (the zero Notation) reads the answer in every notation that
// accepts it. When they all agree it names the first of them in the order
// above; when two readings differ the answer is ambiguous, and the error
// shows both. When none accepts it, the error is the one of the notation
// that read furthest into the file. (Tile numbers and boards are not tried
// on a text without a digit, and a text of blank lines is the empty
// answer.)
//
// A course's own words for the moves ([Vocabulary]) are read wherever
// moves are words or letters, before the standard ones. An answer that
// stands among other text (a menu before it, statistics after it) is
// found as a block of moves or boards: the only one when that is
// unambiguous, or as [Block] says (see [Read]).
//
// Every error is a *puzzles.ParseError naming the file, line and column;
// the limits of [puzzles.AnswerLimits] (bytes, line length, moves) hold in
// every notation.
package notation
