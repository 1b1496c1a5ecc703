package report

import (
	"encoding/csv"
	"io"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// GradebookCanvas is Canvas's gradebook CSV: Student, ID, SIS User ID,
// SIS Login ID, Section, then the assignment's column.
const GradebookCanvas = "canvas"

// canvasGradebook is Canvas: its export's "Points Possible" row (and, in
// some versions, a "Student, Test" row) is not a student.
var canvasGradebook = GradebookFormat{
	Name: GradebookCanvas, Title: "Canvas",
	ExportColumns: []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"},
	Known:         []string{"integration id", "root account"},
	Identifying:   []string{"ID", "SIS User ID"},
	ReadMember: func(get func(string) string, m *ClassMember) bool {
		m.Name, m.ID, m.SISUserID, m.SISLoginID, m.Section = get("student"), get("id"), get("sis user id"), get("sis login id"), get("section")
		return strings.EqualFold(m.Name, "Points Possible") || strings.EqualFold(m.Name, "Student, Test")
	},
	Write: Gradebook.WriteCanvas,
}

// WriteCanvas writes the matched rows as Canvas's gradebook import reads
// them: the leading columns of its export (Student, ID, SIS User ID, SIS
// Login ID, Section) and the assignment's column, in points.
func (gb Gradebook) WriteCanvas(w io.Writer, m LMSMatch, class ClassList) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", gb.assignmentColumn(class)}); err != nil {
		return err
	}
	for _, r := range m.Rows {
		c := r.Member
		row := []string{c.Name, c.ID, c.SISUserID, c.SISLoginID, c.Section}
		for i := range row {
			row[i] = csvSafe(grader.Printable(row[i]))
		}
		if err := cw.Write(append(row, formatPoints(r.Score))); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
