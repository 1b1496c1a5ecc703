package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"text/template"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type gradeOptions struct {
	puzzle         puzzleFlags
	jobs           int
	out            string
	resume         bool
	resultsJSON    string
	resultsFmt     string
	gradebooks     []string
	classList      string
	layout         string
	scratch        string
	isolation      string
	answerNotation string
	exposed        bool
	uniform        bool
	conceal        []string
	shard          string
	prepared       string
	skipHidden     bool
	metadata       string
	explain        bool
}

// exampleAssignment is the assignment shown by kpuzzle grade --help and
// kept in step with docs/grading.md by the tests.
const exampleAssignment = `name: "Project 1: the k-puzzle"
puzzles:
  dir: puzzles              # folder of the puzzle set, relative to this file
  glob: "n_equals_*/input_*.txt"
moves: tile
run:
  command: "python3 {submission}/solver.py {input} {output}"
  wall_time: 10s
  memory: 1GiB
rubric:
  solved: 6
  optimal: 4
  partial: linear           # suboptimal: 4 * optimal/length more points
  unsolvable: 10
visibility:
  hidden_tests: ["n_equals_5/*"]`

func newGradeCmd(a *app) *cobra.Command {
	var opts gradeOptions
	cmd := &cobra.Command{
		Use:   "grade --config ASSIGNMENT.yaml SUBMISSION...",
		Short: "Grade student submissions: run, check, score and report",
		Long: `Grade every SUBMISSION (a student's folder, or a folder of them with one
sub-folder per student, as Gradescope and GitHub Classroom exports lay
them out) on the puzzle set of the assignment given with --config. A
folder holding PrairieLearn's manual-grading download (an assessment's
*_submissions_for_manual_grading.csv and *_files_for_manual_grading.zip)
is graded as its submissions to the assignment's question, and
OUT/prairielearn-scores.csv is written for PrairieLearn's "Upload new
question scores": how hidden tests are graded at release.

Each test runs the student's program in a sandbox: a fresh working folder
holding only the puzzle, a private read-only copy of the (built)
submission, an output path that does not exist yet, a scrubbed
environment, no network, the puzzle set, answer key and other submissions
hidden, and limits on time, memory, processes and output. The answer is
checked (legal? solved? optimal? correctly unsolvable?) and scored by the
rubric.

Every finished test is written to OUT/journal.jsonl at once; after an
interruption (Ctrl-C, kill, power loss), the same command with --resume
runs only what is missing and gives the same results as an uninterrupted
run. Results (byte-for-byte reproducible):
  OUT/results/STUDENT/results.json   Gradescope results
  OUT/junit.xml                      JUnit XML
  OUT/gradebook.csv                  one row per student, one column per test
  OUT/feedback/STUDENT.md            Markdown feedback from a template
  OUT/class.json, OUT/class.csv      the class at a glance: verdicts per
                                     test, where answers left the optimal
                                     paths, claims outside their bands,
                                     shared answers to review (also
                                     "class" in --json)
and, for the instructor (with run times, so they differ from run to run):
  OUT/summary.html                   score histogram, pass rate per test,
                                     run times, links to the replays
  OUT/replays/STUDENT/NN-TEST.html   each answer replayed (results.replays)

Exit code 0 when every test was graded, 1 when the run was interrupted or
the grader itself failed on a test, 2 for a bad assignment or invocation.

Assignment keys (YAML; relative paths are taken from the file's folder):
` + assignmentKeysHelp() + `
Example assignment:
` + indent(exampleAssignment, "  ") + `
See docs/grading.md for the rubric, the feedback template and the
security model.`,
		Example: `  kpuzzle grade --config assignment.yaml submissions/
  kpuzzle grade --config assignment.yaml --jobs 4 --out results submissions/
  kpuzzle grade --config assignment.yaml --resume --out results submissions/
  kpuzzle grade --config /autograder/source/assignment.yaml \
      --results-json /autograder/results/results.json /autograder/submission`,
		Args: func(cmd *cobra.Command, args []string) error {
			if opts.explain && len(args) > 0 {
				return usageErrorf("--explain-config grades nothing, so it takes no SUBMISSION (got %s)", args[0])
			}
			if opts.explain {
				return nil
			}
			return cobra.MinimumNArgs(1)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.explain {
				return explainConfig(a, cmd, &opts)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// After the first Ctrl-C the run winds down (killing the tests
			// in flight); a second one ends the process at once.
			go func() {
				<-ctx.Done()
				stop()
			}()
			asg, err := loadAssignment(a, cmd, &opts)
			if err != nil {
				return err
			}
			o := newReferenceOracles(asg.Feedback.OffPathNodes)
			return runGrade(ctx, a, opts, asg, args, o.optimum, o.distances, o.counts)
		},
	}
	f := cmd.Flags()
	opts.puzzle.register(f)
	f.Lookup("goal").Usage = "override the assignment's goal: " + puzzles.GoalChoicesDescribed()
	f.Lookup("moves").Usage = "override the assignment's move convention: tile or blank"
	registerAnswerNotation(f, &opts.answerNotation, "")
	f.Lookup("answer-format").Usage = "override the assignment's answer.format: " + notation.Choices() + " (see docs/formats.md)"
	f.IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "tests run at once")
	f.StringVar(&opts.out, "out", "kpuzzle-results", "output folder for the journal and the results")
	f.BoolVar(&opts.resume, "resume", false, "continue the journal in OUT: run only the tests it lacks")
	f.StringVar(&opts.resultsJSON, "results-json", "", "also write the Gradescope results.json of the single SUBMISSION to this file")
	f.StringVar(&opts.resultsFmt, "results-format", report.ResultsGradescope, "format of --results-json: gradescope or prairielearn (PrairieLearn's external-grader results.json)")
	registerGradebookFlags(f, &opts.gradebooks, &opts.classList)
	f.StringVar(&opts.layout, "layout", "auto", "how to read each SUBMISSION folder: auto, single (one student) or folders (one sub-folder per student)")
	f.StringVar(&opts.scratch, "scratch", "", "folder for the temporary working folders (default: the system's temporary folder)")
	cmd.AddCommand(newGradePrepareCmd(a), newGradeMergeCmd(a))
	f.StringVar(&opts.isolation, "isolation", "", "sandbox isolation, overriding run.isolation: auto, namespaces or rlimits")
	f.StringVar(&opts.shard, "shard", "", "grade only shard i/n of the submissions (sorted by name, dealt out in turn); join the shards with kpuzzle grade merge (docs/cluster.md)")
	f.StringVar(&opts.prepared, "prepared", "", "the prepared.json of kpuzzle grade prepare: its proven optimal lengths are used and not proved again")
	f.StringVar(&opts.metadata, "submission-metadata", "", "Gradescope's submission_metadata.json, for the feedback budget of --results-json (gradescope.feedback_budget)")
	f.BoolVar(&opts.skipHidden, "skip-hidden", false, "grade only the tests students see now, leaving the hidden ones to a grading at release (the PrairieLearn bundle's jobs with prairielearn.hidden: release)")
	f.StringArrayVar(&opts.conceal, "hide", nil, "a further path submissions must not see (repeatable; added to the assignment's hide list)")
	f.BoolVar(&opts.exposed, "allow-exposed", false, "grade even when the check before the first run finds a secret a submission could reach (see docs/security.md)")
	f.BoolVar(&opts.explain, "explain-config", false, "grade nothing: print every assignment key's value and where it came from (a flag, a KPUZZLE_* variable, the file or the default; docs/configuration.md)")
	f.BoolVar(&opts.uniform, "allow-uniform-failure", false, "write the grades even when every test of every submission failed the same way (by default a sign of a broken run.command)")
	return cmd
}

