package reference_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/reference"
)

// FuzzLookupAlgorithm checks that every name LookupAlgorithm accepts maps
// to an algorithm whose canonical name maps to itself, and that it never
// panics.
func FuzzLookupAlgorithm(f *testing.F) {
	for _, s := range []string{"", "auto", "a*", "IDA*", " bfs ", "dls", "wa*", "quantum", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := reference.LookupAlgorithm(s)
		if err != nil {
			return
		}
		again, err := reference.LookupAlgorithm(a.Name)
		if err != nil || again.Name != a.Name {
			t.Fatalf("LookupAlgorithm(%q) = %q, which reads back as %q, %v", s, a.Name, again.Name, err)
		}
	})
}
