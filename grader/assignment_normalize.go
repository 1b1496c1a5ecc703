package grader

// Normalize: defaults, paths and checks, one normaliser per section.

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox/isolation"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/reference"
)

// Normalize fills in defaults, resolves relative paths against BaseDir and
// validates every key. It is idempotent. Each section has its normaliser,
// called in the order of the keys' documentation.
func (a *Assignment) Normalize() error {
	if a.Puzzles.Dir == "" {
		return &ConfigError{Key: "puzzles.dir", Msg: "missing; expected the folder of the puzzle set"}
	}
	for _, normalize := range []func() error{
		a.normalizeResults, a.normalizePuzzles, a.normalizeConventions, a.normalizeRun,
		a.normalizeBuild, a.normalizeRubric, a.normalizeVisibility, a.normalizeRest,
	} {
		if err := normalize(); err != nil {
			return err
		}
	}
	return nil
}

// abs resolves p against BaseDir; empty and absolute paths are kept.
func (a *Assignment) abs(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(a.BaseDir, p)
}

// normalizeResults checks the keys of the result files: prairielearn.*
// and gradescope.*.
func (a *Assignment) normalizeResults() error {
	switch a.PrairieLearn.Submit {
	case "", "upload", "editor":
	default:
		return &ConfigError{Key: "prairielearn.submit", Msg: fmt.Sprintf("%q: expected upload or editor", a.PrairieLearn.Submit)}
	}
	switch a.PrairieLearn.Hidden {
	case "", HiddenRelease, HiddenFold:
	default:
		return &ConfigError{Key: "prairielearn.hidden", Msg: fmt.Sprintf("%q: expected release (the jobs run the public tests; staff grade the hidden ones at release) or fold (one all-or-nothing entry)", a.PrairieLearn.Hidden)}
	}
	if q := a.PrairieLearn.Question; q != "" && !validQuestion(q) {
		return &ConfigError{Key: "prairielearn.question", Msg: fmt.Sprintf("%q: expected a question id of letters, digits, - and _ (the question's folder name)", q)}
	}
	if a.Gradescope.FeedbackBudget < 0 {
		return &ConfigError{Key: "gradescope.feedback_budget", Msg: fmt.Sprintf("%d: expected a number of submissions, 0 (no budget) or more", a.Gradescope.FeedbackBudget)}
	}
	if a.Gradescope.FeedbackPeriod < 0 {
		return &ConfigError{Key: "gradescope.feedback_period", Msg: fmt.Sprintf("%s: expected a duration such as 24h", a.Gradescope.FeedbackPeriod)}
	}
	// results.gradebook names formats of package report, which checks
	// it (report.CheckGradebooks, handed to LoadAssignment).
	return nil
}

// normalizePuzzles resolves the puzzle set and its further sets (puzzles.*).
func (a *Assignment) normalizePuzzles() error {
	a.Puzzles.Dir = a.abs(a.Puzzles.Dir)
	a.Puzzles.Manifest = a.abs(a.Puzzles.Manifest)
	if a.Puzzles.Glob != "" {
		if _, err := path.Match(a.Puzzles.Glob, ""); err != nil || path.IsAbs(a.Puzzles.Glob) {
			return &ConfigError{Key: "puzzles.glob", Msg: fmt.Sprintf("%q is not a pattern inside puzzles.dir", a.Puzzles.Glob)}
		}
	}
	if a.Puzzles.Name != "" {
		return &ConfigError{Key: "puzzles.name", Msg: "only a further set in puzzles.extra has a name; the main set's tests are not prefixed"}
	}
	setNames := map[string]bool{}
	for i := range a.Puzzles.Extra {
		e := &a.Puzzles.Extra[i]
		key := fmt.Sprintf("puzzles.extra[%d]", i)
		if e.Dir == "" {
			return &ConfigError{Key: key + ".dir", Msg: "missing; expected the folder of the further puzzle set"}
		}
		if len(e.Extra) > 0 {
			return &ConfigError{Key: key + ".extra", Msg: "a further set cannot have further sets of its own; list them all under puzzles.extra"}
		}
		e.Dir = a.abs(e.Dir)
		e.Manifest = a.abs(e.Manifest)
		if e.Glob != "" {
			if _, err := path.Match(e.Glob, ""); err != nil || path.IsAbs(e.Glob) {
				return &ConfigError{Key: key + ".glob", Msg: fmt.Sprintf("%q is not a pattern inside its dir", e.Glob)}
			}
		}
		name := e.Name
		if name == "" {
			name = filepath.Base(filepath.Clean(e.Dir))
		}
		if !validSetName(name) {
			return &ConfigError{Key: key + ".name", Msg: fmt.Sprintf("%q: expected a name of letters, digits, '.', '-' or '_' to put before its test names", name)}
		}
		if setNames[name] {
			return &ConfigError{Key: key + ".name", Msg: fmt.Sprintf("%q names two further sets; give each its own name", name)}
		}
		setNames[name] = true
	}
	return nil
}

