package replay_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/internal/browsertest"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

var screenshotPath = flag.String("screenshot", "", "write a PNG of the replay page, stopped at its illegal move, to this file (docs/img/replay.png is made so)")

// tab is one replay page open in the browser.
type tab struct{ *browsertest.Tab }

// openPage writes p to a file and opens it; the page may request nothing.
func openPage(t *testing.T, bctx context.Context, p replay.Page) *tab {
	t.Helper()
	var buf bytes.Buffer
	if err := replay.Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return &tab{browsertest.Open(t, bctx, "file://"+path, browsertest.Options{Ready: "#board"})}
}

func eval[T any](tb *tab, js string) T {
	tb.T.Helper()
	return browsertest.Eval[T](tb.Tab, js)
}

// board reads the tiles the page shows, row-major, the blank as 0: the
// form of puzzles.Board.String.
func (tb *tab) board() string {
	tb.T.Helper()
	return eval[string](tb, `Array.from(document.querySelectorAll("#board .cell")).map(c => c.textContent === "" ? "0" : c.textContent).join(" ")`)
}

func (tb *tab) text(id string) string {
	tb.T.Helper()
	return eval[string](tb, `document.getElementById(`+quote(id)+`).textContent`)
}

// key sends a key press to whatever has the focus.
func (tb *tab) key(k string) {
	tb.T.Helper()
	tb.Do(chromedp.KeyEvent(k))
}

