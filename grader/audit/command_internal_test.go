package audit

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// FuzzParseOutput feeds any output of a heuristic program to the reader
// of its values: it never panics; it accepts exactly one finite number a
// line for each state, each the value ParseNumber reads; and otherwise
// it fails with ErrBadOutput at a line within the output or just after
// it, naming the state of that line.
func FuzzParseOutput(f *testing.F) {
	for _, s := range []string{"1\n2\n3\n", "1\r\n2\r\n3", "1\n2\n", "1\n2\n3\n4\n", "", "\n\n\n", "x\n2\n3\n", "1e3\n-0\n2.5\n", "NaN\n1\n1\n"} {
		f.Add([]byte(s))
	}
	states := [][]uint8{{1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3, 4, 5, 6, 7, 0, 8}, {1, 2, 3, 4, 5, 6, 0, 7, 8}}
	c := &Command{line: "h"}
	f.Fuzz(func(t *testing.T, stdout []byte) {
		out := make([]float64, len(states))
		err := c.parseOutput(stdout, states, out)
		if err != nil {
			var pe *ProgramError
			if !errors.As(err, &pe) || !errors.Is(err, ErrBadOutput) {
				t.Fatalf("error %v is not a ProgramError of bad output", err)
			}
			if pe.Line < 1 || pe.Line > len(states)+1 || (pe.Line <= len(states)) != (pe.State != "") {
				t.Fatalf("error at line %d, state %q", pe.Line, pe.State)
			}
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(stdout), "\n"), "\n")
		if len(lines) != len(states) {
			t.Fatalf("accepted %d lines for %d states: %q", len(lines), len(states), stdout)
		}
		for i, l := range lines {
			v, err := ParseNumber(strings.TrimSpace(strings.TrimSuffix(l, "\r")))
			if err != nil || v != out[i] || math.IsNaN(out[i]) || math.IsInf(out[i], 0) {
				t.Fatalf("line %d %q read as %v (ParseNumber: %v, %v)", i+1, l, out[i], v, err)
			}
		}
	})
}
