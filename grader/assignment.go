package grader

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// ConfigError is a problem with one key of an assignment configuration.
type ConfigError struct {
	// Key is the dotted key, for example "run.wall_time".
	Key string
	// Msg says what is wrong and what was expected.
	Msg string
	// Unknown is set when the key is not one kpuzzle reads; Msg then
	// says what was expected.
	Unknown bool
}

// Error is "KEY: message", or "unknown key KEY: expected ..." for an
// unknown key: the one phrasing of unknown keys, in assignment files and
// kpuzzle.yaml alike.
func (e *ConfigError) Error() string {
	if e.Unknown {
		return "unknown key " + e.Key + ": " + e.Msg
	}
	return e.Key + ": " + e.Msg
}

// UnknownKey is the error for a key kpuzzle does not read: expected says
// what was expected, and the nearest of known, if close, is suggested.
func UnknownKey(key, expected string, known []string) *ConfigError {
	return &ConfigError{Key: key, Unknown: true, Msg: "expected " + expected + suggest.Phrase(key, known)}
}

// Assignment describes how to grade one assignment: the puzzle set, how a
// submission is built and run, the limits of each run, the rubric and what
// students see. The command line decodes it from a YAML file (see
// docs/grading.md and AssignmentKeys); ParseAssignment builds it from the
// decoded settings, fills in defaults and validates it.
type Assignment struct {
	// Name titles the reports.
	Name    string    `json:"name,omitempty"`
	Puzzles PuzzleSet `json:"puzzles"`
	// Goal is "default", "blank-first" or a goal file; empty takes the
	// manifest's goal (or the default goal).
	Goal string `json:"goal,omitempty"`
	// ConventionName is the answer convention: "tile" or "blank".
	ConventionName string `json:"moves"`
	// Answer says how answers are written.
	Answer AnswerSettings `json:"answer"`
	Run    RunStep        `json:"run"`
	Build  BuildStep      `json:"build"`
	// Rubric scores each test.
	Rubric     Rubric         `json:"rubric"`
	Visibility Visibility     `json:"visibility"`
	Feedback   Feedback       `json:"feedback"`
	Optimal    OptimalSearch  `json:"optimal"`
	Results    ResultSettings `json:"results"`
	// Claims say which search the programs claim to run, so that the
	// statistics they report (run.extract) can be judged.
	Claims ClaimSettings `json:"claims"`
	// PrairieLearn tunes the question kpuzzle bundle prairielearn writes.
	PrairieLearn PrairieLearnSettings `json:"prairielearn,omitzero"`
	// Gradescope tunes what Gradescope's results.json shows.
	Gradescope GradescopeSettings `json:"gradescope,omitzero"`
	// Groups give the tests whose names match a pattern their own claims
	// and rubric (bfs, dfs and A* tests in one assignment); the first
	// group a test matches wins, and the others keep Claims and Rubric.
	Groups []TestGroup `json:"groups,omitempty"`
	// Tools is the build and run environment the course sets up.
	Tools Tools `json:"tools"`
	// Conceal lists further paths students' programs must not see (a
	// reference solution, other assignments' keys), besides the puzzle
	// set, the submissions, the output folder and the assignment file,
	// which are always hidden.
	Conceal []string `json:"hide,omitempty"`
	// Integrity says what a finding of package integrity does and from
	// what size the inspection names what it cannot see into.
	Integrity IntegritySettings `json:"integrity"`

	// BaseDir is the folder relative paths are taken from (the folder of
	// the configuration file). It is not a configuration key.
	BaseDir string `json:"-"`

	convention puzzles.Convention
	notation   notation.Notation
	words      notation.Vocabulary
	block      notation.Block
}

