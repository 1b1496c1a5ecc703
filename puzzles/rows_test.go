package puzzles_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Rows and FromRows are inverses, and FromRows refuses what is no board.
func TestRowsRoundTrip(t *testing.T) {
	b := puzzles.MustBoard(2, 3, 1, 2, 3, 4, 0, 5)
	rows := b.Rows()
	if d := cmp.Diff([][]int{{1, 2, 3}, {4, 0, 5}}, rows); d != "" {
		t.Fatalf("Rows (-want +got):\n%s", d)
	}
	back, err := puzzles.FromRows(rows)
	if err != nil || !back.Equal(b) {
		t.Fatalf("FromRows(Rows) = %v, %v; want %v", back, err, b)
	}
	for _, bad := range [][][]int{nil, {{}}, {{1, 2, 3}, {4, 0}}, {{1, 1}, {0, 2}}} {
		if _, err := puzzles.FromRows(bad); err == nil {
			t.Errorf("FromRows(%v) accepted", bad)
		}
	}
}
