package grader

import (
	"strconv"
	"strings"
)

// ApplyAssignmentEnv puts into settings the value of every KPUZZLE_KEY
// environment variable that names an assignment key (KPUZZLE_RUN_MEMORY
// for run.memory): the environment overrides the file. Numbers and
// true/false are read as such, list keys split at commas. It returns, for
// each key it set, the variable's name, so that an error can say where a
// bad value came from. lookup is os.LookupEnv, or a map's lookup in
// tests. LoadAssignment applies the environment this way.
func ApplyAssignmentEnv(settings map[string]any, lookup func(string) (string, bool)) map[string]string {
	from := map[string]string{}
	for _, k := range AssignmentKeys {
		name := EnvName(k.Key)
		raw, ok := lookup(name)
		if !ok {
			continue
		}
		setKey(settings, k.Key, envValue(k, raw))
		from[k.Key] = name
	}
	return from
}

// EnvName is the environment variable of a key or a flag: KPUZZLE_ and
// the name in upper case with dots and dashes as underscores
// (KPUZZLE_RUN_MEMORY for run.memory).
func EnvName(key string) string {
	return "KPUZZLE_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
}

// envValue reads the environment's text for key k: numbers and
// true/false as such, a list key's items split at commas.
func envValue(k KeyDoc, raw string) any {
	switch {
	case k.Default == "[]":
		var list []any
		for _, item := range strings.Split(raw, ",") {
			if item = strings.TrimSpace(item); item != "" {
				list = append(list, item)
			}
		}
		return list
	case raw == "true" || raw == "false":
		return raw == "true"
	}
	if f, err := strconv.ParseFloat(raw, 64); err == nil {
		return f
	}
	return raw
}

// setKey sets the dotted key in nested settings, making the sections it
// lies in.
func setKey(settings map[string]any, key string, v any) {
	cur := settings
	parts := strings.Split(key, ".")
	for _, p := range parts[:len(parts)-1] {
		next, ok := cur[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			cur[p] = next
		}
		cur = next
	}
	cur[parts[len(parts)-1]] = v
}

// lookupKey is the value of the dotted key in nested settings.
func lookupKey(settings map[string]any, key string) (any, bool) {
	var cur any = settings
	for _, p := range strings.Split(key, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}
