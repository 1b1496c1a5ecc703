package grader_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
)

// loadBase is an assignment file's settings that load.
func loadBase() map[string]any {
	return map[string]any{
		"puzzles": map[string]any{"dir": "set"},
		"run":     map[string]any{"command": "python3 {submission}/s.py {input} {output}", "memory": "2GiB"},
	}
}

func envOf(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// TestLoadAssignmentPrecedence sets answer.format at every level at once
// and removes the levels from the top: the flag beats the command's
// variable, which beats the key's variable, which beats the file's
// command key, which beats the flag's top-level key, which beats the
// key itself, which beats the default; and each time the source says
// which won.
func TestLoadAssignmentPrecedence(t *testing.T) {
	levels := []struct {
		name, value string
		source      grader.Source
	}{
		{"--answer-format", "lines", grader.Source{Kind: grader.SourceFlag, Name: "--answer-format"}},
		{"KPUZZLE_GRADE_ANSWER_FORMAT", "letters", grader.Source{Kind: grader.SourceEnv, Name: "KPUZZLE_GRADE_ANSWER_FORMAT"}},
		{"KPUZZLE_ANSWER_FORMAT", "words", grader.Source{Kind: grader.SourceEnv, Name: "KPUZZLE_ANSWER_FORMAT"}},
		{"grade.answer-format", "list", grader.Source{Kind: grader.SourceFile, Name: "grade.answer-format", File: "a.yaml"}},
		{"answer-format", "tiles", grader.Source{Kind: grader.SourceFile, Name: "answer-format", File: "a.yaml"}},
		{"answer.format", "boards", grader.Source{Kind: grader.SourceFile, Name: "answer.format", File: "a.yaml"}},
		{"default", "auto", grader.Source{Kind: grader.SourceDefault}},
	}
	for top := range levels {
		settings := loadBase()
		env := map[string]string{}
		var o grader.Overrides
		for _, l := range levels[top:] {
			switch {
			case l.name == "--answer-format":
				o.AnswerNotation = &l.value
			case strings.HasPrefix(l.name, "KPUZZLE_"):
				env[l.name] = l.value
			case l.name == "grade.answer-format":
				settings["grade"] = map[string]any{"answer-format": l.value}
			case l.name == "answer-format":
				settings["answer-format"] = l.value
			case l.name == "answer.format":
				settings["answer"] = map[string]any{"format": l.value}
			}
		}
		l, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: settings, Env: envOf(env),
			Command: "grade", Ignore: []string{"grade", "answer-format"}, Overrides: o})
		if err != nil {
			t.Fatalf("%s the highest: %v", levels[top].name, err)
		}
		if got := l.AnswerNotation().String(); got != levels[top].value {
			t.Errorf("%s the highest: answer.format %s, want %s", levels[top].name, got, levels[top].value)
		}
		if diff := cmp.Diff(levels[top].source, l.Sources["answer.format"]); diff != "" {
			t.Errorf("%s the highest: source (-want +got):\n%s", levels[top].name, diff)
		}
	}
}

// TestLoadAssignmentLeavesOtherCommandsAlone: without a command, its
// variables and keys are not read, and the caller's settings are not
// changed.
func TestLoadAssignmentLeavesOtherCommandsAlone(t *testing.T) {
	settings := loadBase()
	settings["grade"] = map[string]any{"moves": "blank"}
	l, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: settings,
		Env: envOf(map[string]string{"KPUZZLE_GRADE_MOVES": "blank"}), Ignore: []string{"grade"}})
	if err != nil {
		t.Fatal(err)
	}
	if l.ConventionName != "tile" || l.Sources["moves"].Kind != grader.SourceDefault {
		t.Errorf("moves %s from %v, want tile by default", l.ConventionName, l.Sources["moves"])
	}
	if diff := cmp.Diff(map[string]any{"command": "python3 {submission}/s.py {input} {output}", "memory": "2GiB"}, settings["run"]); diff != "" {
		t.Errorf("the caller's settings changed (-want +got):\n%s", diff)
	}
}

