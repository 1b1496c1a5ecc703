package report_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// lmsGradebook is the small class of gradebook() with a roster: alice is
// Ada, carol a group of Alan and a student whose name is a formula, bob
// is not in the roster, and the roster has a folder nobody graded.
func lmsGradebook(t *testing.T) report.Gradebook {
	t.Helper()
	gb := gradebook(t, "")
	gb.SetRoster(report.Roster{
		"alice": {{Name: "Ada Lovelace", SID: "1815", Email: "ada@example.edu"}},
		"carol": {{Name: "Alan Turing", SID: "1912", Email: "alan@example.edu"}, {Name: `=HYPERLINK("x")`, SID: "", Email: "mallory@example.edu"}},
		"dave":  {{Name: "Dave", SID: "7", Email: "dave@example.edu"}},
	})
	return gb
}

func readCSV(t *testing.T, data []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return rows
}

func classList(t *testing.T, name string) report.ClassList {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := report.ReadClassList(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestLMSGradebooksFromRoster: without a class list, every submitter the
// roster names gets a row with the submission's points; the submission
// the roster lacks and the roster's folder nobody graded are listed, not
// dropped.
func TestLMSGradebooksFromRoster(t *testing.T) {
	gb := lmsGradebook(t)
	out := t.TempDir()
	m, err := gb.WriteLMSGradebooks(out, []string{"canvas", "moodle"}, report.ClassList{})
	if err != nil {
		t.Fatal(err)
	}
	canvas, _ := os.ReadFile(filepath.Join(out, report.LMSFile("canvas")))
	aliceScore, _ := gb.Total(gb.Submissions[0])
	carolScore, _ := gb.Total(gb.Submissions[2])
	want := [][]string{
		{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Project 1"},
		{"'=HYPERLINK(\"x\")", "", "", "", "", fmtPoints(carolScore)},
		{"Ada Lovelace", "", "1815", "", "", fmtPoints(aliceScore)},
		{"Alan Turing", "", "1912", "", "", fmtPoints(carolScore)},
	}
	if diff := cmp.Diff(want, readCSV(t, canvas)); diff != "" {
		t.Errorf("canvas (-want +got):\n%s", diff)
	}
	moodle, _ := os.ReadFile(filepath.Join(out, report.LMSFile("moodle")))
	wantM := [][]string{
		{"ID number", "Email address", "Full name", "Project 1"},
		{"", "mallory@example.edu", "'=HYPERLINK(\"x\")", fmtPoints(carolScore)},
		{"1815", "ada@example.edu", "Ada Lovelace", fmtPoints(aliceScore)},
		{"1912", "alan@example.edu", "Alan Turing", fmtPoints(carolScore)},
	}
	if diff := cmp.Diff(wantM, readCSV(t, moodle)); diff != "" {
		t.Errorf("moodle (-want +got):\n%s", diff)
	}
	if len(m.NoIdentity) != 1 || !strings.HasPrefix(m.NoIdentity[0], "bob") || len(m.NotGraded) != 1 || !strings.HasPrefix(m.NotGraded[0], "Dave") {
		t.Errorf("match: %+v", m)
	}
	// The assignment's own name is a header cell like any other (31.5):
	// one line, never a formula.
	named := gb
	named.Assignment = "=HYPERLINK(\"x\")\nHomework"
	if _, err := named.WriteLMSGradebooks(t.TempDir(), []string{"canvas"}, report.ClassList{}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := named.WriteCanvas(&buf, m, report.ClassList{}); err != nil {
		t.Fatal(err)
	}
	if got := readCSV(t, buf.Bytes())[0][5]; got != `'=HYPERLINK("x")<U+000A>Homework` {
		t.Errorf("the assignment's column: %q", got)
	}
	missing, _ := os.ReadFile(filepath.Join(out, report.MissingFile))
	for _, w := range []string{"bob", "Dave", "not graded: 1"} {
		if !strings.Contains(string(missing), w) {
			t.Errorf("%s lacks %q:\n%s", report.MissingFile, w, missing)
		}
	}
}

// TestLMSGradebooksWithClassList matches through Canvas's and Moodle's
// own exports: the export's IDs, sections and assignment column header
// fill the import file; the student of the class list nobody graded and
// the graded students it lacks are listed.
func TestLMSGradebooksWithClassList(t *testing.T) {
	gb := lmsGradebook(t)
	class := classList(t, "canvas-export.csv")
	if len(class.Members) != 3 || class.Members[0].SISUserID != "1815" || class.Members[0].Section != "CS 3243 A" {
		t.Fatalf("canvas export read as %+v", class)
	}
	m := gb.MatchLMS(class)
	var buf bytes.Buffer
	if err := gb.WriteCanvas(&buf, m, class); err != nil {
		t.Fatal(err)
	}
	aliceScore, _ := gb.Total(gb.Submissions[0])
	carolScore, _ := gb.Total(gb.Submissions[2])
	want := [][]string{
		{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Project 1 (4242)"},
		{"Lovelace, Ada", "101", "1815", "ada", "CS 3243 A", fmtPoints(aliceScore)},
		{"Turing, Alan", "102", "1912", "alan", "CS 3243 B", fmtPoints(carolScore)},
	}
	if diff := cmp.Diff(want, readCSV(t, buf.Bytes())); diff != "" {
		t.Errorf("canvas (-want +got):\n%s", diff)
	}
	// Grace is in the class but not graded; mallory (carol's group) and
	// dave's folder... dave was not graded, and is not the class list's
	// concern; bob has no identity.
	if len(m.NotGraded) != 1 || !strings.HasPrefix(m.NotGraded[0], "Hopper, Grace") ||
		len(m.NotInClass) != 1 || !strings.Contains(m.NotInClass[0], "mallory@example.edu") ||
		len(m.NoIdentity) != 1 || m.NoIdentity[0] != "bob | <script>" {
		t.Errorf("match: %+v", m)
	}

	mclass := classList(t, "moodle-export.csv")
	mm := gb.MatchLMS(mclass)
	buf.Reset()
	if err := gb.WriteMoodle(&buf, mm, mclass); err != nil {
		t.Fatal(err)
	}
	wantM := [][]string{
		{"ID number", "Email address", "Full name", "Project 1"},
		{"1815", "ada@example.edu", "Ada Lovelace", fmtPoints(aliceScore)},
	}
	if diff := cmp.Diff(wantM, readCSV(t, buf.Bytes())); diff != "" {
		t.Errorf("moodle (-want +got):\n%s", diff)
	}
	if mm.Missing() != 4 { // Grace not graded; Alan, mallory not in the class; bob
		t.Errorf("moodle match: %+v", mm)
	}
}

// TestLMSMatchesFoldersByIdentifier: with no roster (a GitHub Classroom
// export), a folder named after a student's login matches the class list.
func TestLMSMatchesFoldersByIdentifier(t *testing.T) {
	gb := gradebook(t, "")
	gb.Submissions[0].Name = "ada"
	m := gb.MatchLMS(classList(t, "canvas-export.csv"))
	if len(m.Rows) != 1 || m.Rows[0].Member.ID != "101" || len(m.NoIdentity) != 2 || len(m.NotGraded) != 2 {
		t.Errorf("match %+v", m)
	}
}

func TestReadClassListErrors(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "line 1",
		"Name,Score\nAda,1\n":      "line 1: no ID, SIS User ID, ID number or Email address column",
		"ID,Student\n1,\"Ada\n":    "line 2",
		"ID,Student\n1,Ada\xff\n":  "not UTF-8",
		"Student,ID\n\"a\"b\",1\n": "line 2",
	} {
		_, err := report.ReadClassList(strings.NewReader(in), "class.csv")
		if err == nil || !strings.HasPrefix(err.Error(), "class.csv: ") || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want a one-line error naming class.csv and %q", in, err, want)
		}
	}
}

func FuzzReadClassList(f *testing.F) {
	for _, name := range []string{"canvas-export.csv", "moodle-export.csv"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := report.ReadClassList(bytes.NewReader(data), "class.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "class.csv: ") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		// Written back through the Canvas writer and read again, the
		// members are the same.
		gb := report.Gradebook{Assignment: "A"}
		var m report.LMSMatch
		for _, x := range c.Members {
			m.Rows = append(m.Rows, report.LMSRow{Member: x})
		}
		var buf bytes.Buffer
		if err := gb.WriteCanvas(&buf, m, c); err != nil {
			t.Fatal(err)
		}
		again, err := report.ReadClassList(&buf, "again.csv")
		if err != nil {
			t.Fatalf("re-reading the Canvas file: %v\n%s", err, buf.Bytes())
		}
		if len(again.Members) > len(c.Members) {
			t.Errorf("%d members, then %d", len(c.Members), len(again.Members))
		}
	})
}

func fmtPoints(p float64) string {
	return strconv.FormatFloat(grader.RoundPoints(p), 'f', -1, 64)
}

// TestJoinGradebookFormats: the assignment's formats then the command
// line's, each once whatever its case; an unknown one is named.
func TestJoinGradebookFormats(t *testing.T) {
	got, err := report.JoinGradebookFormats([]string{"Moodle"}, []string{" canvas", "moodle", "CANVAS"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"moodle", "canvas"}, got); diff != "" {
		t.Errorf("formats (-want +got):\n%s", diff)
	}
	if got, err := report.JoinGradebookFormats(nil, nil); err != nil || len(got) != 0 {
		t.Errorf("none: %v, %v", got, err)
	}
	_, err = report.JoinGradebookFormats([]string{"canvas"}, []string{"Blackboard"})
	var fe *report.GradebookFormatError
	if !errors.As(err, &fe) || fe.Format != "blackboard" || err.Error() != `gradebook "blackboard": expected canvas or moodle` {
		t.Errorf("unknown format: %v, want a *GradebookFormatError naming blackboard", err)
	}
}
