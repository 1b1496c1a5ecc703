package puzzles

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
)

// jsonBoardKeys are the fields of a JSON object that hold the board:
// "board" as show --json writes it, "final" as apply --json does, and the
// names other tools use. The first one found is read.
var jsonBoardKeys = map[string]bool{"board": true, "cells": true, "puzzle": true, "start": true, "state": true, "tiles": true, "final": true}

const jsonExpected = `expected JSON: a list of rows such as [[1,2,3],[4,5,6],[7,8,0]], a list of cells, or an object with a "board" field`

// looksJSON reports whether the text opens with a JSON list or object
// (after a byte-order mark and white space).
func looksJSON(data []byte) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(data) > 0 && (data[0] == '[' || data[0] == '{')
}

// jsonReader walks a JSON document token by token, knowing the line and
// column of each.
type jsonReader struct {
	p    *boardParser
	data []byte
	lex  *jsonLexer
}

// placeExact is the line and column of the byte at offset off.
func (r *jsonReader) placeExact(off int) (line, col int) {
	i := min(off, len(r.data))
	line = 1 + bytes.Count(r.data[:i], []byte("\n"))
	start := bytes.LastIndexByte(r.data[:i], '\n') + 1
	return line, len([]rune(string(r.data[start:i]))) + 1
}

func (r *jsonReader) errAt(line, col int, err error) error {
	return &ParseError{File: r.p.file, Line: line, Col: col, Err: err}
}

// next returns the next token and where it starts; a syntax error is
// placed at the byte that cannot stand there, in kpuzzle's words.
func (r *jsonReader) next(what string) (jsonToken, token, error) {
	line, col := r.placeExact(r.lex.offset())
	at := token{line: line, col: col}
	tok, err := r.lex.next()
	if err != nil {
		var se *jsonSyntaxError
		if errors.As(err, &se) {
			l, c := r.placeExact(se.off)
			return jsonToken{}, at, r.errAt(l, c, fmt.Errorf("%w: not valid JSON here; %s", ErrSyntax, what))
		}
		return jsonToken{}, at, r.errAt(line, col, fmt.Errorf("%w: the JSON ends early; %s", ErrSyntax, what))
	}
	line, col = r.placeExact(tok.off)
	return tok, token{line: line, col: col}, nil
}

// cell turns a JSON scalar into a token the board parser reads: a number,
// or a string holding a number or a blank word.
func (r *jsonReader) cell(tok jsonToken, at token) (token, error) {
	switch tok.kind {
	case jsonNumber:
		at.text = tok.text
	case jsonString:
		at.text = strings.TrimSpace(tok.text)
	default:
		return at, r.errAt(at.line, at.col, fmt.Errorf("%w: found %s, expected a tile number or the blank", ErrSyntax, tok.describe()))
	}
	return at, nil
}

// list reads the rest of a list whose "[" was just read: either cells, or
// lists of cells (rows) when it is the outer list (row is false). rows is
// nil for a flat list.
func (r *jsonReader) list(open token, row bool) (flat line, rows []line, err error) {
	flat.no = open.line
	for {
		tok, at, err := r.next("expected a tile number, a row or the end of the list (])")
		if err != nil {
			return line{}, nil, err
		}
		switch {
		case tok.kind == jsonCloseList:
			if len(flat.toks) == 0 && len(rows) == 0 {
				return line{}, nil, r.errAt(open.line, open.col, fmt.Errorf("%w: an empty list; %s", ErrEmpty, jsonExpected))
			}
			return flat, rows, nil
		case tok.kind == jsonOpenList && row:
			return line{}, nil, r.errAt(open.line, open.col, fmt.Errorf("%w: a list three deep; expected a row of tile numbers", ErrSyntax))
		case tok.kind == jsonOpenList && len(flat.toks) == 0:
			cells, _, err := r.list(at, true)
			if err != nil {
				return line{}, nil, err
			}
			rows = append(rows, cells)
			continue
		}
		if len(rows) > 0 {
			return line{}, nil, r.errAt(at.line, at.col, fmt.Errorf("%w: found %s after a row, expected another row ([...]) or ]", ErrSyntax, tok.describe()))
		}
		t, err := r.cell(tok, at)
		if err != nil {
			return line{}, nil, err
		}
		if len(flat.toks) >= MaxSide*MaxSide {
			return line{}, nil, r.errAt(at.line, at.col, fmt.Errorf("%w: more than %d cells; a side is at most %d", ErrSize, MaxSide*MaxSide, MaxSide))
		}
		flat.toks = append(flat.toks, t)
	}
}

