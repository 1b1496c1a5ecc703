package report

import (
	"io"
	"strings"
)

// GradebookCanvas is Canvas's gradebook CSV: Student, ID, SIS User ID,
// SIS Login ID, Section, then the assignment's column.
const GradebookCanvas = "canvas"

// canvasColumns lead both Canvas's export and its import.
var canvasColumns = []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}

// canvasGradebook is Canvas: its export's "Points Possible" row (and, in
// some versions, a "Student, Test" row) is not a student.
var canvasGradebook = GradebookFormat{
	Name: GradebookCanvas, Title: "Canvas",
	ExportColumns: canvasColumns,
	Known:         []string{"integration id", "root account"},
	Identifying:   []string{"ID", "SIS User ID"},
	ReadMember: func(get func(string) string, m *ClassMember) bool {
		m.Name, m.ID, m.SISUserID, m.SISLoginID, m.Section = get("student"), get("id"), get("sis user id"), get("sis login id"), get("section")
		return strings.EqualFold(m.Name, "Points Possible") || strings.EqualFold(m.Name, "Student, Test")
	},
	ImportColumns: canvasColumns,
	ImportRow: func(c ClassMember) []string {
		return []string{c.Name, c.ID, c.SISUserID, c.SISLoginID, c.Section}
	},
}

// WriteCanvas writes the matched rows as Canvas's gradebook import reads
// them: the leading columns of its export (Student, ID, SIS User ID, SIS
// Login ID, Section) and the assignment's column, in points.
func (gb Gradebook) WriteCanvas(w io.Writer, m LMSMatch, class ClassList) error {
	return gb.writeImport(w, canvasGradebook, m, class)
}