// IntegritySettings are the assignment's integrity keys.
type IntegritySettings struct {
	// Action says what a finding of package integrity does (a build of
	// kpuzzle, its tables, executables where the language makes none,
	// opaque data, a kpuzzle program or a memory file a run executed):
	// IntegrityFlag (the default) grades normally and reports it,
	// IntegrityZero scores the submission 0 with the reason shown.
	// `integrity: zero` is short for `integrity: {action: zero}`.
	Action string `json:"action,omitempty"`
	// OpaqueAbove: a file of data the inspection cannot look into
	// (compressed, encrypted or packed data of no known kind) is named
	// from this size, and so are smaller ones that add up to it
	// (default 1 MiB).
	OpaqueAbove ByteSize `json:"opaque_above,omitempty"`
	// LargeAbove: a submission holding more than this, and more than 64
	// times its source code, is named (default 64 MiB).
	LargeAbove ByteSize `json:"large_above,omitempty"`
}

// Values of IntegritySettings.Action.
const (
	IntegrityFlag = "flag"
	IntegrityZero = "zero"
)

// ExpectedFiles lists the files a submission must hold for the assignment
// to build and run it: those the build command names, or, without a build
// step, those the run command names (a build's outputs are not expected
// from the student). Valid after Normalize.
func (a Assignment) ExpectedFiles() []string {
	var out []string
	if !a.Build.command.IsZero() {
		out = a.Build.command.SubmissionFiles()
	} else {
		out = a.Run.command.SubmissionFiles()
	}
	if a.Run.Entry != "" {
		out = append(out, a.Run.Entry)
	}
	// The interface may expect more (a Python function's module); the
	// harnesses are kpuzzle's, not expected from the student, nor are
	// the files its commands name only when they are there (algs4.jar
	// on the Java API's class path).
	kind := a.Run.Kind()
	out = append(out, kind.expects()...)
	skip := append(harnessNames(), kind.optional()...)
	kept := out[:0]
	for _, x := range out {
		if x != "" && !slices.Contains(skip, x) {
			kept = append(kept, x)
		}
	}
	return kept
}

// checkEntry validates run.entry against the commands: {entry} needs the
// pattern, and the pattern needs a command that uses it.
func (a *Assignment) checkEntry() error {
	uses := a.Run.command.Uses(PlaceEntry) || a.Build.command.Uses(PlaceEntry)
	switch {
	case a.Run.Entry == "" && uses:
		return &ConfigError{Key: "run.entry", Msg: "missing, but a command uses {entry}; give a pattern such as \"*_1.py\""}
	case a.Run.Entry == "":
		return nil
	case !uses:
		return &ConfigError{Key: "run.entry", Msg: "set, but neither run.command nor build.command uses {entry}"}
	}
	if _, err := path.Match(a.Run.Entry, ""); err != nil || path.IsAbs(a.Run.Entry) || !filepath.IsLocal(a.Run.Entry) {
		return &ConfigError{Key: "run.entry", Msg: fmt.Sprintf("%q: expected a pattern inside the submission, such as \"*_1.py\"", a.Run.Entry)}
	}
	return nil
}

// AnswerNotation is the parsed answer notation, notation.Auto by
// default; valid after Normalize.
func (a Assignment) AnswerNotation() notation.Notation { return a.notation }

// AnswerReading is how the assignment's answers are read: the notation
// (answer.format), the course's words for the moves (answer.words),
// where the answer stands in a longer text (answer.block, answer.after,
// answer.before) and the move convention (moves); the caller adds the
// start board and the limits. Valid after Normalize.
func (a Assignment) AnswerReading() notation.Options {
	return notation.Options{Notation: a.notation, Words: a.words, Block: a.block, Convention: a.convention}
}

// Convention is the parsed move convention; valid after Normalize.
func (a Assignment) Convention() puzzles.Convention { return a.convention }

// RunCommand is the parsed run command; valid after Normalize.
func (a Assignment) RunCommand() Command { return a.Run.command }

// BuildCommand is the parsed build command, zero when there is no build
// step; valid after Normalize.
func (a Assignment) BuildCommand() Command { return a.Build.command }

