package journal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

// Version is the journal format version written in the header.
const Version = 1

// Record kinds.
const (
	KindHeader     = "header"
	KindResult     = "result"
	KindOptimum    = "optimum"
	KindSubmission = "submission"
)

// MaxLineBytes caps one journal line; a longer line is treated as damage.
const MaxLineBytes = 1 << 20

// Errors of Open.
var (
	// ErrExists: the journal already holds results and resuming was not
	// asked for.
	ErrExists = errors.New("journal exists")
	// ErrMismatch: the journal belongs to another assignment or puzzle
	// set.
	ErrMismatch = errors.New("journal belongs to another assignment")
	// ErrLocked: another grader is writing the journal.
	ErrLocked = errors.New("journal is in use by another kpuzzle grade")
	// ErrNoHeader: the file does not start with a journal header.
	ErrNoHeader = errors.New("not a kpuzzle journal")
)

// Header is the journal's first record.
type Header struct {
	Version int `json:"version"`
	// Fingerprint identifies the assignment and puzzle set.
	Fingerprint string `json:"fingerprint"`
	// Shard is "i/n" when the run grades one shard of a class split
	// over n runs, empty for a whole class.
	Shard string `json:"shard,omitempty"`
	// Class identifies the whole class (a digest of every submission's
	// name) and Submissions names the ones this run grades, so that the
	// shards of one grading can be told apart from any other's.
	Class       string   `json:"class,omitempty"`
	Submissions []string `json:"submissions,omitempty"`
}

// Record is one line of the journal.
type Record struct {
	Kind string `json:"kind"`

	// Header fields (Kind == KindHeader).
	Version     int      `json:"version,omitempty"`
	Fingerprint string   `json:"fingerprint,omitempty"`
	Shard       string   `json:"shard,omitempty"`
	Class       string   `json:"class,omitempty"`
	Submissions []string `json:"submissions,omitempty"`

	// Submission and Digest identify the submission of a result: its name
	// and a digest of its files, so that a submission changed between a
	// run and its resumption is graded again.
	Submission string `json:"submission,omitempty"`
	Digest     string `json:"digest,omitempty"`
	// Result is the result of a test (Kind == KindResult).
	Result *grader.Result `json:"result,omitempty"`

	// Test and Optimum are an optimal length proved before grading
	// (Kind == KindOptimum).
	Test    string         `json:"test,omitempty"`
	Optimum *check.Optimum `json:"optimum,omitempty"`

	// Received and People are what a submission held and who submitted
	// it (Kind == KindSubmission, with Submission and Digest).
	Received *grader.FilesReceived `json:"received,omitempty"`
	People   []grader.Person       `json:"people,omitempty"`
	// Integrity is what the inspection before the first run found in the
	// submission (Kind == KindSubmission; see package integrity).
	Integrity []grader.IntegrityFinding `json:"integrity,omitempty"`
}

// Key identifies what a record is about; the first record of a key
// counts.
func (r Record) Key() string {
	switch r.Kind {
	case KindResult:
		return KindResult + "\x00" + r.Submission + "\x00" + r.Digest + "\x00" + r.Result.Test
	case KindOptimum:
		return KindOptimum + "\x00" + r.Test
	case KindSubmission:
		return KindSubmission + "\x00" + r.Submission + "\x00" + r.Digest
	}
	return r.Kind
}

// Contents is what Read found in a journal.
type Contents struct {
	Header Header
	// Records are the valid records after the header, first occurrence of
	// each key only, in file order.
	Records []Record
	// Damaged counts lines dropped for a bad checksum, bad JSON or a
	// missing newline; Duplicates counts records dropped as repeats.
	Damaged, Duplicates int
	// ValidBytes is the offset just after the last valid line: where
	// appending resumes, cutting off a torn or damaged tail. Damaged lines
	// before it stay in the file and are skipped on every read.
	ValidBytes int64
}