func assignmentKeysHelp() string {
	var sb strings.Builder
	for _, k := range grader.AssignmentKeys {
		def := "default " + k.Default
		if k.Default == "(required)" {
			def = "required"
		}
		fmt.Fprintf(&sb, "  %s (%s)\n      %s\n", k.Key, def, k.Doc)
	}
	return sb.String()
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// loadAssignment loads the assignment of the configuration file (see
// loadAssignmentSources).
func loadAssignment(a *app, cmd *cobra.Command, opts *gradeOptions) (grader.Assignment, error) {
	l, err := loadAssignmentSources(a, cmd, opts)
	return l.Assignment, err
}

// loadAssignmentSources loads the assignment of the configuration file
// in the process's viper instance, its environment and the flags typed on
// the command line (grader.LoadAssignment, which owns their order and
// says where each value came from). Keys the assignment does not know are
// errors unless they are a command's or a flag's name (kpuzzle.yaml may
// hold settings of other commands too); the gradebook formats are checked
// where they live (report.CheckGradebooks).
func loadAssignmentSources(a *app, cmd *cobra.Command, opts *gradeOptions) (grader.LoadedAssignment, error) {
	used := a.v.ConfigFileUsed()
	if used == "" {
		return grader.LoadedAssignment{}, usageErrorf("grade needs an assignment: --config ASSIGNMENT.yaml (see kpuzzle grade --help)")
	}
	overrides, command := assignmentOverrides(cmd, opts)
	l, err := grader.LoadAssignment(grader.LoadOptions{
		File: used, Settings: a.v.AllSettings(), Ignore: assignmentIgnore(cmd), Env: os.LookupEnv,
		Command: command, Overrides: overrides, Check: report.CheckGradebooks,
	})
	var le *grader.LoadError
	switch {
	case errors.As(err, &le):
		return grader.LoadedAssignment{}, usageErrorf("%v", err)
	case err != nil:
		return grader.LoadedAssignment{}, inputError(err)
	}
	return l, nil
}

// assignmentOverrides maps the flags typed on the command line to the
// assignment keys they replace, and names the command when its flags set
// assignment keys (grade's --goal, --moves, --isolation and
// --answer-format), so that its own variables and keys count too.
func assignmentOverrides(cmd *cobra.Command, opts *gradeOptions) (o grader.Overrides, command string) {
	typed := func(name string) bool {
		f := cmd.Flags().Lookup(name)
		return f != nil && f.Changed
	}
	if typed("goal") {
		o.Goal = &opts.puzzle.goal
	}
	if typed("moves") {
		o.ConventionName = &opts.puzzle.moves
	}
	if typed("isolation") {
		o.Isolation = &opts.isolation
	}
	if typed("answer-format") {
		o.AnswerNotation = &opts.answerNotation
	}
	if cmd.Flags().Lookup("moves") != nil {
		command = cmd.Name()
	}
	return o, command
}

// explainJSON is grade --explain-config --json.
type explainJSON struct {
	Config string                `json:"config"`
	Keys   []grader.ExplainedKey `json:"keys"`
}

// explainConfig prints every key of the assignment kpuzzle grade would
// load, its value and where the value came from.
func explainConfig(a *app, cmd *cobra.Command, opts *gradeOptions) error {
	l, err := loadAssignmentSources(a, cmd, opts)
	if err != nil {
		return err
	}
	keys := l.Explain()
	if a.json {
		return writeJSON(a.out, explainJSON{Config: a.v.ConfigFileUsed(), Keys: keys})
	}
	fmt.Fprintf(a.out, "%s as kpuzzle grade loads it (a flag before a KPUZZLE_* variable, before the file, before the default):\n", a.v.ConfigFileUsed())
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	for _, k := range keys {
		value := k.Value
		if r := []rune(value); len(r) > 60 {
			value = string(r[:57]) + "..."
		}
		src := k.Source.String()
		if k.Source.Kind == grader.SourceDefault {
			src = a.paint.dim(src)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", k.Key, grader.Printable(value), src)
	}
	return tw.Flush()
}

// assignmentIgnore lists the top-level keys of a configuration file that
// are not the assignment's: the commands' and the flags' names.
func assignmentIgnore(cmd *cobra.Command) []string {
	var ignore []string
	root := cmd.Root()
	addFlags := func(fs *pflag.FlagSet) {
		fs.VisitAll(func(f *pflag.Flag) { ignore = append(ignore, f.Name) })
	}
	addFlags(root.PersistentFlags())
	for _, c := range root.Commands() {
		ignore = append(ignore, c.Name())
		addFlags(c.Flags())
	}
	return ignore
}

// timeoutsJSON is batch.TimeoutsBeside: what became of the time-outs of
// runs that had other runs beside them.
type timeoutsJSON struct {
	ToleranceSeconds  float64 `json:"tolerance_seconds"`
	Kept              int     `json:"kept"`
	MostKeptSeconds   float64 `json:"most_kept_wait_seconds"`
	Reran             int     `json:"reran"`
	LeastRerunSeconds float64 `json:"least_rerun_wait_seconds"`
	Alone             int     `json:"alone"`
}

type gradeJSON struct {
	Out         string           `json:"out"`
	Summary     string           `json:"summary"`
	Interrupted bool             `json:"interrupted"`
	Ran         int              `json:"ran"`
	Reused      int              `json:"reused"`
	Reran       int              `json:"reran,omitempty"` // time-outs beside other runs that waited for a CPU, run again
	Timeouts    *timeoutsJSON    `json:"timeouts_beside,omitempty"`
	Isolation   string           `json:"isolation"`
	Submissions []submissionJSON `json:"submissions"`
	// Class is the class at a glance (report.Class), as class.json.
	Class *report.Class `json:"class"`
}

type submissionJSON struct {
	Name  string     `json:"name"`
	Score float64    `json:"score"`
	Max   float64    `json:"max_score"`
	Tests []testJSON `json:"tests"`
	// Integrity lists what the submission brought and what its runs did
	// that course staff should review (report.Gradebook.Findings).
	Integrity []integrityJSON `json:"integrity"`
}

// integrityJSON is one integrity finding of a submission.
type integrityJSON struct {
	File    string `json:"file"`
	Finding string `json:"finding"`
	Notice  bool   `json:"notice,omitempty"`
}

type testJSON struct {
	Test          string        `json:"test"`
	Verdict       check.Verdict `json:"verdict"`
	Length        int           `json:"length"`
	OptimalLength *int          `json:"optimal_length"`
	Score         float64       `json:"score"`
	Max           float64       `json:"max_score"`
	Seconds       float64       `json:"seconds"`
	Summary       string        `json:"summary"`
	// Unchecked marks a length the program reported without moves to
	// check (run.solution: reported), capped by rubric.reported.
	Unchecked bool `json:"unchecked,omitempty"`
	// OffPath, Remaining and OffPathUnknown are grader.Result's: where a
	// suboptimal or incomplete answer left every optimal path.
	OffPath        *check.OffPath `json:"off_path,omitempty"`
	Remaining      *int           `json:"remaining,omitempty"`
	OffPathUnknown string         `json:"off_path_unknown,omitempty"`
	// Rerun is grader.Result's: how a time-out beside other runs went
	// before it was run again alone.
	Rerun string `json:"rerun,omitempty"`
	// NearLimit says which limits the run came within 10% of, when it did
	// ("wall time (run.wall_time 5s)").
	NearLimit string `json:"near_limit,omitempty"`
	// Varies says how the test's second run answered otherwise
	// (run.recheck), when it did.
	Varies string `json:"varies,omitempty"`
	// Checks are the test's scored sub-checks (Java API methods, judged
	// claims), counted in Score and Max.
	Checks []subCheckJSON `json:"checks,omitempty"`
}

// subCheckJSON is one check of a test in grade --json.
type subCheckJSON struct {
	Group  string  `json:"group"`
	Name   string  `json:"name"`
	Passed bool    `json:"passed"`
	Score  float64 `json:"score"`
	Max    float64 `json:"max_score"`
	Detail string  `json:"detail"`
	// Counterexample is where a failed heuristic check's value is wrong
	// (grader.HeuristicCounterexample): the board, h, the right value
	// and h*, on hidden tests too (grade --json is for course staff).
	Counterexample *grader.HeuristicCounterexample `json:"counterexample,omitempty"`
}

// gradeInputs is what runGrade reads and checks before any program runs.
type gradeInputs struct {
	tests  []grader.Test
	subs   []batch.Submission
	shard  *batch.Shard
	roster report.Roster
	class  report.ClassList
	tmpl   *template.Template
	// out is the output folder, absolute and made private to the grader;
	// conceal are the further paths programs must not see.
	out     string
	conceal []string
	// withheld are the hidden tests --skip-hidden left out; release is
	// the PrairieLearn download graded, if one was given.
	withheld report.Withheld
	release  *prairieLearnRelease
	// madeOut is set when the output folder did not exist before.
	madeOut bool
}

func runGrade(ctx context.Context, a *app, opts gradeOptions, asg grader.Assignment, paths []string, oracle, distances, counts check.Oracle) error {
	in, err := readGradeInputs(a, &opts, asg, paths)
	if err != nil {
		return err
	}
	progress := newProgress(a, len(in.tests))
	outcome, err := batch.Grade(ctx, batch.Options{
		Assignment:   asg,
		Tests:        in.tests,
		Submissions:  in.subs,
		Oracle:       oracle,
		Distances:    distances,
		Jobs:         opts.jobs,
		JournalPath:  filepath.Join(in.out, batch.JournalFile),
		Resume:       opts.resume,
		ScratchDir:   opts.scratch,
		Conceal:      in.conceal,
		AnswerDir:    report.AnswerDir(asg, in.out),
		Events:       progress.event,
		AllowExposed: opts.exposed,
		Shard:        in.shard,
		Roster:       in.roster,
		Prepared:     opts.prepared != "",
	})
	progress.finish()
	if err != nil {
		if in.madeOut {
			// A refused grading leaves nothing behind: the journal is
			// gone (batch.Grade discards it), and so is the folder
			// made for it, when nothing else is in it.
			os.Remove(in.out)
		}
		switch {
		case errors.Is(err, journal.ErrExists), errors.Is(err, journal.ErrMismatch), errors.Is(err, journal.ErrLocked), errors.Is(err, journal.ErrNoHeader):
			return usageErrorf("%v", err)
		case errors.Is(err, check.ErrKeyContradiction), errors.Is(err, batch.ErrExposed):
			return usageErrorf("%v", err)
		}
		var ce *grader.ConfigError
		if errors.As(err, &ce) {
			// A key found wrong once the grading started (a missing
			// run.files, a course helper that does not compile): the
			// file is named as for any bad key.
			return usageErrorf("%s: %v", a.v.ConfigFileUsed(), ce)
		}
		return inputError(err)
	}
	if outcome.Interrupted {
		fmt.Fprintf(a.errOut, "kpuzzle: interrupted: %d of %d tests are recorded in %s; run the same command with --resume to finish\n",
			outcome.Recorded(), len(in.subs)*len(in.tests), filepath.Join(in.out, batch.JournalFile))
		return &exitError{code: exitFindings}
	}
	if why := outcome.UniformFailure(); why != "" && !opts.uniform {
		return usageErrorf("every test of all %d submissions failed the same way (%s): that is the assignment's command, not the students; "+
			"no grades were written. Check run.command (and build.command), try it on one submission, and grade again into a new --out "+
			"(or pass --allow-uniform-failure to write these grades)", len(outcome.Results), firstLineOf(why))
	}
	class, err := classReport(ctx, asg, outcome, in.roster, counts)
	if err != nil {
		return err
	}
	gb, err := report.WriteGrading(in.out, asg, outcome, in.roster, report.FolderOptions{Feedback: in.tmpl, ResultsJSON: opts.resultsJSON, ResultsFormat: opts.resultsFmt, Withheld: in.withheld,
		Budget: feedbackBudget(a, asg, opts.metadata), Class: class})
	if err != nil {
		return inputError(err)
	}
	if err := writeLMSGradebooks(a, gb, in.out, asg, opts.gradebooks, in.class); err != nil {
		return err
	}
	if err := writePrairieLearnScores(a, gb, in.out, in.release); err != nil {
		return err
	}
	return renderGrade(a, opts, gb, in.out, outcome, class)
}

// classReport is the class at a glance of a grading (report.Class), its
// shared answers' paths counted with counts (remembering what it proved).
func classReport(ctx context.Context, asg grader.Assignment, o batch.Outcome, roster report.Roster, counts check.Oracle) (*report.Class, error) {
	var po report.PathOptions
	if counts != nil {
		po.Distances = check.NewMemoOracle(counts, 0)
	}
	c, err := report.FromOutcome(asg, o, roster).Class(ctx, po)
	if err != nil {
		if ctx.Err() != nil {
			return nil, &exitError{code: exitFindings}
		}
		return nil, inputError(err)
	}
	return &c, nil
}

// readGradeInputs checks grade's flags and reads everything a grading
// needs before any program runs: the tests (with --prepared's optimal
// lengths), the submissions (this shard's), the roster beside them, the
// class list, the feedback template and the output folder.
func readGradeInputs(a *app, opts *gradeOptions, asg grader.Assignment, paths []string) (gradeInputs, error) {
	var in gradeInputs
	if opts.jobs < 1 {
		return in, usageErrorf("--jobs must be at least 1")
	}
	layout, err := batch.ParseLayout(opts.layout)
	if err != nil {
		return in, usageErrorf("--layout: %v", err)
	}
	if opts.resultsFmt == "" {
		opts.resultsFmt = report.ResultsGradescope
	}
	if !slices.Contains(report.ResultsFormats, opts.resultsFmt) {
		return in, usageErrorf("--results-format %q: expected %s", opts.resultsFmt, strings.Join(report.ResultsFormats, " or "))
	}
	if in.tests, err = loadTests(a, asg, opts.prepared); err != nil {
		return in, err
	}
	if opts.skipHidden {
		in.tests, in.withheld = withholdHidden(asg, in.tests)
	}
	if paths, in.release, err = stagePrairieLearn(a.errOut, asg, opts.out, opts.shard, layout == batch.LayoutSingle, paths); err != nil {
		return in, err
	}
	found, err := batch.Find(paths, layout, asg.ExpectedFiles())
	if err != nil {
		return in, inputError(err)
	}
	in.subs = found.Submissions
	if in.roster, err = report.ReadRosters(batch.ExportFolders(in.subs)); err != nil {
		return in, inputError(err)
	}
	if opts.shard != "" {
		sh, err := batch.ParseShard(opts.shard)
		if err != nil {
			return in, usageErrorf("--shard: %v", err)
		}
		if in.subs, sh, err = batch.TakeShard(in.subs, sh); err != nil {
			return in, usageErrorf("--shard %s: %v", sh, err)
		}
		in.shard = &sh
	}
	for _, sk := range found.Skipped {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: %s: %s\n", grader.Printable(sk.Path), sk.Reason)
	}
	if opts.resultsJSON != "" && len(in.subs) != 1 {
		return in, usageErrorf("--results-json needs exactly one submission, but %d were found", len(in.subs))
	}
	if in.class, err = readClassList(opts.gradebooks, asg, opts.classList); err != nil {
		return in, err
	}
	in.tmpl, err = report.LoadFeedbackTemplate(asg.Feedback.Template)
	if err == nil {
		err = report.CheckFeedbackTemplate(in.tmpl, asg, in.tests)
	}
	if err != nil {
		return in, usageErrorf("feedback.template: %v", err)
	}
	if in.out, err = filepath.Abs(opts.out); err != nil {
		return in, inputError(err)
	}
	// The output holds every student's answers: private to the grader.
	if _, err := os.Stat(in.out); errors.Is(err, os.ErrNotExist) {
		in.madeOut = true
	}
	if err := os.MkdirAll(in.out, 0o700); err != nil {
		return in, inputError(err)
	}
	in.conceal = batch.OperatorPaths(a.v.ConfigFileUsed(), in.out, opts.resultsJSON, absPaths(opts.conceal))
	return in, nil
}

// renderGrade prints a finished grading: its summary (or grade --json),
// and what the grader's own failures left undone.
func renderGrade(a *app, opts gradeOptions, gb report.Gradebook, out string, outcome batch.Outcome, class *report.Class) error {
	if a.json {
		if err := writeJSON(a.out, gradeSummaryJSON(gb, out, outcome, class)); err != nil {
			return err
		}
	} else {
		style := report.Style{Good: a.paint.good, Bad: a.paint.bad, Warn: a.paint.warn, Dim: a.paint.dim, Bold: a.paint.bold}
		if err := gb.WriteSummary(a.out, style); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "results in %s (%d tests run, %d from the journal); summary page %s\n", out, outcome.Ran, outcome.Reused, filepath.Join(out, report.SummaryFile))
		if line := outcome.Timeouts.Summary(); line != "" {
			fmt.Fprintln(a.out, line)
		}
	}
	if outcome.GraderErrors > 0 {
		fmt.Fprintf(a.errOut, "kpuzzle: %d tests failed in the grader itself (grader-error); they are not journaled: run again with --resume to retry them\n", outcome.GraderErrors)
		if opts.resultsJSON != "" {
			fmt.Fprintf(a.errOut, "kpuzzle: %s was not written, so that no score is recorded for a grading that failed\n", opts.resultsJSON)
		}
		return &exitError{code: exitFindings}
	}
	return nil
}

func gradeSummaryJSON(gb report.Gradebook, out string, o batch.Outcome, class *report.Class) gradeJSON {
	j := gradeJSON{Out: out, Summary: filepath.Join(out, report.SummaryFile), Interrupted: o.Interrupted, Ran: o.Ran, Reused: o.Reused, Reran: o.Reran, Isolation: o.Isolation.String(), Submissions: []submissionJSON{}, Class: class}
	if tb := o.Timeouts; tb.Kept+tb.Reran > 0 {
		j.Timeouts = &timeoutsJSON{ToleranceSeconds: tb.Tolerance.Seconds(), Kept: tb.Kept, MostKeptSeconds: tb.MostKept.Seconds(),
			Reran: tb.Reran, LeastRerunSeconds: tb.LeastRerun.Seconds(), Alone: tb.Alone}
	}
	for _, s := range gb.Submissions {
		score, max := gb.Total(s)
		sj := submissionJSON{Name: s.Name, Score: score, Max: max, Integrity: []integrityJSON{}}
		for _, f := range gb.Findings(s) {
			sj.Integrity = append(sj.Integrity, integrityJSON{File: f.File, Finding: f.Finding, Notice: f.Notice})
		}
		for _, r := range s.Results {
			tj := testJSON{Test: r.Test, Verdict: r.Verdict, Length: r.Length, OptimalLength: r.OptimalLength,
				Score: r.Score(gb.Rubric), Max: r.Max(gb.Rubric), Seconds: r.Seconds, Summary: r.Summary, NearLimit: r.NearLimit, Rerun: r.Rerun,
				OffPath: r.OffPath, Remaining: r.Remaining, OffPathUnknown: r.OffPathUnknown, Unchecked: r.Unchecked, Varies: r.Varies}
			for _, c := range r.ScoredCriteria(gb.Rubric) {
				tj.Checks = append(tj.Checks, subCheckJSON{Group: c.Group, Name: c.Name, Passed: c.Passed, Score: c.Points, Max: c.Max, Detail: c.Detail, Counterexample: c.Counterexample})
			}
			sj.Tests = append(sj.Tests, tj)
		}
		j.Submissions = append(j.Submissions, sj)
	}
	return j
}

// gradeProgress shows a progress bar on stderr when it is a terminal,
// and otherwise (a CI log, a batch job's output file) a line per finished
// submission; and prints warnings.
type gradeProgress struct {
	a    *app
	bar  *progressBar
	kind batch.EventKind
	// tests is the number of tests of a submission; done counts each
	// submission's finished tests and finished the submissions.
	tests    int
	done     map[string]int
	finished int
}

func newProgress(a *app, tests int) *gradeProgress {
	bar := newProgressBar(a, progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	return &gradeProgress{a: a, bar: bar, tests: tests, done: map[string]int{}}
}

func (p *gradeProgress) event(e batch.Event) {
	switch e.Kind {
	case batch.EventWarning:
		p.bar.clear()
		fmt.Fprintf(p.a.errOut, "kpuzzle: warning: %s\n", e.Message)
	case batch.EventOptimum, batch.EventResult:
		if !p.bar.drawing() {
			if e.Kind == batch.EventResult && !p.a.json {
				p.logSubmission(e)
			}
			return
		}
		desc := "grading"
		if e.Kind == batch.EventOptimum {
			desc = "proving optimal lengths"
		}
		if p.kind != e.Kind {
			p.bar.restart()
			p.kind = e.Kind
		}
		p.bar.set(desc, int64(e.Done), int64(e.Total))
	}
}

// logSubmission prints a line when the last test of a submission is in,
// for output that is not a terminal.
func (p *gradeProgress) logSubmission(e batch.Event) {
	if p.tests == 0 {
		return
	}
	p.done[e.Submission]++
	if p.done[e.Submission] != p.tests {
		return
	}
	p.finished++
	fmt.Fprintf(p.a.errOut, "kpuzzle: graded %s (%d of %d submissions)\n", grader.Printable(e.Submission), p.finished, e.Total/p.tests)
}

func (p *gradeProgress) finish() { p.bar.finish() }

// absPaths makes command-line paths absolute (a path that cannot be made
// absolute is kept as given).
func absPaths(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		out = append(out, p)
	}
	return out
}

// loadTests reads the assignment's puzzle set and, given a prepared file,
// the optimal lengths kpuzzle grade prepare proved for it
// (batch.LoadTests), and turns its errors into the command's.
func loadTests(a *app, asg grader.Assignment, prepared string) ([]grader.Test, error) {
	tests, err := batch.LoadTests(asg, prepared)
	var ce *grader.ConfigError
	var pe *batch.PreparedError
	switch {
	case err == nil:
		return tests, nil
	case errors.As(err, &ce):
		return nil, usageErrorf("%s: %v", a.v.ConfigFileUsed(), err)
	case errors.As(err, &pe) && pe.Mismatch:
		return nil, usageErrorf("--prepared %s: %v", pe.File, pe.Err)
	case errors.As(err, &pe):
		return nil, usageErrorf("%v", pe.Err)
	}
	return nil, inputError(err)
}

// firstLineOf is s up to its first newline.
func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
