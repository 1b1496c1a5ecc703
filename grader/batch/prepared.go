package batch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// PreparedFile is the name kpuzzle grade prepare gives its file in the
// folder it writes (SavePrepared).
const PreparedFile = "prepared.json"

// Prepared is what Prepare found, as kpuzzle grade prepare writes it for
// the shards (prepared.json).
type Prepared struct {
	// Fingerprint is the assignment's and the puzzle set's
	// (Fingerprint, over the tests as the key gives them).
	Fingerprint string `json:"fingerprint"`
	// Optima maps every test to its optimal length.
	Optima map[string]check.Optimum `json:"optima"`
}

// NewPrepared records prepared tests for the assignment whose tests as
// the key gives them are keyTests.
func NewPrepared(a grader.Assignment, keyTests, prepared []grader.Test) Prepared {
	p := Prepared{Fingerprint: Fingerprint(a, keyTests), Optima: map[string]check.Optimum{}}
	for _, t := range prepared {
		p.Optima[t.Name] = t.Optimum
	}
	return p
}

// maxPreparedBytes caps a prepared file.
const maxPreparedBytes = 64 << 20

// ReadPrepared reads a prepared file; errors name it (and the line of a
// syntax error).
func ReadPrepared(r io.Reader, name string) (Prepared, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPreparedBytes+1))
	if err != nil {
		return Prepared{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxPreparedBytes {
		return Prepared{}, fmt.Errorf("%s: larger than %d MiB; expected the prepared.json of kpuzzle grade prepare", name, maxPreparedBytes>>20)
	}
	var p Prepared
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
			return Prepared{}, fmt.Errorf("%s:%d: %v; expected the prepared.json of kpuzzle grade prepare", name, line, err)
		}
		return Prepared{}, fmt.Errorf("%s: %v; expected the prepared.json of kpuzzle grade prepare", name, err)
	}
	if p.Fingerprint == "" || p.Optima == nil {
		return Prepared{}, fmt.Errorf("%s: no fingerprint or optima; expected the prepared.json of kpuzzle grade prepare", name)
	}
	for test, o := range p.Optima {
		if o.Known && o.Length < 0 {
			return Prepared{}, fmt.Errorf("%s: test %s has a negative optimal length %d", name, test, o.Length)
		}
	}
	return p, nil
}

// WritePrepared writes p as indented JSON.
func WritePrepared(w io.Writer, p Prepared) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

// Apply gives keyTests (the assignment's tests as the key gives them) the
// prepared optima, after checking that p was made for this assignment and
// puzzle set.
func (p Prepared) Apply(a grader.Assignment, keyTests []grader.Test) ([]grader.Test, error) {
	if p.Fingerprint != Fingerprint(a, keyTests) {
		return nil, errors.New("it was prepared for another assignment or puzzle set (the puzzle set, goal, moves, run, build or optimal settings differ); run kpuzzle grade prepare again")
	}
	out := append([]grader.Test(nil), keyTests...)
	for i, t := range out {
		o, ok := p.Optima[t.Name]
		if !ok {
			return nil, fmt.Errorf("it has no optimal length for test %s; run kpuzzle grade prepare again", t.Name)
		}
		if t.Optimum.Known && (!o.Known || o.Length != t.Optimum.Length) {
			return nil, fmt.Errorf("test %s: it says %v but the key says %d; run kpuzzle grade prepare again", t.Name, o, t.Optimum.Length)
		}
		out[i].Optimum = o
	}
	return out, nil
}

// PreparedError is a prepared file that cannot be used: one that is not
// a prepared file (Err names the file and, for a syntax error, the
// line), or, with Mismatch, one made for another assignment or puzzle
// set (Err says what differs).
type PreparedError struct {
	// File is the prepared file as it was named.
	File string
	// Mismatch is set when the file was read but does not fit the
	// assignment's tests (Prepared.Apply refused it).
	Mismatch bool
	// Err is what is wrong.
	Err error
}

func (e *PreparedError) Error() string {
	if e.Mismatch {
		return e.File + ": " + e.Err.Error()
	}
	return e.Err.Error()
}

func (e *PreparedError) Unwrap() error { return e.Err }

// LoadTests reads the (normalized) assignment's tests
// (Assignment.LoadTests) and, when prepared names a file of kpuzzle grade
// prepare, gives them the optimal lengths it proved. Errors: a
// *grader.ConfigError for what the assignment's keys got wrong (a
// missing puzzle set, a bad answer key), a *PreparedError for a prepared
// file that is not one or does not fit, and the file system's error
// (an *fs.PathError) for a prepared file that cannot be opened.
func LoadTests(a grader.Assignment, prepared string) ([]grader.Test, error) {
	tests, err := a.LoadTests()
	if err != nil || prepared == "" {
		return tests, err
	}
	f, err := puzzles.OpenFile(prepared)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := ReadPrepared(f, prepared)
	if err != nil {
		return nil, &PreparedError{File: prepared, Err: err}
	}
	if tests, err = p.Apply(a, tests); err != nil {
		return nil, &PreparedError{File: prepared, Mismatch: true, Err: err}
	}
	return tests, nil
}

// SavePrepared writes p as dir/prepared.json (PreparedFile), making dir
// (private to the grader) if need be, and returns the file's path. The
// file is replaced at once: a reader sees the old file or the new one.
func SavePrepared(dir string, p Prepared) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, PreparedFile)
	if err := atomicfile.Write(path, 0o600, func(w io.Writer) error { return WritePrepared(w, p) }); err != nil {
		return "", err
	}
	return path, nil
}

// PreparedCounts compares the tests as the key gives them (keyTests) with
// the same tests after Prepare (prepared, in the same order): proved
// counts the optimal lengths Prepare proved, unknown the solvable tests
// whose optimal length is still unknown.
func PreparedCounts(keyTests, prepared []grader.Test) (proved, unknown int) {
	for i, t := range prepared {
		switch {
		case !t.Optimum.Known && t.Solvable:
			unknown++
		case t.Optimum.Known && i < len(keyTests) && !keyTests[i].Optimum.Known:
			proved++
		}
	}
	return proved, unknown
}
