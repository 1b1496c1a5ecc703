package grader

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/berkeley"
)

// ExpandedSuffix is appended to the answer path to name the file in which
// the Berkeley harness (run.problem: berkeley) records the states the
// student's search expanded.
const ExpandedSuffix = ".expanded"

// The Berkeley harness records at most MaxExpandedStates states, and no
// more than MaxExpandedBytes of them, so that the record fits under the
// default run.output; the total line still counts every expansion.
const (
	MaxExpandedStates = 100_000
	MaxExpandedBytes  = 1_000_000
)

// berkeleyRecordBytes is the largest record of expanded states: the
// states and room for the header and the total line.
const berkeleyRecordBytes = MaxExpandedBytes + 64

// expandedHeader starts an expanded-states file; the board's shape
// follows it.
const expandedHeader = "kpuzzle expanded"

// stateDigits are the characters of a state line: cell i holds
// stateDigits[tile]. Boards of up to 36 cells can be recorded.
const stateDigits = "0123456789abcdefghijklmnopqrstuvwxyz"

// ExpandedOrder is the record of the states a search function expanded
// (called getSuccessors on), in order.
type ExpandedOrder struct {
	// Shape is the boards' shape.
	Shape puzzles.Shape
	// States are the recorded states, the first len(States) expansions.
	States []puzzles.Board
	// Total counts every expansion, recorded or not: more than
	// len(States) when the record is capped.
	Total int
}

// Capped reports whether the search expanded more states than the record
// holds.
func (e ExpandedOrder) Capped() bool { return e.Total > len(e.States) }

// WriteExpanded writes e in the expanded-states format (docs/formats.md):
// the line "kpuzzle expanded RxC", one line per state with one character
// per cell (0-9 then a-z, the blank 0), and the line "total N".
func WriteExpanded(w io.Writer, e ExpandedOrder) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s\n", expandedHeader, e.Shape)
	for _, s := range e.States {
		b.WriteString(stateLine(s))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "total %d\n", e.Total)
	_, err := w.Write(b.Bytes())
	return err
}

// stateLine is a state as the expanded-states format writes it.
func stateLine(s puzzles.Board) string {
	out := make([]byte, s.Len())
	for i := range out {
		out[i] = stateDigits[s.At(i)]
	}
	return string(out)
}

// ParseExpanded reads an expanded-states file (see [WriteExpanded]).
// Blank lines and surrounding spaces are ignored; the header must come
// first and the total line last, counting at least the states listed.
// Errors are *puzzles.ParseError naming name, the line and the column.
func ParseExpanded(r io.Reader, name string) (ExpandedOrder, error) {
	var e ExpandedOrder
	fail := func(line, col int, format string, args ...any) (ExpandedOrder, error) {
		return ExpandedOrder{}, &puzzles.ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf(format, args...)}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n, header, total := 0, false, false
	for sc.Scan() {
		n++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		col := strings.Index(raw, line) + 1
		switch {
		case line == "":
			continue
		case total:
			return fail(n, col, "expected nothing after the total line")
		case !header:
			rest, ok := strings.CutPrefix(line, expandedHeader+" ")
			if !ok {
				return fail(n, col, "expected the header %q followed by the board's shape (3x3)", expandedHeader)
			}
			s, err := puzzles.ParseShape(rest)
			if err == nil && !strings.Contains(rest, "x") {
				err = errors.New("no x")
			}
			if err == nil {
				err = s.Validate()
			}
			if err != nil || s.Cells() > len(stateDigits) {
				return fail(n, col+len(expandedHeader)+1, "expected a board shape RxC of at most %d cells, got %q", len(stateDigits), rest)
			}
			e.Shape, header = s, true
		case strings.HasPrefix(line, "total"):
			v, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "total")))
			if err != nil || v < len(e.States) || !strings.HasPrefix(line, "total ") {
				return fail(n, col, "expected \"total N\", N at least the number of states listed (%d)", len(e.States))
			}
			e.Total, total = v, true
		default:
			b, c, msg := parseState(line, e.Shape)
			if msg != "" {
				return fail(n, col+c, "%s", msg)
			}
			e.States = append(e.States, b)
		}
	}
	if err := sc.Err(); err != nil {
		return fail(n+1, 1, "%v", err)
	}
	switch {
	case !header:
		return fail(1, 1, "empty; expected the header %q", expandedHeader)
	case !total:
		return fail(n+1, 1, "no total line: the harness did not finish the record")
	}
	return e, nil
}

// parseState reads one state line of shape s; on error it gives the
// column (0-based) and what was expected.
func parseState(line string, s puzzles.Shape) (puzzles.Board, int, string) {
	cells := make([]int, 0, s.Cells())
	seen := make([]bool, s.Cells())
	for i := 0; i < len(line); i++ {
		t := strings.IndexByte(stateDigits, line[i])
		switch {
		case i >= s.Cells():
			return puzzles.Board{}, i, fmt.Sprintf("expected %d cells for a %s board, got more", s.Cells(), s)
		case t < 0 || t >= s.Cells():
			return puzzles.Board{}, i, fmt.Sprintf("expected a tile 0-%c, got %q", stateDigits[s.Cells()-1], line[i])
		case seen[t]:
			return puzzles.Board{}, i, fmt.Sprintf("tile %c appears twice", line[i])
		}
		seen[t] = true
		cells = append(cells, t)
	}
	if len(cells) != s.Cells() {
		return puzzles.Board{}, len(line), fmt.Sprintf("expected %d cells for a %s board, got %d", s.Cells(), s, len(cells))
	}
	b, err := puzzles.NewBoard(s, cells)
	if err != nil {
		return puzzles.Board{}, 0, err.Error()
	}
	return b, 0, ""
}

