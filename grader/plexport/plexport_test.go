package plexport_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/plexport"
)

// manualCSV is a manual-grading CSV as PrairieLearn's Downloads write it
// (its columns in its order), for two questions.
const manualCSV = `uid,uin,qid,old_score_perc,old_feedback,old_auto_points,old_manual_points,submission_id,params,true_answer,submitted_answer,old_partial_scores,partial_scores,score_perc,feedback
alice@example.edu,601,hw2,66.67,,6.67,0,4211,{},{},"{""_files"": []}",,,,
bob_smith@example.edu,602,hw2,40,,4,0,4215,{},{},{},,,,
bob_smith@example.edu,602,essay,0,,0,0,4216,{},{},{},,,,
carol@example.edu,,hw2,0,,0,0,4220,{},{},{},,,,
`

// writeZip writes a zip of the named files, as PrairieLearn's
// <assessment>_files_for_manual_grading.zip holds them: a folder named
// after the assessment, the names UID_UIN_QID_SUBMISSION_FILE.
func writeZip(t *testing.T, path string, files map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if _, err := zw.Create("Homework2/"); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func download(t *testing.T, csvText string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Homework2"+plexport.CSVSuffix), []byte(csvText), 0o644); err != nil {
		t.Fatal(err)
	}
	if files != nil {
		writeZip(t, filepath.Join(dir, "Homework2"+plexport.ZipSuffix), files)
	}
	return dir
}

// Read and Stage lay out a download as submission folders: one per
// student of the question, named by uid, with the files PrairieLearn
// named after them (a uid with an underscore too), another question's
// files and rows left out, and a row without files an empty folder.
func TestStage(t *testing.T) {
	dir := download(t, manualCSV, map[string]string{
		"Homework2/alice@example.edu_601_hw2_4211_solver.py":           "print('alice')\n",
		"Homework2/alice@example.edu_601_hw2_4211_notes.txt":           "notes\n",
		"Homework2/bob_smith@example.edu_602_hw2_4215_solver.py":       "print('bob')\n",
		"Homework2/bob_smith@example.edu_602_essay_4216_essay.txt":     "an essay\n",
		"Homework2/mallory@example.edu_603_hw2_9999_solver.py":         "not in the CSV\n",
		"Homework2/alice@example.edu_601_hw2_4211_sub/dir/../x.py.txt": "a path\n",
	})
	e, err := plexport.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Rows) != 4 || e.Rows[1].UID != "bob_smith@example.edu" || e.Rows[1].Line != 3 || e.Rows[0].SubmissionID != "4211" {
		t.Errorf("rows %+v", e.Rows)
	}
	qid, err := e.Question("hw2")
	if err != nil || qid != "hw2" {
		t.Fatalf("question: %q, %v", qid, err)
	}
	if _, err := e.Question("other"); err == nil || !strings.Contains(err.Error(), "essay, hw2") || !strings.Contains(err.Error(), "prairielearn.question") {
		t.Errorf("no such question: %v", err)
	}
	dest := filepath.Join(t.TempDir(), "staged")
	subs, err := e.Stage(dest, qid)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range subs {
		got = append(got, s.Name+": "+strings.Join(s.Files, " ")+" ("+s.Row.SubmissionID+")")
	}
	// "x.py.txt" is the base name of a path PrairieLearn's file names
	// never hold; only the entry's base name counts.
	want := []string{"alice@example.edu: notes.txt solver.py (4211)", "bob_smith@example.edu: solver.py (4215)", "carol@example.edu:  (4220)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("staged (-want +got):\n%s", diff)
	}
	data, err := os.ReadFile(filepath.Join(dest, "bob_smith@example.edu", "solver.py"))
	if err != nil || string(data) != "print('bob')\n" {
		t.Errorf("bob's solver.py: %q, %v", data, err)
	}
	if entries, _ := os.ReadDir(dest); len(entries) != 3 {
		t.Errorf("%d folders, want 3", len(entries))
	}

	// Unpacked, the same.
	unpacked := download(t, manualCSV, nil)
	os.MkdirAll(filepath.Join(unpacked, "Homework2"), 0o755)
	os.WriteFile(filepath.Join(unpacked, "Homework2", "alice@example.edu_601_hw2_4211_solver.py"), []byte("print('alice')\n"), 0o644)
	e, err = plexport.Read(unpacked)
	if err != nil {
		t.Fatal(err)
	}
	subs, err = e.Stage(filepath.Join(t.TempDir(), "staged"), "hw2")
	if err != nil || len(subs) != 3 || len(subs[0].Files) != 1 {
		t.Errorf("unpacked: %+v, %v", subs, err)
	}
}