// normalizeConventions reads the goal, the move convention and the answer notation.
func (a *Assignment) normalizeConventions() error {
	if a.Goal != "" {
		if _, err := puzzles.GoalByName(a.Goal, puzzles.Shape{Rows: 3, Cols: 3}); err != nil {
			a.Goal = a.abs(a.Goal)
		}
	}
	if a.ConventionName == "" {
		// An interface may fix the convention (CS188's actions are the
		// blank's moves).
		a.ConventionName = a.Run.Kind().convention()
		if a.ConventionName == "" {
			a.ConventionName = "tile"
		}
	}
	c, err := puzzles.ParseConvention(a.ConventionName)
	if err != nil {
		return &ConfigError{Key: "moves", Msg: fmt.Sprintf("%q: expected tile or blank", a.ConventionName)}
	}
	a.convention = c
	a.ConventionName = c.String()
	n, err := notation.ParseName(a.Answer.Notation)
	if err != nil {
		return &ConfigError{Key: "answer.format", Msg: fmt.Sprintf("%q: expected %s", a.Answer.Notation, notation.Choices())}
	}
	a.notation = n
	a.Answer.Notation = n.String()
	if n == notation.Auto {
		a.Answer.Notation = "" // the default, left out of the fingerprint
	}
	return a.normalizeAnswerText()
}

// normalizeAnswerText reads the course's words for the moves
// (answer.words) and where an answer stands in a longer text
// (answer.block, answer.after, answer.before).
func (a *Assignment) normalizeAnswerText() error {
	words := map[puzzles.Dir][]string{}
	for key, list := range a.Answer.Words {
		d, ok := puzzles.ParseDir(key)
		if !ok || len(key) == 1 {
			return &ConfigError{Key: "answer.words." + displayKey(key), Msg: "unknown direction; expected up, down, left or right, each with the course's word or words for it"}
		}
		words[d] = append(words[d], list...)
	}
	v, err := notation.NewVocabulary(words)
	if err != nil {
		key, msg, _ := strings.Cut(err.Error(), ": ")
		return &ConfigError{Key: "answer.words." + key, Msg: msg}
	}
	a.words = v
	switch a.Answer.Block {
	case "", "auto":
		a.Answer.Block = ""
	case "last":
		a.block.Last = true
	default:
		return &ConfigError{Key: "answer.block", Msg: fmt.Sprintf("%q: expected auto (the whole answer, or its one block of moves or boards among other text) or last (the last block)", a.Answer.Block)}
	}
	for key, p := range map[string]*string{"answer.after": &a.Answer.After, "answer.before": &a.Answer.Before} {
		if *p == "" {
			continue
		}
		re, err := regexp.Compile(*p)
		if err != nil {
			return &ConfigError{Key: key, Msg: regexpMessage(err)}
		}
		if key == "answer.after" {
			a.block.After = re
		} else {
			a.block.Before = re
		}
	}
	if a.block.Last && (a.block.After != nil || a.block.Before != nil) {
		return &ConfigError{Key: "answer.block", Msg: "last, but answer.after or answer.before names the block too; give one or the other"}
	}
	return nil
}

