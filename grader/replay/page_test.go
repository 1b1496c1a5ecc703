package replay_test

import (
	"bytes"
	"errors"
	"flag"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/templates"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func parseAnswer(t testing.TB, text string) puzzles.Answer {
	t.Helper()
	a, err := puzzles.ParseAnswer(strings.NewReader(text), "answer.txt", puzzles.AnswerLimits{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func render(t testing.TB, p replay.Page) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := replay.Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func intPtr(n int) *int { return &n }

// goldenPages are the pages kept in testdata/*.golden.
func goldenPages(t testing.TB) map[string]replay.Page {
	eight := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	_, parseErr := puzzles.ParseAnswer(strings.NewReader("UP\nsideways\n"), "answer.txt", puzzles.AnswerLimits{})
	twoByFour := puzzles.MustBoard(2, 4, 1, 2, 3, 4, 5, 6, 0, 7)
	return map[string]replay.Page{
		"illegal": {
			Title: "answer.txt on puzzle.txt", Start: eight,
			Answer: parseAnswer(t, "UP\n\nLEFT\nDOWN\nDOWN\nDOWN\nRIGHT\n"),
		},
		"optimal": {
			Title: "answer.txt on puzzle.txt", Start: eight,
			Answer:        parseAnswer(t, "UP\nLEFT\n"),
			OptimalLength: intPtr(2), OptimalSource: "answer key",
		},
		"suboptimal-grader": {
			Title: "test 3", Start: eight, Answer: parseAnswer(t, "UP\nDOWN\nUP\nLEFT\n"),
			Verdict: "suboptimal", Summary: "4 moves reach the goal, but the optimal length is 2 (exact table 3x3): 2 moves more than needed",
			OptimalLength: intPtr(2), OptimalSource: "exact table 3x3",
			OffPath: &check.OffPath{Move: 2, Line: 2, Played: "DOWN", BoardBefore: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 0, 8}},
				OptimalMoves: []string{"LEFT"}, DistanceBefore: 1},
		},
		"incomplete-blank-moves": {
			Title: "blank moves, blank-first goal", Start: twoByFour, Goal: puzzles.BlankFirstGoal(twoByFour.Shape()),
			Convention: puzzles.BlankMoves, Answer: parseAnswer(t, "u\nr\n"),
			Note: "the puzzle is posed against Korf's goal",
		},
		"unsolvable-claim": {
			Title: "UNSOLVABLE", Start: puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0),
			Answer: parseAnswer(t, "UNSOLVABLE\n"),
		},
		"malformed": {
			Title: "malformed answer", Start: eight, AnswerError: parseErr,
		},
		"escaping": {
			Title: `<script>alert("t")</script> & "quotes"`, Start: eight, Answer: parseAnswer(t, "LEFT\n"),
			Verdict: "</script><script>alert(1)</script>", Note: "<b>not bold</b> https://example.com/x.js",
		},
	}
}

// withoutAssets replaces the stylesheet and script, which the page must
// inline verbatim, by a marker, so that the golden files show what is
// rendered.
func withoutAssets(t *testing.T, page []byte) []byte {
	t.Helper()
	for _, name := range []string{replay.StyleFile, replay.ScriptFile} {
		asset, err := fs.ReadFile(templates.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(page, asset); n != 1 {
			t.Fatalf("the page holds %s %d times, want once, verbatim", name, n)
		}
		page = bytes.Replace(page, asset, []byte("[inlined "+name+"]"), 1)
	}
	return page
}

// TestGolden compares every rendered page, its stylesheet and script left
// out, with its golden file; go test ./grader/replay -update rewrites
// them.
func TestGolden(t *testing.T) {
	for name, p := range goldenPages(t) {
		t.Run(name, func(t *testing.T) {
			got := withoutAssets(t, render(t, p))
			path := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./grader/replay -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s differs (-want +got); run go test ./grader/replay -update if the change is meant:\n%s", path, diff)
			}
		})
	}
}