// Read parses a journal. A damaged line is skipped (and counted), never an
// error; the error result is for a file that does not start with a valid
// header, or a failed read.
func Read(r io.Reader) (Contents, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var c Contents
	seen := map[string]bool{}
	var offset int64
	first := true
	for {
		line, n, err := readLine(br)
		if n == 0 {
			if err != nil && !errors.Is(err, io.EOF) {
				return Contents{}, err
			}
			break
		}
		offset += n
		rec, ok := decodeLine(line)
		if first {
			if !ok || rec.Kind != KindHeader {
				return Contents{}, ErrNoHeader
			}
			c.Header = Header{Version: rec.Version, Fingerprint: rec.Fingerprint, Shard: rec.Shard, Class: rec.Class, Submissions: rec.Submissions}
			c.ValidBytes = offset
			first = false
			continue
		}
		switch {
		case !ok || !rec.valid():
			c.Damaged++
		case seen[rec.Key()]:
			c.Duplicates++
			c.ValidBytes = offset
		default:
			seen[rec.Key()] = true
			c.Records = append(c.Records, rec)
			c.ValidBytes = offset
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return Contents{}, err
			}
			break
		}
	}
	if first {
		return Contents{}, ErrNoHeader
	}
	return c, nil
}

// readLine returns the next line with its newline (if any) and the number
// of bytes it took from br. A line longer than MaxLineBytes is consumed
// whole but returned empty, so that it fails to decode.
func readLine(br *bufio.Reader) ([]byte, int64, error) {
	var line []byte
	var n int64
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if n <= MaxLineBytes {
			line = append(line, chunk...)
		} else {
			line = nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, n, err
	}
}

// decodeLine checks and decodes one line, which must end in a newline.
func decodeLine(line []byte) (Record, bool) {
	if len(line) < 11 || line[len(line)-1] != '\n' || line[8] != ' ' {
		return Record{}, false
	}
	body := line[9 : len(line)-1]
	want, err := strconv.ParseUint(string(line[:8]), 16, 32)
	if err != nil || crc32.ChecksumIEEE(body) != uint32(want) {
		return Record{}, false
	}
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil || dec.More() {
		return Record{}, false
	}
	return rec, true
}

// valid reports whether a non-header record has what its kind needs.
func (r Record) valid() bool {
	switch r.Kind {
	case KindResult:
		return r.Submission != "" && r.Result != nil && r.Result.Test != "" && r.Result.Verdict.Known()
	case KindOptimum:
		return r.Test != "" && r.Optimum != nil
	case KindSubmission:
		return r.Submission != "" && r.Received != nil
	}
	return false
}

// EncodeLine is the journal line of a record, newline included.
func EncodeLine(r Record) ([]byte, error) {
	body, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	line := make([]byte, 0, len(body)+10)
	line = fmt.Appendf(line, "%08x ", crc32.ChecksumIEEE(body))
	line = append(line, body...)
	return append(line, '\n'), nil
}

// Journal is a journal open for appending. Its methods are safe for
// concurrent use.
type Journal struct {
	mu   sync.Mutex
	f    *os.File
	path string
	err  error
	// fresh is set when Open wrote the header, and appended once a record
	// was appended: Discard removes a fresh journal that holds nothing.
	fresh, appended bool
}

