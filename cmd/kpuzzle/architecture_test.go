package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/templates"
)

// readDoc reads a page of docs/.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestArchitectureDoc keeps docs/architecture.md true: every path it
// names exists, and every thing of the registries it explains how to
// add (interface kinds, gradebook formats, heuristics, answer notations)
// is named there, in the user guide page that documents its kind, and
// has its own file.
func TestArchitectureDoc(t *testing.T) {
	arch := readDoc(t, "architecture.md")
	root := filepath.Join("..", "..")
	path := regexp.MustCompile("`((?:cmd|grader|reference|puzzles|templates|docs)/[^` ]*)`")
	placeholder := regexp.MustCompile(`[A-Z]{3,}`)
	named := 0
	for _, m := range path.FindAllStringSubmatch(arch, -1) {
		p := m[1]
		if placeholder.MatchString(p) {
			continue // a pattern: grader/interface_NAME.go
		}
		named++
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
			t.Errorf("docs/architecture.md names %s, which does not exist", p)
		}
	}
	if named < 20 {
		t.Errorf("docs/architecture.md names %d paths; the test reads it wrongly", named)
	}
	mentions := func(doc, page, what, name string) {
		t.Helper()
		if !strings.Contains(doc, "`"+name+"`") {
			t.Errorf("docs/%s does not name the %s `%s`", page, what, name)
		}
	}
	grading, formats, heuristics := readDoc(t, "grading.md"), readDoc(t, "formats.md"), readDoc(t, "heuristics.md")
	for _, name := range grader.KindNames() {
		mentions(arch, "architecture.md", "interface kind", name)
		mentions(grading, "grading.md", "interface kind", name)
		file := "grader/interface_" + strings.ReplaceAll(name, "_", "") + ".go"
		if _, err := os.Stat(filepath.Join(root, file)); err != nil {
			t.Errorf("the interface kind %s has no file of its own (%s)", name, file)
		}
	}
	for _, name := range report.GradebookFormats {
		mentions(arch, "architecture.md", "gradebook format", name)
		mentions(grading, "grading.md", "gradebook format", name)
		if _, err := os.Stat(filepath.Join(root, "grader", "report", "lms_"+name+".go")); err != nil {
			t.Errorf("the gradebook format %s has no file of its own", name)
		}
	}
	for _, name := range reference.BuiltinHeuristics().Names() {
		mentions(arch, "architecture.md", "heuristic", name)
		mentions(heuristics, "heuristics.md", "heuristic", name)
	}
	for _, name := range notation.Names() {
		mentions(arch, "architecture.md", "answer notation", name)
	}
	for _, n := range notation.Notations {
		mentions(formats, "formats.md", "answer notation", n.String())
	}
}

// TestKindsTable walks the interface kinds' table: each kind's aliases
// name it; it has starter code, or says why it has none, and kpuzzle
// init writes it (or refuses it saying so); its harness and starter
// templates exist; a kind with a harness fixes the submission's
// language; and kpuzzle init's help lists it.
func TestKindsTable(t *testing.T) {
	help := kpuzzle(t, "", "init", "--help").stdout
	for _, kind := range grader.Kinds() {
		name := kind.Name()
		for _, alias := range append([]string{name}, kind.Aliases()...) {
			if k, ok := grader.LookupKind(alias); !ok || k.Name() != name {
				t.Errorf("%s: its name %q does not name it", name, alias)
			}
		}
		if kind.Title() == "" {
			t.Errorf("%s has no title", name)
		}
		for _, h := range kind.HarnessFiles() {
			if _, err := fs.Stat(templates.FS, h.Template); err != nil {
				t.Errorf("%s: harness %s: %v", name, h.Template, err)
			}
		}
		if (len(kind.HarnessFiles()) > 0) != (kind.Language() != "") {
			t.Errorf("%s: harness files %v but language %q", name, kind.HarnessFiles(), kind.Language())
		}
		s := kind.Starter()
		iface, err := scaffold.LookupKind(s.Name)
		switch {
		case len(s.Languages) == 0 && (s.Missing == "" || err == nil || !strings.Contains(err.Error(), s.Missing)):
			t.Errorf("%s has no starter code and says why %q; kpuzzle init says %v", name, s.Missing, err)
			continue
		case len(s.Languages) == 0:
			continue
		case err != nil || iface.GraderName != name:
			t.Errorf("%s: kpuzzle init --interface %s: %+v, %v", name, s.Name, iface, err)
			continue
		}
		if !strings.Contains(help, "  "+s.Name+" ") {
			t.Errorf("kpuzzle init --help does not list --interface %s", s.Name)
		}
		// Its own sections of the handout and the assignment file.
		if text, err := fs.ReadFile(templates.FS, iface.TemplateFile()); err != nil {
			t.Errorf("%s: %v", name, err)
		} else {
			for _, section := range []string{"kind.run", "kind.program", "kind.implement"} {
				if !strings.Contains(string(text), `{{define "`+section+`"}}`) {
					t.Errorf("%s: %s defines no %s", name, iface.TemplateFile(), section)
				}
			}
		}
		for _, lang := range s.Languages {
			dir := "starter/" + lang
			if s.Adapt != nil {
				dir = "starter/" + s.Name + "/" + lang
			}
			entries, err := fs.ReadDir(templates.FS, dir)
			if err != nil || len(entries) == 0 {
				t.Errorf("%s: no starter code in %s (%v)", name, dir, err)
			}
		}
	}
}
