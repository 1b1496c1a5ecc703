//go:build race

package dynamic

// raceStride thins the exhaustive loops under the race detector, which
// makes every table read about fifteen times slower: they check every
// raceStride-th state there, and every state in a plain go test.
const raceStride = 8
