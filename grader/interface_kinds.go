package grader

import (
	"fmt"
	"slices"
	"strings"
)

// The one table of the submission interfaces, which everything that
// needs the list of them reads: [KindNames], [LookupKind],
// [CanonicalKind], [RunStep.Kind], [Kinds] (kpuzzle init's
// starters and help, the docs' checks), the rubric's check groups
// (criteriaGroups) and the expected files (harnessNames).

// kinds lists the submission interfaces from the most general to the
// most specific: the kind of run settings is the last one in the table
// that their keys select ([RunStep.Kind]; the file program, first,
// is selected by every settings), and the order is the one of
// KindNames, kpuzzle init's help and docs/grading.md. Adding a kind
// is adding its file and a line here. It is a function, not a variable,
// so that a program that never asks for an interface (the browser
// checker) links none of their code.
func kinds() []Kind {
	return []Kind{fileProgram{}, stdinProgram{}, interactiveProgram{}, pythonFunction{}, berkeleyFunction{}, javaAPI{}}
}

// KindNames lists the interfaces' names, the file program first.
func KindNames() []string {
	var names []string
	for _, k := range kinds() {
		names = append(names, k.Name())
	}
	return names
}

// Kinds lists the submission interfaces, in the order of KindNames,
// each without run settings: for what describes a kind (its name, title,
// aliases, language, harness files, starter), not for grading.
func Kinds() []Kind { return kinds() }

// LookupKind returns the kind called name (one of KindNames, or an
// alias such as python-function or java-api, case-insensitively), as
// [Kinds] lists it; ok is false when none is.
func LookupKind(name string) (kind Kind, ok bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, k := range kinds() {
		if k.Name() == n || slices.Contains(k.Aliases(), n) {
			return k, true
		}
	}
	return nil, false
}

// CanonicalKind returns the name of the interface called name (one
// of KindNames, or an alias such as python-function or java-api,
// case-insensitively); ok is false when none is.
func CanonicalKind(name string) (canonical string, ok bool) {
	k, ok := LookupKind(name)
	if !ok {
		return strings.ToLower(strings.TrimSpace(name)), false
	}
	return k.Name(), true
}

// Kind is the submission interface of the run settings: the most
// specific kind of the table their keys select (Berkeley with
// run.problem, a Python function with run.function, the Java API with
// run.java_api, an interactive program with run.stdin and run.choices or
// run.extract, a program given run.stdin, else a program given the
// puzzle file).
func (r RunStep) Kind() Kind {
	p := program{run: r}
	var kind Kind = fileProgram{p}
	for _, k := range kinds() {
		if k.selects(r) {
			kind = k.with(p)
		}
	}
	return kind
}

// kindConflict refuses run settings that ask for two interfaces with
// harnesses, neither of which refines the other (an assignment grades a
// Python function or a Java API, not both), or that set keys of an
// interface they do not ask for.
func (r RunStep) kindConflict() error {
	for _, k := range kinds() {
		if k.selects(r) {
			continue
		}
		if err := k.stray(r); err != nil {
			return err
		}
	}
	return r.harnessConflict()
}

// harnessConflict refuses run settings that ask for two interfaces with
// harnesses, neither of which refines the other.
func (r RunStep) harnessConflict() error {
	var chosen Kind
	for _, k := range kinds() {
		if !k.selects(r) || len(k.HarnessFiles()) == 0 {
			continue
		}
		if chosen != nil && k.refines() != chosen.Name() {
			return &ConfigError{Key: selectorKey(k), Msg: fmt.Sprintf("set with %s; an assignment grades %s or %s, not both", chosen.selector(), chosen.Title(), k.Title())}
		}
		chosen = k
	}
	return nil
}

// harnessKeys lists how run settings ask for the interfaces with
// harnesses (run.function, run.problem: berkeley, run.java_api), for
// messages.
func harnessKeys() string {
	var keys []string
	for _, k := range kinds() {
		if len(k.HarnessFiles()) > 0 {
			keys = append(keys, selectorKey(k))
		}
	}
	return strings.Join(keys, ", ")
}

// selectorKey is the key that asks for kind k: run.problem for
// "run.problem: berkeley".
func selectorKey(k Kind) string {
	key, _, _ := strings.Cut(k.selector(), ":")
	key, _, _ = strings.Cut(key, " ")
	return key
}

// harnessNames lists the names of every interface's harness files.
func harnessNames() []string {
	var names []string
	for _, k := range kinds() {
		for _, h := range k.HarnessFiles() {
			names = append(names, h.Name)
		}
	}
	return names
}
