package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
)

// flaggedGradebook is the small class with bob flagged: a file his
// submission brought, one it could not have inspected, a kpuzzle his
// hidden test's run executed, and a memory file his first (visible)
// test's run executed, with a name the program chose (as a hidden test's
// could choose one that spells its board).
func flaggedGradebook(t *testing.T) report.Gradebook {
	gb := gradebook(t, "")
	gb.SetIntegrity(map[string][]grader.IntegrityFinding{"bob | <script>": {
		{File: "lib/libfast.so", Finding: "a build of kpuzzle (its solver refuses to work during grading)"},
		{File: "big.bin", Finding: "not inspected: larger than 256 MiB", Notice: true},
	}})
	for i := range gb.Submissions {
		if gb.Submissions[i].Name == "bob | <script>" {
			gb.Submissions[i].Results[0].Integrity = []grader.IntegrityFinding{{File: "/proc/self/fd/3", Finding: "the run tried to execute a memory file (/memfd:visible (deleted))"}}
			gb.Submissions[i].Results[2].Integrity = []grader.IntegrityFinding{{File: "/opt/tools/kpuzzle", Finding: "the run executed a kpuzzle program (kpuzzle solve), which refused to work"}}
		}
	}
	return gb
}

func TestIntegrityInReports(t *testing.T) {
	gb := flaggedGradebook(t)
	bob := gb.Submissions[1]

	// The gradebook: a last column, empty for the others.
	var csv bytes.Buffer
	if err := gb.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if !strings.HasSuffix(lines[0], ",total,max,integrity") || !strings.HasSuffix(lines[1], ",30,") {
		t.Errorf("CSV header or alice's row:\n%s", csv.String())
	}
	wantCell := `lib/libfast.so: a build of kpuzzle (its solver refuses to work during grading); big.bin: not inspected: larger than 256 MiB; /proc/self/fd/3: the run tried to execute a memory file (/memfd:visible (deleted)) (test 1,`
	if !strings.Contains(lines[2], wantCell) || !strings.Contains(lines[2], "/opt/tools/kpuzzle: the run executed a kpuzzle program (kpuzzle solve), which refused to work (test 3, n_equals_3/input_3.txt)") {
		t.Errorf("bob's row lacks his findings:\n%s", lines[2])
	}

	// results.json: a hidden test of no points lists them for staff.
	res := gb.Gradescope(bob)
	var review *report.GradescopeTest
	for i := range res.Tests {
		if strings.HasPrefix(res.Tests[i].Name, "Integrity review") {
			review = &res.Tests[i]
		}
	}
	if review == nil || review.Visibility != "hidden" || review.MaxScore != 0 || !strings.Contains(review.Output, "/opt/tools/kpuzzle") || !strings.Contains(review.Output, "big.bin") {
		t.Errorf("no hidden integrity test: %+v", review)
	}
	for _, tst := range gb.Gradescope(gb.Submissions[0]).Tests {
		if strings.HasPrefix(tst.Name, "Integrity") {
			t.Errorf("alice, who brought nothing, has %+v", tst)
		}
	}

	// The feedback names the files and what the visible test's run
	// executed, not the notice nor anything of the hidden test's run
	// (whose paths the program chose).
	want := []report.FeedbackFlag{
		{File: "lib/libfast.so", Finding: "a build of kpuzzle (its solver refuses to work during grading)"},
		{File: "/proc/self/fd/3", Finding: "the run tried to execute a memory file (/memfd:visible (deleted))"},
	}
	if diff := cmp.Diff(want, gb.Feedback(bob).Flagged); diff != "" {
		t.Errorf("feedback (-want +got):\n%s", diff)
	}
	tmpl, err := report.LoadFeedbackTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	var fb bytes.Buffer
	if err := gb.WriteFeedback(&fb, tmpl, bob); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fb.String(), "## Files flagged for review") || !strings.Contains(fb.String(), "lib/libfast.so") || strings.Contains(fb.String(), "input_3") || strings.Contains(fb.String(), "/opt/tools") {
		t.Errorf("feedback:\n%s", fb.String())
	}

	// The summary page: a section, and bob marked.
	var page bytes.Buffer
	if err := gb.WriteSummaryHTML(&page, report.SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`<h2 id="integrity">Integrity</h2>`, `<code>lib/libfast.so</code>`, `⚑ review`, `>0 ⚑<`} {
		if !strings.Contains(page.String(), s) {
			t.Errorf("summary page lacks %q", s)
		}
	}
	if n := strings.Count(page.String(), "⚑ review"); n != 1 {
		t.Errorf("%d students marked, want bob alone", n)
	}
}

// A file name of the student's cannot spoof the staff's review: control
// and bidirectional characters are escaped.
func TestIntegrityNamesEscaped(t *testing.T) {
	gb := gradebook(t, "")
	gb.SetIntegrity(map[string][]grader.IntegrityFinding{"alice": {{File: "a\u202eos.lleh\x1b[2J", Finding: "a kpuzzle pattern database"}}})
	res := gb.Gradescope(gb.Submissions[0])
	for _, tst := range res.Tests {
		if strings.HasPrefix(tst.Name, "Integrity review") && (strings.ContainsRune(tst.Output, '\u202e') || strings.ContainsRune(tst.Output, '\x1b')) {
			t.Errorf("raw control characters in %q", tst.Output)
		}
	}
	var csv bytes.Buffer
	if err := gb.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsRune(csv.String(), '\u202e') || strings.ContainsRune(csv.String(), '\x1b') {
		t.Errorf("raw control characters in the gradebook:\n%q", csv.String())
	}
}

// TestIntegrityInPrairieLearn: PrairieLearn shows students every entry of
// results.json, so the flagged files are named there as in the feedback,
// with no points; nothing says what could not be inspected, and what a
// hidden test's run did (here, bob's hidden input_3 ran kpuzzle) is left
// to staff (the job's log, the grading at release), since PrairieLearn
// would show it at once: a bit about the hidden tests.
func TestIntegrityInPrairieLearn(t *testing.T) {
	gb := flaggedGradebook(t)
	var buf bytes.Buffer
	if err := gb.WritePrairieLearn(&buf, gb.Submissions[1], report.PrairieLearnOptions{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"Flagged for review", "lib/libfast.so", "/memfd:visible"} {
		if !strings.Contains(out, want) {
			t.Errorf("bob's PrairieLearn results lack %q:\n%s", want, out)
		}
	}
	for _, leak := range []string{"input_3", "big.bin", "/opt/tools/kpuzzle"} {
		if strings.Contains(out, leak) {
			t.Errorf("bob's PrairieLearn results show %q:\n%s", leak, out)
		}
	}
	buf.Reset()
	if err := gb.WritePrairieLearn(&buf, gb.Submissions[0], report.PrairieLearnOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "Flagged for review") {
		t.Errorf("alice, who brought nothing, is flagged:\n%s", buf.String())
	}
}