var (
	// externalRef matches an attribute or CSS reference that would load
	// something: src, href, srcset, action, poster, data, url(), @import.
	externalRef = regexp.MustCompile(`(?i)(\b(src|href|srcset|action|poster|data|formaction|xlink:href)\s*=\s*["']?\s*[a-z]*:?//)|url\(|@import`)
	// anyURL matches an absolute URL anywhere.
	anyURL = regexp.MustCompile(`(?i)https?://`)
)

func TestSelfContained(t *testing.T) {
	for name, p := range goldenPages(t) {
		page := string(render(t, p))
		if m := externalRef.FindString(page); m != "" {
			t.Errorf("%s: the page refers to an external resource: %q", name, m)
		}
		if name != "escaping" {
			if m := anyURL.FindString(page); m != "" {
				t.Errorf("%s: the page holds a URL %q; it must load nothing", name, m)
			}
		}
		if n := strings.Count(page, "<script"); n != 2 {
			t.Errorf("%s: %d <script> elements, want 2 (data and code, both inline)", name, n)
		}
	}
}

func TestEscaping(t *testing.T) {
	p := goldenPages(t)["escaping"]
	page := string(render(t, p))
	for _, bad := range []string{`<script>alert`, `<b>not bold</b>`, `</script><script>alert(1)`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	for _, want := range []string{`&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt; &amp; &#34;quotes&#34;`, `&lt;b&gt;not bold&lt;/b&gt;`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not hold the escaped text %q", want)
		}
	}
}

// TestData checks the data block against an independent replay: every
// blank cell, every keyframe, the illegal move.
func TestData(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 5})
	start, w := puzzles.RandomWalk(puzzles.NewRand(3), g, 700)
	// The answer walks back to the goal and then runs off the board.
	path := make([]puzzles.Dir, 0, len(w)+8)
	for i := len(w) - 1; i >= 0; i-- {
		path = append(path, w[i].Opposite())
	}
	path = append(path, puzzles.Down, puzzles.Left)
	a := puzzles.AnswerFromPath(path, puzzles.BlankMoves)
	for i := range a.Lines {
		a.Lines[i] = int32(2*i + 1) // a blank line between moves
	}
	page := render(t, replay.Page{Start: start, Goal: g, Convention: puzzles.BlankMoves, Answer: a})
	d, err := replay.ReadData(page)
	if err != nil {
		t.Fatal(err)
	}
	states, illegal := walk(start, a, puzzles.BlankMoves)
	if illegal != len(w) {
		t.Fatalf("test answer: illegal at %d, want %d", illegal, len(w))
	}
	var blanks []int
	var keyframes [][]int
	for k, s := range states {
		blanks = append(blanks, s.Blank())
		if k%replay.KeyframeEvery == 0 {
			keyframes = append(keyframes, s.Cells())
		}
	}
	if diff := cmp.Diff(blanks, d.Blanks); diff != "" {
		t.Errorf("blanks (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(keyframes, d.Keyframes); diff != "" {
		t.Errorf("keyframes (-want +got):\n%s", diff)
	}
	var lines []int
	var letters strings.Builder
	for i, tok := range a.Tokens {
		lines = append(lines, int(a.Lines[i]))
		letters.WriteString(tok.Letter())
	}
	if diff := cmp.Diff(lines, d.Lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if d.Moves != letters.String() {
		t.Errorf("moves %q, want %q", d.Moves, letters.String())
	}
	if d.Illegal == nil {
		t.Fatal("no illegal move in the data")
	}
	_, err = puzzles.Replay(start, a, puzzles.BlankMoves)
	var ime *puzzles.IllegalMoveError
	if !errors.As(err, &ime) {
		t.Fatalf("puzzles.Replay: %v", err)
	}
	want := replay.PageData{Rows: 4, Cols: 5, Goal: g.Board().Cells(), Convention: "blank"}
	got := replay.PageData{Rows: d.Rows, Cols: d.Cols, Goal: d.Goal, Convention: d.Convention}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("shape and goal (-want +got):\n%s", diff)
	}
	wantIllegal := struct {
		Index, Line          int
		Token, Reason, Blank string
	}{len(w), 2*len(w) + 1, "DOWN", check.IllegalReason(ime, puzzles.BlankMoves), "down"}
	gotIllegal := struct {
		Index, Line          int
		Token, Reason, Blank string
	}{d.Illegal.Index, d.Illegal.Line, d.Illegal.Token, d.Illegal.Reason, d.Illegal.BlankDir}
	if diff := cmp.Diff(wantIllegal, gotIllegal); diff != "" {
		t.Errorf("illegal move (-want +got):\n%s", diff)
	}
	if d.Solved {
		t.Error("data says solved for an answer stopped by an illegal move")
	}
}