// TestLoadAssignmentNamesWhereABadValueCameFrom: an invalid value is one
// error naming the key and its source, as the command line prints it,
// whatever check finds it (the grader's, a flag's, the caller's Check).
func TestLoadAssignmentNamesWhereABadValueCameFrom(t *testing.T) {
	diag := "diagonal"
	gradebooks := func(a *grader.Assignment) error {
		for _, g := range a.Results.Gradebook {
			if g != "canvas" {
				return &grader.ConfigError{Key: "results.gradebook", Msg: fmt.Sprintf("%q: expected canvas", g)}
			}
		}
		return nil
	}
	for _, c := range []struct {
		what     string
		settings func(map[string]any)
		env      map[string]string
		o        grader.Overrides
		want     string
	}{
		{"the file", func(s map[string]any) { s["run"].(map[string]any)["memory"] = "-1GiB" }, nil, grader.Overrides{},
			`a.yaml: run.memory: "-1GiB" is negative`},
		{"the environment", nil, map[string]string{"KPUZZLE_RUN_MEMORY": "-5GiB"}, grader.Overrides{},
			`KPUZZLE_RUN_MEMORY (run.memory, from the environment): "-5GiB" is negative`},
		{"a flag", nil, nil, grader.Overrides{ConventionName: &diag},
			`--moves (moves): "diagonal": expected tile or blank`},
		{"the command's own key", func(s map[string]any) { s["grade"] = map[string]any{"moves": "diagonal"} }, nil, grader.Overrides{},
			`a.yaml: grade.moves (moves): "diagonal": expected tile or blank`},
		{"an unknown key", func(s map[string]any) { s["run"].(map[string]any)["wal_time"] = "3s" }, nil, grader.Overrides{},
			"a.yaml: unknown key run.wal_time: expected one of command, "},
		{"the caller's check, on the file", func(s map[string]any) { s["results"] = map[string]any{"gradebook": []any{"moodle"}} }, nil, grader.Overrides{},
			`a.yaml: results.gradebook: "moodle": expected canvas`},
		{"the caller's check, on the environment", nil, map[string]string{"KPUZZLE_RESULTS_GRADEBOOK": "canvas,blackboard"}, grader.Overrides{},
			`KPUZZLE_RESULTS_GRADEBOOK (results.gradebook, from the environment): "blackboard": expected canvas`},
	} {
		settings := loadBase()
		if c.settings != nil {
			c.settings(settings)
		}
		_, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: settings, Env: envOf(c.env),
			Command: "grade", Ignore: []string{"grade"}, Overrides: c.o, Check: gradebooks})
		var le *grader.LoadError
		var ce *grader.ConfigError
		if !errors.As(err, &le) || !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want a *LoadError %q...", c.what, err, c.want)
		}
	}
}

// TestLoadedAssignmentRebased: the assignment as read from another
// folder takes its relative paths from there, and is the file's alone
// (neither the environment nor the flags).
func TestLoadedAssignmentRebased(t *testing.T) {
	blank := "blank"
	l, err := grader.LoadAssignment(grader.LoadOptions{File: "/course/a.yaml", Settings: loadBase(), Overrides: grader.Overrides{ConventionName: &blank},
		Env: envOf(map[string]string{"KPUZZLE_RUN_MEMORY": "3GiB"})})
	if err != nil {
		t.Fatal(err)
	}
	if l.Puzzles.Dir != filepath.FromSlash("/course/set") || l.Run.Memory != 3<<30 || l.ConventionName != "blank" {
		t.Errorf("loaded: dir %s, memory %s, moves %s", l.Puzzles.Dir, l.Run.Memory, l.ConventionName)
	}
	there, err := l.Rebased("/grade/tests")
	if err != nil {
		t.Fatal(err)
	}
	if there.Puzzles.Dir != filepath.FromSlash("/grade/tests/set") || there.Run.Memory != 2<<30 || there.ConventionName != "tile" {
		t.Errorf("rebased: dir %s, memory %s, moves %s", there.Puzzles.Dir, there.Run.Memory, there.ConventionName)
	}
	want, err := grader.ParseAssignment(loadBase(), "/grade/tests", nil)
	if err != nil {
		t.Fatal(err)
	}
	if there.Fingerprint() != want.Fingerprint() {
		t.Error("the rebased assignment's fingerprint is not that of the file read from its folder")
	}
}