// Open opens the journal at path for a run whose header is h. A missing or
// empty file is created with the header, and so is one that holds only a
// header (a grading refused before it recorded anything leaves nothing
// that blocks the next). An existing journal is an error wrapping
// ErrExists unless resume is set; with resume its header must match h
// (ErrMismatch), its torn tail is cut off, and its contents are returned
// so that the caller can skip finished work.
func Open(path string, h Header, resume bool) (*Journal, Contents, error) {
	h.Version = Version
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, Contents{}, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, Contents{}, fmt.Errorf("%s: %w", path, ErrLocked)
	}
	fail := func(err error) (*Journal, Contents, error) {
		f.Close()
		return nil, Contents{}, err
	}
	st, err := f.Stat()
	if err != nil {
		return fail(err)
	}
	var c Contents
	if st.Size() > 0 {
		c, err = Read(f)
		if err == nil && len(c.Records) == 0 && c.Damaged == 0 {
			// Only a header: a grading that was refused before it
			// recorded anything (a run killed then, or one from before
			// Discard). Nothing is lost by starting again.
			if err := f.Truncate(0); err != nil {
				return fail(err)
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return fail(err)
			}
			st, c = nil, Contents{}
		} else if !resume {
			return fail(fmt.Errorf("%s: %w from an earlier run; pass --resume to continue it, or remove it to start over", path, ErrExists))
		}
	}
	fresh := st == nil || st.Size() == 0
	if !fresh {
		if err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
		if c.Header.Version != Version || c.Header.Fingerprint != h.Fingerprint {
			return fail(fmt.Errorf("%s: %w (the puzzle set, goal, moves, run or build settings differ); remove it or use another output folder", path, ErrMismatch))
		}
		if c.Header.Shard != h.Shard || c.Header.Class != h.Class {
			return fail(fmt.Errorf("%s: %w (it grades shard %q of class %.12s, this run shard %q of class %.12s); remove it or use another output folder",
				path, ErrMismatch, c.Header.Shard, c.Header.Class, h.Shard, h.Class))
		}
		if c.ValidBytes < st.Size() {
			if err := f.Truncate(c.ValidBytes); err != nil {
				return fail(err)
			}
		}
		if _, err := f.Seek(c.ValidBytes, io.SeekStart); err != nil {
			return fail(err)
		}
		if err := f.Sync(); err != nil {
			return fail(err)
		}
	} else {
		line, err := EncodeLine(Record{Kind: KindHeader, Version: h.Version, Fingerprint: h.Fingerprint, Shard: h.Shard, Class: h.Class, Submissions: h.Submissions})
		if err != nil {
			return fail(err)
		}
		if _, err := f.Write(line); err != nil {
			return fail(err)
		}
		if err := f.Sync(); err != nil {
			return fail(err)
		}
		if err := syncDir(filepath.Dir(path)); err != nil {
			return fail(err)
		}
		c.Header = h
		c.ValidBytes = int64(len(line))
	}
	return &Journal{f: f, path: path, fresh: fresh}, c, nil
}

// Append writes one record durably: it returns after the line is on disk.
// After a failed append every later append fails too, so that the journal
// never holds a line after a gap.
func (j *Journal) Append(r Record) error {
	line, err := EncodeLine(r)
	if err != nil {
		return err
	}
	if len(line) > MaxLineBytes {
		return fmt.Errorf("journal: record of %d bytes is over the %d-byte line limit", len(line), MaxLineBytes)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return j.err
	}
	if _, err := j.f.Write(line); err != nil {
		j.err = fmt.Errorf("journal %s: %w", j.path, err)
		return j.err
	}
	j.appended = true
	if err := j.f.Sync(); err != nil {
		j.err = fmt.Errorf("journal %s: %w", j.path, err)
		return j.err
	}
	return nil
}

// Discard closes the journal and, when Open created it and nothing was
// appended since, removes the file: a grading refused before its first
// record (the sandbox's check, a contradicting answer key) leaves no
// journal that would make the next run ask for --resume. A journal that
// holds records, or that Open found, is only closed.
func (j *Journal) Discard() error {
	j.mu.Lock()
	remove := j.fresh && !j.appended && j.f != nil
	j.mu.Unlock()
	err := j.Close()
	if remove {
		if rerr := os.Remove(j.path); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) && err == nil {
			err = rerr
		}
	}
	return err
}

// Close releases the lock and closes the file.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	if j.err == nil {
		j.err = fs.ErrClosed
	}
	return err
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
