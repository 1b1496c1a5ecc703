package report_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io/fs"
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

// TestReadRosters: the rosters beside several folders of submissions are
// merged (a folder named twice takes the later roster), a folder without
// one is skipped, and a bad one is refused naming its file and line.
func TestReadRosters(t *testing.T) {
	first, second, none := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(dir, text string) string {
		t.Helper()
		path := filepath.Join(dir, report.RosterFile)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write(first, "submission_1:\n  :submitters:\n  - :name: Ada\n    :sid: '1'\nsubmission_2:\n  :submitters:\n  - :name: Old\n")
	write(second, "submission_2:\n  :submitters:\n  - :name: Alan\n    :email: alan@example.edu\n")
	got, err := report.ReadRosters([]string{first, none, second})
	if err != nil {
		t.Fatal(err)
	}
	want := report.Roster{
		"submission_1": {{Name: "Ada", SID: "1"}},
		"submission_2": {{Name: "Alan", Email: "alan@example.edu"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("merged roster (-want +got):\n%s", diff)
	}
	if got, err := report.ReadRosters([]string{none}); err != nil || len(got) != 0 {
		t.Errorf("no roster file: %v, %v; want an empty roster", got, err)
	}
	if got, err := report.ReadRosters(nil); err != nil || len(got) != 0 {
		t.Errorf("no folders: %v, %v; want an empty roster", got, err)
	}

	bad := write(t.TempDir(), "submission_1:\n  :submitters:\n  - :name: Ada\n   bad: [\n")
	_, err = report.ReadRosters([]string{first, filepath.Dir(bad)})
	if err == nil || !strings.HasPrefix(err.Error(), bad+": ") || !strings.Contains(err.Error(), "line ") || strings.Contains(err.Error(), "\n") {
		t.Errorf("bad roster: %v, want one line naming %s and the line", err, bad)
	}

	// A roster that is there but not a file is the file system's error.
	odd := t.TempDir()
	if err := os.Mkdir(filepath.Join(odd, report.RosterFile), 0o755); err != nil {
		t.Fatal(err)
	}
	var pe *fs.PathError
	if _, err := report.ReadRosters([]string{odd}); !errors.As(err, &pe) || pe.Path != filepath.Join(odd, report.RosterFile) {
		t.Errorf("a folder named %s: %v, want an *fs.PathError naming it", report.RosterFile, err)
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