var verdictRE = regexp.MustCompile(`id="verdict">([^<]*)<`)
var summaryRE = regexp.MustCompile(`id="summary">([^<]*)<`)

// TestVerdictFromReplay checks the verdict Write decides when the caller
// gives none.
func TestVerdictFromReplay(t *testing.T) {
	eight := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8) // UP LEFT solves it (tile moves)
	unsolvable := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	tests := []struct {
		name        string
		page        replay.Page
		verdict     string
		summaryPart string
	}{
		{"solved, optimum unknown", replay.Page{Start: eight, Answer: parseAnswer(t, "UP\nLEFT\n")}, "valid", "2 legal moves reach the goal; optimality is not verified."},
		{"optimal", replay.Page{Start: eight, Answer: parseAnswer(t, "UP\nLEFT\n"), OptimalLength: intPtr(2)}, "optimal", "the optimal length"},
		{"suboptimal", replay.Page{Start: eight, Answer: parseAnswer(t, "UP\nDOWN\nUP\nLEFT\n"), OptimalLength: intPtr(2)}, "suboptimal", "but the optimal length is 2"},
		{"incomplete", replay.Page{Start: eight, Answer: parseAnswer(t, "LEFT\n")}, "incomplete", "All 1 move is legal, but the final board is not the goal."},
		{"illegal", replay.Page{Start: eight, Answer: parseAnswer(t, "DOWN\nDOWN\n")}, "illegal", "Move 2 (line 2) is illegal"},
		{"unsolvable right", replay.Page{Start: unsolvable, Answer: parseAnswer(t, "UNSOLVABLE")}, "unsolvable-correct", "indeed has no solution"},
		{"unsolvable wrong", replay.Page{Start: eight, Answer: parseAnswer(t, "UNSOLVABLE")}, "unsolvable-wrong", "but the puzzle is solvable"},
		{"malformed", replay.Page{Start: eight, AnswerError: errors.New("boom")}, "malformed", "cannot be read"},
		{"caller's verdict wins", replay.Page{Start: eight, Answer: parseAnswer(t, "LEFT\n"), Verdict: "timeout", Summary: "the program ran out of time"}, "timeout", "The program ran out of time."},
	}
	for _, tc := range tests {
		page := string(render(t, tc.page))
		m := verdictRE.FindStringSubmatch(page)
		if m == nil || m[1] != tc.verdict {
			t.Errorf("%s: verdict %v, want %q", tc.name, m, tc.verdict)
		}
		s := summaryRE.FindStringSubmatch(page)
		if s == nil || !strings.Contains(s[1], tc.summaryPart) {
			t.Errorf("%s: summary %v, want it to contain %q", tc.name, s, tc.summaryPart)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	eight := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	ans := parseAnswer(t, "LEFT\n")
	badLines := ans
	badLines.Lines = []int32{1, 2}
	for name, p := range map[string]replay.Page{
		"no start":        {Answer: ans},
		"goal shape":      {Start: eight, Goal: puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 2})},
		"lines and moves": {Start: eight, Answer: badLines},
	} {
		var buf bytes.Buffer
		if err := replay.Write(&buf, p); err == nil {
			t.Errorf("%s: Write succeeded, want an error", name)
		}
	}
	if err := replay.Write(failingWriter{}, replay.Page{Start: eight, Answer: ans}); err == nil {
		t.Error("Write to a failing writer succeeded")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestLargeBoardPageSize keeps the page small for big inputs: a 10x10
// board with a 1,000-move answer, and the cost of each further move.
func TestLargeBoardPageSize(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 10, Cols: 10})
	size := func(moves int) int {
		start, w := puzzles.RandomWalk(puzzles.NewRand(1), g, moves)
		path := make([]puzzles.Dir, len(w))
		for i, d := range w {
			path[len(w)-1-i] = d.Opposite()
		}
		return len(render(t, replay.Page{Start: start, Goal: g, Answer: puzzles.AnswerFromPath(path, puzzles.TileMoves)}))
	}
	base, thousand, twoThousand := size(0), size(1000), size(2000)
	t.Logf("10x10 page: %d bytes with no moves, %d with 1,000, %d with 2,000", base, thousand, twoThousand)
	if thousand > 64<<10 {
		t.Errorf("a 10x10 page with 1,000 moves is %d bytes, want at most 64 KiB", thousand)
	}
	if perMove := float64(twoThousand-thousand) / 1000; perMove > 8 {
		t.Errorf("each further move costs %.1f bytes, want at most 8", perMove)
	}
}

