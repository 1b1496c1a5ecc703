package report

import (
	"encoding/csv"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
)

// WriteCSV writes the gradebook: a header row ("student", one column per
// test named by its number and file, "total", "max"), then one row per
// student with the points of each test. When any submission has
// integrity findings, a last column "integrity" lists each one's
// (Gradebook.Findings). With a roster, "name", "sid" and "email" follow
// "student" (group members joined with "; "). Every name is escaped
// (grader.Printable) and defused against spreadsheet formulas (a leading
// apostrophe, see csvSafe).
func (gb Gradebook) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"student"}
	if len(gb.Roster) > 0 {
		header = append(header, "name", "sid", "email")
	}
	for _, t := range gb.Tests {
		header = append(header, csvSafe(grader.Printable(t.Name)))
	}
	header = append(header, "total", "max")
	flagged := gb.anyFindings()
	if flagged {
		header = append(header, "integrity")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, s := range gb.Submissions {
		row := []string{csvSafe(grader.Printable(s.Name))}
		if len(gb.Roster) > 0 {
			for _, get := range []func(grader.Person) string{
				func(p grader.Person) string { return p.Name }, func(p grader.Person) string { return p.SID }, func(p grader.Person) string { return p.Email },
			} {
				row = append(row, csvSafe(grader.Printable(gb.Roster.people(s.Name, get))))
			}
		}
		for _, r := range s.Results {
			row = append(row, formatPoints(r.Score(gb.Rubric)))
		}
		score, max := gb.Total(s)
		row = append(row, formatPoints(score), formatPoints(max))
		if flagged {
			row = append(row, gb.integrityCSV(s))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a cell as a formula (formula
// or DDE injection): a cell is given a leading apostrophe, which
// spreadsheets read as "text" and do not show, when its first character
// is one a formula may start with (= + - @, or their full-width forms
// ＝ ＋ － ＠), or is whitespace, a control or another invisible
// character — a spreadsheet may skip those before it looks (" =1+1",
// "\t=1+1", "\r=1+1"), so such a cell is defused whatever follows.
// Every text cell goes through it; the points are numbers the grader
// writes.
func csvSafe(s string) string {
	if s == "" {
		return s
	}
	r, _ := utf8.DecodeRuneInString(s)
	if strings.ContainsRune("=+-@\uFF1D\uFF0B\uFF0D\uFF20", r) || unicode.IsSpace(r) || unicode.IsControl(r) || !unicode.IsPrint(r) {
		return "'" + s
	}
	return s
}