// normalizeRun reads how a test runs (run.*, claims, tools).
func (a *Assignment) normalizeRun() error {
	var err error
	if err := a.Run.kindConflict(); err != nil {
		return err
	}
	if err := a.Run.Kind().normalize(a); err != nil {
		return err
	}
	if strings.TrimSpace(a.Run.Command) == "" {
		return &ConfigError{Key: "run.command", Msg: "missing; expected a command template such as \"python3 {submission}/solver.py {input} {output}\""}
	}
	if a.Run.command, err = ParseCommand(a.Run.Command); err != nil {
		return &ConfigError{Key: "run.command", Msg: err.Error()}
	}
	switch a.Run.Answer {
	case "":
		a.Run.Answer = "file"
	case "file", "stdout":
	default:
		if m := regexp.MustCompile(`\{[^}]*\}`).FindString(strings.NewReplacer(AnswerChoice, "", AnswerAlgorithm, "").Replace(a.Run.Answer)); m != "" {
			return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q: unknown placeholder %s; expected %s (the test's run.choices value) or %s (its claimed algorithm)", a.Run.Answer, m, AnswerChoice, AnswerAlgorithm)}
		}
		if !a.Run.AnswerInFolder() {
			return &ConfigError{Key: "run.answer", Msg: fmt.Sprintf("%q: expected file, stdout, or the path of a file inside the working folder, such as output.txt or {choice}_output.txt", a.Run.Answer)}
		}
		a.Run.Answer = filepath.ToSlash(filepath.Clean(a.Run.Answer))
	}
	if a.Run.Answer == "file" && !a.Run.command.Uses(PlaceOutput) {
		return &ConfigError{Key: "run.command", Msg: "has no {output}, but run.answer is file; add {output}, set run.answer: stdout, or name the file the program writes in its working folder (run.answer: output.txt)"}
	}
	switch a.Run.Recheck {
	case "", RecheckFirst:
		a.Run.Recheck = "" // the default, left out of the fingerprint
	case RecheckAll, RecheckNone:
	default:
		return &ConfigError{Key: "run.recheck", Msg: fmt.Sprintf("%q: expected first (each submission's first visible solvable test runs twice), all or none", a.Run.Recheck)}
	}
	switch a.Run.Solution {
	case "", SolutionMoves:
		a.Run.Solution = "" // the default, left out of the fingerprint
	case SolutionReported:
		if a.Run.Extract[ExtractLength] == "" {
			return &ConfigError{Key: "run.solution", Msg: "reported, but run.extract.length is not set; give the pattern of the length the program reports, such as \"[Dd]epth[^0-9]*(\\d+)\""}
		}
		// A harness gives the moves; a report that lists its path
		// (run.extract.moves) has it checked.
		if len(a.Run.Kind().HarnessFiles()) > 0 {
			return &ConfigError{Key: "run.solution", Msg: "reported, but a harness (" + harnessKeys() + ") hands in the moves, which are checked; leave run.solution out"}
		}
	default:
		return &ConfigError{Key: "run.solution", Msg: fmt.Sprintf("%q: expected moves or reported", a.Run.Solution)}
	}
	if err := normalizeLimits("run", &a.Run.Limits, limits.RunDefaults()); err != nil {
		return err
	}
	if err := a.Run.Kind().checkLimits(a); err != nil {
		return err
	}
	if err := checkEnv("run.env", a.Run.Env); err != nil {
		return err
	}
	if err := a.Run.checkInterface(); err != nil {
		return err
	}
	names := map[string]string{}
	for i, f := range a.Run.Files {
		if strings.TrimSpace(f) == "" {
			return &ConfigError{Key: "run.files", Msg: fmt.Sprintf("entry %d is empty; expected a file or folder path", i+1)}
		}
		a.Run.Files[i] = a.abs(f)
		base := filepath.Base(a.Run.Files[i])
		if other, dup := names[base]; dup {
			return &ConfigError{Key: "run.files", Msg: fmt.Sprintf("%s and %s have the same name %s; each is copied under its own name", other, f, base)}
		}
		names[base] = f
	}
	if err := a.Run.normalizeClaims("claims", &a.Claims); err != nil {
		return err
	}
	if err := a.Tools.normalize(a.abs); err != nil {
		return err
	}
	iso, err := isolation.Parse(a.Run.Isolation)
	if err != nil {
		return &ConfigError{Key: "run.isolation", Msg: fmt.Sprintf("%q: expected auto, namespaces or rlimits", a.Run.Isolation)}
	}
	a.Run.Isolation = string(iso)
	if iso == isolation.Auto {
		a.Run.Isolation = "" // the default, left out of the fingerprint
	}
	return nil
}

// normalizeBuild reads the optional build step (build.*).
func (a *Assignment) normalizeBuild() error {
	var err error
	if strings.TrimSpace(a.Build.Command) != "" {
		if a.Build.command, err = ParseCommand(a.Build.Command); err != nil {
			return &ConfigError{Key: "build.command", Msg: err.Error()}
		}
		if slices.ContainsFunc(TestPlaceholders, a.Build.command.Uses) {
			return &ConfigError{Key: "build.command", Msg: "may use {submission} and {entry} only"}
		}
	}
	if err := a.checkEntry(); err != nil {
		return err
	}
	if err := normalizeLimits("build", &a.Build.Limits, limits.BuildDefaults()); err != nil {
		return err
	}
	if err := checkEnv("build.env", a.Build.Env); err != nil {
		return err
	}
	return nil
}

// normalizeRubric reads the rubric, the checks its claims score and the test groups.
func (a *Assignment) normalizeRubric() error {
	if err := a.Rubric.normalize(); err != nil {
		return err
	}
	var claimed []string
	if a.Claims.Algorithm != "" {
		for _, name := range ClaimCriteria {
			if name == ClaimFrontier && !reference.FrontierBounded(a.Claims.Algorithm) {
				if _, ok := a.Rubric.Claims[name]; ok {
					return &ConfigError{Key: "rubric.claims.frontier", Msg: fmt.Sprintf("no check: %s's largest frontier is bounded only by the number of reachable states, which no run exceeds, so the check could never fail; the count is still shown in the feedback", a.Claims.Algorithm)}
				}
				continue
			}
			if a.Run.patterns[name] != nil {
				claimed = append(claimed, name)
			}
		}
	}
	if err := a.Rubric.normalizeCriteria(a.Run.Kind(), claimed); err != nil {
		return err
	}
	a.Rubric.AnyLength = !promisesShortest(a.searchOf(a.Claims))
	if err := a.normalizeGroups(); err != nil {
		return err
	}
	return nil
}

// normalizeVisibility reads which tests students see and when (visibility.*).
func (a *Assignment) normalizeVisibility() error {
	if a.Visibility.Visible == "" {
		a.Visibility.Visible = "visible"
	}
	if a.Visibility.Hidden == "" {
		a.Visibility.Hidden = "after_published"
	}
	for key, v := range map[string]string{"visibility.visible": a.Visibility.Visible, "visibility.hidden": a.Visibility.Hidden} {
		if !contains(visibilities, v) {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected one of %s", v, strings.Join(visibilities, ", "))}
		}
	}
	if a.Visibility.Hidden == "hidden" {
		// Gradescope hides a submission's total from its student while a
		// test is after_due_date or after_published, but not for tests
		// that are "hidden", which its specification keeps for tests of
		// no points: the total would count the hidden tests' points at
		// once.
		return &ConfigError{Key: "visibility.hidden", Msg: `"hidden": Gradescope shows students their total score at once when the only tests kept from them are "hidden" ones (its autograder specification keeps those for tests of no points), so the total would count the hidden tests; use after_due_date or after_published`}
	}
	for _, p := range a.Visibility.HiddenTests {
		if _, err := path.Match(p, ""); err != nil {
			return &ConfigError{Key: "visibility.hidden_tests", Msg: fmt.Sprintf("%q is not a pattern (an unclosed [ or a trailing \\); expected a shell pattern such as \"n_equals_5/*\"", p)}
		}
	}
	return nil
}

// normalizeRest reads the feedback template, the hide list, the optimal-length search and integrity.
func (a *Assignment) normalizeRest() error {
	a.Feedback.Template = a.abs(a.Feedback.Template)
	if err := a.Feedback.normalize(); err != nil {
		return err
	}
	for i, p := range a.Conceal {
		if strings.TrimSpace(p) == "" {
			return &ConfigError{Key: "hide", Msg: "an empty path; expected files or folders to hide"}
		}
		a.Conceal[i] = a.abs(p)
	}
	if a.Optimal.Timeout == 0 {
		a.Optimal.Timeout = Duration(60 * time.Second)
	}
	switch a.Integrity.Action {
	case "":
		a.Integrity.Action = IntegrityFlag
	case IntegrityFlag, IntegrityZero:
	default:
		return &ConfigError{Key: "integrity.action", Msg: fmt.Sprintf("%q: expected flag or zero", a.Integrity.Action)}
	}
	if a.Integrity.OpaqueAbove == 0 {
		a.Integrity.OpaqueAbove = 1 << 20
	}
	if a.Integrity.LargeAbove == 0 {
		a.Integrity.LargeAbove = 64 << 20
	}
	return nil
}

// normalizeLimits fills in the limits of section (run or build) the
// assignment leaves out from def and checks them against limits.Minimum,
// naming the key of a bad one (run.memory).
func normalizeLimits(section string, l *Limits, def Limits) error {
	*l = l.WithDefaults(def)
	if err := l.Validate(limits.Minimum()); err != nil {
		var fe *limits.FieldError
		if errors.As(err, &fe) {
			return &ConfigError{Key: section + "." + fe.Field, Msg: fe.Msg}
		}
		return err
	}
	return nil
}

func checkEnv(key string, env []string) error {
	for _, kv := range env {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t\x00") {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected NAME=value", kv)}
		}
	}
	return nil
}

