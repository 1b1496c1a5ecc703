// Package replay renders the replay page: one self-contained HTML file
// that animates an answer on its puzzle, so that a student sees where a
// wrong answer goes wrong.
//
// The page has play/pause, step forward and back, a slider, the move list
// with the current move highlighted, the first illegal move marked (in red
// and in words, with the reason), the first move off every optimal path
// of a suboptimal or incomplete answer marked (Page.OffPath: the tile it
// slid and those that would have stayed optimal outlined), and the verdict
// with the answer's length and the optimal length when it is known. The
// page opens where the answer went wrong: at the illegal move, or on the
// board before its first move off every optimal path. Every control is a real button
// or input with a label; the keys ← and → step, Space plays and pauses,
// Home and End jump to the ends; an aria-live region announces each move
// and the board.
//
// The page loads nothing: the stylesheet, the script and the data are
// inlined, there are no fonts, images or links to other sites, so it can
// be mailed, uploaded to a course site or opened from disk. Every board
// is computed in Go: the page carries, as JSON in a
// <script type="application/json"> block, the cell the blank stands on
// after each legal move and a full board every [KeyframeEvery] moves; the
// script only draws and animates them. The cost is about five bytes per
// move: a 1,000-move answer on a 10x10 board makes a page of 39 KB. A page
// holds at most [DefaultMaxMoves] moves ([Page.MaxMoves] changes it): the
// page of a longer answer plays its first moves, says plainly that the
// rest was cut and how long the answer is, and shows the whole answer's
// verdict and last board, so a million-move answer on the 15-puzzle makes
// a page of 65 KB instead of 3.5 MB. The move list in the page shows a
// window of moves around the current one, so a long page stays
// responsive.
//
// The package renders; it does not judge optimality. A caller that knows
// the verdict (the grader, `kpuzzle replay` with an answer key) sets
// [Page.Verdict], [Page.Summary] and [Page.OptimalLength]; otherwise
// [Write] decides what the replay alone can tell (see [Page.Verdict]).
//
// The HTML, CSS and JavaScript live in the templates module folder
// templates/replay and are embedded in the binary.
package replay
