package report_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader/report"
)

func TestReadGradescopeRoster(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", report.RosterFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := report.ReadGradescopeRoster(f, "submission_metadata.yml")
	if err != nil {
		t.Fatal(err)
	}
	want := report.Roster{
		"submission_111": {{Name: "Ada Lovelace", SID: "1815", Email: "ada@example.edu"}},
		"submission_222": {{Name: "Alan Turing", SID: "1912", Email: "alan@example.edu"}, {Name: `=HYPERLINK("x")`, SID: "0", Email: "mallory@example.edu"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("roster (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"submission_1: [1, 2\n", "- a\n- b\n", "submission_1:\n  :submitters:\n  - just a name\n"} {
		if _, err := report.ReadGradescopeRoster(strings.NewReader(bad), "m.yml"); err == nil || !strings.HasPrefix(err.Error(), "m.yml") {
			t.Errorf("%q: %v, want an error naming the file", bad, err)
		}
	}
}

// TestGradebookCSVWithRoster: with a roster the gradebook names the
// students; a name that would run as a spreadsheet formula is defused.
func TestGradebookCSVWithRoster(t *testing.T) {
	gb := gradebook(t, "")
	gb.SetRoster(report.Roster{"alice": {{Name: "Alice A.", SID: "7", Email: "a@x"}}, "carol": {{Name: "=cmd|x", SID: "9", Email: "c@x"}, {Name: "Dan", SID: "10", Email: "d@x"}}})
	var buf bytes.Buffer
	if err := gb.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if !strings.HasPrefix(lines[0], "student,name,sid,email,") || !strings.HasPrefix(lines[1], "alice,Alice A.,7,a@x,") ||
		!strings.HasPrefix(lines[3], "carol,'=cmd|x; Dan,9; 10,c@x; d@x,") {
		t.Errorf("gradebook:\n%s", buf.String())
	}
}

func FuzzReadGradescopeRoster(f *testing.F) {
	seed, _ := os.ReadFile(filepath.Join("testdata", report.RosterFile))
	f.Add(seed)
	f.Add([]byte("submission_1:\n  submitters:\n  - name: x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := report.ReadGradescopeRoster(bytes.NewReader(data), "m.yml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "m.yml") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line naming the file: %q", err)
			}
			return
		}
		for folder, people := range r {
			if len(people) == 0 {
				t.Fatalf("%s: an empty list of submitters was kept", folder)
			}
		}
	})
}

// TestGradebookCSVDefusesFormulas names students (and a roster entry)
// with every way a cell may start a formula: the signs themselves, their
// full-width forms, and whitespace, control or invisible characters
// before them, which a spreadsheet may skip. Each such cell must start
// with an apostrophe; an ordinary name must be left as it is.
func TestGradebookCSVDefusesFormulas(t *testing.T) {
	gb := gradebook(t, "")
	cases := map[string]string{
		"=1+1":                   "'=1+1",
		"+1":                     "'+1",
		"-1":                     "'-1",
		"@SUM(A1)":               "'@SUM(A1)",
		" =1+1":                  "' =1+1",
		"\t=1+1":                 "'    =1+1",
		"\r=1+1":                 "<U+000D>=1+1",
		"\n=1+1":                 "<U+000A>=1+1",
		"\u00a0=1+1":             "<U+00A0>=1+1",
		"\ufeff=1+1":             "<U+FEFF>=1+1",
		"\uff1dHYPERLINK(\"x\")": "'\uff1dHYPERLINK(\"x\")",
		"Ann-Marie":              "Ann-Marie",
	}
	var subs []report.Submission
	for name := range cases {
		s := gb.Submissions[0]
		s.Name = name
		subs = append(subs, s)
	}
	// A DDE payload behind a space, with roster cells of its own.
	dde := " =cmd|' /C calc'!A0"
	s := gb.Submissions[0]
	s.Name = dde
	gb.Submissions = append(subs, s)
	gb.SetRoster(report.Roster{dde: {{Name: "\t@x", SID: "-5", Email: "+e"}}})
	cases[dde] = "'" + dde
	var buf bytes.Buffer
	if err := gb.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, row := range rows[1:] {
		got[row[0]] = true
		if row[0] == cases[dde] {
			if diff := cmp.Diff([]string{"'    @x", "'-5", "'+e"}, row[1:4]); diff != "" {
				t.Errorf("roster cells (-want +got):\n%s", diff)
			}
		}
		for _, cell := range row[:4] {
			if r, _ := utf8.DecodeRuneInString(cell); strings.ContainsRune("=+-@ \t\r\n\uff1d", r) {
				t.Errorf("cell %q may start a formula", cell)
			}
		}
	}
	for name, want := range cases {
		if !got[want] {
			t.Errorf("%q: no row starts with %q; rows %q", name, want, rows)
		}
	}
}
