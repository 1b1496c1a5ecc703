package audit_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/audit/flawed"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
)

func TestParseValuesFormats(t *testing.T) {
	type claim struct {
		State string
		H     float64
		Line  int
	}
	for _, tc := range []struct {
		name, text string
		format     audit.ValuesFormat
		want       []claim
	}{
		{"csv", "state,h\n1 2 3 4 5 0,0\n1 2 3 4 0 5,1\n", audit.CSV,
			[]claim{{"1 2 3 4 5 0", 0, 2}, {"1 2 3 4 0 5", 1, 3}}},
		{"tsv, columns swapped, extra column", "h\tnote\tstate\n2.5\tx\t1 2 3 0 4 5\n", audit.TSV,
			[]claim{{"1 2 3 0 4 5", 2.5, 2}}},
		{"bom, crlf, quoted, blank lines, spaces", "\xef\xbb\xbfState , H\r\n\r\n\"1  2 3 4 5 0\", 0 \r\n   \r\n\"1 2 3 4 0 5\",1e0\r\n", audit.CSV,
			[]claim{{"1 2 3 4 5 0", 0, 3}, {"1 2 3 4 0 5", 1, 5}}},
		{"duplicate with the same value", "state,h\n1 2 3 4 5 0,0\n1 2 3 4 5 0,0\n", audit.CSV,
			[]claim{{"1 2 3 4 5 0", 0, 2}}},
		{"multi-line quoted field", "state,h\n\"1 2 3\n4 5 0\",0\n1 2 3 4 0 5,1\n", audit.CSV,
			[]claim{{"1 2 3 4 5 0", 0, 2}, {"1 2 3 4 0 5", 1, 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := audit.ParseValues(strings.NewReader(tc.text), "h.csv", shape2x3)
			if err != nil {
				t.Fatal(err)
			}
			var got []claim
			for i := range c.Len() {
				cells, h, line := c.Claim(i)
				got = append(got, claim{stateText(cells), h, line})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("claims (-want +got):\n%s", diff)
			}
			if c.Format != tc.format {
				t.Errorf("format %v, want %v", c.Format, tc.format)
			}
		})
	}
}

func TestParseValuesErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		shape      puzzles.Shape
		line, col  int
		sentinel   error
		fragments  []string
	}{
		{"empty", "", shape2x3, 0, 0, puzzles.ErrEmpty, []string{"expected a header line state,h"}},
		{"header only", "state,h\n", shape2x3, 0, 0, puzzles.ErrEmpty, []string{"no states"}},
		{"no h column", "state,value\n1 2 3 4 5 0,0\n", shape2x3, 1, 0, audit.ErrHeader, []string{"no h column", "state,h"}},
		{"no header", "1 2 3 4 5 0,0\n", shape2x3, 1, 0, audit.ErrHeader, []string{"no state column"}},
		{"two state columns", "state,h,state\n", shape2x3, 1, 9, audit.ErrHeader, []string{"two state columns"}},
		{"field count", "state,h\n1 2 3 4 5 0,0,7\n", shape2x3, 2, 0, audit.ErrFields, []string{"3 fields, expected 2"}},
		{"tile not a number", "state,h\n1 2 x 4 5 0,0\n", shape2x3, 2, 1, puzzles.ErrSyntax, []string{`"x"`, "6 tile numbers"}},
		{"tile out of range", "state,h\n1 2 3 4 5 6,0\n", shape2x3, 2, 1, puzzles.ErrRange, []string{"tile 6", "1..5"}},
		{"too few tiles", "state,h\n1 2 3 4 5,0\n", shape2x3, 2, 1, puzzles.ErrSize, []string{"5 cells", "has 6"}},
		{"repeated tile", "state,h\n1 2 3 4 5 5,0\n", shape2x3, 2, 1, puzzles.ErrDuplicate, []string{"tile 5 appears twice"}},
		{"h not a number", "state,h\n1 2 3 4 5 0,abc\n", shape2x3, 2, 13, audit.ErrNotNumber, []string{`"abc"`, "h column"}},
		{"h empty", "state,h\n1 2 3 4 5 0,\n", shape2x3, 2, 13, audit.ErrNotNumber, []string{"empty"}},
		{"h nan", "state,h\n1 2 3 4 5 0,NaN\n", shape2x3, 2, 13, audit.ErrNotNumber, []string{`"NaN"`}},
		{"conflicting duplicate", "state,h\n1 2 3 4 5 0,0\n1 2 3 4 5 0,1\n", shape2x3, 3, 0, puzzles.ErrDuplicate, []string{"already has h = 0 on line 2", "this line says 1"}},
		{"bare quote", "state,h\n1 2 \"3 4 5 0,0\n", shape2x3, 2, 5, puzzles.ErrSyntax, []string{"quote"}},
		{"shape not inferable", "state,h\n1 2 3 4 5 0,0\n", puzzles.Shape{}, 2, 1, puzzles.ErrSize, []string{"not a square board", "--shape"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := audit.ParseValues(strings.NewReader(tc.text), "h.csv", tc.shape)
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T); want a *puzzles.ParseError", err, err)
			}
			if pe.File != "h.csv" || pe.Line != tc.line || pe.Col != tc.col {
				t.Errorf("at %s:%d:%d; want h.csv:%d:%d (%v)", pe.File, pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if !errors.Is(err, tc.sentinel) {
				t.Errorf("error %v does not wrap %v", err, tc.sentinel)
			}
			for _, f := range tc.fragments {
				if !strings.Contains(err.Error(), f) {
					t.Errorf("error %q does not mention %q", err, f)
				}
			}
		})
	}
}

