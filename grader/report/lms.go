package report

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// GradebookFormat is one learning-management system's gradebook: how
// its class-list export is read (ReadClassList) and how the grades are
// written for its import (WriteLMSGradebooks). Each format is one file,
// lms_NAME.go; gradebookFormats lists them.
type GradebookFormat struct {
	// Name is results.gradebook's and --gradebook's word for it, and the
	// file's (LMSFile): "canvas".
	Name string
	// Title names the system: "Canvas".
	Title string
	// ExportColumns are the leading columns of the system's class-list
	// export, as it writes them; the first are an example header in
	// messages.
	ExportColumns []string
	// Known are the further columns of the export (lower case) that are
	// not assignments.
	Known []string
	// Identifying are the export's columns whose presence marks it as
	// the system's, as it writes them.
	Identifying []string
	// ReadMember fills in m from a row of an export (get returns a
	// column's value, by its lower-case name, trimmed); skip is true for
	// a row that is not a student's.
	ReadMember func(get func(column string) string, m *ClassMember) (skip bool)
	// ImportColumns are the leading columns of the system's import file,
	// before the assignment's column; ImportRow is a student's cells in
	// them.
	ImportColumns []string
	ImportRow     func(c ClassMember) []string
}

// gradebookFormats lists the gradebook formats, each defined in its own
// file: adding a format is adding its file and a line here.
var gradebookFormats = []GradebookFormat{canvasGradebook, moodleGradebook}

// GradebookFormats lists the formats WriteLMSGradebooks writes.
var GradebookFormats = gradebookFormatNames()

func gradebookFormatNames() []string {
	names := make([]string, len(gradebookFormats))
	for i, f := range gradebookFormats {
		names[i] = f.Name
	}
	return names
}

// LookupGradebookFormat returns the format called name (exactly, as
// JoinGradebookFormats leaves names).
func LookupGradebookFormat(name string) (GradebookFormat, bool) {
	for _, f := range gradebookFormats {
		if f.Name == name {
			return f, true
		}
	}
	return GradebookFormat{}, false
}

// exportTitles names the systems' exports for messages: "a Canvas or
// Moodle gradebook export".
func exportTitles() string {
	var titles []string
	for _, f := range gradebookFormats {
		titles = append(titles, f.Title)
	}
	return "a " + suggest.List(titles, "or") + " gradebook export"
}

// GradebookFormatError is a gradebook format that is not one of
// GradebookFormats.
type GradebookFormatError struct {
	Format string
}

func (e *GradebookFormatError) Error() string {
	return fmt.Sprintf("gradebook %q: expected %s", e.Format, suggest.List(GradebookFormats, "or"))
}

// CheckGradebooks validates the assignment's results.gradebook: a
// format that is not one of GradebookFormats is a *grader.ConfigError
// naming the key. It is a check of the assignment that the grader cannot
// make, since the formats live here (grader.LoadOptions.Check).
func CheckGradebooks(a *grader.Assignment) error {
	for _, g := range a.Results.Gradebook {
		if _, ok := LookupGradebookFormat(strings.ToLower(strings.TrimSpace(g))); !ok {
			return &grader.ConfigError{Key: "results.gradebook", Msg: fmt.Sprintf("%q: expected %s", g, suggest.List(GradebookFormats, "or"))}
		}
	}
	return nil
}

