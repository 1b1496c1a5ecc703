//go:build !race

package dynamic

// raceStride is 1 without the race detector: the exhaustive loops check
// every state (see race_test.go).
const raceStride = 1