// BerkeleyGoal is the value of BerkeleyGoalEnv for test t: its goal's
// cells, row-major, separated by spaces.
func BerkeleyGoal(t Test) string {
	return testGoal(t).Board().String()
}

func testGoal(t Test) puzzles.Goal {
	if t.Goal.IsZero() {
		return puzzles.DefaultGoal(t.Board.Shape())
	}
	return t.Goal
}

// BerkeleyReference runs the CS188 search of run.search (with
// run.heuristic) on test t, recording at most MaxExpandedStates + 1
// expansions.
func BerkeleyReference(ctx context.Context, r RunStep, t Test) (berkeley.Result, error) {
	g := testGoal(t)
	h, err := berkeley.NewHeuristic(r.Heuristic, g)
	if err != nil {
		return berkeley.Result{}, err
	}
	return berkeley.Search(ctx, t.Board, g, berkeley.Options{Algorithm: berkeley.Algorithm(r.Search), Heuristic: h, MaxExpanded: MaxExpandedStates + 1})
}

// JudgeExpandedOrder is the order check of run.problem: berkeley: got,
// the states the student's search expanded, against want, the
// reference's (from BerkeleyReference), search naming it (run.search).
// It passes when the sequences are equal (as far as the records go, when
// a record is capped); otherwise its detail says where they first differ
// (the expansion's number, the state expected, the state seen) and how
// many states each expanded.
func JudgeExpandedOrder(got ExpandedOrder, want berkeley.Result, search string) SubCheck {
	c := SubCheck{Group: CheckGroupSearch, Name: CheckOrder}
	refCount := strconv.Itoa(len(want.Expanded))
	if want.Capped {
		refCount = "more than " + strconv.Itoa(len(want.Expanded)-1)
	}
	counts := fmt.Sprintf("the search expanded %s, the reference %s %s", states(got.Total), search, refCount)
	if len(want.Expanded) > 0 && got.Shape != want.Expanded[0].Shape() {
		c.Detail = fmt.Sprintf("the record holds %s boards, but the puzzle is %s", got.Shape, want.Expanded[0].Shape())
		return c
	}
	seen := map[string]int{}
	for i := 0; i < len(got.States) && i < len(want.Expanded); i++ {
		g, w := got.States[i], want.Expanded[i]
		if !g.Equal(w) {
			c.Detail = fmt.Sprintf("expansion %d differs: expected %s, seen %s", i+1, w, g)
			if j, ok := seen[string(g.Bytes())]; ok {
				c.Detail += fmt.Sprintf(", which it had expanded already at %d (a graph search expands each state once)", j+1)
			}
			c.Detail += "; " + counts
			return c
		}
		seen[string(g.Bytes())] = i
	}
	n, m := len(got.States), len(want.Expanded)
	switch {
	case !got.Capped() && !want.Capped && n == m:
		c.Passed, c.Detail = true, fmt.Sprintf("the %s expanded are the reference %s's, in its order", states(n), search)
	case got.Capped() && want.Capped:
		c.Passed, c.Detail = true, fmt.Sprintf("the first %d states expanded are the reference %s's, in its order (both expanded more than the %d the record holds)", n, search, n)
	case got.Capped() && got.Total == m:
		c.Passed, c.Detail = true, fmt.Sprintf("the %d states recorded are the reference %s's first, in its order, and both expanded %d", n, search, m)
	case n < m && !got.Capped():
		c.Detail = fmt.Sprintf("the search stopped after expansion %d, where the reference expanded %s next; %s", n, want.Expanded[n], counts)
	case n > m:
		c.Detail = fmt.Sprintf("the search went on after the reference's last expansion (%d), expanding %s; %s", m, got.States[m], counts)
	default:
		c.Detail = "the states recorded agree, but " + counts
	}
	return c
}

// states is "1 state" or "n states".
func states(n int) string {
	if n == 1 {
		return "1 state"
	}
	return strconv.Itoa(n) + " states"
}

// ReadExpandedOrder judges the expanded-states record in data against the
// reference's; an unreadable record fails the check, saying why.
func ReadExpandedOrder(data []byte, want berkeley.Result, search string) SubCheck {
	got, err := ParseExpanded(bytes.NewReader(data), "expanded states")
	if err != nil {
		return SubCheck{Group: CheckGroupSearch, Name: CheckOrder, Detail: "not checked: the harness's record of expanded states is unreadable: " + Printable(err.Error())}
	}
	return JudgeExpandedOrder(got, want, search)
}
