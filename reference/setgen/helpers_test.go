package setgen_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

func shape(r, c int) puzzles.Shape { return puzzles.Shape{Rows: r, Cols: c} }

// goalDistances is a breadth-first search from the goal over packed
// codes, out to maxDepth moves (-1: the whole component): the distance of
// every board it reaches. It shares nothing with the exact tables or the
// reference searches, which makes it the independent route the keys are
// checked against.
func goalDistances(g puzzles.Goal, maxDepth int) map[puzzles.Code]int {
	s := g.Shape()
	moves := s.Moves()
	start, ok := puzzles.EncodeCode(g.Board())
	if !ok {
		panic("goalDistances: board too large for a Code")
	}
	dist := map[puzzles.Code]int{start: 0}
	type node struct {
		code  puzzles.Code
		blank int
	}
	layer := []node{{start, g.Board().Blank()}}
	for depth := 0; len(layer) > 0 && (maxDepth < 0 || depth < maxDepth); depth++ {
		var next []node
		for _, n := range layer {
			for _, to := range moves[n.blank] {
				if to < 0 {
					continue
				}
				c := n.code.Slide(n.blank, int(to))
				if _, seen := dist[c]; !seen {
					dist[c] = depth + 1
					next = append(next, node{c, int(to)})
				}
			}
		}
		layer = next
	}
	return dist
}

var (
	distMu    sync.Mutex
	distCache = map[string]map[puzzles.Code]int{}
)

// distances caches goalDistances per goal and depth bound.
func distances(g puzzles.Goal, maxDepth int) map[puzzles.Code]int {
	distMu.Lock()
	defer distMu.Unlock()
	key := fmt.Sprintf("%s|%s|%d", g.Shape(), g.Board(), maxDepth)
	if d, ok := distCache[key]; ok {
		return d
	}
	d := goalDistances(g, maxDepth)
	distCache[key] = d
	return d
}

// checkKeys verifies every entry of a set by a route independent of the
// generator: solvability against a breadth-first search from the goal
// (boards of at most 9 cells, where it covers the whole component) or
// the parity rule; every optimal length against that search, or against
// bidirectional breadth-first search on larger boards; every solution by
// replaying it.
func checkKeys(t *testing.T, set setgen.Set, goals map[puzzles.Shape]puzzles.Goal) {
	t.Helper()
	for _, p := range set.Puzzles {
		e, b := p.Entry, p.Board
		g, ok := goals[b.Shape()]
		if !ok {
			t.Fatalf("%s: no goal for %s", e.File, b.Shape())
		}
		full := b.Shape().Cells() <= 9
		var dist map[puzzles.Code]int
		if full {
			dist = distances(g, -1)
		}
		code, _ := puzzles.EncodeCode(b)
		if full {
			d, reached := dist[code]
			if reached != e.Solvable {
				t.Errorf("%s: manifest says solvable=%v, breadth-first search from the goal says %v", e.File, e.Solvable, reached)
				continue
			}
			if reached && e.OptimalLength != nil && d != *e.OptimalLength {
				t.Errorf("%s: key %d, breadth-first search %d", e.File, *e.OptimalLength, d)
			}
		} else if puzzles.Solvable(b, g) != e.Solvable {
			t.Errorf("%s: manifest says solvable=%v, the parity rule disagrees", e.File, e.Solvable)
			continue
		}
		if !e.Solvable {
			if e.OptimalLength != nil || len(e.Solution) > 0 {
				t.Errorf("%s: an unsolvable puzzle with a key", e.File)
			}
			continue
		}
		if e.OptimalLength == nil {
			continue
		}
		if !full {
			res, err := search.Bidirectional(context.Background(), search.Problem{Start: b, Goal: g}, search.Options{})
			if err != nil {
				t.Fatalf("%s: bidirectional search: %v", e.File, err)
			}
			if len(res.Path) != *e.OptimalLength {
				t.Errorf("%s: key %d, bidirectional breadth-first search %d", e.File, *e.OptimalLength, len(res.Path))
			}
		}
		conv, err := puzzles.ParseConvention(set.Manifest.Convention)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := puzzles.ParseAnswer(strings.NewReader(strings.Join(e.Solution, "\n")), e.File, puzzles.AnswerLimits{})
		if err != nil {
			t.Fatalf("%s: solution: %v", e.File, err)
		}
		end, err := puzzles.Replay(b, ans, conv)
		if err != nil || !g.Reached(end) || ans.Len() != *e.OptimalLength {
			t.Errorf("%s: solution of %d moves does not solve the board (err %v)", e.File, ans.Len(), err)
		}
		if e.Proof == "" {
			t.Errorf("%s: a key without a proof note", e.File)
		}
	}
}

// readTree maps every file under root to its contents.
func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// summary is a set as comparable text: each puzzle's file, board and
// entry fields.
type summary struct {
	Manifest puzzles.Manifest
	Boards   []string
}

func summarize(s setgen.Set) summary {
	m := s.Manifest
	var boards []string
	for _, p := range s.Puzzles {
		boards = append(boards, p.Entry.File+": "+p.Board.String())
		m.Puzzles = append(m.Puzzles, p.Entry)
	}
	return summary{m, boards}
}