// parseJSON reads a board written as JSON.
func (p *boardParser) parseJSON(data []byte) (Board, Format, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if col, bad := findBinaryText(data); bad.no > 0 {
		return Board{}, 0, &ParseError{File: p.file, Line: bad.no, Col: col, Err: fmt.Errorf("%w: expected text of integers", ErrBinary)}
	}
	r := &jsonReader{p: p, data: data, lex: &jsonLexer{data: data}}
	tok, at, err := r.next(jsonExpected)
	if err != nil {
		return Board{}, 0, err
	}
	shape := p.opts.Shape
	var flat line
	var rows []line
	switch tok.kind {
	case jsonOpenList:
		if flat, rows, err = r.list(at, false); err != nil {
			return Board{}, 0, err
		}
	case jsonOpenObject:
		var found bool
		var shapeAt token
		var given Shape
		for {
			key, _, err := r.next(`expected a field name or the end of the object (})`)
			if err != nil {
				return Board{}, 0, err
			}
			if key.kind == jsonCloseObject {
				break
			}
			name := key.text
			switch {
			case jsonBoardKeys[strings.ToLower(name)] && !found:
				v, vat, err := r.next(`expected the board as a list`)
				if err != nil {
					return Board{}, 0, err
				}
				if v.kind != jsonOpenList {
					return Board{}, 0, r.errAt(vat.line, vat.col, fmt.Errorf("%w: field %q holds %s; expected the board as a list", ErrSyntax, name, v.describe()))
				}
				if flat, rows, err = r.list(vat, false); err != nil {
					return Board{}, 0, err
				}
				found = true
			case strings.EqualFold(name, "shape"):
				v, vat, err := r.next(`expected the shape as a string such as "3x3"`)
				if err != nil {
					return Board{}, 0, err
				}
				if v.kind != jsonString {
					return Board{}, 0, r.errAt(vat.line, vat.col, fmt.Errorf("%w: field \"shape\" holds %s; expected a string such as \"3x3\"", ErrSyntax, v.describe()))
				}
				if given, err = ParseShape(v.text); err != nil {
					return Board{}, 0, r.errAt(vat.line, vat.col, fmt.Errorf("%w: %v", ErrSize, err))
				}
				shapeAt = vat
			default:
				what := fmt.Sprintf("field %q holds no valid JSON value", name)
				v, _, err := r.next(what)
				if err == nil {
					err = r.lex.skipValue(v)
				}
				if err != nil {
					l, c := r.placeExact(r.lex.offset())
					var se *jsonSyntaxError
					if errors.As(err, &se) {
						l, c = r.placeExact(se.off)
					}
					return Board{}, 0, r.errAt(l, c, fmt.Errorf("%w: %s", ErrSyntax, what))
				}
			}
		}
		if !found {
			return Board{}, 0, r.errAt(at.line, at.col, fmt.Errorf("%w: an object with no \"board\" field; %s", ErrSyntax, jsonExpected))
		}
		if given != (Shape{}) {
			if shape != (Shape{}) && shape != given {
				return Board{}, 0, r.errAt(shapeAt.line, shapeAt.col, fmt.Errorf("%w: the file says %s, but the shape given is %s", ErrSize, given, shape))
			}
			shape = given
		}
	default:
		return Board{}, 0, r.errAt(at.line, at.col, fmt.Errorf("%w: found %s; %s", ErrSyntax, tok.describe(), jsonExpected))
	}
	if off := r.lex.offset(); off < len(data) {
		l, c := r.placeExact(off)
		return Board{}, 0, r.errAt(l, c, fmt.Errorf("%w: more after the board; expected the end of the file", ErrSyntax))
	}
	if rows != nil {
		s := Shape{len(rows), len(rows[0].toks)}
		if shape != (Shape{}) && s != shape {
			return Board{}, 0, p.errAt(rows[0], 0, fmt.Errorf("%w: the file's board is %s, but the shape given is %s", ErrSize, s, shape))
		}
		return p.fill(FormatJSON, s, rows, false, "the first row")
	}
	k := len(flat.toks)
	if shape == (Shape{}) {
		side := int(math.Round(math.Sqrt(float64(k))))
		if side*side != k || side < MinSide || side > MaxSide {
			return Board{}, 0, p.errAt(flat, 0,
				fmt.Errorf("%w: a list of %d cells is not a square board; give its shape (RxC) or write a list of rows", ErrSize, k))
		}
		shape = Shape{side, side}
	} else if k != shape.Cells() {
		return Board{}, 0, p.errAt(flat, 0, fmt.Errorf("%w: a list of %d cells; a %s board has %d", ErrSize, k, shape, shape.Cells()))
	}
	return p.fill(FormatJSON, shape, []line{flat}, true, "")
}

// findBinaryText finds the first byte of data that cannot be in a text
// file; its line is 0 when there is none.
func findBinaryText(data []byte) (int, line) {
	for no, raw := range bytes.Split(data, []byte("\n")) {
		if col, bad := findBinary(bytes.TrimSuffix(raw, []byte("\r"))); bad {
			return col, line{no: no + 1}
		}
	}
	return 0, line{}
}