// IsHidden reports whether a test is hidden from students: the manifest
// marks it, or its name matches visibility.hidden_tests.
func (a Assignment) IsHidden(t Test) bool {
	if t.Hidden {
		return true
	}
	for _, p := range a.Visibility.HiddenTests {
		if ok, _ := path.Match(p, t.Name); ok {
			return true
		}
	}
	return false
}

// LoadTests reads the assignment's puzzle set; see the function LoadTests.
func (a Assignment) LoadTests() ([]Test, error) {
	tests, err := LoadTests(a.Puzzles, a.Goal)
	if err != nil {
		return nil, err
	}
	for i := range tests {
		tests[i].Hidden = a.IsHidden(tests[i])
		if err := a.Run.Kind().fits(tests[i]); err != nil {
			return nil, err
		}
		if err := a.Run.fitsBoardText(tests[i]); err != nil {
			return nil, err
		}
		if err := a.fitsAnswerPath(tests[i]); err != nil {
			return nil, err
		}
	}
	// Students see their tests first: the visible ones in the set's order,
	// then the hidden ones.
	sort.SliceStable(tests, func(i, j int) bool { return !tests[i].Hidden && tests[j].Hidden })
	for i := range tests {
		tests[i].Number = i + 1
	}
	return tests, nil
}

// validSetName reports whether name can prefix test names: letters,
// digits, '.', '-' and '_', not "." or "..".
func validSetName(name string) bool {
	if name == "" || name == "." || name == ".." {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// answerSettings is s, or nil for the defaults.
func answerSettings(s AnswerSettings) *AnswerSettings {
	if s.Notation == "" && len(s.Words) == 0 && s.Block == "" && s.After == "" && s.Before == "" {
		return nil
	}
	return &s
}

// Fingerprint is a digest of everything in the assignment that affects
// what a test's run produces (the puzzle set, goal, convention, run and
// build steps, the optimal-length search), for telling whether a journal
// belongs to it. The rubric, visibility and report settings are left out:
// the journal keeps verdicts, not points, so they can change between a run
// and its resumption.
func (a Assignment) Fingerprint() string {
	b, _ := json.Marshal(struct {
		Puzzles PuzzleSet
		Goal    string
		Moves   string
		Run     RunStep
		Build   BuildStep
		Optimal OptimalSearch
		// Claims change the details of results; left out when not set,
		// so that earlier fingerprints stay the same.
		Claims *ClaimSettings `json:",omitempty"`
		// Answer is left out when it is the default, so that journals
		// written before answer.format existed still resume.
		Answer *AnswerSettings `json:",omitempty"`
		// Checks marks assignments whose results carry sub-checks (a
		// Java API, claims): a journal from before results had them
		// would resume with none, and scored checks would fail.
		Checks int `json:",omitempty"`
		// Groups and Tools are left out when not set, as Claims.
		Groups []TestGroup `json:",omitempty"`
		Tools  *Tools      `json:",omitempty"`
	}{a.Puzzles, a.Goal, a.ConventionName, a.Run, a.Build, a.Optimal, claimsOrNil(a.Claims), answerSettings(a.Answer), a.checksVersion(), a.Groups, toolsOrNil(a.Tools)})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// checksVersion is 1 when the assignment's results carry sub-checks
// that mark the fingerprint (its interface's, CriteriaGroup.Fingerprint,
// or claims).
func (a Assignment) checksVersion() int {
	if g := a.Run.Kind().criteriaGroup(); (g != nil && g.Fingerprint) || a.Claims.Algorithm != "" {
		return 1
	}
	for _, g := range a.Groups {
		if g.Claims != nil && g.Claims.Algorithm != "" {
			return 1
		}
	}
	return 0
}

func toolsOrNil(t Tools) *Tools {
	if len(t.Path) == 0 && len(t.ReadOnly) == 0 {
		return nil
	}
	return &t
}

func claimsOrNil(c ClaimSettings) *ClaimSettings {
	if c == (ClaimSettings{}) {
		return nil
	}
	return &c
}
