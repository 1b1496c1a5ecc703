package report

import (
	"io"
	"strings"
)

// GradebookMoodle is a CSV Moodle's grade import maps: ID number, Email
// address, Full name, then the assignment's column.
const GradebookMoodle = "moodle"

// moodleGradebook is Moodle: a member's name is its first and last names
// when no other format named it.
var moodleGradebook = GradebookFormat{
	Name: GradebookMoodle, Title: "Moodle",
	ExportColumns: []string{"First name", "Last name", "ID number", "Email address", "Username"},
	Known:         []string{"institution", "department"},
	Identifying:   []string{"ID number", "Email address"},
	ReadMember: func(get func(string) string, m *ClassMember) bool {
		m.IDNumber, m.Email, m.Username = get("id number"), get("email address"), get("username")
		if m.Name == "" {
			m.Name = strings.TrimSpace(get("first name") + " " + get("last name"))
		}
		return false
	},
	ImportColumns: []string{"ID number", "Email address", "Full name"},
	ImportRow: func(c ClassMember) []string {
		id := c.IDNumber
		if id == "" {
			id = c.SISUserID
		}
		return []string{id, c.Email, c.Name}
	},
}

// WriteMoodle writes the matched rows as Moodle's CSV grade import maps
// them: ID number and Email address (either identifies the user), the
// full name, and the assignment's column, in points.
func (gb Gradebook) WriteMoodle(w io.Writer, m LMSMatch, class ClassList) error {
	return gb.writeImport(w, moodleGradebook, m, class)
}
