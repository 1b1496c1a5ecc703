package puzzles_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestExportSet: every instance of a shipped set is written with its
// manifest entry (solvability, recorded length and proof); one shipped as
// a file in the export's format is copied byte for byte; a numbered
// instance gets a padded SET_ID.txt name.
func TestExportSet(t *testing.T) {
	for _, tc := range []struct {
		set, firstFile string
	}{{"cs3243-public", "n_equals_3/input_1.txt"}, {"korf100", "korf100_001.txt"}} {
		set, err := puzzles.LoadSet(tc.set)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "set")
		n, err := puzzles.ExportSet(set, dir, puzzles.FormatRows, "test "+tc.set)
		if err != nil {
			t.Fatal(err)
		}
		m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
		if err != nil {
			t.Fatal(err)
		}
		if n != len(set.Instances) || len(m.Puzzles) != n || m.Generator != "test "+tc.set || m.Convention != "tile" {
			t.Fatalf("%s: wrote %d, manifest %+v; want %d puzzles", tc.set, n, m, len(set.Instances))
		}
		if m.Puzzles[0].File != tc.firstFile {
			t.Errorf("%s: first file %q, want %q", tc.set, m.Puzzles[0].File, tc.firstFile)
		}
		for i, inst := range set.Instances {
			e := m.Puzzles[i]
			if e.Solvable != puzzles.Solvable(inst.Board, set.Goal(inst)) {
				t.Errorf("%s %s: solvable %v", tc.set, inst.Name, e.Solvable)
			}
			if (e.OptimalLength == nil) != (inst.Optimal < 0) || (e.OptimalLength != nil && (*e.OptimalLength != inst.Optimal || e.Proof != inst.Proof)) {
				t.Errorf("%s %s: length %v (%q), recorded %d (%q)", tc.set, inst.Name, e.OptimalLength, e.Proof, inst.Optimal, inst.Proof)
			}
			b, err := puzzles.ReadBoardFile(filepath.Join(dir, e.File))
			if err != nil || !b.Equal(inst.Board) {
				t.Errorf("%s %s: read back %v (%v)", tc.set, inst.Name, b, err)
			}
			if inst.Text != nil && inst.Format == puzzles.FormatRows {
				if got, _ := os.ReadFile(filepath.Join(dir, e.File)); !bytes.Equal(got, inst.Text) {
					t.Errorf("%s %s: shipped file not kept byte for byte", tc.set, inst.Name)
				}
			}
		}
	}
	if _, err := puzzles.ExportSet(puzzles.Set{Name: "empty"}, t.TempDir(), puzzles.FormatRows, ""); err == nil {
		t.Error("an empty set was exported")
	}
}
