package grader

// Decoding an assignment file strictly: unknown keys, wrong types and
// out-of-range numbers are one-line errors naming the key.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/grader/limits"
)

// ParseAssignment builds an assignment from decoded configuration settings
// (nested maps as a YAML or JSON decoder gives them, keys in lower case),
// takes relative paths from baseDir, fills in defaults and validates it.
// Keys that are not assignment keys are errors, except top-level keys
// listed in ignore (the command line's own settings). Every error is a
// *ConfigError naming the key.
func ParseAssignment(settings map[string]any, baseDir string, ignore []string) (Assignment, error) {
	known := map[string]bool{}
	for _, k := range AssignmentKeys {
		known[k.Key] = true
	}
	sections := map[string]bool{}
	for _, s := range AssignmentSections() {
		sections[s] = true
	}
	skip := map[string]bool{}
	for _, k := range ignore {
		skip[strings.ToLower(k)] = true
	}
	kept := map[string]any{}
	var keys []string
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		lk := strings.ToLower(k)
		switch {
		case sections[lk]:
			// integrity: zero is integrity: {action: zero}.
			settings[k] = expandShorthand(lk, settings[k])
			kept[lk] = settings[k]
			if err := checkKeys(lk, settings[k], known); err != nil {
				return Assignment{}, err
			}
		case skip[lk]:
		default:
			return Assignment{}, UnknownKey(displayKey(k), "one of "+strings.Join(AssignmentSections(), ", "), AssignmentSections())
		}
	}
	if err := checkPositiveLimits(kept); err != nil {
		return Assignment{}, err
	}
	data, err := json.Marshal(kept)
	if err != nil {
		return Assignment{}, &ConfigError{Key: "(file)", Msg: err.Error()}
	}
	var a Assignment
	if err := decodeStrict(data, &a); err != nil {
		return Assignment{}, err
	}
	a.BaseDir = baseDir
	if err := a.Normalize(); err != nil {
		return Assignment{}, err
	}
	return a, nil
}

// CheckAssignmentKeys validates the keys of settings' assignment
// sections (run, rubric ...), as ParseAssignment does: a key that is not
// an assignment key is a *ConfigError (UnknownKey) naming it, with the
// section's keys and the nearest one. Top-level keys that are no
// section are left to the caller (the command line's own keys).
func CheckAssignmentKeys(settings map[string]any) error {
	known := map[string]bool{}
	for _, k := range AssignmentKeys {
		known[k.Key] = true
	}
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sections := AssignmentSections()
	for _, k := range keys {
		lk := strings.ToLower(k)
		if !slices.Contains(sections, lk) {
			continue
		}
		if err := checkKeys(lk, expandShorthand(lk, settings[k]), known); err != nil {
			return err
		}
	}
	return nil
}

// CheckAssignmentKey validates one key of an assignment section, dotted
// as a configuration file's flattened keys are ("run.wall_time"), as
// CheckAssignmentKeys does.
func CheckAssignmentKey(key string) error {
	m := map[string]any{}
	setKey(m, strings.ToLower(key), nil)
	return CheckAssignmentKeys(m)
}

// sectionShorthands are the sections that may be given as one value: the
// value of the key named here.
var sectionShorthands = map[string]string{"integrity": "action"}

// expandShorthand is the value of section given as one value written
// out (integrity: zero is integrity: {action: zero}); any other value as
// it is.
func expandShorthand(section string, v any) any {
	if key, ok := sectionShorthands[section]; ok {
		if _, isMap := v.(map[string]any); !isMap {
			return map[string]any{key: v}
		}
	}
	return v
}

// checkPositiveLimits rejects a limit given as zero or less: an absent
// limit takes its default, but a written 0 (or 0s, 0MiB) is a mistake to
// report, not a default to guess.
func checkPositiveLimits(settings map[string]any) error {
	for _, section := range []string{"run", "build"} {
		m, _ := settings[section].(map[string]any)
		for key, v := range m {
			full := section + "." + strings.ToLower(key)
			var zero bool
			switch strings.ToLower(key) {
			case "processes":
				n, ok := toFloat(v)
				zero = ok && n <= 0
			case "wall_time", "cpu_time":
				if s, ok := v.(string); ok {
					d, err := limits.ParseDuration(s)
					zero = err == nil && d == 0
				} else if n, ok := toFloat(v); ok {
					zero = n <= 0
				}
			case "memory", "output", "disk":
				if s, ok := v.(string); ok {
					b, err := limits.ParseByteSize(s)
					zero = err == nil && b == 0
				} else if n, ok := toFloat(v); ok {
					zero = n <= 0
				}
			default:
				continue
			}
			if zero {
				return &ConfigError{Key: full, Msg: fmt.Sprintf("%v: expected more than 0 (leave the key out for the default, %s)", v, defaultOf(full))}
			}
		}
	}
	return nil
}

