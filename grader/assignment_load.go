package grader

// Loading an assignment: the one place that owns where each value comes
// from, in the order the command line documents (docs/configuration.md):
// a flag, then a KPUZZLE_* environment variable, then the file (a
// command's own key before a top-level one), then the default.

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
)

// LoadOptions say where an assignment comes from. Nothing here reads a
// file or the process's environment: the caller decodes the file and
// hands in the lookup of the environment.
type LoadOptions struct {
	// File is the assignment file's path, for messages; its folder is
	// where relative paths are taken from unless BaseDir says otherwise.
	File string
	// Settings are the file's decoded settings: nested maps with
	// lower-case keys, as a YAML or JSON decoder gives them. They are not
	// changed.
	Settings map[string]any
	// BaseDir is the folder of relative paths; "" is File's folder.
	BaseDir string
	// Ignore lists the file's top-level keys that are not the
	// assignment's (the command line's own: commands' and flags' names).
	Ignore []string
	// Env looks up an environment variable (os.LookupEnv); nil reads
	// none.
	Env func(name string) (string, bool)
	// Command is the command whose flags give Overrides ("grade"): for
	// the keys those flags set, its own variables (KPUZZLE_GRADE_MOVES)
	// and keys (grade.moves) come before the top-level ones. "" for a
	// command without such flags.
	Command string
	// Overrides are the values of the flags typed on the command line.
	Overrides Overrides
	// Check makes the checks the grader cannot make itself (package
	// report's gradebook formats: report.CheckGradebooks) on the loaded
	// assignment; a *ConfigError it returns is reported as the others.
	Check func(*Assignment) error
}

// SourceKind says where a value came from.
type SourceKind string

// The places a value comes from, highest precedence first.
const (
	SourceFlag    SourceKind = "flag"
	SourceEnv     SourceKind = "environment"
	SourceFile    SourceKind = "file"
	SourceDefault SourceKind = "default"
)

// Source is where one key's value came from.
type Source struct {
	Kind SourceKind `json:"kind"`
	// Name is the flag ("--moves"), the variable ("KPUZZLE_RUN_MEMORY")
	// or the file's key ("grade.moves", "run.memory"); "" for a default.
	Name string `json:"name,omitempty"`
	// File is the file, for SourceFile.
	File string `json:"file,omitempty"`
}

// String says where the value came from, for people: "the flag
// --moves", "the environment variable KPUZZLE_RUN_MEMORY",
// "assignment.yaml, key run.memory", "the default".
func (s Source) String() string {
	switch s.Kind {
	case SourceFlag:
		return "the flag " + s.Name
	case SourceEnv:
		return "the environment variable " + s.Name
	case SourceFile:
		return s.File + ", key " + s.Name
	}
	return "the default"
}

// LoadedAssignment is an assignment and where each of its keys' values
// came from.
type LoadedAssignment struct {
	Assignment
	// Sources gives, for every key of AssignmentKeys, where its value
	// came from.
	Sources map[string]Source

	options LoadOptions
	// settings are the file's settings with the command's own keys in
	// place, before the environment.
	settings map[string]any
}

// LoadError is an assignment that cannot be loaded: the error of its
// key and where the key's value came from, which its message names (the
// file, the environment variable or the flag).
type LoadError struct {
	Err    *ConfigError
	Source Source
	// File is the assignment file.
	File string
}