// TestLoadedAssignmentExplain lists every documented key once, in order,
// with its effective value and source.
func TestLoadedAssignmentExplain(t *testing.T) {
	l, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: loadBase(),
		Env: envOf(map[string]string{"KPUZZLE_RUN_WALL_TIME": "5s"})})
	if err != nil {
		t.Fatal(err)
	}
	keys := l.Explain()
	if len(keys) != len(grader.AssignmentKeys) {
		t.Fatalf("%d keys explained, %d documented", len(keys), len(grader.AssignmentKeys))
	}
	got := map[string]grader.ExplainedKey{}
	for i, k := range keys {
		if k.Key != grader.AssignmentKeys[i].Key {
			t.Errorf("key %d is %s, want %s", i, k.Key, grader.AssignmentKeys[i].Key)
		}
		got[k.Key] = k
	}
	for key, want := range map[string]grader.ExplainedKey{
		"run.memory":    {Key: "run.memory", Value: "2GiB", Source: grader.Source{Kind: grader.SourceFile, Name: "run.memory", File: "a.yaml"}},
		"run.wall_time": {Key: "run.wall_time", Value: "5s", Source: grader.Source{Kind: grader.SourceEnv, Name: "KPUZZLE_RUN_WALL_TIME"}},
		"run.cpu_time":  {Key: "run.cpu_time", Value: "5s", Source: grader.Source{Kind: grader.SourceDefault}},
		"puzzles.dir":   {Key: "puzzles.dir", Value: filepath.FromSlash("/c/set"), Source: grader.Source{Kind: grader.SourceFile, Name: "puzzles.dir", File: "a.yaml"}},
		"moves":         {Key: "moves", Value: "tile", Source: grader.Source{Kind: grader.SourceDefault}},
	} {
		if diff := cmp.Diff(want, got[key]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", key, diff)
		}
	}
}

// An empty value given for a key with a default means the default:
// Explain says so, rather than crediting the default to the file.
func TestExplainEmptyValueMeansTheDefault(t *testing.T) {
	settings := loadBase()
	settings["run"].(map[string]any)["board"] = map[string]any{"blank": ""}
	l, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range l.Explain() {
		if k.Key != "run.board.blank" {
			continue
		}
		want := grader.ExplainedKey{Key: "run.board.blank", Value: "0 (the default: the value given is empty)", Source: grader.Source{Kind: grader.SourceFile, Name: "run.board.blank", File: "a.yaml"}}
		if diff := cmp.Diff(want, k); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		return
	}
	t.Fatal("run.board.blank not explained")
}

// TestLoadAssignmentShorthand: a section given as one value (integrity:
// zero) is its key's value, in the file's keys, the sources and the key
// check of kpuzzle.yaml alike.
func TestLoadAssignmentShorthand(t *testing.T) {
	settings := loadBase()
	settings["integrity"] = "zero"
	l, err := grader.LoadAssignment(grader.LoadOptions{File: "a.yaml", BaseDir: "/c", Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
	want := grader.Source{Kind: grader.SourceFile, Name: "integrity.action", File: "a.yaml"}
	if l.Integrity.Action != grader.IntegrityZero || l.Sources["integrity.action"] != want {
		t.Errorf("integrity.action %q from %+v, want zero from the file", l.Integrity.Action, l.Sources["integrity.action"])
	}
	if settings["integrity"] != "zero" {
		t.Errorf("the caller's settings changed: %v", settings["integrity"])
	}
	if err := grader.CheckAssignmentKey("integrity"); err != nil {
		t.Errorf("integrity as one value: %v", err)
	}
	if err := grader.CheckAssignmentKey("integrity.acton"); err == nil {
		t.Error("integrity.acton is not refused")
	}
}
