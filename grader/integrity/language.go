package integrity

import (
	"regexp"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// Language is the kind of program an assignment builds and runs, as far
// as executables go.
type Language string

// Languages.
const (
	// Unknown: the commands do not say; no executable is out of place.
	Unknown Language = ""
	// Python (or another interpreter: node, ruby, perl, php): neither
	// native executables nor Java classes belong in a submission.
	Python Language = "python"
	// Java: classes and jars do, native executables do not.
	Java Language = "java"
	// Native: a compiled language (C, C++, Go, Rust ...) or a program
	// started directly; executables may be built or shipped.
	Native Language = "native"
)

var (
	javaWords        = regexp.MustCompile(`(^|[\s/])(java|javac|jar|mvn|gradle)(\s|$)`)
	interpreterWords = regexp.MustCompile(`(^|[\s/])(python[0-9.]*|pypy[0-9.]*|node|nodejs|ruby|perl|php)(\s|$)`)
	nativeWords      = regexp.MustCompile(`(^|[\s/])(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|make|cmake|go|cargo|rustc|ghc|gfortran)(\s|$)`)
)

// LanguageOf tells an assignment's language from what it runs (as
// kpuzzle init writes them: run.java_api, run.function, build.command
// and run.command): a Java API, or java in either command, is Java; a
// compiler in the build, Native; an interpreter in run.command or a
// Python function, Python; anything else (a program the submission
// ships, a script of the instructor's) Unknown.
func LanguageOf(a grader.Assignment) Language {
	build, run := strings.ToLower(a.Build.Command), strings.ToLower(a.Run.Command)
	switch {
	case a.Run.JavaAPI != "" || javaWords.MatchString(build) || javaWords.MatchString(run):
		return Java
	case nativeWords.MatchString(build):
		return Native
	case a.Run.Function != "" || interpreterWords.MatchString(run):
		if strings.TrimSpace(build) != "" {
			// A build step before an interpreter may compile extensions.
			return Unknown
		}
		return Python
	}
	return Unknown
}
