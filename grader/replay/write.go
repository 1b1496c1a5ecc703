package replay

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	pagefiles "github.com/kpuzzle/kpuzzle/templates/replay"
)

// Paths of the page's stylesheet and script, in package
// templates/replay's FS and in the repository's templates folder.
const (
	// StyleFile is the stylesheet inlined into the page.
	StyleFile = "replay/page.css"
	// ScriptFile is the script inlined into the page.
	ScriptFile = "replay/page.js"
)

// DataElementID is the id of the <script type="application/json"> element
// holding the page's data.
const DataElementID = "replay-data"

// Write renders p as a self-contained HTML page on w. It fails only for a
// page without a start board, a goal of another shape, an answer whose
// line numbers do not match its moves, or an error of w.
func Write(w io.Writer, p Page) error {
	a, err := loadAssets()
	if err != nil {
		return err
	}
	r, err := p.replay()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	writePage(bw, p.view(r), a.css, a.js)
	return bw.Flush()
}

// assets are the page's stylesheet and script.
type assets struct{ css, js string }

// loadAssets reads the embedded files once.
var loadAssets = sync.OnceValues(func() (assets, error) {
	read := func(name string) (string, error) {
		b, err := fs.ReadFile(pagefiles.FS, path.Base(name))
		if err != nil {
			return "", fmt.Errorf("replay page: %w", err)
		}
		return string(b), nil
	}
	css, err := read(StyleFile)
	if err != nil {
		return assets{}, err
	}
	js, err := read(ScriptFile)
	if err != nil {
		return assets{}, err
	}
	return assets{css: css, js: js}, nil
})

// view is what the page shows (html.go writes it).
type view struct {
	Title, Subtitle, ConventionHelp string
	Rows, Cols                      int
	// TilePx and GoalTilePx are the side of a tile of the board and of
	// the goal drawing, in CSS pixels.
	TilePx, GoalTilePx int
	Start, Goal        []cellView
	Verdict            string
	// Tone is "good", "warn" or "bad": how the verdict is coloured (its
	// word is always written too).
	Tone    string
	Summary string
	// Length is the number of moves in the answer; Played how many of
	// them the page plays (up to the first illegal move).
	Length, Played int
	OptimalLength  *int
	OptimalSource  string
	Note           string
	Illegal        *illegalView
	OffPath        *offPathView
	Remaining      *int
	AnswerError    string
	Unsolvable     bool
	// Last is the slider's maximum: Played, plus one position for the
	// illegal move when there is one.
	Last int
	// StartStatus is the status line before the first move.
	StartStatus string
	// Cut is set when the page holds only the answer's first Shown
	// moves (Page.MaxMoves); CutNote says so in words, and Final (with
	// FinalCaption) is the board after every legal move of the answer.
	Cut          bool
	Shown        int
	CutNote      string
	Final        []cellView
	FinalCaption string
	Data         pageData
}

type cellView struct {
	Text  string
	Class string
}

type illegalView struct {
	Move, Line    int
	Token, Reason string
}

// offPathView is what the page says of the first move off every optimal
// path.
type offPathView struct {
	Move, Line     int
	Played         string
	Better         string
	DistanceBefore int
	DistanceAfter  int
	Unknown        string
}

// pageData is the JSON the page's script reads. Boards are lists of tiles
// in row-major order, 0 for the blank.
type pageData struct {
	Rows int   `json:"rows"`
	Cols int   `json:"cols"`
	Goal []int `json:"goal"`
	// Convention is "tile" or "blank".
	Convention string `json:"convention"`
	// Moves holds one letter (U, D, L or R) per token of the answer, as
	// written under Convention, including tokens after an illegal one.
	Moves string `json:"moves"`
	// Lines is the answer-file line of every move; omitted when the
	// moves stand on lines 1, 2, 3 ...
	Lines []int `json:"lines,omitempty"`
	// Blanks[k] is the blank's cell after k legal moves (Blanks[0] is the
	// start), so move k slides the tile on Blanks[k] to Blanks[k-1].
	Blanks []int `json:"blanks"`
	// KeyEvery and Keyframes: Keyframes[j] is the board after
	// j*KeyEvery legal moves (Keyframes[0] is the start).
	KeyEvery  int     `json:"keyEvery"`
	Keyframes [][]int `json:"keyframes"`
	// Illegal is the first illegal move, when there is one; the page
	// plays the moves before it.
	Illegal *illegalData `json:"illegal,omitempty"`
	// Solved says whether the last board played is the goal (false on a
	// cut page, whose last board is not the answer's).
	Solved bool `json:"solved"`
	// Total is the number of moves in the answer when the page holds
	// only the first of them (Moves, Lines and Blanks stop there);
	// omitted when the page holds them all.
	Total int `json:"total,omitempty"`
	// Unsolvable is set when the answer claims UNSOLVABLE; Malformed when
	// it could not be read.
	Unsolvable bool `json:"unsolvable,omitempty"`
	Malformed  bool `json:"malformed,omitempty"`
	// OffPath is the first move off every optimal path, when there is
	// one among the moves shown.
	OffPath *offPathData `json:"offPath,omitempty"`
	// Open is the position the page opens on: the illegal move, the board
	// before the first move off every optimal path, or the start.
	Open int `json:"open,omitempty"`
}

