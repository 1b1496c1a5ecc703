package search_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/reference/search"
)

// FuzzParseTieBreak checks that every name ParseTieBreak accepts reads
// back from its canonical String, and that it never panics.
func FuzzParseTieBreak(f *testing.F) {
	for _, s := range []string{"", "default", "lifo", "fifo", "low-g", "high-g-lifo", "f-fifo", " LOW-G-FIFO ", "random", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := search.ParseTieBreak(s)
		if err != nil {
			return
		}
		again, err := search.ParseTieBreak(tb.String())
		if err != nil || again != tb {
			t.Fatalf("ParseTieBreak(%q) = %v, but its String %q reads back as %v, %v", s, tb, tb.String(), again, err)
		}
	})
}
