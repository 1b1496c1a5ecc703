package scaffold

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/templates"
)

// Data fills the templates of templates/starter and templates/assignment.
type Data struct {
	Name       string
	Generator  string
	Convention string
	BlankFirst bool
	// PuzzlesDir is puzzles.dir of the assignment file.
	PuzzlesDir string
	// Kind is how the program receives a puzzle and answers; the
	// zero Kind is the file interface.
	Kind     Kind
	Language Language
	Others   []Language
	// Shapes lists the boards of the tests, for the handout.
	Shapes string
	// Depths gives each shape's range of optimal lengths, for the
	// handout: "4 to 24 moves (3x3) and 30 to 40 moves (5x5)".
	Depths string
	// Large says the tests include boards of 25 cells or more, where
	// the handout says why the heuristic matters.
	Large    bool
	WallTime string
	// Example is a public test, relative to the students' puzzles folder.
	Example string
	// KpuzzleVersion is this binary's version; KpuzzleModuleVersion what
	// go install asks for; GoVersion the Go release ("go1.26.8") and
	// GoSetupVersion its number, for setup.sh and the workflow.
	KpuzzleVersion       string
	KpuzzleModuleVersion string
	GoVersion            string
	GoSetupVersion       string
	// Baseline says the starter code has a working baseline search (kpuzzle
	// init --baseline); without it the starter is a skeleton whose search
	// is the student's to write. BaselineSolvesAll says the baseline
	// reaches every board of the tests' shapes (none larger than 3x3), so
	// that the handout does not promise larger tests it cannot solve.
	Baseline, BaselineSolvesAll bool
}

// ExampleRows is the handout's example puzzle: two moves from the goal.
func (d Data) ExampleRows() string {
	if d.BlankFirst {
		return "1 4 2\n3 0 5\n6 7 8"
	}
	return "1 2 3\n4 0 6\n7 5 8"
}

// ExampleMoves says in words how the example puzzle is solved, in the
// assignment's convention.
func (d Data) ExampleMoves() string {
	switch {
	case d.BlankFirst && d.Convention == "blank":
		return "the blank moves up, then left"
	case d.BlankFirst:
		return "the 4 slides down, then the 1 slides right"
	case d.Convention == "blank":
		return "the blank moves down, then right"
	}
	return "the 5 slides up, then the 8 slides left"
}

// ExampleAnswer is the answer file of the example puzzle.
func (d Data) ExampleAnswer() string {
	if d.BlankFirst == (d.Convention == "blank") {
		return "UP\nLEFT"
	}
	return "DOWN\nRIGHT"
}

// ExampleMenuRows is the example puzzle as an interactive program is
// asked for it: "Row 1: 1 2 3" and so on.
func (d Data) ExampleMenuRows() string {
	var lines []string
	for i, row := range strings.Split(d.ExampleRows(), "\n") {
		lines = append(lines, fmt.Sprintf("Row %d: %s", i+1, row))
	}
	return strings.Join(lines, "\n")
}

// ExampleReport is the moves of the example's answer as an interactive
// program's report gives them: "Move 1: UP" and so on.
func (d Data) ExampleReport() string {
	var lines []string
	for i, m := range strings.Split(d.ExampleAnswer(), "\n") {
		lines = append(lines, fmt.Sprintf("Move %d: %s", i+1, m))
	}
	return strings.Join(lines, "\n")
}

// ExampleBoardList is the example puzzle as a Python list of rows.
func (d Data) ExampleBoardList() string {
	var rows []string
	for _, row := range strings.Split(d.ExampleRows(), "\n") {
		rows = append(rows, "["+strings.Join(strings.Fields(row), ", ")+"]")
	}
	return "[" + strings.Join(rows, ", ") + "]"
}

// ExampleAnswerList is the example's answer as a Python list of move
// words.
func (d Data) ExampleAnswerList() string {
	var moves []string
	for _, m := range strings.Split(d.ExampleAnswer(), "\n") {
		moves = append(moves, fmt.Sprintf("%q", m))
	}
	return "[" + strings.Join(moves, ", ") + "]"
}

// StarterTitles names the languages of the starter code written into
// starter/: "Python, Java, C++ and Go".
func (d Data) StarterTitles() string {
	var titles []string
	for _, l := range Languages("", "") {
		if l.Name == d.Language.Name || slices.ContainsFunc(d.Others, func(o Language) bool { return o.Name == l.Name }) {
			titles = append(titles, l.Title)
		}
	}
	return humanList(titles)
}

// GoArchive is the URL of the Go release GoVersion for linux/amd64,
// which setup.sh and the PrairieLearn Dockerfile download (sh-quoted
// there).
func (d Data) GoArchive() string { return goArchive(d.GoVersion) }