// TestValuesRoundTripAudit writes a heuristic's values for every state of
// 2x3 to a file, reads it back, and checks that auditing the file says
// what auditing the heuristic says.
func TestValuesRoundTripAudit(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	tb := tableFor(t, shape2x3)
	f := flawed.LinearConflictPairs(puzzles.DefaultGoal(shape2x3))
	var states [][]uint8
	var values []float64
	for cells := range tb.All() {
		states = append(states, append([]uint8(nil), cells...))
		values = append(values, f.H(cells))
	}
	for _, format := range []audit.ValuesFormat{audit.CSV, audit.TSV} {
		var buf bytes.Buffer
		if err := audit.WriteValues(&buf, format, states, values); err != nil {
			t.Fatal(err)
		}
		c, err := audit.ParseValues(&buf, "pairs."+format.String(), shape2x3)
		if err != nil {
			t.Fatal(err)
		}
		fromFile, err := audit.Run(context.Background(), c, audit.Options{Goal: g})
		if err != nil {
			t.Fatal(err)
		}
		direct, err := audit.Run(context.Background(), f.Source(), audit.Options{Goal: g})
		if err != nil {
			t.Fatal(err)
		}
		if fromFile.Origin == nil || fromFile.Origin.Kind != audit.OriginKindValues {
			t.Errorf("%s: origin %+v", format, fromFile.Origin)
		}
		fromFile.Heuristic, fromFile.Seconds, direct.Seconds, fromFile.Origin = direct.Heuristic, 0, 0, nil
		if diff := cmp.Diff(direct, fromFile, bigIntEqual); diff != "" {
			t.Errorf("%s: audit of the file differs from the audit of the heuristic (-direct +file):\n%s", format, diff)
		}
	}
}

// TestValuesMissingStates: a file listing only some states is audited on
// those; consistency covers only moves whose two states are listed, and
// states that cannot reach the goal are counted and ignored.
func TestValuesMissingStates(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	tb := tableFor(t, shape2x3)
	md := heuristics.NewManhattan(g)
	listed := map[string]bool{}
	var states [][]uint8
	var values []float64
	i := 0
	for cells := range tb.All() {
		if i%3 != 0 {
			listed[string(cells)] = true
			states = append(states, append([]uint8(nil), cells...))
			values = append(values, float64(md.Estimate(cells)))
		}
		i++
	}
	unsolvable := []uint8{2, 1, 3, 4, 5, 0}
	states = append(states, unsolvable)
	values = append(values, 99)
	var buf bytes.Buffer
	if err := audit.WriteValues(&buf, audit.CSV, states, values); err != nil {
		t.Fatal(err)
	}
	c, err := audit.ParseValues(&buf, "some.csv", shape2x3)
	if err != nil {
		t.Fatal(err)
	}
	r, err := audit.Run(context.Background(), c, audit.Options{Goal: g})
	if err != nil {
		t.Fatal(err)
	}
	var edges int64
	for cells := range tb.All() {
		if !listed[string(cells)] {
			continue
		}
		for _, st := range puzzles.FromBytes(shape2x3, cells).Neighbors() {
			if listed[string(st.Board.Bytes())] {
				edges++
			}
		}
	}
	want := []int64{int64(len(listed)), int64(tb.Len() - len(listed)), 1, edges / 2}
	got := []int64{r.StatesChecked, r.Missing, r.Unreachable, r.EdgesChecked}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checked, missing, unreachable, edges (-want +got):\n%s", diff)
	}
	goalListed := listed[string(g.Board().Bytes())]
	if r.GoalZero != goalListed || !r.Admissible || !r.Consistent {
		t.Errorf("goal_zero %v (goal listed: %v), admissible %v, consistent %v", r.GoalZero, goalListed, r.Admissible, r.Consistent)
	}
	if !math.IsNaN(r.MeanH) && r.MeanH <= 0 {
		t.Errorf("mean h %v", r.MeanH)
	}
}
