package movefsm_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/movefsm"
)

var update = flag.Bool("update", false, "rewrite the shipped machines in data/")

// TestShippedMachines: the machines in data/ are what Build makes now,
// and decode to the same machine.
func TestShippedMachines(t *testing.T) {
	for _, c := range []struct {
		shape puzzles.Shape
		depth int
	}{{puzzles.Shape{Rows: 4, Cols: 4}, 12}, {puzzles.Shape{Rows: 5, Cols: 5}, 14}} {
		name := fmt.Sprintf("%s-%d", c.shape, c.depth)
		t.Run(name, func(t *testing.T) {
			if c.depth > 12 && testing.Short() {
				t.Skip("builds the 24-puzzle's machine (seconds); go test without -short runs it")
			}
			file := filepath.Join("data", name+".fsm")
			data := movefsm.Encode(c.shape, c.depth)
			if *update {
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			old, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(old, data) {
				t.Fatalf("%s is stale: go test -run TestShippedMachines -update rewrites it", file)
			}
			built := movefsm.Build(c.shape, c.depth)
			decoded, err := movefsm.Decode(data, c.shape)
			if err != nil {
				t.Fatal(err)
			}
			if built.String() != decoded.String() || built.States() != decoded.States() {
				t.Errorf("decoded %v, built %v", decoded, built)
			}
			t.Logf("%s: %v, %d bytes", name, built, len(data))
		})
	}
}

// TestDepthTwoIsTheInverseRule: the machine of depth 2 refuses exactly
// the moves off the board and the move that undoes the last one.
func TestDepthTwoIsTheInverseRule(t *testing.T) {
	for _, s := range []puzzles.Shape{{Rows: 2, Cols: 3}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}} {
		m := movefsm.Build(s, 2)
		moves := s.Moves()
		for c := range moves {
			for first := range 4 {
				st := m.Next(m.Start(c), first)
				if (st == movefsm.Refused) != (moves[c][first] < 0) {
					t.Fatalf("%s cell %d: first move %d refused %v", s, c, first, st == movefsm.Refused)
				}
				if st == movefsm.Refused {
					continue
				}
				q := int(moves[c][first])
				for d := range 4 {
					want := moves[q][d] >= 0 && d != first^1
					if got := m.Next(st, d) != movefsm.Refused; got != want {
						t.Errorf("%s: after move %d from cell %d, move %d allowed %v, want %v", s, first, c, d, got, want)
					}
				}
			}
		}
	}
}

// TestEveryStateKeepsAShortestPath checks the property that keeps a
// pruned search optimal, by another route: from several starts on 3x3
// and 2x4, the paths the machine accepts reach every state within 20
// moves, each at its breadth-first distance, and there are fewer of them
// than the paths the inverse rule accepts.
func TestEveryStateKeepsAShortestPath(t *testing.T) {
	const horizon = 20
	for _, s := range []puzzles.Shape{{Rows: 3, Cols: 3}, {Rows: 2, Cols: 4}} {
		moves := s.Moves()
		for _, blank := range []int{0, 1, s.Cells() - 1} {
			start := make([]uint8, s.Cells())
			for i := range start {
				start[i] = uint8(i)
			}
			start[0], start[blank] = start[blank], start[0]
			dist := bfs(moves, start, blank, horizon)
			full := movefsm.Build(s, 12)
			inverse := movefsm.Build(s, 2)
			reached, pathsFull := walk(moves, full, start, blank, horizon)
			_, pathsInverse := walk(moves, inverse, start, blank, horizon)
			for k, d := range dist {
				if got, ok := reached[k]; !ok || got != d {
					t.Fatalf("%s blank %d: a state at distance %d is reached at %d (reached: %v)", s, blank, d, got, ok)
				}
			}
			if len(reached) != len(dist) {
				t.Fatalf("%s: %d states reached, %d within %d moves", s, len(reached), len(dist), horizon)
			}
			if pathsFull >= pathsInverse {
				t.Errorf("%s: the machine accepts %d paths, the inverse rule %d", s, pathsFull, pathsInverse)
			}
			t.Logf("%s blank %d: %d states, %d paths with the machine, %d with the inverse rule", s, blank, len(dist), pathsFull, pathsInverse)
		}
	}
}

// bfs is the distance of every state within horizon moves of start.
func bfs(moves puzzles.MoveTable, start []uint8, blank, horizon int) map[string]int {
	dist := map[string]int{string(start): 0}
	type node struct {
		cells []uint8
		blank int
	}
	level := []node{{start, blank}}
	for g := 1; g <= horizon; g++ {
		var next []node
		for _, n := range level {
			for d := range 4 {
				q := int(moves[n.blank][d])
				if q < 0 {
					continue
				}
				c := append([]uint8(nil), n.cells...)
				c[n.blank], c[q] = c[q], c[n.blank]
				if _, ok := dist[string(c)]; !ok {
					dist[string(c)] = g
					next = append(next, node{c, q})
				}
			}
		}
		level = next
	}
	return dist
}

// walk follows every path the machine accepts from start, up to horizon
// moves, and returns the least depth at which it met each state and the
// number of paths.
func walk(moves puzzles.MoveTable, m *movefsm.Machine, start []uint8, blank, horizon int) (map[string]int, int) {
	reached := map[string]int{}
	cells := append([]uint8(nil), start...)
	paths := 0
	var dfs func(blank, g int, st int32)
	dfs = func(blank, g int, st int32) {
		paths++
		if d, ok := reached[string(cells)]; !ok || g < d {
			reached[string(cells)] = g
		}
		if g == horizon {
			return
		}
		for d := range 4 {
			next := m.Next(st, d)
			if next == movefsm.Refused {
				continue
			}
			q := int(moves[blank][d])
			cells[blank], cells[q] = cells[q], cells[blank]
			dfs(q, g+1, next)
			cells[blank], cells[q] = cells[q], cells[blank]
		}
	}
	dfs(blank, 0, m.Start(blank))
	return reached, paths
}
