package puzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
)

// ManifestFile is the name of a puzzle set's manifest inside its folder.
const ManifestFile = "manifest.json"

// Manifest describes a puzzle set on disk: one file per puzzle plus this
// index, with answer keys where they are known. It is written by
// `kpuzzle gen` and read by the checker and the grader.
type Manifest struct {
	// Shape is the board size of every puzzle ("3x3"), empty when the set
	// mixes shapes.
	Shape string `json:"shape,omitempty"`
	// Goal is "default", "blank-first", or the name of a goal file in the
	// set's folder.
	Goal string `json:"goal"`
	// Convention is the move convention of the solutions: "tile" or "blank".
	Convention string `json:"moves"`
	// Format is the puzzle file format: "rows" or "princeton".
	Format string `json:"format,omitempty"`
	// Seed is the random seed the set was generated with.
	Seed *uint64 `json:"seed,omitempty"`
	// Generator records how the set was made (command and options), for
	// reproduction.
	Generator string          `json:"generator,omitempty"`
	Puzzles   []ManifestEntry `json:"puzzles"`
}

// ManifestEntry is one puzzle of a manifest.
type ManifestEntry struct {
	// File is the puzzle file's path relative to the manifest's folder.
	File     string `json:"file"`
	Solvable bool   `json:"solvable"`
	// OptimalLength is the proven optimal solution length; nil when
	// unknown or the puzzle is unsolvable.
	OptimalLength *int `json:"optimal_length"`
	// Solution is one optimal solution as move tokens under the manifest's
	// convention, when known.
	Solution []string `json:"solution,omitempty"`
	// Proof says how OptimalLength was established, for example
	// "exact table 3x3" or "IDA* + pdb:78".
	Proof string `json:"proof,omitempty"`
	// Seed is the per-puzzle seed or walk description, when the generator
	// records one.
	Seed string `json:"seed,omitempty"`
	// Hidden marks tests whose details are not shown to students.
	Hidden bool `json:"hidden,omitempty"`

	// SolvableUnknown is set on an entry read from a manifest that left
	// "solvable" out (one written by hand): its Solvable is false only
	// by default, and the parity rule must decide. kpuzzle always writes
	// the field.
	SolvableUnknown bool `json:"-"`
}

// ReadManifest reads a manifest file; errors name the file.
func ReadManifest(path string) (Manifest, error) {
	data, err := ReadFile(path)
	if err != nil {
		return Manifest{}, err
	}
	return ParseManifest(data, path)
}

// ParseManifest decodes a manifest and checks it is usable: every entry
// names a file, and known lengths are not negative. Syntax errors are
// reported with their line and column.
func ParseManifest(data []byte, name string) (Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		line, col := 0, 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col = lineCol(data, se.Offset)
		case errors.As(err, &te):
			line, col = lineCol(data, te.Offset)
		case errors.Is(err, io.ErrUnexpectedEOF):
			line, col = lineCol(data, int64(len(data)))
		}
		return Manifest{}, &ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf("%w: %v; expected a kpuzzle manifest (JSON)", ErrSyntax, err)}
	}
	if m.Puzzles == nil {
		return Manifest{}, &ParseError{File: name, Err: fmt.Errorf("%w: no \"puzzles\" list", ErrSyntax)}
	}
	// Which entries leave "solvable" out (the document decoded once
	// already, so this cannot fail).
	var given struct {
		Puzzles []struct {
			Solvable *bool `json:"solvable"`
		} `json:"puzzles"`
	}
	if json.Unmarshal(data, &given) == nil && len(given.Puzzles) == len(m.Puzzles) {
		for i, e := range given.Puzzles {
			m.Puzzles[i].SolvableUnknown = e.Solvable == nil
		}
	}
	if _, err := ParseConvention(m.Convention); err != nil {
		return Manifest{}, &ParseError{File: name, Err: err}
	}
	for i, e := range m.Puzzles {
		if e.File == "" {
			return Manifest{}, &ParseError{File: name, Err: fmt.Errorf("%w: puzzles[%d] has no \"file\"", ErrSyntax, i)}
		}
		if filepath.IsAbs(e.File) || !filepath.IsLocal(e.File) {
			return Manifest{}, &ParseError{File: name, Err: fmt.Errorf("%w: puzzles[%d] file %q must be a path inside the set's folder", ErrSyntax, i, e.File)}
		}
		if e.OptimalLength != nil && *e.OptimalLength < 0 {
			return Manifest{}, &ParseError{File: name, Err: fmt.Errorf("%w: puzzles[%d] optimal_length %d is negative", ErrRange, i, *e.OptimalLength)}
		}
	}
	return m, nil
}

// WriteManifest writes m as indented JSON.
func WriteManifest(w io.Writer, m Manifest) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}

// lineCol converts a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
