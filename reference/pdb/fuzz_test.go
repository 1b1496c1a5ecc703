package pdb_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// FuzzReadHeader feeds arbitrary bytes to the header parser: it must never
// panic, every error must wrap ErrCorrupt, and a header it accepts must
// write back to the same bytes.
func FuzzReadHeader(f *testing.F) {
	for _, tc := range []struct {
		goal  puzzles.Goal
		mode  pdb.Mode
		tiles []int
	}{
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3}), pdb.Additive, []int{1, 2}},
		{puzzles.BlankFirstGoal(puzzles.Shape{Rows: 2, Cols: 3}), pdb.Max, []int{4, 5}},
		{puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3}), pdb.Additive, []int{1, 2, 3}},
	} {
		tab, err := pdb.BuildTable(context.Background(), tc.goal, tc.mode, tc.tiles, pdb.BuildOptions{Workers: 1})
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		if err := pdb.WriteTable(&buf, tab); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
		f.Add(buf.Bytes()[:30])
	}
	f.Add([]byte("KPUZPDB\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := pdb.ReadHeader(bytes.NewReader(data))
		if err != nil {
			if !errorsIsCorrupt(err) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		out := pdb.AppendHeader(nil, h)
		if !bytes.HasPrefix(data, out) {
			t.Fatalf("header %+v writes back as %x, read from %x", h, out, data[:len(out)])
		}
		if _, err := pdb.ReadTable(bytes.NewReader(data)); err != nil && !errorsIsCorrupt(err) {
			t.Fatalf("ReadTable error %v does not wrap ErrCorrupt", err)
		}
	})
}

// FuzzParsePatterns checks that ParsePatterns never panics and that what
// it accepts reads back the same after writing it with Partition.Spec.
func FuzzParsePatterns(f *testing.F) {
	for _, s := range []string{"1-2-3/4-5-6", "1,2,3 / 4", "", "/", "1--2", "7-8-9-10-11-12-13-14-15/1-2-3-4-5-6", "x", "1/2/3/4/5/6/7/8"} {
		f.Add(s)
	}
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 8, Cols: 8})
	f.Fuzz(func(t *testing.T, spec string) {
		pats, err := pdb.ParsePatterns(spec)
		if err != nil {
			return
		}
		p, err := pdb.Custom(g, pdb.Additive, pats)
		if err != nil {
			return // a tile twice, or the blank
		}
		again, err := pdb.ParsePatterns(p.Spec())
		if err != nil {
			t.Fatalf("%q -> %q: %v", spec, p.Spec(), err)
		}
		sorted := make([][]int, len(pats))
		for i, pat := range pats {
			sorted[i] = slices.Sorted(slices.Values(pat))
		}
		if diff := cmp.Diff(sorted, again); diff != "" {
			t.Fatalf("%q -> %q (-first +second):\n%s", spec, p.Spec(), diff)
		}
	})
}

// FuzzParseMode checks that ParseMode never panics, that what it accepts
// is a mode whose name reads back the same, and that its errors name
// both modes.
func FuzzParseMode(f *testing.F) {
	for _, s := range []string{"additive", "MAX", "Max", "", "min", " additive"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := pdb.ParseMode(s)
		if err != nil {
			if msg := err.Error(); !strings.Contains(msg, "expected additive or max") {
				t.Fatalf("%q: error %q does not say what was expected", s, msg)
			}
			return
		}
		if m != pdb.Additive && m != pdb.Max {
			t.Fatalf("%q: mode %d", s, m)
		}
		again, err := pdb.ParseMode(m.String())
		if err != nil || again != m {
			t.Fatalf("%q -> %s -> %v, %v", s, m, again, err)
		}
	})
}

// TestParseModeAndNamedShape: the two modes by name, and the board of
// every shipped partition by its name with and without "pdb:".
func TestParseModeAndNamedShape(t *testing.T) {
	for s, want := range map[string]pdb.Mode{"additive": pdb.Additive, "Additive": pdb.Additive, "max": pdb.Max, "MAX": pdb.Max} {
		if got, err := pdb.ParseMode(s); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := pdb.ParseMode("min"); err == nil {
		t.Error(`ParseMode("min") accepted`)
	}
	for _, info := range pdb.Describe() {
		for _, name := range []string{info.Name, "pdb:" + info.Name, "PDB:" + info.Name} {
			if got, ok := pdb.NamedShape(name); !ok || got != info.Shape {
				t.Errorf("NamedShape(%q) = %v, %v; want %v", name, got, ok, info.Shape)
			}
		}
	}
	if got, ok := pdb.NamedShape("pdb:99"); ok {
		t.Errorf(`NamedShape("pdb:99") = %v; want none`, got)
	}
}
