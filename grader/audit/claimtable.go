package audit

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// claimTable reads the comma- or tab-separated tables the auditor takes:
// claimed values (ParseValues) and claimed statistics (ParseStatsClaims).
// At most MaxValuesBytes are read; a UTF-8 byte-order mark is dropped;
// fields are separated by tabs (TSV) when the first line that is not
// blank holds one, else by commas (CSV, quoted as RFC 4180 says); lines of
// spaces are skipped; every row has as many fields as the header. Every
// error is a *puzzles.ParseError naming the file, the line and the column.
type claimTable struct {
	name   string
	format ValuesFormat
	cr     *csv.Reader
	// width is the header's number of fields and headerLine its line,
	// once header has read it.
	width, headerLine int
}

// readTable reads r, named name, whole. expected says what the file
// should hold, for the error on an empty or oversized file.
func readTable(r io.Reader, name, expected string) (*claimTable, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxValuesBytes+1))
	if err != nil {
		return nil, &puzzles.ParseError{File: name, Err: err}
	}
	if len(data) > MaxValuesBytes {
		return nil, &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: more than %d MiB; expected %s", puzzles.ErrTooLarge, MaxValuesBytes>>20, expected)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: expected %s", puzzles.ErrEmpty, expected)}
	}
	t := &claimTable{name: name, cr: csv.NewReader(bytes.NewReader(data))}
	first := data
	for len(bytes.TrimSpace(first[:lineEnd(first)])) == 0 {
		first = first[lineEnd(first)+1:]
	}
	if bytes.IndexByte(first[:lineEnd(first)], '\t') >= 0 {
		t.format = TSV
		t.cr.Comma = '\t'
	}
	t.cr.FieldsPerRecord = -1
	t.cr.ReuseRecord = true
	return t, nil
}

func lineEnd(b []byte) int {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return i
	}
	return len(b)
}

// errAt places err at line and column col of the file (0: unknown).
func (t *claimTable) errAt(line, col int, err error) error {
	return &puzzles.ParseError{File: t.name, Line: line, Col: col, Err: err}
}

// read returns the next record that is not a line of spaces, or io.EOF.
func (t *claimTable) read() ([]string, error) {
	for {
		rec, err := t.cr.Read()
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, t.errAt(pe.Line, pe.Column, fmt.Errorf("%w: %v; expected %s fields", puzzles.ErrSyntax, pe.Err, t.format))
		}
		if err == nil && len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		return rec, err
	}
}

// header reads the header line; io.EOF means the file has none. The
// record is reused by the next read.
func (t *claimTable) header() ([]string, error) {
	rec, err := t.read()
	if err != nil {
		return nil, err
	}
	t.width = len(rec)
	t.headerLine, _ = t.cr.FieldPos(0)
	return rec, nil
}

// row reads the next row and its line, checking that it has as many
// fields as the header; io.EOF ends the table.
func (t *claimTable) row() ([]string, int, error) {
	rec, err := t.read()
	if err != nil {
		return nil, 0, err
	}
	line, _ := t.cr.FieldPos(0)
	if len(rec) != t.width {
		return nil, line, t.errAt(line, 0, fmt.Errorf("%w: %d fields, expected %d as the header (line %d) says", ErrFields, len(rec), t.width, t.headerLine))
	}
	return rec, line, nil
}

// column is the column where field i of the last record read starts.
func (t *claimTable) column(i int) int {
	_, c := t.cr.FieldPos(i)
	return c
}
