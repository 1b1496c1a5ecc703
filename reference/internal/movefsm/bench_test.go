package movefsm_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/internal/movefsm"
)

// BenchmarkBuild builds the machines the pattern-database searches use:
// depth 12 on 4x4 and 14 on 5x5.
func BenchmarkBuild(b *testing.B) {
	for _, c := range []struct {
		name  string
		shape puzzles.Shape
		depth int
	}{{"4x4-12", puzzles.Shape{Rows: 4, Cols: 4}, 12}, {"5x5-12", puzzles.Shape{Rows: 5, Cols: 5}, 12}, {"5x5-14", puzzles.Shape{Rows: 5, Cols: 5}, 14}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				movefsm.Build(c.shape, c.depth)
			}
		})
	}
}
