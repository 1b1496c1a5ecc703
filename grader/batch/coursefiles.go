package batch

import (
	"bytes"
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// maxHandedOutBytes bounds the answer key and puzzle files read to
// recognise the course's own public key.
const maxHandedOutBytes = 8 << 20

// handedOut drops from the findings of a submission's inspection the
// answer keys the course itself hands out (handsOutKey): the public
// tests' key that kpuzzle init puts in the Classroom repository, which a
// student who grades themselves as the handout says, and every
// repository staff clone, hold by design.
func handedOut(dir string, found []grader.IntegrityFinding, tests []grader.Test) []grader.IntegrityFinding {
	var kept []grader.IntegrityFinding
	for _, f := range found {
		if !f.Notice && f.Finding == integrity.FindAnswerKey && handsOutKey(dir, f.File, tests) {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// handsOutKey reports whether the answer key at rel (slash-separated) in
// submission dir holds only answers the course hands out: every entry
// with an optimal length or a solution names a puzzle file beside the
// key, inside the submission and not a link, whose board is the board of
// a test students see (not hidden). A key with
// an answer to a hidden test, to a puzzle the assignment does not grade,
// or one that cannot be read, is still flagged.
func handsOutKey(dir, rel string, tests []grader.Test) bool {
	keyPath := filepath.Join(dir, filepath.FromSlash(rel))
	data, ok := readRegular(keyPath)
	if !ok {
		return false
	}
	m, err := puzzles.ParseManifest(data, rel)
	if err != nil {
		return false
	}
	answered := 0
	for _, e := range m.Puzzles {
		if e.OptimalLength == nil && len(e.Solution) == 0 {
			continue
		}
		answered++
		p := path.Join(path.Dir(rel), e.File)
		if !filepath.IsLocal(filepath.FromSlash(p)) {
			return false
		}
		text, ok := readRegular(filepath.Join(dir, filepath.FromSlash(p)))
		if !ok {
			return false
		}
		b, err := puzzles.ParseBoard(bytes.NewReader(text), p)
		if err != nil || !visibleTest(b, tests) {
			return false
		}
	}
	return answered > 0
}

// visibleTest reports whether b is the board of a test students see:
// anything said of it (its optimal length, a solution) a student can
// work out from the board they are given.
func visibleTest(b puzzles.Board, tests []grader.Test) bool {
	for _, t := range tests {
		if !t.Hidden && !t.Board.IsZero() && t.Board.Equal(b) {
			return true
		}
	}
	return false
}

// readRegular reads a regular file (not a link) of at most
// maxHandedOutBytes.
func readRegular(p string) ([]byte, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxHandedOutBytes {
		return nil, false
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxHandedOutBytes+1))
	if err != nil || len(data) > maxHandedOutBytes {
		return nil, false
	}
	return data, true
}
