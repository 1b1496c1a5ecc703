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
	Python Language = grader.LanguagePython
	// Java: classes and jars do, native executables do not.
	Java Language = grader.LanguageJava
	// Native: a compiled language (C, C++, Go, Rust ...) or a program
	// started directly; executables may be built or shipped.
	Native Language = "native"
)

var (
	javaWords        = regexp.MustCompile(`(^|[\s/])(java|javac|jar|mvn|gradle)(\s|$)`)
	interpreterWords = regexp.MustCompile(`(^|[\s/])(python[0-9.]*|pypy[0-9.]*|node|nodejs|ruby|perl|php)(\s|$)`)
	nativeWords      = regexp.MustCompile(`(^|[\s/])(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|make|cmake|go|cargo|rustc|ghc|gfortran)(\s|$)`)
)

// LanguageOf tells an assignment's language from its submission
// interface and what it runs (as kpuzzle init writes them: build.command
// and run.command): a Java harness (the interface's Language), or java
// in either command, is Java; a compiler in the build, Native; a Python
// harness or an interpreter in run.command, Python; anything else (a
// program the submission ships, a script of the instructor's) Unknown.
func LanguageOf(a grader.Assignment) Language {
	build, run := strings.ToLower(a.Build.Command), strings.ToLower(a.Run.Command)
	harness := Language(a.Run.Kind().Language())
	switch {
	case harness == Java || javaWords.MatchString(build) || javaWords.MatchString(run):
		return Java
	case nativeWords.MatchString(build):
		return Native
	case harness == Python || interpreterWords.MatchString(run):
		if strings.TrimSpace(build) != "" {
			// A build step before an interpreter may compile extensions.
			return Unknown
		}
		return Python
	}
	return Unknown
}
