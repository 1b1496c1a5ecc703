package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestAgree: readings that make the same moves agree on the first
// notation; readings that differ are an ambiguity error showing both. (No
// two notations of this package read one text differently — tile numbers
// never include the blank, which every board does — so the readings are
// made by hand.)
func TestAgree(t *testing.T) {
	p := &parser{file: "a.txt", text: "\n1 2 3\n"}
	ulu := puzzles.Answer{Tokens: []puzzles.Dir{puzzles.Up, puzzles.Left, puzzles.Up}, Lines: []int32{2, 2, 2}}
	same := puzzles.Answer{Tokens: []puzzles.Dir{puzzles.Up, puzzles.Left, puzzles.Up}, Lines: []int32{2, 3, 4}}
	got, err := p.agree([]attempt{{n: Tiles, a: same}, {n: Letters, a: ulu}})
	if err != nil || got.n != Letters {
		t.Errorf("agreeing readings: %v, %v; want letters", got.n, err)
	}
	other := puzzles.Answer{Tokens: []puzzles.Dir{puzzles.Down}, Lines: []int32{2},
		Illegal: &puzzles.IllegalMoveError{Line: 3, Token: "board"}}
	_, err = p.agree([]attempt{{n: Boards, a: other}, {n: Tiles, a: ulu}})
	var pe *puzzles.ParseError
	if !errors.Is(err, ErrAmbiguous) || !errors.As(err, &pe) || pe.Line != 2 {
		t.Fatalf("differing readings: %v; want an ambiguity at line 2", err)
	}
	for _, s := range []string{"read as tiles it is 3 moves, ULU", "read as boards it is 1 move, D then an illegal move (board) on line 3", "--answer-format"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%q does not say %q", err, s)
		}
	}
	_, err = p.agree([]attempt{{n: Lines, a: puzzles.Answer{Unsolvable: true}}, {n: List, a: puzzles.Answer{}}})
	if err == nil || !strings.Contains(err.Error(), "the claim UNSOLVABLE, but read as list it is no moves") {
		t.Errorf("claim against no moves: %v", err)
	}
}