func (e *LoadError) Error() string {
	switch e.Source.Kind {
	case SourceEnv:
		return fmt.Sprintf("%s (%s, from the environment): %s", e.Source.Name, e.Err.Key, e.Err.Msg)
	case SourceFlag:
		return fmt.Sprintf("%s (%s): %s", e.Source.Name, e.Err.Key, e.Err.Msg)
	case SourceFile:
		if e.Source.Name != e.Err.Key && !e.Err.Unknown {
			return fmt.Sprintf("%s: %s (%s): %s", e.File, e.Source.Name, e.Err.Key, e.Err.Msg)
		}
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *LoadError) Unwrap() error { return e.Err }

// overrideKeys are the keys Overrides set, each with its command-line
// flag and its field.
var overrideKeys = []struct {
	key, flag string
	value     func(Overrides) *string
}{
	{"goal", "goal", func(o Overrides) *string { return o.Goal }},
	{"moves", "moves", func(o Overrides) *string { return o.ConventionName }},
	{"run.isolation", "isolation", func(o Overrides) *string { return o.Isolation }},
	{"answer.format", "answer-format", func(o Overrides) *string { return o.AnswerNotation }},
}

// LoadAssignment builds an assignment from its sources, highest
// precedence first: the flags (o.Overrides), the environment (for each
// key, KPUZZLE_COMMAND_FLAG and KPUZZLE_FLAG for a key the command has a
// flag for, then KPUZZLE_KEY: KPUZZLE_RUN_MEMORY for run.memory), the
// file (COMMAND.FLAG and FLAG before the key itself), the defaults. It
// validates the file's keys, fills in defaults and validates the
// assignment (ParseAssignment, then o.Check). An invalid value is a
// *LoadError naming where it came from; the result says where every
// key's value came from (LoadedAssignment.Sources).
func LoadAssignment(o LoadOptions) (LoadedAssignment, error) {
	l := LoadedAssignment{options: o, Sources: map[string]Source{}}
	base := o.BaseDir
	if base == "" {
		abs, err := filepath.Abs(filepath.Dir(o.File))
		if err != nil {
			return LoadedAssignment{}, err
		}
		base = abs
	}
	l.settings = cloneSettings(o.Settings)
	for section, v := range l.settings {
		l.settings[section] = expandShorthand(section, v)
	}
	for _, k := range AssignmentKeys {
		if _, ok := lookupKey(l.settings, k.Key); ok {
			l.Sources[k.Key] = Source{Kind: SourceFile, Name: k.Key, File: o.File}
		} else {
			l.Sources[k.Key] = Source{Kind: SourceDefault}
		}
	}
	// The file: a command's own key, then a flag's top-level key, before
	// the key itself.
	for _, ov := range overrideKeys {
		for _, name := range o.fileNames(ov.key, ov.flag) {
			if v, ok := lookupKey(o.Settings, name); ok {
				setKey(l.settings, ov.key, v)
				l.Sources[ov.key] = Source{Kind: SourceFile, Name: name, File: o.File}
				break
			}
		}
	}
	// The environment.
	settings := cloneSettings(l.settings)
	if o.Env != nil {
		for _, k := range AssignmentKeys {
			for _, name := range o.envNames(k.Key) {
				if raw, ok := o.Env(name); ok {
					setKey(settings, k.Key, envValue(k, raw))
					l.Sources[k.Key] = Source{Kind: SourceEnv, Name: name}
					break
				}
			}
		}
	}
	a, err := ParseAssignment(settings, base, o.Ignore)
	if err != nil {
		return LoadedAssignment{}, l.blame(err)
	}
	// The flags.
	for _, ov := range overrideKeys {
		if ov.value(o.Overrides) != nil {
			l.Sources[ov.key] = Source{Kind: SourceFlag, Name: "--" + ov.flag}
		}
	}
	if err := a.Override(o.Overrides); err != nil {
		return LoadedAssignment{}, l.blame(err)
	}
	if o.Check != nil {
		if err := o.Check(&a); err != nil {
			return LoadedAssignment{}, l.blame(err)
		}
	}
	l.Assignment = a
	return l, nil
}

// fileNames are the file's keys for key, whose flag is flag, in order:
// the command's own (grade.moves), the flag's top-level one when it is
// not the key (isolation for run.isolation).
func (o LoadOptions) fileNames(key, flag string) []string {
	var names []string
	if o.Command != "" {
		names = append(names, o.Command+"."+flag)
	}
	if flag != key && !strings.Contains(flag, ".") {
		names = append(names, flag)
	}
	return names
}

// envNames are the environment variables of key, in order: for a key
// the command has a flag for, the command's own (KPUZZLE_GRADE_MOVES)
// and the flag's (KPUZZLE_ISOLATION), then the key's (KPUZZLE_MOVES,
// KPUZZLE_RUN_ISOLATION).
func (o LoadOptions) envNames(key string) []string {
	var names []string
	for _, ov := range overrideKeys {
		if ov.key == key && o.Command != "" {
			names = append(names, EnvName(o.Command+"."+ov.flag))
			if EnvName(ov.flag) != EnvName(key) {
				names = append(names, EnvName(ov.flag))
			}
		}
	}
	return append(names, EnvName(key))
}

// blame turns a *ConfigError into a *LoadError naming where the key's
// value came from (the nearest documented key above it, for a key inside
// one); other errors are returned as they are.
func (l LoadedAssignment) blame(err error) error {
	var ce *ConfigError
	if !errors.As(err, &ce) {
		return err
	}
	src := Source{Kind: SourceFile, Name: ce.Key, File: l.options.File}
	for key := ce.Key; key != ""; {
		if s, ok := l.Sources[key]; ok && s.Kind != SourceDefault {
			src = s
			break
		}
		i := strings.LastIndexAny(key, ".[")
		if i < 0 {
			break
		}
		key = key[:i]
	}
	if src.Kind == SourceFile && isLeafKey(src.Name) {
		// The key as written; a command's own key (grade.moves) is named
		// as written too.
		src.Name = ce.Key
	}
	return &LoadError{Err: ce, Source: src, File: l.options.File}
}

// Rebased is the assignment as loading its file from folder dir would
// give it (relative paths taken from dir), without the environment and
// the flags: what the grading jobs of a bundle that copies the file to
// dir read (its fingerprint, say).
func (l LoadedAssignment) Rebased(dir string) (Assignment, error) {
	a, err := ParseAssignment(cloneSettings(l.settings), dir, l.options.Ignore)
	if err != nil {
		return Assignment{}, l.blame(err)
	}
	return a, nil
}

// ExplainedKey is one key of a loaded assignment: its effective value
// and where it came from.
type ExplainedKey struct {
	Key string `json:"key"`
	// Value is the value as the file would write it (JSON for lists and
	// sections), or the documented default when the assignment leaves
	// the key empty.
	Value  string `json:"value"`
	Source Source `json:"source"`
}

// Explain lists every key of AssignmentKeys with its effective value
// (after defaults) and where it came from, in the keys' order.
func (l LoadedAssignment) Explain() []ExplainedKey {
	var tree map[string]any
	if b, err := json.Marshal(l.Assignment); err == nil {
		_ = json.Unmarshal(b, &tree)
	}
	out := make([]ExplainedKey, 0, len(AssignmentKeys))
	for _, k := range AssignmentKeys {
		v, ok := lookupKey(tree, k.Key)
		value := k.Default
		src := l.Sources[k.Key]
		if s, isString := v.(string); ok && v != nil && !(isString && s == "") {
			value = s
			if !isString {
				b, _ := json.Marshal(v)
				value = string(b)
			}
		} else if src.Kind != SourceDefault && k.Default != "" {
			// An empty or zero value given means the default: say so,
			// rather than credit the default to where the zero came from.
			value = k.Default + " (the default: the value given is empty)"
		}
		out = append(out, ExplainedKey{Key: k.Key, Value: value, Source: src})
	}
	return out
}

// cloneSettings copies nested settings, so that the caller's are not
// changed.
func cloneSettings(settings map[string]any) map[string]any {
	out := maps.Clone(settings)
	if out == nil {
		out = map[string]any{}
	}
	for k, v := range out {
		if m, ok := v.(map[string]any); ok {
			out[k] = cloneSettings(m)
		}
	}
	return out
}
