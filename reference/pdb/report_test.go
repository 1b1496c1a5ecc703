package pdb_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// TestReports builds a small database into an empty cache and checks
// what build, list and verify report about it, as data and as text, and
// that Forget makes the next open build again.
func TestReports(t *testing.T) {
	dir := t.TempDir()
	l, err := pdb.List(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Databases) != 2*len(pdb.Names()) || len(l.Others) != 0 {
		t.Fatalf("empty cache: %d databases, %d other files", len(l.Databases), len(l.Others))
	}
	for _, e := range l.Databases {
		if e.Built || e.Bytes != 0 {
			t.Errorf("%s (%s goal) is listed as built in an empty cache", e.Heuristic, e.Goal)
		}
	}

	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	p, err := pdb.Custom(g, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := pdb.OpenPartition(context.Background(), p, pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	r := h.Report()
	if r.Heuristic != "pdb:1-2-3-4/5-6-7-8" || r.Shape != "3x3" || r.Goal != "default" || r.Mode != "additive" || !r.Reflection || len(r.Tables) != 2 {
		t.Fatalf("report %+v", r)
	}
	var files []string
	for _, tab := range r.Tables {
		// 9 x 8 x 7 x 6 placements of four tiles on nine cells.
		if tab.Loaded || tab.Rebuilt != "not built yet" || tab.Entries != 3024 || tab.Bytes == 0 {
			t.Errorf("table %v: %+v", tab.Tiles, tab)
		}
		files = append(files, tab.File)
	}
	var sb strings.Builder
	if err := r.WriteText(&sb, textstyle.Style{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"pdb:1-2-3-4/5-6-7-8 for the 3x3 default goal (additive, reflection on):", "tiles 1-2-3-4", "3,024 entries", "built"} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("build text lacks %q:\n%s", want, sb.String())
		}
	}

	if l, err = pdb.List(dir); err != nil {
		t.Fatal(err)
	}
	var others []string
	for _, f := range l.Others {
		others = append(others, f.File)
		if !f.OK || f.Shape != "3x3" || f.Entries != 3024 {
			t.Errorf("other file %+v", f)
		}
	}
	if diff := cmp.Diff(files, others); diff != "" {
		t.Errorf("other files (-want +got):\n%s", diff)
	}

	// A damaged file is CORRUPT in the check, and the others are fine.
	data, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(files[1], data, 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := pdb.VerifyCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	if v.AllOK || len(v.Files) != 2 || !v.Files[0].OK || v.Files[1].OK || !strings.Contains(v.Files[1].Error, "checksum") {
		t.Errorf("verify %+v", v)
	}
	sb.Reset()
	bad := textstyle.Style{Bad: func(a ...any) string { return "!" + fmt.Sprint(a...) + "!" }}
	if err := v.WriteText(&sb, bad); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "!CORRUPT!") || !strings.Contains(sb.String(), "1 of 2 files are damaged") {
		t.Errorf("verify text:\n%s", sb.String())
	}

	if err := pdb.Forget(dir, p); err != nil {
		t.Fatal(err)
	}
	if _, built, err := pdb.Status(dir, p); built || err != nil {
		t.Errorf("after Forget: built %v, %v", built, err)
	}
	if v, err = pdb.VerifyCache(dir); err != nil || len(v.Files) != 0 || !v.AllOK {
		t.Errorf("after Forget: %+v, %v", v, err)
	}
}