// toFloat reads a decoded number.
func toFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	}
	return 0, false
}

// checkKeys rejects keys below a section that are not assignment keys.
func checkKeys(prefix string, v any, known map[string]bool) error {
	m, ok := v.(map[string]any)
	if !ok || known[prefix] {
		if !known[prefix] {
			return &ConfigError{Key: prefix, Msg: "expected a section of keys such as " + exampleKeys(prefix, known)}
		}
		return nil
	}
	for k, sub := range m {
		key := prefix + "." + strings.ToLower(k)
		if !known[key] && exampleKeys(key, known) == "" {
			var near []string
			for _, ak := range AssignmentKeys {
				if rest, ok := strings.CutPrefix(ak.Key, prefix+"."); ok {
					near = append(near, prefix+"."+rest)
				}
			}
			return UnknownKey(prefix+"."+displayKey(k), "one of "+exampleKeys(prefix, known), near)
		}
		if err := checkKeys(key, sub, known); err != nil {
			return err
		}
	}
	return nil
}

// decodeStrict decodes JSON into a, turning type errors into ConfigErrors
// naming the key.
func decodeStrict(data []byte, a *Assignment) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(a); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			want, got := typeName(te.Type.Kind().String()), te.Value
			if want == "number" && strings.HasPrefix(got, "number") {
				// A number the field's type cannot hold: too large, or not whole.
				return &ConfigError{Key: jsonKey(te.Field), Msg: fmt.Sprintf("%s is out of range; expected a whole number that fits the setting", strings.TrimSpace(strings.TrimPrefix(got, "number")))}
			}
			return &ConfigError{Key: jsonKey(te.Field), Msg: fmt.Sprintf("expected %s, got %s", article(want), article(got))}
		}
		// Errors from the Duration and ByteSize decoders carry no key;
		// find it by decoding field by field.
		return &ConfigError{Key: findBadKey(data), Msg: err.Error()}
	}
	return nil
}

// displayKey quotes a key that would not read as one.
func displayKey(k string) string {
	if k == "" || strings.ContainsAny(k, " \t\n\".") {
		return strconv.Quote(k)
	}
	return k
}

// jsonKey turns a JSON decoder's field path into a configuration key,
// dropping the names of embedded structs ("run.Limits.memory" is
// "run.memory").
func jsonKey(field string) string {
	var parts []string
	for _, p := range strings.Split(field, ".") {
		if p != "" && !unicode.IsUpper(rune(p[0])) {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "(file)"
	}
	return strings.Join(parts, ".")
}

// article puts "a" or "an" before a type's name.
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

func typeName(kind string) string {
	switch kind {
	case "float64", "float32", "int", "int64":
		return "number"
	case "slice":
		return "list"
	case "struct", "map":
		return "section"
	}
	return kind
}

// findBadKey decodes each leaf of the settings alone to find the one that
// fails.
func findBadKey(data []byte) string {
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return "(file)"
	}
	var bad string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if bad != "" {
			return
		}
		if sub, ok := v.(map[string]any); ok && prefix != "" && !isLeafKey(prefix) {
			for k, x := range sub {
				walk(prefix+"."+k, x)
			}
			return
		}
		if prefix == "" {
			for k, x := range v.(map[string]any) {
				walk(k, x)
			}
			return
		}
		one := map[string]any{}
		cur := one
		parts := strings.Split(prefix, ".")
		for _, p := range parts[:len(parts)-1] {
			next := map[string]any{}
			cur[p] = next
			cur = next
		}
		cur[parts[len(parts)-1]] = v
		b, _ := json.Marshal(one)
		var a Assignment
		if json.Unmarshal(b, &a) != nil {
			bad = prefix
		}
	}
	walk("", m)
	if bad == "" {
		return "(file)"
	}
	return bad
}

func isLeafKey(k string) bool {
	for _, d := range AssignmentKeys {
		if d.Key == k {
			return true
		}
	}
	return false
}
