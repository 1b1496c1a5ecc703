package puzzles

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// GoalFile is the name a set folder gives its goal board when the goal is
// not a built-in one.
const GoalFile = "goal.txt"

// SetPuzzle is one puzzle to be written into a set folder with its
// manifest entry; Entry.File names the file to write.
type SetPuzzle struct {
	Board Board
	Entry ManifestEntry
	// Text, when not nil, is written as the puzzle's file instead of
	// Board in the set's format: a file exported as it was shipped. It
	// must hold Board.
	Text []byte
}

// ExportSet writes the set s into dir as a set folder (WriteSetDir) and
// returns how many puzzles it wrote: each instance in format f, under its
// own name when that is a .txt file's name and as SET_ID.txt otherwise
// (the ids zero-padded to one width), with its solvability and, where
// recorded, its optimal length and proof. An instance shipped as a file in
// format f is written byte for byte (the CS3243 inputs keep their CRLF
// line ends). The manifest records tile moves, the shape when every board
// has the same one, and generator.
func ExportSet(s Set, dir string, f Format, generator string) (int, error) {
	if len(s.Instances) == 0 {
		return 0, fmt.Errorf("set %s has no puzzles", s.Name)
	}
	var shape Shape
	mixed := false
	width := len(fmt.Sprint(len(s.Instances)))
	entries := make([]SetPuzzle, len(s.Instances))
	for i, inst := range s.Instances {
		sh := inst.Board.Shape()
		if i > 0 && sh != shape {
			mixed = true
		}
		shape = sh
		file := inst.Name
		if !strings.HasSuffix(file, ".txt") {
			file = fmt.Sprintf("%s_%0*s.txt", s.Name, width, inst.Name)
		}
		e := ManifestEntry{File: file, Solvable: Solvable(inst.Board, s.Goal(inst))}
		if inst.Optimal >= 0 {
			n := inst.Optimal
			e.OptimalLength, e.Proof = &n, inst.Proof
		}
		entries[i] = SetPuzzle{Board: inst.Board, Entry: e}
		if inst.Text != nil && inst.Format == f {
			entries[i].Text = inst.Text
		}
	}
	m := Manifest{Convention: TileMoves.String(), Generator: generator}
	if !mixed {
		m.Shape = shape.String()
	}
	if err := WriteSetDir(dir, m, s.Goal(s.Instances[0]), entries, f); err != nil {
		return 0, err
	}
	return len(entries), nil
}

// WriteSetDir writes a puzzle set into dir (created if needed): one file
// per puzzle in format f, the goal as goal.txt when it is not a built-in
// one, and manifest.json listing them in order. m.Puzzles is replaced by
// the entries of puzzles. Files are written whole and renamed into place,
// so a reader never sees a half-written manifest.
func WriteSetDir(dir string, m Manifest, g Goal, puzzles []SetPuzzle, f Format) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	m.Goal = g.Name()
	if !g.IsBuiltin() {
		if err := atomicfile.WriteBytes(filepath.Join(dir, GoalFile), 0o644, []byte(g.Board().Format(FormatRows))); err != nil {
			return err
		}
		m.Goal = GoalFile
	}
	m.Format = f.String()
	m.Puzzles = make([]ManifestEntry, len(puzzles))
	for i, p := range puzzles {
		if !filepath.IsLocal(p.Entry.File) {
			return fmt.Errorf("write set: puzzle file %q must be a path inside %s", p.Entry.File, dir)
		}
		path := filepath.Join(dir, p.Entry.File)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteBytes(path, 0o644, p.bytes(f)); err != nil {
			return err
		}
		m.Puzzles[i] = p.Entry
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, m); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, ManifestFile), 0o644, buf.Bytes())
}

// ManifestGoal resolves a manifest's goal for puzzles of shape s: a
// built-in name, or a goal file relative to the set folder dir.
func ManifestGoal(m Manifest, dir string, s Shape) (Goal, error) {
	return ResolveGoal(m.Goal, dir, s)
}

// bytes is the puzzle's file in format f: Text when it is set.
func (p SetPuzzle) bytes(f Format) []byte {
	if p.Text != nil {
		return p.Text
	}
	return []byte(p.Board.Format(f))
}
