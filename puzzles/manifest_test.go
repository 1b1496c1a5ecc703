package puzzles_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestWriteSetDirRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := puzzles.Shape{3, 3}
	goal := puzzles.NewGoal(puzzles.MustBoard(3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0), "swapped")
	rng := puzzles.NewRand(1)
	four := 4
	var set []puzzles.SetPuzzle
	for i, name := range []string{"a.txt", "sub/b.txt"} {
		b := puzzles.RandomSolvable(rng, goal)
		e := puzzles.ManifestEntry{File: name, Solvable: true}
		if i == 0 {
			e.OptimalLength = &four
			e.Proof = "test"
		}
		set = append(set, puzzles.SetPuzzle{Board: b, Entry: e})
	}
	if err := puzzles.WriteSetDir(dir, puzzles.Manifest{Convention: "tile", Shape: "3x3"}, goal, set, puzzles.FormatPrinceton); err != nil {
		t.Fatal(err)
	}
	m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Goal != puzzles.GoalFile || m.Format != "princeton" {
		t.Errorf("goal %q format %q; want %q princeton", m.Goal, m.Format, puzzles.GoalFile)
	}
	g, err := puzzles.ManifestGoal(m, dir, s)
	if err != nil || !g.Board().Equal(goal.Board()) {
		t.Fatalf("ManifestGoal = %v, %v; want %v", g.Board(), err, goal.Board())
	}
	for i, e := range m.Puzzles {
		b, err := puzzles.ReadBoardFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if !b.Equal(set[i].Board) {
			t.Errorf("%s holds %v, want %v", e.File, b, set[i].Board)
		}
		if diff := cmp.Diff(set[i].Entry, e); diff != "" {
			t.Errorf("entry %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestParseManifestRejects(t *testing.T) {
	tests := map[string]struct {
		data string
		line int
	}{
		"syntax":           {"{\n  \"puzzles\": [\n    {\"file\": }\n]}", 3},
		"type":             {"{\"puzzles\": [{\"file\": 3}]}", 1},
		"no puzzles":       {"{\"goal\": \"default\"}", 0},
		"escaping path":    {"{\"puzzles\": [{\"file\": \"../secret.txt\"}]}", 0},
		"absolute path":    {"{\"puzzles\": [{\"file\": \"/etc/passwd\"}]}", 0},
		"bad convention":   {"{\"moves\": \"sideways\", \"puzzles\": []}", 0},
		"negative length":  {"{\"puzzles\": [{\"file\": \"a\", \"optimal_length\": -1}]}", 0},
		"missing file key": {"{\"puzzles\": [{\"solvable\": true}]}", 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := puzzles.ParseManifest([]byte(tc.data), "m.json")
			var pe *puzzles.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.Line != tc.line {
				t.Errorf("line %d, want %d (%v)", pe.Line, tc.line, err)
			}
		})
	}
	if _, err := puzzles.ReadManifest(filepath.Join(t.TempDir(), "none.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing manifest: %v", err)
	}
}

// TestManifestErrorsSayWhatIsWrong: errors of a manifest name the file and
// the place and say it is a syntax or range problem, never "not a number"
// for something that is not about a number.
func TestManifestErrorsSayWhatIsWrong(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"{\n  \"puzzles\": [\n    {\"file\": }\n  ]\n}\n", "m.json:3:15: syntax error: invalid character '}'"},
		{`{"goal": "default"}`, `m.json: syntax error: no "puzzles" list`},
		{`{"puzzles": [{"solvable": true}]}`, `m.json: syntax error: puzzles[0] has no "file"`},
		{`{"puzzles": [{"file": "../x.txt"}]}`, `m.json: syntax error: puzzles[0] file "../x.txt" must be a path inside the set's folder`},
	} {
		_, err := puzzles.ParseManifest([]byte(tc.text), "m.json")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "not a number") {
			t.Errorf("%q: %v, want %q...", tc.text, err, tc.want)
		}
	}
}
