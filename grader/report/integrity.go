package report

import (
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// SetIntegrity records what the inspection before the first run found in
// each submission (by name; package integrity).
func (gb *Gradebook) SetIntegrity(found map[string][]grader.IntegrityFinding) {
	for i := range gb.Submissions {
		if f, ok := found[gb.Submissions[i].Name]; ok {
			gb.Submissions[i].Integrity = f
		}
	}
}

// Findings lists every integrity finding of s: its inspection's, then
// each test's run's, which name their test.
func (gb Gradebook) Findings(s Submission) []grader.IntegrityFinding {
	out := append([]grader.IntegrityFinding(nil), s.Integrity...)
	for i, r := range s.Results {
		for _, f := range r.Integrity {
			f.Finding += fmt.Sprintf(" (test %d, %s)", gb.Tests[i].Number, gb.Tests[i].Name)
			out = append(out, f)
		}
	}
	return out
}

// studentFindings are the findings a student's feedback shows: the files
// of the submission (not what could not be inspected, nor which hidden
// test a run belonged to), and what the runs of the tests students see
// executed. A hidden test's run findings go to staff alone: their paths
// are the program's to choose (a memory file's name, a copy's), so that
// showing them would carry what the hidden test gave the program, its
// board, into what the student reads.
func (gb Gradebook) studentFindings(s Submission) []FeedbackFlag {
	var out []FeedbackFlag
	seen := map[FeedbackFlag]bool{}
	add := func(f FeedbackFlag) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, f := range s.Integrity {
		if !f.Notice {
			add(FeedbackFlag{File: grader.Printable(f.File), Finding: f.Finding})
		}
	}
	for i, r := range s.Results {
		if i < len(gb.Tests) && gb.Tests[i].Hidden {
			continue
		}
		for _, f := range r.Integrity {
			if !f.Notice {
				add(FeedbackFlag{File: grader.Printable(f.File), Finding: grader.Printable(f.Finding)})
			}
		}
	}
	return out
}

// FeedbackFlag is a file of the submission flagged for review by course
// staff, as the student's feedback names it.
type FeedbackFlag struct {
	File, Finding string
}

// anyFindings reports whether any submission has integrity findings.
func (gb Gradebook) anyFindings() bool {
	for _, s := range gb.Submissions {
		if len(gb.Findings(s)) > 0 {
			return true
		}
	}
	return false
}

// integrityCSV is the gradebook's integrity column: every finding,
// "FILE: FINDING" joined with "; ".
func (gb Gradebook) integrityCSV(s Submission) string {
	var parts []string
	for _, f := range gb.Findings(s) {
		parts = append(parts, f.String())
	}
	return csvSafe(grader.Printable(strings.Join(parts, "; ")))
}

// integrityTest is the results.json test that lists a submission's
// findings for course staff: no points, visibility hidden (Gradescope
// shows such tests to instructors only); nil when there is none.
func (gb Gradebook) integrityTest(s Submission) *GradescopeTest {
	found := gb.Findings(s)
	if len(found) == 0 {
		return nil
	}
	var sb strings.Builder
	sb.WriteString("Flagged for review (integrity):")
	for _, f := range found {
		sb.WriteString("\n  " + grader.Printable(f.String()))
	}
	return &GradescopeTest{Status: "failed", Name: "Integrity review (staff only)", Number: "0.1", Output: sb.String(), OutputFormat: "text", Visibility: "hidden"}
}

// integrityRow is one finding on the summary page.
type integrityRow struct {
	Student, File, Finding string
	Notice                 bool
}
