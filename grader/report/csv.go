package report

import (
	"encoding/csv"
	"io"

	"github.com/kpuzzle/kpuzzle/grader"
)

// WriteCSV writes the gradebook: a header row ("student", one column per
// test named by its number and file, "total", "max"), then one row per
// student with the points of each test. With a roster, "name", "sid" and
// "email" follow "student" (group members joined with "; ").
func (gb Gradebook) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"student"}
	if len(gb.Roster) > 0 {
		header = append(header, "name", "sid", "email")
	}
	for _, t := range gb.Tests {
		header = append(header, t.Name)
	}
	header = append(header, "total", "max")
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
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a cell as a formula: a cell
// starting with =, +, - or @ gets a leading apostrophe.
func csvSafe(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}