// TestPageTileNumbers: a page of an answer written as tile numbers plays
// its legal moves and marks a tile that is not next to the blank as the
// illegal move, with its line and no direction for the blocked marker.
func TestPageTileNumbers(t *testing.T) {
	start := puzzles.MustBoard(3, 3, 1, 2, 3, 4, 0, 6, 7, 5, 8)
	a, _, err := notation.Read(strings.NewReader("5\n8\n1\n"), "tiles.txt", notation.Options{Start: start})
	if err != nil {
		t.Fatal(err)
	}
	page := string(render(t, replay.Page{Title: "tiles.txt", Start: start, Answer: a}))
	for _, want := range []string{`"moves":"UL"`, `"illegal":{"index":2,"line":3,"token":"1","reason":"tile 1 is at row 1, column 1, not next to the blank at row 3, column 3","blankDir":""}`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page's data lacks %s", want)
		}
	}
}

// walkBack is a random walk of n moves from the goal of shape, and the
// answer that walks it back (blank moves): the start board and the answer.
func walkBack(shape puzzles.Shape, seed uint64, n int) (puzzles.Board, puzzles.Goal, []puzzles.Dir) {
	g := puzzles.DefaultGoal(shape)
	start, w := puzzles.RandomWalk(puzzles.NewRand(seed), g, n)
	back := make([]puzzles.Dir, len(w))
	for i, d := range w {
		back[len(w)-1-i] = d.Opposite()
	}
	return start, g, back
}

