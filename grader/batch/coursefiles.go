package batch

import (
	"bytes"
	"context"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// maxHandedOutBytes bounds the answer key and puzzle files read to
// recognise the course's own public key.
const maxHandedOutBytes = 8 << 20

// handedOut drops from the findings of a submission's inspection what
// the course itself hands out: the public tests' answer key
// (handsOutKey) and the browser checker page (handsOutChecker) that
// kpuzzle init puts in the Classroom repository, which a student who
// grades themselves as the handout says, and every repository staff
// clone, hold by design. opaqueAbove is integrity.opaque_above.
func handedOut(dir string, found []grader.IntegrityFinding, tests []grader.Test, opaqueAbove int64) []grader.IntegrityFinding {
	var kept []grader.IntegrityFinding
	for _, f := range found {
		if !f.Notice && f.Finding == integrity.FindAnswerKey && handsOutKey(dir, f.File, tests) {
			continue
		}
		if !f.Notice && strings.HasPrefix(f.Finding, integrity.FindOpaque) && handsOutChecker(dir, f.File, opaqueAbove) {
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
func readRegular(p string) ([]byte, bool) { return readRegularUpTo(p, maxHandedOutBytes) }

// readRegularUpTo reads a regular file (not a link) of at most limit
// bytes.
func readRegularUpTo(p string, limit int64) ([]byte, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > limit {
		return nil, false
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil || int64(len(data)) > limit {
		return nil, false
	}
	return data, true
}

// maxCheckerBytes bounds the pages read to recognise the course's own
// checker page: its module is about 3 MiB of text.
const maxCheckerBytes = 16 << 20

// checkerModule is the checker module's text as this build's pages embed
// it, made once.
var checkerModule = sync.OnceValue(func() []byte { return []byte(checkpage.ModuleText()) })

// handsOutChecker reports whether the file at rel (slash-separated) in
// submission dir, named for its encoded data, is a checker page of
// kpuzzle's (kpuzzle page, the checker.html kpuzzle init puts in the
// Classroom repository): a regular file that embeds this build's checker
// module byte for byte once, and whose other text holds less encoded data
// than opaqueAbove, so that nothing can ride beside the module. A page
// made by another build of kpuzzle, or one with a payload beside the
// module, is still named.
func handsOutChecker(dir, rel string, opaqueAbove int64) bool {
	if !strings.HasSuffix(strings.ToLower(rel), ".html") {
		return false
	}
	data, ok := readRegularUpTo(filepath.Join(dir, filepath.FromSlash(rel)), maxCheckerBytes)
	if !ok {
		return false
	}
	module := checkerModule()
	if bytes.Count(data, module) != 1 {
		return false
	}
	rest := bytes.Replace(data, module, nil, 1)
	n, err := integrity.EncodedBytes(context.Background(), bytes.NewReader(rest))
	return err == nil && n < opaqueAbove
}
