package main

import (
	"regexp"
	"strings"
	"testing"
)

// libraryText are fragments of the messages of the libraries the command
// line is built on; none may reach the user.
var libraryText = []string{"While parsing config", "strconv.", ": yaml: ", "error parsing regexp", "time: invalid", "time: unknown", "invalid argument", "json: ", "mapstructure", "invalid syntax", "unmarshal", "syntax error in pattern"}

// unknownKey is the one phrasing of an unknown key.
var unknownKey = regexp.MustCompile(`: unknown key [a-z_.-]+: expected `)

// TestNoLibraryTextInMessages feeds bad configuration files (kpuzzle.yaml
// and an assignment), bad environment variables and bad flag values to
// the command line: each is refused with exit 2 and one line in
// kpuzzle's words, and every unknown key, wherever it is written, is
// phrased the same way.
func TestNoLibraryTextInMessages(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "p.txt", "1 2 3\n4 5 6\n0 7 8\n")
	writeFile(t, dir, "small/p1.txt", "1 2 3\n4 5 6\n7 0 8\n")
	asg := func(run string) string {
		return "puzzles: {dir: small}\nrun: {command: \"python3 {submission}/solver.py {input} {output}\"" + run + "}\n"
	}
	for _, tc := range []struct {
		name, config, env string
		file              string // where config goes; "" for kpuzzle.yaml
		args              []string
		unknown           bool
		mention           string
	}{
		{name: "yaml syntax", config: "solve: [\n", args: []string{"solve", "p.txt"}, mention: "kpuzzle.yaml:1: syntax error"},
		{name: "yaml indentation", config: "a: 1\n b: 2\n", args: []string{"solve", "p.txt"}, mention: "kpuzzle.yaml:2: syntax error"},
		{name: "int from the file", config: "solve:\n  threads: abc\n", args: []string{"solve", "p.txt"}, mention: `--threads (from kpuzzle.yaml, key solve.threads) "abc": expected a whole number`},
		{name: "huge int from the file", config: "threads: 99999999999999999999\n", args: []string{"solve", "p.txt"}, mention: "expected a whole number"},
		{name: "duration from the file", config: "solve:\n  timeout: 3x\n", args: []string{"solve", "p.txt"}, mention: "expected a duration"},
		{name: "int from the environment", env: "KPUZZLE_THREADS=abc", args: []string{"solve", "p.txt"}, mention: "KPUZZLE_THREADS"},
		{name: "int flag", args: []string{"solve", "--threads", "abc", "p.txt"}, mention: `--threads "abc": expected a whole number`},
		{name: "duration flag", args: []string{"solve", "--timeout", "3x", "p.txt"}, mention: "expected a duration"},
		{name: "missing config", args: []string{"--config", "nope.yaml", "solve", "p.txt"}, mention: "nope.yaml: cannot read the configuration file"},
		{name: "unknown top key", config: "algoo: bfs\n", args: []string{"solve", "p.txt"}, unknown: true, mention: "did you mean algo?"},
		{name: "unknown command key", config: "solve:\n  algoo: bfs\n", args: []string{"solve", "p.txt"}, unknown: true, mention: "did you mean solve.algo?"},
		{name: "unknown assignment key", config: asg(", wal_time: 3s"), args: []string{"grade", "--config", "kpuzzle.yaml", "x"}, unknown: true, mention: "did you mean run.wall_time?"},
		{name: "unknown assignment key in a bundle", file: "a.yaml", config: asg(", wal_time: 3s"), args: []string{"bundle", "gradescope", "a.yaml", "--out", "b.zip"}, unknown: true, mention: "did you mean run.wall_time?"},
		{name: "bad pattern", config: asg(`, extract: {moves: "(["}`), args: []string{"grade", "--config", "kpuzzle.yaml", "x"}, mention: "not a regular expression: missing closing ]"},
		{name: "bad hidden pattern", config: asg("") + "visibility: {hidden_tests: [\"[\"]}\n", args: []string{"grade", "--config", "kpuzzle.yaml", "x"}, mention: "visibility.hidden_tests: \"[\" is not a pattern"},
		{name: "bad choices pattern", config: asg(`, stdin: "{choice}", choices: ["[=1"]`), args: []string{"grade", "--config", "kpuzzle.yaml", "x"}, mention: "run.choices: entry 1"},
		{name: "number out of range", config: asg(", processes: 1e40"), args: []string{"grade", "--config", "kpuzzle.yaml", "x"}, mention: "run.processes: 1e+40 is out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			writeFile(t, dir, "kpuzzle.yaml", tc.config)
			if tc.file != "" {
				writeFile(t, dir, "kpuzzle.yaml", "")
				writeFile(t, dir, tc.file, tc.config)
			}
			if tc.env != "" {
				k, v, _ := strings.Cut(tc.env, "=")
				t.Setenv(k, v)
			}
			r := kpuzzle(t, "", tc.args...)
			wantOneLineError(t, r, tc.mention)
			for _, lib := range libraryText {
				if strings.Contains(r.stderr, lib) {
					t.Errorf("library text %q in %q", lib, r.stderr)
				}
			}
			if tc.unknown != unknownKey.MatchString(r.stderr) {
				t.Errorf("unknown key %v, but the message %q does not say so as every unknown key is said", tc.unknown, r.stderr)
			}
		})
	}
}
