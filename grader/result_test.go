package grader_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// TestReadKept: a result carries how its check read the answer (the
// notation it detected, the lines it found the answer on), through the
// journal's JSON, and a kept answer read again with it is the answer the
// check read, whatever the assignment's reading says; a result of an older
// journal, which does not say, is read as the assignment reads answers.
func TestReadKept(t *testing.T) {
	test := grader.Test{Name: "p.txt", Board: oneAway, Goal: puzzles.DefaultGoal(oneAway.Shape()), Solvable: true}
	// A report with a menu before the moves and statistics after them,
	// the moves as words on one line.
	kept := []byte("Welcome to the solver\nChoose an algorithm: 1\nLEFT RIGHT LEFT\nNodes expanded: 3\n")
	rep, err := check.Answer(context.Background(), test.Problem(puzzles.TileMoves), strings.NewReader(string(kept)), "answer", check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := grader.ResultFromReport(test.Name, rep)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var journalled grader.Result
	if err := json.Unmarshal(data, &journalled); err != nil {
		t.Fatal(err)
	}
	if journalled.Notation != notation.Words || journalled.AnswerLines == nil || *journalled.AnswerLines != (notation.Span{First: 3, Last: 3}) {
		t.Fatalf("the journalled result says the answer was read as %v at %v, want words at line 3 (%s)", journalled.Notation, journalled.AnswerLines, data)
	}
	// The assignment names one move per line, which would not read the
	// report: the result's reading is used, not the assignment's.
	got, err := journalled.ReadKept(kept, test, notation.Options{Notation: notation.Lines, Convention: puzzles.TileMoves})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(*rep.Answer, got); diff != "" {
		t.Errorf("the kept answer read again (-check +again):\n%s", diff)
	}
	// A result of an older journal is read as the assignment says.
	journalled.Notation, journalled.AnswerLines = notation.Auto, nil
	if _, err := journalled.ReadKept(kept, test, notation.Options{Notation: notation.Lines, Convention: puzzles.TileMoves}); err == nil {
		t.Error("a result that does not say how its answer was read was not read as the assignment names (one move per line)")
	}
	if again, err := journalled.ReadKept(kept, test, notation.Options{Convention: puzzles.TileMoves}); err != nil || again.Len() != 3 {
		t.Errorf("an older result read as the assignment detects: %d moves, %v", again.Len(), err)
	}
	// A malformed answer is not read again: its error is the check's.
	bad := grader.Result{Verdict: check.Malformed, Summary: "line 1: column 1: a move is one of UP, DOWN, LEFT or RIGHT"}
	if _, err := bad.ReadKept([]byte("sideways\n"), test, notation.Options{}); err == nil || err.Error() != bad.Summary {
		t.Errorf("a malformed answer read again: %v, want the check's summary", err)
	}
}
