package scaffold

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// Kind is one way the graded program talks to the grader (one of
// the grader's submission interfaces, grader.Kinds), as kpuzzle init
// writes starter code for it: docs/grading.md describes the run.* keys
// each one uses. The grader's kind holds everything about it (its
// starter: grader.Starter); this is what the templates read.
type Kind struct {
	// Name is how --interface spells it (grader.Starter.Name, which may
	// differ from the grader's name); "" means the file interface.
	Name string
	// GraderName is the grader's name of the interface (one of
	// grader.KindNames), which the assignment's run section selects;
	// "" means grader.KindFile.
	GraderName string
	// Title says what it is, for kpuzzle init's output and the README.
	Title string
	// Languages are the names of the starter languages written for it;
	// the first is the default when --language is not given.
	Languages []string

	starter grader.Starter
}

// kindOf is kind as kpuzzle init writes it.
func kindOf(kind grader.Kind) Kind {
	s := kind.Starter()
	return Kind{Name: s.Name, GraderName: kind.Name(), Title: s.Title, Languages: s.Languages, starter: s}
}

// Kinds lists the interfaces that have starter code, in the order
// of grader.Kinds (the file interface first).
func Kinds() []Kind {
	var out []Kind
	for _, k := range grader.Kinds() {
		if i := kindOf(k); len(i.Languages) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// KindNames lists the names --interface takes.
func KindNames() []string {
	var names []string
	for _, i := range Kinds() {
		names = append(names, i.Name)
	}
	return names
}

// LookupKind returns the interface called name, as --interface
// spells it or as the grader does (grader.LookupKind, which takes the
// kinds' aliases), case-insensitively; "" is the file interface.
func LookupKind(name string) (Kind, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	if want == "" {
		want = grader.KindFile
	}
	for _, k := range grader.Kinds() {
		i := kindOf(k)
		if i.Name != want && !i.Is(want) {
			continue
		}
		if len(i.Languages) == 0 {
			return Kind{}, fmt.Errorf("interface %q has no starter code: %s", name, i.starter.Missing)
		}
		return i, nil
	}
	names := KindNames()
	return Kind{}, fmt.Errorf("interface %q: expected one of %s%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
}

// IsFile reports whether this is the file interface (the zero Kind
// is).
func (i Kind) IsFile() bool { return i.kind() == grader.KindFile }

// kind is the grader's name of the interface.
func (i Kind) kind() string {
	if i.GraderName != "" {
		return i.GraderName
	}
	if k, ok := grader.CanonicalKind(i.Name); ok {
		return k
	}
	return grader.KindFile
}

// Is reports whether the interface is the one called name, spelled as
// --interface or the grader spells it; the zero Kind is the file
// interface.
func (i Kind) Is(name string) bool {
	k, ok := grader.CanonicalKind(name)
	return ok && k == i.kind()
}

// TemplateFile is the template (a path in templates.FS) of the
// interface's own sections of the handout, the assignment file and the
// README: assignment/kinds/KIND.tmpl, KIND the grader's name of the
// interface. It defines kind.run (the assignment file's comment on how a
// submission is run), kind.program and kind.implement (the handout's
// "Your program" and "What you must implement"), and, where the
// interface says otherwise than the others, kind.claims, kind.optimal,
// kind.unsolvable, kind.check-yourself and kind.starters. Render reads
// it with every template it renders for Data.
func (i Kind) TemplateFile() string { return "assignment/kinds/" + i.kind() + ".tmpl" }

// Help is kpuzzle init's description of the interface, one line.
func (i Kind) Help() string { return i.starter.Help }

// Supports reports whether the interface has starter code in the
// language called name.
func (i Kind) Supports(language string) bool { return slices.Contains(i.Languages, language) }

// checkShape says why the interface cannot pose boards of shape s
// (Princeton's Board is square).
func (i Kind) checkShape(s puzzles.Shape) error {
	if i.starter.Square != "" && s.Rows != s.Cols {
		return optionErrorf("shape", "the %s interface (%s) takes square boards only; %s is not square", i.Name, i.starter.Square, s)
	}
	return nil
}

// adapt returns language l as interface i runs it (grader.Starter.Adapt):
// its starter's template folder and files, its run (and build) section,
// and how a student runs it. ok is false when i has no starter code in
// l.
func (i Kind) adapt(l Language, wallTime string) (Language, bool) {
	switch {
	case i.IsFile():
		return l, true
	case !i.Supports(l.Name):
		return Language{}, false
	}
	l.Dir = i.Name + "/" + l.Name
	if i.starter.Adapt == nil {
		return l, true
	}
	c := i.starter.Adapt(grader.StarterCode{
		Language: l.Name, Dir: l.Dir, Files: l.Files, Build: l.Build, Run: l.Run,
		Program: l.Program, Limits: l.Limits, Compile: l.Compile, Invoke: l.Invoke, Usage: l.Usage, Local: l.Local,
	}, wallTime)
	l.Dir, l.Files, l.Build, l.Run, l.Usage, l.Local = c.Dir, c.Files, c.Build, c.Run, c.Usage, c.Local
	return l, true
}

// lookup returns the language called name as interface i runs it, and
// i's other languages. An empty name is i's default language.
func (i Kind) lookup(name, wallTime, goDir string) (Language, []Language, error) {
	if strings.TrimSpace(name) == "" {
		name = i.Languages[0]
	}
	lang, others, err := LookupLanguage(name, wallTime, goDir)
	if err != nil {
		return Language{}, nil, &OptionError{Option: "language", Err: err}
	}
	adapted, ok := i.adapt(lang, wallTime)
	if !ok {
		return Language{}, nil, optionErrorf("", "--interface %s and --language %s do not go together: the %s interface has starter code in %s only",
			i.Name, lang.Name, i.Name, humanList(i.Languages))
	}
	lang = adapted
	var rest []Language
	for _, o := range others {
		if o, ok := i.adapt(o, wallTime); ok {
			rest = append(rest, o)
		}
	}
	return lang, rest, nil
}
