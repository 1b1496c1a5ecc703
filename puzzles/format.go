package puzzles

import (
	"io"
	"strconv"
	"strings"
)

// Format writes the board in format f, each line ending in "\n". The
// Princeton and one-line formats describe square boards only, so a
// rectangular board is always written in FormatRows.
func (b Board) Format(f Format) string {
	var sb strings.Builder
	if b.shape.Rows != b.shape.Cols {
		f = FormatRows
	}
	switch f {
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