func (r *Rubric) normalize() error {
	if r.Solved == nil {
		r.Solved = Points(1)
	}
	if r.Optimal == nil {
		r.Optimal = Points(1)
	}
	if r.Partial == "" {
		r.Partial = PartialLinear
	}
	if r.Unsolvable == nil {
		r.Unsolvable = Points(*r.Solved + *r.Optimal)
	}
	for key, v := range map[string]float64{"rubric.solved": *r.Solved, "rubric.optimal": *r.Optimal, "rubric.unsolvable": *r.Unsolvable} {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%v: expected a number of points, 0 or more", v)}
		}
	}
	if r.Unverified < 0 || r.Unverified > 1 || math.IsNaN(r.Unverified) {
		return &ConfigError{Key: "rubric.unverified", Msg: fmt.Sprintf("%v: expected a share from 0 to 1", r.Unverified)}
	}
	if r.Reported == nil {
		r.Reported = Points(DefaultReportedShare)
	}
	if v := *r.Reported; v < 0 || v > 1 || math.IsNaN(v) {
		return &ConfigError{Key: "rubric.reported", Msg: fmt.Sprintf("%v: expected a share from 0 to 1 of a test's points (solved + optimal) that a length whose moves were not checked earns at most", v)}
	}
	switch r.Partial {
	case PartialNone, PartialLinear:
	case PartialPower:
		if r.PartialExponent == 0 {
			r.PartialExponent = 2
		}
		if r.PartialExponent < 0 || math.IsNaN(r.PartialExponent) || math.IsInf(r.PartialExponent, 0) {
			return &ConfigError{Key: "rubric.partial_exponent", Msg: fmt.Sprintf("%v: expected a positive number", r.PartialExponent)}
		}
	case PartialSteps:
		if len(r.PartialSteps) == 0 {
			return &ConfigError{Key: "rubric.partial_steps", Msg: "missing; partial: steps needs a list of {ratio, credit}"}
		}
		for i, s := range r.PartialSteps {
			if !(s.Ratio > 0 && s.Ratio <= 1) || !(s.Credit >= 0 && s.Credit <= 1) {
				return &ConfigError{Key: fmt.Sprintf("rubric.partial_steps[%d]", i), Msg: fmt.Sprintf("ratio %v, credit %v: expected a ratio in (0, 1] and a credit in [0, 1]", s.Ratio, s.Credit)}
			}
		}
		sort.SliceStable(r.PartialSteps, func(i, j int) bool { return r.PartialSteps[i].Ratio > r.PartialSteps[j].Ratio })
	default:
		return &ConfigError{Key: "rubric.partial", Msg: fmt.Sprintf("%q: expected none, linear, power or steps", r.Partial)}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// normalize fills in the off-path settings' defaults and checks them.
func (f *Feedback) normalize() error {
	switch f.OffPath {
	case "":
		f.OffPath = OffPathShow
	case OffPathShow, OffPathMove, OffPathOff:
	default:
		return &ConfigError{Key: "feedback.off_path", Msg: fmt.Sprintf("%q: expected show, move or off", f.OffPath)}
	}
	switch f.OffPathHidden {
	case "":
		f.OffPathHidden = OffPathNone
	case OffPathNone, OffPathMove:
	default:
		return &ConfigError{Key: "feedback.off_path_hidden", Msg: fmt.Sprintf("%q: expected none or move (a hidden test never shows its board)", f.OffPathHidden)}
	}
	if u, err := url.Parse(f.CheckerURL); f.CheckerURL != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsAny(f.CheckerURL, " \t\n")) {
		return &ConfigError{Key: "feedback.checker_url", Msg: fmt.Sprintf("%q: expected the http or https address of the course's checker page (kpuzzle page --out checker.html, published)", f.CheckerURL)}
	}
	switch {
	case f.OffPathNodes == 0:
		f.OffPathNodes = DefaultOffPathNodes
	case f.OffPathNodes < 0:
		return &ConfigError{Key: "feedback.off_path_nodes", Msg: fmt.Sprintf("%d: expected a positive number of expansions", f.OffPathNodes)}
	}
	return nil
}