// goArchive is the URL of Go release version (go1.26.8) for linux/amd64.
func goArchive(version string) string {
	return "https://go.dev/dl/" + version + ".linux-amd64.tar.gz"
}

// quoting are the functions every template fills values in with, so
// that a course's own strings (an assignment's name with a quote or a
// line break, a file name with a space) are written as what they are in
// each file's language, never as more of it:
//
//	yaml  a YAML double-quoted scalar that reads back as the value:
//	      name: {{yaml .Name}}
//	line  the value on one line, control and invisible characters shown
//	      as <U+000A> (grader.Printable): for comments in YAML, shell and
//	      Dockerfiles, and Markdown headings
//	sh    one shell word, single-quoted: cp {{sh .FirstFile}} job/
//	doc   the value in a comment or docstring of the starter code (line,
//	      with \ doubled, */ and """ broken up), which neither Java's
//	      \u escapes, nor a block comment's end, nor a Python
//	      docstring's end can reach out of
//
// and text/template's html for HTML text and attributes.
var quoting = template.FuncMap{
	"yaml": yamlString,
	"line": grader.Printable,
	"sh":   shellWord,
	"doc":  docText,
}

// docText is s for a comment of starter code in any of its languages:
// one line (grader.Printable), every \ doubled (so that Java reads no
// \uXXXX escape and Python no escape at all), "*/" written "* /" (the
// end of a Java or C++ block comment) and """ written ""\" (the end of
// a Python docstring, which Python reads back as """).
func docText(s string) string {
	s = strings.ReplaceAll(grader.Printable(s), `\`, `\\`)
	s = strings.ReplaceAll(s, "*/", "* /")
	return strings.ReplaceAll(s, `"""`, `""\"`)
}

// yamlString is s as a YAML double-quoted scalar that reads back as s:
// printable characters as they are, \" and \\ escaped, and every
// character YAML does not print or reads as a line break (C0 and C1
// controls, DEL, NEL, the line and paragraph separators, the byte-order
// mark) as \uXXXX. Bytes that are not UTF-8 are written as U+FFFD.
func yamlString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case yamlPrintable(r):
			sb.WriteRune(r)
		default:
			fmt.Fprintf(&sb, "\\u%04X", r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// yamlPrintable reports whether YAML reads r in a double-quoted scalar as
// itself: its printable set without NEL (which YAML 1.1 readers take for
// a line break), without U+2028 and U+2029 (the same) and without the
// byte-order mark.
func yamlPrintable(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7E:
		return true
	case r == 0xFEFF || r == 0x2028 || r == 0x2029:
		return false
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// shellWord is s as one word of a POSIX shell: single-quoted, with each
// ' written as '\”.
func shellWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Render executes the embedded template name (a path in templates.FS)
// with data, with the quoting functions (yaml, line, sh). Workflow
// templates (.yml.tmpl) use [[ ]] as delimiters, since GitHub's
// expressions are ${{ }}. With Data, the templates of its interface's
// own sections (Kind.TemplateFile) are read too, after name, so
// that they replace its defaults.
func Render(name string, data any) ([]byte, error) {
	text, err := templates.Read(name)
	if err != nil {
		return nil, err
	}
	t := template.New(path.Base(name)).Option("missingkey=error").Funcs(quoting)
	if strings.HasSuffix(name, ".yml.tmpl") {
		t = t.Delims("[[", "]]")
	}
	if t, err = t.Parse(text); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	if d, ok := data.(Data); ok && !strings.HasSuffix(name, ".yml.tmpl") {
		kind := d.Kind.TemplateFile()
		text, err := templates.Read(kind)
		if err != nil {
			return nil, err
		}
		if _, err := t.New(path.Base(kind)).Parse(text); err != nil {
			return nil, fmt.Errorf("template %s: %w", kind, err)
		}
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// writeFile writes data to dir/file (a slash-separated path), making its
// folders, with mode perm.
func writeFile(dir, file string, data []byte, perm fs.FileMode) error {
	p := filepath.Join(dir, filepath.FromSlash(file))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, data, perm); err != nil {
		return err
	}
	return os.Chmod(p, perm)
}

// renderFile renders template name with data into dir/file.
func renderFile(dir, file, name string, data any, perm fs.FileMode) error {
	out, err := Render(name, data)
	if err != nil {
		return err
	}
	return writeFile(dir, file, out, perm)
}

// WriteStarter renders the starter code of language l into dir.
func WriteStarter(dir string, l Language, data Data) error {
	folder := l.Dir
	if folder == "" {
		folder = l.Name
	}
	for _, f := range l.Files {
		if err := renderFile(dir, f, "starter/"+folder+"/"+f+".tmpl", data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
