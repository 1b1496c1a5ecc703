package audit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseProbe reads a probe run's output, skipping what is not one of
// its lines.
func TestParseProbe(t *testing.T) {
	out := "noise\ncall new Board(board).manhattan() with board an int[][]\nrows#0 ok 0 1 1\nflat#1 error it raised TypeError: x\n" +
		"tuple#9 ok 1\nstring#0 ok 0 x 1\nhexagon#0 ok 1 2 3\nflat#0 maybe 1\n"
	call, got := parseProbe([]byte(out), []string{"0", "_"})
	want := []probeResult{
		{shape: "rows", blank: "0", ok: true, values: []string{"0", "1", "1"}},
		{shape: "flat", blank: "_", err: "it raised TypeError: x"},
		{shape: "string", blank: "0", err: `it gave "x", not a number`},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(probeResult{})); diff != "" || call != "new Board(board).manhattan() with board an int[][]" {
		t.Errorf("call %q; results (-want +got):\n%s", call, diff)
	}
}

// FuzzParseProbe: whatever a probe run prints (the student's code runs in
// its process), reading it and choosing a board never panics, and a shape
// chosen gave a number for every probe state.
func FuzzParseProbe(f *testing.F) {
	f.Add("call h(board)\nrows#0 ok 0 1 2\nflat#0 ok 0 2 1\n", 3)
	f.Add("rows#0 error it raised\nflat#1 ok 0 0 0\n", 3)
	f.Add("string#2 ok 1e3 -4 .5", 3)
	f.Fuzz(func(t *testing.T, out string, n int) {
		blanks := []string{"0", "_", "x"}
		_, results := parseProbe([]byte(out), blanks)
		chosen, err := chooseBoard(FunctionSpec{Language: LanguagePython}, results, n)
		if err != nil {
			return
		}
		if len(chosen.values) != n || !chosen.ok {
			t.Fatalf("chose %+v for %d states", chosen, n)
		}
		for _, v := range chosen.values {
			if _, err := ParseNumber(v); err != nil || strings.TrimSpace(v) != v {
				t.Fatalf("chose %+v with the value %q", chosen, v)
			}
		}
	})
}
