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
// tests. kpuzzle grade calls it on the configuration file's settings
// before ParseAssignment.
func ApplyAssignmentEnv(settings map[string]any, lookup func(string) (string, bool)) map[string]string {
	from := map[string]string{}
	for _, k := range AssignmentKeys {
		name := "KPUZZLE_" + strings.ToUpper(strings.ReplaceAll(k.Key, ".", "_"))
		raw, ok := lookup(name)
		if !ok {
			continue
		}
		var v any = raw
		switch {
		case k.Default == "[]":
			var list []any
			for _, item := range strings.Split(raw, ",") {
				if item = strings.TrimSpace(item); item != "" {
					list = append(list, item)
				}
			}
			v = list
		case raw == "true" || raw == "false":
			v = raw == "true"
		default:
			if f, err := strconv.ParseFloat(raw, 64); err == nil {
				v = f
			}
		}
		cur := settings
		parts := strings.Split(k.Key, ".")
		for _, p := range parts[:len(parts)-1] {
			next, ok := cur[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				cur[p] = next
			}
			cur = next
		}
		cur[parts[len(parts)-1]] = v
		from[k.Key] = name
	}
	return from
}
