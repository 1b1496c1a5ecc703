package audit_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func addSeeds(f *testing.F, pattern string) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds %s (%v)", pattern, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// FuzzParseValues: any input either fails with a *puzzles.ParseError or
// parses into claims that write out and parse back to the same claims.
func FuzzParseValues(f *testing.F) {
	addSeeds(f, "testdata/values/*")
	f.Add([]byte("state,h\n\"1 2\n3 4 5 0\",1e3\n"))
	f.Add([]byte("h\tstate\n-0\t0 1 2 3 4 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		shape := puzzles.Shape{Rows: 2, Cols: 3}
		if len(data) > 0 && data[0]%2 == 0 {
			shape = puzzles.Shape{} // square boards, inferred
		}
		c, err := audit.ParseValues(bytes.NewReader(data), "fuzz.csv", shape)
		if err != nil {
			var pe *puzzles.ParseError
			if !asParseError(err, &pe) || pe.File != "fuzz.csv" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q (%T) is not a one-line *puzzles.ParseError naming the file", err, err)
			}
			return
		}
		var states [][]uint8
		var values []float64
		for i := range c.Len() {
			cells, h, _ := c.Claim(i)
			states = append(states, cells)
			values = append(values, h)
		}
		for _, format := range []audit.ValuesFormat{audit.CSV, audit.TSV} {
			var buf bytes.Buffer
			if err := audit.WriteValues(&buf, format, states, values); err != nil {
				t.Fatal(err)
			}
			again, err := audit.ParseValues(&buf, "again", c.Shape)
			if err != nil {
				t.Fatalf("written values do not parse: %v\n%s", err, buf.String())
			}
			var states2 [][]uint8
			var values2 []float64
			for i := range again.Len() {
				cells, h, _ := again.Claim(i)
				states2 = append(states2, cells)
				values2 = append(values2, h)
			}
			if diff := cmp.Diff(states, states2); diff != "" {
				t.Fatalf("states changed in the round trip (-first +second):\n%s", diff)
			}
			if diff := cmp.Diff(values, values2); diff != "" {
				t.Fatalf("values changed in the round trip (-first +second):\n%s", diff)
			}
			if again.Format != format || again.Shape != c.Shape {
				t.Fatalf("format %v shape %v after writing %v %v", again.Format, again.Shape, format, c.Shape)
			}
		}
	})
}

// FuzzParseStatsClaims: any input either fails with a one-line
// *puzzles.ParseError or gives claims with valid boards and figures.
func FuzzParseStatsClaims(f *testing.F) {
	addSeeds(f, "testdata/stats/*")
	f.Add([]byte("Algorithm\tPuzzle\tMax frontier\nIDA*\t1 2 3 4 5 6 7 8 0\t6·10^12\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		claims, err := audit.ParseStatsClaims(bytes.NewReader(data), "fuzz.csv", audit.StatsOptions{})
		if err != nil {
			var pe *puzzles.ParseError
			if !asParseError(err, &pe) || pe.File != "fuzz.csv" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q (%T) is not a one-line *puzzles.ParseError naming the file", err, err)
			}
			return
		}
		for _, c := range claims {
			if c.Board.IsZero() || c.Algorithm == "" || c.Line < 2 {
				t.Fatalf("claim %+v", c)
			}
			for name, v := range c.Figures {
				if v < 0 || c.Texts[name] == "" {
					t.Fatalf("figure %s = %v (%q)", name, v, c.Texts[name])
				}
			}
		}
	})
}

// FuzzParseNumber: ParseNumber accepts exactly finite decimal numbers and
// what it returns formats back to the same value.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"0", "-1", "2.5", "1e3", "+7", "inf", "0x1p3", "1_0", ".", "e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := audit.ParseNumber(s)
		if err != nil {
			return
		}
		back, err := audit.ParseNumber(formatFloat(v))
		if err != nil || back != v {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, v, formatFloat(v), back, err)
		}
	})
}
