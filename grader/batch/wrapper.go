package batch

import (
	"path/filepath"
	"slices"
	"strings"
)

// A course's wrapper script (run.command or build.command of the form
// SHELL -c SCRIPT) runs with its failures visible: a pipeline fails when
// any of its commands fails (pipefail), so that python3 solver.py | sed
// ... is a crash when python3 crashes, not an empty answer. Shells that
// know pipefail get -o pipefail; sh, which on Debian is dash and has no
// pipefail, is run as bash in POSIX mode with pipefail when bash is
// installed. An explicit dash has no pipefail and runs as written, with a
// warning.

// pipefailShells take -o pipefail.
var pipefailShells = []string{"bash", "ksh", "mksh", "zsh"}

// noPipefailShells have no pipefail.
var noPipefailShells = []string{"dash"}

// shellScript reports whether argv runs a script with SHELL -c (or an
// option cluster ending in c, such as -ec), and the shell's name.
func shellScript(argv []string) (shell string, ok bool) {
	if len(argv) < 3 {
		return "", false
	}
	opt := argv[1]
	if !strings.HasPrefix(opt, "-") || strings.HasPrefix(opt, "--") || !strings.HasSuffix(opt, "c") || strings.Trim(opt[1:], "abcdefhiklmnprstuvwxBCEHPT") != "" {
		return "", false
	}
	return filepath.Base(argv[0]), true
}

// wrapper is argv with a shell wrapper's failures made visible (see
// above); any other command is left as it is.
func (g *grading) wrapper(argv []string) []string {
	shell, ok := shellScript(argv)
	switch {
	case !ok:
		return argv
	case slices.Contains(pipefailShells, shell):
		return append([]string{argv[0], "-o", "pipefail"}, argv[1:]...)
	case shell == "sh" && g.bash != "":
		return append([]string{g.bash, "--posix", "-o", "pipefail"}, argv[1:]...)
	}
	return argv
}

// wrapperWarning says, for a command that is a wrapper whose pipes can
// hide a failure (an explicit dash, or sh where bash is not
// installed), why; "" otherwise.
func (g *grading) wrapperWarning(key string, words []string) string {
	shell, ok := shellScript(words)
	switch {
	case !ok:
		return ""
	case slices.Contains(noPipefailShells, shell):
		return key + " runs " + shell + " -c, which has no pipefail: a command that fails inside a pipe (python3 solver.py | sed ...) leaves no trace of its failure; write sh -c or bash -c to have it"
	case shell == "sh" && g.bash == "":
		return key + " runs sh -c, and bash is not installed here: sh has no pipefail, so a command that fails inside a pipe (python3 solver.py | sed ...) leaves no trace of its failure"
	}
	return ""
}
