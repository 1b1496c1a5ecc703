package audit

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// MaxValuesBytes caps the size of a values file: the 181,440 states of
// the 8-puzzle take about 4 MB, those of the 2x5 board about 45 MB.
const MaxValuesBytes = 512 << 20

// Errors of the table parsers, wrapped in *puzzles.ParseError values.
var (
	// ErrHeader reports a header that does not name the columns needed.
	ErrHeader = errors.New("bad header")
	// ErrFields reports a row with another number of fields than the
	// header.
	ErrFields = errors.New("wrong number of fields")
)

// ValuesFormat is the field separator of a values file.
type ValuesFormat uint8

// Values file formats.
const (
	// CSV separates fields by commas (RFC 4180 quoting).
	CSV ValuesFormat = iota
	// TSV separates fields by tabs.
	TSV
)

// String is "csv" or "tsv".
func (f ValuesFormat) String() string {
	if f == TSV {
		return "tsv"
	}
	return "csv"
}

// Claims is a values file (--values): claimed heuristic values, one per
// state. It is a Source and a StateLister; states it does not list have
// no value. A Claims is immutable and safe for concurrent use.
type Claims struct {
	// File names the file in reports and errors.
	File string
	// Shape is the board size of every state.
	Shape puzzles.Shape
	// Format is the separator the file used.
	Format ValuesFormat

	states [][]uint8
	values []float64
	lines  []int
	index  map[string]int
	origin Origin
}

// ReadValuesFile parses the values file at path; see ParseValues. The
// Claims' Origin names the file (absolute) and its SHA-256.
func ReadValuesFile(path string, shape puzzles.Shape) (*Claims, error) {
	f, err := puzzles.OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	c, err := ParseValues(io.TeeReader(f, h), path, shape)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(h, f); err != nil { // what the parser left unread
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c.origin = Origin{Kind: OriginKindValues, File: path, Digest: hex.EncodeToString(h.Sum(nil))}
	if abs, err := filepath.Abs(path); err == nil {
		c.origin.File = abs
	}
	return c, nil
}

// Origin is the values file and its digest (from ReadValuesFile), or
// the name ParseValues was given.
func (c *Claims) Origin() Origin {
	if c.origin.Kind == "" {
		return Origin{Kind: OriginKindValues, File: c.File}
	}
	return c.origin
}

// ParseValues reads a values file: a header line naming the columns state
// and h (case-insensitively, in any order; other columns are ignored),
// then one line per state: the state's cells in row-major order
// separated by spaces (0 the blank), and its value, an integer or a real.
// Fields are separated by commas (CSV, quoted as RFC 4180 says) or, when
// the header line holds a tab, by tabs (TSV). A UTF-8 byte-order mark,
// CRLF line ends and blank lines are accepted. A state may appear twice
// only with the same value. shape is the board size; the zero Shape
// means a square board inferred from the first state. Every error is a
// *puzzles.ParseError naming name, the line and the column.
func ParseValues(r io.Reader, name string, shape puzzles.Shape) (*Claims, error) {
	t, err := readTable(r, name, "a header line state,h and one line per state")
	if err != nil {
		return nil, err
	}
	c := &Claims{File: name, Shape: shape, Format: t.format, index: map[string]int{}}
	rec, err := t.header()
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: expected a header line state,h", puzzles.ErrEmpty)}
		}
		return nil, err
	}
	errAt, headerLine := t.errAt, t.headerLine
	stateCol, hCol := -1, -1
	for i, f := range rec {
		switch strings.ToLower(strings.TrimSpace(f)) {
		case "state":
			if stateCol >= 0 {
				return nil, errAt(headerLine, t.column(i), fmt.Errorf("%w: two state columns; expected a header line such as state,h", ErrHeader))
			}
			stateCol = i
		case "h":
			if hCol >= 0 {
				return nil, errAt(headerLine, t.column(i), fmt.Errorf("%w: two h columns; expected a header line such as state,h", ErrHeader))
			}
			hCol = i
		}
	}
	if stateCol < 0 || hCol < 0 {
		missingCol := "state"
		if stateCol >= 0 {
			missingCol = "h"
		}
		return nil, errAt(headerLine, 0, fmt.Errorf("%w: found %q, with no %s column; expected a header line such as state,h (comma- or tab-separated)",
			ErrHeader, clip(strings.Join(rec, string(t.cr.Comma))), missingCol))
	}

	for {
		rec, line, err := t.row()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		sc, hc := t.column(stateCol), t.column(hCol)
		cells, err := c.parseState(rec[stateCol], func(err error) error { return errAt(line, sc, err) })
		if err != nil {
			return nil, err
		}
		v, err := ParseNumber(strings.TrimSpace(rec[hCol]))
		if err != nil {
			return nil, errAt(line, hc, fmt.Errorf("%w (the h column)", err))
		}
		key := string(cells)
		if i, dup := c.index[key]; dup {
			if c.values[i] != v {
				return nil, errAt(line, 0, fmt.Errorf("%w: state %s already has h = %s on line %d; this line says %s",
					puzzles.ErrDuplicate, stateString(cells), formatValue(c.values[i]), c.lines[i], formatValue(v)))
			}
			continue
		}
		c.index[key] = len(c.states)
		c.states = append(c.states, cells)
		c.values = append(c.values, v)
		c.lines = append(c.lines, line)
	}
	if len(c.states) == 0 {
		return nil, &puzzles.ParseError{File: name, Err: fmt.Errorf("%w: a header but no states; expected one line per state after the header", puzzles.ErrEmpty)}
	}
	return c, nil
}