type offPathData struct {
	// Index is the 0-based index of the move in the answer: the page
	// marks it, and at position Index (the board before it) marks the
	// tile it slid and the tiles whose moves stay on an optimal path.
	Index int `json:"index"`
	// Played is the cell of the tile the move slid; Better the cells of
	// the tiles that would have stayed on an optimal path.
	Played int   `json:"played"`
	Better []int `json:"better"`
	// Text explains it beside the board; Status says it in the status
	// line.
	Text   string `json:"text"`
	Status string `json:"status"`
}

type illegalData struct {
	// Index is the 0-based index of the move in the answer.
	Index  int    `json:"index"`
	Line   int    `json:"line"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
	// BlankDir is where the blank would have gone: up, down, left or
	// right; empty for a move that is no slide (a tile number not next to
	// the blank, a board two slides away).
	BlankDir string `json:"blankDir"`
}

// answerVerdicts are the verdicts on an answer, which the page colours
// by their tone (check.Verdict.Tone); others are drawn neutral.
var answerVerdicts = map[string]bool{
	VerdictOptimal: true, VerdictValid: true, VerdictUnsolvableCorrect: true, VerdictSuboptimal: true,
	VerdictIncomplete: true, VerdictIllegal: true, VerdictUnsolvableWrong: true, VerdictMalformed: true,
}

func (p Page) view(r replayed) view {
	shape := p.Start.Shape()
	v := view{
		Title:         p.Title,
		Rows:          shape.Rows,
		Cols:          shape.Cols,
		TilePx:        tileSide(shape, 360, 28, 84),
		GoalTilePx:    tileSide(shape, 150, 12, 36),
		Start:         cellViews(p.Start, r.goal),
		Goal:          cellViews(r.goal.Board(), r.goal),
		Verdict:       p.verdict(r),
		Summary:       sentence(p.summary(r)),
		Length:        p.Answer.Len(),
		Played:        len(r.path),
		OptimalLength: p.OptimalLength,
		OptimalSource: p.OptimalSource,
		Note:          sentence(p.Note),
		Unsolvable:    p.Answer.Unsolvable && p.AnswerError == nil,
		Last:          len(r.blanks) - 1,
		Shown:         r.shown,
	}
	if v.Title == "" {
		v.Title = "Replay"
	}
	if answerVerdicts[v.Verdict] {
		v.Tone = string(check.Verdict(v.Verdict).Tone())
	}
	v.Subtitle = fmt.Sprintf("%s board · goal: %s · moves: %s", shape, goalLabel(r.goal), p.Convention)
	if p.Convention == puzzles.BlankMoves {
		v.ConventionHelp = "Each move names the direction the blank travels."
	} else {
		v.ConventionHelp = "Each move names the direction a tile slides into the blank."
	}
	d := pageData{
		Rows:       shape.Rows,
		Cols:       shape.Cols,
		Goal:       r.goal.Board().Cells(),
		Convention: p.Convention.String(),
		Blanks:     r.blanks,
		KeyEvery:   KeyframeEvery,
		Keyframes:  r.keyframes,
		Solved:     r.solved,
		Unsolvable: v.Unsolvable,
		Malformed:  p.AnswerError != nil,
	}
	if p.AnswerError != nil {
		v.AnswerError = answerErrorText(p.AnswerError)
		v.Length = 0
	} else {
		var moves strings.Builder
		moves.Grow(r.shown)
		for _, t := range p.Answer.Tokens[:r.shown] {
			moves.WriteString(t.Letter())
		}
		d.Moves = moves.String()
		d.Lines = lineNumbers(r.answer.Lines[:r.shown])
	}
	if ill := r.illegal; ill != nil {
		reason := check.IllegalReason(ill, p.Convention)
		v.Illegal = &illegalView{Move: ill.Index + 1, Line: ill.Line, Token: ill.Token, Reason: reason}
		// (An illegal move need not be a token: a tile number not next
		// to the blank stops the answer at Index == len(Tokens).)
		if !r.cut() || ill.Index < r.shown {
			v.Last++
			d.Illegal = &illegalData{Index: ill.Index, Line: ill.Line, Token: ill.Token, Reason: reason, BlankDir: strings.ToLower(ill.Dir.String())}
			if ill.NotASlide {
				d.Illegal.BlankDir = ""
			}
		}
	}
	if off := p.OffPath; off != nil && r.illegal == nil && off.Move >= 1 && off.Move <= len(r.path) {
		ov := &offPathView{Move: off.Move, Line: off.Line, Played: check.MoveLabel(off.Played), Better: labels(off.OptimalMoves, " or "),
			DistanceBefore: off.DistanceBefore, DistanceAfter: off.DistanceBefore + 1, Unknown: off.Unknown}
		v.OffPath = ov
		if off.Move <= r.shown {
			d.OffPath = offPathCells(p, r, off)
			d.Open = off.Move - 1
		}
	}
	v.Remaining = p.Remaining
	if r.illegal != nil && d.Illegal != nil {
		d.Open = v.Last
	}
	if r.cut() {
		v.Cut = true
		d.Total = v.Length
		d.Solved = false
		v.CutNote = fmt.Sprintf("This page holds the first %s of the answer's %s moves; the other %s were cut to keep the page small. The verdict, the summary and the last board below are the whole answer's.",
			thousands(r.shown), thousands(v.Length), thousands(v.Length-r.shown))
		if r.illegal != nil {
			v.FinalCaption = fmt.Sprintf("The board after move %s, before the illegal move %s", thousands(len(r.path)), thousands(len(r.path)+1))
		} else {
			v.FinalCaption = fmt.Sprintf("The board after the last move, move %s", thousands(len(r.path)))
		}
		final, err := puzzles.NewBoard(shape, r.final)
		if err == nil {
			v.Final = cellViews(final, r.goal)
		}
	}
	switch {
	case v.AnswerError != "":
		v.StartStatus = "Start position. The answer cannot be read, so there are no moves to replay."
	case v.Unsolvable:
		v.StartStatus = "Start position. The answer claims UNSOLVABLE, so there are no moves to replay."
	case v.Length == 0:
		v.StartStatus = "Start position. The answer has no moves."
	default:
		v.StartStatus = fmt.Sprintf("Start position, before move 1 of %d.", v.Length)
	}
	v.Data = d
	return v
}

// offPathCells places the first move off every optimal path on the
// board before it: the cell of the tile it slid and those of the tiles
// whose moves would have stayed on an optimal path (named by direction
// under the page's convention, or by tile number).
func offPathCells(p Page, r replayed, off *check.OffPath) *offPathData {
	shape := p.Start.Shape()
	blank := r.blanks[off.Move-1]
	cells := r.keyframes[0]
	before, err := off.Before()
	if err == nil && before.Shape() == shape {
		cells = before.Cells()
	}
	cellOf := func(name string) (int, bool) {
		if d, ok := puzzles.ParseDir(name); ok {
			return shape.Neighbor(blank, p.Convention.BlankDir(d))
		}
		if t, err := strconv.Atoi(name); err == nil {
			for i, c := range cells {
				if c == t && c != 0 {
					return i, true
				}
			}
		}
		return 0, false
	}
	played, _ := shape.Neighbor(blank, r.path[off.Move-1])
	d := &offPathData{Index: off.Move - 1, Played: played, Better: []int{}}
	for _, name := range off.OptimalMoves {
		if c, ok := cellOf(name); ok {
			d.Better = append(d.Better, c)
		}
	}
	name := check.MoveLabel(off.Played)
	d.Text = fmt.Sprintf("The goal is %d %s away here and %d after it.", off.DistanceBefore, plural(off.DistanceBefore, "move", "moves"), off.DistanceBefore+1)
	switch {
	case off.DistanceBefore == 0:
		d.Text = "This is the goal: the answer should have stopped here."
	case len(off.OptimalMoves) > 0:
		d.Text += fmt.Sprintf(" %s would have stayed on an optimal path (outlined in green).", labels(off.OptimalMoves, " or "))
	}
	d.Status = fmt.Sprintf("The next move, %s, leaves every optimal path. %s", name, d.Text)
	return d
}

// labels joins move names for a sentence.
func labels(names []string, sep string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = check.MoveLabel(n)
	}
	return strings.Join(out, sep)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// lineNumbers converts the answer's lines, or returns nil when they are
// 1, 2, 3 ... (or absent), which the page assumes by default.
func lineNumbers(lines []int32) []int {
	consecutive := true
	for i, l := range lines {
		if int(l) != i+1 {
			consecutive = false
			break
		}
	}
	if consecutive {
		return nil
	}
	out := make([]int, len(lines))
	for i, l := range lines {
		out[i] = int(l)
	}
	return out
}

// tileSide fits the board's longer side into about span pixels, within
// [lo, hi].
func tileSide(s puzzles.Shape, span, lo, hi int) int {
	return min(hi, max(lo, span/max(s.Rows, s.Cols)))
}

// cellViews draws a board for the page before its script runs: tile
// numbers, the blank empty, tiles already on their goal cell marked home.
func cellViews(b puzzles.Board, g puzzles.Goal) []cellView {
	out := make([]cellView, b.Len())
	for i := range out {
		t := b.At(i)
		switch {
		case t == 0:
			out[i] = cellView{Class: "cell blank"}
		case g.Pos(t) == i:
			out[i] = cellView{Text: strconv.Itoa(t), Class: "cell tile home"}
		default:
			out[i] = cellView{Text: strconv.Itoa(t), Class: "cell tile"}
		}
	}
	return out
}

// sentence starts s with a capital letter and ends it with a full stop
// unless it ends in punctuation already.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[size:]
	if !strings.ContainsAny(s[len(s)-1:], ".!?") {
		s += "."
	}
	return s
}

// goalLabel names the goal for the subtitle.
func goalLabel(g puzzles.Goal) string {
	switch g.Name() {
	case puzzles.GoalDefault:
		return "default (blank last)"
	case puzzles.GoalBlankFirst:
		return "blank first"
	}
	return g.Name()
}
