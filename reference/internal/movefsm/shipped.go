package movefsm

import (
	_ "embed"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// The machine of the 15-puzzle's pattern-database searches, written by
// Encode (go test -run TestShippedMachines -update rewrites it and the
// others).
//
//go:embed data/4x4-12.fsm
var fsm4x4 []byte

// shipped maps a shape and depth to its encoded machine; a nil one (the
// 24-puzzle's in the browser checker's module) is built when wanted.
var shipped = map[cacheKey][]byte{
	{puzzles.Shape{Rows: 4, Cols: 4}, 12}: fsm4x4,
	{puzzles.Shape{Rows: 5, Cols: 5}, 14}: fsm5x5,
}
