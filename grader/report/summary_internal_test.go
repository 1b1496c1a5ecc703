package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A long summary is cut at a character's start, never inside one.
func TestFirstLineCutsWholeCharacters(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("é", 100),      // two bytes each
		"a" + strings.Repeat("→", 60), // three bytes each, off by one
		strings.Repeat("x", 200) + "\nsecond line",
	} {
		for width := 4; width < 130; width++ {
			got := firstLine(s, width)
			if !utf8.ValidString(got) || len(got) > width || strings.Contains(got, "\n") {
				t.Fatalf("firstLine(%q, %d) = %q: %d bytes, valid UTF-8 %v", s[:8], width, got, len(got), utf8.ValidString(got))
			}
		}
	}
	if got := firstLine("short\nrest", 120); got != "short" {
		t.Errorf("firstLine of a short line: %q", got)
	}
}
