package checkpage_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCourseOptions(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.txt", "1 2 3\n4 5 6\n0 7 8\n")
	write(t, dir, "h.txt", "1 2 3\n4 5 6\n7 0 8\n")
	write(t, dir, "manifest.json", `{"shape": "3x3", "goal": "blank-first", "puzzles": [
  {"file": "a.txt", "solvable": true},
  {"file": "h.txt", "solvable": true, "hidden": true}]}`)
	o, w, err := checkpage.Course{SetDir: dir, Budget: 1500 * time.Millisecond}.Options()
	if err != nil {
		t.Fatal(err)
	}
	want := checkpage.Options{Goal: "blank-first", SetName: dir, BudgetSeconds: 2, Set: []webcheck.Puzzle{
		{Name: "a.txt", Shape: "3x3", Cells: "1 2 3 4 5 6 0 7 8", Goal: "0 1 2 3 4 5 6 7 8", Optimal: -1}}}
	if diff := cmp.Diff(want, o); diff != "" {
		t.Errorf("options (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(checkpage.Written{Puzzles: 1, Hidden: 1, Goal: "blank-first"}, w); diff != "" {
		t.Errorf("written (-want +got):\n%s", diff)
	}

	goal := write(t, t.TempDir(), "goal.txt", "1 2 3\n8 0 4\n7 6 5\n")
	o, w, err = checkpage.Course{Goal: goal}.Options()
	if err != nil || o.Goal != "1 2 3 8 0 4 7 6 5" || w.Goal != "custom: 1 2 3 8 0 4 7 6 5" {
		t.Errorf("goal file: %+v, %+v, %v", o, w, err)
	}
	if _, _, err := (checkpage.Course{Budget: -time.Second}).Options(); err == nil {
		t.Error("a negative budget was accepted")
	}

}

func TestWriteCourseCounts(t *testing.T) {
	var sb strings.Builder
	w, err := checkpage.WriteCourse(&sb, checkpage.Course{Title: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if w.Bytes != int64(sb.Len()) || w.Bytes > 5<<20 {
		t.Errorf("Bytes %d, page %d bytes (the aim is under 5 MB)", w.Bytes, sb.Len())
	}
}
