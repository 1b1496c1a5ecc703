package notation

import (
	"slices"
	"testing"
)

// TestNotationTable walks the notations' table: every notation has a
// name that reads back as itself, a description, and (but Auto, which
// detects one) a reader; Notations lists every one but Auto in the
// table's order, and those needing the start board are exactly those
// the table marks.
func TestNotationTable(t *testing.T) {
	seen := map[string]bool{}
	for i, entry := range notations {
		n := Notation(i)
		if entry.name == "" || seen[entry.name] || entry.description == "" {
			t.Errorf("notation %d: name %q (seen before: %v), description %q", i, entry.name, seen[entry.name], entry.description)
		}
		seen[entry.name] = true
		if got, err := ParseName(entry.name); err != nil || got != n || n.String() != entry.name {
			t.Errorf("%s: ParseName gives %v (%v), String %s", entry.name, got, err, n)
		}
		if (n == Auto) != (entry.read == nil) {
			t.Errorf("%s: a reader %v, want one for every notation but auto", entry.name, entry.read != nil)
		}
		if n != Auto && !slices.Contains(Notations, n) {
			t.Errorf("%s is not in Notations", entry.name)
		}
		if n.NeedsStart() != entry.needsStart {
			t.Errorf("%s: NeedsStart %v", entry.name, n.NeedsStart())
		}
	}
	if len(Notations) != len(notations)-1 || !slices.IsSorted(Notations) {
		t.Errorf("Notations %v: want every notation but auto, in the table's order", Notations)
	}
	if want := "auto, lines, letters, words, list, tiles or boards"; Choices() != want {
		t.Errorf("Choices() = %q, want %q", Choices(), want)
	}
}