// blur moves the focus to the page body, where the page's shortcuts work.
func (tb *tab) blur() {
	tb.T.Helper()
	eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur()`)
}

func (tb *tab) click(id string) {
	tb.T.Helper()
	tb.Do(chromedp.Click(chromedp.CSS("#" + id)))
}

// wantBoard checks the board the page shows.
func (tb *tab) wantBoard(step string, want puzzles.Board) {
	tb.T.Helper()
	if diff := cmp.Diff(want.String(), tb.board()); diff != "" {
		tb.T.Errorf("%s: board (-want +got):\n%s", step, diff)
	}
}

// markerShown reports whether the illegal-move marker is displayed.
func (tb *tab) markerShown() bool {
	tb.T.Helper()
	return eval[bool](tb, `(() => { const m = document.getElementById("illegal-marker"); return !!m && !m.hidden && getComputedStyle(m).display !== "none"; })()`)
}

// currentMoves lists the ids of the move-list entries marked current.
func (tb *tab) currentMoves() []string {
	tb.T.Helper()
	return eval[[]string](tb, `Array.from(document.querySelectorAll("#moves li.current")).map(li => li.id)`)
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// walk is the independent route to the boards a page must show: it plays
// the answer with Board.Move, one token at a time, and stops where a move
// would leave the board.
func walk(start puzzles.Board, a puzzles.Answer, c puzzles.Convention) (states []puzzles.Board, illegal int) {
	states = []puzzles.Board{start}
	cur := start
	for i, tok := range a.Tokens {
		next, ok := cur.Move(c.BlankDir(tok))
		if !ok {
			return states, i
		}
		cur = next
		states = append(states, cur)
	}
	return states, -1
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("drives headless Chromium; go test without -short runs it")
	}
	bctx := browsertest.Start(t)
	t.Run("steps to the illegal move", func(t *testing.T) { testIllegalMove(t, bctx) })
	t.Run("opens at the first move off every optimal path", func(t *testing.T) { testOffPath(t, bctx) })
	t.Run("play animates", func(t *testing.T) { testPlay(t, bctx) })
	t.Run("long answer seeks", func(t *testing.T) { testLongAnswer(t, bctx) })
	t.Run("200,000 moves", func(t *testing.T) { testHugeAnswer(t, bctx) })
	t.Run("nothing to replay", func(t *testing.T) { testNothingToReplay(t, bctx) })
}

// illegalPage is an 8-puzzle answer whose fifth move (on line 6, after a
// blank line) takes the blank off the top row, with one move after it.
func illegalPage(t *testing.T) (replay.Page, []puzzles.Board, int) {
	t.Helper()
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	ans := parseAnswer(t, "UP\n\nLEFT\nDOWN\nDOWN\nDOWN\nRIGHT\n")
	states, illegal := walk(start, ans, puzzles.TileMoves)
	if illegal != 4 || len(states) != 5 {
		t.Fatalf("test answer: illegal move %d after %d boards, want move index 4 after 5", illegal, len(states))
	}
	return replay.Page{Title: "answer.txt on puzzle.txt", Start: start, Answer: ans}, states, illegal
}

// testOffPath: a suboptimal answer's page opens on the board before its
// first move off every optimal path, outlines the tile the answer slid
// and the tile that would have stayed optimal, and marks the move.
func testOffPath(t *testing.T, bctx context.Context) {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	ans := parseAnswer(t, "UP\nDOWN\nUP\nLEFT\n")
	states, _ := walk(start, ans, puzzles.TileMoves)
	p := replay.Page{Title: "suboptimal", Start: start, Answer: ans, OptimalLength: intPtr(2),
		OffPath: &check.OffPath{Move: 2, Line: 2, Played: "DOWN", BoardBefore: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 0, 8}}, OptimalMoves: []string{"LEFT"}, DistanceBefore: 1}}
	tb := openPage(t, bctx, p)
	tb.wantBoard("opening", states[1])
	marks := eval[[]string](tb, `Array.from(document.querySelectorAll("#board .offpath-played, #board .offpath-better")).map(c => c.className.split(" ").pop() + " " + c.textContent)`)
	if diff := cmp.Diff([]string{"offpath-played 5", "offpath-better 8"}, marks); diff != "" {
		t.Errorf("tiles marked at the opening (-want +got):\n%s", diff)
	}
	shown := eval[bool](tb, `!document.getElementById("offpath-marker").hidden`)
	if !shown || !strings.Contains(tb.text("offpath-marker"), "LEFT would have stayed on an optimal path") {
		t.Errorf("off-path marker shown %v: %q", shown, tb.text("offpath-marker"))
	}
	if got := eval[[]string](tb, `Array.from(document.querySelectorAll("#moves li.offpath")).map(li => li.id)`); !cmp.Equal(got, []string{"move-2"}) {
		t.Errorf("moves marked off the optimal paths: %v, want move-2", got)
	}
	tb.blur()
	tb.key(kb.ArrowRight)
	tb.wantBoard("after the move", states[2])
	if eval[bool](tb, `!document.getElementById("offpath-marker").hidden`) {
		t.Error("off-path marker still shown after the move")
	}
}

func testIllegalMove(t *testing.T, bctx context.Context) {
	p, states, illegal := illegalPage(t)
	tb := openPage(t, bctx, p)
	_, replayErr := puzzles.Replay(p.Start, p.Answer, p.Convention)
	ime, ok := replayErr.(*puzzles.IllegalMoveError)
	if !ok {
		t.Fatalf("puzzles.Replay: %v, want an illegal move", replayErr)
	}

	// The page opens at the illegal move, where the answer went wrong.
	tb.wantBoard("opening", states[4])
	if !tb.markerShown() {
		t.Error("the page does not open at the illegal move")
	}
	tb.blur()
	tb.key(kb.Home)
	tb.wantBoard("start", states[0])
	if tb.markerShown() {
		t.Error("illegal-move marker shown at the start")
	}
	if got := tb.currentMoves(); len(got) != 0 {
		t.Errorf("at the start, current moves %v, want none", got)
	}

	// Step forward with the button, then with the keyboard.
	tb.click("forward")
	tb.wantBoard("after the Next button", states[1])
	if diff := cmp.Diff([]string{"move-1"}, tb.currentMoves()); diff != "" {
		t.Errorf("current move after one step (-want +got):\n%s", diff)
	}
	if st := tb.text("status"); !strings.HasPrefix(st, "Move 1 of 6 (line 1): UP, tile 5 slides up. 7 of 8 tiles are home. Board, row 1: 1 2 3; row 2: 4 5 6; row 3: 7 blank 8.") {
		t.Errorf("status after one step = %q, want it to name the move, its line, the tile, and read the board", st)
	}
	tb.blur()
	tb.key(kb.ArrowRight)
	tb.wantBoard("after →", states[2])
	if st := tb.text("status"); !strings.Contains(st, "(line 3): LEFT") {
		t.Errorf("status after move 2 = %q, want line 3 (the answer has a blank line 2)", st)
	}
	tb.key(kb.ArrowLeft)
	tb.wantBoard("after ←", states[1])
	tb.key(kb.ArrowRight)
	tb.key(kb.ArrowRight)
	tb.key(kb.ArrowRight)
	tb.wantBoard("after four moves", states[4])
	if tb.markerShown() {
		t.Error("illegal-move marker shown before the illegal move")
	}

	// The next step is the illegal move: the board stays, the marker
	// appears in red with the reason, the move is marked in the list.
	tb.key(kb.ArrowRight)
	tb.wantBoard("at the illegal move", states[4])
	if !tb.markerShown() {
		t.Fatal("illegal-move marker not shown at the illegal move")
	}
	marker := tb.text("illegal-marker")
	for _, want := range []string{"Illegal move 5 (line 6): DOWN", ime.Reason} {
		if !strings.Contains(marker, want) {
			t.Errorf("marker %q does not say %q", marker, want)
		}
	}
	rgb := eval[[]int](tb, `getComputedStyle(document.getElementById("illegal-marker")).color.match(/\d+/g).slice(0, 3).map(Number)`)
	if len(rgb) != 3 || rgb[0] < 150 || rgb[0] < rgb[1]+80 || rgb[0] < rgb[2]+80 {
		t.Errorf("marker colour rgb%v is not red", rgb)
	}
	if diff := cmp.Diff([]string{fmt.Sprintf("move-%d", illegal+1)}, tb.currentMoves()); diff != "" {
		t.Errorf("current move at the illegal move (-want +got):\n%s", diff)
	}
	marked := eval[[]string](tb, `Array.from(document.querySelectorAll("#moves li.illegal")).map(li => li.id + ": " + li.textContent)`)
	if diff := cmp.Diff([]string{"move-5: 5DOWNillegal · line 6"}, marked); diff != "" {
		t.Errorf("moves marked illegal (-want +got):\n%s", diff)
	}
	if got := eval[string](tb, `document.querySelector("#board .blank").getAttribute("data-blocked")`); got != "up" {
		t.Errorf("blank's blocked side = %q, want up (the blank would leave the top row)", got)
	}
	if st := tb.text("status"); !strings.Contains(st, "is illegal") || !strings.Contains(st, ime.Reason) {
		t.Errorf("status at the illegal move = %q, want the word illegal and the reason", st)
	}
	if got := eval[string](tb, `document.getElementById("forward").getAttribute("aria-disabled")`); got != "true" {
		t.Errorf("Next button aria-disabled = %q at the end, want true", got)
	}
	tb.key(kb.ArrowRight)
	tb.wantBoard("→ past the end", states[4])

	if *screenshotPath != "" {
		// Let the slides of the steps above finish first.
		tb.Do(chromedp.Poll[chromedp.Void](`document.getAnimations().length === 0`, chromedp.WithPollingTimeout(10*time.Second)))
		shot, err := chromedp.Run(tb.Ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(shot)); err != nil {
			t.Fatalf("screenshot is not a PNG: %v", err)
		}
		if err := os.WriteFile(*screenshotPath, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", *screenshotPath, len(shot))
	}

	// Home and End jump; the marker goes and comes back.
	tb.key(kb.Home)
	tb.wantBoard("after Home", states[0])
	if tb.markerShown() {
		t.Error("illegal-move marker still shown after Home")
	}
	tb.key(kb.End)
	tb.wantBoard("after End", states[4])
	if !tb.markerShown() {
		t.Error("illegal-move marker not shown after End")
	}

	// The slider: a real key press on it, then a jump.
	tb.Do(chromedp.Focus(chromedp.CSS("#slider")))
	tb.key(kb.Home)
	tb.wantBoard("slider Home", states[0])
	tb.key(kb.ArrowRight)
	tb.wantBoard("slider →", states[1])
	eval[chromedp.Void](tb, `(() => { const s = document.getElementById("slider"); s.value = "3"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	tb.wantBoard("slider at 3", states[3])
	if got := tb.text("position"); got != "After move 3 of 6" {
		t.Errorf("position caption %q, want After move 3 of 6", got)
	}

	// A move in the list is a button that jumps there.
	tb.click("move-2 button")
	tb.wantBoard("clicking move 2", states[2])

	// A single step slides its tile: an animation runs.
	n := eval[int](tb, `(() => { document.getElementById("forward").click(); return document.getAnimations().length; })()`)
	if n == 0 {
		t.Error("stepping forward started no animation")
	}
	tb.wantBoard("after the animated step", states[3])
}

func testPlay(t *testing.T, bctx context.Context) {
	p, states, _ := illegalPage(t)
	tb := openPage(t, bctx, p)
	// Record, inside the page, every board it draws from now on, so that a
	// slow test machine cannot miss one.
	eval[chromedp.Void](tb, `(() => {
		const board = document.getElementById("board");
		const read = () => Array.from(board.children).map(c => c.textContent === "" ? "0" : c.textContent).join(" ");
		window.seenBoards = [read()];
		new MutationObserver(() => {
			const b = read();
			if (b !== window.seenBoards[window.seenBoards.length - 1]) { window.seenBoards.push(b); }
		}).observe(board, {subtree: true, childList: true, characterData: true});
	})()`)
	tb.blur()
	tb.key(" ")
	if got := eval[string](tb, `document.getElementById("play").getAttribute("aria-pressed")`); got != "true" {
		t.Fatalf("after Space, play aria-pressed = %q, want true", got)
	}
	// Without further input the board must go through every state in
	// order and stop, paused, at the illegal move.
	tb.Do(chromedp.Poll[chromedp.Void](`document.getElementById("play").getAttribute("aria-pressed") === "false"`,
		chromedp.WithPollingTimeout(20*time.Second)))
	seen := eval[[]string](tb, `window.seenBoards`)
	// The page opens at the illegal move; Play starts from the start.
	want := []string{states[len(states)-1].String()}
	for _, s := range states {
		want = append(want, s.String())
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("boards shown while playing (-want +got):\n%s", diff)
	}
	if !tb.markerShown() {
		t.Error("playing did not stop at the illegal move with its marker")
	}
	if got := tb.text("play-label"); got != "Play" {
		t.Errorf("play button says %q after the end, want Play", got)
	}

	// Pause works: start again (from the start), pause at once.
	tb.click("play")
	tb.click("play")
	stopped := tb.board()
	time.Sleep(1200 * time.Millisecond)
	if got := tb.board(); got != stopped {
		t.Errorf("board changed while paused: %q then %q", stopped, got)
	}
}

func testLongAnswer(t *testing.T, bctx context.Context) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	start, w := puzzles.RandomWalk(puzzles.NewRand(7), g, 1500)
	back := make([]puzzles.Dir, len(w))
	for i, d := range w {
		back[len(w)-1-i] = d.Opposite()
	}
	ans := puzzles.AnswerFromPath(back, puzzles.TileMoves)
	states, illegal := walk(start, ans, puzzles.TileMoves)
	if illegal >= 0 || !g.Reached(states[len(states)-1]) {
		t.Fatal("test answer does not solve its puzzle")
	}
	tb := openPage(t, bctx, replay.Page{Title: "long", Start: start, Goal: g, Answer: ans})
	tb.wantBoard("start", states[0])
	tb.blur()
	tb.key(kb.End)
	tb.wantBoard("End", states[1500])
	if st := tb.text("status"); !strings.Contains(st, "The goal is reached") {
		t.Errorf("status at the end = %q, want it to say the goal is reached", st)
	}
	// Back across keyframes (every 256 moves) one step at a time, and
	// jumps to both sides of them.
	seek := func(k int) {
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = "%d"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`, k))
	}
	for _, k := range []int{1000, 257, 256, 255, 513, 1, 1499, 768} {
		seek(k)
		tb.wantBoard(fmt.Sprintf("slider at %d", k), states[k])
		if diff := cmp.Diff([]string{fmt.Sprintf("move-%d", k)}, tb.currentMoves()); diff != "" {
			t.Errorf("current move at %d (-want +got):\n%s", k, diff)
		}
	}
	for k := 767; k >= 760; k-- {
		tb.key(kb.ArrowLeft)
		tb.wantBoard(fmt.Sprintf("← to %d", k), states[k])
	}
	if got := eval[int](tb, `document.querySelectorAll("#moves li").length`); got > 300 {
		t.Errorf("the move list holds %d entries; it should show a window of at most 300", got)
	}
	if note := tb.text("moves-window"); !strings.Contains(note, "of 1500") {
		t.Errorf("move-list window note %q, want it to say how many moves there are", note)
	}
}

// testHugeAnswer plays a 200,000-move answer (a depth-first search's
// kind): the page must load, jump and step without drawing every move.
func testHugeAnswer(t *testing.T, bctx context.Context) {
	const n = 200_000
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	start, w := puzzles.RandomWalk(puzzles.NewRand(11), g, n)
	back := make([]puzzles.Dir, len(w))
	for i, d := range w {
		back[len(w)-1-i] = d.Opposite()
	}
	ans := puzzles.AnswerFromPath(back, puzzles.BlankMoves)
	checkpoints := []int{n, 123_457, 123_456, 99_999, 1}
	want := map[int]string{replay.DefaultMaxMoves: ""}
	for _, k := range checkpoints {
		want[k] = ""
	}
	cur := start
	for k := 1; k <= n; k++ {
		cur, _ = cur.Move(back[k-1])
		if _, ok := want[k]; ok {
			want[k] = cur.String()
		}
	}
	began := time.Now()
	tb := openPage(t, bctx, replay.Page{Title: "huge", Start: start, Goal: g, Convention: puzzles.BlankMoves, Answer: ans, MaxMoves: -1})
	t.Logf("a %d-move page loaded in %v", n, time.Since(began).Round(time.Millisecond))
	tb.blur()
	tb.key(kb.End)
	if got := tb.board(); got != want[n] {
		t.Errorf("End: board %q, want %q", got, want[n])
	}
	for _, k := range checkpoints[1:] {
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = "%d"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`, k))
		if got := tb.board(); got != want[k] {
			t.Errorf("slider at %d: board %q, want %q", k, got, want[k])
		}
	}
	tb.key(kb.ArrowLeft)
	tb.wantBoard("← to the start", start)
	if got := eval[int](tb, `document.querySelectorAll("#moves li").length`); got > 300 {
		t.Errorf("the move list holds %d entries; it should show a window of at most 300", got)
	}

	// The same answer with the default cap: the page plays the first
	// DefaultMaxMoves moves, says at its end and in the verdict card that
	// the rest was cut, and draws the whole answer's last board.
	t.Run("cut", func(t *testing.T) {
		tb := openPage(t, bctx, replay.Page{Title: "huge, cut", Start: start, Goal: g, Convention: puzzles.BlankMoves, Answer: ans})
		tb.blur()
		tb.key(kb.End)
		if got := tb.board(); got != want[replay.DefaultMaxMoves] {
			t.Errorf("End of the cut page: board %q, want the board after move %d, %q", got, replay.DefaultMaxMoves, want[replay.DefaultMaxMoves])
		}
		if st := tb.text("status"); !strings.Contains(st, fmt.Sprintf("Move %d of %d", replay.DefaultMaxMoves, n)) || !strings.Contains(st, "The page ends here") {
			t.Errorf("status at the end of the cut page = %q", st)
		}
		if note := tb.text("cut"); !strings.Contains(note, "first 10,000 of the answer's 200,000 moves") {
			t.Errorf("cut note %q", note)
		}
		final := eval[string](tb, `Array.from(document.querySelectorAll(".final-figure .cell")).map(c => c.textContent === "" ? "0" : c.textContent).join(" ")`)
		if final != want[n] {
			t.Errorf("the last board drawn on the cut page is %q, want the answer's, %q", final, want[n])
		}
		if note := tb.text("moves-window"); !strings.Contains(note, "of 200000 (this page holds the first 10000)") {
			t.Errorf("move-list window note %q", note)
		}
	})
}