// One student's file too large to be source is left out of that
// submission, named with why, and the class is staged: no student can
// keep the others from being graded.
func TestStageLeavesOutAnOversizedFile(t *testing.T) {
	dir := download(t, manualCSV, nil)
	folder := filepath.Join(dir, "Homework2")
	os.MkdirAll(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "alice@example.edu_601_hw2_4211_solver.py"), []byte("print('alice')\n"), 0o644)
	os.WriteFile(filepath.Join(folder, "bob_smith@example.edu_602_hw2_4215_solver.py"), []byte("print('bob')\n"), 0o644)
	big := filepath.Join(folder, "bob_smith@example.edu_602_hw2_4215_big.bin")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(65 << 20); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	e, err := plexport.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "staged")
	subs, err := e.Stage(dest, "hw2")
	if err != nil {
		t.Fatalf("one student's large file stopped the class: %v", err)
	}
	if len(subs) != 3 || len(subs[0].Files) != 1 || len(subs[0].Left) != 0 {
		t.Fatalf("staged %+v", subs)
	}
	bob := subs[1]
	if strings.Join(bob.Files, " ") != "solver.py" || len(bob.Left) != 1 || !strings.HasPrefix(bob.Left[0], "big.bin: larger than 64 MiB") {
		t.Errorf("bob: files %q, left out %q", bob.Files, bob.Left)
	}
	if _, err := os.Stat(filepath.Join(dest, bob.Name, "big.bin")); !os.IsNotExist(err) {
		t.Errorf("the oversized file was written: %v", err)
	}
}

// Group work: the group's name heads the rows and the files, and a group
// whose name is no folder name is staged under a safe one.
func TestStageGroups(t *testing.T) {
	csvText := "group_name,uid_list,qid,old_score_perc,old_feedback,old_auto_points,old_manual_points,submission_id,params,true_answer,submitted_answer,old_partial_scores,partial_scores,score_perc,feedback\n" +
		"team/1,\"{a@x.edu,b@x.edu}\",hw2,0,,0,0,77,{},{},{},,,,\n" +
		"team?1,\"{c@x.edu}\",hw2,0,,0,0,78,{},{},{},,,,\n"
	dir := download(t, csvText, map[string]string{"Homework2/team?1_hw2_78_solver.py": "x\n"})
	e, err := plexport.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	subs, err := e.Stage(filepath.Join(t.TempDir(), "s"), "hw2")
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 || subs[0].Name != "team_1" || subs[1].Name != "team_1-2" || subs[1].Row.Group != "team?1" || len(subs[1].Files) != 1 {
		t.Errorf("groups: %+v", subs)
	}
}

// What is not a manual-grading download, or breaks it, is refused naming
// the file and line.
func TestReadRefuses(t *testing.T) {
	for _, tc := range []struct{ csv, want string }{
		{"uid,qid\na,b\n", "line 1: no submission_id column"},
		{"qid,submission_id\nq,1\n", "no uid or group_name column"},
		{"uid,qid,submission_id\na@x,hw2,12x\n", "line 2: submission_id \"12x\""},
		{"uid,qid,submission_id\na@x,hw2,1\nb@x,hw2,1\n", "line 3: submission_id 1 is on line 2 too"},
		{"uid,qid,submission_id\n,hw2,1\n", "line 2: no uid or group_name"},
		{"uid,qid,submission_id\na,\"b\n", "extraneous or missing \" in quoted-field"},
		{"uid,qid,submission_id\n\xff,hw2,1\n", "not UTF-8"},
	} {
		_, err := plexport.ReadRows(strings.NewReader(tc.csv), "x.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "x.csv: ") {
			t.Errorf("%q: %v, want ...%s...", tc.csv, err, tc.want)
		}
	}
	dir := download(t, manualCSV, map[string]string{"Homework2/alice@example.edu_601_hw2_4211_..": "x"})
	e, _ := plexport.Read(dir)
	if _, err := e.Stage(filepath.Join(t.TempDir(), "s"), "hw2"); err == nil || !strings.Contains(err.Error(), "not a plain file name") {
		t.Errorf("a file named ..: %v", err)
	}
	if _, err := plexport.Read(t.TempDir()); err == nil || !strings.Contains(err.Error(), plexport.CSVSuffix) {
		t.Errorf("no download: %v", err)
	}
}

// FuzzReadRows: any bytes are rows or an error naming the file, never a
// panic; rows written back as CSV read the same.
func FuzzReadRows(f *testing.F) {
	f.Add(manualCSV)
	f.Add("group_name,qid,submission_id\nteam,hw2,5\n")
	f.Add("\ufeffUID,QID,Submission_ID\na,b,1\n")
	f.Add("uid,qid,submission_id\n\"a,b\",q,1\n")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := plexport.ReadRows(strings.NewReader(text), "in.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "in.csv: ") {
				t.Fatalf("error without the file's name: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		cw := csv.NewWriter(&buf)
		cw.Write([]string{"uid", "uin", "group_name", "qid", "submission_id"})
		for _, r := range rows {
			cw.Write([]string{r.UID, r.UIN, r.Group, r.QID, r.SubmissionID})
		}
		cw.Flush()
		again, err := plexport.ReadRows(&buf, "again.csv")
		if err != nil {
			t.Fatalf("rows written back: %v\n%s", err, buf.String())
		}
		for i := range rows {
			rows[i].Line, again[i].Line = 0, 0
		}
		if diff := cmp.Diff(rows, again); diff != "" {
			t.Fatalf("round trip (-first +again):\n%s", diff)
		}
	})
}