// JoinGradebookFormats is the gradebook formats a grading writes: the
// assignment's results.gradebook, then more (a command line's), read
// case-insensitively with surrounding space ignored, each once, in order.
// An unknown format is a *GradebookFormatError.
func JoinGradebookFormats(configured, more []string) ([]string, error) {
	var out []string
	for _, f := range append(slices.Clone(configured), more...) {
		f = strings.ToLower(strings.TrimSpace(f))
		if _, ok := LookupGradebookFormat(f); !ok {
			return nil, &GradebookFormatError{Format: f}
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// LMSFile is the file of a gradebook format in the output folder, and
// MissingFile the list of students missing from either side.
func LMSFile(format string) string { return "gradebook-" + format + ".csv" }

// MissingFile lists, beside the LMS gradebooks, the students who could
// not be matched.
const MissingFile = "gradebook-missing.txt"

// ClassMember is one student of a class list: a learning-management
// system's gradebook export (ReadClassList).
type ClassMember struct {
	Name       string
	ID         string // Canvas's user ID
	SISUserID  string // Canvas's SIS User ID
	SISLoginID string // Canvas's SIS Login ID
	Section    string
	IDNumber   string // Moodle's ID number
	Email      string
	Username   string
}

// keys are the member's identifiers, in lower case.
func (m ClassMember) keys() []string {
	var out []string
	for _, k := range []string{m.ID, m.SISUserID, m.SISLoginID, m.IDNumber, m.Email, m.Username} {
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// ClassList is a class list and the assignment column header its export
// already has, if any.
type ClassList struct {
	// Source names the file, for messages.
	Source  string
	Members []ClassMember
	// Columns are the export's other column headers (assignments).
	Columns []string
}

// maxClassListBytes caps a class list.
const maxClassListBytes = 64 << 20

// ReadClassList reads a gradebook export of one of the systems of
// gradebookFormats (Canvas: Student, ID, SIS User ID, SIS Login ID,
// Section, its "Points Possible" row skipped; Moodle: First name, Last
// name, ID number, Email address, Username), recognised by their header
// rows. Other columns are kept as Columns. Errors name the file and the
// line.
func ReadClassList(r io.Reader, name string) (ClassList, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxClassListBytes+1))
	if err != nil {
		return ClassList{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxClassListBytes {
		return ClassList{}, fmt.Errorf("%s: larger than %d MiB; expected %s", name, maxClassListBytes>>20, exportTitles())
	}
	if !utf8.Valid(data) {
		return ClassList{}, fmt.Errorf("%s: not UTF-8 text; expected %s (CSV)", name, exportTitles())
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return ClassList{}, fmt.Errorf("%s: line 1: %s; expected a header row such as %s", name, csvErr(err), strings.Join(gradebookFormats[0].ExportColumns, ","))
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	identified := false
	var identifying []string
	known := map[string]bool{}
	for _, f := range gradebookFormats {
		for _, c := range f.Identifying {
			_, ok := col[strings.ToLower(c)]
			identified = identified || ok
			identifying = append(identifying, c)
		}
		for _, c := range append(slices.Clone(f.ExportColumns), f.Known...) {
			known[strings.ToLower(c)] = true
		}
	}
	if !identified {
		return ClassList{}, fmt.Errorf("%s: line 1: no %s column; expected %s", name, suggest.List(identifying, "or"), exportTitles())
	}
	out := ClassList{Source: name}
	for _, h := range header {
		if !known[strings.ToLower(strings.TrimSpace(h))] && strings.TrimSpace(h) != "" {
			out.Columns = append(out.Columns, h)
		}
	}
	get := func(rec []string, key string) string {
		if i, ok := col[key]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			return ClassList{}, fmt.Errorf("%s: line %d: %s; expected CSV", name, line, csvErr(err))
		}
		var m ClassMember
		skip := false
		for _, f := range gradebookFormats {
			if f.ReadMember(func(c string) string { return get(rec, c) }, &m) {
				skip = true
			}
		}
		if skip || len(m.keys()) == 0 {
			continue
		}
		out.Members = append(out.Members, m)
	}
	return out, nil
}

func csvErr(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// LMSMatch is how the graded submissions met the roster and the class
// list: every student missing from either side is in one of its lists.
type LMSMatch struct {
	// Rows are the students written, one per person.
	Rows []LMSRow
	// NoIdentity lists submissions (folder names) the roster does not
	// name, or names without a student ID or email, and that no class
	// member matches: their scores are in no LMS file.
	NoIdentity []string
	// NotInClass lists the graded students the class list lacks.
	NotInClass []string
	// NotGraded lists the class list's students (or the roster's
	// submissions) with no graded submission.
	NotGraded []string
}

// Missing counts the students on one side only.
func (m LMSMatch) Missing() int { return len(m.NoIdentity) + len(m.NotInClass) + len(m.NotGraded) }

// LMSRow is one student's row of the LMS gradebooks.
type LMSRow struct {
	Member ClassMember
	// Submission is the graded folder.
	Submission string
	Score      float64
}

// MatchLMS matches the gradebook's submissions to students: through the
// roster (each submitter of a group gets the group's score) and, when
// class has members, to the class list by student ID or email (or, for a
// submission the roster does not name, by its folder name). Nobody is
// dropped silently: see LMSMatch.
func (gb Gradebook) MatchLMS(class ClassList) LMSMatch {
	var m LMSMatch
	index := map[string]int{}
	for i, c := range class.Members {
		for _, k := range c.keys() {
			if _, dup := index[k]; !dup {
				index[k] = i
			}
		}
	}
	matched := map[int]bool{}
	graded := map[string]bool{}
	for _, s := range gb.Submissions {
		graded[s.Name] = true
		score, _ := gb.Total(s)
		people := gb.Roster[s.Name]
		if len(people) == 0 {
			if i, ok := index[strings.ToLower(s.Name)]; ok && len(class.Members) > 0 {
				matched[i] = true
				m.Rows = append(m.Rows, LMSRow{Member: class.Members[i], Submission: s.Name, Score: score})
			} else {
				m.NoIdentity = append(m.NoIdentity, s.Name)
			}
			continue
		}
		for _, p := range people {
			if len(class.Members) > 0 {
				i, ok := index[strings.ToLower(strings.TrimSpace(p.SID))]
				if !ok || p.SID == "" {
					i, ok = index[strings.ToLower(strings.TrimSpace(p.Email))]
					ok = ok && p.Email != ""
				}
				if !ok {
					m.NotInClass = append(m.NotInClass, personLine(p, s.Name))
					continue
				}
				matched[i] = true
				m.Rows = append(m.Rows, LMSRow{Member: class.Members[i], Submission: s.Name, Score: score})
				continue
			}
			if p.SID == "" && p.Email == "" {
				m.NoIdentity = append(m.NoIdentity, personLine(p, s.Name))
				continue
			}
			m.Rows = append(m.Rows, LMSRow{Member: ClassMember{Name: p.Name, SISUserID: p.SID, IDNumber: p.SID, Email: p.Email}, Submission: s.Name, Score: score})
		}
	}
	if len(class.Members) > 0 {
		for i, c := range class.Members {
			if !matched[i] {
				m.NotGraded = append(m.NotGraded, memberLine(c))
			}
		}
	} else {
		for _, folder := range sortedKeys(gb.Roster) {
			if !graded[folder] {
				for _, p := range gb.Roster[folder] {
					m.NotGraded = append(m.NotGraded, personLine(p, folder))
				}
			}
		}
	}
	sort.SliceStable(m.Rows, func(i, j int) bool { return m.Rows[i].Member.Name < m.Rows[j].Member.Name })
	return m
}

func personLine(p grader.Person, folder string) string {
	return grader.Printable(fmt.Sprintf("%s (sid %q, email %q, submission %s)", p.Name, p.SID, p.Email, folder))
}

func memberLine(c ClassMember) string {
	ids := strings.Join(c.keys(), ", ")
	return grader.Printable(fmt.Sprintf("%s (%s)", c.Name, ids))
}

// assignmentColumn is the header of the assignment's column: the class
// list's column for the assignment ("NAME (12345)" in Canvas's export),
// as the system wrote it, else the assignment's name on one line and
// defused against spreadsheet formulas (csvSafe).
func (gb Gradebook) assignmentColumn(class ClassList) string {
	for _, c := range class.Columns {
		if base, _, ok := strings.Cut(c, " ("); ok && strings.EqualFold(strings.TrimSpace(base), gb.Assignment) {
			return c
		}
		if strings.EqualFold(strings.TrimSpace(c), gb.Assignment) {
			return c
		}
	}
	return csvSafe(grader.Printable(gb.Assignment))
}

// writeImport writes the matched rows as format f's import reads them:
// its columns and the assignment's column, in points, every name on one
// line and defused against spreadsheet formulas.
func (gb Gradebook) writeImport(w io.Writer, f GradebookFormat, m LMSMatch, class ClassList) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(append(slices.Clone(f.ImportColumns), gb.assignmentColumn(class))); err != nil {
		return err
	}
	for _, r := range m.Rows {
		row := f.ImportRow(r.Member)
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

// WriteMissing lists the students on one side only, by reason.
func (m LMSMatch) WriteMissing(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("# Students missing from one side of the LMS gradebooks (kpuzzle grade).\n")
	for _, sec := range []struct {
		title string
		list  []string
	}{
		{"graded, but with no student ID or email to import them by (not in the roster, or the roster names no ID)", m.NoIdentity},
		{"graded, but not in the class list", m.NotInClass},
		{"in the class list (or the roster), but not graded", m.NotGraded},
	} {
		fmt.Fprintf(&sb, "\n## %s: %d\n", sec.title, len(sec.list))
		for _, x := range sec.list {
			sb.WriteString(x + "\n")
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteLMSGradebooks writes, into the output folder out, the gradebook of
// each of formats (LMSFile) and MissingFile, and returns the match.
func (gb Gradebook) WriteLMSGradebooks(out string, formats []string, class ClassList) (LMSMatch, error) {
	m := gb.MatchLMS(class)
	for _, name := range formats {
		f, ok := LookupGradebookFormat(name)
		if !ok {
			return m, fmt.Errorf("gradebook format %q: expected %s", name, suggest.List(GradebookFormats, "or"))
		}
		fill := func(w io.Writer) error { return gb.writeImport(w, f, m, class) }
		if err := atomicfile.Write(filepath.Join(out, LMSFile(name)), 0o644, fill); err != nil {
			return m, err
		}
	}
	if len(formats) > 0 {
		if err := atomicfile.Write(filepath.Join(out, MissingFile), 0o644, m.WriteMissing); err != nil {
			return m, err
		}
	}
	return m, nil
}