func testNothingToReplay(t *testing.T, bctx context.Context) {
	start := puzzles.MustBoard(2, 3, 1, 2, 3, 5, 4, 0)
	_, parseErr := puzzles.ParseAnswer(strings.NewReader("UP\nUPP\n"), "answer.txt", puzzles.AnswerLimits{})
	if parseErr == nil {
		t.Fatal("want a parse error")
	}
	unsolvable := parseAnswer(t, "UNSOLVABLE\n")
	for _, p := range []replay.Page{
		{Title: "malformed", Start: start, AnswerError: parseErr},
		{Title: "unsolvable", Start: start, Answer: unsolvable},
	} {
		t.Run(p.Title, func(t *testing.T) {
			tb := openPage(t, bctx, p)
			tb.wantBoard("start", start)
			tb.blur()
			tb.key(kb.ArrowRight)
			tb.key(kb.End)
			tb.wantBoard("after → and End", start)
			if got := eval[string](tb, `document.getElementById("forward").getAttribute("aria-disabled")`); got != "true" {
				t.Errorf("Next button aria-disabled = %q, want true", got)
			}
			if got := eval[int](tb, `document.querySelectorAll("#moves li").length`); got != 0 {
				t.Errorf("move list has %d entries, want none", got)
			}
		})
	}
}