// parseState reads the cells of a state field; errAt places its errors.
func (c *Claims) parseState(field string, errAt func(error) error) ([]uint8, error) {
	b, err := puzzles.ParseCells(field, c.Shape)
	if err != nil {
		if c.Shape == (puzzles.Shape{}) && errors.Is(err, puzzles.ErrSize) {
			return nil, errAt(fmt.Errorf("state: %w (--shape RxC gives it)", err))
		}
		return nil, errAt(fmt.Errorf("state: %w", err))
	}
	c.Shape = b.Shape()
	return b.Bytes(), nil
}

// Name is "values: " and the file name.
func (c *Claims) Name() string { return "values: " + c.File }

// Len is the number of distinct states.
func (c *Claims) Len() int { return len(c.states) }

// Claim returns the i-th distinct state (in file order), its value and
// the line it is on. The caller must not modify cells.
func (c *Claims) Claim(i int) (cells []uint8, h float64, line int) {
	return c.states[i], c.values[i], c.lines[i]
}

// States returns the states in file order; the caller must not modify
// them.
func (c *Claims) States() [][]uint8 { return c.states }

// Values looks the states up; a state the file does not list gets NaN.
func (c *Claims) Values(_ context.Context, states [][]uint8, out []float64) error {
	for i, s := range states {
		if j, ok := c.index[string(s)]; ok {
			out[i] = c.values[j]
		} else {
			out[i] = math.NaN()
		}
	}
	return nil
}

// WriteValues writes states and their values as a values file that
// ParseValues reads back: a header state,h, then one line per state.
// Values are written in the shortest form that reads back exactly.
func WriteValues(w io.Writer, format ValuesFormat, states [][]uint8, values []float64) error {
	if len(states) != len(values) {
		return fmt.Errorf("write values: %d states but %d values", len(states), len(values))
	}
	cw := csv.NewWriter(w)
	if format == TSV {
		cw.Comma = '\t'
	}
	if err := cw.Write([]string{"state", "h"}); err != nil {
		return err
	}
	for i, s := range states {
		if err := cw.Write([]string{stateString(s), strconv.FormatFloat(values[i], 'g', -1, 64)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
