package replay_test

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/replay"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// A replay page for an answer whose third move leaves the board. Write
// replays the answer itself, stops at the illegal move and, with no
// verdict given, calls the answer illegal. A program writes the page to a
// file (kpuzzle replay --out page.html); here it goes to a buffer, and two
// of its lines are shown.
func Example() {
	start := puzzles.MustBoard(3, 3,
		1, 2, 3,
		4, 0, 6,
		7, 5, 8)
	answer, err := puzzles.ParseAnswer(strings.NewReader("UP\nLEFT\nLEFT\n"), "answer.txt", puzzles.AnswerLimits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var page strings.Builder
	err = replay.Write(&page, replay.Page{
		Title:      "answer.txt on puzzle.txt",
		Start:      start,
		Convention: puzzles.TileMoves, // UP: the tile below the blank slides up
		Answer:     answer,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(page.String(), "\n") {
		if strings.Contains(line, `id="verdict"`) || strings.Contains(line, `id="summary"`) {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// <p class="badge" id="verdict">illegal</p>
	// <p class="summary" id="summary">Move 3 (line 3) is illegal: the blank is at row 3, column 3, on the rightmost column: there is no tile right of it to slide LEFT (in blank terms: the blank would move RIGHT, off the board).</p>
}
