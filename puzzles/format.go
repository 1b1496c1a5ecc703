package puzzles

import (
	"io"
	"strconv"
	"strings"
)

// Format writes the board in format f, each line ending in "\n". The
// Princeton, 42 and one-line formats describe square boards only, so a
// rectangular board is written in FormatRows instead (FormatJSON, a list
// of rows, holds any shape).
func (b Board) Format(f Format) string {
	var sb strings.Builder
	if b.shape.Rows != b.shape.Cols && f != FormatJSON {
		f = FormatRows
	}
	switch f {
	case FormatJSON:
		sb.WriteByte('[')
		for r := range b.shape.Rows {
			if r > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte('[')
			for c := range b.shape.Cols {
				if c > 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(strconv.Itoa(int(b.cells[b.shape.Index(r, c)])))
			}
			sb.WriteByte(']')
		}
		sb.WriteString("]\n")
		return sb.String()
	case FormatNPuzzle:
		sb.WriteString("# " + b.shape.String() + " n-puzzle\n")
		sb.WriteString(strconv.Itoa(b.shape.Rows))
		sb.WriteByte('\n')
	case FormatLine:
		sb.WriteString(b.String())
		sb.WriteByte('\n')
		return sb.String()
	case FormatPrinceton:
		sb.WriteString(strconv.Itoa(b.shape.Rows))
		sb.WriteByte('\n')
	}
	for r := range b.shape.Rows {
		for c := range b.shape.Cols {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(int(b.cells[b.shape.Index(r, c)])))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// WriteBoard writes b to w in format f.
func WriteBoard(w io.Writer, b Board, f Format) error {
	_, err := io.WriteString(w, b.Format(f))
	return err
}
