package textstyle

import (
	"fmt"
	"strconv"
)

// Paint colours text, as fatih/color's SprintFunc does; a nil Paint
// leaves the text as it is.
type Paint func(a ...any) string

// Sprint is the text of a painted by p, or plain when p is nil.
func (p Paint) Sprint(a ...any) string {
	if p == nil {
		return fmt.Sprint(a...)
	}
	return p(a...)
}

// Style is the palette of a human-readable report. Every field may be
// nil; the zero Style writes plain text.
type Style struct {
	// Good, Bad and Warn mark verdicts: passed, failed, and partly right
	// or not finished.
	Good, Bad, Warn Paint
	// Dim and Bold mark secondary and emphasised text.
	Dim, Bold Paint
}

// Digits writes n with thousands separators: 518,918,400.
func Digits(n int64) string {
	if n < 0 {
		if n == -n { // the smallest int64 has no positive counterpart
			return "-9,223,372,036,854,775,808"
		}
		return "-" + Digits(-n)
	}
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Bytes writes a size in B, KB, MB or GB (powers of 1000): 290.1 MB.
func Bytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