// TestLongAnswerIsCut: the page of an answer longer than the cap holds
// its first moves only (checked against an independent replay), says so
// with both lengths, keeps the whole answer's verdict and draws the whole
// answer's last board; an illegal move beyond the cap is in the verdict
// but not in the data. Its size stays bounded.
func TestLongAnswerIsCut(t *testing.T) {
	const n = 30_000
	start, g, back := walkBack(puzzles.Shape{Rows: 4, Cols: 4}, 5, n)
	states, _ := walk(start, puzzles.AnswerFromPath(back, puzzles.BlankMoves), puzzles.BlankMoves)
	// The goal's blank is in the bottom-right corner: DOWN runs off.
	illegalEnd := append(append([]puzzles.Dir(nil), back...), puzzles.Down)
	var cellRE = regexp.MustCompile(`<div class="cell[^"]*">(\d*)</div>`)
	finalBoard := func(page string) string {
		i := strings.Index(page, `class="final-figure"`)
		if i < 0 {
			return ""
		}
		var cells []string
		for _, m := range cellRE.FindAllStringSubmatch(page[i:], states[0].Len()) {
			if m[1] == "" {
				m[1] = "0"
			}
			cells = append(cells, m[1])
		}
		return strings.Join(cells, " ")
	}
	tests := []struct {
		name     string
		path     []puzzles.Dir
		max      int
		shown    int
		verdict  string
		note     string
		illegal  bool
		caption  string
		wantLast int // index into states of the last board drawn
	}{
		{"solved, default cap", back, 0, replay.DefaultMaxMoves, "valid", "the first 10,000 of the answer's 30,000 moves; the other 20,000 were cut", false, "after the last move, move 30,000", n},
		{"illegal beyond the cap", illegalEnd, 0, replay.DefaultMaxMoves, "illegal", "the first 10,000 of the answer's 30,001 moves", false, "after move 30,000, before the illegal move 30,001", n},
		{"illegal within a cap of 40,000", illegalEnd, 40_000, n + 1, "illegal", "", true, "", 0},
		{"a cap of 7", back, 7, 7, "valid", "the first 7 of the answer's 30,000 moves", false, "move 30,000", n},
		{"no cap", back, -1, n, "valid", "", false, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := puzzles.AnswerFromPath(tc.path, puzzles.BlankMoves)
			page := string(render(t, replay.Page{Start: start, Goal: g, Convention: puzzles.BlankMoves, Answer: a, MaxMoves: tc.max}))
			d, err := replay.ReadData([]byte(page))
			if err != nil {
				t.Fatal(err)
			}
			played := min(tc.shown, n)
			var blanks []int
			for _, s := range states[:played+1] {
				blanks = append(blanks, s.Blank())
			}
			if diff := cmp.Diff(blanks, d.Blanks); diff != "" {
				t.Errorf("blanks (-want +got):\n%s", diff)
			}
			if len(d.Moves) != tc.shown || len(d.Keyframes) != played/replay.KeyframeEvery+1 {
				t.Errorf("%d moves and %d keyframes in the data, want %d and %d", len(d.Moves), len(d.Keyframes), tc.shown, played/replay.KeyframeEvery+1)
			}
			cut := tc.shown < len(tc.path)
			if wantTotal := map[bool]int{true: len(tc.path)}[cut]; d.Total != wantTotal {
				t.Errorf("total %d in the data, want %d", d.Total, wantTotal)
			}
			if (d.Illegal != nil) != tc.illegal {
				t.Errorf("illegal move in the data: %+v, want one: %v", d.Illegal, tc.illegal)
			}
			if m := verdictRE.FindStringSubmatch(page); m == nil || m[1] != tc.verdict {
				t.Errorf("verdict %v, want %s (the whole answer's)", m, tc.verdict)
			}
			if text := html.UnescapeString(page); cut != strings.Contains(page, `id="cut"`) || !strings.Contains(text, tc.note) || !strings.Contains(text, tc.caption) {
				t.Errorf("the page does not say %q and %q (cut: %v)", tc.note, tc.caption, cut)
			}
			if got := finalBoard(page); cut && got != states[tc.wantLast].String() {
				t.Errorf("last board drawn %q, want %q", got, states[tc.wantLast].String())
			} else if !cut && got != "" {
				t.Errorf("a page holding every move draws a last board too")
			}
		})
	}
}

// TestPageSizeIsBounded: the page of the longest answer a course would
// accept stays small with the default cap, whatever the board and however
// the answer's lines are spaced.
func TestPageSizeIsBounded(t *testing.T) {
	const n = 880_000
	for _, shape := range []puzzles.Shape{{Rows: 4, Cols: 4}, {Rows: 10, Cols: 10}} {
		start, g, back := walkBack(shape, 1, n)
		a := puzzles.AnswerFromPath(back, puzzles.TileMoves)
		for i := range a.Lines {
			a.Lines[i] = int32(2*i + 1) // a blank line between moves
		}
		cut := len(render(t, replay.Page{Start: start, Goal: g, Answer: a}))
		whole := len(render(t, replay.Page{Start: start, Goal: g, Answer: a, MaxMoves: -1}))
		t.Logf("%s, %d moves: %d bytes, %d without the cap", shape, n, cut, whole)
		if cut > 160_000 || whole < 20*cut {
			t.Errorf("%s: the page is %d bytes, %d without the cap; want at most 160,000 bytes", shape, cut, whole)
		}
	}
}
